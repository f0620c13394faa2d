/**
 * The bin (dist/src/cli/encli.js) is one bundle of our code (scripts/bundle-cli.mjs): `encli mcp`
 * loads no other file of ours, since Node 20's per-module loading was ~30 ms CPU of its start-up.
 * Lazy parts stay lazy and located files are still found: a picture call decodes inside the
 * bundle, and `encli web` finds its page scripts beside dist/src/web/page-scripts.js.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GAME_ID } from '../../src/demo/index.js';
import { secretCookieName } from '../../src/web/index.js';
import { spawnMcp } from '../mcp/support/stdio-client.js';
import { assertBuilt, ROOT } from './consumer.js';

const BIN = join(ROOT, 'dist/src/cli/encli.js');
const MODULE_LOG = fileURLToPath(new URL('../mcp/support/module-log.mjs', import.meta.url));

let home = '';
beforeAll(() => {
  assertBuilt();
  home = mkdtempSync(join(tmpdir(), 'encli-bin-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('the bundled bin', { timeout: 60_000 }, () => {
  it('serves encli mcp --demo from that one file of ours, and a picture call still decodes', async () => {
    // spawnMcp runs a script through tsx; the bundle is plain JavaScript, which tsx runs as it is.
    const session = await spawnMcp(BIN, ['mcp', '--demo'], { env: { NODE_OPTIONS: `--import ${MODULE_LOG}`, XDG_CONFIG_HOME: home } });
    const ours = (): string[] =>
      [...session.stderr().matchAll(/^module-loaded (\S+)$/gm)].map((m) => m[1]!).filter((url) => url.startsWith(`file://${ROOT}/dist/`));
    try {
      const { tools } = await session.client.listTools();
      expect(tools.length).toBeGreaterThan(10);
      const level = await session.client.callTool({ name: 'enc_level', arguments: { game_id: DEMO_GAME_ID } });
      const text = (level.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');
      const picture = /https?:\/\/[^\s"'<>)\]]+\.(?:jpg|png)/.exec(text)?.[0];
      expect(picture, text).toBeDefined();
      const view = await session.client.callTool({ name: 'enc_view_image', arguments: { url: picture } });
      expect((view.content as { type: string }[]).some((c) => c.type === 'image')).toBe(true);
      expect([...new Set(ours())]).toEqual([`file://${BIN}`]);
    } finally {
      await session.close();
    }
  });

  it('starts encli web: the page scripts are found from inside the bundle', async () => {
    // Nothing listens at port 9 (discard): no issuer or model is asked before the page is served.
    const args = ['web', '--demo', '--port', '0', '--auth', 'codex', '--issuer', 'http://127.0.0.1:9', '--backend', 'http://127.0.0.1:9/codex'];
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, XDG_CONFIG_HOME: home, HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const exited = new Promise<number | null>((done) => child.once('exit', done));
    try {
      const line = await new Promise<string>((done, fail) => {
        child.stdout.on('data', () => stdout.includes('\n') && done(stdout.split('\n')[0]!));
        void exited.then((code) => fail(new Error(`encli web exited ${code}: ${stderr}`)));
      });
      const url = new URL(line);
      const headers = { cookie: `${secretCookieName(Number(url.port))}=${url.searchParams.get('token')}` };
      const script = await fetch(`${url.origin}/js/app.js`, { headers });
      expect(script.status).toBe(200);
      expect(await script.text()).toMatch(/\bimport\b/);
    } finally {
      child.kill('SIGINT');
      await exited;
    }
  });
});
