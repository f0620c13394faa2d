/**
 * Fetching and reading a picture for the picture tools. The bytes decide the format (never the
 * Content-Type: a JPEG served as application/octet-stream is common), and the header's size is
 * checked against the 25 MP gate before any pixel is allocated.
 *
 * The decoders are imported on first use, not with the catalog: most sessions list the tools and
 * read levels long before (if ever) a picture is looked at, and the six decoders are the largest
 * part of what `encli mcp` would otherwise load before answering `tools/list`.
 */
import type { Engine } from '../../engine/engine.js';
import type { FetchedResource } from '../../engine/types.js';
import type { DecodeOptions, DecodedImage } from '../../imaging/decode.js';
import { isImageError } from '../../imaging/errors.js';
import type { ImageHeader } from '../../imaging/format.js';
import { sniff } from '../../imaging/sniff.js';
import { ToolError, describeError } from '../errors.js';

/** Formats the picture tools decode, for error texts. */
const SUPPORTED = 'JPEG, PNG, GIF, WebP, BMP and TIFF';

/** A fetched picture whose header passed the gate. */
export interface ProbedPicture {
  resource: FetchedResource;
  header: ImageHeader;
}

/** `url (content type)` for messages; the content type says what the server claimed. */
function describeSource(resource: FetchedResource): string {
  return `${resource.url} (${resource.contentType || 'no content type'})`;
}

/** Fetches through the engine (its session reaches attachments that are not public). */
export async function fetchPicture(engine: Engine, url: string, signal?: AbortSignal): Promise<FetchedResource> {
  let resource: FetchedResource;
  try {
    resource = await engine.fetchResource(url, { signal });
  } catch (err) {
    throw new ToolError(describeError(err), { cause: err });
  }
  if (!resource || resource.bytes.length === 0) throw new ToolError(`the resource is empty: ${url} returned no bytes`, { kind: 'picture', code: 'empty' });
  return resource;
}

/** Sniffs and probes: format and size from the header, gated at 25 MP. */
export async function probePicture(resource: FetchedResource): Promise<ProbedPicture> {
  if (sniff(resource.bytes) === null) {
    throw new ToolError(
      `${describeSource(resource)} is not a picture: its bytes are none of ${SUPPORTED}. ` +
        'If it is a web page, the link points to a page rather than to the picture itself.',
      { kind: 'picture', code: 'not_a_picture' },
    );
  }
  const { probe } = await import('../../imaging/decode.js');
  try {
    return { resource, header: probe(resource.bytes) };
  } catch (err) {
    if (isImageError(err, 'too_large')) throw new ToolError(`${resource.url}: ${err.message}`, { cause: err });
    throw new ToolError(`${describeSource(resource)} could not be read as an image; ${SUPPORTED} are supported: ${describeError(err)}`, {
      kind: 'picture',
      cause: err,
    });
  }
}

/** Decodes a probed picture to pixels; `options` let a JPEG that will be shrunk decode smaller. */
export async function decodePicture(picture: ProbedPicture, options: DecodeOptions = {}): Promise<DecodedImage> {
  const { decode } = await import('../../imaging/decode.js');
  try {
    return await decode(picture.resource.bytes, options);
  } catch (err) {
    if (isImageError(err, 'too_large')) throw new ToolError(`${picture.resource.url}: ${err.message}`, { cause: err });
    throw new ToolError(`${picture.resource.url} could not be decoded as an image: ${describeError(err)}`, { kind: 'picture', cause: err });
  }
}

/** Fetch, probe and decode in one step (info, crop and split). */
export async function loadPicture(engine: Engine, url: string, signal?: AbortSignal): Promise<{ resource: FetchedResource; image: DecodedImage }> {
  const resource = await fetchPicture(engine, url, signal);
  const image = await decodePicture(await probePicture(resource));
  return { resource, image };
}
