/** Game discovery and statistics: enc_domain_games, enc_game_list, enc_game_timeout, enc_game_statistics. */
import { optionalInteger, requiredInteger } from '../args.js';
import { defineTool, integerProperty, jsonResult, objectSchema, type CatalogTool } from '../define.js';
import type { ToolDeps } from '../deps.js';
import { projectGameList } from '../projections.js';

const GAME_ID = integerProperty('Game ID (from enc_game_list or enc_domain_games).');

/** `enc_domain_games`: title and id of every game on the domain's front page. */
export function domainGamesTool({ engine }: ToolDeps): CatalogTool {
  return defineTool({
    name: 'enc_domain_games',
    title: 'Domain games',
    description: 'List the games advertised on the domain front page (title and ID only).',
    inputSchema: objectSchema({}),
    mutating: false,
    cacheable: true,
    parse: () => ({}),
    execute: async (_params, ctx) => jsonResult(await engine.getDomainGames({ signal: ctx.signal })),
  });
}

/** `enc_game_list`: coming and active games with schedule and type. */
export function gameListTool({ engine }: ToolDeps): CatalogTool {
  return defineTool({
    name: 'enc_game_list',
    title: 'Game list',
    description: 'List upcoming and active games with schedule (unix seconds) and type.',
    inputSchema: objectSchema({ page: integerProperty('1-based page of the list; omit for the first page.') }),
    mutating: false,
    cacheable: true,
    parse: (args) => ({ page: optionalInteger(args, 'page', { min: 1 }) }),
    execute: async ({ page }, ctx) => {
      return jsonResult(projectGameList(await engine.getGameList(page, { signal: ctx.signal })));
    },
  });
}

/** `enc_game_timeout`: seconds until a game starts, or null when it is not pending a start. */
export function gameTimeoutTool({ engine }: ToolDeps): CatalogTool {
  return defineTool({
    name: 'enc_game_timeout',
    title: 'Game timeout',
    description: 'Seconds until a game starts; null means the game is not pending a start (running, finished, or not yours).',
    inputSchema: objectSchema({ game_id: GAME_ID }, ['game_id']),
    mutating: false,
    cacheable: true,
    parse: (args) => ({ game_id: requiredInteger(args, 'game_id', { min: 1 }) }),
    execute: async ({ game_id }, ctx) => {
      const seconds = await engine.getTimeoutToGame(game_id, { signal: ctx.signal });
      return jsonResult({ game_id, seconds_to_start: typeof seconds === 'number' ? seconds : null });
    },
  });
}

/** `enc_game_statistics`: the engine's statistics, unprojected (their shape varies by game). */
export function gameStatisticsTool({ engine }: ToolDeps): CatalogTool {
  return defineTool({
    name: 'enc_game_statistics',
    title: 'Game statistics',
    description: 'Game statistics: level breakdown, team rankings, per-level timings.',
    inputSchema: objectSchema({ game_id: GAME_ID }, ['game_id']),
    mutating: false,
    cacheable: true,
    parse: (args) => ({ game_id: requiredInteger(args, 'game_id', { min: 1 }) }),
    execute: async ({ game_id }, ctx) => jsonResult(await engine.getGameStatistics(game_id, { signal: ctx.signal })),
  });
}
