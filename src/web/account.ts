/**
 * The page's Encounter account: the saved session of the domain (the store `encli login` writes)
 * and signing in from the page, with every engine refusal put in words a player can act on in a
 * browser (the engine client's own messages speak of `encli login`).
 */
import type { EncounterClient } from '../engine/client.js';
import {
  BruteForceError,
  CaptchaRequiredError,
  EmailNotConfirmedError,
  EncounterError,
  InvalidCredentialsError,
  IpBlockedError,
  LoginError,
  LoginForbiddenError,
  LoginServerError,
  NetworkError,
  NotActivatedError,
  TimeoutError,
  UserBlockedError,
} from '../engine/errors.js';
import type { SessionStore } from '../engine/session-store.js';
import type { WebAccount } from './hub.js';
import type { SignInAnswer } from './protocol.js';

export interface EngineAccountOptions {
  domain: string;
  /** The client the agent's tools use: signing in here signs them in too. */
  client: EncounterClient;
  store: SessionStore;
  demo?: boolean;
  /** The demo's player, shown as signed in without a saved file. */
  demoLogin?: string;
  /** Where a session that could not be saved is reported (the page still works in memory). */
  warn?: (message: string) => void;
}

/**
 * @example
 * ```ts
 * const account = engineAccount({ domain: 'tech.en.cx', client, store: new SessionStore() });
 * await account.signIn('me', 'secret'); // { ok: true, login: 'me' } or the refusal in words
 * ```
 */
export function engineAccount(options: EngineAccountOptions): WebAccount {
  const { domain, client, store } = options;
  return {
    domain,
    demo: options.demo ?? false,
    async savedLogin() {
      if (options.demo) return options.demoLogin ?? 'demo player';
      const saved = await store.load(domain).catch(() => null);
      if (!saved || saved.cookies.length === 0) return null;
      return saved.login || 'saved session';
    },
    async signIn(login, password, captcha) {
      if (login === '' || password === '') {
        return { ok: false, reason: 'missing', message: 'Enter your login and password.', url: null };
      }
      try {
        await client.login(login, password, captcha ? { captcha } : {});
      } catch (err) {
        return signInFailure(err, domain);
      }
      try {
        await store.save({
          domain,
          login,
          userAgent: client.userAgent,
          cookies: client.exportCookies(),
          savedAt: new Date().toISOString(),
        });
      } catch (err) {
        options.warn?.(`signed in to ${domain}, but the session could not be saved: ${(err as Error).message}`);
      }
      return { ok: true, login };
    },
  };
}

/**
 * A failed sign-in in the page's words.
 *
 * @example
 * ```ts
 * signInFailure(new InvalidCredentialsError(2, '…'), 'tech.en.cx').reason; // 'wrong_password'
 * ```
 */
export function signInFailure(err: unknown, domain: string): Extract<SignInAnswer, { ok: false }> {
  const url = err instanceof LoginError ? err.url : null;
  const fail = (reason: Extract<SignInAnswer, { ok: false }>['reason'], message: string) => ({ ok: false as const, reason, message, url });
  if (err instanceof InvalidCredentialsError) return fail('wrong_password', `Wrong login or password for ${domain}. Check both and try again.`);
  if (err instanceof CaptchaRequiredError) {
    return fail(
      'captcha',
      `Too many wrong attempts: ${domain} now asks for a CAPTCHA. Open the picture below, type its digits into the new field and sign in again` +
        ` (or sign in once on ${domain} itself and wait a few minutes).`,
    );
  }
  if (err instanceof IpBlockedError) {
    return fail('ip_blocked', `This profile only allows sign-in from known IP addresses, and this one is not among them. Allow it in your profile on ${domain} (link below), then try again.`);
  }
  if (err instanceof BruteForceError) return fail('blocked', `${domain} suspects someone is guessing this account's password. Unblock it (link below), then try again.`);
  if (err instanceof UserBlockedError) return fail('blocked', `This user is blocked by an administrator of ${domain}.`);
  if (err instanceof LoginForbiddenError) return fail('blocked', `${domain} does not let this user sign in here.`);
  if (err instanceof NotActivatedError) return fail('not_activated', `This account is not activated yet on ${domain}. ${afterSemicolon(err.message)}`);
  if (err instanceof EmailNotConfirmedError) return fail('not_activated', `Confirm your e-mail address first (link below), then try again.`);
  if (err instanceof LoginServerError) return fail('server_error', `${domain} had a server error during sign-in. Try again in a minute.`);
  if (err instanceof NetworkError || err instanceof TimeoutError) return fail('network', `${domain} could not be reached: ${err.message}`);
  if (err instanceof LoginError) return fail('other', err.message);
  if (err instanceof EncounterError && /HTML page/.test(err.message)) {
    return fail('throttled', `${domain} answered with a web page instead of signing in: this address is probably blocked for too many requests. Wait 5–10 minutes, then try again.`);
  }
  return fail('other', `Signing in to ${domain} failed: ${(err as Error)?.message ?? String(err)}`);
}

function afterSemicolon(message: string): string {
  const i = message.indexOf('; ');
  return i >= 0 ? message.slice(i + 2).replace(/^./, (c) => c.toUpperCase()) + '.' : '';
}
