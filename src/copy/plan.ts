/**
 * What a sync would change, decided from the source and the target's own export before anything
 * is written. Pure: the dry run prints it, the sync executes it. Levels are aligned by position;
 * only parts that differ are rewritten; extra target levels are never touched.
 */
import { blankLevel, bonusKey, compareLevel, countedSectors, messageKey, type LevelPart } from './compare.js';
import type { ScenarioBonus, ScenarioDocument, ScenarioLevel, ScenarioMessage } from './ports.js';

/** Counts of what a copy did (or, in a plan, would do). All zero when the target already matches. */
export interface CopyStats {
  levels_created: number;
  names_updated: number;
  autopass_updated: number;
  sector_rules_updated: number;
  tasks_deleted: number;
  tasks_created: number;
  hints_deleted: number;
  hints_created: number;
  bonuses_deleted: number;
  bonuses_created: number;
  sectors_deleted: number;
  sectors_created: number;
  messages_deleted: number;
  messages_created: number;
}

/**
 * @example
 * ```ts
 * const stats = emptyStats(); // every count 0
 * ```
 */
export function emptyStats(): CopyStats {
  return {
    levels_created: 0,
    names_updated: 0,
    autopass_updated: 0,
    sector_rules_updated: 0,
    tasks_deleted: 0,
    tasks_created: 0,
    hints_deleted: 0,
    hints_created: 0,
    bonuses_deleted: 0,
    bonuses_created: 0,
    sectors_deleted: 0,
    sectors_created: 0,
    messages_deleted: 0,
    messages_created: 0,
  };
}

/** True when a run changed (or a plan would change) nothing. */
export function isZero(stats: CopyStats): boolean {
  return Object.values(stats).every((v) => v === 0);
}

/** The rewrite of one level's bonuses or messages: which target ones go (by position), which source ones come. */
export interface KeyedRewrite<T> {
  /** Positions (0-based) in the level's list as it stands when the level is reached. */
  delete: number[];
  /** Source items to create, in source order. */
  create: T[];
  /** Length of that list, which the editor's ids must match before anything is deleted. */
  currentCount: number;
}

export interface LevelPlan {
  /** 1-based position, the level number in both games. */
  position: number;
  source: ScenarioLevel;
  /** The target level as its export shows it (a blank level when it is yet to be created). */
  target: ScenarioLevel;
  /** Parts that differ and will be rewritten. */
  parts: Set<LevelPart>;
  bonuses: KeyedRewrite<ScenarioBonus>;
  messages: KeyedRewrite<ScenarioMessage>;
}

export interface SyncPlan {
  levelsToCreate: number;
  levels: LevelPlan[];
  /** What executing the plan will count. */
  expected: CopyStats;
}

/**
 * Items shown on every level (bonuses for all levels, messages for all levels) exist once in the
 * game however many levels list them: deleting one on a level removes it everywhere, creating one
 * adds it everywhere. This tracks them across levels so each is created or deleted once.
 */
interface EveryLevelItems<T> {
  key: (item: T) => string;
  onEveryLevel: (item: T) => boolean;
  /** Keys of every-level items the target holds at this point of the run. */
  present: Set<string>;
  /** Created earlier in this run: they now show on later levels too (appended). */
  added: T[];
  /** Deleted earlier in this run: gone from later levels. */
  removed: Set<string>;
}

function everyLevelItems<T>(target: ScenarioDocument, list: (l: ScenarioLevel) => T[], key: (item: T) => string, onEveryLevel: (item: T) => boolean): EveryLevelItems<T> {
  const present = new Set(target.levels.flatMap((l) => list(l).filter(onEveryLevel).map(key)));
  return { key, onEveryLevel, present, added: [], removed: new Set() };
}

/** A level's list as it stands once the earlier levels of this run are done. */
function currentList<T>(baseline: readonly T[], items: EveryLevelItems<T>): T[] {
  const list = baseline.filter((item) => !(items.onEveryLevel(item) && items.removed.has(items.key(item))));
  const keys = new Set(list.map(items.key));
  for (const item of items.added) {
    const k = items.key(item);
    if (keys.has(k) || !items.present.has(k)) continue;
    keys.add(k);
    list.push(item);
  }
  return list;
}

