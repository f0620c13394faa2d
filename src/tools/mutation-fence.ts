/**
 * Wraps an engine so each of its four mutating methods clears the read cache before it starts and
 * again when it settles — success or failure. A failed submit may still have reached Encounter, and
 * a read running alongside a mutation may have fetched the state from before it.
 */
import type { CallOptions, Engine, FetchResourceOptions } from '../engine/engine.js';

/** `engine` with `onMutation` called around every enterGame, sendCode, sendBonusCode, getPenaltyHint. */
export function fenceMutations(engine: Engine, onMutation: () => void): Engine {
  const fenced = async <T>(call: () => Promise<T>): Promise<T> => {
    onMutation();
    try {
      return await call();
    } finally {
      onMutation();
    }
  };
  return {
    getDomainGames: (opts?: CallOptions) => engine.getDomainGames(opts),
    getGameList: (page?: number, opts?: CallOptions) => engine.getGameList(page, opts),
    getGameModel: (gameId: number, opts?: CallOptions) => engine.getGameModel(gameId, opts),
    getGameModelLevel: (gameId: number, levelNumber: number, opts?: CallOptions) => engine.getGameModelLevel(gameId, levelNumber, opts),
    getGameStatistics: (gameId: number, opts?: CallOptions) => engine.getGameStatistics(gameId, opts),
    getTimeoutToGame: (gameId: number, opts?: CallOptions) => engine.getTimeoutToGame(gameId, opts),
    getProfile: (opts?: CallOptions) => engine.getProfile(opts),
    getTeamManagementInfo: (teamId: number, opts?: CallOptions) => engine.getTeamManagementInfo(teamId, opts),
    fetchResource: (url: string, opts?: FetchResourceOptions) => engine.fetchResource(url, opts),
    enterGame: (gameId: number, opts?: CallOptions) => fenced(() => engine.enterGame(gameId, opts)),
    sendCode: (gameId: number, levelId: number, levelNumber: number, code: string, opts?: CallOptions) =>
      fenced(() => engine.sendCode(gameId, levelId, levelNumber, code, opts)),
    sendBonusCode: (gameId: number, levelId: number, levelNumber: number, code: string, opts?: CallOptions) =>
      fenced(() => engine.sendBonusCode(gameId, levelId, levelNumber, code, opts)),
    getPenaltyHint: (gameId: number, penaltyId: number, opts?: CallOptions) => fenced(() => engine.getPenaltyHint(gameId, penaltyId, opts)),
  };
}
