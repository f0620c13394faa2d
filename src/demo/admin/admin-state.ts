/**
 * The fake engine's editor-side state: per game, its levels (with stable ids, in order), tasks,
 * hints and penalty hints, sectors with answers, bonuses (bound to a level id or to all levels)
 * and messages. Every admin page is rendered from this state and every admin write changes it,
 * so what a client writes is exactly what it reads back.
 */
import { formatRussianDuration } from '../../engine/admin/durations.js';
import type { ScenarioDocument, ScenarioLevel } from '../../engine/admin/types.js';

export interface FakeTask {
  id: number;
  html: string;
}
export interface FakeHint {
  id: number;
  text: string;
  delaySeconds: number;
}
export interface FakePenaltyHint extends FakeHint {
  penaltySeconds: number;
  requestConfirm: boolean;
  comment: string;
  /** A team has paid for it: the engine then refuses to delete it. */
  taken: boolean;
}
export interface FakeSector {
  id: number;
  /** '' for the implicit sector of a level without named sectors. */
  name: string;
  answers: Array<{ id: number; text: string }>;
  /** Teams have started it: the engine then refuses to delete it. */
  started: boolean;
}
export interface FakeAdminLevel {
  id: number;
  name: string;
  comment: string;
  autopassSeconds: number;
  autopassPenaltySeconds: number;
  /** 0 = all sectors. */
  requiredSectors: number;
  tasks: FakeTask[];
  hints: FakeHint[];
  penaltyHints: FakePenaltyHint[];
  sectors: FakeSector[];
}
export interface FakeBonus {
  id: number;
  /** The level id it counts on, or every level. */
  levelId: number | 'all';
  name: string;
  task: string;
  hint: string;
  awardSeconds: number;
  negative: boolean;
  answers: string[];
}
export interface FakeMessage {
  id: number;
  levelId: number | 'all';
  text: string;
}
export interface FakeAdminGame {
  id: number;
  number: number;
  title: string;
  levels: FakeAdminLevel[];
  bonuses: FakeBonus[];
  messages: FakeMessage[];
  /** Logins (lower-case) with editor rights. */
  editors: string[];
  /** The game has participants: level settings (autopass) are then silently kept. */
  hasParticipants: boolean;
}

/** A game to preload: its scenario and who may edit it. */
export interface AdminGameSeed {
  scenario: ScenarioDocument;
  editors: readonly string[];
  hasParticipants?: boolean;
}

/** Id ranges per kind, so an id in a log says what it is. */
const FIRST_ID = { level: 1_400_001, item: 3_000_001 } as const;

/**
 * Every admin game of one fake domain.
 *
 * @example
 * ```ts
 * const games = new FakeAdminGames([{ scenario, editors: ['author'] }]);
 * games.scenario(scenario.game_id); // the same document back
 * ```
 */
export class FakeAdminGames {
  private readonly games = new Map<number, FakeAdminGame>();
  private nextLevelId: number = FIRST_ID.level;
  private nextItemId: number = FIRST_ID.item;

  constructor(seeds: readonly AdminGameSeed[] = []) {
    for (const seed of seeds) this.add(seed);
  }

  /** Add (or replace) a game from a scenario document. */
  add(seed: AdminGameSeed): FakeAdminGame {
    const doc = seed.scenario;
    const game: FakeAdminGame = {
      id: doc.game_id,
      number: doc.game_num,
      title: doc.game_title,
      levels: [],
      bonuses: [],
      messages: [],
      editors: seed.editors.map((e) => e.toLowerCase()),
      hasParticipants: seed.hasParticipants ?? false,
    };
    const levels = [...doc.levels].sort((a, b) => a.number - b.number);
    for (const l of levels) game.levels.push(this.levelFrom(l));
    // An "all levels" bonus or message shows on every level of an export: keep it once.
    const seenAll = new Set<string>();
    levels.forEach((l, i) => {
      const levelId = game.levels[i]!.id;
      for (const b of l.bonuses) {
        const all = b.levels.kind === 'all';
        const key = JSON.stringify([b.name, b.task, b.hint, b.award_seconds, b.negative, b.answers]);
        if (all && seenAll.has(key)) continue;
        if (all) seenAll.add(key);
        game.bonuses.push({
          id: this.itemId(),
          levelId: all ? 'all' : levelId,
          name: b.name,
          task: b.task,
          hint: b.hint,
          awardSeconds: b.award_seconds,
          negative: b.negative,
          answers: [...b.answers],
        });
      }
      for (const m of l.messages) {
        const key = `message|${m.text}`;
        if (m.all_levels && seenAll.has(key)) continue;
        if (m.all_levels) seenAll.add(key);
        game.messages.push({ id: this.itemId(), levelId: m.all_levels ? 'all' : levelId, text: m.text });
      }
    });
    this.games.set(game.id, game);
    return game;
  }

