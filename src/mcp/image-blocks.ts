/**
 * Pictures of a tool result as MCP image blocks. The catalog hands out only formats a model takes,
 * as bytes with their type; base64 is this surface's encoding and happens here, at the edge.
 */
import type { ImageContent } from '@modelcontextprotocol/server';
import type { ToolImage } from '../tools/types.js';

/**
 * @example
 * ```ts
 * const blocks = toImageBlocks(outcome.images);
 * ```
 */
export function toImageBlocks(images: readonly ToolImage[]): ImageContent[] {
  return images.map(toImageBlock);
}

/**
 * One picture as a block: base64 of exactly the bytes the array views (it may be a window on a
 * larger buffer).
 *
 * @example
 * ```ts
 * toImageBlock({ mimeType: 'image/png', bytes, width: 32, height: 32 }); // { type: 'image', mimeType: 'image/png', data: 'iVBOR…' }
 * ```
 */
export function toImageBlock(image: ToolImage): ImageContent {
  const { bytes } = image;
  return { type: 'image', mimeType: image.mimeType, data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') };
}
