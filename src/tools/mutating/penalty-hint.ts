/** `enc_take_penalty_hint`: opens a penalty hint — adds penalty time, cannot be undone. */
import { requiredInteger } from '../args.js';
import { defineTool, integerProperty, jsonResult, objectSchema, type CatalogTool } from '../define.js';
import type { ToolDeps } from '../deps.js';
import { projectLevel } from '../projections.js';
import { GAME_ID_PROPERTY } from '../read/level.js';

export function takePenaltyHintTool({ engine, resolveUrl }: ToolDeps): CatalogTool {
  return defineTool({
    name: 'enc_take_penalty_hint',
    title: 'Take penalty hint',
    description:
      'Take a penalty hint of the active level. It adds penalty time to the team and cannot be undone: only do this when the user asked for it.',
    inputSchema: objectSchema(
      { game_id: GAME_ID_PROPERTY, hint_id: integerProperty("The penalty hint's help_id from enc_level (penalty_hints).") },
      ['game_id', 'hint_id'],
    ),
    mutating: true,
    // Adds penalty time to the team's result, irreversibly; taking it again does nothing more.
    destructive: true,
    idempotent: true,
    parse: (args) => ({
      game_id: requiredInteger(args, 'game_id', { min: 1 }),
      hint_id: requiredInteger(args, 'hint_id', { min: 1 }),
    }),
    question: ({ game_id, hint_id }) => ({
      sentence: `Take penalty hint ${hint_id} in game ${game_id}? It adds penalty time to the team's result and cannot be undone.`,
      facts: [
        { label: 'Penalty hint', value: String(hint_id) },
        { label: 'Game', value: String(game_id) },
      ],
    }),
    execute: async ({ game_id, hint_id }, ctx) => {
      const model = await engine.getPenaltyHint(game_id, hint_id, { signal: ctx.signal });
      const level = model?.Level ? projectLevel(model.Level, resolveUrl) : undefined;
      const penaltyHints = level?.penalty_hints;
      const taken = penaltyHints?.find((h) => h.help_id === hint_id);
      const result: Record<string, unknown> = { game_id, hint_id };
      if (taken) result['hint'] = taken;
      if (penaltyHints) result['penalty_hints'] = penaltyHints;
      return jsonResult(result);
    },
  });
}
