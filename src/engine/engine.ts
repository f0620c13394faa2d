/**
 * The `Engine` interface: the 13 calls the tool catalog makes (docs/engine-contract.md,
 * «Player side»). The real
 * `EncounterClient`, the pacing wrapper `Paced` and the offline demo all implement it, so tools
 * never know which one they talk to. Every method is async and takes cancellation last.
 */
import type {
  DomainGame,
  FetchedResource,
  GameList,
  GameModel,
  GameStatistics,
  Profile,
  TeamInfo,
} from './types.js';

/** Options every engine call accepts. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** Options of `fetchResource`. */
export interface FetchResourceOptions extends CallOptions {
  /** Byte cap for the body; 0 or absent = the default 8 MiB. */
  maxBytes?: number;
  /** Only allow the engine's own domain (and its siblings under the same root). Off by default. */
  restrictToDomain?: boolean;
}

export interface Engine {
  /**
   * The engine's site (`https://tech.en.cx`), against which relative URLs in level HTML resolve.
   * Optional: a stand-in engine without one lists relative picture URLs as written.
   */
  readonly baseUrl?: string;
  /** Games advertised on the domain's front page: title and id only. */
  getDomainGames(opts?: CallOptions): Promise<DomainGame[]>;
  /** Coming and active games (`/home/?json=1`), 1-based page. */
  getGameList(page?: number, opts?: CallOptions): Promise<GameList>;
  /** The game model with its active level. */
  getGameModel(gameId: number, opts?: CallOptions): Promise<GameModel>;
  /** The game model showing level `levelNumber` (storm games). */
  getGameModelLevel(gameId: number, levelNumber: number, opts?: CallOptions): Promise<GameModel>;
  /** Full statistics, passed through unprojected. */
  getGameStatistics(gameId: number, opts?: CallOptions): Promise<GameStatistics>;
  /** Seconds until the game starts, or null when it is not pending a start. */
  getTimeoutToGame(gameId: number, opts?: CallOptions): Promise<number | null>;
  /** The signed-in user. */
  getProfile(opts?: CallOptions): Promise<Profile>;
  /** A team page: name, pending invitations, management actions. */
  getTeamManagementInfo(teamId: number, opts?: CallOptions): Promise<TeamInfo>;
  /** A picture from game content; relative URLs resolve against the engine's site. */
  fetchResource(url: string, opts?: FetchResourceOptions): Promise<FetchedResource>;
  /** Apply to a game; resolves to the engine's (HTML) reply text. */
  enterGame(gameId: number, opts?: CallOptions): Promise<string>;
  /** Send a level (sector) code; resolves to the model after the action. */
  sendCode(gameId: number, levelId: number, levelNumber: number, code: string, opts?: CallOptions): Promise<GameModel>;
  /** Send a bonus code; resolves to the model after the action. */
  sendBonusCode(gameId: number, levelId: number, levelNumber: number, code: string, opts?: CallOptions): Promise<GameModel>;
  /** Take a penalty hint by its HelpId; resolves to the model after the action. */
  getPenaltyHint(gameId: number, penaltyId: number, opts?: CallOptions): Promise<GameModel>;
}

/** Names of the 13 Engine methods, for wrappers and tests that must cover all of them. */
export const ENGINE_METHODS = [
  'getDomainGames',
  'getGameList',
  'getGameModel',
  'getGameModelLevel',
  'getGameStatistics',
  'getTimeoutToGame',
  'getProfile',
  'getTeamManagementInfo',
  'fetchResource',
  'enterGame',
  'sendCode',
  'sendBonusCode',
  'getPenaltyHint',
] as const satisfies ReadonlyArray<keyof Engine>;

/** The Engine methods that change the game (apply, codes, penalty hints): what caches and fences key on. */
export const ENGINE_MUTATING_METHODS = ['enterGame', 'sendCode', 'sendBonusCode', 'getPenaltyHint'] as const satisfies ReadonlyArray<
  (typeof ENGINE_METHODS)[number]
>;
