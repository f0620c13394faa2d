/**
 * `encli auth codex`, `status`, `logout` and `encli chat --auth codex` from the command line,
 * against the fake sign-in server and the fake Responses backend on loopback.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCodexCredential, serializeCodexCredential } from '../../src/agent/codex/index.js';
import { ENCLI, REPO_ROOT, tsNode } from '../mcp/support/stdio-client.js';
import { startFakeIssuer, type FakeIssuer } from '../agent/codex/fake-issuer.js';
import { reply, startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.js';
import { responsesWire } from '../support/fake-responses.js';

let issuer: FakeIssuer | undefined;
let backend: FakeOpenAI | undefined;
let home: string | undefined;
afterEach(async () => {
  await backend?.close();
  await issuer?.close();
  if (home) await rm(home, { recursive: true, force: true });
  issuer = backend = home = undefined;
});

interface Run {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  exit: Promise<number | null>;
}

function encli(args: string[], env: Record<string, string> = {}, input?: string): Run {
  const child = spawn(process.execPath, tsNode(ENCLI, args), {
    cwd: REPO_ROOT,
    env: { ...process.env, XDG_CONFIG_HOME: home!, ENCX_CODEX_ISSUER: '', ENCX_CODEX_BASE_URL: '', ENCX_LLM_AUTH: '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (out += d.toString('utf8')));
  if (input !== undefined) child.stdin.end(input);
  return { child, output: () => out, exit: new Promise((resolve) => child.on('exit', resolve)) };
}

const credentialFile = (): string => join(home!, 'encli', 'chatgpt-credential.json');

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 20));
}

describe('encli auth', { timeout: 90_000 }, () => {
  it('codex signs in by device code and stores the credential 0600; status reports it; logout revokes and removes it', async () => {
    issuer = await startFakeIssuer({ pendingPolls: 1 });
    home = await mkdtemp(join(tmpdir(), 'encli-auth-'));
    const login = encli(['auth', 'codex', '--issuer', issuer.issuer]);
    expect(await login.exit).toBe(0);
    expect(login.output()).toContain(`open ${issuer.issuer}/codex/device in a browser`);
    expect(login.output()).toContain('enter the code  ABCD-EFGH');
    expect(login.output()).toContain(`Signed in to ChatGPT as player@example.com (account acct_test). The credential is in ${credentialFile()} (0600).`);
    expect((await stat(credentialFile())).mode & 0o777).toBe(0o600);
    expect(parseCodexCredential(await readFile(credentialFile(), 'utf8')).refreshToken).toBe('rt_1');

    const status = encli(['auth', 'status']);
    expect(await status.exit).toBe(0);
    expect(status.output()).toMatch(/^Signed in to ChatGPT as player@example\.com \(account acct_test\)\.\nAccess token valid until \S+ \(about 60 min\)\.\nRenewal: a refresh token is stored/);

    const logout = encli(['auth', 'logout'], { ENCX_CODEX_ISSUER: issuer.issuer });
    expect(await logout.exit).toBe(0);
    expect(logout.output()).toContain('Signed out of ChatGPT: the sign-in is revoked');
    expect(issuer.revoked).toEqual(['rt_1']);
    expect(issuer.log.at(-1)!.body).toEqual({ token: 'rt_1', token_type_hint: 'refresh_token', client_id: 'app_EMoamEEZ73f0CkXaXp7hrann' });
    await expect(stat(credentialFile())).rejects.toThrow('ENOENT');

    const after = encli(['auth', 'status']);
    expect(await after.exit).toBe(1);
    expect(after.output()).toContain('Not signed in to ChatGPT');
  });

  it('Ctrl-C cancels a waiting sign-in: nothing is stored', async () => {
    issuer = await startFakeIssuer({ pendingPolls: 10_000, interval: 60 });
    home = await mkdtemp(join(tmpdir(), 'encli-auth-'));
    const login = encli(['auth', 'codex', '--issuer', issuer.issuer]);
    await until(() => login.output().includes('Ctrl-C cancels'));
    login.child.kill('SIGINT');
    expect(await login.exit).toBe(130);
    expect(login.output()).toContain('encli auth codex: the ChatGPT login was cancelled');
    await expect(stat(credentialFile())).rejects.toThrow('ENOENT');
  });

  it('logout with an unreachable issuer still removes the credential and says it was not revoked', async () => {
    home = await mkdtemp(join(tmpdir(), 'encli-auth-'));
    await mkdir(join(home, 'encli'), { mode: 0o700 });
    await writeFile(credentialFile(), '{"access_token":"a","refresh_token":"r"}', { mode: 0o600 });
    const logout = encli(['auth', 'logout', '--issuer', 'http://127.0.0.1:9']);
    expect(await logout.exit).toBe(1);
    expect(logout.output()).toMatch(/Removed .*chatgpt-credential\.json, but the sign-in was not revoked: .*could not be reached/);
    await expect(stat(credentialFile())).rejects.toThrow('ENOENT');
  });

  it('refuses bad usage with exit 2', async () => {
    home = await mkdtemp(join(tmpdir(), 'encli-auth-'));
    for (const [args, message] of [
      [['auth'], 'say what to do: codex, status or logout'],
      [['auth', 'github'], 'unknown auth command "github"'],
      [['auth', 'codex', '--issuer', 'ftp://x'], '--issuer "ftp://x" must start with https://'],
      [['auth', 'codex', '--timeout', '0'], '--timeout must be a number of seconds above 0'],
      [['chat', '--demo', '--auth', 'codex'], 'not signed in to ChatGPT'],
    ] as const) {
      const run = encli([...args]);
      expect(await run.exit).toBe(2);
      expect(run.output()).toContain(message);
    }
  });
});

describe('encli chat --auth codex', { timeout: 90_000 }, () => {
  it('talks to the Responses backend with the stored sign-in, renews it once and stores the rotated credential', async () => {
    issuer = await startFakeIssuer({ pendingPolls: 0 });
    home = await mkdtemp(join(tmpdir(), 'encli-auth-'));
    const login = encli(['auth', 'codex', '--issuer', issuer.issuer]);
    expect(await login.exit).toBe(0);
    // Make the stored token due for renewal (4 minutes left).
    const stored = parseCodexCredential(await readFile(credentialFile(), 'utf8'));
    await writeFile(credentialFile(), serializeCodexCredential({ ...stored, expiresAt: Date.now() + 4 * 60_000 }));
    backend = await startFakeOpenAI([reply('Hello from ChatGPT.'), reply('Still here.')], {
      wires: { '/responses': responsesWire },
      apiKey: (authorization) => authorization !== undefined && issuer!.acceptsAccessToken(authorization.replace(/^Bearer /, '')),
    });
    const chat = encli(['chat', '--demo', '--auth', 'codex', '--backend', backend.baseURL], { ENCX_CODEX_ISSUER: issuer.issuer, OPENAI_API_KEY: '' }, 'hi\nagain\n');
    expect(await chat.exit).toBe(0);
    expect(chat.output()).toContain(`encli chat: gpt-5.5 at ${backend.baseURL}/responses (key: ChatGPT sign-in ${credentialFile()})`);
    expect(chat.output()).toContain('Hello from ChatGPT.');
    expect(chat.output()).toContain('Still here.');
    expect(issuer.refreshes()).toHaveLength(1);
    expect(backend.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${issuer.latestAccessToken()}`, `Bearer ${issuer.latestAccessToken()}`]);
    expect(backend.requests[0]!.headers['chatgpt-account-id']).toBe('acct_test');
    const after = parseCodexCredential(await readFile(credentialFile(), 'utf8'));
    expect(after.refreshToken).toBe('rt_2');
    expect(after.accessToken).toBe(issuer.latestAccessToken());
    expect((await stat(credentialFile())).mode & 0o777).toBe(0o600);
  });
});
