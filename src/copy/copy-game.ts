/**
 * Copying a game's scenario into another game, possibly from another Encounter domain, and
 * proving it: the source is read whole with its own session before the target is touched, the
 * target is synced (only what differs is rewritten), and a fresh export of the target is compared
 * with the source. Success is reported only when that comparison finds nothing.
 */
import { compareScenarios } from './compare.js';
import { emptyStats, planSync, type CopyStats } from './plan.js';
import type { CopyAdmin, ScenarioDocument } from './ports.js';
import { resolveSourceDomain, SourceDomainError } from './source-domain.js';
import { summarizeScenario, type ScenarioSummary } from './summary.js';
import { runSync, type CopyProgress } from './sync.js';

/** Why a copy or an inspection stopped before writing anything. */
export type CopyErrorCode =
  | 'bad_argument'
  | 'no_source_session'
  | 'source_auth'
  | 'source_read'
  | 'source_empty'
  | 'target_auth'
  | 'target_read'
  | 'target_has_extra_levels'
  | 'source_changed';

/** A refusal raised before the target was changed; `cause` keeps the engine's own error. */
export class CopyError extends Error {
  override readonly name = 'CopyError';
  constructor(
    readonly code: CopyErrorCode,
    message: string,
    /** For `bad_argument`: which argument. For auth codes: which domain. */
    readonly subject?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Where the copy reads from and writes to. */
export interface CopySessions {
  /** The admin session of the current domain; the target always lives here. */
  target: CopyAdmin;
  /**
   * The admin session of another domain from that domain's own saved login, or null when there is
   * none. Never given the target's credentials.
   */
  openSource(domain: string, signal?: AbortSignal): Promise<CopyAdmin | null>;
}


export interface CopyRequest {
  /** `source_domain` as the user or model wrote it; empty = the current domain. */
  sourceDomain?: string;
  sourceGameId: number;
  targetGameId: number;
  /** Plan only: read both games, write nothing. */
  dryRun?: boolean;
  /**
   * The counts the user approved (from an earlier inspection). When the source read now counts
   * differently, the copy stops before touching the target: the user agreed to something else.
   */
  approvedSource?: ScenarioSummary;
  signal?: AbortSignal;
  onProgress?: (progress: CopyProgress) => void;
}

/** Everything a copy reports; `success` and `verified` are true only together, after a clean read-back. */
export interface CopyResult extends ScenarioSummary {
  game_id: number;
  target_domain: string;
  stats: CopyStats;
  success: boolean;
  verified: boolean;
  dry_run?: boolean;
  error?: string;
  difference_count?: number;
  /** The first differences found by the read-back. */
  differences?: string[];
}

/** How many differences a result lists. */
export const MAX_LISTED_DIFFERENCES = 20;

function errorText(err: unknown): string {
  return err instanceof Error ? err.message || err.name : String(err);
}

/**
 * Opens the admin session that reads `domain` and checks it has admin rights. The current domain
 * reuses the target's session; any other domain gets its own saved one.
 */
async function openSourceSession(sessions: CopySessions, domain: string, signal?: AbortSignal): Promise<CopyAdmin> {
  if (domain === sessions.target.domain) return sessions.target;
  let source: CopyAdmin | null;
  try {
    source = await sessions.openSource(domain, signal);
  } catch (err) {
    throw new CopyError('source_auth', `Source domain ${domain} authentication failed; log into that domain: ${errorText(err)}`, domain, { cause: err });
  }
  if (source === null) throw new CopyError('no_source_session', `No saved session for source domain ${domain}. Log into that domain first`, domain);
  try {
    await source.checkSession({ signal });
  } catch (err) {
    throw new CopyError('source_auth', `Source domain ${domain} authentication failed; log into that domain: ${errorText(err)}`, domain, { cause: err });
  }
  return source;
}

function sourceDomainOf(raw: string | undefined, current: string): string {
  try {
    return resolveSourceDomain(raw, current);
  } catch (err) {
    if (err instanceof SourceDomainError) throw new CopyError('bad_argument', err.message, 'source_domain');
    throw err;
  }
}

const COUNTED = ['title', 'levels', 'tasks', 'hints', 'penalty_hints', 'sectors', 'bonuses', 'comments'] as const;

/** The counts that differ between two summaries, as `levels 3 → 4`. */
function changedCounts(before: ScenarioSummary, now: ScenarioSummary): string[] {
  return COUNTED.filter((k) => before[k] !== now[k]).map((k) => `${k} ${JSON.stringify(before[k])} → ${JSON.stringify(now[k])}`);
}

/** Reads the whole source scenario; it must have at least one level. */
async function readSource(source: CopyAdmin, gameId: number, signal?: AbortSignal): Promise<ScenarioDocument> {
  let doc: ScenarioDocument;
  try {
    doc = await source.exportScenario(gameId, { signal });
  } catch (err) {
    throw new CopyError('source_read', `Read source game ${gameId} scenario: ${errorText(err)}`, source.domain, { cause: err });
  }
  if (doc.levels.length === 0) throw new CopyError('source_empty', `Source game ${gameId} has no scenario levels`);
  return doc;
}

/**
 * Reads a source game's scenario and counts its content; changes nothing anywhere.
 *
 * @example
 * ```ts
 * const summary = await inspectScenario(sessions, { sourceDomain: 'svk.en.cx', sourceGameId: 82864 });
 * console.log(summary.levels, summary.sectors);
 * ```
 */
export async function inspectScenario(
  sessions: CopySessions,
  request: { sourceDomain?: string; sourceGameId: number; signal?: AbortSignal },
): Promise<ScenarioSummary> {
  if (!Number.isSafeInteger(request.sourceGameId) || request.sourceGameId <= 0) {
    throw new CopyError('bad_argument', 'source_game_id must be positive', 'source_game_id');
  }
  const domain = sourceDomainOf(request.sourceDomain, sessions.target.domain);
  const source = await openSourceSession(sessions, domain, request.signal);
  const doc = await readSource(source, request.sourceGameId, request.signal);
  return summarizeScenario(doc, domain, request.sourceGameId);
}

/**
 * Copies the source scenario into `targetGameId` on the current domain and verifies it with a
 * fresh export. Throws CopyError for anything found before the first write; once writing has
 * begun it always resolves, with `success: false` and an `error` when the copy was interrupted or
 * does not match.
 *
 * @example
 * ```ts
 * const result = await copyGame(sessions, { sourceDomain: 'svk.en.cx', sourceGameId: 82864, targetGameId: 123 });
 * if (!result.verified) console.error(result.error, result.differences);
 * ```
 */
export async function copyGame(sessions: CopySessions, request: CopyRequest): Promise<CopyResult> {
  const { sourceGameId, targetGameId, signal, onProgress } = request;
  const positive = (n: number) => Number.isSafeInteger(n) && n > 0;
  if (!positive(sourceGameId) || !positive(targetGameId)) {
    throw new CopyError('bad_argument', 'source_game_id and target_game_id must be positive', positive(sourceGameId) ? 'target_game_id' : 'source_game_id');
  }
  const target = sessions.target;
  const domain = sourceDomainOf(request.sourceDomain, target.domain);
  if (domain === target.domain && sourceGameId === targetGameId) {
    throw new CopyError('bad_argument', 'Source and target must be different games', 'target_game_id');
  }

  // The whole source first: nothing touches the target until the source is known to be complete.
  onProgress?.({ kind: 'phase', phase: 'read_source', message: `reading game ${sourceGameId} on ${domain}` });
  const source = await openSourceSession(sessions, domain, signal);
  const doc = await readSource(source, sourceGameId, signal);
  const summary = summarizeScenario(doc, domain, sourceGameId);
  if (request.approvedSource) {
    const changed = changedCounts(request.approvedSource, summary);
    if (changed.length > 0) {
      throw new CopyError(
        'source_changed',
        `Source game ${sourceGameId} on ${domain} changed since it was inspected (${changed.join(', ')}); inspect it again before copying`,
      );
    }
  }

  onProgress?.({ kind: 'phase', phase: 'check_target', message: `reading game ${targetGameId} on ${target.domain}` });
  let baseline: ScenarioDocument;
  let levelCount: number;
  try {
    await target.checkSession({ signal });
  } catch (err) {
    throw new CopyError('target_auth', `Target domain ${target.domain} authentication failed: ${errorText(err)}`, target.domain, { cause: err });
  }
  try {
    levelCount = (await target.listLevels(targetGameId, { signal })).length;
    baseline = await target.exportScenario(targetGameId, { signal });
  } catch (err) {
    throw new CopyError('target_read', `Read target game ${targetGameId} scenario: ${errorText(err)}`, target.domain, { cause: err });
  }
  if (levelCount > doc.levels.length) {
    // Extra levels are never deleted, and a target with them can never match the source.
    throw new CopyError(
      'target_has_extra_levels',
      `Target game ${targetGameId} has ${levelCount} levels, the source ${doc.levels.length}; levels are never deleted by a copy, ` +
        `so remove levels ${doc.levels.length + 1}–${levelCount} in the target or copy into another game`,
    );
  }

  const plan = planSync(doc, baseline, levelCount);
  const base = { ...summary, game_id: targetGameId, target_domain: target.domain };
  if (request.dryRun) {
    return { ...base, stats: plan.expected, success: false, verified: false, dry_run: true };
  }

  const stats = emptyStats();
  try {
    await runSync(target, targetGameId, plan, stats, { signal, onProgress });
  } catch (err) {
    return {
      ...base,
      stats,
      success: false,
      verified: false,
      error: `Import interrupted; changes already applied are in stats. Verify before retrying: ${errorText(err)}`,
    };
  }

  onProgress?.({ kind: 'phase', phase: 'verify', message: `reading game ${targetGameId} back` });
  let written: ScenarioDocument;
  try {
    written = await target.exportScenario(targetGameId, { signal });
  } catch (err) {
    return { ...base, stats, success: false, verified: false, error: `Read back target game ${targetGameId} scenario: ${errorText(err)}; the copy is not verified` };
  }
  const differences = compareScenarios(doc, written);
  if (differences.length > 0) {
    return {
      ...base,
      stats,
      success: false,
      verified: false,
      error: 'Imported scenario does not match source; do not report completion',
      difference_count: differences.length,
      differences: differences.slice(0, MAX_LISTED_DIFFERENCES).map((d) => d.message),
    };
  }
  return { ...base, stats, success: true, verified: true };
}

