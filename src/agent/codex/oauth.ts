/**
 * The issuer's HTTP endpoints, one function each: the device user code, its poll, the code
 * exchange, the refresh and the revocation. Plain `fetch`, injectable, so the same code runs in
 * Node, Deno, a browser worker or an app, and tests point it at a local fake.
 */
import { CODEX_CLIENT_ID, CODEX_ISSUER, CodexAuthError, DEFAULT_POLL_INTERVAL_SECONDS, trimBase } from './constants.js';
import { credentialFromTokens, type CodexCredential, type TokenAnswer } from './credential.js';

export interface IssuerOptions {
  /** Default `https://auth.openai.com`. */
  issuer?: string;
  /** Default the Codex CLI's public client id. */
  clientId?: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** The issuer's answer to the user-code request. */
export interface DeviceCode {
  deviceAuthId: string;
  userCode: string;
  /** Seconds between polls (the issuer's, at least 1; 5 when it sent none). */
  intervalSeconds: number;
  /** Where the user enters the code: `<issuer>/codex/device`. */
  verifyUrl: string;
}

/** A poll's outcome: still waiting for the user, or the code to exchange. */
export type PollResult = { status: 'pending' } | { status: 'approved'; authorizationCode: string; codeVerifier: string };

/** Refresh answers that mean the refresh token is dead for good. */
const PERMANENT_REFRESH_CODES = ['refresh_token_expired', 'refresh_token_reused', 'refresh_token_invalidated'];

interface Answer {
  status: number;
  ok: boolean;
  text: string;
  json: Record<string, unknown> | undefined;
}

function resolved(options: IssuerOptions): { issuer: string; clientId: string; fetch: typeof fetch } {
  return {
    issuer: trimBase(options.issuer ?? CODEX_ISSUER),
    clientId: options.clientId ?? CODEX_CLIENT_ID,
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
  };
}

async function post(url: string, body: Record<string, string>, form: boolean, options: IssuerOptions, step: string): Promise<Answer> {
  const { fetch } = resolved(options);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json', accept: 'application/json' },
      body: form ? new URLSearchParams(body).toString() : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (err) {
    if (options.signal?.aborted) throw new CodexAuthError(`${step} was cancelled`);
    throw new CodexAuthError(`${step}: the sign-in server ${new URL(url).origin} could not be reached (${(err as Error).message})`);
  }
  const text = await response.text().catch(() => '');
  let json: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
  } catch {
    // An HTML error page: the status and the text say enough.
  }
  return { status: response.status, ok: response.ok, text, json };
}

/** The issuer's error code (`{"error":{"code":…}}`, `{"error":"…"}` or `{"code":…}`). */
function errorCode(answer: Answer): string | undefined {
  const error = answer.json?.error;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return typeof answer.json?.code === 'string' ? answer.json.code : undefined;
}

