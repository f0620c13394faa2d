/**
 * `encli auth`: sign in with a ChatGPT subscription for `encli chat --auth codex` and
 * `encli web --auth codex`.
 *
 *   encli auth codex    device login in the terminal; the credential is kept 0600 in the config folder
 *   encli auth status   who is signed in, until when, where the credential is
 *   encli auth logout   revokes the sign-in at the issuer and removes the credential
 *
 * `--issuer` / `ENCX_CODEX_ISSUER` and `--backend` / `ENCX_CODEX_BASE_URL` point the sign-in and
 * the model requests elsewhere (a local fake in tests), as the Codex CLI allows for its own tests.
 */
import { FLAG_SPELLING_NOTE, flagTable, type CliCommand } from './help.js';
import { stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { CODEX_BACKEND_BASE, CODEX_ISSUER, CodexAuthError, trimBase } from '../agent/codex/constants.js';
import { parseCodexCredential, type CodexCredential } from '../agent/codex/credential.js';
import { CodexDeviceLogin } from '../agent/codex/device-login.js';
import { revokeCodexCredential } from '../agent/codex/oauth.js';
import { CodexTokenSource } from '../agent/codex/token-source.js';
import { configDir, readPrivateFile, writePrivateFile } from '../node/private-files.js';
import { parseFlags, UsageError, type FlagSpecs, type ParsedFlags } from './flags.js';

type Env = Record<string, string | undefined>;

const FLAGS: FlagSpecs = {
  issuer: { type: 'string', value: 'URL', description: 'the sign-in server (env ENCX_CODEX_ISSUER)', default: CODEX_ISSUER },
  timeout: { type: 'string', value: 'SECONDS', description: 'with codex: how long to wait for the approval', default: '900, when the code expires' },
  help: { type: 'boolean', aliases: ['h'], hidden: true },
};

function usage(env: Env): string {
  return `usage: encli auth codex  [--issuer URL] [--timeout SECONDS]
       encli auth status
       encli auth logout [--issuer URL]

Sign in with a ChatGPT subscription instead of an API key, for "encli chat --auth codex" and
"encli web --auth codex".
  codex     shows a code and a web address; open the address on any device, sign in to ChatGPT
            and enter the code. Waits for the approval (up to 15 minutes; Ctrl-C cancels), then
            keeps the credential in ${codexCredentialPath(env)} (0600).
  status    who is signed in, when the access token expires, whether it can be renewed.
  logout    revokes the sign-in at the issuer, then removes the stored credential (also when
            the issuer cannot be reached; the command then says so and exits 1).

flags:
${flagTable(FLAGS)}

The credential renews itself while in use (the stored file is updated after each renewal).
This uses the Codex CLI's public client id; whether a subscription may be used this way is
between the account owner and OpenAI's terms.
${FLAG_SPELLING_NOTE}`;
}

/** `<config folder>/chatgpt-credential.json`. */
export function codexCredentialPath(env: Env): string {
  return join(configDir(env), 'chatgpt-credential.json');
}

/**
 * Keeps a credential from a device login (the terminal's or the web page's) where `--auth codex`
 * finds it: 0600, written atomically. Resolves with the path.
 *
 * @example
 * ```ts
 * const path = await storeCodexCredential(process.env, await login.wait());
 * ```
 */
export async function storeCodexCredential(env: Env, credentialJson: string): Promise<string> {
  parseCodexCredential(credentialJson);
  const path = codexCredentialPath(env);
  await writePrivateFile(path, credentialJson.trim() + '\n');
  return path;
}

const nonEmpty = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** The issuer: `--issuer`, then `ENCX_CODEX_ISSUER`, then OpenAI's. */
export function codexIssuer(flags: ParsedFlags, env: Env): string {
  return checkUrl(nonEmpty(flags.issuer) ?? nonEmpty(env.ENCX_CODEX_ISSUER) ?? CODEX_ISSUER, '--issuer');
}

/** The model backend: `--backend`, then `ENCX_CODEX_BASE_URL`, then the ChatGPT backend. */
export function codexBackend(flags: ParsedFlags, env: Env): string {
  return checkUrl(nonEmpty(flags.backend) ?? nonEmpty(env.ENCX_CODEX_BASE_URL) ?? CODEX_BACKEND_BASE, '--backend');
}

function checkUrl(value: string, what: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${what} "${value}" is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UsageError(`${what} "${value}" must start with https:// (or http:// for a local server)`);
  return trimBase(value);
}

/** A stored sign-in, ready for sessions: one token source per file, persisted after every renewal. */
export interface CodexLogin {
  path: string;
  issuer: string;
  backend: string;
  /** Share this between all sessions of the process: one renewal in flight, never two. */
  tokens: CodexTokenSource;
  /** Writes the credential if it changed since the last write; resolves when it is on disk. */
  save(): Promise<void>;
  /**
   * Takes the credential of a new device login (the web page's): stores it 0600, then hands it to
   * the shared token source, so the next turn of every session uses it. Resolves with the path.
   */
  adopt(credentialJson: string): Promise<string>;
}

export interface LoadCodexLoginOptions {
  onSaveError?: (message: string) => void;
  /** With no stored credential, a signed-out token source instead of an error (the page signs in). */
  allowSignedOut?: boolean;
}

/**
 * Opens the stored credential for `--auth codex`. Renewals are written back at once (a rotated
 * refresh token that is not stored is a lost sign-in).
 *
 * @example
 * ```ts
 * const login = await loadCodexLogin(flags, process.env);
 * new AgentSession({ config: { model, auth_method: 'codex', codex_credential: login.tokens.credentialJson(), api_base: login.backend }, engine, codexTokens: login.tokens });
 * ```
 */
export async function loadCodexLogin(flags: ParsedFlags, env: Env, options: LoadCodexLoginOptions = {}): Promise<CodexLogin> {
  const onSaveError = options.onSaveError ?? ((m: string) => void process.stderr.write(m + '\n'));
  const path = codexCredentialPath(env);
  const issuer = codexIssuer(flags, env);
  const text = await readPrivateFile(path);
  if (text === null && !options.allowSignedOut) throw new UsageError(`not signed in to ChatGPT (no ${path}): run "encli auth codex" first`);
  let tokens: CodexTokenSource;
  try {
    // Another encli process may share this file and rotate the token: renewals look at it first.
    const options = { issuer, readStored: () => readPrivateFile(path) };
    tokens = text === null ? CodexTokenSource.signedOut(options) : new CodexTokenSource(text, options);
  } catch (err) {
    throw new UsageError(`${path}: ${(err as Error).message}`);
  }
  let saved = tokens.credentialJson();
  let writing: Promise<void> = Promise.resolve();
  const save = (): Promise<void> => {
    writing = writing.then(async () => {
      const json = tokens.credentialJson();
      if (json === saved) return;
      try {
        await writePrivateFile(path, json + '\n');
        saved = json;
      } catch (err) {
        onSaveError(`encli: the renewed ChatGPT credential could not be saved to ${path} (${(err as Error).message}); the next run may need "encli auth codex" again`);
      }
    });
    return writing;
  };
  tokens.onChange((json, change) => {
    // Read from this very file: writing it back could overwrite a token the other process rotated since.
    if (change === 'adopted') saved = json;
    else void save();
  });
  const adopt = async (credentialJson: string): Promise<string> => {
    await storeCodexCredential(env, credentialJson);
    tokens.replace(credentialJson);
    // Already on disk: the change the replacement announces needs no second write.
    saved = tokens.credentialJson();
    return path;
  };
  return { path, issuer, backend: codexBackend(flags, env), tokens, save, adopt };
}

/** `encli auth` as the command table loads it. */
export const authCommand: CliCommand = { help: () => usage(process.env), run: (argv) => runAuth(argv) };

/** Entry point of `encli auth`; resolves to the exit code. */
export async function runAuth(argv: string[]): Promise<number> {
  const env = process.env;
  const { flags, positionals } = parseFlags(argv, FLAGS);
  const [sub, ...extra] = positionals;
  if (flags.help === true) {
    process.stdout.write(usage(env) + '\n');
    return 0;
  }
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  switch (sub) {
    case 'codex':
    case 'chatgpt':
      return signIn(flags, env);
    case 'status':
      return status(env);
    case 'logout':
      return logout(flags, env);
    case undefined:
      throw new UsageError(`say what to do: codex, status or logout\n${usage(env)}`);
    default:
      throw new UsageError(`unknown auth command "${sub}" (want codex, status or logout)`);
  }
}

async function signIn(flags: ParsedFlags, env: Env): Promise<number> {
  const issuer = codexIssuer(flags, env);
  const timeoutText = nonEmpty(flags.timeout);
  const timeout = timeoutText === undefined ? 0 : Number(timeoutText);
  if (timeoutText !== undefined && (!Number.isFinite(timeout) || timeout <= 0)) throw new UsageError(`--timeout must be a number of seconds above 0, not "${timeoutText}"`);
  const out = process.stdout;
  let login: CodexDeviceLogin;
  try {
    login = await CodexDeviceLogin.start({ issuer });
  } catch (err) {
    process.stderr.write(`encli auth codex: ${(err as Error).message}\n`);
    return 1;
  }
  // The handler is in place before the message promises that Ctrl-C cancels: a reader that acts
  // on the message at once must not find the default disposition (killed, nothing said).
  const cancel = (): void => login.cancel();
  process.on('SIGINT', cancel);
  out.write(
    `To sign in with your ChatGPT account:\n` +
      `  1. open ${login.verifyUrl} in a browser (on any device)\n` +
      `  2. enter the code  ${login.userCode}\n` +
      `Waiting for the approval (${timeout > 0 ? `up to ${timeout} s` : 'the code expires in 15 minutes'}; Ctrl-C cancels)…\n`,
  );
  let json: string;
  try {
    json = await login.wait(timeout);
  } catch (err) {
    process.stderr.write(`encli auth codex: ${(err as Error).message}\n`);
    return login.cancelled ? 130 : 1;
  } finally {
    process.off('SIGINT', cancel);
  }
  const path = await storeCodexCredential(env, json);
  const credential = parseCodexCredential(json);
  out.write(`Signed in to ChatGPT${who(credential)}. The credential is in ${path} (0600).\n`);
  if (!credential.accountId) {
    out.write('Note: the sign-in named no ChatGPT account id; the backend may refuse requests without one.\n');
  }
  out.write('Use it with: encli chat --auth codex\n');
  return 0;
}

function who(credential: CodexCredential): string {
  const parts = [credential.email ? ` as ${credential.email}` : '', credential.accountId ? ` (account ${credential.accountId})` : ''];
  return parts.join('');
}

async function status(env: Env): Promise<number> {
  const path = codexCredentialPath(env);
  const text = await readPrivateFile(path);
  if (text === null) {
    process.stdout.write(`Not signed in to ChatGPT (no ${path}). Run "encli auth codex".\n`);
    return 1;
  }
  let credential: CodexCredential;
  try {
    credential = parseCodexCredential(text);
  } catch (err) {
    process.stdout.write(`${path}: ${(err as Error).message}\n`);
    return 1;
  }
  const now = Date.now();
  const lines = [`Signed in to ChatGPT${who(credential) || ' (no e-mail or account id in the credential)'}.`];
  if (credential.expiresAt === undefined) lines.push('Access token: no expiry recorded; it is renewed once on first use.');
  else {
    const minutes = Math.round((credential.expiresAt - now) / 60_000);
    const when = new Date(credential.expiresAt).toISOString();
    lines.push(credential.expiresAt > now ? `Access token valid until ${when} (about ${minutes} min).` : `Access token expired at ${when}.`);
  }
  lines.push(
    credential.refreshToken
      ? 'Renewal: a refresh token is stored; the sign-in renews itself while in use.'
      : 'Renewal: no refresh token; sign in again when the access token expires.',
  );
  const mode = (await stat(path)).mode & 0o777;
  lines.push(`Credential: ${path} (mode ${mode.toString(8)})${(mode & 0o077) !== 0 ? ` — others can read it; run "chmod 600 ${path}"` : ''}`);
  process.stdout.write(lines.join('\n') + '\n');
  return credential.expiresAt !== undefined && credential.expiresAt <= now && !credential.refreshToken ? 1 : 0;
}

async function logout(flags: ParsedFlags, env: Env): Promise<number> {
  const path = codexCredentialPath(env);
  const text = await readPrivateFile(path);
  if (text === null) {
    process.stdout.write(`Not signed in to ChatGPT (no ${path}); nothing to do.\n`);
    return 0;
  }
  let revokeError: string | undefined;
  try {
    await revokeCodexCredential(parseCodexCredential(text), { issuer: codexIssuer(flags, env) });
  } catch (err) {
    if (err instanceof UsageError) throw err;
    revokeError = err instanceof CodexAuthError ? err.message : String(err);
  }
  await unlink(path);
  if (revokeError !== undefined) {
    process.stdout.write(
      `Removed ${path}, but the sign-in was not revoked: ${revokeError}.\n` +
        'It ends on its own when its tokens expire; to end it now, sign out of all devices in ChatGPT\'s security settings.\n',
    );
    return 1;
  }
  process.stdout.write(`Signed out of ChatGPT: the sign-in is revoked and ${path} is removed.\n`);
  return 0;
}
