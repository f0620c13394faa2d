/**
 * `encli mcp` end to end, as an MCP client sees it: a real SDK client spawns the real CLI over
 * stdio, which serves the real catalog over the real engine client talking HTTP to the fake
 * Encounter server on 127.0.0.1 (started here, so the test can see every request that reached
 * it), or the built-in offline demo (`--demo`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_GAME_ID, FakeEncounter } from '../../src/demo/index.js';
import { decode } from '../../src/imaging/index.js';
import type { ElicitationAnswer } from './support/in-process.js';
import { ENCLI, REPO_ROOT, spawnMcp, tsNode, type StdioSession } from './support/stdio-client.js';

// Each test spawns real processes; on a loaded two-core machine a tsx start alone can take 10 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

type Content = Array<{ type: string; text?: string; data?: string; mimeType?: string }>;
const text = (content: unknown) => (content as Content).filter((c) => c.type === 'text').map((c) => c.text).join('\n');
/** Runs node with `args` to completion, stdin closed, and returns its exit code and stderr. */
function runToExit(args: string[], env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

const MUTATING = ['enc_send_code', 'enc_send_bonus_code', 'enc_take_penalty_hint', 'enc_enter_game'];

describe('encli mcp --demo (offline)', () => {
  let session: StdioSession;
  let nextAnswer: ElicitationAnswer = { action: 'decline' };
  beforeAll(async () => {
    session = await spawnMcp(ENCLI, ['mcp', '--demo', '-security', 'approve'], {
      answer: () => nextAnswer,
      env: { XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'encli-mcp-demo-')) },
    });
  });
  afterAll(() => session?.close());

  it('announces domain, policy and tool count on stderr and publishes 17 tools', async () => {
    const { tools } = await session.client.listTools();
    expect(tools).toHaveLength(17);
    expect(session.stderr()).toMatch(/serving 17 engine tools over stdio \(domain demo \(offline\), policy approve\)/);
    expect(tools.find((t) => t.name === 'enc_send_code')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it('reads the level and splits its collage into image blocks that decode', async () => {
    const level = await session.client.callTool({ name: 'enc_level', arguments: { game_id: DEMO_GAME_ID } });
    expect(level.isError).toBeFalsy();
    const projection = JSON.parse(text(level.content)) as { images?: Array<{ url: string }> };
    const url = projection.images?.[0]?.url;
    expect(url).toMatch(/collage/);
    const split = await session.client.callTool({ name: 'enc_split_image', arguments: { url } });
    expect(split.isError, text(split.content)).toBeFalsy();
    const images = (split.content as Content).filter((c) => c.type === 'image');
    expect(images.length).toBeGreaterThanOrEqual(2);
    for (const image of images) {
      const { header, raster } = await decode(new Uint8Array(Buffer.from(image.data!, 'base64')));
      expect(image.mimeType).toBe(`image/${header.format}`);
      expect(raster.width * raster.height).toBeGreaterThan(0);
    }
  });

  it('approve: a call with invalid arguments is answered without asking the user', async () => {
    const before = session.asked.length;
    const result = await session.client.callTool({ name: 'enc_send_code', arguments: { game_id: DEMO_GAME_ID } });
    expect(result.isError).toBe(true);
    expect(text(result.content)).toContain('code');
    expect(session.asked.length).toBe(before);
  });

  it('approve: a declined code is refused, an accepted one reaches the game', async () => {
    nextAnswer = { action: 'decline' };
    const declined = await session.client.callTool({ name: 'enc_send_code', arguments: { game_id: DEMO_GAME_ID, code: 'yellow' } });
    expect(declined.isError).toBe(true);
    expect(text(declined.content)).toMatch(/declined/i);
    nextAnswer = { action: 'accept', content: { confirm: true } };
    const accepted = await session.client.callTool({ name: 'enc_send_code', arguments: { game_id: DEMO_GAME_ID, code: 'yellow' } });
    expect(accepted.isError, text(accepted.content)).toBeFalsy();
    expect(session.asked.slice(-2)).toHaveLength(2);
    expect(session.asked.at(-1)).toBe(
      `Submit the code "yellow" as a level answer in game ${DEMO_GAME_ID}? A wrong code counts as an attempt and cannot be taken back.`,
    );
    const log = await session.client.callTool({ name: 'enc_action_log', arguments: { game_id: DEMO_GAME_ID } });
    expect(text(log.content)).toContain('yellow');
  });
});

describe('encli mcp against the fake Encounter server', () => {
  let fake: FakeEncounter;
  beforeAll(async () => {
    fake = await FakeEncounter.start();
  });
  afterAll(() => fake?.close());

  /** Signs in with credentials (no saved session yet) against the fake, like a first run. */
  function spawnAgainstFake(args: string[], answer?: ElicitationAnswer): Promise<StdioSession> {
    return spawnMcp(ENCLI, ['mcp', '-domain', fake.domain, '-login', 'player1', '-password', 'secret', ...args], {
      answer,
      env: { ENCX_BASE_URL: fake.url, XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'encli-mcp-fake-')) },
    });
  }

  it('readonly (default): 13 tools; a mutating call is refused and nothing is submitted', async () => {
    const session = await spawnAgainstFake([]);
    try {
      const { tools } = await session.client.listTools();
      expect(tools).toHaveLength(13);
      expect(tools.map((t) => t.name)).not.toEqual(expect.arrayContaining([MUTATING[0]]));
      expect(session.stderr()).toContain(`serving 13 engine tools over stdio (domain ${fake.domain}, policy readonly)`);
      const state = await session.client.callTool({ name: 'enc_game_state', arguments: { game_id: String(DEMO_GAME_ID) } });
      expect(text(state.content)).toContain(`${DEMO_GAME_ID}`);
      await expect(session.client.callTool({ name: 'enc_send_code', arguments: { game_id: DEMO_GAME_ID, code: 'yellow' } })).rejects.toThrow();
    } finally {
      await session.close();
    }
    expect(fake.submissions()).toEqual([]);
  });

  it('serves from the session `encli login` saved, with no credentials given', async () => {
    const configHome = mkdtempSync(join(tmpdir(), 'encli-mcp-login-'));
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', XDG_CONFIG_HOME: configHome, ENCX_BASE_URL: fake.url };
    // Asynchronously: the fake engine answers from this very process.
    const login = await runToExit(tsNode(ENCLI, ['login', '-domain', fake.domain, '-login', 'player2', '-password', 'secret2']), env);
    expect(login.code, login.stderr).toBe(0);
    const session = await spawnMcp(ENCLI, ['mcp', '-domain', fake.domain], { env: { ENCX_BASE_URL: fake.url, XDG_CONFIG_HOME: configHome } });
    try {
      const profile = await session.client.callTool({ name: 'enc_profile', arguments: {} });
      expect(profile.isError, text(profile.content)).toBeFalsy();
      expect(text(profile.content)).toContain('player2');
    } finally {
      await session.close();
    }
  });

  it('approve with a client that cannot ask (like PicoClaw): refused, nothing submitted', async () => {
    const session = await spawnAgainstFake(['-security', 'approve']);
    try {
      const result = await session.client.callTool({ name: 'enc_send_code', arguments: { game_id: DEMO_GAME_ID, code: 'yellow' } });
      expect(result.isError).toBe(true);
      expect(text(result.content)).toContain('-security full');
    } finally {
      await session.close();
    }
    expect(fake.submissions()).toEqual([]);
  });

  it('the anti-spam wall becomes a tool error naming the verification page; an expired session says to log in', async () => {
    const session = await spawnAgainstFake(['-security', 'full']);
    try {
      fake.faults = { antiSpam: true };
      const blocked = await session.client.callTool({ name: 'enc_game_state', arguments: { game_id: DEMO_GAME_ID } });
      expect(blocked.isError).toBe(true);
      expect(text(blocked.content)).toMatch(/NotHumanRequest/i);
      fake.faults = { expiredSession: true };
      const expired = await session.client.callTool({ name: 'enc_game_state', arguments: { game_id: DEMO_GAME_ID } });
      expect(expired.isError).toBe(true);
      expect(text(expired.content)).toContain(`encli login -domain ${fake.domain}`);
    } finally {
      fake.faults = {};
      await session.close();
    }
  });
});
