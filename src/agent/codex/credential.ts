/**
 * The ChatGPT credential as hosts store it: a small JSON object that survives in a file, a
 * keychain item or an app setting, and goes into a session config as `codex_credential`.
 *
 *   {"access_token": "…", "refresh_token": "…", "account_id": "…", "expires_at": "2026-01-01T10:00:00Z", "email": "…"}
 *
 * Only `access_token` is required; `expires_at` is RFC 3339.
 */
import { CodexAuthError } from './constants.js';
import { accountIdFromTokens, emailFromToken, expiryFromToken } from './jwt.js';

export interface CodexCredential {
  accessToken: string;
  refreshToken?: string;
  accountId?: string;
  /** Epoch milliseconds; undefined when the issuer said nothing about the lifetime. */
  expiresAt?: number;
  email?: string;
}

/** The issuer's token answer (authorization-code and refresh grants alike). */
export interface TokenAnswer {
  access_token?: unknown;
  refresh_token?: unknown;
  id_token?: unknown;
  expires_in?: unknown;
}

const SIGN_IN_AGAIN = 'sign in again with "encli auth codex" (or the app\'s ChatGPT sign-in)';

/**
 * Reads and checks a stored credential.
 *
 * @example
 * ```ts
 * parseCodexCredential('{"access_token":"eyJ…","refresh_token":"rt_1"}').refreshToken; // 'rt_1'
 * parseCodexCredential('');   // throws CodexAuthError (signInAgain): the ChatGPT credential is empty; sign in again …
 * ```
 */
export function parseCodexCredential(json: string): CodexCredential {
  if (typeof json !== 'string' || json.trim() === '') throw new CodexAuthError(`the ChatGPT credential is empty; ${SIGN_IN_AGAIN}`, true);
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new CodexAuthError(`the ChatGPT credential is not valid JSON; ${SIGN_IN_AGAIN}`, true);
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new CodexAuthError(`the ChatGPT credential must be a JSON object; ${SIGN_IN_AGAIN}`, true);
  }
  const fields = raw as Record<string, unknown>;
  const optional = (key: string): string | undefined => {
    const value = fields[key];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') throw new CodexAuthError(`the ChatGPT credential's ${key} must be a string; ${SIGN_IN_AGAIN}`, true);
    return value.trim() || undefined;
  };
  const accessToken = optional('access_token');
  if (!accessToken) throw new CodexAuthError(`the ChatGPT credential has no access_token; ${SIGN_IN_AGAIN}`, true);
  const expiresText = optional('expires_at');
  let expiresAt: number | undefined;
  if (expiresText !== undefined) {
    expiresAt = Date.parse(expiresText);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(expiresText) || !Number.isFinite(expiresAt)) {
      throw new CodexAuthError(`the ChatGPT credential's expires_at "${expiresText}" is not an RFC 3339 time; ${SIGN_IN_AGAIN}`, true);
    }
  }
  return {
    accessToken,
    refreshToken: optional('refresh_token'),
    accountId: optional('account_id'),
    expiresAt,
    email: optional('email'),
  };
}

/**
 * The stored form (absent fields left out).
 *
 * @example
 * ```ts
 * serializeCodexCredential({ accessToken: 'a', expiresAt: 0 }); // '{"access_token":"a","expires_at":"1970-01-01T00:00:00Z"}'
 * ```
 */
export function serializeCodexCredential(credential: CodexCredential): string {
  return JSON.stringify({
    access_token: credential.accessToken,
    ...(credential.refreshToken ? { refresh_token: credential.refreshToken } : {}),
    ...(credential.accountId ? { account_id: credential.accountId } : {}),
    ...(credential.expiresAt !== undefined ? { expires_at: new Date(credential.expiresAt).toISOString().replace(/\.\d{3}Z$/, 'Z') } : {}),
    ...(credential.email ? { email: credential.email } : {}),
  });
}

/**
 * A credential from the issuer's token answer. Fields the answer leaves out (a refresh that does
 * not rotate, an access token without the account claim) keep their `previous` value.
 *
 * @example
 * ```ts
 * const next = credentialFromTokens(await response.json(), Date.now(), current);
 * ```
 */
export function credentialFromTokens(answer: TokenAnswer, now: number, previous?: CodexCredential): CodexCredential {
  const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
  const accessToken = text(answer.access_token);
  if (!accessToken) throw new CodexAuthError('the sign-in server answered without an access_token');
  const idToken = text(answer.id_token);
  const expiresIn = typeof answer.expires_in === 'number' ? answer.expires_in : Number.parseInt(String(answer.expires_in ?? ''), 10);
  const expiresAt = Number.isFinite(expiresIn) && expiresIn > 0 ? now + expiresIn * 1000 : expiryFromToken(accessToken);
  return {
    accessToken,
    refreshToken: text(answer.refresh_token) ?? previous?.refreshToken,
    accountId: accountIdFromTokens(idToken, accessToken) ?? previous?.accountId,
    expiresAt,
    email: emailFromToken(idToken) ?? previous?.email,
  };
}
