/**
 * `encli chat` (also `encli --llm`): the Encounter assistant in a terminal. The answer streams as
 * it comes, each tool call is one line, every change to the game is asked as `[y/N]` with the
 * catalog's own question, Ctrl-C cancels the turn (twice quits).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAgentConfig, type AgentConfigInput } from '../agent/config.js';
import { AgentSession } from '../agent/session.js';
import type { AgentEvent } from '../agent/types.js';
import { createDemoEngine } from '../demo/index.js';
import type { Engine } from '../engine/engine.js';
import { packageVersion } from '../mcp/package-version.js';
import { configDir, readPrivateFile, writePrivateFile } from '../node/private-files.js';
import { parsePolicy } from '../tools/policy.js';
import type { AdminToolsOptions } from '../tools/index.js';
import type { Policy } from '../tools/types.js';
import { LineInput } from './chat-input.js';
import { ChatView } from './chat-view.js';
import { DEFAULT_DOMAIN, DOMAIN_FLAGS, domainFromFlags, SIGN_IN_FLAGS } from './domain.js';
import { parseFlags, UsageError, type FlagSpecs } from './flags.js';
import { FLAG_SPELLING_NOTE, flagTable, type CliCommand } from './help.js';
import { LLM_FLAGS, llmSessionOptions, llmSettingsFileNote, resolveLlmSettings, toAgentConfigInput, type LlmSettings } from './llm-settings.js';
import { openEngineClient } from './mcp.js';
import { openAdminFlagSessions } from './admin-sessions.js';
import { nodePageFetcher } from './page-fetcher.js';

/** Input lines kept in the history file between runs. */
const HISTORY_LINES = 500;

const FLAGS: FlagSpecs = {
  ...DOMAIN_FLAGS,
  demo: { type: 'boolean', description: 'play the offline demo game instead: no account, no engine network' },
  admin: {
    type: 'boolean',
    description:
      'also give the assistant the editor tools inspect_game_scenario and admin_copy_game ("copy game 82864 from svk.en.cx into 123 here"): a copy writes into a game of --domain, reads the source with that domain\'s own saved login, and is asked as [y/N] with the source, the target and the counts; with --demo, two offline fake domains',
  },
  security: {
    type: 'string',
    value: 'approve|readonly|full',
    description: 'approve: every change to the game is asked as [y/N] first; readonly: the assistant cannot change anything; full: changes run without asking',
    default: 'approve',
  },
  ...SIGN_IN_FLAGS,
  pictures: { type: 'string', value: 'DIR', description: 'folder for pictures the tools return; each is named in the output', default: `a new folder under ${tmpdir()}` },
  'web-tools': { type: 'boolean', description: 'let the assistant search the web and read pages (public addresses only)' },
  stream: { type: 'boolean', description: '--stream=false asks the endpoint for whole answers instead of a stream', default: 'on' },
  help: { type: 'boolean', aliases: ['h'], hidden: true },
  ...LLM_FLAGS,
};

function help(env: Record<string, string | undefined>): string {
  return `usage: encli chat [flags]
       encli --llm …   (the same)

Talk to an assistant that plays Encounter with you: it reads levels, looks at task pictures and,
with your "y", submits codes or takes hints. Sign in first with "encli login" (domain
${DEFAULT_DOMAIN} unless you pass --domain), or pass --login and --password.

flags:
${flagTable(FLAGS)}

${llmSettingsFileNote(env)}
In the chat: /reset forgets the conversation, /help, /exit. Ctrl-C cancels the running turn
(and refuses a pending question); Ctrl-C twice quits.
Offline try with a local model (Ollama):
  encli chat --demo --api-base http://127.0.0.1:11434/v1 --model qwen3
${FLAG_SPELLING_NOTE}`;
}

const IN_CHAT_HELP = `/reset  forget the conversation (the game is not touched)
/help   this text
/exit   quit (also /quit, Ctrl-D, or Ctrl-C twice)
Ctrl-C during an answer cancels it; a pending [y/N] question is then answered no.`;

/** `encli chat` as the command table loads it. */
export const chatCommand: CliCommand = { help: () => help(process.env), run: (argv) => runChat(argv) };

/** Entry point of `encli chat`; resolves to the exit code. */
export async function runChat(argv: string[]): Promise<number> {
  const env = process.env;
  const { flags, positionals } = parseFlags(argv, FLAGS);
  if (flags.help === true) {
    process.stdout.write(help(env) + '\n');
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}" (encli chat takes only flags)`);
  let policy: Policy;
  try {
    policy = parsePolicy(typeof flags.security === 'string' ? flags.security.toLowerCase() : undefined);
  } catch {
    throw new UsageError(`invalid -security value "${String(flags.security)}": use approve, readonly or full`);
  }
  const llm = await resolveLlmSettings(flags, env);
  const nonEmpty = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
  const domain = domainFromFlags(flags, env);
  const demo = flags.demo === true;

  const version = packageVersion();
  const config: AgentConfigInput = {
    ...toAgentConfigInput(llm),
    policy,
    web_tools: flags['web-tools'] === true,
    stream: flags.stream !== false,
  };
  // Check the model settings before opening the engine: a typo should not cost a sign-in.
  try {
    parseAgentConfig(config);
  } catch (err) {
    const message = (err as Error).message;
    // The config names its field; a terminal user sets the key in other ways.
    throw new UsageError(
      message.includes('needs an API key') ? `${message}: pass --api-key-file, or set ENCX_LLM_API_KEY or OPENAI_API_KEY` : message,
    );
  }
  const openSession = (engine: Engine, admin: AdminToolsOptions | undefined) =>
    new AgentSession({
      config,
      engine,
      admin,
      headers: { 'user-agent': `encli/${version}` },
      fetchPage: nodePageFetcher(`encli/${version}`),
      ...llmSessionOptions(llm),
    });
  const demoEngine = demo ? await createDemoEngine() : undefined;
  let admin: { sessions: AdminToolsOptions; close(): Promise<void> } | undefined;
  try {
    const engine =
      demoEngine?.engine ??
      (await openEngineClient({
        domain,
        policy,
        demo: false,
        login: nonEmpty(flags.login) ?? nonEmpty(env.ENCX_LOGIN),
        password: typeof flags.password === 'string' && flags.password !== '' ? flags.password : env.ENCX_PASSWORD || undefined,
        baseUrl: nonEmpty(env.ENCX_BASE_URL),
      }));
    // After the engine: its sign-in saves the session the admin tools then open.
    if (flags.admin === true) admin = await openAdminFlagSessions({ domain, demo, baseUrl: nonEmpty(env.ENCX_BASE_URL) });
    const session = openSession(engine, admin?.sessions);
    const picturesDir = nonEmpty(flags.pictures) ?? join(tmpdir(), `encli-chat-${stamp(new Date())}-${process.pid}`);
    return await chatLoop(session, llm, { domain: demo ? 'demo (offline)' : domain, remedyDomain: domain, picturesDir, gameId: demoEngine?.gameId });
  } finally {
    await llm.codex?.save();
    await demoEngine?.close();
    await admin?.close();
  }
}

