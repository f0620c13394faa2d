/** The level readers: enc_game_state, enc_level, enc_action_log. */
import { optionalInteger, requiredInteger, type RawArgs } from '../args.js';
import { defineTool, integerProperty, jsonResult, objectSchema, type CatalogTool } from '../define.js';
import type { ToolDeps } from '../deps.js';
import { projectCodeEntry, projectGameState, projectLevel } from '../projections.js';
import { readLevelModel, requireLevel } from './level-select.js';

export const GAME_ID_PROPERTY = integerProperty('Game ID (from enc_game_list or enc_domain_games).');
export const LEVEL_NUMBER_PROPERTY = integerProperty(
  'Storm (assault) games only: the level to use, 1-based. Omit it to use the active level.',
);

/** `level_number`: optional, positive. */
export function parseLevelNumber(args: RawArgs): number | undefined {
  return optionalInteger(args, 'level_number', { min: 1, outOfRange: (n) => `level_number must be positive, got ${n}` });
}

/** `enc_game_state`: the game, its level list and the active level in full. */
export function gameStateTool({ engine, resolveUrl }: ToolDeps): CatalogTool {
  return defineTool({
    name: 'enc_game_state',
    title: 'Game state',
    description:
      'Read a game: title, team, level list and the active level with tasks, sectors, bonuses, hints, organizer messages and the pictures it shows.',
    inputSchema: objectSchema({ game_id: GAME_ID_PROPERTY }, ['game_id']),
    mutating: false,
    cacheable: true,
    parse: (args) => ({ game_id: requiredInteger(args, 'game_id', { min: 1 }) }),
    execute: async ({ game_id }, ctx) => jsonResult(projectGameState(await engine.getGameModel(game_id, { signal: ctx.signal }), resolveUrl)),
  });
}

/** `enc_level`: one level in detail. */
export function levelTool({ engine, resolveUrl }: ToolDeps): CatalogTool {
  return defineTool({
    name: 'enc_level',
    title: 'Level',
    description:
      'Read one level in detail: tasks, sectors, bonuses, hints, messages and every picture. Without level_number the active level; with it the requested level of a storm-sequence game.',
    inputSchema: objectSchema({ game_id: GAME_ID_PROPERTY, level_number: LEVEL_NUMBER_PROPERTY }, ['game_id']),
    mutating: false,
    cacheable: true,
    parse: (args) => ({ game_id: requiredInteger(args, 'game_id', { min: 1 }), level_number: parseLevelNumber(args) }),
    execute: async ({ game_id, level_number }, ctx) => {
      const level = requireLevel(await readLevelModel(engine, game_id, level_number, ctx.signal));
      return jsonResult(projectLevel(level, resolveUrl));
    },
  });
}

/** `enc_action_log`: every code submitted on a level, newest first. */
export function actionLogTool({ engine }: ToolDeps): CatalogTool {
  return defineTool({
    name: 'enc_action_log',
    title: 'Action log',
    description: 'Codes submitted on a level (newest first), with who sent them, correctness and penalties.',
    inputSchema: objectSchema({ game_id: GAME_ID_PROPERTY, level_number: LEVEL_NUMBER_PROPERTY }, ['game_id']),
    mutating: false,
    cacheable: true,
    parse: (args) => ({ game_id: requiredInteger(args, 'game_id', { min: 1 }), level_number: parseLevelNumber(args) }),
    execute: async ({ game_id, level_number }, ctx) => {
      const model = await readLevelModel(engine, game_id, level_number, ctx.signal);
      const level = requireLevel(model);
      const actions = (level.MixedActions ?? []).map((a) => projectCodeEntry(a, level.Number));
      return jsonResult({ game_id: model.GameId, level_number: level.Number, actions });
    },
  });
}
