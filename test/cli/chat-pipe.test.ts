/**
 * `encli chat` with its input piped (a script, not a person): every line is used in order, even
 * lines that arrive while a turn runs, and the chat ends when the input does.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_GAME_ID } from '../../src/demo/index.js';
import { ENCLI, REPO_ROOT, tsNode } from '../mcp/support/stdio-client.js';
import { callTools, reply, startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.js';

let fake: FakeOpenAI | undefined;
let home: string | undefined;
afterEach(async () => {
  await fake?.close();
  if (home) await rm(home, { recursive: true, force: true });
});

/** `encli chat ARGS` with `input` piped in whole; stdout and stderr together, and the exit code. */
async function chatWithInput(args: string[], input: string): Promise<{ code: number | null; out: string }> {
  home = await mkdtemp(join(tmpdir(), 'encli-chat-pipe-'));
  const child = spawn(process.execPath, tsNode(ENCLI, ['chat', ...args]), {
    cwd: REPO_ROOT,
    env: { ...process.env, ENCX_LLM_API_KEY: 'test-key', OPENAI_API_KEY: '', XDG_CONFIG_HOME: home },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (out += d.toString('utf8')));
  child.stdin.end(input);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, out };
}

describe('encli chat with piped input', () => {
  it('answers the [y/N] question from the next line and plays every queued line', async () => {
    fake = await startFakeOpenAI([
      callTools([{ name: 'enc_send_code', arguments: { game_id: DEMO_GAME_ID, code: 'yellow' } }]),
      reply('Done.'),
      reply('Second.'),
    ]);
    const { code, out } = await chatWithInput(['--demo', '--api-base', fake.baseURL, '--model', 'm'], 'send yellow\ny\nagain\n');
    expect(code).toBe(0);
    expect(out).toMatch(/Submit the code "yellow".*\[y\/N\] y\n/);
    expect(out).toContain('✓ enc_send_code game_id=10101 code="yellow"');
    expect(out).toContain('Done.\n› again\nSecond.\n');
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[2]!.body.messages).toEqual([
      expect.objectContaining({ role: 'system' }),
      { role: 'user', content: 'send yellow' },
      { role: 'assistant', content: 'Done.' },
      { role: 'user', content: 'again' },
    ]);
  });

  it('--demo --admin: "copy game 82864 from svk.en.cx into 123 here" is asked with source, target and counts, then copied and verified', async () => {
    const args = { source_domain: 'svk.en.cx', source_game_id: 82864, target_game_id: 123 };
    fake = await startFakeOpenAI([
      callTools([{ name: 'inspect_game_scenario', arguments: { source_domain: 'svk.en.cx', source_game_id: 82864 } }]),
      callTools([{ name: 'admin_copy_game', arguments: args }]),
      reply('Copied.'),
    ]);
    const { code, out } = await chatWithInput(['--demo', '--admin', '--api-base', fake.baseURL, '--model', 'm'], 'Copy game 82864 from svk.en.cx into 123 here\ny\n');
    expect(code).toBe(0);
    expect(out).toMatch(/game 82864 on svk\.en\.cx .*3 levels.*5 sectors.*into game 123 on tech\.en\.cx.*\[y\/N\] y\n/s);
    expect(out).toContain('✓ admin_copy_game');
    expect(out).toContain('Copied.');
    const messages = fake.requests[2]!.body.messages as Array<{ role: string; content: unknown }>;
    const copyResult = JSON.parse(String(messages.at(-1)!.content));
    expect(copyResult).toMatchObject({ success: true, verified: true });
  });

  it('a hosted provider without a key is a usage error that says where a key comes from', async () => {
    home = await mkdtemp(join(tmpdir(), 'encli-chat-pipe-'));
    const child = spawn(process.execPath, tsNode(ENCLI, ['chat', '--demo', '--model', 'gpt-5.4']), {
      cwd: REPO_ROOT,
      env: { ...process.env, ENCX_LLM_API_KEY: '', OPENAI_API_KEY: '', XDG_CONFIG_HOME: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(2);
    expect(err).toBe(
      'encli chat: provider "openai" needs an API key (api_key): pass --api-key-file, or set ENCX_LLM_API_KEY or OPENAI_API_KEY\n',
    );
  });
});
