/**
 * Typed results of the legacy Encounter engine (docs/engine-contract.md, «Game-model fields the
 * tools read»). The engine's own
 * PascalCase field names are kept verbatim here, in one place, so projections elsewhere map from
 * exactly what travels on the wire. Every field the engine may omit or null is optional, and
 * unknown keys are tolerated (the engine adds fields over time).
 */

/** `{Value, Timestamp}`: Value = ms since 0001-01-01 UTC (fractional allowed), Timestamp = Unix s. */
export interface EngineDateTime {
  Value: number;
  Timestamp?: number;
}

/** Milliseconds between 0001-01-01 and 1970-01-01 (the .NET epoch offset of `DateTime.Value`). */
export const DOTNET_EPOCH_OFFSET_MS = 62_135_596_800_000;

/** A .NET TimeSpan as the engine serialises it. */
export interface EngineDuration {
  Ticks?: number;
  Days?: number;
  Hours?: number;
  Milliseconds?: number;
  Minutes?: number;
  Seconds?: number;
  TotalDays?: number;
  TotalHours?: number;
  TotalMilliseconds?: number;
  TotalMinutes?: number;
  TotalSeconds?: number;
}

/** Who closed a sector or bonus, and when. */
export interface AnswerInfo {
  Answer: string;
  AnswerDateTime?: EngineDateTime | null;
  Login?: string | null;
  UserId?: number | null;
  LocDateTime?: string | null;
}

export interface Task {
  TaskText?: string | null;
  /** HTML to show. */
  TaskTextFormatted?: string | null;
  ReplaceNlToBr?: boolean;
}

/** An organiser message shown on a level. */
export interface Message {
  OwnerId?: number;
  OwnerLogin?: string | null;
  MessageId: number;
  MessageText?: string | null;
  WrappedText?: string | null;
  ReplaceNl2Br?: boolean;
}

export interface Sector {
  SectorId: number;
  Order: number;
  Name?: string | null;
  IsAnswered: boolean;
  /** null until closed; an object afterwards (some engines send a bare string). */
  Answer?: AnswerInfo | string | number | boolean | null;
}

export interface Bonus {
  BonusId: number;
  Number: number;
  Name?: string | null;
  Task?: string | null;
  /** The bonus hint; appears after the bonus is answered. */
  Help?: string | null;
  IsAnswered: boolean;
  /** No longer available. */
  Expired: boolean;
  /** > 0: not yet available. */
  SecondsToStart?: number;
  /** > 0: time left before it expires. */
  SecondsLeft?: number;
  /** Seconds of bonus (or penalty when Negative). */
  AwardTime?: number;
  Negative?: boolean;
  Answer?: AnswerInfo | null;
}

/** A hint: both `Level.Helps` (regular) and `Level.PenaltyHelps` share this shape. */
export interface Help {
  HelpId: number;
  Number: number;
  /** null until open (regular: after RemainSeconds hits 0; penalty: after it is taken). */
  HelpText?: string | null;
  IsPenalty?: boolean;
  /** Penalty seconds. */
  Penalty?: number;
  PenaltyComment?: string | null;
  /** The UI should ask before taking it (the server does not require a second call). */
  RequestConfirm?: boolean;
  /** 0 locked, 1 requested/opened, 2 confirmed (not fully verified). */
  PenaltyHelpState?: number;
  RemainSeconds?: number;
  PenaltyMessage?: string | null;
}

/** Alias kept for readers who look for "Hint". */
export type Hint = Help;
/** A penalty hint: a Help from `Level.PenaltyHelps`. */
export type PenaltyHelp = Help;

/** Code-entry kinds in `MixedActions`: 1 a level or sector code, 2 a bonus code. */
export const ACTION_KIND = { LevelCode: 1, BonusCode: 2 } as const;

