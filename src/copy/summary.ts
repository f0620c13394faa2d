/**
 * The counts a scenario is summarised by before a copy (and in a copy's result), so a user can
 * check "12 levels, 40 sectors" against what they expect before anything is written.
 */
import { bonusKey, countedSectors } from './compare.js';
import { normaliseText } from './normalise.js';
import type { ScenarioDocument } from './ports.js';

export interface ScenarioSummary {
  /** Where the scenario was read: the export page of the source game. */
  source_path: string;
  source_domain: string;
  source_game_id: number;
  title: string;
  levels: number;
  tasks: number;
  hints: number;
  penalty_hints: number;
  /** Sectors holding at least one answer. */
  sectors: number;
  /** Bonuses; one bound to every level counts once. */
  bonuses: number;
  /** Levels with a non-blank comment. */
  comments: number;
  /** Pictures and files carried inside the content as `data:` URLs. */
  embedded_assets: number;
  /** References to a browser-saved page's `…_files/` folder: not on the engine, they will not load. */
  missing_assets: number;
}

const DATA_URL = /\b(?:src|href)\s*=\s*["']?\s*data:/gi;
const SAVED_PAGE_FILE = /\b(?:src|href)\s*=\s*["']?\s*(?:\.\/)?[^"'\s>]*_files\//gi;

function countMatches(texts: readonly string[], pattern: RegExp): number {
  return texts.reduce((sum, text) => sum + (text.match(pattern)?.length ?? 0), 0);
}

/**
 * @example
 * ```ts
 * summarizeScenario(doc, 'svk.en.cx', 82864); // { levels: 12, sectors: 40, … }
 * ```
 */
export function summarizeScenario(doc: ScenarioDocument, domain: string, gameId: number): ScenarioSummary {
  const contents: string[] = [];
  const allLevelBonuses = new Set<string>();
  let bonuses = 0;
  for (const level of doc.levels) {
    contents.push(level.comment, ...level.tasks, ...level.hints.map((h) => h.text), ...level.penalty_hints.map((h) => h.text), ...level.messages.map((m) => m.text));
    for (const bonus of level.bonuses) {
      contents.push(bonus.task, bonus.hint);
      if (bonus.levels.kind !== 'all') bonuses++;
      else allLevelBonuses.add(bonusKey(bonus));
    }
  }
  return {
    source_path: `https://${domain}/GameScenario.aspx?gid=${gameId}`,
    source_domain: domain,
    source_game_id: gameId,
    title: doc.game_title,
    levels: doc.levels.length,
    tasks: doc.levels.reduce((s, l) => s + l.tasks.length, 0),
    hints: doc.levels.reduce((s, l) => s + l.hints.length, 0),
    penalty_hints: doc.levels.reduce((s, l) => s + l.penalty_hints.length, 0),
    sectors: doc.levels.reduce((s, l) => s + countedSectors(l.sectors).length, 0),
    bonuses: bonuses + allLevelBonuses.size,
    comments: doc.levels.filter((l) => normaliseText(l.comment) !== '').length,
    embedded_assets: countMatches(contents, DATA_URL),
    missing_assets: countMatches(contents, SAVED_PAGE_FILE),
  };
}
