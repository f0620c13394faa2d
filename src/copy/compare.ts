/**
 * Level-by-level comparison of two scenarios under the copy's rule (texts normalised, hints,
 * bonuses and messages in order, sectors by position with answer sets, empty sector shells ignored). The same
 * keys decide what a sync rewrites and whether a fresh export of the target verifies.
 */
import { answerSetKey, effectiveLevelName, normaliseText } from './normalise.js';
import type { ScenarioBonus, ScenarioDocument, ScenarioHint, ScenarioLevel, ScenarioMessage, ScenarioPenaltyHint, ScenarioSector } from './ports.js';

/** The parts of a level a sync rewrites as a whole. */
export type LevelPart = 'name' | 'comment' | 'autopass' | 'sector_rule' | 'tasks' | 'hints' | 'penalty_hints' | 'bonuses' | 'messages' | 'sectors';

export interface Difference {
  /** 1-based level position; 0 for whole-game differences (level count, numbering). */
  level: number;
  part: LevelPart | 'level_count' | 'level_numbers';
  message: string;
}

/** Award as the editor's h:m:s fields hold it. */
function hms(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 3600)}:${Math.floor((s % 3600) / 60)}:${s % 60}`;
}

export const taskKey = (html: string): string => normaliseText(html);
export const hintKey = (h: ScenarioHint): string => `${h.delay_seconds}|${normaliseText(h.text)}`;
export const penaltyHintKey = (h: ScenarioPenaltyHint): string =>
  [h.delay_seconds, h.penalty_seconds, h.request_confirm ? 1 : 0, normaliseText(h.comment), normaliseText(h.text)].join('|');

/** What makes two bonuses the same: name, task, hint, award h:m:s, sign, answer set, binding. */
export function bonusKey(b: ScenarioBonus): string {
  return [
    normaliseText(b.name),
    normaliseText(b.task),
    normaliseText(b.hint),
    hms(b.award_seconds),
    b.negative ? 'negative' : 'positive',
    b.levels.kind,
    answerSetKey(b.answers),
  ].join('\u0001');
}

/** A message: its text and whether it shows on every level. */
export const messageKey = (m: ScenarioMessage): string => `${m.all_levels ? 'all' : 'own'}|${normaliseText(m.text)}`;

/** Sectors that count: a sector without answers is a shell (left behind once teams started it). */
export function countedSectors(sectors: readonly ScenarioSector[]): ScenarioSector[] {
  return sectors.filter((s) => answerSetKey(s.answers) !== '');
}

const sectorNameKey = (s: ScenarioSector): string => normaliseText(s.name).toLowerCase();

/** An empty level as a freshly created one looks; the baseline for levels the target lacks. */
export function blankLevel(number: number): ScenarioLevel {
  return {
    number,
    name: '',
    autopass_seconds: 0,
    autopass_penalty_seconds: 0,
    required_sectors_count: 0,
    comment: '',
    tasks: [],
    hints: [],
    penalty_hints: [],
    sectors: [],
    bonuses: [],
    messages: [],
  };
}

function quote(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}…` : text);
}

function compareLists<T>(level: number, part: LevelPart, noun: string, want: readonly T[], got: readonly T[], key: (item: T) => string): Difference[] {
  if (want.length !== got.length) return [{ level, part, message: `level ${level} ${noun}s: want ${want.length}, got ${got.length}` }];
  for (let i = 0; i < want.length; i++) {
    if (key(want[i]!) !== key(got[i]!)) return [{ level, part, message: `level ${level} ${noun} ${i + 1} differs` }];
  }
  return [];
}

function duplicates(keys: readonly string[]): number {
  return keys.length - new Set(keys).size;
}

