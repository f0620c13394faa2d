/**
 * Renders a catalog outcome as an MCP tool result: the compact JSON as text, then every picture as
 * an image block. Errors and refusals become `isError` results carrying the catalog's own text.
 */
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/server';
import type { ToolOutcome } from '../tools/types.js';
import { toImageBlocks } from './image-blocks.js';

/**
 * @example
 * ```ts
 * return toCallToolResult('enc_split_image', await catalog.call('enc_split_image', args));
 * ```
 */
export function toCallToolResult(tool: string, outcome: ToolOutcome): CallToolResult {
  if (!outcome.ok) return errorResult(outcome.error);
  const content: ContentBlock[] = [{ type: 'text', text: JSON.stringify(outcome.json) ?? 'null' }];
  const { blocks, skipped } = toImageBlocks(outcome.images);
  content.push(...blocks);
  if (skipped.length > 0) {
    const list = skipped.map((s) => `picture ${s.index + 1}: ${s.reason}`).join('; ');
    content.push({
      type: 'text',
      text: `${tool} produced ${skipped.length} picture(s) that could not be attached as images and were left out (${list}).`,
    });
  }
  return { content };
}

/** An `isError` result with one text block. */
export function errorResult(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}
