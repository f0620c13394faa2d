/**
 * `encli mcp` answers `tools/list` without loading the imaging library: the decoders, the separator
 * planner and the encoders are imported when a picture tool first runs. Checked on the real
 * process over stdio, with a module-load log preloaded (NODE_OPTIONS); the picture call at the end
 * proves the log does see the decoders when they are loaded. With `--demo`, the fake engine is
 * neither loaded nor listening, and nobody has signed in, until the first engine call or until
 * the client has been idle for a second after `tools/list`.
 */
import { createServer, connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMO_GAME_ID } from '../../src/demo/index.js';
import { ENCLI, spawnMcp, viewFirstDemoPicture } from './support/stdio-client.js';

const MODULE_LOG = fileURLToPath(new URL('./support/module-log.mjs', import.meta.url));

/** The demo's own modules (the fake engine, its pages and pictures): loaded by the first engine call. */
const DEMO = /\/src\/demo\//;

/** A loopback port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
function listening(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });
}

/** The imaging modules a start-up must not need. */
const HEAVY = /\/src\/imaging\/(decoders|encoders|separators)\/|\/src\/imaging\/(decode|render|shrink)\.[jt]s$/;

describe('encli mcp start-up', { timeout: 60_000 }, () => {
  it('lists the tools before any decoder, encoder or separator module is loaded; a picture call loads them', async () => {
    const session = await spawnMcp(ENCLI, ['mcp', '--demo'], { env: { NODE_OPTIONS: `--import ${MODULE_LOG}` } });
    const loaded = (): string[] => [...session.stderr().matchAll(/^module-loaded (\S+)$/gm)].map((m) => m[1]!);
    try {
      const { tools } = await session.client.listTools();
      expect(tools.length).toBeGreaterThan(10);
      expect(loaded().some((url) => url.includes('/src/tools/catalog.'))).toBe(true);
      expect(loaded().filter((url) => HEAVY.test(url))).toEqual([]);

      await viewFirstDemoPicture(session.client, DEMO_GAME_ID);
      expect(loaded().some((url) => /\/src\/imaging\/decoders\//.test(url))).toBe(true);
    } finally {
      await session.close();
    }
  });

  it('--demo answers initialize before the fake engine is loaded or listening; a first engine call starts it and signs in', async () => {
    const port = await freePort();
    const session = await spawnMcp(ENCLI, ['mcp', '--demo'], { env: { NODE_OPTIONS: `--import ${MODULE_LOG}`, ENCX_DEMO_PORT: String(port) } });
    const loaded = (): string[] => [...session.stderr().matchAll(/^module-loaded (\S+)$/gm)].map((m) => m[1]!);
    try {
      // Connected: `initialize` is answered, and no tools/list was asked for (that starts the demo too).
      expect(loaded().some((url) => url.includes('/src/tools/catalog.'))).toBe(true);
      expect(loaded().filter((url) => DEMO.test(url))).toEqual([]);
      expect(await listening(port)).toBe(false);

      const state = await session.client.callTool({ name: 'enc_game_state', arguments: { game_id: DEMO_GAME_ID } });
      expect(state.isError ?? false, JSON.stringify(state.content)).toBe(false);
      expect(JSON.stringify(state.content)).toContain(`http://127.0.0.1:${port}/`);
      expect(loaded().some((url) => url.includes('/src/demo/demo-engine.'))).toBe(true);
      expect(await listening(port)).toBe(true);
    } finally {
      await session.close();
    }
  });

  it('--demo starts its engine soon after tools/list is answered, without an engine call (picture URLs of a previous run work again)', async () => {
    const port = await freePort();
    const session = await spawnMcp(ENCLI, ['mcp', '--demo'], { env: { ENCX_DEMO_PORT: String(port) } });
    try {
      expect(await listening(port)).toBe(false);
      await session.client.listTools();
      const deadline = Date.now() + 20_000;
      while (!(await listening(port)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await listening(port)).toBe(true);
    } finally {
      await session.close();
    }
  });
});
