/**
 * One team's progress through one game, with the engine's rules (docs/engine-contract.md, «Play-page rules
 * the fake implements»): answer
 * matching, sectors and bonuses, level completion, autopass, hint timing, penalty hints and the
 * answer-block rule. Produces GameModel JSON in the engine's own shape. Time comes from an
 * injected clock so tests never sleep.
 */
import {
  DOTNET_EPOCH_OFFSET_MS,
  type AnswerInfo,
  type Bonus,
  type CodeAction,
  type EngineAction,
  type EngineDateTime,
  type GameModel,
  type Help,
  type Level,
} from '../engine/types.js';
import { decodeEntities } from '../html/entities.js';
import type { GameDefinition, LevelDefinition, UserDefinition } from './game-definition.js';

/** Moscow time (UTC+3): the domain-local zone of `LocDateTime` in the demo. */
const LOCAL_OFFSET_MS = 3 * 3600 * 1000;

/** The engine's DateTime for a Unix-ms instant. */
export function engineDateTime(unixMs: number): EngineDateTime {
  return { Value: unixMs + DOTNET_EPOCH_OFFSET_MS, Timestamp: Math.floor(unixMs / 1000) };
}

/** `dd.MM H:mm:ss` in the domain's local time. */
function localDateTime(unixMs: number): string {
  const d = new Date(unixMs + LOCAL_OFFSET_MS);
  const p2 = (n: number): string => String(n).padStart(2, '0');
  return `${p2(d.getUTCDate())}.${p2(d.getUTCMonth() + 1)} ${d.getUTCHours()}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}`;
}

/** Trim, decode HTML entities, collapse whitespace (non-breaking spaces too), lower-case (Unicode). */
export function normalizeAnswer(text: string): string {
  return decodeEntities(text).replace(/\s+/g, ' ').trim().toLocaleLowerCase('ru');
}

interface Closed {
  answer: string;
  at: number;
  user: UserDefinition;
}

interface LevelProgress {
  startedAt: number;
  passed: boolean;
  sectors: Map<number, Closed>;
  bonuses: Map<number, Closed>;
  penaltyTaken: Set<number>;
  /** Times of wrong level codes, per user id (team-wide rule uses all of them). */
  wrongAt: Array<{ at: number; userId: number }>;
  actions: CodeAction[];
}

export type ActionKind = 'level' | 'bonus';

export class GamePlay {
  private readonly progress: LevelProgress[];
  /** Index of the current level (linear games). */
  private current = 0;
  private nextActionId = 198_224_000;
  private penaltySeconds = 0;
  private bonusSeconds = 0;
  applied: boolean;

  constructor(
    readonly game: GameDefinition,
    private readonly startMs: number,
    private readonly now: () => number,
  ) {
    this.applied = !game.requiresApplication;
    this.progress = game.levels.map(() => ({
      startedAt: startMs,
      passed: false,
      sectors: new Map(),
      bonuses: new Map(),
      penaltyTaken: new Set(),
      wrongAt: [],
      actions: [],
    }));
  }

  get started(): boolean {
    return this.now() >= this.startMs;
  }

  get finished(): boolean {
    return this.progress.every((p) => p.passed);
  }

  /** Seconds until the start, or 0 once started. */
  get secondsToStart(): number {
    return Math.max(0, Math.ceil((this.startMs - this.now()) / 1000));
  }

  /** Apply autopass to every level whose timeout has run out (linear games only). */
  private advanceClock(): void {
    if (this.game.levelSequence === 3) return;
    for (;;) {
      const def = this.game.levels[this.current];
      const prog = this.progress[this.current];
      if (!def || !prog || prog.passed || !def.timeoutSeconds) return;
      const deadline = prog.startedAt + def.timeoutSeconds * 1000;
      if (this.now() < deadline) return;
      prog.passed = true;
      if ((def.timeoutAwardSeconds ?? 0) < 0) this.penaltySeconds += -(def.timeoutAwardSeconds ?? 0);
      this.moveOn(deadline);
    }
  }

  private moveOn(at: number): void {
    const next = this.current + 1;
    if (next < this.progress.length) {
      this.current = next;
      this.progress[next]!.startedAt = at;
    }
  }

