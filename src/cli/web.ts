/**
 * `encli web` (also `encli -web`): the agent in a local web page.
 *
 *   encli web -domain tech.en.cx [--demo] [-security approve] [--port N] [--host H] [--open] [-game N]
 *             [the model flags of encli chat]
 *
 * Serves one page and its API on 127.0.0.1 (a free port unless --port), prints the address to open
 * (it carries the secret), and runs until Ctrl+C. Diagnostics go to stderr; the address to stdout.
 */
import { spawn } from 'node:child_process';
import { networkInterfaces } from 'node:os';
import type { Engine } from '../engine/engine.js';
import { EncounterClient } from '../engine/client.js';
import { SessionStore } from '../engine/session-store.js';
import { createDemoEngine } from '../demo/index.js';
import { parsePolicy } from '../tools/policy.js';
import type { Policy } from '../tools/types.js';
import { CodexDeviceLogin } from '../agent/codex/device-login.js';
import { ChatGptSignIn, engineAccount, gameGlanceReader, LOOPBACK_HOSTS, startWebServer } from '../web/index.js';
import { DEFAULT_DOMAIN, DOMAIN_FLAGS, domainFromFlags } from './domain.js';
import { parseFlags, UsageError, type FlagSpecs } from './flags.js';
import { FLAG_SPELLING_NOTE, flagTable, type CliCommand } from './help.js';
import { AgentSession } from '../agent/session.js';
import { parseAgentConfig, type AgentConfigInput } from '../agent/config.js';
import { packageVersion } from '../mcp/package-version.js';
import { LLM_FLAGS, llmSessionOptions, llmSettingsFileNote, resolveLlmSettings, toAgentConfigInput, type LlmSettings } from './llm-settings.js';
import { nodePageFetcher } from './page-fetcher.js';
import { openAdminFlagSessions } from './admin-sessions.js';


const FLAGS: FlagSpecs = {
  ...DOMAIN_FLAGS,
  security: {
    type: 'string',
    value: 'approve|readonly|full',
    description: 'approve asks you in the page before every change; readonly hides the tools that change the game; full lets changes run without asking',
    default: 'approve',
  },
  demo: { type: 'boolean', description: 'an offline demo game: no account, no network besides the model' },
  admin: {
    type: 'boolean',
    description:
      'also give the assistant the editor tools inspect_game_scenario and admin_copy_game ("copy game 82864 from svk.en.cx into 123 here"): a copy writes into a game of --domain (needs its saved "encli login"), reads the source with that domain\'s own saved login, and the page asks first with the source, the target and the counts; with --demo, two offline fake domains',
  },
  port: { type: 'string', value: 'N', description: 'the port; the printed address is the one to open', default: '0, any free port' },
  host: {
    type: 'string',
    value: 'ADDRESS',
    description: 'listen on another address, e.g. 0.0.0.0 to reach the page from a phone on the same network; prints a warning: the page is then as safe as its secret',
    default: '127.0.0.1',
  },
  open: { type: 'boolean', description: 'open the page in the default browser' },
  game: { type: 'string', value: 'ID', description: 'the game to show at a glance before the assistant reads one', default: 'none' },
  'web-tools': { type: 'boolean', description: 'let the assistant search the web and read pages (public addresses only)' },
  stream: { type: 'boolean', description: '--stream=false asks the endpoint for whole answers instead of a stream', default: 'on' },
  help: { type: 'boolean', aliases: ['h'], hidden: true },
  ...LLM_FLAGS,
};

function help(env: Record<string, string | undefined>): string {
  return `usage: encli web [flags]
       encli -web …   (the same)

Serve the assistant as a page in your browser (phone-friendly), on this computer only. Without a
saved session for the domain ("encli login", domain ${DEFAULT_DOMAIN} unless you pass --domain)
the page asks you to sign in. With --auth codex and no stored sign-in (or a dead one) the page
offers the ChatGPT device sign-in itself.

flags:
${flagTable(FLAGS)}

${llmSettingsFileNote(env)}
Offline try with a local model (Ollama):
  encli web --demo --open --api-base http://127.0.0.1:11434/v1 --model qwen3
${FLAG_SPELLING_NOTE}`;
}

