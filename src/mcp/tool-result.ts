/**
 * Renders a catalog outcome as an MCP tool result: the compact JSON as text, then every picture as
 * an image block. A failure becomes an `isError` result with the catalog's text plus this
 * surface's remedy, where one applies to a client on a terminal.
 */
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/server';
import { failureText } from '../tools/failures.js';
import type { ToolFailure, ToolOutcome } from '../tools/types.js';
import { toImageBlocks } from './image-blocks.js';

/**
 * @example
 * ```ts
 * return toCallToolResult(await catalog.call('enc_split_image', args));
 * ```
 */
export function toCallToolResult(outcome: ToolOutcome): CallToolResult {
  if (!outcome.ok) return errorResult(mcpFailureText(outcome));
  const content: ContentBlock[] = [{ type: 'text', text: JSON.stringify(outcome.json) ?? 'null' }];
  content.push(...toImageBlocks(outcome.images));
  return { content };
}

/**
 * The model's text for a failure on this surface. The MCP server runs as `encli mcp`, so the way
 * back into a lost session is the `encli login` command.
 *
 * @example
 * ```ts
 * mcpFailureText({ kind: 'session_expired', domain: 'tech.en.cx', … }) // '… run "encli login -domain tech.en.cx", then retry.'
 * ```
 */
export function mcpFailureText(f: ToolFailure): string {
  const text = failureText(f);
  if (f.kind === 'session_expired') {
    const domain = f.domain ? ` -domain ${f.domain}` : '';
    return `${text}. Sign in again: run "encli login${domain}", then retry.`;
  }
  return text;
}

/** An `isError` result with one text block. */
export function errorResult(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}
