/**
 * `encli mcp` answers `tools/list` without loading the imaging library: the decoders, the separator
 * planner and the encoders are imported when a picture tool first runs. Checked on the real
 * process over stdio, with a module-load log preloaded; the picture call at the end proves the log
 * does see the decoders when they are loaded.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMO_GAME_ID } from '../../src/demo/index.js';
import { ENCLI, REPO_ROOT } from './support/stdio-client.js';

const MODULE_LOG = fileURLToPath(new URL('./support/module-log.mjs', import.meta.url));

/** The imaging modules a start-up must not need. */
const HEAVY = /\/src\/imaging\/(decoders|encoders|separators)\/|\/src\/imaging\/(decode|render|shrink)\.[jt]s$/;

interface Reply {
  result?: { tools?: unknown[]; content?: { type: string; text?: string }[] };
}

describe('encli mcp start-up', { timeout: 60_000 }, () => {
  it('lists the tools before any decoder, encoder or separator module is loaded; a picture call loads them', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', MODULE_LOG, ENCLI, 'mcp', '--demo'], {
      cwd: REPO_ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const answers = new Map<number, (message: Reply) => void>();
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      for (let newline = buffered.indexOf('\n'); newline >= 0; newline = buffered.indexOf('\n')) {
        const message = JSON.parse(buffered.slice(0, newline)) as Reply & { id?: number };
        buffered = buffered.slice(newline + 1);
        if (message.id !== undefined) answers.get(message.id)?.(message);
      }
    });
    let nextId = 1;
    const request = (method: string, params: unknown) =>
      new Promise<Reply>((resolve) => {
        const id = nextId++;
        answers.set(id, resolve);
        child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
      });
    const loaded = (): string[] => [...stderr.matchAll(/^module-loaded (\S+)$/gm)].map((m) => m[1]!);

    try {
      await request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'lazy-imaging-test', version: '0' } });
      child.stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
      const list = await request('tools/list', {});
      expect(list.result?.tools?.length).toBeGreaterThan(10);
      expect(loaded().some((url) => url.includes('/src/tools/catalog.'))).toBe(true);
      expect(loaded().filter((url) => HEAVY.test(url))).toEqual([]);

      const level = await request('tools/call', { name: 'enc_level', arguments: { game_id: DEMO_GAME_ID } });
      const text = level.result?.content?.map((c) => c.text ?? '').join('\n') ?? '';
      const picture = /https?:\/\/[^\s"'<>)\]]+\.(?:jpg|png)/.exec(text)?.[0];
      expect(picture, text).toBeDefined();
      const view = await request('tools/call', { name: 'enc_view_image', arguments: { url: picture } });
      expect(view.result?.content?.some((c) => c.type === 'image')).toBe(true);
      expect(loaded().some((url) => /\/src\/imaging\/decoders\//.test(url))).toBe(true);
    } finally {
      child.kill();
    }
  });
});