export interface WebSettings {
  domain: string;
  demo: boolean;
  /** `--admin`: the game-copy tools for the assistant. */
  admin: boolean;
  policy: Policy;
  port: number;
  host: string;
  open: boolean;
  gameId?: number;
  baseUrl?: string;
  llm: LlmSettings;
  /** The session config (model settings, policy, location on, web tools as asked). */
  config: AgentConfigInput;
}

/**
 * Reads flags, then the environment for what they leave open.
 *
 * @example
 * ```ts
 * resolveWebSettings(['--demo', '--port', '0', '--model', 'gpt-5.4'], process.env);
 * ```
 */
export async function resolveWebSettings(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<WebSettings | 'help'> {
  const { flags, positionals } = parseFlags(argv, FLAGS);
  if (flags.help === true) return 'help';
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}" (encli web takes only flags)`);
  const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
  const domain = domainFromFlags(flags, env);
  const policy = parseWebPolicy(text(flags.security));
  // Without a stored ChatGPT sign-in the page offers one, so the server starts anyway.
  const llm = await resolveLlmSettings(flags, env, { allowSignedOut: true });
  const config: AgentConfigInput = {
    ...toAgentConfigInput(llm),
    policy,
    // The page answers location requests through the browser, which asks the player first.
    location_tools: true,
    web_tools: flags['web-tools'] === true,
    stream: flags.stream !== false,
  };
  // Check the model settings before anything starts: a typo should not cost a sign-in.
  try {
    parseAgentConfig(config);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  return {
    domain,
    demo: flags.demo === true,
    admin: flags.admin === true,
    policy,
    port: parsePort(text(flags.port)),
    host: parseHost(text(flags.host)),
    open: flags.open === true,
    gameId: parseGame(text(flags.game)),
    baseUrl: text(env.ENCX_BASE_URL),
    llm,
    config,
  };
}

/** The catalog's parser; its default (approve) is the web page's: a person is there to answer. */
function parseWebPolicy(raw: string | undefined): Policy {
  try {
    return parsePolicy(raw?.toLowerCase());
  } catch {
    throw new UsageError(`invalid -security value "${raw}": use readonly, approve or full`);
  }
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined) return 0;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535) throw new UsageError(`--port must be a number from 0 to 65535, not "${raw}"`);
  return Number(raw);
}

function parseHost(raw: string | undefined): string {
  if (raw === undefined) return '127.0.0.1';
  const host = raw.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (!/^[a-z0-9.:-]+$/.test(host)) throw new UsageError(`--host must be an address or a host name, not "${raw}"`);
  return host;
}

function parseGame(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1) throw new UsageError(`-game must be a positive game id, not "${raw}"`);
  return Number(raw);
}

/** `encli web` as the command table loads it. */
export const webCommand: CliCommand = { help: () => help(process.env), run: (argv) => runWeb(argv) };