  /** The level index a request refers to: storm `level=N`, or the current one. */
  private levelIndex(levelNumber?: number): number {
    if (this.game.levelSequence === 3 && levelNumber !== undefined && levelNumber >= 1 && levelNumber <= this.game.levels.length) {
      return levelNumber - 1;
    }
    if (this.game.levelSequence === 3) {
      const open = this.progress.findIndex((p) => !p.passed);
      return open >= 0 ? open : 0;
    }
    return this.current;
  }

  /** Id and number of the level a request would act on. */
  target(levelNumber?: number): { levelId: number; number: number } {
    this.advanceClock();
    const i = this.levelIndex(levelNumber);
    return { levelId: this.game.levels[i]!.id, number: i + 1 };
  }

  private blockSecondsLeft(def: LevelDefinition, prog: LevelProgress, user: UserDefinition): number {
    const rule = def.answerBlock;
    if (!rule) return 0;
    const now = this.now();
    const windowStart = now - rule.periodSeconds * 1000;
    const relevant = prog.wrongAt.filter((w) => w.at > windowStart && (rule.target === 2 || w.userId === user.id));
    if (relevant.length < rule.attempts) return 0;
    // Blocked until the oldest counted attempt leaves the window.
    const oldest = relevant[relevant.length - rule.attempts]!.at;
    return Math.max(0, Math.ceil((oldest + rule.periodSeconds * 1000 - now) / 1000));
  }

  private addAction(prog: LevelProgress, def: LevelDefinition, user: UserDefinition, kind: 1 | 2, answer: string, correct: boolean): void {
    const at = this.now();
    prog.actions.unshift({
      ActionId: this.nextActionId++,
      LevelId: def.id,
      LevelNumber: 0,
      UserId: user.id,
      Kind: kind,
      Login: user.login,
      Answer: answer,
      AnswForm: null,
      EnterDateTime: engineDateTime(at),
      LocDateTime: localDateTime(at),
      IsCorrect: correct,
      Award: null,
      LocAward: null,
      Penalty: 0,
      Negative: false,
    });
  }

  /**
   * Submit a code. Returns the verdict: true/false, or null when not processed (answer block,
   * stale level, passed level). `passedLevel` tells whether this code completed its level.
   */
  submit(kind: ActionKind, code: string, user: UserDefinition, levelNumber?: number, levelId?: number): { verdict: boolean | null; passedLevel: boolean } {
    this.advanceClock();
    const index = this.levelIndex(levelNumber);
    const def = this.game.levels[index]!;
    const prog = this.progress[index]!;
    if (prog.passed || (levelId !== undefined && levelId !== def.id)) return { verdict: null, passedLevel: false };
    const wanted = normalizeAnswer(code);
    const now = this.now();
    const availableBonuses = (def.bonuses ?? []).filter(
      (b) => !prog.bonuses.has(b.id) && now >= prog.startedAt + (b.delaySeconds ?? 0) * 1000,
    );
    const bonusHits = availableBonuses.filter((b) => b.answers.some((a) => normalizeAnswer(a) === wanted));

    if (kind === 'bonus') {
      for (const b of bonusHits) {
        prog.bonuses.set(b.id, { answer: code, at: now, user });
        this.bonusSeconds += b.negative ? -b.awardSeconds : b.awardSeconds;
      }
      this.addAction(prog, def, user, 2, code, bonusHits.length > 0);
      return { verdict: bonusHits.length > 0, passedLevel: false };
    }

    if (this.blockSecondsLeft(def, prog, user) > 0) return { verdict: null, passedLevel: false };
    let hit = false;
    if (def.sectors.length > 0) {
      const sector = def.sectors.find((s) => !prog.sectors.has(s.id) && s.answers.some((a) => normalizeAnswer(a) === wanted));
      if (sector) {
        prog.sectors.set(sector.id, { answer: code, at: now, user });
        this.addAction(prog, def, user, 1, code, true);
        hit = true;
      }
    } else if ((def.answers ?? []).some((a) => normalizeAnswer(a) === wanted)) {
      this.addAction(prog, def, user, 1, code, true);
      hit = true;
      prog.passed = true;
    }
    // Level codes also close bonuses unless the level has an answer-block rule.
    if (!def.answerBlock) {
      for (const b of bonusHits) {
        prog.bonuses.set(b.id, { answer: code, at: now, user });
        this.bonusSeconds += b.negative ? -b.awardSeconds : b.awardSeconds;
        this.addAction(prog, def, user, 2, code, true);
        hit = true;
      }
    }
    if (!hit) {
      this.addAction(prog, def, user, 1, code, false);
      prog.wrongAt.push({ at: now, userId: user.id });
    }
    if (!prog.passed && def.sectors.length > 0) {
      const required = def.requiredSectors && def.requiredSectors > 0 ? Math.min(def.requiredSectors, def.sectors.length) : def.sectors.length;
      if (prog.sectors.size >= required) prog.passed = true;
    }
    const passedLevel = prog.passed;
    if (passedLevel && this.game.levelSequence !== 3 && index === this.current) this.moveOn(now);
    return { verdict: hit, passedLevel };
  }

