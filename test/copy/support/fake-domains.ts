/**
 * Two fake Encounter domains with an editor side for the copy tests — svk.en.cx (source) and
 * tech.en.cx (target), each with its own author — holding the games a test asks for, and signed-in
 * admin clients for both. Over real HTTP on loopback, or in-process behind one `fetch`.
 */
import type { CopySessions, ScenarioDocument } from '../../../src/copy/index.js';
import { DEMO_SOURCE_AUTHOR, DEMO_TARGET_AUTHOR, FakeEncounter, fetchForHosts } from '../../../src/demo/index.js';
import { EncounterClient } from '../../../src/engine/client.js';
import { NO_PACING } from '../../../src/engine/transport.js';

export interface FakeDomainsOptions {
  transport: 'http' | 'in-process';
  /** Games on svk.en.cx by id. */
  sourceGames: Record<number, ScenarioDocument>;
  /** Games on tech.en.cx by id (a scenario without levels for an empty game). */
  targetGames: Record<number, ScenarioDocument>;
  /** Whether svk.en.cx counts as logged in (default true). */
  sourceSaved?: boolean;
}

export interface FakeDomains {
  source: FakeEncounter;
  target: FakeEncounter;
  sourceClient: EncounterClient;
  targetClient: EncounterClient;
  sessions: CopySessions;
  close(): Promise<void>;
}

/** An empty game (no levels yet) to copy into. */
export function emptyGame(title = 'Новая игра'): ScenarioDocument {
  return { game_id: 0, game_num: 0, game_title: title, levels: [] };
}

export async function fakeDomains(options: FakeDomainsOptions): Promise<FakeDomains> {
  const settings = (domain: string, author: typeof DEMO_SOURCE_AUTHOR, games: Record<number, ScenarioDocument>) => ({
    domain,
    users: [author],
    teams: [],
    games: [],
    adminGames: Object.entries(games).map(([id, scenario]) => ({ scenario: { ...scenario, game_id: Number(id) }, editors: [author.login] })),
  });
  const sourceSettings = settings('svk.en.cx', DEMO_SOURCE_AUTHOR, options.sourceGames);
  const targetSettings = settings('tech.en.cx', DEMO_TARGET_AUTHOR, options.targetGames);
  let source: FakeEncounter;
  let target: FakeEncounter;
  let clientFor: (fake: FakeEncounter) => EncounterClient;
  if (options.transport === 'http') {
    source = await FakeEncounter.start(sourceSettings);
    target = await FakeEncounter.start(targetSettings);
    clientFor = (fake) => new EncounterClient({ domain: fake.domain, baseUrl: fake.url, pacing: NO_PACING });
  } else {
    source = new FakeEncounter(sourceSettings);
    target = new FakeEncounter(targetSettings);
    const fetch = fetchForHosts({ 'svk.en.cx': source.handle, 'tech.en.cx': target.handle });
    clientFor = (fake) => new EncounterClient({ domain: fake.domain, baseUrl: `http://${fake.domain}`, fetch, pacing: NO_PACING });
  }
  const sourceClient = clientFor(source);
  const targetClient = clientFor(target);
  await sourceClient.admin.signIn(DEMO_SOURCE_AUTHOR.login, DEMO_SOURCE_AUTHOR.password);
  await targetClient.admin.signIn(DEMO_TARGET_AUTHOR.login, DEMO_TARGET_AUTHOR.password);
  const sessions: CopySessions = {
    target: targetClient.admin,
    openSource: async (domain) => (domain === 'svk.en.cx' && options.sourceSaved !== false ? sourceClient.admin : null),
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
