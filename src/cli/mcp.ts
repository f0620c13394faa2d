/**
 * `encli mcp`: the enc_* catalog served over MCP on stdin/stdout.
 *
 *   encli mcp [-domain tech.en.cx] [-security readonly|approve|full] [-login L -password P]
 *   encli mcp --demo
 *
 * stdout belongs to the protocol: every diagnostic goes to stderr, and stdin is never read except
 * by the protocol (no interactive prompts, not even for the anti-spam check).
 */
import type { Engine } from '../engine/engine.js';
import { EncounterClient, Paced, SessionExpiredError, SessionStore, clientFromSavedSession, lazyEngine } from '../engine/index.js';
import { serveCatalogOverStdio } from '../mcp/index.js';
import { packageVersion } from '../mcp/package-version.js';
import { createCatalog, POLICIES } from '../tools/index.js';
import type { Policy } from '../tools/types.js';
import { DEFAULT_DOMAIN, DOMAIN_FLAGS, domainFromFlags, SIGN_IN_FLAGS } from './domain.js';
import { parseFlags, UsageError, type FlagSpecs } from './flags.js';
import type { CopySessions } from '../copy/copy-game.js';
import { openAdminFlagSessions } from './admin-sessions.js';
import { FLAG_SPELLING_NOTE, flagTable, type CliCommand } from './help.js';

/**
 * The demo's fixed loopback port: picture URLs the tools hand out (http://127.0.0.1:47615/…) stay
 * valid when the demo is restarted, e.g. by an MCP client reconnecting. ENCX_DEMO_PORT moves it.
 */
export const DEMO_PORT = 47_615;

const FLAGS: FlagSpecs = {
  ...DOMAIN_FLAGS,
  security: {
    type: 'string',
    value: 'readonly|approve|full',
    description: 'readonly hides the tools that change the game; approve asks the user through the client (MCP elicitation) before each change; full lets changes run',
    default: 'readonly',
  },
  ...SIGN_IN_FLAGS,
  demo: { type: 'boolean', description: 'serve an offline demo game: no account, no network' },
  admin: {
    type: 'boolean',
    description: "also serve the editor tools inspect_game_scenario and admin_copy_game: a copy writes into a game of --domain, reading the source with that domain's own saved login; with --demo they work on two offline fake domains",
  },
  help: { type: 'boolean', aliases: ['h'], hidden: true },
};

const HELP = `usage: encli mcp [flags]

Serves the Encounter tools over MCP on stdin/stdout for Claude, PicoClaw and other MCP clients.
stdout carries only the protocol; diagnostics go to stderr.

flags:
${flagTable(FLAGS)}

Sign in once with "encli login" (domain ${DEFAULT_DOMAIN} unless you pass --domain); the saved
session is used from then on. Environment: ENCX_BASE_URL points the client at another server;
ENCX_DEMO_PORT moves the demo from 127.0.0.1:${DEMO_PORT} (fixed, so its picture URLs outlive a restart).
${FLAG_SPELLING_NOTE}`;

/**
 * How long after `tools/list` an idle demo starts its engine. Not at once: a client that lists and
 * hangs up (a start-up benchmark, a health check) would leave this process busy ~50 ms after its
 * SIGTERM, finishing a start only to close it — on a loaded 2-core machine that slowed whatever
 * was started next (the bench's saved-session row, 1.22x -> 1.41x, interleaved with --demo).
 */
const DEMO_START_DELAY_MS = 1_000;

/** What the startup line names as the domain of the offline demo. */
const DEMO_DOMAIN = 'demo (offline)';
/**
 * Grace period after the client hangs up before the process is ended anyway: an idle keep-alive
 * socket must not leave an MCP server running after its client is gone.
 */
const EXIT_GRACE_MS = 2_000;

/** Everything `encli mcp` was asked to do, from flags and environment. */
export interface McpSettings {
  domain: string;
  policy: Policy;
  demo: boolean;
  /** Serve the admin tool set (scenario inspection and game copy); absent = no. */
  admin?: boolean;
  login?: string;
  password?: string;
  /** Engine base URL override (`ENCX_BASE_URL`), for a local or fake engine. */
  baseUrl?: string;
}