  /** Take a penalty hint; false when there is no such hint or it is not available yet. */
  takePenaltyHint(helpId: number, levelNumber?: number): boolean {
    this.advanceClock();
    const index = this.levelIndex(levelNumber);
    const def = this.game.levels[index]!;
    const prog = this.progress[index]!;
    const hint = (def.penaltyHints ?? []).find((h) => h.id === helpId);
    if (!hint || prog.penaltyTaken.has(helpId)) return false;
    if (this.now() < prog.startedAt + hint.delaySeconds * 1000) return false;
    prog.penaltyTaken.add(helpId);
    this.penaltySeconds += hint.penaltySeconds;
    return true;
  }

  /** Penalty and bonus seconds so far (for statistics). */
  get corrections(): { penaltySeconds: number; bonusSeconds: number } {
    return { penaltySeconds: this.penaltySeconds, bonusSeconds: this.bonusSeconds };
  }

  /** Level pass times, for statistics. */
  levelResults(): Array<{ levelId: number; number: number; name: string; passed: boolean; startedAt: number }> {
    return this.game.levels.map((l, i) => ({ levelId: l.id, number: i + 1, name: l.name, passed: this.progress[i]!.passed, startedAt: this.progress[i]!.startedAt }));
  }

  /** The GameModel JSON for `user`, in the engine's shape. */
  model(user: UserDefinition, teamName: string, isCaptain: boolean, event: number, action: EngineAction, levelNumber: number | undefined, expand: (html: string) => string): GameModel {
    this.advanceClock();
    const g = this.game;
    const base: GameModel = {
      Event: event,
      GameId: g.id,
      GameNumber: g.number,
      GameTitle: g.title,
      GameTypeId: g.gameTypeId,
      GameZoneId: g.zoneId,
      LevelSequence: g.levelSequence,
      UserId: event === 0 ? user.id : 0,
      TeamId: g.gameTypeId === 1 ? user.teamId : null,
      Login: user.login,
      TeamName: teamName,
      IsCaptain: isCaptain,
      GameDateTimeStart: String(Math.floor(this.startMs / 1000)),
      Levels: [],
      Level: null,
      EngineAction: action,
    };
    if (event !== 0) return base;
    base.Levels = g.levels.map((l, i) => ({
      LevelId: l.id,
      LevelNumber: i + 1,
      LevelName: l.name,
      Dismissed: false,
      IsPassed: this.progress[i]!.passed,
      Task: null,
      LevelAction: null,
    }));
    base.Level = this.level(this.levelIndex(levelNumber), user, expand);
    return base;
  }

