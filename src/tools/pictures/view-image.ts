/**
 * `enc_view_image`: hands a picture from game content to the model. Unlike the reference it does
 * not trust the Content-Type: the bytes are sniffed and the header gated at 25 MP; a picture the
 * model could take as is (JPEG/PNG/GIF/WebP, upright, within 1568 px and a few MB) goes out
 * untouched, anything else is decoded, shrunk by block averaging and re-encoded — a 20 MP original
 * is never sent.
 */
import { DEFAULT_MAX_DIMENSION } from '../../imaging/limits.js';
import type { ImageHeader } from '../../imaging/format.js';
import { defineTool, objectSchema, type CatalogTool } from '../define.js';
import type { ToolDeps } from '../deps.js';
import { URL_PROPERTY, parseUrl } from './common.js';
import { decodePicture, fetchPicture, probePicture } from './load.js';
import { modelImageType } from './model-formats.js';
import { renderFragment } from './render.js';

/**
 * Largest original sent untouched: providers cap one picture at about 5 MB of base64, and 3 MiB
 * of bytes is 4 MiB of base64. Heavier files are re-encoded.
 */
const MAX_ORIGINAL_BYTES = 3 * 2 ** 20;

/** Whether an original in a format models take can go to the model byte for byte. */
function sendableAsIs(header: ImageHeader, byteLength: number): boolean {
  return (
    // An EXIF-rotated JPEG is shown sideways by some providers; the decoder turns it upright.
    (header.orientation === undefined || header.orientation === 1) &&
    Math.max(header.width, header.height) <= DEFAULT_MAX_DIMENSION &&
    byteLength <= MAX_ORIGINAL_BYTES
  );
}

export function viewImageTool({ engine }: ToolDeps): CatalogTool {
  return defineTool({
    name: 'enc_view_image',
    title: 'View image',
    description:
      'Look at a picture from game content: pass a URL from the images list of enc_level or enc_game_state. The picture is returned directly; use it instead of guessing. Large pictures are shrunk to 1568 px, so for small print use enc_split_image or enc_crop_image.',
    inputSchema: objectSchema({ url: URL_PROPERTY }, ['url']),
    mutating: false,
    cacheable: false,
    parse: (args) => ({ url: parseUrl(args) }),
    execute: async ({ url }, ctx) => {
      const resource = await fetchPicture(engine, url, ctx.signal);
      const picture = await probePicture(resource);
      const { header } = picture;
      const source = { url: resource.url, format: header.format, width: header.width, height: header.height, bytes: resource.bytes.length };
      const asIs = modelImageType(header.format);
      if (asIs !== undefined && sendableAsIs(header, resource.bytes.length)) {
        return {
          json: { ...source, content_type: asIs, note: 'The image is attached to this result.' },
          images: [{ mimeType: asIs, bytes: resource.bytes, width: header.width, height: header.height }],
        };
      }
      // Shown whole at 1568 px at most: a large JPEG decodes in the DCT domain at 1/2, 1/4 or 1/8
      // and is shrunk band by band as it decodes (shrinkWhole: rendered once, whole, at that size).
      const decoded = await decodePicture(picture, { maxDimension: DEFAULT_MAX_DIMENSION, shrinkWhole: true });
      const { width, height } = header;
      const rendered = await renderFragment(decoded, { x: 0, y: 0, width, height }, DEFAULT_MAX_DIMENSION);
      const shrunk = rendered.width !== width || rendered.height !== height;
      const note = shrunk
        ? `The image is attached to this result, shrunk from ${width}x${height} to ${rendered.width}x${rendered.height}. ` +
          'Small print may be lost: call enc_image_info, then enc_split_image or enc_crop_image to read details at full resolution.'
        : 'The image is attached to this result, re-encoded because the original format or size is not one models accept as is.';
      return {
        json: {
          ...source,
          content_type: rendered.image.mimeType,
          returned_width: rendered.width,
          returned_height: rendered.height,
          returned_bytes: rendered.bytes,
          note,
        },
        images: [rendered.image],
      };
    },
  });
}
