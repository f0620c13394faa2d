/**
 * `encli mcp` answers `tools/list` without loading the imaging library: the decoders, the separator
 * planner and the encoders are imported when a picture tool first runs. Checked on the real
 * process over stdio, with a module-load log preloaded (NODE_OPTIONS); the picture call at the end
 * proves the log does see the decoders when they are loaded.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMO_GAME_ID } from '../../src/demo/index.js';
import { ENCLI, spawnMcp } from './support/stdio-client.js';

const MODULE_LOG = fileURLToPath(new URL('./support/module-log.mjs', import.meta.url));

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

      const level = await session.client.callTool({ name: 'enc_level', arguments: { game_id: DEMO_GAME_ID } });
      const text = (level.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');
      const picture = /https?:\/\/[^\s"'<>)\]]+\.(?:jpg|png)/.exec(text)?.[0];
      expect(picture, text).toBeDefined();
      const view = await session.client.callTool({ name: 'enc_view_image', arguments: { url: picture } });
      expect((view.content as { type: string }[]).some((c) => c.type === 'image')).toBe(true);
      expect(loaded().some((url) => /\/src\/imaging\/decoders\//.test(url))).toBe(true);
    } finally {
      await session.close();
    }
  });
});