interface LoopOptions {
  domain: string;
  remedyDomain: string;
  picturesDir: string;
  gameId?: number;
}

async function chatLoop(session: AgentSession, llm: LlmSettings, options: LoopOptions): Promise<number> {
  const output = process.stdout;
  const historyPath = join(configDir(process.env), 'chat-history');
  const input = new LineInput({ input: process.stdin, output, history: await loadHistory(historyPath), historySize: HISTORY_LINES });
  const view = new ChatView({ write: (t) => output.write(t), tty: Boolean(output.isTTY), picturesDir: options.picturesDir, domain: options.remedyDomain });

  // One question at a time: parallel tool calls queue their [y/N] lines.
  let questions: Promise<void> = Promise.resolve();
  let turnQuestions = new AbortController();
  let promptAbort = new AbortController();
  let interruptedAt: 'idle' | 'turn' | null = null;

  session.on((event: AgentEvent) => {
    view.render(event);
    if (event.type !== 'confirmation_requested') return;
    const signal = turnQuestions.signal;
    questions = questions.then(async () => {
      await view.flush();
      // Only a line typed after the question appeared can approve it.
      const answer = await input.ask(`${event.question} [y/N] `, signal, true);
      if (answer === null) output.write('\n(no answer: refused)\n');
      session.resolveConfirmation(event.call_id, answer !== null && /^(y|yes|д|да)$/i.test(answer.trim()));
    });
  });

  const quit = (): void => {
    turnQuestions.abort();
    session.cancel();
    input.close();
  };
  const interrupt = (): void => {
    if (session.busy) {
      if (interruptedAt === 'turn') return quit();
      interruptedAt = 'turn';
      turnQuestions.abort();
      session.cancel();
      output.write('\n(cancelling the turn; Ctrl-C again quits)\n');
      return;
    }
    if (interruptedAt === 'idle') return quit();
    interruptedAt = 'idle';
    output.write('\n(press Ctrl-C again or type /exit to quit)\n');
    promptAbort.abort();
  };
  input.onInterrupt(interrupt);
  process.on('SIGINT', interrupt);

  output.write(
    `encli chat: ${llm.model} at ${session.provider.endpoint} (key: ${llm.keyFrom}), policy ${session.policy}, ` +
      `domain ${options.domain}${options.gameId ? `, demo game ${options.gameId}` : ''}.\n` +
      `Pictures are saved under ${options.picturesDir}. Type /help for commands.\n`,
  );
  try {
    for (;;) {
      promptAbort = new AbortController();
      const line = await input.ask('› ', promptAbort.signal);
      if (line === null) {
        if (input.closed) break;
        continue; // interrupted once: ask again
      }
      interruptedAt = null;
      const text = line.trim();
      if (text === '') continue;
      if (text === '/exit' || text === '/quit') break;
      if (text === '/help') {
        output.write(IN_CHAT_HELP + '\n');
        continue;
      }
      if (text === '/reset') {
        session.resetHistory();
        output.write('(conversation forgotten)\n');
        continue;
      }
      if (text.startsWith('/')) {
        output.write(`unknown command ${text.split(/\s/)[0]}; /help lists them\n`);
        continue;
      }
      turnQuestions = new AbortController();
      try {
        await session.send(text);
      } catch {
        // The view printed the failure from the turn_failed event.
      }
      turnQuestions.abort();
      await llm.codex?.save(); // a renewal rotated the refresh token: keep the new one
      await questions;
      await view.flush();
      interruptedAt = null;
    }
  } finally {
    process.off('SIGINT', interrupt);
    view.dispose();
    await saveHistory(historyPath, input.history());
    input.close();
  }
  return 0;
}

async function loadHistory(path: string): Promise<string[]> {
  const text = await readPrivateFile(path).catch(() => null);
  return text ? text.split('\n').filter((l) => l !== '').slice(0, HISTORY_LINES) : [];
}

async function saveHistory(path: string, lines: string[]): Promise<void> {
  try {
    await writePrivateFile(path, lines.slice(0, HISTORY_LINES).join('\n') + '\n');
  } catch (err) {
    process.stderr.write(`encli chat: the input history could not be saved (${(err as Error).message})\n`);
  }
}

function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}
