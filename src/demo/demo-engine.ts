/**
 * `createDemoEngine()`: the offline demo behind `encli mcp --demo`. Starts the fake engine on
 * 127.0.0.1, signs in as the demo player with the real client, and hands back an Engine whose
 * picture fetcher may reach exactly the demo's own servers: the fake engine and its picture host.
 * No other loopback port (that would make enc_view_image a local port scanner) and no network.
 */
import { EncounterClient } from '../engine/client.js';
import { originsOnlyDialer } from '../engine/net/resource-fetcher.js';
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
  /** Lets pictures come from one more local server too (tests serve synthetic pictures this way). */
  allowPictureOrigin(origin: string): void;
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
export async function createDemoEngine(options: FakeEncounterOptions = {}, port = 0): Promise<DemoEngine> {
  const fake = await FakeEncounter.start(options, port);
  try {
    // No pauses: the fake is on loopback, with no anti-spam wall to stay clear of.
    const extraOrigins: string[] = [];
    const ownServers = (): string[] => [fake.url, ...(fake.picturesBaseUrl ? [fake.picturesBaseUrl] : []), ...extraOrigins];
    const dial = originsOnlyDialer(ownServers, 'the offline demo fetches pictures only from its own servers');
    const client = new EncounterClient({ domain: fake.domain, baseUrl: fake.url, allowLoopbackResources: true, dial, pacing: NO_PACING });
    const player = (options.users ?? DEMO_USERS)[0]!;
    await client.login(player.login, player.password);
    return {
      engine: client,
      client,
      fake,
      gameId: DEMO_GAME_ID,
      allowPictureOrigin: (origin) => void extraOrigins.push(new URL(origin).origin),
      close: () => fake.close(),
    };
  } catch (err) {
    await fake.close();
    throw err;
  }
}
