/**
 * The stdio entry end to end: a real SDK client spawns a server process over the stand-in catalog
 * and talks to it in both protocol eras. (The same flows against the real catalog and the demo
 * engine are in cli-e2e.test.ts.) One process per era and capability keeps the spawns few.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decode } from '../../src/imaging/index.js';
import type { ElicitationAnswer } from './support/in-process.js';
import { mutationsIn, spawnMcp, STAND_IN_SERVER, type StdioSession } from './support/stdio-client.js';

// Each test spawns real processes; on a loaded two-core machine a tsx start alone can take 10 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

type Content = Array<{ type: string; text?: string; data?: string; mimeType?: string }>;
const text = (content: unknown) => (content as Content).filter((c) => c.type === 'text').map((c) => c.text).join('\n');

describe.each(['legacy', 'auto'] as const)('stdio, %s era', (era) => {
  let asking: StdioSession;
  let unable: StdioSession;
  let nextAnswer: ElicitationAnswer = { action: 'decline' };

  beforeAll(async () => {
    [asking, unable] = await Promise.all([
      spawnMcp(STAND_IN_SERVER, ['approve'], { era, answer: () => nextAnswer }),
      spawnMcp(STAND_IN_SERVER, ['approve'], { era }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([asking?.close(), unable?.close()]);
  });

  it('negotiates the expected era and lists 17 tools under approve', async () => {
    expect(asking.client.getProtocolEra()).toBe(era === 'legacy' ? 'legacy' : 'modern');
    expect((await asking.client.listTools()).tools).toHaveLength(17);
  });

  it('approve: accept runs the mutation once; decline and cancel submit nothing', async () => {
    nextAnswer = { action: 'accept', content: { confirm: true } };
    const accepted = await asking.client.callTool({ name: 'enc_send_bonus_code', arguments: { game_id: 3, code: 'b1' } });
    expect(accepted.isError).toBeFalsy();
    for (const answer of [{ action: 'decline' }, { action: 'cancel' }] as const) {
      nextAnswer = answer;
      const refused = await asking.client.callTool({ name: 'enc_send_code', arguments: { game_id: 3, code: answer.action } });
      expect(refused.isError).toBe(true);
      expect(text(refused.content)).toContain('declined');
    }
    expect(asking.asked).toHaveLength(3);
    expect(asking.asked[0]).toContain('enc_send_bonus_code');
    expect(mutationsIn(asking.stderr())).toEqual([{ tool: 'enc_send_bonus_code', args: { game_id: 3, code: 'b1' } }]);
  });

  it('approve + a client without elicitation is refused with a way forward', async () => {
    const result = await unable.client.callTool({ name: 'enc_send_code', arguments: { game_id: 3, code: 'x' } });
    expect(result.isError).toBe(true);
    expect(text(result.content)).toContain('-security full');
    expect(mutationsIn(unable.stderr())).toEqual([]);
  });

  it('picture results arrive as image blocks that decode', async () => {
    const result = await unable.client.callTool({ name: 'enc_split_image', arguments: {} });
    const images = (result.content as Content).filter((c) => c.type === 'image');
    expect(images).toHaveLength(2);
    for (const image of images) {
      const { header } = await decode(new Uint8Array(Buffer.from(image.data!, 'base64')));
      expect(image.mimeType).toBe(`image/${header.format}`);
    }
  });
});