function compareSectors(level: number, want: readonly ScenarioSector[], got: readonly ScenarioSector[]): Difference[] {
  const w = countedSectors(want);
  const g = countedSectors(got);
  const out: Difference[] = [];
  // Duplicate names or answer sets the source does not have mean a half-done earlier copy.
  if (duplicates(g.map(sectorNameKey)) > duplicates(w.map(sectorNameKey))) {
    out.push({ level, part: 'sectors', message: `level ${level} sectors: duplicate sector names` });
  }
  if (duplicates(g.map((s) => answerSetKey(s.answers))) > duplicates(w.map((s) => answerSetKey(s.answers)))) {
    out.push({ level, part: 'sectors', message: `level ${level} sectors: duplicate answer sets` });
  }
  if (w.length !== g.length) {
    out.push({ level, part: 'sectors', message: `level ${level} sectors: want ${w.length}, got ${g.length}` });
    return out;
  }
  for (let i = 0; i < w.length; i++) {
    if (sectorNameKey(w[i]!) !== sectorNameKey(g[i]!)) {
      out.push({ level, part: 'sectors', message: `level ${level} sector ${i + 1} name: want ${quote(w[i]!.name)}, got ${quote(g[i]!.name)}` });
      break;
    }
    if (answerSetKey(w[i]!.answers) !== answerSetKey(g[i]!.answers)) {
      out.push({ level, part: 'sectors', message: `level ${level} sector ${i + 1} answers differ` });
      break;
    }
  }
  return out;
}

/**
 * Differences between source level and target level at the same position (`position` is 1-based).
 *
 * @example
 * ```ts
 * compareLevel(1, sourceLevel, targetLevel); // [] when they match
 * ```
 */
export function compareLevel(position: number, want: ScenarioLevel, got: ScenarioLevel): Difference[] {
  const out: Difference[] = [];
  const n = position;
  const wantName = effectiveLevelName(want.name, n);
  const gotName = effectiveLevelName(got.name, n);
  if (wantName !== gotName) out.push({ level: n, part: 'name', message: `level ${n} name: want ${quote(wantName)}, got ${quote(gotName)}` });
  if (normaliseText(want.comment) !== normaliseText(got.comment)) out.push({ level: n, part: 'comment', message: `level ${n} comment differs` });
  if (want.autopass_seconds !== got.autopass_seconds || want.autopass_penalty_seconds !== got.autopass_penalty_seconds) {
    out.push({
      level: n,
      part: 'autopass',
      message: `level ${n} autopass: want ${want.autopass_seconds}s (penalty ${want.autopass_penalty_seconds}s), got ${got.autopass_seconds}s (penalty ${got.autopass_penalty_seconds}s)`,
    });
  }
  if (want.required_sectors_count !== got.required_sectors_count) {
    out.push({ level: n, part: 'sector_rule', message: `level ${n} required sectors: want ${want.required_sectors_count || 'all'}, got ${got.required_sectors_count || 'all'}` });
  }
  out.push(...compareLists(n, 'tasks', 'task', want.tasks, got.tasks, taskKey));
  out.push(...compareLists(n, 'hints', 'hint', want.hints, got.hints, hintKey));
  out.push(...compareLists(n, 'penalty_hints', 'penalty hint', want.penalty_hints, got.penalty_hints, penaltyHintKey));
  out.push(...compareLists(n, 'bonuses', 'bonus', want.bonuses, got.bonuses, bonusKey));
  out.push(...compareLists(n, 'messages', 'message', want.messages, got.messages, messageKey));
  out.push(...compareSectors(n, want.sectors, got.sectors));
  return out;
}

/**
 * Every difference between a source scenario and a fresh export of the target: level count,
 * duplicate level numbers, then level by level. Zero differences is the only verified outcome.
 *
 * @example
 * ```ts
 * const diffs = compareScenarios(source, await target.exportScenario(123));
 * const verified = diffs.length === 0;
 * ```
 */
export function compareScenarios(source: ScenarioDocument, target: ScenarioDocument): Difference[] {
  const out: Difference[] = [];
  const numbers = target.levels.map((l) => l.number);
  const repeated = [...new Set(numbers.filter((v, i) => numbers.indexOf(v) !== i))];
  if (repeated.length > 0) out.push({ level: 0, part: 'level_numbers', message: `duplicate level numbers: ${repeated.join(', ')}` });
  if (source.levels.length !== target.levels.length) {
    out.push({ level: 0, part: 'level_count', message: `level count: want ${source.levels.length}, got ${target.levels.length}` });
  }
  source.levels.forEach((level, i) => {
    const got = target.levels[i];
    if (!got) out.push({ level: i + 1, part: 'name', message: `level ${i + 1} is missing` });
    else out.push(...compareLevel(i + 1, level, got));
  });
  return out;
}