/** A startup failure the user can fix (no session, failed sign-in); exit code 1. */
export class McpStartupError extends Error {
  override readonly name = 'McpStartupError';
}

/**
 * `-security`: trimmed and case-insensitive; empty means readonly (an unattended server must not
 * be able to burn penalty time by default).
 */
export function parsePolicy(raw: string | undefined): Policy {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '') return 'readonly';
  if ((POLICIES as readonly string[]).includes(value)) return value as Policy;
  throw new UsageError(`invalid -security value "${raw}": use readonly, approve or full`);
}

/**
 * Reads flags, then the environment for what the flags leave open.
 *
 * @example
 * ```ts
 * resolveMcpSettings(['-domain', 'tech.en.cx', '-security', 'approve'], process.env)
 * ```
 */
export function resolveMcpSettings(argv: readonly string[], env: NodeJS.ProcessEnv): McpSettings | 'help' {
  const { flags, positionals } = parseFlags(argv, FLAGS);
  if (flags.help === true) return 'help';
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}" (encli mcp takes only flags)`);
  const nonEmpty = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
  const login = nonEmpty(flags.login) ?? nonEmpty(env.ENCX_LOGIN);
  // Passwords are not trimmed: a space may be part of one.
  const password = typeof flags.password === 'string' && flags.password !== '' ? flags.password : env.ENCX_PASSWORD || undefined;
  if ((login === undefined) !== (password === undefined)) {
    throw new UsageError('-login and -password go together (or ENCX_LOGIN and ENCX_PASSWORD)');
  }
  return {
    domain: domainFromFlags(flags, env),
    policy: parsePolicy(typeof flags.security === 'string' ? flags.security : undefined),
    demo: flags.demo === true,
    ...(flags.admin === true ? { admin: true } : {}),
    login,
    password,
    baseUrl: nonEmpty(env.ENCX_BASE_URL),
  };
}

/**
 * The signed-in engine client: the saved session of the domain; else sign in with the given
 * credentials and save the session; else a startup error saying how to sign in.
 */
export async function openEngineClient(settings: McpSettings, store = new SessionStore()): Promise<EncounterClient> {
  try {
    return await clientFromSavedSession(settings.domain, { store, baseUrl: settings.baseUrl });
  } catch (err) {
    // No saved session: sign in below with the credentials given, if any.
    if (!(err instanceof SessionExpiredError)) throw err;
  }
  if (settings.login === undefined || settings.password === undefined) {
    throw new McpStartupError(
      `no saved session for ${settings.domain}. Run "encli login -domain ${settings.domain}" first, ` +
        `or pass -login and -password (or set ENCX_LOGIN and ENCX_PASSWORD)`,
    );
  }
  const client = new EncounterClient({ domain: settings.domain, baseUrl: settings.baseUrl });
  try {
    await client.login(settings.login, settings.password);
  } catch (err) {
    throw new McpStartupError(`signing in to ${settings.domain} as ${settings.login} failed: ${(err as Error).message}`);
  }
  try {
    await store.save({
      domain: settings.domain,
      login: settings.login,
      userAgent: client.userAgent,
      cookies: client.exportCookies(),
      savedAt: new Date().toISOString(),
    });
  } catch (err) {
    // The session works in memory; only the next start will have to sign in again.
    process.stderr.write(`encli mcp: signed in, but the session could not be saved (${(err as Error).message})\n`);
  }
  return client;
}


/** ENCX_DEMO_PORT when it is a port number, else DEMO_PORT. */
function demoPort(env: NodeJS.ProcessEnv): number {
  const raw = env.ENCX_DEMO_PORT?.trim();
  if (!raw) return DEMO_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new UsageError(`ENCX_DEMO_PORT has to be a port number (1..65535), not "${raw}"`);
  return port;
}

/**
 * The offline demo: the fake engine on 127.0.0.1 with a signed-in client, and how to stop it. On
 * `port` when free; otherwise (another demo is running) on any free port, said on stderr,
 * because then this run's URLs die with it.
 */
