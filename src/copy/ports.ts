/**
 * What the copy needs from the engine's admin side, as a narrow port: the scenario document (the
 * parsed `GameScenario.aspx` export) and the handful of reads and writes the sync performs. The
 * engine's admin API satisfies it; tests may pass any object that does.
 */

/** A plain hint: shown to everybody after `delay_seconds`. */
export interface ScenarioHint {
  title: string;
  /** Hint HTML as the editor stores it. */
  text: string;
  delay_seconds: number;
}

/** A penalty hint: taken on request, costs `penalty_seconds`. */
export interface ScenarioPenaltyHint extends ScenarioHint {
  penalty_seconds: number;
  request_confirm: boolean;
  comment: string;
}

/** A sector and its accepted answers (order kept, duplicates removed). */
export interface ScenarioSector {
  name: string;
  answers: string[];
}

export interface ScenarioBonus {
  number: number;
  name: string;
  /** Seconds of bonus time, or of penalty time when `negative`. */
  award_seconds: number;
  negative: boolean;
  /** Bonus task and hint HTML. */
  task: string;
  hint: string;
  answers: string[];
  /** True when the bonus is bound to every level rather than to its own one. */
  all_levels?: boolean;
}

export interface ScenarioLevel {
  /** 1-based level number. */
  number: number;
  name: string;
  autopass_seconds: number;
  autopass_penalty_seconds: number;
  /** Sectors needed to pass; 0 means all of them. */
  required_sectors_count: number;
  comment: string;
  /** Task HTML, in order. */
  tasks: string[];
  hints: ScenarioHint[];
  penalty_hints: ScenarioPenaltyHint[];
  sectors: ScenarioSector[];
  bonuses: ScenarioBonus[];
}

/** A whole game scenario, levels sorted by number. */
export interface ScenarioDocument {
  game_id: number;
  game_num: number;
  game_title: string;
  levels: ScenarioLevel[];
}

/** Ids of the objects on one level, as the level editor lists them (same order as the export). */
export interface LevelObjectIds {
  tasks: number[];
  hints: number[];
  penalty_hints: number[];
  bonuses: number[];
}

/** A sector as the sector list shows it. */
export interface SectorRef {
  id: number;
  name: string;
}

/** Cancellation for every call. */
export interface PortCallOptions {
  signal?: AbortSignal;
}

/**
 * The admin side of one domain, signed in with that domain's own session.
 *
 * @example
 * ```ts
 * const doc = await admin.readScenario(82864);
 * const ids = await admin.levelIds(123);
 * ```
 */
export interface AdminPort {
  /** The domain this session belongs to, lower-case (`svk.en.cx`). */
  readonly domain: string;
  /** Throws when the session has no admin rights (redirected to the login page). */
  verifyAdminSession(opts?: PortCallOptions): Promise<void>;
  /** The whole scenario export of a game, parsed. */
  readScenario(gameId: number, opts?: PortCallOptions): Promise<ScenarioDocument>;
  /** Level ids by position (1-based position = level number). */
  levelIds(gameId: number, opts?: PortCallOptions): Promise<number[]>;
  createLevels(gameId: number, count: number, opts?: PortCallOptions): Promise<void>;
  setNameAndComment(gameId: number, level: number, name: string, comment: string, opts?: PortCallOptions): Promise<void>;
  setAutopass(gameId: number, level: number, seconds: number, penaltySeconds: number, opts?: PortCallOptions): Promise<void>;
  /** `required` 0 = every sector. */
  setSectorRule(gameId: number, level: number, required: number, opts?: PortCallOptions): Promise<void>;
  levelObjects(gameId: number, level: number, opts?: PortCallOptions): Promise<LevelObjectIds>;
  createTask(gameId: number, level: number, html: string, opts?: PortCallOptions): Promise<void>;
  deleteTask(gameId: number, level: number, taskId: number, opts?: PortCallOptions): Promise<void>;
  createHint(gameId: number, level: number, hint: ScenarioHint, opts?: PortCallOptions): Promise<void>;
  createPenaltyHint(gameId: number, level: number, hint: ScenarioPenaltyHint, opts?: PortCallOptions): Promise<void>;
  /** Deletes a plain or a penalty hint (the engine needs both delete forms). */
  deleteHint(gameId: number, level: number, hintId: number, opts?: PortCallOptions): Promise<void>;
  /** `levelId` = the target level's id, or `'all'` for a bonus on every level. */
  createBonus(gameId: number, level: number, bonus: ScenarioBonus, levelId: number | 'all', opts?: PortCallOptions): Promise<void>;
  deleteBonus(gameId: number, level: number, bonusId: number, opts?: PortCallOptions): Promise<void>;
  sectors(gameId: number, level: number, opts?: PortCallOptions): Promise<SectorRef[]>;
  sectorAnswers(gameId: number, level: number, sectorId: number, opts?: PortCallOptions): Promise<string[]>;
  /** Creates a sector holding only `firstAnswer`. */
  createSector(gameId: number, level: number, name: string, firstAnswer: string, opts?: PortCallOptions): Promise<void>;
  /** At most ten answers per call. */
  addSectorAnswers(gameId: number, level: number, sectorId: number, answers: string[], opts?: PortCallOptions): Promise<void>;
  deleteSector(gameId: number, level: number, sectorId: number, opts?: PortCallOptions): Promise<void>;
}
