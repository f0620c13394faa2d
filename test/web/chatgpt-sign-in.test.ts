/**
 * The ChatGPT device sign-in in the page (`encli web --auth codex` with nothing stored), in real
 * headless Chromium: the page shows the fake issuer's code and address, the issuer approves, the
 * credential lands 0600 where `encli auth codex` keeps it, and the next turn goes over the
 * Responses API with it. Also a cancel, and a start the issuer refuses. Loopback only.
 */
import { mkdtempSync, rmSync, statSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AgentSession } from '../../src/agent/session.js';
import { codexCredentialPath, storeCodexCredential } from '../../src/cli/auth.js';
import { CodexDeviceLogin, parseCodexCredential, serializeCodexCredential } from '../../src/agent/codex/index.js';
import { llmSessionOptions } from '../../src/cli/llm-settings.js';
import { resolveWebSettings, webChatGptSignIn } from '../../src/cli/web.js';
import { SessionStore } from '../../src/engine/session-store.js';
import { createDemoEngine, type DemoEngine } from '../../src/demo/index.js';
import { engineAccount, secretCookieName, startWebServer, type WebServer } from '../../src/web/index.js';
import { reply, startFakeOpenAI, type FakeOpenAI, type FakeStep } from '../support/fake-openai.js';
import { responsesWire } from '../support/fake-responses.js';
import { startFakeIssuer, type FakeIssuer, type FakeIssuerOptions } from '../agent/codex/fake-issuer.js';
import { launchBrowser, type LaunchedBrowser } from './support/browser.js';

let browser: LaunchedBrowser;
const pageErrors: string[] = [];
let cleanups: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  for (const page of browser.context.pages()) await page.close().catch(() => {});
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
  expect(pageErrors.splice(0)).toEqual([]);
});

interface Setup {
  web: WebServer;
  issuer: FakeIssuer;
  backend: FakeOpenAI;
  env: Record<string, string>;
  demo: DemoEngine;
}

/** What `encli web --demo --auth codex --issuer … --backend …` puts together, with nothing signed in. */
async function start(issuerOptions: FakeIssuerOptions, script: FakeStep[] = [], stored?: (issuer: FakeIssuer) => Promise<string>): Promise<Setup> {
  const configHome = mkdtempSync(join(tmpdir(), 'encli-web-chatgpt-'));
  cleanups.push(() => rmSync(configHome, { recursive: true, force: true }));
  const issuer = await startFakeIssuer(issuerOptions);
  cleanups.push(() => issuer.close());
  const backend = await startFakeOpenAI(script, {
    wires: { '/responses': responsesWire },
    apiKey: (authorization) => authorization !== undefined && issuer.acceptsAccessToken(authorization.replace(/^Bearer /, '')),
  });
  cleanups.push(() => backend.close());
  const env = { XDG_CONFIG_HOME: configHome };
  if (stored) await storeCodexCredential(env, await stored(issuer));
  const settings = await resolveWebSettings(['--demo', '--auth', 'codex', '--issuer', issuer.issuer, '--backend', backend.baseURL], env);
  if (settings === 'help') throw new Error('unexpected help');
  const demo = await createDemoEngine();
  cleanups.push(() => demo.close());
  const session = new AgentSession({ config: settings.config, engine: demo.engine, requestIntervalMs: 1, ...llmSessionOptions(settings.llm) });
  const web = await startWebServer({
    session,
    account: engineAccount({ domain: demo.fake.domain, client: demo.client, store: new SessionStore(configHome), demo: true, demoLogin: 'player1' }),
    model: settings.llm.model,
    chatgpt: webChatGptSignIn(settings.llm),
  });
  cleanups.push(() => web.close());
  return { web, issuer, backend, env, demo };
}

async function openPage(web: WebServer): Promise<Page> {
  const page = await browser.context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(web.url);
  await page.waitForSelector('#connection.live');
  return page;
}

