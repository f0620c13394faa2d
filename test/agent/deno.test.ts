/**
 * The session is runtime-neutral: a real Deno process imports the TypeScript sources unchanged and
 * plays a turn against the fake model over loopback HTTP (network allowed for 127.0.0.1 only).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { callTools, reply, startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.js';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./deno/session-in-deno.ts', import.meta.url));
const deno = fileURLToPath(new URL('../../node_modules/.bin/deno', import.meta.url));

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
});

describe('AgentSession under Deno', () => {
  it('streams a turn with a read, a confirmed code and the answer', async () => {
    fake = await startFakeOpenAI([
      callTools([{ name: 'enc_level', arguments: { game_id: 1 } }]),
      callTools([{ name: 'enc_send_code', arguments: { game_id: 1, code: 'deno' } }]),
      reply('Sent from Deno.'),
    ]);
    const { stdout } = await run(deno, ['run', '--no-lock', '--sloppy-imports', '--allow-read', '--allow-net=127.0.0.1', script, fake.baseURL], {
      timeout: 60_000,
      env: { ...process.env, NO_COLOR: '1' },
    });
    const out = JSON.parse(stdout.trim().split('\n').pop()!);
    expect(out).toEqual({
      answer: 'Sent from Deno.',
      events: ['turn_started', 'tool_started', 'tool_finished', 'confirmation_requested', 'text_delta', 'turn_finished'],
      sent: ['deno'],
      history: 2,
    });
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests.every((r) => r.body.stream === true)).toBe(true);
  });
});
