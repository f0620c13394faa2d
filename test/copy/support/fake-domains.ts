/**
 * Two fake Encounter domains with an editor side — svk.en.cx (the source) and tech.en.cx (the
 * target) — each with its own accounts, and signed-in admin clients for them. Over real HTTP on
 * loopback, or in-process with the handlers behind one `fetch`.
 */
import type { CopySessions, ScenarioDocument } from '../../../src/copy/index.js';
import { FakeEncounter, fetchForHosts } from '../../../src/demo/index.js';
import { EncounterClient } from '../../../src/engine/client.js';
import { NO_PACING } from '../../../src/engine/transport.js';

export const SOURCE_DOMAIN = 'svk.en.cx';
export const TARGET_DOMAIN = 'tech.en.cx';
/** Each domain has its own author: a login of one domain means nothing on the other. */
export const SOURCE_AUTHOR = { id: 201, login: 'svk-author', password: 'svk-secret', name: 'Автор СВК', teamId: 0 };
export const TARGET_AUTHOR = { id: 301, login: 'tech-author', password: 'tech-secret', name: 'Автор Тех', teamId: 0 };

export interface FakeDomains {
  source: FakeEncounter;
  target: FakeEncounter;
  sourceClient: EncounterClient;
  targetClient: EncounterClient;
  sessions: CopySessions;
  close(): Promise<void>;
}

export interface FakeDomainsOptions {
  transport: 'http' | 'in-process';
  /** Source games by id. */
  sourceGames: Record<number, ScenarioDocument>;
  /** Target games by id (an empty scenario for an empty game). */
  targetGames: Record<number, ScenarioDocument>;
  /** Whether svk.en.cx has a saved session (default true). */
  sourceSaved?: boolean;
}

function seeds(games: Record<number, ScenarioDocument>, editor: string) {
  return Object.entries(games).map(([id, scenario]) => ({ scenario: { ...scenario, game_id: Number(id) }, editors: [editor] }));
}

/**
 * @example
 * ```ts
 * const d = await fakeDomains({ transport: 'http', sourceGames: { 82864: doc }, targetGames: { 123: empty } });
 * await copyGame(d.sessions, { sourceDomain: 'svk.en.cx', sourceGameId: 82864, targetGameId: 123 });
 * ```
 */
export async function fakeDomains(options: FakeDomainsOptions): Promise<FakeDomains> {
  const make = (domain: string, author: typeof SOURCE_AUTHOR, games: Record<number, ScenarioDocument>) => ({
    domain,
    users: [author],
    teams: [],
    games: [],
    adminGames: seeds(games, author.login),
  });
  const sourceOptions = make(SOURCE_DOMAIN, SOURCE_AUTHOR, options.sourceGames);
  const targetOptions = make(TARGET_DOMAIN, TARGET_AUTHOR, options.targetGames);
  let source: FakeEncounter;
  let target: FakeEncounter;
  let clientOptions: (fake: FakeEncounter) => ConstructorParameters<typeof EncounterClient>[0];
  if (options.transport === 'http') {
    source = await FakeEncounter.start(sourceOptions);
    target = await FakeEncounter.start(targetOptions);
    clientOptions = (fake) => ({ domain: fake.domain, baseUrl: fake.url, pacing: NO_PACING });
  } else {
    source = new FakeEncounter(sourceOptions);
    target = new FakeEncounter(targetOptions);
    const fetch = fetchForHosts({ [SOURCE_DOMAIN]: source.handle, [TARGET_DOMAIN]: target.handle });
    clientOptions = (fake) => ({ domain: fake.domain, baseUrl: `http://${fake.domain}`, fetch, pacing: NO_PACING });
  }
  const sourceClient = new EncounterClient(clientOptions(source));
  const targetClient = new EncounterClient(clientOptions(target));
  await sourceClient.admin.signIn(SOURCE_AUTHOR.login, SOURCE_AUTHOR.password);
  await targetClient.admin.signIn(TARGET_AUTHOR.login, TARGET_AUTHOR.password);
  const sessions: CopySessions = {
    target: targetClient.admin,
    openSource: async (domain) => (domain === SOURCE_DOMAIN && options.sourceSaved !== false ? sourceClient.admin : null),
  };
  return {
    source,
    target,
    sourceClient,
    targetClient,
    sessions,
    close: async () => {
      await source.close();
      await target.close();
    },
  };
}

/** An empty game (no levels yet) to copy into. */
export function emptyGame(title = 'Новая игра'): ScenarioDocument {
  return { game_id: 0, game_num: 0, game_title: title, levels: [] };
}
