/**
 * `createDemoEngine()`: the offline demo behind `encli mcp --demo`. Starts the fake engine on
 * 127.0.0.1, signs in as the demo player with the real client, and hands back an Engine whose
 * picture fetcher may reach that loopback server (and nothing else private).
 */
import { EncounterClient } from '../engine/client.js';
import { NO_PACING } from '../engine/transport.js';
import type { Engine } from '../engine/engine.js';
import { DEMO_GAME_ID, DEMO_USERS } from './demo-game.js';
import { FakeEncounter, type FakeEncounterOptions } from './fake-encounter.js';

export interface DemoEngine {
  engine: Engine;
  /** The concrete client, for callers that need login/exportCookies. */
  client: EncounterClient;
  fake: FakeEncounter;
  /** The game to suggest first. */
  gameId: number;
  close(): Promise<void>;
}

/**
 * @example
 * ```ts
 * const demo = await createDemoEngine();
 * const model = await demo.engine.getGameModel(demo.gameId);
 * await demo.close();
 * ```
 */
export async function createDemoEngine(options: FakeEncounterOptions = {}): Promise<DemoEngine> {
  const fake = await FakeEncounter.start(options);
  try {
    // No pauses: the fake is on loopback, with no anti-spam wall to stay clear of.
    const client = new EncounterClient({ domain: fake.domain, baseUrl: fake.url, allowLoopbackResources: true, pacing: NO_PACING });
    const player = (options.users ?? DEMO_USERS)[0]!;
    await client.login(player.login, player.password);
    return { engine: client, client, fake, gameId: DEMO_GAME_ID, close: () => fake.close() };
  } catch (err) {
    await fake.close();
    throw err;
  }
}
