/**
 * `encli chat` end to end in a real pseudo-terminal (util-linux `script` allocates it): the demo
 * engine inside the CLI, the scripted fake model over HTTP, a player typing, answering a [y/N]
 * question, pressing Ctrl-C, and leaving with /exit.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_GAME_ID } from '../../src/demo/index.js';
import { ENCLI, REPO_ROOT, tsNode } from '../mcp/support/stdio-client.js';
import { callTools, hang, reply, startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.js';

const HAS_SCRIPT = spawnSync('script', ['--version']).status === 0;
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]|\r/g;

interface Terminal {
  child: ChildProcess;
  /** Everything printed so far, ANSI sequences and carriage returns removed. */
  screen(): string;
  type(text: string): void;
  waitFor(pattern: RegExp | string, from?: number): Promise<number>;
  exited: Promise<number | null>;
}

function shellQuote(arg: string): string {
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

function openTerminal(args: string[], env: Record<string, string>): Terminal {
  const command = [process.execPath, ...tsNode(ENCLI, args)].map(shellQuote).join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    cwd: REPO_ROOT,
    env: { ...process.env, TERM: 'xterm', COLUMNS: '120', LINES: '40', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let raw = '';
  child.stdout!.on('data', (d: Buffer) => (raw += d.toString('utf8')));
  child.stderr!.on('data', (d: Buffer) => (raw += d.toString('utf8')));
  let hasExited = false;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      hasExited = true;
      resolve(code);
    }),
  );
  const screen = () => raw.replace(ANSI, '');
  return {
    child,
    screen,
    type: (text) => void child.stdin!.write(text),
    waitFor: (pattern, from = 0) =>
      new Promise((resolve, reject) => {
        const started = Date.now();
        const poll = setInterval(() => {
          const text = screen().slice(from);
          const at = typeof pattern === 'string' ? text.indexOf(pattern) : text.search(pattern);
          if (at >= 0) {
            clearInterval(poll);
            resolve(from + at + 1);
          } else if (hasExited || Date.now() - started > 25_000) {
            clearInterval(poll);
            const why = hasExited ? 'the chat exited' : 'timed out';
            reject(new Error(`${why} waiting for ${String(pattern)}; screen so far:\n${screen()}`));
          }
        }, 50);
      }),
    exited,
  };
}

let fake: FakeOpenAI | undefined;
let home: string | undefined;
let term: Terminal | undefined;
afterEach(async () => {
  term?.child.kill('SIGKILL');
  await fake?.close();
  if (home) await rm(home, { recursive: true, force: true });
  fake = undefined;
  home = undefined;
  term = undefined;
});

