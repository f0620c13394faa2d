/**
 * The offline stage of `encli copy-game --demo`, `encli inspect-game --demo` and `encli mcp
 * --demo --admin`: the fake engine's two demo domains (svk.en.cx with a source game holding every
 * kind of content, tech.en.cx with an empty target) in this process, each signed in with its own
 * author, as the copy's sessions.
 */
import type { CopySessions } from '../copy/copy-game.js';
import { createDemoDomains, DEMO_SOURCE_AUTHOR, DEMO_SOURCE_DOMAIN, DEMO_TARGET_AUTHOR } from '../demo/index.js';
import { EncounterClient } from '../engine/client.js';
import { NO_PACING, type Pacing } from '../engine/transport.js';

export { DEMO_SOURCE_DOMAIN, DEMO_TARGET_DOMAIN, DEMO_SOURCE_GAME_ID, DEMO_TARGET_GAME_ID } from '../demo/index.js';

export interface CopyDemo {
  sessions: CopySessions;
  close(): Promise<void>;
}

/**
 * @example
 * ```ts
 * const demo = await openCopyDemo();
 * await copyGame(demo.sessions, { sourceDomain: 'svk.en.cx', sourceGameId: 82864, targetGameId: 123 });
 * await demo.close();
 * ```
 */
export async function openCopyDemo(pacing: Pacing = NO_PACING): Promise<CopyDemo> {
  const { source, target, fetch } = createDemoDomains();
  const client = (domain: string) => new EncounterClient({ domain, baseUrl: `http://${domain}`, fetch, pacing });
  const sourceClient = client(source.domain);
  const targetClient = client(target.domain);
  const close = async () => {
    await source.close();
    await target.close();
  };
  try {
    await sourceClient.admin.signIn(DEMO_SOURCE_AUTHOR.login, DEMO_SOURCE_AUTHOR.password);
    await targetClient.admin.signIn(DEMO_TARGET_AUTHOR.login, DEMO_TARGET_AUTHOR.password);
  } catch (err) {
    await close();
    throw err;
  }
  return {
    sessions: {
      target: targetClient.admin,
      openSource: async (domain) => (domain === DEMO_SOURCE_DOMAIN ? sourceClient.admin : null),
    },
    close,
  };
}
