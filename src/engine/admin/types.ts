/**
 * The admin (editor) side of the legacy engine as typed data: the scenario export of a game, the
 * structure of a game an editor is about to write into, and every write a game copy needs.
 *
 * The scenario document keeps the field names the reference tooling uses for the export
 * (`game_id`, `autopass_seconds`, `required_sectors_count`, …) so a scenario saved by one tool
 * reads the same in another. Everything here is plain data: no I/O, no Node.
 */
import type { CallOptions } from '../engine.js';

// ---------------------------------------------------------------------------------------------
// The scenario export (`GameScenario.aspx?gid=G`)

/** A whole game's scenario as the export shows it, levels sorted by number. */
export interface ScenarioDocument {
  game_id: number;
  /** The game's number on its domain (`lblGameNumber`); 0 when the page does not show it. */
  game_num: number;
  game_title: string;
  levels: ScenarioLevel[];
}

/** One level of the export. Texts are the engine's HTML, verbatim (nested tags kept). */
export interface ScenarioLevel {
  /** 1-based position in the game. */
  number: number;
  /** Verbatim, trailing spaces included; the engine shows `Уровень N` for an empty name. */
  name: string;
  /** 0 = no autopass. */
  autopass_seconds: number;
  /** Penalty added when the autopass fires; 0 = none. */
  autopass_penalty_seconds: number;
  /** Sectors needed to pass the level; 0 = all of them. */
  required_sectors_count: number;
  /** Organiser comment (HTML); '' when absent. */
  comment: string;
  /** Task texts (HTML), in order. A level holds one general task; more are per-team tasks. */
  tasks: string[];
  hints: ScenarioHint[];
  penalty_hints: ScenarioPenaltyHint[];
  /**
   * Sectors with their answers. A level without explicit sectors still has ONE implicit sector
   * (its name is '') holding the level's answers.
   */
  sectors: ScenarioSector[];
  bonuses: ScenarioBonus[];
  /** Organiser messages shown on this level. */
  messages: ScenarioMessage[];
}

export interface ScenarioHint {
  /** As shown: `Подсказка №1 для всех (1 час 5 минут)`. */
  title: string;
  /** HTML. */
  text: string;
  /** Seconds after the level starts. */
  delay_seconds: number;
}

export interface ScenarioPenaltyHint extends ScenarioHint {
  /** Penalty added when a team takes it. */
  penalty_seconds: number;
  /** The engine asks the player to confirm before giving it. */
  request_confirm: boolean;
  /** `Описание`: shown to players before they take it. */
  comment: string;
}

export interface ScenarioSector {
  /** '' for the implicit sector of a sector-less level. */
  name: string;
  /** Answer texts, de-duplicated, in their order. */
  answers: string[];
}

/** Where a bonus counts. */
export type BonusLevelBinding =
  /** Only on the level it is listed under (the usual case). */
  | { kind: 'own' }
  /** On every level of the game: copied once, not once per level. */
  | { kind: 'all' };

export interface ScenarioBonus {
  /** Number within its level, 1-based. */
  number: number;
  name: string;
  /** Time the bonus gives (or takes, when `negative`), always ≥ 0. */
  award_seconds: number;
  /** A penalty bonus: `award_seconds` is added to the team's time. */
  negative: boolean;
  /** HTML; '' when absent. */
  task: string;
  /** HTML shown after the bonus is answered; '' when absent. */
  hint: string;
  answers: string[];
  levels: BonusLevelBinding;
}

export interface ScenarioMessage {
  /** HTML. */
  text: string;
  /** Shown on every level rather than on chosen ones. */
  all_levels: boolean;
}

// ---------------------------------------------------------------------------------------------
// The target game's structure (what an editor sees before writing)

/** One row of `LevelManager.aspx?gid=G`: level ids by position. */
export interface AdminLevelRef {
  /** The engine's level id (stable per level). */
  id: number;
  /** 1-based position = level number. */
  number: number;
  name: string;
}

/** What `LevelEditor.aspx?gid=G&level=N` shows about one level. */
export interface AdminLevelEditor {
  level_number: number;
  /** Ids of the level's objects, in page order, for updates and deletes. */
  task_ids: number[];
  hint_ids: number[];
  penalty_hint_ids: number[];
  bonus_ids: number[];
  message_ids: number[];
  /** From the `lnkAdjustAutopass` link; 0 = none. */
  autopass_seconds: number;
  autopass_penalty_seconds: number;
  /** 0 = all sectors. */
  required_sectors_count: number;
}

/** A sector as the editor lists it (`ALoader/LevelInfo.aspx …&object=3`, then its answers). */
export interface AdminSector {
  id: number;
  name: string;
  answers: AdminAnswer[];
}

export interface AdminAnswer {
  /** The engine's answer id (the `txtAnswer_{id}` field). */
  id: number;
  text: string;
}

// ---------------------------------------------------------------------------------------------
// Writes

/** Autopass of a level; zero seconds turns it off. */
export interface AutopassWrite {
  seconds: number;
  /** Added when the autopass fires; 0 = none. */
  penalty_seconds: number;
}

export interface HintWrite {
  /** HTML or plain text (plain text has its line breaks kept by the engine). */
  text: string;
  delay_seconds: number;
}

export interface PenaltyHintWrite extends HintWrite {
  penalty_seconds: number;
  request_confirm: boolean;
  comment: string;
}

export interface BonusWrite {
  name: string;
  task: string;
  hint: string;
  award_seconds: number;
  negative: boolean;
  answers: string[];
  /** `own` binds the bonus to the level it is created on (by that level's id). */
  levels: BonusLevelBinding;
}

export interface MessageWrite {
  text: string;
  all_levels: boolean;
}

