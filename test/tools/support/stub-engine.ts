/**
 * A small in-memory Engine for tests that run hundreds of catalog calls (property tests) or need
 * replies the fake server does not produce (transition events). Everything else runs against the
 * fake over HTTP.
 */
import type { Engine } from '../../../src/engine/engine.js';
import type { GameModel, Level } from '../../../src/engine/types.js';

export function stubLevel(partial: Partial<Level> = {}): Level {
  return { LevelId: 77, Number: 1, Name: 'Stub', IsPassed: false, Dismissed: false, Tasks: [{ TaskTextFormatted: 'task' }], ...partial };
}

export function stubModel(partial: Partial<GameModel> = {}): GameModel {
  return { Event: 0, GameId: 1, GameTitle: 'Stub game', LevelSequence: 0, Level: stubLevel(), Levels: [], ...partial };
}

/** Every method answers from `model()` (re-evaluated per call); send tools echo a verdict. */
export function stubEngine(model: () => GameModel = () => stubModel(), overrides: Partial<Engine> = {}): Engine {
  const verdict = (kind: 'LevelAction' | 'BonusAction', code: string): GameModel => {
    const m = model();
    const empty = { Answer: null, IsCorrectAnswer: null };
    return {
      ...m,
      EngineAction: {
        LevelNumber: m.Level?.Number ?? 0,
        LevelAction: kind === 'LevelAction' ? { Answer: code, IsCorrectAnswer: false } : empty,
        BonusAction: kind === 'BonusAction' ? { Answer: code, IsCorrectAnswer: false } : empty,
        PenaltyAction: { PenaltyId: 0, ActionType: 0 },
        GameId: m.GameId,
        LevelId: m.Level?.LevelId ?? 0,
      },
    };
  };
  return {
    getDomainGames: async () => [{ title: 'Stub game', gameId: 1 }],
    getGameList: async () => ({ ComingGames: [], ActiveGames: [] }),
    getGameModel: async () => model(),
    getGameModelLevel: async () => model(),
    getGameStatistics: async () => ({ Game: { GameId: 1 } }),
    getTimeoutToGame: async () => null,
    getProfile: async () => ({ id: 1, login: 'stub', team_id: 9 }),
    getTeamManagementInfo: async (teamId) => ({ team_id: teamId, team_name: 'Stubs' }),
    fetchResource: async (url) => ({ url, contentType: 'text/plain', bytes: new TextEncoder().encode('not a picture') }),
    enterGame: async () => '<html>applied</html>',
    sendCode: async (_g, _l, _n, code) => verdict('LevelAction', code),
    sendBonusCode: async (_g, _l, _n, code) => verdict('BonusAction', code),
    getPenaltyHint: async () => model(),
    ...overrides,
  };
}
