/**
 * `encli mcp --admin` end to end: a real MCP client spawns the CLI, which serves the admin tool
 * set only behind the flag; with --demo the copy runs on the two offline fake domains, and under
 * `approve` the question the client is asked names the source, the target and the counts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ElicitationAnswer } from '../mcp/support/in-process.js';
import { ENCLI, spawnMcp, type StdioSession } from '../mcp/support/stdio-client.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

type Content = Array<{ type: string; text?: string }>;
const text = (content: unknown) => (content as Content).filter((c) => c.type === 'text').map((c) => c.text).join('\n');

describe('encli mcp --admin', () => {
  it('without --admin the admin tools are not served', async () => {
    const session = await spawnMcp(ENCLI, ['mcp', '--demo', '-security', 'full'], { env: { XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'encli-mcp-')) } });
    try {
      const names = (await session.client.listTools()).tools.map((t) => t.name);
      expect(names).not.toContain('inspect_game_scenario');
      expect(names).not.toContain('admin_copy_game');
    } finally {
      await session.close();
    }
  });

  describe('with --demo --admin under approve', () => {
    let session: StdioSession;
    let answer: ElicitationAnswer = { action: 'decline' };
    beforeAll(async () => {
      session = await spawnMcp(ENCLI, ['mcp', '--demo', '--admin', '-security', 'approve'], {
        answer: () => answer,
        env: { XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'encli-mcp-admin-')) },
      });
    });
    afterAll(() => session?.close());

    it('publishes both tools with their annotations', async () => {
      const tools = (await session.client.listTools()).tools;
      expect(tools.find((t) => t.name === 'inspect_game_scenario')?.annotations).toMatchObject({ readOnlyHint: true });
      expect(tools.find((t) => t.name === 'admin_copy_game')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    });

    it('inspects, asks with source, target and counts, and copies only when accepted', async () => {
      const inspected = await session.client.callTool({ name: 'inspect_game_scenario', arguments: { source_domain: 'svk.en.cx', source_game_id: 82864 } });
      expect(inspected.isError).toBeFalsy();
      expect(JSON.parse(text(inspected.content))).toMatchObject({ levels: 3, sectors: 5 });

      answer = { action: 'decline' };
      const declined = await session.client.callTool({ name: 'admin_copy_game', arguments: { source_domain: 'svk.en.cx', source_game_id: 82864, target_game_id: 123 } });
      expect(declined.isError).toBe(true);
      expect(session.asked.at(-1)).toContain('Copy the scenario of game 82864 on svk.en.cx ("Огни Северного": 3 levels, 3 tasks, 3 hints, 1 penalty hints, 5 sectors');
      expect(session.asked.at(-1)).toContain('into game 123 on tech.en.cx?');

      answer = { action: 'accept', content: { confirm: true } };
      const copied = await session.client.callTool({ name: 'admin_copy_game', arguments: { source_domain: 'svk.en.cx', source_game_id: 82864, target_game_id: 123 } });
      expect(copied.isError, text(copied.content)).toBeFalsy();
      expect(JSON.parse(text(copied.content))).toMatchObject({ success: true, verified: true, game_id: 123 });
    });
  });
});