  private level(index: number, user: UserDefinition, expand: (html: string) => string): Level {
    const def = this.game.levels[index]!;
    const prog = this.progress[index]!;
    const now = this.now();
    const elapsed = Math.floor((now - prog.startedAt) / 1000);
    const answerInfo = (c: Closed): AnswerInfo => ({
      Answer: c.answer,
      AnswerDateTime: engineDateTime(c.at),
      Login: c.user.login,
      UserId: c.user.id,
      LocDateTime: null,
    });
    const required = def.sectors.length === 0 ? 0 : def.requiredSectors && def.requiredSectors > 0 ? def.requiredSectors : def.sectors.length;
    const helps: Help[] = (def.hints ?? []).map((h, i) => {
      const remain = Math.max(0, h.delaySeconds - elapsed);
      return {
        HelpId: h.id,
        Number: i + 1,
        HelpText: remain > 0 ? null : expand(h.text),
        IsPenalty: false,
        Penalty: 0,
        PenaltyComment: null,
        RequestConfirm: false,
        PenaltyHelpState: 0,
        RemainSeconds: remain,
        PenaltyMessage: null,
      };
    });
    const penaltyHelps: Help[] = (def.penaltyHints ?? []).map((h, i) => {
      const taken = prog.penaltyTaken.has(h.id);
      return {
        HelpId: h.id,
        Number: i + 1,
        HelpText: taken ? expand(h.text) : null,
        IsPenalty: true,
        Penalty: h.penaltySeconds,
        PenaltyComment: h.comment,
        RequestConfirm: h.requestConfirm,
        PenaltyHelpState: taken ? 1 : 0,
        RemainSeconds: Math.max(0, h.delaySeconds - elapsed),
        PenaltyMessage: null,
      };
    });
    const bonuses: Bonus[] = (def.bonuses ?? []).map((b, i) => {
      const closed = prog.bonuses.get(b.id);
      const toStart = Math.max(0, (b.delaySeconds ?? 0) - elapsed);
      return {
        BonusId: b.id,
        Name: toStart > 0 ? null : b.name,
        Number: i + 1,
        Task: toStart > 0 ? null : expand(b.task),
        Help: closed ? expand(b.help) : null,
        IsAnswered: closed !== undefined,
        Expired: false,
        SecondsToStart: toStart,
        SecondsLeft: 0,
        AwardTime: b.awardSeconds,
        Negative: b.negative ?? false,
        Answer: closed ? answerInfo(closed) : null,
      };
    });
    const blocked = this.blockSecondsLeft(def, prog, user);
    return {
      LevelId: def.id,
      Number: index + 1,
      Name: def.name,
      Timeout: def.timeoutSeconds ?? 0,
      TimeoutSecondsRemain: def.timeoutSeconds ? Math.max(0, def.timeoutSeconds - elapsed) : 0,
      TimeoutAward: def.timeoutAwardSeconds ?? 0,
      IsPassed: prog.passed,
      Dismissed: false,
      StartTime: engineDateTime(prog.startedAt),
      HasAnswerBlockRule: def.answerBlock !== undefined,
      BlockDuration: blocked,
      BlockTargetId: def.answerBlock?.target ?? 0,
      AttemtsNumber: def.answerBlock?.attempts ?? 0,
      AttemtsPeriod: def.answerBlock?.periodSeconds ?? 0,
      RequiredSectorsCount: required,
      PassedSectorsCount: prog.sectors.size,
      SectorsLeftToClose: Math.max(0, required - prog.sectors.size),
      PassedBonusesCount: prog.bonuses.size,
      Tasks: def.tasks.map((t) => ({ ReplaceNlToBr: false, TaskText: expand(t), TaskTextFormatted: expand(t) })),
      Task: null,
      Messages: (def.messages ?? []).map((m) => ({
        OwnerId: 1438581,
        OwnerLogin: m.owner,
        MessageId: m.id,
        MessageText: m.text,
        WrappedText: m.text,
        ReplaceNl2Br: true,
      })),
      Sectors: def.sectors.map((s, i) => {
        const closed = prog.sectors.get(s.id);
        return { SectorId: s.id, Order: i + 1, Name: s.name, IsAnswered: closed !== undefined, Answer: closed ? answerInfo(closed) : null };
      }),
      Helps: helps,
      PenaltyHelps: penaltyHelps,
      Bonuses: bonuses,
      MixedActions: prog.actions.map((a) => ({ ...a })),
    };
  }
}

/** The EngineAction of a plain read. */
export function emptyEngineAction(gameId: number): EngineAction {
  return {
    LevelNumber: 0,
    LevelAction: { Answer: null, IsCorrectAnswer: null },
    BonusAction: { Answer: null, IsCorrectAnswer: null },
    PenaltyAction: { PenaltyId: 0, ActionType: 0 },
    GameId: gameId,
    LevelId: 0,
  };
}