/**
 * Keeps the items of the level's current list that already appear in source order (a greedy
 * in-order match, so the result reads in the source's order), deletes the rest and creates what
 * is still missing; an every-level item already present is not created again.
 */
function planKeyed<T>(source: readonly T[], baseline: readonly T[], items: EveryLevelItems<T>): KeyedRewrite<T> {
  const current = currentList(baseline, items);
  const wanted = source.map(items.key);
  const remove: number[] = [];
  let next = 0;
  current.forEach((item, i) => {
    if (next < wanted.length && items.key(item) === wanted[next]) {
      next++;
      return;
    }
    remove.push(i);
    if (items.onEveryLevel(item)) {
      items.removed.add(items.key(item));
      items.present.delete(items.key(item));
    }
  });
  const create: T[] = [];
  for (const item of source.slice(next)) {
    if (items.onEveryLevel(item)) {
      const k = items.key(item);
      if (items.present.has(k)) continue;
      items.present.add(k);
      items.removed.delete(k);
      items.added.push(item);
    }
    create.push(item);
  }
  return { delete: remove, create, currentCount: current.length };
}

/**
 * Plans the sync of `source` into a target whose export is `target` and which has `targetLevelCount`
 * levels (the level manager's count; the export may lag behind it).
 *
 * @example
 * ```ts
 * const plan = planSync(source, await admin.exportScenario(123), (await admin.listLevels(123)).length);
 * if (isZero(plan.expected)) console.log('already identical');
 * ```
 */
export function planSync(source: ScenarioDocument, target: ScenarioDocument, targetLevelCount: number): SyncPlan {
  const expected = emptyStats();
  const levelsToCreate = Math.max(0, source.levels.length - targetLevelCount);
  expected.levels_created = levelsToCreate;
  const bonuses = everyLevelItems(target, (l) => l.bonuses, bonusKey, (b) => b.levels.kind === 'all');
  const messages = everyLevelItems(target, (l) => l.messages, messageKey, (m) => m.all_levels);
  const levels = source.levels.map((level, i): LevelPlan => {
    const position = i + 1;
    const existing = i < targetLevelCount ? target.levels[i] : undefined;
    const baseline = existing ?? blankLevel(position);
    const parts = new Set(compareLevel(position, level, baseline).map((d) => d.part as LevelPart));
    // An export shows the sector rule only next to sectors, so a level without sectors may hold
    // a rule the baseline cannot see: whenever sectors are rewritten, the rule is written too.
    if (parts.has('sectors')) parts.add('sector_rule');
    // Planned on every level, matching or not: an every-level item created or deleted on an
    // earlier level changes this level's list too.
    const levelBonuses = planKeyed(level.bonuses, baseline.bonuses, bonuses);
    const levelMessages = planKeyed(level.messages, baseline.messages, messages);
    if (parts.has('name') || parts.has('comment')) expected.names_updated++;
    if (parts.has('autopass')) expected.autopass_updated++;
    if (parts.has('sector_rule')) expected.sector_rules_updated++;
    if (parts.has('tasks')) {
      expected.tasks_deleted += baseline.tasks.length;
      expected.tasks_created += level.tasks.length;
    }
    if (parts.has('hints')) {
      expected.hints_deleted += baseline.hints.length;
      expected.hints_created += level.hints.length;
    }
    if (parts.has('penalty_hints')) {
      expected.hints_deleted += baseline.penalty_hints.length;
      expected.hints_created += level.penalty_hints.length;
    }
    expected.bonuses_deleted += levelBonuses.delete.length;
    expected.bonuses_created += levelBonuses.create.length;
    expected.messages_deleted += levelMessages.delete.length;
    expected.messages_created += levelMessages.create.length;
    if (parts.has('sectors')) {
      expected.sectors_deleted += countedSectors(baseline.sectors).length;
      expected.sectors_created += countedSectors(level.sectors).length;
    }
    return { position, source: level, target: baseline, parts, bonuses: levelBonuses, messages: levelMessages };
  });
  return { levelsToCreate, levels, expected };
}
