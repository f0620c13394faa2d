/**
 * The shape of a game the fake engine can host: levels with tasks, sectors, bonuses, hints,
 * penalty hints, messages and an optional answer-block rule (docs/engine-contract.md, «Play-page
 * rules the fake implements»).
 * Task HTML may use `{{SITE}}` and `{{PICTURES}}`, replaced by the server's actual base URLs.
 */

export interface SectorDefinition {
  id: number;
  name: string;
  /** Any of these closes the sector (compared after normalisation, case-insensitively). */
  answers: string[];
}

export interface BonusDefinition {
  id: number;
  name: string;
  task: string;
  /** Shown once the bonus is answered. */
  help: string;
  answers: string[];
  awardSeconds: number;
  negative?: boolean;
  /** Available this many seconds after the level starts (0 = at once). */
  delaySeconds?: number;
}

export interface HintDefinition {
  id: number;
  text: string;
  /** Opens this many seconds after the level starts. */
  delaySeconds: number;
}

export interface PenaltyHintDefinition extends HintDefinition {
  comment: string;
  penaltySeconds: number;
  requestConfirm: boolean;
}

export interface AnswerBlockRule {
  /** Wrong level codes allowed per period… */
  attempts: number;
  /** …of this many seconds. */
  periodSeconds: number;
  /** 1 = per player, 2 = per team. */
  target: 1 | 2;
}

export interface LevelDefinition {
  id: number;
  name: string;
  /** HTML of each task. */
  tasks: string[];
  /** Sectors; empty = the level is closed by one of `answers`. */
  sectors: SectorDefinition[];
  answers?: string[];
  /** Sectors needed to pass; 0 or absent = all. */
  requiredSectors?: number;
  bonuses?: BonusDefinition[];
  hints?: HintDefinition[];
  penaltyHints?: PenaltyHintDefinition[];
  messages?: Array<{ id: number; owner: string; text: string }>;
  /** Autopass after this many seconds (0/absent = none), with this award (negative = penalty). */
  timeoutSeconds?: number;
  timeoutAwardSeconds?: number;
  answerBlock?: AnswerBlockRule;
}

export interface GameDefinition {
  id: number;
  number: number;
  title: string;
  /** 0 linear, 3 storm. */
  levelSequence: 0 | 3;
  /** 0 single, 1 team, 2 personal. */
  gameTypeId: number;
  /** 0 = "Схватка" (quest). */
  zoneId: number;
  /** Seconds after the server starts that the game begins (≤ 0 = already running). */
  startsInSeconds: number;
  /** Duration of the game window in seconds, for the game list. */
  durationSeconds: number;
  /** True: players must apply (MakeGameFee) before playing; Event 7 until then. */
  requiresApplication?: boolean;
  levels: LevelDefinition[];
}

export interface UserDefinition {
  id: number;
  login: string;
  password: string;
  name: string;
  teamId: number;
}

export interface TeamDefinition {
  id: number;
  name: string;
  captainId: number;
  /** Users invited but not yet joined. */
  pendingInvites: Array<{ userId: number; login: string }>;
}