  /** Every game, in the order they were added. */
  all(): FakeAdminGame[] {
    return [...this.games.values()];
  }

  get(gameId: number): FakeAdminGame | undefined {
    return this.games.get(gameId);
  }

  /** A fresh empty level with a new id. */
  newLevel(number: number): FakeAdminLevel {
    return {
      id: this.nextLevelId++,
      name: `Уровень ${number}`,
      comment: '',
      autopassSeconds: 0,
      autopassPenaltySeconds: 0,
      requiredSectors: 0,
      tasks: [],
      hints: [],
      penaltyHints: [],
      sectors: [],
    };
  }

  /** A new id for a task, hint, bonus, sector, answer or message. */
  itemId(): number {
    return this.nextItemId++;
  }

  /**
   * The game as a scenario document, straight from the state (what a correct export must
   * parse to).
   */
  scenario(gameId: number): ScenarioDocument | undefined {
    const game = this.games.get(gameId);
    if (!game) return undefined;
    return {
      game_id: game.id,
      game_num: game.number,
      game_title: game.title,
      levels: game.levels.map((level, i) => ({
        number: i + 1,
        name: level.name,
        autopass_seconds: level.autopassSeconds,
        autopass_penalty_seconds: level.autopassSeconds > 0 ? level.autopassPenaltySeconds : 0,
        required_sectors_count: level.requiredSectors,
        comment: level.comment,
        tasks: level.tasks.map((t) => t.html),
        hints: level.hints.map((h, n) => ({ title: hintTitle(n + 1, h.delaySeconds, false), text: h.text, delay_seconds: h.delaySeconds })),
        penalty_hints: level.penaltyHints.map((h, n) => ({
          title: hintTitle(n + 1, h.delaySeconds, true),
          text: h.text,
          delay_seconds: h.delaySeconds,
          penalty_seconds: h.penaltySeconds,
          request_confirm: h.requestConfirm,
          comment: h.comment,
        })),
        sectors: level.sectors.map((s) => ({ name: s.name, answers: dedupe(s.answers.map((a) => a.text)) })),
        bonuses: bonusesOn(game, level.id).map((b, n) => ({
          number: n + 1,
          name: b.name,
          award_seconds: b.awardSeconds,
          negative: b.negative,
          task: b.task,
          hint: b.hint,
          answers: dedupe(b.answers),
          levels: b.levelId === 'all' ? { kind: 'all' as const } : { kind: 'own' as const },
        })),
        messages: messagesOn(game, level.id).map((m) => ({ text: m.text, all_levels: m.levelId === 'all' })),
      })),
    };
  }

  private levelFrom(l: ScenarioLevel): FakeAdminLevel {
    const level = this.newLevel(l.number);
    level.name = l.name;
    level.comment = l.comment;
    level.autopassSeconds = l.autopass_seconds;
    level.autopassPenaltySeconds = l.autopass_seconds > 0 ? l.autopass_penalty_seconds : 0;
    level.requiredSectors = l.required_sectors_count;
    level.tasks = l.tasks.map((html) => ({ id: this.itemId(), html }));
    level.hints = l.hints.map((h) => ({ id: this.itemId(), text: h.text, delaySeconds: h.delay_seconds }));
    level.penaltyHints = l.penalty_hints.map((h) => ({
      id: this.itemId(),
      text: h.text,
      delaySeconds: h.delay_seconds,
      penaltySeconds: h.penalty_seconds,
      requestConfirm: h.request_confirm,
      comment: h.comment,
      taken: false,
    }));
    level.sectors = l.sectors.map((s) => ({
      id: this.itemId(),
      name: s.name,
      answers: dedupe(s.answers).map((text) => ({ id: this.itemId(), text })),
      started: false,
    }));
    return level;
  }
}

/** Bonuses that show on a level: its own and the all-levels ones, in creation order. */
export function bonusesOn(game: FakeAdminGame, levelId: number): FakeBonus[] {
  return game.bonuses.filter((b) => b.levelId === 'all' || b.levelId === levelId);
}

/** Messages that show on a level, in creation order. */
export function messagesOn(game: FakeAdminGame, levelId: number): FakeMessage[] {
  return game.messages.filter((m) => m.levelId === 'all' || m.levelId === levelId);
}

/** `Подсказка №1 для всех (15 минут)` / `Штрафная подсказка №1 для всех (…)`. */
export function hintTitle(n: number, delaySeconds: number, penalty: boolean): string {
  return `${penalty ? 'Штрафная подсказка' : 'Подсказка'} №${n} для всех (${formatRussianDuration(delaySeconds)})`;
}

function dedupe(values: readonly string[]): string[] {
  return [...new Set(values)];
}