function describe(answer: Answer): string {
  const error = answer.json?.error;
  const message =
    (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string' && (error as { message: string }).message) ||
    (typeof answer.json?.error_description === 'string' && answer.json.error_description) ||
    errorCode(answer) ||
    answer.text.replace(/\s+/g, ' ').trim().slice(0, 300);
  return `HTTP ${answer.status}${message ? ` (${message})` : ''}`;
}

/**
 * Step 1: asks for a user code.
 *
 * @example
 * ```ts
 * const code = await requestDeviceCode({ issuer: 'http://127.0.0.1:8765' });
 * console.log(`Open ${code.verifyUrl} and enter ${code.userCode}`);
 * ```
 */
export async function requestDeviceCode(options: IssuerOptions = {}): Promise<DeviceCode> {
  const { issuer, clientId } = resolved(options);
  const answer = await post(`${issuer}/api/accounts/deviceauth/usercode`, { client_id: clientId }, false, options, 'starting the ChatGPT login');
  if (answer.status === 404) {
    throw new CodexAuthError(`device login is not enabled for this account or server (${issuer} answered HTTP 404)`, false, 404);
  }
  if (!answer.ok) throw new CodexAuthError(`starting the ChatGPT login failed: ${issuer} answered ${describe(answer)}`, false, answer.status);
  const deviceAuthId = answer.json?.device_auth_id;
  const userCode = answer.json?.user_code ?? answer.json?.usercode;
  if (typeof deviceAuthId !== 'string' || deviceAuthId === '' || typeof userCode !== 'string' || userCode === '') {
    throw new CodexAuthError(`starting the ChatGPT login failed: ${issuer} answered without device_auth_id and user_code`);
  }
  return { deviceAuthId, userCode, intervalSeconds: pollInterval(answer.json?.interval), verifyUrl: `${issuer}/codex/device` };
}

/**
 * The poll interval from the issuer's `interval`: a number or a numeric string; below 1 (or not a
 * number) it is 5 seconds.
 *
 * @example
 * ```ts
 * pollInterval('3'); // 3
 * pollInterval(0);   // 5
 * ```
 */
export function pollInterval(raw: unknown): number {
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : Number.NaN;
  return Number.isFinite(value) && value >= 1 ? value : DEFAULT_POLL_INTERVAL_SECONDS;
}

/**
 * Step 2: one poll. HTTP 403 and 404 mean the user has not approved yet; any other failure
 * rejects with what the issuer answered (`status` on the error; 5xx and 429 may pass).
 *
 * @example
 * ```ts
 * const result = await pollDeviceCode(code, { issuer });
 * if (result.status === 'approved') credential = await exchangeAuthorizationCode(result, { issuer });
 * ```
 */
export async function pollDeviceCode(code: Pick<DeviceCode, 'deviceAuthId' | 'userCode'>, options: IssuerOptions = {}): Promise<PollResult> {
  const { issuer } = resolved(options);
  const answer = await post(
    `${issuer}/api/accounts/deviceauth/token`,
    { device_auth_id: code.deviceAuthId, user_code: code.userCode },
    false,
    options,
    'the ChatGPT login',
  );
  if (answer.status === 403 || answer.status === 404) return { status: 'pending' };
  if (!answer.ok) throw new CodexAuthError(`the ChatGPT login failed: ${issuer} answered ${describe(answer)} while waiting for approval`, false, answer.status);
  const authorizationCode = answer.json?.authorization_code;
  const codeVerifier = answer.json?.code_verifier;
  if (typeof authorizationCode !== 'string' || authorizationCode === '' || typeof codeVerifier !== 'string' || codeVerifier === '') {
    throw new CodexAuthError(`the ChatGPT login failed: ${issuer} approved without authorization_code and code_verifier`);
  }
  return { status: 'approved', authorizationCode, codeVerifier };
}

/**
 * Step 3: exchanges the approved code (form-encoded, with its code verifier) for tokens.
 *
 * @example
 * ```ts
 * const credential = await exchangeAuthorizationCode({ authorizationCode, codeVerifier }, { issuer });
 * ```
 */
export async function exchangeAuthorizationCode(
  code: { authorizationCode: string; codeVerifier: string },
  options: IssuerOptions & { now?: () => number } = {},
): Promise<CodexCredential> {
  const { issuer, clientId } = resolved(options);
  const answer = await post(
    `${issuer}/oauth/token`,
    {
      grant_type: 'authorization_code',
      code: code.authorizationCode,
      redirect_uri: `${issuer}/deviceauth/callback`,
      client_id: clientId,
      code_verifier: code.codeVerifier,
    },
    true,
    options,
    'the ChatGPT login',
  );
  if (!answer.ok) throw new CodexAuthError(`the ChatGPT login failed: exchanging the approved code, ${issuer} answered ${describe(answer)}`, false, answer.status);
  return credentialFromTokens((answer.json ?? {}) as TokenAnswer, (options.now ?? Date.now)());
}

/**
 * Renews a credential with its refresh token (form-encoded, as the reference does). The refresh
 * token rotates: the answer's new one replaces it, and the old one is dead from then on. A dead
 * refresh token (expired, reused, invalidated, or HTTP 401) rejects with `signInAgain`.
 *
 * @example
 * ```ts
 * const next = await refreshCodexCredential(current, { issuer });
 * ```
 */
export async function refreshCodexCredential(credential: CodexCredential, options: IssuerOptions & { now?: () => number } = {}): Promise<CodexCredential> {
  const { issuer, clientId } = resolved(options);
  if (!credential.refreshToken) throw new CodexAuthError('the ChatGPT credential has no refresh token; sign in again', true);
  const answer = await post(
    `${issuer}/oauth/token`,
    { client_id: clientId, grant_type: 'refresh_token', refresh_token: credential.refreshToken, scope: 'openid profile email' },
    true,
    options,
    'renewing the ChatGPT sign-in',
  );
  if (!answer.ok) {
    const code = errorCode(answer);
    const permanent = answer.status === 401 || (code !== undefined && PERMANENT_REFRESH_CODES.includes(code));
    throw new CodexAuthError(
      permanent
        ? `the ChatGPT sign-in can no longer be renewed (${describe(answer)}); sign in again`
        : `renewing the ChatGPT sign-in failed: ${issuer} answered ${describe(answer)}`,
      permanent,
      answer.status,
    );
  }
  return credentialFromTokens((answer.json ?? {}) as TokenAnswer, (options.now ?? Date.now)(), credential);
}

/**
 * Revokes the refresh token (or the access token when there is none) at `<issuer>/oauth/revoke`,
 * the endpoint the Codex CLI's logout uses, in the standard token-revocation form.
 *
 * @example
 * ```ts
 * await revokeCodexCredential(credential, { issuer });
 * ```
 */
export async function revokeCodexCredential(credential: CodexCredential, options: IssuerOptions = {}): Promise<void> {
  const { issuer, clientId } = resolved(options);
  const [token, hint] = credential.refreshToken ? [credential.refreshToken, 'refresh_token'] : [credential.accessToken, 'access_token'];
  const answer = await post(`${issuer}/oauth/revoke`, { token, token_type_hint: hint, client_id: clientId }, true, options, 'revoking the ChatGPT sign-in');
  if (!answer.ok) throw new CodexAuthError(`revoking the ChatGPT sign-in failed: ${issuer} answered ${describe(answer)}`, false, answer.status);
}
