/**
 * Turns the pictures of a tool result into MCP image content blocks. A block a client cannot
 * render is worse than none (some clients fail the whole turn), so each picture is checked: the
 * base64 must be well-formed and the bytes must be a picture whose header reads. The bytes decide
 * the MIME type, never the label the tool put on it.
 */
import type { ImageContent } from '@modelcontextprotocol/server';
import { MIME_TYPES, probe, type ImageFormat } from '../imaging/index.js';
import type { ToolImage } from '../tools/types.js';

/**
 * Formats that MCP clients and the model APIs behind them display. BMP and TIFF decode here but
 * are refused by common model APIs, so they are skipped rather than forwarded.
 */
const DISPLAYABLE: ReadonlySet<ImageFormat> = new Set(['png', 'jpeg', 'gif', 'webp']);

/** Standard base64 with optional padding; whitespace is not allowed inside an MCP block. */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A picture that could not be carried, with the reason written for the model. */
export interface SkippedImage {
  index: number;
  reason: string;
}

/** The blocks to send and the pictures left out. */
export interface ImageBlocks {
  blocks: ImageContent[];
  skipped: SkippedImage[];
}

/**
 * Converts every picture that is a readable PNG/JPEG/GIF/WebP into an image block; the rest are
 * listed in `skipped`. Accepts plain base64 in `data` and, defensively, a `data:image/…;base64,`
 * URL (the reference's media form).
 *
 * @example
 * ```ts
 * const { blocks, skipped } = toImageBlocks(outcome.images);
 * ```
 */
export function toImageBlocks(images: readonly ToolImage[]): ImageBlocks {
  const blocks: ImageContent[] = [];
  const skipped: SkippedImage[] = [];
  images.forEach((image, index) => {
    const converted = toImageBlock(image);
    if (typeof converted === 'string') skipped.push({ index, reason: converted });
    else blocks.push(converted);
  });
  return { blocks, skipped };
}

/** One picture as a block, or the reason it cannot be one. */
export function toImageBlock(image: ToolImage): ImageContent | string {
  const payload = stripDataUrl(typeof image.data === 'string' ? image.data : '');
  if (payload === null) return 'it is a data URL that is not base64-encoded';
  if (payload.length === 0) return 'it is empty';
  if (payload.length % 4 === 1 || !BASE64.test(payload)) return 'its data is not valid base64';
  // The pattern above already proved the alphabet, so this decode cannot fail or misread.
  const bytes = new Uint8Array(Buffer.from(payload, 'base64'));
  let format: ImageFormat;
  try {
    format = probe(bytes).format;
  } catch (err) {
    return `it is not a readable picture (${err instanceof Error ? err.message : String(err)})`;
  }
  if (!DISPLAYABLE.has(format)) {
    return `it is ${format.toUpperCase()}, which MCP clients do not display (enc_crop_image returns it as PNG or JPEG)`;
  }
  return { type: 'image', data: payload, mimeType: MIME_TYPES[format] };
}

/**
 * Plain base64 is returned as is; a `data:` URL yields its payload when its header ends in
 * `;base64` (other parameters allowed), else null.
 */
function stripDataUrl(data: string): string | null {
  if (!data.startsWith('data:')) return data;
  const comma = data.indexOf(',');
  if (comma < 0) return null;
  const header = data.slice(5, comma).trim().toLowerCase();
  if (!header.endsWith(';base64')) return null;
  return data.slice(comma + 1);
}
