/**
 * What a sync would change, decided from the source and the target's own export before anything
 * is written. Pure: the dry run prints it, the sync executes it. Levels are aligned by position;
 * only parts that differ are rewritten; extra target levels are never touched.
 */
import { blankLevel, bonusKey, compareLevel, countedSectors, type LevelPart } from './compare.js';
import type { ScenarioBonus, ScenarioDocument, ScenarioLevel } from './ports.js';

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
  };
}

/** True when a run changed (or a plan would change) nothing. */
export function isZero(stats: CopyStats): boolean {
  return Object.values(stats).every((v) => v === 0);
}

/** The rewrite of one level's bonuses: which target bonuses go (by position), which source ones come. */
export interface BonusRewrite {
  /** Positions (0-based) in the target level's bonus list to delete. */
  delete: number[];
  /** Source bonuses to create, in source order. */
  create: ScenarioBonus[];
}

export interface LevelPlan {
  /** 1-based position, the level number in both games. */
  position: number;
  source: ScenarioLevel;
  /** The target level as its export shows it (a blank level when it is yet to be created). */
  target: ScenarioLevel;
  /** Parts that differ and will be rewritten. */
  parts: Set<LevelPart>;
  bonuses: BonusRewrite;
}

export interface SyncPlan {
  levelsToCreate: number;
  levels: LevelPlan[];
  /** What executing the plan will count. */
  expected: CopyStats;
}

/**
 * Keeps the target bonuses that already appear in source order (a greedy in-order match, so the
 * result reads in the source's order), deletes the rest and creates what is still missing.
 * An "all levels" bonus already in the target or created for an earlier level (`createdAllLevels`)
 * is not created again.
 */
function planBonuses(source: readonly ScenarioBonus[], target: readonly ScenarioBonus[], createdAllLevels: Set<string>): BonusRewrite {
  const wanted = source.map(bonusKey);
  const remove: number[] = [];
  let next = 0;
  target.forEach((bonus, i) => {
    if (next < wanted.length && bonusKey(bonus) === wanted[next]) next++;
    else remove.push(i);
  });
  const create: ScenarioBonus[] = [];
  for (const bonus of source.slice(next)) {
    const key = bonusKey(bonus);
    if (bonus.all_levels === true) {
      if (createdAllLevels.has(key)) continue;
      createdAllLevels.add(key);
    }
    create.push(bonus);
  }
  return { delete: remove, create };
}

/**
 * Plans the sync of `source` into a target whose export is `target` and which has `targetLevelCount`
 * levels (the level manager's count; the export may lag behind it).
 *
 * @example
 * ```ts
 * const plan = planSync(source, await admin.readScenario(123), (await admin.levelIds(123)).length);
 * if (isZero(plan.expected)) console.log('already identical');
 * ```
 */
export function planSync(source: ScenarioDocument, target: ScenarioDocument, targetLevelCount: number): SyncPlan {
  const expected = emptyStats();
  const levelsToCreate = Math.max(0, source.levels.length - targetLevelCount);
  expected.levels_created = levelsToCreate;
  // A bonus bound to every level exists once however many levels list it: one already in the
  // target, or created for an earlier level, is not created again.
  const createdAllLevels = new Set(target.levels.flatMap((l) => l.bonuses.filter((b) => b.all_levels === true).map(bonusKey)));
  const levels = source.levels.map((level, i): LevelPlan => {
    const position = i + 1;
    const existing = i < targetLevelCount ? target.levels[i] : undefined;
    const baseline = existing ?? blankLevel(position);
    const parts = new Set(compareLevel(position, level, baseline).map((d) => d.part as LevelPart));
    const bonuses = parts.has('bonuses') ? planBonuses(level.bonuses, baseline.bonuses, createdAllLevels) : { delete: [], create: [] };
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
    expected.bonuses_deleted += bonuses.delete.length;
    expected.bonuses_created += bonuses.create.length;
    if (parts.has('sectors')) {
      expected.sectors_deleted += countedSectors(baseline.sectors).length;
      expected.sectors_created += countedSectors(level.sectors).length;
    }
    return { position, source: level, target: baseline, parts, bonuses };
  });
  return { levelsToCreate, levels, expected };
}