/** Answers one sector-answers POST may carry; the engine drops the rest. */
export const MAX_ANSWERS_PER_POST = 10;
/** Levels one create call may ask for. */
export const MAX_LEVELS_PER_CREATE = 30;

// ---------------------------------------------------------------------------------------------
// The admin API

/** Options of the HTML sign-in. */
export interface AdminSignInOptions extends CallOptions {
  /** CAPTCHA digits, when a previous attempt asked for them. */
  captcha?: string;
}

/**
 * Everything a game copy does on one domain's admin side. Every write reads back what it needs
 * to prove it took effect: a write the engine silently ignores raises `AdminRefusedError`
 * instead of resolving. All game and level arguments are the engine's (game id, level NUMBER)
 * unless a name says `levelId`.
 *
 * @example
 * ```ts
 * const admin: AdminApi = client.admin;
 * await admin.checkSession();
 * const doc = await admin.exportScenario(82864);
 * const levels = await admin.listLevels(123);
 * ```
 */
export interface AdminApi {
  /** Site host, e.g. `svk.en.cx`. */
  readonly domain: string;

  // Session
  /** HTML sign-in through `Login.aspx`, then the admin-session check. */
  signIn(login: string, password: string, opts?: AdminSignInOptions): Promise<void>;
  /** Resolves when the session opens the admin pages; throws SessionExpiredError otherwise. */
  checkSession(opts?: CallOptions): Promise<void>;

  // Reads
  /** The scenario export, parsed. Throws AdminAccessDeniedError without editor rights. */
  exportScenario(gameId: number, opts?: CallOptions): Promise<ScenarioDocument>;
  /** Level ids by position (`LevelManager`). An empty game gives []. */
  listLevels(gameId: number, opts?: CallOptions): Promise<AdminLevelRef[]>;
  /** One level's editor page. */
  readLevel(gameId: number, levelNumber: number, opts?: CallOptions): Promise<AdminLevelEditor>;
  /** Sectors of a level with their answers, in order. */
  listSectors(gameId: number, levelNumber: number, opts?: CallOptions): Promise<AdminSector[]>;

  // Levels
  /** Append `count` empty levels (batched by MAX_LEVELS_PER_CREATE); resolves to the new list. */
  createLevels(gameId: number, count: number, opts?: CallOptions): Promise<AdminLevelRef[]>;
  /** Name and comment of one level; an empty name becomes `Уровень N` on the engine. */
  setNameAndComment(gameId: number, levelNumber: number, name: string, comment: string, opts?: CallOptions): Promise<void>;
  /** Autopass; re-read and compared (ignored once a game has participants). */
  setAutopass(gameId: number, levelNumber: number, autopass: AutopassWrite, opts?: CallOptions): Promise<void>;
  /** Sectors needed to pass; 0 = all. */
  setRequiredSectors(gameId: number, levelNumber: number, count: number, opts?: CallOptions): Promise<void>;

  // Tasks, hints, bonuses, messages
  /** Add the level's task; resolves to its id. Refused when the level already has one. */
  createTask(gameId: number, levelNumber: number, html: string, opts?: CallOptions): Promise<number>;
  updateTask(gameId: number, levelNumber: number, taskId: number, html: string, opts?: CallOptions): Promise<void>;
  deleteTask(gameId: number, levelNumber: number, taskId: number, opts?: CallOptions): Promise<void>;
  /** Resolves to the new hint's id. */
  createHint(gameId: number, levelNumber: number, hint: HintWrite, opts?: CallOptions): Promise<number>;
  createPenaltyHint(gameId: number, levelNumber: number, hint: PenaltyHintWrite, opts?: CallOptions): Promise<number>;
  /** Deletes a hint or a penalty hint (both forms are sent, as the engine needs). */
  deleteHint(gameId: number, levelNumber: number, hintId: number, opts?: CallOptions): Promise<void>;
  /** Resolves to the new bonus's id. */
  createBonus(gameId: number, levelNumber: number, bonus: BonusWrite, opts?: CallOptions): Promise<number>;
  deleteBonus(gameId: number, levelNumber: number, bonusId: number, opts?: CallOptions): Promise<void>;
  createMessage(gameId: number, levelNumber: number, message: MessageWrite, opts?: CallOptions): Promise<number>;
  deleteMessage(gameId: number, levelNumber: number, messageId: number, opts?: CallOptions): Promise<void>;

  // Sectors
  /**
   * Create a sector with its first answer, find its id by comparing the sector list before and
   * after, add the remaining answers (≤ MAX_ANSWERS_PER_POST per request), re-read and compare
   * the answer set. Resolves to the sector as read back.
   */
  createSector(gameId: number, levelNumber: number, name: string, answers: readonly string[], opts?: CallOptions): Promise<AdminSector>;
  /** Add answers to an existing sector (batched), then re-read and check they are there. */
  addSectorAnswers(gameId: number, levelNumber: number, sectorId: number, answers: readonly string[], opts?: CallOptions): Promise<AdminSector>;
  /** Throws SectorStartedError when teams have begun it. */
  deleteSector(gameId: number, levelNumber: number, sectorId: number, opts?: CallOptions): Promise<void>;
}

/** Names of the AdminApi methods that change a game, for wrappers (pacing, fences, dry runs). */
export const ADMIN_MUTATING_METHODS = [
  'createLevels',
  'setNameAndComment',
  'setAutopass',
  'setRequiredSectors',
  'createTask',
  'updateTask',
  'deleteTask',
  'createHint',
  'createPenaltyHint',
  'deleteHint',
  'createBonus',
  'deleteBonus',
  'createMessage',
  'deleteMessage',
  'createSector',
  'addSectorAnswers',
  'deleteSector',
] as const satisfies ReadonlyArray<keyof AdminApi>;
