/**
 * `encli login` and `encli logout`: sign in to one Encounter domain and save the session (cookies
 * and User-Agent, never the password) under `$XDG_CONFIG_HOME/encli/<domain>.json`, or remove it.
 *
 *   encli login [-domain tech.en.cx] [-login L] [-password P]
 *   encli logout [-domain tech.en.cx]
 *
 * Environment: ENCX_DOMAIN, ENCX_LOGIN, ENCX_PASSWORD; ENCX_BASE_URL (or the hidden -base-url flag)
 * points the client at another server, e.g. the local fake engine in tests.
 */
import { createInterface, type Interface } from 'node:readline';
import { EncounterClient } from '../engine/client.js';
import { EncounterError } from '../engine/errors.js';
import { SessionStore } from '../engine/session-store.js';
import { DOMAIN_FLAGS, domainFromFlags } from './domain.js';
import { UsageError, parseFlags, type FlagSpecs } from './flags.js';
import { FLAG_SPELLING_NOTE, flagTable, type CliCommand } from './help.js';


const LOGIN_FLAGS: FlagSpecs = {
  ...DOMAIN_FLAGS,
  login: { type: 'string', value: 'LOGIN', description: 'your Encounter login (env ENCX_LOGIN)', default: 'asked for' },
  password: { type: 'string', value: 'PASSWORD', description: 'your password (env ENCX_PASSWORD)', default: 'asked for without echo' },
  'base-url': { type: 'string', hidden: true },
  help: { type: 'boolean', aliases: ['h'], hidden: true },
};

const LOGOUT_FLAGS: FlagSpecs = {
  ...DOMAIN_FLAGS,
  help: { type: 'boolean', aliases: ['h'], hidden: true },
};

const LOGIN_USAGE = `usage: encli login [flags]

Signs in to an Encounter domain and saves the session (cookies, never the password) for later
commands. What is not given is asked for: the password without echo on a terminal, or read from
the next line of stdin when stdin is not a terminal.

flags:
${flagTable(LOGIN_FLAGS)}

${FLAG_SPELLING_NOTE}
exit codes: 0 signed in and saved, 1 the engine refused, 2 bad usage`;

const LOGOUT_USAGE = `usage: encli logout [flags]

Removes the saved session of a domain.

flags:
${flagTable(LOGOUT_FLAGS)}

${FLAG_SPELLING_NOTE}`;

/** `encli login`: exit 0 when signed in and saved, 1 when the engine refused, 2 on bad usage. */
export async function runLogin(argv: string[]): Promise<number> {
  try {
    return await login(argv);
  } finally {
    closeStdinReader();
  }
}

async function login(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, LOGIN_FLAGS);
  if (flags.help) {
    process.stdout.write(LOGIN_USAGE + '\n');
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"\n${LOGIN_USAGE}`);
  const domain = domainFromFlags(flags, process.env);
  const login = stringFlag(flags.login) ?? process.env.ENCX_LOGIN ?? (await promptLine('Login: '));
  if (!login) throw new UsageError('a login is needed: pass -login or set ENCX_LOGIN');
  const password = stringFlag(flags.password) ?? process.env.ENCX_PASSWORD ?? (await promptHidden(`Password for ${login}@${domain}: `));
  if (!password) throw new UsageError('a password is needed: pass -password, set ENCX_PASSWORD, or type it when asked');
  const baseUrl = stringFlag(flags['base-url']) ?? process.env.ENCX_BASE_URL;

  const client = new EncounterClient({ domain, baseUrl: baseUrl || undefined });
  try {
    await client.login(login, password);
  } catch (err) {
    if (err instanceof EncounterError) {
      process.stderr.write(`encli login: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
  const store = new SessionStore();
  const path = await store.save({
    domain,
    login,
    userAgent: client.userAgent,
    cookies: client.exportCookies(),
    savedAt: new Date().toISOString(),
  });
  let who = login;
  try {
    const profile = await client.getProfile();
    who = `${profile.login || login} (id ${profile.id}${profile.team ? `, team ${profile.team}` : ''})`;
  } catch {
    // The profile is informative only; the session is saved either way.
  }
  process.stdout.write(`Logged in to ${domain} as ${who}. Session saved to ${path}\n`);
  return 0;
}

/** `encli login`, for the command table. */
export const loginCommand: CliCommand = { help: () => LOGIN_USAGE, run: runLogin };

/** `encli logout`: exit 0 whether or not a session existed. */
export async function runLogout(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, LOGOUT_FLAGS);
  if (flags.help) {
    process.stdout.write(LOGOUT_USAGE + '\n');
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"\n${LOGOUT_USAGE}`);
  const domain = domainFromFlags(flags, process.env);
  const removed = await new SessionStore().remove(domain);
  process.stdout.write(removed ? `Logged out of ${domain}: the saved session was removed.\n` : `No saved session for ${domain}.\n`);
  return 0;
}

function stringFlag(v: string | boolean | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}


/**
 * One reader shared by every prompt: a second readline on the same stdin would lose lines the
 * first one had already buffered (login and password piped as two lines).
 */
let stdinReader: { rl: Interface; lines: AsyncIterator<string> } | null = null;

async function nextStdinLine(): Promise<string> {
  if (!stdinReader) {
    const rl = createInterface({ input: process.stdin, terminal: false });
    stdinReader = { rl, lines: rl[Symbol.asyncIterator]() };
  }
  const next = await stdinReader.lines.next();
  return next.done ? '' : String(next.value).trim();
}

function closeStdinReader(): void {
  stdinReader?.rl.close();
  stdinReader = null;
}

/** One visible line from the terminal, or the next stdin line when piped. */
async function promptLine(question: string): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write(question);
  return nextStdinLine();
}

/** A password: typed without echo on a terminal; the first stdin line otherwise. */
async function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) return promptLine(question);
  // Raw-mode reading must not compete with a line reader on the same terminal.
  closeStdinReader();
  process.stderr.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise<string>((resolve, reject) => {
    let typed = '';
    const finish = (): void => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
    };
    const onData = (chunk: string): void => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          finish();
          resolve(typed);
          return;
        }
        if (ch === '\u0003') {
          finish();
          reject(new UsageError('cancelled'));
          return;
        }
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else typed += ch;
      }
    };
    stdin.on('data', onData);
  });
}

/** `encli logout`, for the command table. */
export const logoutCommand: CliCommand = { help: () => LOGOUT_USAGE, run: runLogout };
