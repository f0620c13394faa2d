/**
 * MCP tool annotations for the enc_* catalog. They are hints a client uses to decide what to ask
 * the user before a call, so each one states what the tool does to the game, not how it is built.
 */
import type { ToolAnnotations } from '@modelcontextprotocol/server';
import type { ToolDefinition } from '../tools/types.js';

/**
 * Per mutating tool: whether a call can do harm that cannot be taken back, and whether repeating
 * the same call changes nothing more.
 */
const MUTATION_HINTS: Readonly<Record<string, { destructive: boolean; idempotent: boolean }>> = {
  // A wrong code counts against the answer-block limit and a right one closes the level: neither
  // can be undone, and a repeat is a second attempt.
  enc_send_code: { destructive: true, idempotent: false },
  // Negative (penalty) bonuses exist, and a repeat is a second attempt.
  enc_send_bonus_code: { destructive: true, idempotent: false },
  // Adds penalty time to the team's result, irreversibly; taking it again does nothing more.
  enc_take_penalty_hint: { destructive: true, idempotent: true },
  // An application only adds the player to a list; applying twice is the same application.
  enc_enter_game: { destructive: false, idempotent: true },
};

/** Unknown mutating tools get the most cautious hints: destructive, not idempotent. */
const CAUTIOUS = { destructive: true, idempotent: false } as const;

/**
 * The annotations published for one catalog tool.
 *
 * Every enc_* tool talks to a live game run by other people (and picture tools fetch from any
 * host), so all of them are open-world. Read tools are idempotent in effect, though their answers
 * change as the game moves.
 *
 * @example
 * ```ts
 * toolAnnotations(catalog.lookup('enc_level')!) // { readOnlyHint: true, idempotentHint: true, openWorldHint: true, … }
 * ```
 */
export function toolAnnotations(tool: Pick<ToolDefinition, 'name' | 'mutating'>): ToolAnnotations {
  if (!tool.mutating) {
    return { title: titleOf(tool.name), readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true };
  }
  const hints = MUTATION_HINTS[tool.name] ?? CAUTIOUS;
  return {
    title: titleOf(tool.name),
    readOnlyHint: false,
    destructiveHint: hints.destructive,
    idempotentHint: hints.idempotent,
    openWorldHint: true,
  };
}

/** `enc_take_penalty_hint` → `Take penalty hint`: a readable label for client UIs. */
function titleOf(name: string): string {
  const words = name.replace(/^enc_/, '').split('_').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
