/**
 * MCP tool annotations, translated from the catalog's own metadata: the tool states what it does
 * to the game (destructive, idempotent, read-only); this surface only renames the fields.
 */
import type { ToolAnnotations } from '@modelcontextprotocol/server';
import type { ToolDefinition } from '../tools/types.js';

/**
 * @example
 * ```ts
 * toolAnnotations(catalog.lookup('enc_level')!) // { title: 'Level', readOnlyHint: true, idempotentHint: true, openWorldHint: true, … }
 * ```
 */
export function toolAnnotations(tool: Pick<ToolDefinition, 'meta'>): ToolAnnotations {
  const { meta } = tool;
  return {
    title: meta.title,
    readOnlyHint: meta.readOnly,
    destructiveHint: meta.destructive,
    idempotentHint: meta.idempotent,
    openWorldHint: meta.openWorld,
  };
}