// `script` ships with util-linux on every Linux this project supports; without it there is no pty.
describe.skipIf(!HAS_SCRIPT)('encli chat in a pseudo-terminal', () => {
  it('plays the demo: streams the answer, shows tool lines, saves a picture, asks [y/N], cancels with Ctrl-C, exits', async () => {
    fake = await startFakeOpenAI([
      callTools([{ name: 'enc_level', arguments: { game_id: DEMO_GAME_ID } }]),
      (req) => {
        const tool = (req.body.messages as Array<{ role: string; content: string }>).findLast((m) => m.role === 'tool')!;
        const url = /https?:\/\/[^"\s\]]+collage\.jpg/.exec(tool.content)![0];
        return callTools([{ name: 'enc_view_image', arguments: { url } }]);
      },
      callTools([{ name: 'enc_send_code', arguments: { game_id: DEMO_GAME_ID, code: 'yellow' } }]),
      reply('The code yellow was accepted.'),
      hang(),
      reply('Back again.'),
    ]);
    home = await mkdtemp(join(tmpdir(), 'encli-chat-pty-'));
    const keyFile = join(home, 'key');
    await writeFile(keyFile, 'test-key\n', { mode: 0o600 });
    const pictures = join(home, 'pictures');
    term = openTerminal(
      ['chat', '--demo', '--api-base', fake.baseURL, '--model', 'fake-model', '--api-key-file', keyFile, '--pictures', pictures],
      { XDG_CONFIG_HOME: join(home, 'config'), OPENAI_API_KEY: '', ENCX_LLM_API_KEY: '' },
    );
    let at = await term.waitFor('› ');
    expect(term.screen()).toContain(`fake-model at ${fake.baseURL}/chat/completions (key: --api-key-file ${keyFile}), policy approve`);

    term.type('send the colour of the first shape\r');
    at = await term.waitFor('[y/N]', at);
    const screen = term.screen();
    expect(screen).toMatch(/✓ enc_level game_id=10101/);
    expect(screen).toMatch(/✓ enc_view_image url=/);
    const picture = /picture: (\S+\.(?:jpg|png))/.exec(screen)?.[1];
    expect(picture).toBeDefined();
    expect(picture!.startsWith(pictures)).toBe(true);
    expect(existsSync(picture!)).toBe(true);
    expect(screen).toMatch(/yellow.*\[y\/N\]/);
    term.type('y\r');
    at = await term.waitFor('The code yellow was accepted.', at);
    at = await term.waitFor('› ', at);
    expect(term.screen()).toMatch(/✓ enc_send_code game_id=10101 code="yellow"/);
    // The engine accepted the code: the model read the result of a call that ran, not a refusal.
    const toolResult = (fake.requests[3]!.body.messages as Array<{ role: string; content: string }>).at(-1)!;
    expect(toolResult.role).toBe('tool');
    expect(toolResult.content).not.toMatch(/declined|failed/);

    term.type('and now?\r');
    await new Promise((r) => setTimeout(r, 300));
    term.type('\x03');
    at = await term.waitFor('(cancelling the turn; Ctrl-C again quits)', at);
    at = await term.waitFor('error: the turn was cancelled', at);
    at = await term.waitFor('› ', at);

    term.type('/help\r');
    at = await term.waitFor('/reset  forget the conversation', at);
    term.type('/reset\r');
    at = await term.waitFor('(conversation forgotten)', at);
    term.type('hello\r');
    at = await term.waitFor('Back again.', at);
    // After /reset only the new message went to the model.
    expect((fake.requests[5]!.body.messages as Array<{ role: string }>).map((m) => m.role)).toEqual(['system', 'user']);
    term.type('/exit\r');
    expect(await term.exited).toBe(0);
    // What was typed is kept for the next run, privately.
    const historyFile = join(home, 'config', 'encli', 'chat-history');
    expect((await stat(historyFile)).mode & 0o777).toBe(0o600);
    expect(await readFile(historyFile, 'utf8')).toContain('send the colour of the first shape');
  });

  it('a "y" typed before the question appears does not approve; Enter answers no; Ctrl-C twice at the prompt quits', async () => {
    fake = await startFakeOpenAI([
      async () => {
        await new Promise((r) => setTimeout(r, 1000));
        return callTools([{ name: 'enc_send_code', arguments: { game_id: DEMO_GAME_ID, code: 'wrong' } }]);
      },
      reply('Not sent.'),
    ]);
    home = await mkdtemp(join(tmpdir(), 'encli-chat-pty-'));
    term = openTerminal(['chat', '--demo', '--api-base', fake.baseURL, '--model', 'fake-model'], {
      XDG_CONFIG_HOME: join(home, 'config'),
      ENCX_LLM_API_KEY: 'test-key',
    });
    let at = await term.waitFor('› ');
    term.type('try wrong\r');
    await new Promise((r) => setTimeout(r, 200));
    term.type('y\r'); // typed ahead while the model thinks
    at = await term.waitFor('[y/N]', at);
    term.type('\r');
    at = await term.waitFor('Not sent.', at);
    expect(term.screen()).toMatch(/✗ enc_send_code .*declined/i);
    expect(String((fake.requests[1]!.body.messages as Array<{ content: string }>).at(-1)!.content)).toMatch(/declined/i);
    // At the prompt, Ctrl-C once warns, twice quits.
    term.type('\x03');
    at = await term.waitFor('(press Ctrl-C again or type /exit to quit)', at);
    term.type('\x03');
    expect(await term.exited).toBe(0);
  });

  it('encli --llm is the same command; a missing model is a usage error with where to set it', async () => {
    home = await mkdtemp(join(tmpdir(), 'encli-chat-pty-'));
    term = openTerminal(['--llm', '--demo'], { XDG_CONFIG_HOME: join(home, 'config'), ENCX_LLM_MODEL: '' });
    await term.waitFor('no model: pass --model, set ENCX_LLM_MODEL');
    expect(await term.exited).toBe(2);
  });
});
