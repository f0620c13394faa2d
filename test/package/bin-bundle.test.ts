/**
 * The bin (dist/src/cli/encli.js) runs `encli mcp` from one bundle, dist/src/cli/mcp-bundle.js
 * (scripts/bundle-cli.mjs): before `tools/list` is answered no other file of ours is loaded but the
 * bin and the few imaging modules kept out of the bundle — Node 20's per-module loading was ~30 ms
 * CPU of that start-up. The decoders stay lazy in the built bin too, and every other command runs
 * unbundled, without the bundle or the MCP SDK.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GAME_ID } from '../../src/demo/index.js';
import { spawnMcp, viewFirstDemoPicture } from '../mcp/support/stdio-client.js';
import { assertBuilt, ROOT } from './consumer.js';

const BIN = join(ROOT, 'dist/src/cli/encli.js');
const BUNDLE = join(ROOT, 'dist/src/cli/mcp-bundle.js');
const MODULE_LOG = fileURLToPath(new URL('../mcp/support/module-log.mjs', import.meta.url));
/** The imaging modules a start-up must not need (as in test/mcp/lazy-imaging.test.ts). */
const HEAVY = /\/src\/imaging\/(decoders|encoders|separators)\/|\/src\/imaging\/(decode|render|shrink)\.[jt]s$/;

const loadedIn = (stderr: string): string[] => [...new Set([...stderr.matchAll(/^module-loaded (\S+)$/gm)].map((m) => m[1]!))];
const ours = (urls: string[]): string[] => urls.filter((url) => url.startsWith(`file://${ROOT}/dist/`)).map((url) => url.slice(`file://${ROOT}/`.length));

let home = '';
beforeAll(() => {
  assertBuilt();
  home = mkdtempSync(join(tmpdir(), 'encli-bin-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('the built bin', { timeout: 60_000 }, () => {
  it('answers encli mcp --demo tools/list from the bundle, with no decoder loaded; a picture call loads the decoders', async () => {
    // spawnMcp runs the script through tsx, which runs plain JavaScript as it is.
    const session = await spawnMcp(BIN, ['mcp', '--demo'], { env: { NODE_OPTIONS: `--import ${MODULE_LOG}`, XDG_CONFIG_HOME: home } });
    try {
      const { tools } = await session.client.listTools();
      expect(tools.length).toBeGreaterThan(10);
      const atStart = ours(loadedIn(session.stderr()));
      expect(atStart).toContain('dist/src/cli/mcp-bundle.js');
      expect(atStart.filter((path) => !/^dist\/src\/(cli\/(encli|mcp-bundle)\.js|imaging\/)/.test(path))).toEqual([]);
      expect(atStart.filter((path) => HEAVY.test(path))).toEqual([]);
      const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
      expect(session.client.getServerVersion()?.version).toBe(version);

      await viewFirstDemoPicture(session.client, DEMO_GAME_ID);
      expect(ours(loadedIn(session.stderr())).some((path) => /^dist\/src\/imaging\/decoders\//.test(path))).toBe(true);
    } finally {
      await session.close();
    }
  });

  it.each([[['--version']], [['login', '--help']]])('runs encli %j unbundled, without the bundle or the MCP SDK', async (args) => {
    const { stderr } = await promisify(execFile)(process.execPath, ['--import', MODULE_LOG, BIN, ...args], { env: { ...process.env, XDG_CONFIG_HOME: home } });
    const loaded = loadedIn(stderr);
    expect(loaded).toContain(`file://${join(ROOT, 'dist/src/cli/main.js')}`);
    expect(loaded).not.toContain(`file://${BUNDLE}`);
    expect(loaded.filter((url) => url.includes('/@modelcontextprotocol/'))).toEqual([]);
  });
});
