/**
 * Executes a sync plan against the target game: missing levels created, then level by level only
 * the parts that differ rewritten — name and comment, autopass, tasks, hints, penalty hints,
 * bonuses, messages, sectors, and last the sector rule. Sectors are created by the admin API
 * (first answer, then the rest ten at a time, then read back); the copy checks the answer set it
 * gets back. `stats` is updated after each write, so an interruption leaves an exact account of
 * what was applied.
 */
import type { AdminSector } from '../engine/admin/types.js';
import { countedSectors } from './compare.js';
import { answerSetKey, normaliseText } from './normalise.js';
import type { CopyStats, KeyedRewrite, LevelPlan, SyncPlan } from './plan.js';
import type { CopyAdmin } from './ports.js';

/** The steps of one level, in the order they run. */
export const LEVEL_STEPS = ['name', 'autopass', 'tasks', 'hints', 'penalty_hints', 'bonuses', 'messages', 'sectors', 'sector_rule'] as const;
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

const rewrites = (r: KeyedRewrite<unknown>): boolean => r.delete.length + r.create.length > 0;

/** Whether this step rewrites something on this level. */
function stepWrites(plan: LevelPlan, step: LevelStep): boolean {
  switch (step) {
    case 'name':
      return plan.parts.has('name') || plan.parts.has('comment');
    case 'bonuses':
      return rewrites(plan.bonuses);
    case 'messages':
      return rewrites(plan.messages);
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
export async function runSync(admin: CopyAdmin, gameId: number, plan: SyncPlan, stats: CopyStats, options: SyncOptions = {}): Promise<void> {
  const { signal, onProgress } = options;
  const wanted = plan.levels.length;
  if (plan.levelsToCreate > 0) {
    checkAborted(signal);
    onProgress?.({ kind: 'phase', phase: 'create_levels', message: `creating ${plan.levelsToCreate} level(s)` });
    const before = wanted - plan.levelsToCreate;
    const after = (await admin.createLevels(gameId, plan.levelsToCreate, { signal })).length;
    stats.levels_created += Math.max(0, after - before);
    if (after !== wanted) throw new ReadBackError(`asked for ${plan.levelsToCreate} new level(s); the level manager now lists ${after} levels, want ${wanted}`);
  }
  for (const level of plan.levels) {
    for (const [index, step] of LEVEL_STEPS.entries()) {
      checkAborted(signal);
      const writes = stepWrites(level, step);
      onProgress?.({ kind: 'level', level: level.position, levels: wanted, step, stepIndex: index, writes });
      if (writes) await runStep(admin, gameId, level, step, stats, signal);
    }
    onProgress?.({ kind: 'level', level: level.position, levels: wanted, step: 'done', stepIndex: LEVEL_STEPS.length, writes: false });
  }
}

async function runStep(admin: CopyAdmin, gameId: number, plan: LevelPlan, step: LevelStep, stats: CopyStats, signal?: AbortSignal): Promise<void> {
  const n = plan.position;
  const { source } = plan;
  const call = { signal };
  const editor = () => admin.readLevel(gameId, n, call);
  switch (step) {
    case 'name':
      await admin.setNameAndComment(gameId, n, source.name, source.comment, call);
      stats.names_updated++;
      return;
    case 'autopass':
      await admin.setAutopass(gameId, n, { seconds: source.autopass_seconds, penalty_seconds: source.autopass_penalty_seconds }, call);
      stats.autopass_updated++;
      return;
    case 'sector_rule':
      await admin.setRequiredSectors(gameId, n, source.required_sectors_count, call);
      stats.sector_rules_updated++;
      return;
    case 'tasks':
      await replaceAll(source.tasks, {
        ids: async () => (await editor()).task_ids,
        remove: (id) => admin.deleteTask(gameId, n, id, call),
        create: (html) => admin.createTask(gameId, n, html, call),
        counts: ['tasks_deleted', 'tasks_created'],
        stats,
      });
      return;
    case 'hints':
      await replaceAll(source.hints, {
        ids: async () => (await editor()).hint_ids,
        remove: (id) => admin.deleteHint(gameId, n, id, call),
        create: ({ text, delay_seconds }) => admin.createHint(gameId, n, { text, delay_seconds }, call),
        counts: ['hints_deleted', 'hints_created'],
        stats,
      });
      return;
    case 'penalty_hints':
      await replaceAll(source.penalty_hints, {
        ids: async () => (await editor()).penalty_hint_ids,
        remove: (id) => admin.deleteHint(gameId, n, id, call),
        create: ({ text, delay_seconds, penalty_seconds, request_confirm, comment }) =>
          admin.createPenaltyHint(gameId, n, { text, delay_seconds, penalty_seconds, request_confirm, comment }, call),
        counts: ['hints_deleted', 'hints_created'],
        stats,
      });
      return;
    case 'bonuses':
      await rewriteKeyed(plan.bonuses, {
        ids: async () => (await editor()).bonus_ids,
        remove: (id) => admin.deleteBonus(gameId, n, id, call),
        create: ({ name, task, hint, award_seconds, negative, answers, levels }) =>
          admin.createBonus(gameId, n, { name, task, hint, award_seconds, negative, answers, levels }, call),
        counts: ['bonuses_deleted', 'bonuses_created'],
        noun: 'bonus',
        level: n,
        stats,
      });
      return;
    case 'messages':
      await rewriteKeyed(plan.messages, {
        ids: async () => (await editor()).message_ids,
        remove: (id) => admin.deleteMessage(gameId, n, id, call),
        create: ({ text, all_levels }) => admin.createMessage(gameId, n, { text, all_levels }, call),
        counts: ['messages_deleted', 'messages_created'],
        noun: 'message',
        level: n,
        stats,
      });
      return;
    case 'sectors':
      await replaceSectors(admin, gameId, n, source.sectors, stats, signal);
      return;
  }
}

interface Writes<T> {
  /** The level's ids of this kind, in the editor's order. */
  ids: () => Promise<number[]>;
  remove: (id: number) => Promise<unknown>;
  create: (item: T) => Promise<unknown>;
  counts: [deleted: keyof CopyStats, created: keyof CopyStats];
  stats: CopyStats;
}

/** Deletes every object of the kind on the level, then creates the source's in order. */
async function replaceAll<T>(items: readonly T[], w: Writes<T>): Promise<void> {
  for (const id of await w.ids()) {
    await w.remove(id);
    w.stats[w.counts[0]]++;
  }
  for (const item of items) {
    await w.create(item);
    w.stats[w.counts[1]]++;
  }
}

/**
 * Deletes the planned positions and creates the planned items. The editor's ids must line up
 * with the list the plan worked from, or deleting "the third one" could hit the wrong object.
 */
async function rewriteKeyed<T>(rewrite: KeyedRewrite<T>, w: Writes<T> & { noun: string; level: number }): Promise<void> {
  if (rewrite.delete.length > 0) {
    const ids = await w.ids();
    if (ids.length !== rewrite.currentCount) {
      throw new ReadBackError(`level ${w.level}: the editor lists ${ids.length} ${w.noun}(s), the plan expected ${rewrite.currentCount}; refusing to guess which to delete`);
    }
    for (const position of rewrite.delete) {
      await w.remove(ids[position]!);
      w.stats[w.counts[0]]++;
    }
  }
  for (const item of rewrite.create) {
    await w.create(item);
    w.stats[w.counts[1]]++;
  }
}

const answersOf = (sector: AdminSector): string[] => sector.answers.map((a) => a.text);

/** Clears a level's sectors (shells without answers stay: the engine keeps started ones) and recreates the source's. */
async function replaceSectors(admin: CopyAdmin, gameId: number, n: number, wanted: Parameters<typeof countedSectors>[0], stats: CopyStats, signal?: AbortSignal): Promise<void> {
  const call = { signal };
  for (const sector of await admin.listSectors(gameId, n, call)) {
    if (answerSetKey(answersOf(sector)) === '') continue;
    await admin.deleteSector(gameId, n, sector.id, call);
    stats.sectors_deleted++;
  }
  for (const sector of countedSectors(wanted)) {
    checkAborted(signal);
    const answers = [...new Set(sector.answers.filter((a) => normaliseText(a) !== ''))];
    const stored = await admin.createSector(gameId, n, sector.name, answers, call);
    stats.sectors_created++;
    if (answerSetKey(answersOf(stored)) !== answerSetKey(answers)) {
      throw new ReadBackError(`level ${n}: sector ${JSON.stringify(sector.name)} holds ${stored.answers.length} of its ${answers.length} answers after saving`);
    }
  }
}
