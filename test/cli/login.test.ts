import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GAME_ID } from '../../src/demo/demo-game.js';
import { clientFromSavedSession } from '../../src/engine/saved-client.js';
import { SessionStore } from '../../src/engine/session-store.js';
import { startFake, type FakeEncounter } from '../fake-encounter/harness.js';

const ROOT = resolve(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const ENCLI = join(ROOT, 'src/cli/encli.ts');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Run the real `encli` in a child process (async: the fake serves from this process). */
function encli(args: string[], env: Record<string, string>, stdin = ''): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(TSX, [ENCLI, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: env.HOME ?? tmpdir(), ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

let fake: FakeEncounter;
let config: string;
let env: Record<string, string>;
beforeAll(async () => {
  fake = await startFake({ domain: 'demo.en.cx' });
  config = await mkdtemp(join(tmpdir(), 'encli-login-'));
  env = { XDG_CONFIG_HOME: config, ENCX_BASE_URL: fake.url };
});
afterAll(async () => {
  await fake.close();
  await rm(config, { recursive: true, force: true });
});

// Each case spawns a real `encli` through tsx; on the shared 2-core machine a spawn takes seconds.
describe('encli login / logout against the fake engine', { timeout: 60_000 }, () => {
  it('logs in with flags, saves a 0600 session without the password, and prints who is logged in', async () => {
    const run = await encli(['login', '-domain', 'demo.en.cx', '-login', 'player1', '-password', 'secret'], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Logged in to demo.en.cx as player1 (id 101, team Demo Team)');
    const file = join(config, 'encli', 'demo.en.cx.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('secret');
    // The saved session works for a new client with the saved User-Agent.
    const store = new SessionStore(join(config, 'encli'));
    const client = await clientFromSavedSession('demo.en.cx', { store, baseUrl: fake.url });
    expect((await client.getGameModel(DEMO_GAME_ID)).Event).toBe(0);
    await expect(clientFromSavedSession('other.en.cx', { store })).rejects.toThrow(/not signed in to other\.en\.cx: no saved session/);
  });

  it('takes --domain=, ENCX_LOGIN and the password from stdin when not a terminal', async () => {
    const run = await encli(['login', '--domain=demo.en.cx'], { ...env, ENCX_LOGIN: 'player2' }, 'secret2\n');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('as player2 (id 102');
  });

  it('reads login and password as two piped stdin lines', async () => {
    const run = await encli(['login', '-domain', 'demo.en.cx'], env, 'player2\nsecret2\n');
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('as player2 (id 102');
  });

  it('takes everything from the environment (ENCX_DOMAIN, ENCX_LOGIN, ENCX_PASSWORD)', async () => {
    const run = await encli(['login'], { ...env, ENCX_DOMAIN: 'demo.en.cx', ENCX_LOGIN: 'player1', ENCX_PASSWORD: 'secret' });
    expect(run.code).toBe(0);
  });

  it('a wrong password exits 1 with the typed explanation and saves nothing new', async () => {
    const other = await mkdtemp(join(tmpdir(), 'encli-login-bad-'));
    try {
      const run = await encli(['login', '-domain', 'demo.en.cx', '-login', 'player1', '-password', 'wrong'], { ...env, XDG_CONFIG_HOME: other });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/wrong login or password for demo\.en\.cx/);
      await expect(stat(join(other, 'encli', 'demo.en.cx.json'))).rejects.toThrow(/ENOENT/);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('missing domain is a usage error (exit 2)', async () => {
    const run = await encli(['login', '-login', 'x', '-password', 'y'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/pass -domain/);
  });

  it('logout removes the file; a second logout says there was none', async () => {
    // The login path is covered above; seed the file directly to keep this test to two processes.
    await new SessionStore(join(config, 'encli')).save({ domain: 'demo.en.cx', login: 'p', userAgent: 'ua', cookies: [{ name: 'stoken', value: 'x' }], savedAt: '' });
    const out = await encli(['logout', '-domain', 'demo.en.cx'], env);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/saved session was removed/);
    await expect(stat(join(config, 'encli', 'demo.en.cx.json'))).rejects.toThrow(/ENOENT/);
    const again = await encli(['logout', '-domain', 'demo.en.cx'], env);
    expect(again.stdout).toMatch(/No saved session/);
  });
});
