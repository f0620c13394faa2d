/**
 * `inspect_game_scenario` and `admin_copy_game`: reading a game's scenario on any Encounter
 * domain (with that domain's own saved login) and copying it into a game of the current domain,
 * verified by a fresh export. The copy must follow an inspection of the same source: the counts
 * read then go into the user's confirmation, and a source that counts differently at copy time
 * is refused before the target is touched.
 */
import { copyGame, CopyError, inspectScenario, type CopySessions } from '../../copy/copy-game.js';
import { resolveSourceDomain, SourceDomainError } from '../../copy/source-domain.js';
import type { ScenarioSummary } from '../../copy/summary.js';
import { optionalString, requiredInteger, type RawArgs } from '../args.js';
import { defineTool, integerProperty, jsonResult, objectSchema, stringProperty, type CatalogTool } from '../define.js';
import { ToolArgumentError, ToolError } from '../errors.js';
import { quoted } from '../question.js';
import { toolErrorOf } from './copy-failures.js';

/** What the catalog's `admin` option supplies. */
export type AdminToolsOptions = CopySessions;

const SOURCE_DOMAIN = stringProperty(
  'Encounter domain of the source game, e.g. "svk.en.cx". Omit for the current domain. Read with that domain\'s own saved login.',
);
const SOURCE_GAME_ID = integerProperty('Id of the game whose scenario is read (on source_domain).');
const TARGET_GAME_ID = integerProperty(
  'Id of an existing game on the CURRENT domain that receives the copy. Never the source id just because the user says "here".',
);

const POSITIVE = { min: 1, outOfRange: () => 'source_game_id and target_game_id must be positive' };

interface SourceParams {
  source_domain: string;
  source_game_id: number;
}

interface CopyParams extends SourceParams {
  target_game_id: number;
  /** The inspection the user's confirmation is built from. */
  inspected: ScenarioSummary;
}

function sourceDomain(args: RawArgs, current: string): string {
  try {
    return resolveSourceDomain(optionalString(args, 'source_domain'), current);
  } catch (err) {
    if (err instanceof SourceDomainError) throw new ToolArgumentError('source_domain', err.message);
    throw err;
  }
}

const inspectionKey = (domain: string, gameId: number): string => `${domain}#${gameId}`;

/** The counts as one line: `3 levels, 3 tasks, 5 hints, …`. */
function countsLine(s: ScenarioSummary): string {
  return [
    `${s.levels} levels`,
    `${s.tasks} tasks`,
    `${s.hints} hints`,
    `${s.penalty_hints} penalty hints`,
    `${s.sectors} sectors`,
    `${s.bonuses} bonuses`,
    `${s.comments} comments`,
  ].join(', ');
}

/**
 * The two admin tools over one pair of sessions. Inspections are remembered per catalog (never
 * across catalogs), so a copy can name the counts the user is asked about.
 *
 * @example
 * ```ts
 * const tools = adminScenarioTools({ target: client.admin, openSource: async (d) => (await openSaved(d))?.admin ?? null });
 * ```
 */
export function adminScenarioTools(sessions: AdminToolsOptions): CatalogTool[] {
  const inspections = new Map<string, ScenarioSummary>();
  const current = sessions.target.domain;

  const inspect = defineTool<SourceParams>({
    name: 'inspect_game_scenario',
    title: 'Inspect game scenario',
    description:
      "Read a source game's scenario and return its title and exact content counts (levels, tasks, hints, penalty hints, sectors, bonuses, comments) before copying. " +
      'Supports another Encounter domain via its saved login; does not change the current domain or game. Do this before creating the destination game and before admin_copy_game.',
    inputSchema: objectSchema({ source_domain: SOURCE_DOMAIN, source_game_id: SOURCE_GAME_ID }, ['source_game_id']),
    mutating: false,
    // A scenario being edited changes between reads; the copy compares against a fresh one anyway.
    cacheable: false,
    parse: (args) => ({
      source_game_id: requiredInteger(args, 'source_game_id', { min: 1, outOfRange: () => 'source_game_id must be positive' }),
      source_domain: sourceDomain(args, current),
    }),
    execute: async ({ source_domain, source_game_id }, ctx) => {
      let summary: ScenarioSummary;
      try {
        summary = await inspectScenario(sessions, { sourceDomain: source_domain, sourceGameId: source_game_id, signal: ctx.signal });
      } catch (err) {
        throw toolErrorOf(err);
      }
      inspections.set(inspectionKey(source_domain, source_game_id), summary);
      return jsonResult(summary);
    },
  });

  const copy = defineTool<CopyParams>({
    name: 'admin_copy_game',
    title: 'Copy game scenario',
    description:
      'Copy the complete scenario of a source game (possibly on another Encounter domain) into an EXISTING target game on the CURRENT domain, then verify by reading the target back. ' +
      'Call inspect_game_scenario on the same source first; if no target game exists yet, create one first. Levels are aligned by position; only what differs is rewritten; extra target levels are never deleted. ' +
      'Report the copy as done only when the result has verified=true; success=false means it is NOT done (the error says why and the stats say what was already written).',
    inputSchema: objectSchema(
      { source_domain: SOURCE_DOMAIN, source_game_id: SOURCE_GAME_ID, target_game_id: TARGET_GAME_ID },
      ['source_game_id', 'target_game_id'],
    ),
    mutating: true,
    // Tasks, hints, bonuses and sectors of the target that differ are replaced: the old ones are gone.
    destructive: true,
    // A second identical copy changes nothing.
    idempotent: true,
    parse: (args) => {
      const source_game_id = requiredInteger(args, 'source_game_id', POSITIVE);
      const target_game_id = requiredInteger(args, 'target_game_id', POSITIVE);
      const source_domain = sourceDomain(args, current);
      if (source_domain === current && source_game_id === target_game_id) {
        throw new ToolArgumentError('target_game_id', 'Source and target must be different games');
      }
      const inspected = inspections.get(inspectionKey(source_domain, source_game_id));
      if (!inspected) {
        throw new ToolError(
          `game ${source_game_id} on ${source_domain} has not been inspected in this session: call inspect_game_scenario with the same source first, so the user can see what will be copied`,
          { kind: 'bad_argument', code: 'not_inspected', retryable: false },
        );
      }
      return { source_domain, source_game_id, target_game_id, inspected };
    },
    question: ({ source_domain, source_game_id, target_game_id, inspected }) => ({
      sentence:
        `Copy the scenario of game ${source_game_id} on ${source_domain} (${quoted(inspected.title, 80)}: ${countsLine(inspected)}) ` +
        `into game ${target_game_id} on ${current}? Parts of game ${target_game_id} that differ are overwritten and cannot be restored; extra levels are kept.`,
      facts: [
        { label: 'Target', value: `game ${target_game_id} on ${current}` },
        { label: 'Source', value: `game ${source_game_id} on ${source_domain}` },
        { label: 'Title', value: quoted(inspected.title, 80) },
        { label: 'Content', value: countsLine(inspected) },
      ],
    }),
    execute: async ({ source_domain, source_game_id, target_game_id, inspected }, ctx) => {
      try {
        const result = await copyGame(sessions, {
          sourceDomain: source_domain,
          sourceGameId: source_game_id,
          targetGameId: target_game_id,
          approvedSource: inspected,
          signal: ctx.signal,
        });
        return jsonResult(result);
      } catch (err) {
        if (err instanceof CopyError && err.code === 'source_changed') inspections.delete(inspectionKey(source_domain, source_game_id));
        throw toolErrorOf(err);
      }
    },
  });

  return [inspect, copy];
}
