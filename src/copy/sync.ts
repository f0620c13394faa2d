/**
 * Executes a sync plan against the target game: missing levels created, then level by level only
 * the parts that differ rewritten — name and comment, autopass, tasks, hints, penalty hints,
 * bonuses, sectors, and last the sector rule. Every sector is created with its first answer, found
 * by comparing the sector list before and after, given its other answers ten at a time, and read
 * back. `stats` is updated after each write, so an interruption leaves an exact account of what
 * was applied.
 */
import { answerSetKey, normaliseText } from './normalise.js';
import { countedSectors } from './compare.js';
import type { CopyStats, LevelPlan, SyncPlan } from './plan.js';
import type { AdminPort, ScenarioSector } from './ports.js';

/** The engine takes at most 30 new levels per request. */
export const MAX_LEVELS_PER_CREATE = 30;
/** The engine takes at most 10 answers per "add answers" form. */
export const MAX_ANSWERS_PER_POST = 10;

/** The steps of one level, in the order they run. */
export const LEVEL_STEPS = ['name', 'autopass', 'tasks', 'hints', 'penalty_hints', 'bonuses', 'sectors', 'sector_rule'] as const;
export type LevelStep = (typeof LEVEL_STEPS)[number];

/** Progress of a copy, for a progress bar or a log line. */
export type CopyProgress =
  | { kind: 'phase'; phase: 'read_source' | 'check_target' | 'create_levels' | 'verify'; message: string }
  | {
      kind: 'level';
      /** 1-based level position and the number of levels copied. */
      level: number;
      levels: number;
      step: LevelStep | 'done';
      /** 0-based index of `step` in LEVEL_STEPS (LEVEL_STEPS.length when done). */
      stepIndex: number;
      /** True when this step rewrites something; false when the level already matched there. */
      writes: boolean;
    };

export interface SyncOptions {
  signal?: AbortSignal;
  onProgress?: (progress: CopyProgress) => void;
}

/** A write the engine accepted but did not carry out, found by reading back. */
export class ReadBackError extends Error {
  override readonly name = 'ReadBackError';
}

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('the copy was cancelled');
}

/** Steps that rewrite something on this level. */
function stepWrites(plan: LevelPlan, step: LevelStep): boolean {
  switch (step) {
    case 'name':
      return plan.parts.has('name') || plan.parts.has('comment');
    case 'bonuses':
      return plan.bonuses.delete.length + plan.bonuses.create.length > 0;
    default:
      return plan.parts.has(step);
  }
}

/**
 * Runs `plan` on game `gameId` through `admin`, counting into `stats` as it goes.
 *
 * @example
 * ```ts
 * const stats = emptyStats();
 * await runSync(admin, 123, plan, stats, { onProgress: console.log });
 * ```
 */
export async function runSync(admin: AdminPort, gameId: number, plan: SyncPlan, stats: CopyStats, options: SyncOptions = {}): Promise<void> {
  const { signal, onProgress } = options;
  const call = { signal };
  let levelIds = await admin.levelIds(gameId, call);
  const wanted = plan.levels.length;
  if (levelIds.length < wanted) {
    onProgress?.({ kind: 'phase', phase: 'create_levels', message: `creating ${wanted - levelIds.length} level(s)` });
    while (levelIds.length < wanted) {
      checkAborted(signal);
      const count = Math.min(MAX_LEVELS_PER_CREATE, wanted - levelIds.length);
      await admin.createLevels(gameId, count, call);
      const after = await admin.levelIds(gameId, call);
      const created = after.length - levelIds.length;
      if (created > 0) stats.levels_created += created;
      if (created !== count) throw new ReadBackError(`asked for ${count} new level(s), the level manager shows ${Math.max(0, created)}`);
      levelIds = after;
    }
  }
  for (const level of plan.levels) {
    for (const [index, step] of LEVEL_STEPS.entries()) {
      checkAborted(signal);
      const writes = stepWrites(level, step);
      onProgress?.({ kind: 'level', level: level.position, levels: wanted, step, stepIndex: index, writes });
      if (writes) await runStep(admin, gameId, level, step, levelIds[level.position - 1]!, stats, signal);
    }
    onProgress?.({ kind: 'level', level: level.position, levels: wanted, step: 'done', stepIndex: LEVEL_STEPS.length, writes: false });
  }
}

