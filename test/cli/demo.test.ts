/**
 * `npm run --silent demo` as an MCP client starts it: stdout carries only JSON-RPC, and the
 * picture URLs it hands out stay valid across a restart (fixed loopback port). `npm run demo`
 * without --silent, with stdout a pipe, refuses on stderr instead of serving after npm's banner.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GAME_ID } from '../../src/demo/index.js';
import { assertBuilt, ROOT } from '../package/consumer.js';

/** A port of its own, so demos other test files start on the default port cannot collide with this one. */
const PORT = '47633';

interface DemoRun {
  stdoutLines: string[];
  stderr: string;
  code: number | null;
  /** The first picture URL of the demo level. */
  pictureUrl: string;
  /** The status of fetching `fetchWhileRunning` while this server ran. */
  fetched?: number;
}

/** Starts `npm run --silent demo`, initialises, reads the game state, optionally fetches a URL, hangs up. */
function demoSession(env: NodeJS.ProcessEnv, fetchWhileRunning?: string): Promise<DemoRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'demo'], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
    const stdoutLines: string[] = [];
    let stderr = '';
    let pictureUrl = '';
    let fetched: number | undefined;
    child.stderr.on('data', (chunk: Buffer) => (stderr += String(chunk)));
    const send = (message: object) => child.stdin.write(JSON.stringify(message) + '\n');
    createInterface({ input: child.stdout }).on('line', (line) => {
      stdoutLines.push(line);
      let message: { id?: number; result?: { content?: Array<{ text?: string }> } };
      try {
        message = JSON.parse(line);
      } catch {
        return; // counted as impure below
      }
      if (message.id === 1) {
        send({ jsonrpc: '2.0', method: 'notifications/initialized' });
        send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'enc_game_state', arguments: { game_id: DEMO_GAME_ID } } });
      }
      if (message.id === 2) {
        const state = JSON.parse(message.result?.content?.[0]?.text ?? '{}') as { current_level?: { images?: Array<{ url: string }> } };
        pictureUrl = state.current_level?.images?.[0]?.url ?? '';
        const done = () => child.stdin.end();
        if (fetchWhileRunning) {
          fetch(fetchWhileRunning).then((r) => ((fetched = r.status), r.arrayBuffer())).then(done, (err: unknown) => ((fetched = -1), (stderr += String(err)), done()));
        } else done();
      }
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ stdoutLines, stderr, code, pictureUrl, fetched }));
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'demo-test', version: '1' } } });
  });
}

describe('npm run demo', () => {
  let config = '';
  let env: NodeJS.ProcessEnv = {};
  beforeAll(() => {
    assertBuilt();
    config = mkdtempSync(join(tmpdir(), 'encli-demo-'));
    env = { ...process.env, XDG_CONFIG_HOME: config, ENCX_DEMO_PORT: PORT };
  });
  afterAll(() => rmSync(config, { recursive: true, force: true }));

  it('with --silent: only JSON-RPC on stdout, and a picture URL from one run still loads in the next', async () => {
    const first = await demoSession(env);
    expect(first.pictureUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${PORT}/`));
    const second = await demoSession(env, first.pictureUrl);
    expect(second.pictureUrl).toBe(first.pictureUrl);
    expect(second.fetched).toBe(200);
    for (const run of [first, second]) {
      expect(run.stdoutLines.length).toBeGreaterThanOrEqual(2);
      for (const line of run.stdoutLines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
      expect(run.code).toBe(0);
    }
  }, 120_000);

  it('without --silent and with stdout piped, refuses on stderr and says how to start it', async () => {
    const child = spawn('npm', ['run', 'demo'], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += String(chunk)));
    child.stderr.on('data', (chunk: Buffer) => (stderr += String(chunk)));
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(code).not.toBe(0);
    expect(stderr).toContain('npm run --silent demo');
    // What reached stdout is npm's banner only, never a protocol message after it.
    expect(stdout).not.toContain('jsonrpc');
  }, 60_000);
});