/** One submitted code (`Level.MixedActions[]`, newest first). */
export interface CodeAction {
  ActionId: number;
  LevelId?: number;
  /** Observed 0 in real data; do not rely on it. */
  LevelNumber?: number;
  UserId?: number;
  /** 1 = level/sector code, 2 = bonus code. */
  Kind: number;
  Login?: string | null;
  Answer: string;
  AnswForm?: unknown;
  EnterDateTime?: EngineDateTime | null;
  /** Domain-local time as "dd.MM H:mm:ss". */
  LocDateTime?: string | null;
  IsCorrect: boolean;
  Award?: EngineDuration | null;
  LocAward?: unknown;
  /** Seconds. */
  Penalty?: number;
  Negative?: boolean;
}

/** Same record under the name used by the tool contract. */
export type Action = CodeAction;

export interface Level {
  LevelId: number;
  Number: number;
  Name?: string | null;
  /** Seconds until autopass; 0 = none. */
  Timeout?: number;
  TimeoutSecondsRemain?: number;
  /** Seconds; negative = penalty on autopass. */
  TimeoutAward?: number;
  IsPassed: boolean;
  Dismissed: boolean;
  StartTime?: EngineDateTime | null;
  HasAnswerBlockRule?: boolean;
  /** Seconds of the current block; > 0 means blocked now. */
  BlockDuration?: number;
  /** 1 = per player, 2 = per team. */
  BlockTargetId?: number;
  /** Spelling is the engine's ("Attemts"). */
  AttemtsNumber?: number;
  AttemtsPeriod?: number;
  RequiredSectorsCount?: number;
  PassedSectorsCount?: number;
  SectorsLeftToClose?: number;
  PassedBonusesCount?: number;
  Tasks?: Task[] | null;
  Task?: Task | null;
  Messages?: Message[] | null;
  Sectors?: Sector[] | null;
  Helps?: Help[] | null;
  PenaltyHelps?: Help[] | null;
  Bonuses?: Bonus[] | null;
  MixedActions?: CodeAction[] | null;
}

/** `GameModel.Levels[]`. */
export interface LevelSummary {
  LevelId: number;
  LevelNumber: number;
  LevelName?: string | null;
  Dismissed: boolean;
  IsPassed: boolean;
  Task?: unknown;
  LevelAction?: unknown;
}

export interface AnswerVerdict {
  Answer: string | null;
  /** null = not processed. */
  IsCorrectAnswer: boolean | null;
}

export interface EngineAction {
  LevelNumber: number;
  LevelAction: AnswerVerdict;
  BonusAction: AnswerVerdict;
  PenaltyAction: { PenaltyId: number; ActionType: number };
  GameId: number;
  LevelId: number;
}

/** `LevelSequence` ids; 3 (storm) opens every level, chosen with `level=N`. */
export const LEVEL_SEQUENCE = { Linear: 0, Specified: 1, Random: 2, Storm: 3, DynamicRandom: 4 } as const;

/** `GET /gameengines/encounter/play/{id}?json=1`. */
export interface GameModel {
  Event: number;
  GameId: number;
  GameNumber?: number;
  GameTitle?: string;
  /** 0 single, 1 team, 2 personal. */
  GameTypeId?: number;
  GameZoneId?: number;
  /** See LEVEL_SEQUENCE; 3 = storm (level=N). */
  LevelSequence?: number;
  UserId?: number;
  TeamId?: number | null;
  Login?: string | null;
  TeamName?: string | null;
  IsCaptain?: boolean;
  /** Opaque: format differs between engines. */
  GameDateTimeStart?: string | null;
  Levels?: LevelSummary[] | null;
  /** null when Event ≠ 0 and on transition events. */
  Level?: Level | null;
  EngineAction?: EngineAction | null;
  [extra: string]: unknown;
}

/** `Event` codes and their meanings (docs/engine-contract.md, «Event codes»). */
export const GAME_EVENT = {
  Running: 0,
  UnknownError: 1,
  GameNotFound: 2,
  NotEncounterGame: 3,
  NotAuthorized: 4,
  NotStarted: 5,
  Finished: 6,
  PlayerNotApplied: 7,
  TeamNotApplied: 8,
  NotAccepted: 9,
  NoTeam: 10,
  InactiveInTeam: 11,
  NoLevels: 12,
  TeamMemberLimit: 13,
  PlayerBlocked: 14,
  TeamBlocked: 15,
  LevelChanged: 16,
  GameOver: 17,
  LevelChanged18: 18,
  LevelPassed: 19,
  AllSectorsSolved: 20,
  LevelChanged21: 21,
  LevelTimeout: 22,
} as const;

