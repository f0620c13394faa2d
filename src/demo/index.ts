/** The offline demo engine: a fake Encounter server with a playable game and an editor side, and a signed-in client for it. */
export { createDemoEngine, type DemoEngine } from './demo-engine.js';
export { FakeEncounter, FAKE_CAPTCHA_DIGITS, type FakeEncounterOptions, type FakeFaults, type LoggedRequest } from './fake-encounter.js';
export { DEMO_GAMES, DEMO_USERS, DEMO_TEAMS, DEMO_GAME_ID, STORM_GAME_ID, UPCOMING_GAME_ID } from './demo-game.js';
export { FakeAdminGames, type AdminGameSeed, type FakeAdminGame, type FakeAdminLevel, type FakeBonus, type FakeMessage, type FakeSector } from './admin/admin-state.js';
export type { AdminFaults, AdminWriteKind } from './admin/admin-routes.js';
export { DroppedConnection, fetchForHosts, handlerAsFetch, serveOnLoopback, type FetchHandler, type FetchLike, type LoopbackServer } from './http-adapter.js';
export type * from './game-definition.js';
export {
  createDemoDomains,
  DEMO_SOURCE_AUTHOR,
  DEMO_SOURCE_DOMAIN,
  DEMO_SOURCE_GAME_ID,
  DEMO_SOURCE_SCENARIO,
  DEMO_TARGET_AUTHOR,
  DEMO_TARGET_DOMAIN,
  DEMO_TARGET_GAME_ID,
  type DemoDomains,
} from './demo-admin.js';