/** Entry point of `encli web`; resolves to the exit code once stopped (Ctrl+C). */
export async function runWeb(argv: string[]): Promise<number> {
  const settings = await resolveWebSettings(argv, process.env);
  if (settings === 'help') {
    process.stdout.write(help(process.env) + '\n');
    return 0;
  }
  const demo = settings.demo ? await createDemoEngine() : undefined;
  const store = new SessionStore();
  let client: EncounterClient;
  let engine: Engine;
  if (demo) {
    client = demo.client;
    engine = demo.engine;
  } else {
    const saved = await store.load(settings.domain).catch(() => null);
    client = new EncounterClient({
      domain: settings.domain,
      baseUrl: settings.baseUrl,
      cookies: saved?.cookies,
      userAgent: saved?.userAgent || undefined,
    });
    engine = client;
  }
  const domain = demo ? demo.fake.domain : settings.domain;
  const version = packageVersion();
  let admin: Awaited<ReturnType<typeof openAdminFlagSessions>> | undefined;
  try {
    if (settings.admin) admin = await openAdminFlagSessions({ domain: settings.domain, demo: settings.demo, baseUrl: settings.baseUrl });
  } catch (err) {
    await demo?.close();
    throw err;
  }
  const session = new AgentSession({
    config: settings.config,
    engine,
    admin: admin?.sessions,
    headers: { 'user-agent': `encli/${version}` },
    fetchPage: nodePageFetcher(`encli/${version}`),
    // One ChatGPT token source for the page's session (renewals are saved as they happen).
    ...llmSessionOptions(settings.llm),
  });
  const web = await startWebServer({
    session,
    account: engineAccount({
      domain,
      client,
      store,
      demo: settings.demo,
      demoLogin: demo ? 'player1' : undefined,
      warn: (message) => process.stderr.write(`encli web: ${message}\n`),
    }),
    // Through the session's paced engine: the header's reads queue with the tools' requests.
    readGame: gameGlanceReader(session.engine),
    gameId: settings.gameId ?? demo?.gameId,
    model: settings.llm.model,
    host: settings.host,
    port: settings.port,
    onError: (error) => process.stderr.write(`encli web: ${error.message}\n`),
    chatgpt: webChatGptSignIn(settings.llm),
  }).catch(async (err: unknown) => {
    await demo?.close();
    await admin?.close();
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`port ${settings.port} is taken; choose another --port or leave it out for a free one`);
    if (code === 'EADDRNOTAVAIL') throw new UsageError(`this computer has no address ${settings.host}`);
    throw err;
  });

  if (!LOOPBACK_HOSTS.includes(settings.host)) {
    process.stderr.write(
      `encli web: WARNING: listening on ${settings.host}, not only on this computer. Anyone who can reach ` +
        `port ${web.port} here AND has the secret address can use your Encounter session and your model ` +
        `account. Share the address only with your own devices, and stop the server when done.\n`,
    );
    // On all addresses the printed one is loopback: a phone needs one of the network's.
    if (settings.host === '0.0.0.0' || settings.host === '::') {
      const token = new URL(web.url).searchParams.get('token');
      for (const address of networkAddresses()) {
        process.stderr.write(`encli web: from another device: http://${address}:${web.port}/?token=${token}\n`);
      }
    }
  }
  // Listening for Ctrl+C before the URL is announced: whoever acts on the announcement finds the
  // clean shutdown, never the default disposition.
  const stopped = new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  process.stderr.write(
    `encli web: ${session.toolCount} engine tools on ${demo ? `${domain} (offline demo)` : domain}, policy ${settings.policy}, ` +
      `model ${settings.llm.model} at ${session.provider.endpoint} (key: ${settings.llm.keyFrom}). Stop with Ctrl+C.\n`,
  );
  process.stdout.write(`${web.url}\n`);
  if (settings.open) openInBrowser(web.url);

  await stopped;
  await web.close();
  await demo?.close();
  await admin?.close();
  return 0;
}

/**
 * With `--auth codex`: the device sign-in the page offers, against the same issuer as the token
 * source; an approval is stored 0600 and taken by the shared token source at once.
 *
 * @example
 * ```ts
 * const settings = await resolveWebSettings(['--auth', 'codex'], process.env);
 * startWebServer({ session, account, chatgpt: webChatGptSignIn(settings.llm) });
 * ```
 */
export function webChatGptSignIn(llm: LlmSettings): ChatGptSignIn | undefined {
  const codex = llm.codex;
  if (!codex) return undefined;
  return new ChatGptSignIn({
    start: () => CodexDeviceLogin.start({ issuer: codex.issuer }),
    adopt: async (json) => {
      const path = await codex.adopt(json);
      process.stderr.write(`encli web: signed in to ChatGPT from the page; the credential is in ${path} (0600)\n`);
    },
    needsSignIn: () => codex.tokens.needsSignIn(),
  });
}

/** This computer's IPv4 addresses on its networks (not loopback). */
function networkAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((info) => info !== undefined && info.family === 'IPv4' && !info.internal)
    .map((info) => info!.address);
}

/** The system's "open this URL" command; a failure only costs a hint (the URL is printed). */
function openInBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  try {
    const child = spawn(command, args as string[], { stdio: 'ignore', detached: true });
    child.once('error', () => process.stderr.write(`encli web: could not open a browser (${command}); open the address above yourself\n`));
    child.unref();
  } catch {
    process.stderr.write('encli web: could not open a browser; open the address above yourself\n');
  }
}
