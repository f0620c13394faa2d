/** `enc_enter_game`: applies to a game. The engine answers with an HTML page, which is discarded. */
import { requiredInteger } from '../args.js';
import { defineTool, jsonResult, objectSchema, type CatalogTool } from '../define.js';
import type { ToolDeps } from '../deps.js';
import { GAME_ID_PROPERTY } from '../read/level.js';

export function enterGameTool({ engine }: ToolDeps): CatalogTool {
  return defineTool({
    name: 'enc_enter_game',
    title: 'Enter game',
    description: 'Submit an application to join a game. Joining does not start the game; read enc_game_state afterwards to confirm participation.',
    inputSchema: objectSchema({ game_id: GAME_ID_PROPERTY }, ['game_id']),
    mutating: true,
    // An application only adds the player to a list; applying twice is the same application.
    destructive: false,
    idempotent: true,
    parse: (args) => ({ game_id: requiredInteger(args, 'game_id', { min: 1 }) }),
    question: ({ game_id }) => ({
      sentence: `Apply to join game ${game_id}? The application goes to the game's organisers.`,
      facts: [{ label: 'Game', value: String(game_id) }],
    }),
    execute: async ({ game_id }, ctx) => {
      await engine.enterGame(game_id, { signal: ctx.signal });
      return jsonResult({ game_id, submitted: true, note: 'Application submitted. Read enc_game_state to confirm participation.' });
    },
  });
}
