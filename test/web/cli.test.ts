/**
 * `encli web` as a user starts it: the real CLI process (from source through tsx), the demo engine,
 * the scripted model server; the printed address opens the page, Ctrl+C stops it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretCookieName } from '../../src/web/index.js';
import { reply, startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.js';
import { ENCLI, REPO_ROOT, tsNode } from '../mcp/support/stdio-client.js';

let model: FakeOpenAI;
let home: string;
let keyFile: string;

beforeAll(async () => {
  model = await startFakeOpenAI([reply('Hello from the fake model.')]);
  home = mkdtempSync(join(tmpdir(), 'encli-web-cli-'));
  keyFile = join(home, 'key');
  writeFileSync(keyFile, 'test-key\n', { mode: 0o600 });
});
afterAll(async () => {
  await model?.close();
  rmSync(home, { recursive: true, force: true });
});

interface Running {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function encli(args: string[]): Running {
  const env = { ...process.env, XDG_CONFIG_HOME: home, HOME: home, ENCX_LLM_API_KEY: '', OPENAI_API_KEY: '' };
  const child = spawn(process.execPath, tsNode(ENCLI, args), { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

async function firstLine(run: Running): Promise<string> {
  for (let i = 0; i < 600; i++) {
    const line = run.stdout().split('\n')[0];
    if (run.stdout().includes('\n') && line) return line;
    if (run.child.exitCode !== null) throw new Error(`encli web exited: ${run.stderr()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no address printed; stderr: ${run.stderr()}`);
}

const modelFlags = () => ['--model', 'fake-model', '--api-base', model.baseURL, '--api-key-file', keyFile];

describe('encli web', { timeout: 90_000 }, () => {
  it('starts with --auth codex and nothing stored, and offers the ChatGPT sign-in in the page', async () => {
    // Nothing listens at port 9 (discard): the issuer is not asked before the page starts a sign-in.
    const run = encli(['web', '--demo', '--auth', 'codex', '--issuer', 'http://127.0.0.1:9', '--backend', 'http://127.0.0.1:9/codex']);
    const url = new URL(await firstLine(run));
    expect(run.stderr()).toContain('ChatGPT sign-in: none yet');
    const token = url.searchParams.get('token')!;
    const headers = { cookie: `${secretCookieName(Number(url.port))}=${token}` };
    const state = (await (await fetch(`${url.origin}/api/chatgpt`, { headers })).json()) as Record<string, unknown>;
    expect(state).toEqual({ needed: true, phase: 'idle', user_code: null, verify_url: null, message: null });
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  });

  it('prints the address with its secret, serves the demo there, answers, and stops on Ctrl+C', async () => {
    const run = encli(['-web', '--demo', '--port', '0', ...modelFlags()]);
    const url = new URL(await firstLine(run));
    expect(url.hostname).toBe('127.0.0.1');
    expect(Number(url.port)).toBeGreaterThan(0);
    const token = url.searchParams.get('token')!;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(run.stderr()).toContain('policy approve');
    expect(run.stderr()).not.toContain('WARNING');

    const headers = { cookie: `${secretCookieName(Number(url.port))}=${token}`, origin: url.origin, 'content-type': 'application/json' };
    const state = (await (await fetch(`${url.origin}/api/state`, { headers })).json()) as Record<string, unknown>;
    expect(state).toMatchObject({ demo: true, policy: 'approve', signedIn: true, model: 'fake-model' });
    expect((await fetch(`${url.origin}/api/send`, { method: 'POST', headers, body: JSON.stringify({ text: 'hi' }) })).status).toBe(202);
    await expect.poll(() => model.requests.length, { timeout: 20_000 }).toBe(1);
    expect(model.requests[0]!.headers.authorization).toBe('Bearer test-key');

    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  });

  it('--demo --admin gives the assistant of the page the game-copy tools on the two offline domains', async () => {
    const before = model.requests.length;
    model.push(reply('Ready to copy.'));
    const run = encli(['web', '--demo', '--admin', '--port', '0', ...modelFlags()]);
    const url = new URL(await firstLine(run));
    const token = url.searchParams.get('token')!;
    const headers = { cookie: `${secretCookieName(Number(url.port))}=${token}`, origin: url.origin, 'content-type': 'application/json' };
    expect((await fetch(`${url.origin}/api/send`, { method: 'POST', headers, body: JSON.stringify({ text: 'copy a game' }) })).status).toBe(202);
    await expect.poll(() => model.requests.length, { timeout: 20_000 }).toBe(before + 1);
    const tools = (model.requests[before]!.body.tools as Array<{ function: { name: string } }>).map((t) => t.function.name);
    expect(tools).toEqual(expect.arrayContaining(['inspect_game_scenario', 'admin_copy_game']));
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  });

  it('--admin without a saved session of the domain says how to sign in and exits', async () => {
    const run = encli(['web', '--admin', '-domain', 'nowhere.en.cx', '--port', '0', ...modelFlags()]);
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toContain('--admin needs the saved session of nowhere.en.cx');
    expect(run.stderr()).toContain('encli login -domain nowhere.en.cx');
  });

  it('warns when asked to listen beyond this computer', async () => {
    const run = encli(['web', '--demo', '--host', '0.0.0.0', ...modelFlags()]);
    await firstLine(run);
    expect(run.stderr()).toMatch(/WARNING: listening on 0\.0\.0\.0, not only on this computer/);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('refuses bad flags with a specific message and exit code 2', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['web', '--demo', '--port', '70000', ...modelFlags()], /--port must be a number from 0 to 65535/],
      [['web', '--demo', '-security', 'sometimes', ...modelFlags()], /invalid -security value "sometimes"/],
      [['web', '--demo', '-game', 'x', ...modelFlags()], /-game must be a positive game id/],
      [['web', '--demo'], /no model/],
    ];
    // Side by side: each is a whole tsx start.
    const runs = cases.map(([args]) => encli(args));
    const help = encli(['web', '--help']);
    const codes = await Promise.all(runs.map((run) => run.exited));
    cases.forEach(([args, message], i) => {
      expect(codes[i], args.join(' ')).toBe(2);
      expect(runs[i]!.stderr()).toMatch(message);
    });
    expect(await help.exited).toBe(0);
    expect(help.stdout()).toContain('usage: encli web');
  });
});