async function runStep(admin: AdminPort, gameId: number, plan: LevelPlan, step: LevelStep, levelId: number, stats: CopyStats, signal?: AbortSignal): Promise<void> {
  const n = plan.position;
  const { source, target } = plan;
  const call = { signal };
  switch (step) {
    case 'name':
      await admin.setNameAndComment(gameId, n, source.name, source.comment, call);
      stats.names_updated++;
      return;
    case 'autopass':
      await admin.setAutopass(gameId, n, source.autopass_seconds, source.autopass_penalty_seconds, call);
      stats.autopass_updated++;
      return;
    case 'sector_rule':
      await admin.setSectorRule(gameId, n, source.required_sectors_count, call);
      stats.sector_rules_updated++;
      return;
    case 'tasks': {
      const ids = (await admin.levelObjects(gameId, n, call)).tasks;
      for (const id of ids) {
        await admin.deleteTask(gameId, n, id, call);
        stats.tasks_deleted++;
      }
      for (const html of source.tasks) {
        await admin.createTask(gameId, n, html, call);
        stats.tasks_created++;
      }
      return;
    }
    case 'hints': {
      const ids = (await admin.levelObjects(gameId, n, call)).hints;
      for (const id of ids) {
        await admin.deleteHint(gameId, n, id, call);
        stats.hints_deleted++;
      }
      for (const hint of source.hints) {
        await admin.createHint(gameId, n, hint, call);
        stats.hints_created++;
      }
      return;
    }
    case 'penalty_hints': {
      const ids = (await admin.levelObjects(gameId, n, call)).penalty_hints;
      for (const id of ids) {
        await admin.deleteHint(gameId, n, id, call);
        stats.hints_deleted++;
      }
      for (const hint of source.penalty_hints) {
        await admin.createPenaltyHint(gameId, n, hint, call);
        stats.hints_created++;
      }
      return;
    }
    case 'bonuses': {
      if (plan.bonuses.delete.length > 0) {
        const ids = (await admin.levelObjects(gameId, n, call)).bonuses;
        if (ids.length !== target.bonuses.length) {
          throw new ReadBackError(`level ${n}: the editor lists ${ids.length} bonus(es), the export ${target.bonuses.length}; refusing to guess which to delete`);
        }
        for (const position of plan.bonuses.delete) {
          await admin.deleteBonus(gameId, n, ids[position]!, call);
          stats.bonuses_deleted++;
        }
      }
      for (const bonus of plan.bonuses.create) {
        await admin.createBonus(gameId, n, bonus, bonus.all_levels === true ? 'all' : levelId, call);
        stats.bonuses_created++;
      }
      return;
    }
    case 'sectors':
      await replaceSectors(admin, gameId, n, source.sectors, stats, signal);
      return;
  }
}

/** Clears a level's sectors (shells without answers stay: the engine keeps started ones) and recreates the source's. */
async function replaceSectors(admin: AdminPort, gameId: number, n: number, wanted: readonly ScenarioSector[], stats: CopyStats, signal?: AbortSignal): Promise<void> {
  const call = { signal };
  for (const sector of await admin.sectors(gameId, n, call)) {
    const answers = await admin.sectorAnswers(gameId, n, sector.id, call);
    if (answerSetKey(answers) === '') continue;
    await admin.deleteSector(gameId, n, sector.id, call);
    stats.sectors_deleted++;
  }
  for (const sector of countedSectors(wanted)) {
    checkAborted(signal);
    const answers = [...new Set(sector.answers.filter((a) => normaliseText(a) !== ''))];
    const before = new Set((await admin.sectors(gameId, n, call)).map((s) => s.id));
    await admin.createSector(gameId, n, sector.name, answers[0]!, call);
    const fresh = (await admin.sectors(gameId, n, call)).filter((s) => !before.has(s.id));
    if (fresh.length !== 1) {
      throw new ReadBackError(`level ${n}: sector ${JSON.stringify(sector.name)} was not created (${fresh.length} new sectors in the list)`);
    }
    stats.sectors_created++;
    const id = fresh[0]!.id;
    for (let at = 1; at < answers.length; at += MAX_ANSWERS_PER_POST) {
      checkAborted(signal);
      await admin.addSectorAnswers(gameId, n, id, answers.slice(at, at + MAX_ANSWERS_PER_POST), call);
    }
    const stored = await admin.sectorAnswers(gameId, n, id, call);
    if (answerSetKey(stored) !== answerSetKey(answers)) {
      throw new ReadBackError(`level ${n}: sector ${JSON.stringify(sector.name)} holds ${stored.length} of its ${answers.length} answers after saving`);
    }
  }
}
