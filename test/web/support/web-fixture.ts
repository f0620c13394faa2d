/**
 * The whole web surface with real parts: the fake Encounter engine over HTTP (the demo game, or a
 * game the test defines), the scripted OpenAI-compatible model server over HTTP, the real
 * `AgentSession` between them, and `startWebServer` in front, on 127.0.0.1 with a free port.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { AgentSession } from '../../../src/agent/index.js';
import { EncounterClient } from '../../../src/engine/client.js';
import { SessionStore } from '../../../src/engine/session-store.js';
import { FakeEncounter, DEMO_GAME_ID, type FakeEncounterOptions } from '../../../src/demo/index.js';
import { engineAccount, gameGlanceReader, startWebServer, type WebServer } from '../../../src/web/index.js';
import { chatCompletionsWire, startFakeOpenAI, type FakeOpenAI, type FakeStep, type FakeWire } from '../../support/fake-openai.js';

export const MODEL = 'fake-model';
export const API_KEY = 'test-key';
/** A reply text starting with this streams its remainder, then stalls until the client gives up. */
export const STALL = '[stall]';

/** Chat completions as usual, except that a `STALL` reply streams its text and never finishes. */
const stallingWire: FakeWire = (step, request, res: ServerResponse) => {
  if (step.kind !== 'reply' || !step.text.startsWith(STALL)) return chatCompletionsWire(step, request, res);
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const chunk = { id: 'chatcmpl-stall', object: 'chat.completion.chunk', created: 1, model: MODEL, choices: [{ index: 0, delta: { content: step.text.slice(STALL.length) }, finish_reason: null }] };
  res.write(`data: ${JSON.stringify(chunk)}\n\n`);
};

export interface WebFixture {
  web: WebServer;
  fake: FakeEncounter;
  model: FakeOpenAI;
  session: AgentSession;
  store: SessionStore;
  close(): Promise<void>;
}

export interface WebFixtureOptions {
  script?: FakeStep[];
  policy?: 'readonly' | 'approve' | 'full';
  engine?: FakeEncounterOptions;
  /** Start signed in as the demo player (default) or with no saved session. */
  signedIn?: boolean;
}

export async function startWebFixture(options: WebFixtureOptions = {}): Promise<WebFixture> {
  const configDir = mkdtempSync(join(tmpdir(), 'encli-web-store-'));
  const store = new SessionStore(configDir);
  const fake = await FakeEncounter.start(options.engine ?? {});
  const model = await startFakeOpenAI(options.script ?? [], { apiKey: API_KEY, wires: { '/chat/completions': stallingWire } });
  const client = new EncounterClient({ domain: fake.domain, baseUrl: fake.url, allowLoopbackResources: true });
  if (options.signedIn !== false) {
    await client.login('player1', 'secret');
    await store.save({ domain: fake.domain, login: 'player1', userAgent: client.userAgent, cookies: client.exportCookies(), savedAt: new Date().toISOString() });
  }
  const session = new AgentSession({
    config: { model: MODEL, api_base: model.baseURL, api_key: API_KEY, policy: options.policy ?? 'approve', location_tools: true },
    engine: client,
  });
  const web = await startWebServer({
    session,
    account: engineAccount({ domain: fake.domain, client, store }),
    readGame: gameGlanceReader(client),
    gameId: DEMO_GAME_ID,
    model: MODEL,
  });
  return {
    web,
    fake,
    model,
    session,
    store,
    close: async () => {
      await web.close();
      await model.close();
      await fake.close();
      rmSync(configDir, { recursive: true, force: true });
    },
  };
}
