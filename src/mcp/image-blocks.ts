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

/** One picture as a block. */
export function toImageBlock(image: ToolImage): ImageContent {
  return { type: 'image', mimeType: image.mimeType, data: Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength).toString('base64') };
}