/** Human meaning of each Event code, phrased so a model knows what to do next. */
export const GAME_EVENT_MEANING: Readonly<Record<number, string>> = {
  0: 'game running',
  1: 'unknown engine error',
  2: 'no game with this id on this domain',
  3: 'the game is not of the Encounter engine type',
  4: 'player not authorized (log in again)',
  5: 'the game has not started yet',
  6: 'the game is finished',
  7: 'the player has not applied to this game (enter the game first)',
  8: 'the team has not applied to this game',
  9: 'the player is not yet accepted by the organisers',
  10: 'the player has no team',
  11: 'the player is not active in the team',
  12: 'the game has no levels',
  13: 'team member limit exceeded',
  14: 'the player is blocked',
  15: 'the team is blocked',
  16: 'the level changed (re-read the game)',
  17: 'the game is over',
  18: 'the level changed (re-read the game)',
  19: 'the level was passed (re-read the game)',
  20: 'all sectors solved (re-read the game)',
  21: 'the level was dismissed (re-read the game)',
  22: 'level timeout (re-read the game)',
};

/** Events after which the model is not an error and should simply be read again. */
export const TRANSITION_EVENTS: ReadonlySet<number> = new Set([16, 18, 19, 20, 21, 22]);

/** Money as the engine serialises it. */
export interface EngineMoney {
  Cents?: number;
  Value?: number;
  Formated?: string;
  FormatedFull?: string;
  [extra: string]: unknown;
}

/** `/home/?json=1` GameInfo (note the capital `ID`). Unknown keys tolerated. */
export interface GameInfo {
  GameID: number;
  GameNum?: number;
  Title?: string;
  Descr?: string | null;
  LevelNumber?: number;
  GameTypeID?: number;
  Type?: number;
  ZoneId?: number;
  Zone?: number;
  StartDateTime?: EngineDateTime | null;
  FinishDateTime?: EngineDateTime | null;
  RequestLastDate?: EngineDateTime | null;
  TSRemain?: EngineDuration | null;
  Started?: boolean;
  Finished?: boolean;
  InProgress?: boolean;
  LevelsSequence?: number;
  MaxPlayers?: number;
  MaxTeamMembers?: number;
  Fee?: EngineMoney | null;
  Prize?: EngineMoney | null;
  [extra: string]: unknown;
}

/** `GET /home/?json=1[&page=N]`. */
export interface GameList {
  ComingGames?: GameInfo[] | null;
  ActiveGames?: GameInfo[] | null;
  [extra: string]: unknown;
}

/** One game from the domain front page (HTML): title and id only. */
export interface DomainGame {
  title: string;
  gameId: number;
}

/** `/gamestatistics/full/{id}?json=1`, kept loose (PascalCase, passed through unprojected). */
export type GameStatistics = Record<string, unknown>;

/** The current user, scraped from `/UserDetails.aspx`. */
export interface Profile {
  id: number;
  login: string;
  name?: string;
  rank?: string;
  team?: string;
  team_id?: number;
  domain?: string;
  points?: string;
}

/** A team page (`/Teams/TeamDetails.aspx`), scraped. */
export interface TeamInfo {
  team_id: number;
  team_name?: string;
  pending_invitations?: Array<{ user_id: number; login: string }>;
  /** Action links found on the page, keyed by action name (accept_invitation, leave, …). */
  actions?: Record<string, string>;
}

/** `POST /login/signin?json=1` reply. */
export interface LoginReply {
  Error: number;
  Message?: string | null;
  IpUnblockUrl?: string | null;
  BruteForceUnblockUrl?: string | null;
  ConfirmEmailUrl?: string | null;
  CaptchaUrl?: string | null;
  AdminWhoCanActivate?: string[] | null;
  [extra: string]: unknown;
}

/** A fetched picture (or other resource) from game content. */
export interface FetchedResource {
  bytes: Uint8Array;
  /** Media type from the header (before `;`), or '' when absent. */
  contentType: string;
  /** Final absolute URL after redirects. */
  url: string;
}