async function openDemo(port: number): Promise<{ engine: Engine; close(): Promise<void> }> {
  // Loaded only for --demo: the fake engine and its pictures are not part of a real server's start-up.
  const { createDemoEngine } = await import('../demo/demo-engine.js');
  try {
    try {
      return await createDemoEngine({}, port);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
      process.stderr.write(`encli mcp: port ${port} is taken (another demo?); this demo uses another port, so its picture URLs last only while it runs\n`);
      return await createDemoEngine();
    }
  } catch (err) {
    throw new McpStartupError(`the offline demo engine could not start: ${(err as Error).message}`);
  }
}

/**
 * The demo's engine, opened by its first call or, if none comes, DEMO_START_DELAY_MS after
 * `tools/list` was answered (`start`): starting the fake engine and signing in took ≈50 ms of a
 * 455 ms start-up, and `initialize`/`tools/list` need neither; started then, the demo's fixed-port
 * picture URLs work again soon after a client reconnects. A failed start is reported on stderr and
 * fails the call that waited for it (the next call tries again). The demo's pages carry absolute
 * picture URLs, so the catalog needs no base URL up front.
 */
function lazyDemo(port: number): { engine: Engine; start(): void; close(): Promise<void> } {
  let demo: Promise<{ engine: Engine; close(): Promise<void> }> | undefined;
  let closing = false;
  const engine = lazyEngine(
    () => {
      demo = openDemo(port);
      return demo.then((d) => d.engine);
    },
    { onOpenError: (error) => void process.stderr.write(`encli mcp: ${error.message}\n`) },
  );
  return {
    engine,
    start: () => void setTimeout(() => closing || engine.start(), DEMO_START_DELAY_MS).unref(),
    close: async () => {
      closing = true;
      const opened = await demo?.catch(() => undefined);
      await opened?.close();
    },
  };
}

/** The admin tool set's sessions: saved logins per domain, or the copy demo's two fake domains. */
async function openAdminSessions(settings: McpSettings): Promise<{ sessions: CopySessions; close(): Promise<void> }> {
  try {
    return await openAdminFlagSessions(settings);
  } catch (err) {
    throw settings.demo ? err : new McpStartupError((err as Error).message);
  }
}

/** Entry point of `encli mcp`; resolves to the exit code once the client hangs up. */
export async function runMcp(argv: string[]): Promise<number> {
  const settings = resolveMcpSettings(argv, process.env);
  if (settings === 'help') {
    // stdout is the protocol channel even here (as `stdoutIsProtocol` tells encli's own --help).
    process.stderr.write(HELP + '\n');
    return 0;
  }
  // The port is checked now (a usage error); the demo itself starts later (lazyDemo).
  const demo = settings.demo ? lazyDemo(demoPort(process.env)) : undefined;
  const raw = demo ? demo.engine : await openEngineClient(settings);
  // Parallel tool calls from one model turn must not burst at the engine (350 ms between starts).
  const engine = new Paced(raw);
  const admin = settings.admin === true ? await openAdminSessions(settings) : undefined;
  const catalog = createCatalog(engine, {
    policy: settings.policy,
    // No read cache: an MCP client may keep one server for days while the game moves on.
    readCacheTTL: 0,
    admin: admin?.sessions,
  });

  const service = serveCatalogOverStdio(catalog, {
    version: packageVersion(),
    onError: (error) => process.stderr.write(`encli mcp: ${error.message}\n`),
    onToolsListed: demo?.start,
  });
  const stop = () => void service.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const domain = settings.demo ? DEMO_DOMAIN : settings.domain;
  process.stderr.write(
    `encli mcp: serving ${catalog.tools().length} engine tools over stdio (domain ${domain}, policy ${settings.policy})\n`,
  );
  const { failure } = await service.closed;
  await demo?.close();
  await admin?.close();
  if (failure) {
    // Nothing more can be read or answered: stop now rather than linger as a server no client reaches.
    process.stderr.write(`encli mcp: ${failure.message}; stopping\n`);
    process.exit(1);
  }
  setTimeout(() => process.exit(process.exitCode ?? 0), EXIT_GRACE_MS).unref();
  return 0;
}

/** `encli mcp`, for the command table. */
export const mcpCommand: CliCommand = { help: () => HELP, run: runMcp, stdoutIsProtocol: true };