describe('the ChatGPT sign-in in the page', () => {
  it('shows the code and address, stores the approved credential 0600, and the next turn uses it', async () => {
    const { web, issuer, backend, env } = await start({ pendingPolls: 1 }, [reply('Signed in and answering.')]);
    const page = await openPage(web);
    // Nothing stored: the panel is offered at once.
    await page.waitForSelector('#chatgpt:not([hidden])');
    await page.click('#chatgpt-start');
    await page.waitForSelector('#chatgpt-pending:not([hidden])');
    expect(await page.textContent('#chatgpt-code')).toBe('ABCD-EFGH');
    const link = page.locator('#chatgpt-link');
    expect(await link.textContent()).toBe(`${issuer.issuer}/codex/device`);
    expect(await link.getAttribute('href')).toBe(`${issuer.issuer}/codex/device`);
    // The fake issuer approves after one pending poll (its interval is one second).
    await page.waitForSelector('#chatgpt-message:has-text("Signed in to ChatGPT")', { timeout: 10_000 });
    expect(await page.isHidden('#chatgpt-pending')).toBe(true);

    const path = codexCredentialPath(env);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(path, 'utf8')) as { access_token: string };
    expect(issuer.acceptsAccessToken(stored.access_token)).toBe(true);
    const state = await (await page.request.get(new URL('/api/chatgpt', web.origin).href)).json();
    expect(state).toMatchObject({ needed: false, phase: 'signed_in', user_code: null });

    await page.fill('#message', 'Hello');
    await page.click('#send');
    await page.waitForSelector('text=Signed in and answering.');
    expect(backend.requests).toHaveLength(1);
    expect(backend.requests[0]!.path).toMatch(/\/responses$/);
    expect(backend.requests[0]!.headers.authorization).toBe(`Bearer ${stored.access_token}`);
  }, 30_000);

  it('offers the sign-in again when a turn finds the stored sign-in dead', async () => {
    const dead = async (issuer: FakeIssuer): Promise<string> => {
      const login = await CodexDeviceLogin.start({ issuer: issuer.issuer });
      const credential = parseCodexCredential((await login.poll())!);
      issuer.kill(credential.refreshToken!, 'invalidated');
      return serializeCodexCredential({ ...credential, expiresAt: Date.now() - 1000 });
    };
    const { web, backend } = await start({ pendingPolls: 0 }, [], dead);
    const page = await openPage(web);
    // A stored credential that may still renew: nothing offered yet.
    expect(await page.isHidden('#chatgpt')).toBe(true);
    await page.fill('#message', 'Hello');
    await page.click('#send');
    await page.waitForSelector('#chatgpt:not([hidden])', { timeout: 10_000 });
    expect(await page.isVisible('#chatgpt-start')).toBe(true);
    expect(await page.isHidden('#chatgpt-close')).toBe(true);
    expect(backend.requests).toHaveLength(0);
  }, 30_000);

  it('cancels a running sign-in: polling stops and nothing is stored', async () => {
    const { web, issuer, env } = await start({ pendingPolls: 1_000 });
    const page = await openPage(web);
    await page.click('#chatgpt-start');
    await page.waitForSelector('#chatgpt-pending:not([hidden])');
    await page.click('#chatgpt-cancel');
    await page.waitForSelector('#chatgpt-message:has-text("cancelled")');
    expect(await page.isHidden('#chatgpt-pending')).toBe(true);
    expect(await page.isVisible('#chatgpt-start')).toBe(true);
    const polls = issuer.log.filter((r) => r.path.endsWith('/deviceauth/token')).length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(issuer.log.filter((r) => r.path.endsWith('/deviceauth/token')).length).toBe(polls);
    expect(() => statSync(codexCredentialPath(env))).toThrow();
  }, 30_000);

  it('says why when the issuer refuses to start a sign-in', async () => {
    const { web } = await start({ userCodeStatus: 404 });
    const page = await openPage(web);
    await page.click('#chatgpt-start');
    await page.waitForSelector('#chatgpt-message.error');
    expect(await page.textContent('#chatgpt-message')).toMatch(/could not start/);
  }, 30_000);

  it('keeps the endpoints behind the secret and the Origin check', async () => {
    const { web, issuer } = await start({});
    expect((await fetch(new URL('/api/chatgpt', web.origin))).status).toBe(401);
    const cookie = `${secretCookieName(web.port)}=${new URL(web.url).searchParams.get('token')}`;
    expect((await fetch(new URL('/api/chatgpt', web.origin), { headers: { cookie } })).status).toBe(200);
    const postStart = (headers: Record<string, string>) =>
      fetch(new URL('/api/chatgpt/start', web.origin), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
    expect((await postStart({ origin: web.origin })).status).toBe(401);
    expect((await postStart({ cookie, origin: 'http://evil.example' })).status).toBe(403);
    expect((await postStart({ cookie })).status).toBe(403);
    expect(issuer.log).toHaveLength(0);
  });
});
