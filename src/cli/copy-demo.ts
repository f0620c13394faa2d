/**
 * The offline stage of `encli copy-game --demo` and `encli inspect-game --demo`: two fake
 * Encounter domains with editor sides — svk.en.cx holding the source game, tech.en.cx an empty
 * target — each with its own author account, and signed-in admin clients for both. In-process
 * (the handlers behind one `fetch`, nothing listens) or over loopback HTTP for tests.
 */
import type { CopySessions } from '../copy/copy-game.js';
import type { ScenarioDocument } from '../copy/ports.js';
import { FakeEncounter, fetchForHosts } from '../demo/index.js';
import { EncounterClient } from '../engine/client.js';
import { NO_PACING, type Pacing } from '../engine/transport.js';

export const DEMO_SOURCE_DOMAIN = 'svk.en.cx';
export const DEMO_TARGET_DOMAIN = 'tech.en.cx';
export const DEMO_SOURCE_GAME = 82864;
export const DEMO_TARGET_GAME = 123;
/** Each domain has its own author: a login of one domain means nothing on the other. */
const SOURCE_AUTHOR = { id: 201, login: 'svk-author', password: 'svk-secret', name: 'Автор СВК', teamId: 0 };
const TARGET_AUTHOR = { id: 301, login: 'tech-author', password: 'tech-secret', name: 'Автор Тех', teamId: 0 };

export interface DemoDomainsOptions {
  /** `in-process` (default) or `http` on loopback. */
  transport?: 'in-process' | 'http';
  /** Games on svk.en.cx by id. */
  sourceGames: Record<number, ScenarioDocument>;
  /** Games on tech.en.cx by id (a scenario without levels for an empty game). */
  targetGames: Record<number, ScenarioDocument>;
  /** Whether svk.en.cx counts as logged in (default true). */
  sourceSaved?: boolean;
  /** Client pacing; default none. */
  pacing?: Pacing;
}

export interface DemoDomains {
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

/**
 * @example
 * ```ts
 * const demo = await openDemoDomains({ sourceGames: { 82864: demoSourceScenario() }, targetGames: { 123: emptyGame() } });
 * await copyGame(demo.sessions, { sourceDomain: 'svk.en.cx', sourceGameId: 82864, targetGameId: 123 });
 * await demo.close();
 * ```
 */
export async function openDemoDomains(options: DemoDomainsOptions): Promise<DemoDomains> {
  const settings = (domain: string, author: typeof SOURCE_AUTHOR, games: Record<number, ScenarioDocument>) => ({
    domain,
    users: [author],
    teams: [],
    games: [],
    adminGames: Object.entries(games).map(([id, scenario]) => ({ scenario: { ...scenario, game_id: Number(id) }, editors: [author.login] })),
  });
  const sourceSettings = settings(DEMO_SOURCE_DOMAIN, SOURCE_AUTHOR, options.sourceGames);
  const targetSettings = settings(DEMO_TARGET_DOMAIN, TARGET_AUTHOR, options.targetGames);
  const pacing = options.pacing ?? NO_PACING;
  let source: FakeEncounter;
  let target: FakeEncounter;
  let clientFor: (fake: FakeEncounter) => EncounterClient;
  if (options.transport === 'http') {
    source = await FakeEncounter.start(sourceSettings);
    target = await FakeEncounter.start(targetSettings);
    clientFor = (fake) => new EncounterClient({ domain: fake.domain, baseUrl: fake.url, pacing });
  } else {
    source = new FakeEncounter(sourceSettings);
    target = new FakeEncounter(targetSettings);
    const fetch = fetchForHosts({ [DEMO_SOURCE_DOMAIN]: source.handle, [DEMO_TARGET_DOMAIN]: target.handle });
    clientFor = (fake) => new EncounterClient({ domain: fake.domain, baseUrl: `http://${fake.domain}`, fetch, pacing });
  }
  const sourceClient = clientFor(source);
  const targetClient = clientFor(target);
  const close = async () => {
    await source.close();
    await target.close();
  };
  try {
    await sourceClient.admin.signIn(SOURCE_AUTHOR.login, SOURCE_AUTHOR.password);
    await targetClient.admin.signIn(TARGET_AUTHOR.login, TARGET_AUTHOR.password);
  } catch (err) {
    await close();
    throw err;
  }
  const sessions: CopySessions = {
    target: targetClient.admin,
    openSource: async (domain) => (domain === DEMO_SOURCE_DOMAIN && options.sourceSaved !== false ? sourceClient.admin : null),
  };
  return { source, target, sourceClient, targetClient, sessions, close };
}
