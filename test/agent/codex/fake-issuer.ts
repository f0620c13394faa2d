/**
 * A fake of the ChatGPT sign-in server (auth.openai.com) over real HTTP on 127.0.0.1: the device
 * user code, its poll (403 while pending), the code exchange, refresh with rotating refresh
 * tokens that reject reuse, expired and invalidated refresh tokens, and revocation. Every request
 * is logged with its content type and parsed body.
 */
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { sendJson as send } from '../../support/fake-openai.js';

/** Where the account id sits in the issued tokens. */
export type AccountClaim = 'flat' | 'dotted' | 'nested' | 'organizations' | 'access-token-only' | 'none';

export interface FakeIssuerOptions {
  /** Polls answered 403 before the approval. Default 1. */
  pendingPolls?: number;
  /** The user-code answer's `interval`, as sent (a string by default, as the real issuer does). */
  interval?: unknown;
  accountId?: string;
  accountClaim?: AccountClaim;
  /** Seconds; null leaves `expires_in` and the JWT `exp` out. Default 3600. */
  expiresIn?: number | null;
  /** A status the poll answers instead (e.g. 500 or 400), for the given number of polls. */
  pollFailure?: { status: number; times: number };
  /** Status answered to the user-code request instead of a code (404: device login disabled). */
  userCodeStatus?: number;
}

export interface LoggedRequest {
  path: string;
  contentType: string;
  body: Record<string, string>;
}

export interface FakeIssuer {
  issuer: string;
  log: LoggedRequest[];
  /** Refresh-grant requests received. */
  refreshes(): LoggedRequest[];
  /** The newest access token issued, and whether a token is one of the issued, unrevoked ones. */
  latestAccessToken(): string | undefined;
  acceptsAccessToken(token: string): boolean;
  /** The next refresh answers are these statuses/codes, in order (then normal service). */
  failNextRefreshes(...failures: Array<{ status: number; code?: string }>): void;
  /** Holds refresh answers until `release()` (to make parallel callers pile up). */
  holdRefreshes(): { release: () => void };
  /** Marks a refresh token dead: the issuer answers `refresh_token_<reason>`. */
  kill(refreshToken: string, reason: 'expired' | 'invalidated'): void;
  revoked: string[];
  close(): Promise<void>;
}

const b64u = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An unsigned JWT carrying `claims`. */
export const fakeJwt = (claims: Record<string, unknown>): string => `${b64u({ alg: 'none', typ: 'JWT' })}.${b64u(claims)}.sig`;

export function accountClaims(where: AccountClaim, accountId: string): Record<string, unknown> {
  switch (where) {
    case 'flat':
      return { chatgpt_account_id: accountId };
    case 'dotted':
      return { 'https://api.openai.com/auth.chatgpt_account_id': accountId };
    case 'nested':
      return { 'https://api.openai.com/auth': { chatgpt_account_id: accountId } };
    case 'organizations':
      return { organizations: [{ id: accountId }, { id: 'org_second' }] };
    default:
      return {};
  }
}

/**
 * @example
 * ```ts
 * const fake = await startFakeIssuer({ pendingPolls: 2 });
 * const login = await CodexDeviceLogin.start({ issuer: fake.issuer });
 * ```
 */
export async function startFakeIssuer(options: FakeIssuerOptions = {}): Promise<FakeIssuer> {
  const accountId = options.accountId ?? 'acct_test';
  const claim = options.accountClaim ?? 'nested';
  const expiresIn = options.expiresIn === undefined ? 3600 : options.expiresIn;
  const log: LoggedRequest[] = [];
  const issuedRefresh = new Set<string>();
  const usedRefresh = new Set<string>();
  const deadRefresh = new Map<string, string>();
  const accessTokens: string[] = [];
  const revoked: string[] = [];
  const refreshFailures: Array<{ status: number; code?: string }> = [];
  let gate: Promise<void> | null = null;
  let polls = 0;
  let pollFailures = options.pollFailure?.times ?? 0;
  let serial = 0;
  const sockets = new Set<Socket>();

  const tokens = (): Record<string, unknown> => {
    const n = ++serial;
    const refreshToken = `rt_${n}`;
    issuedRefresh.add(refreshToken);
    const exp = expiresIn === null ? {} : { exp: Math.floor(Date.now() / 1000) + expiresIn };
    const accessToken = fakeJwt({ n, ...exp, ...(claim === 'access-token-only' ? accountClaims('nested', accountId) : {}) });
    accessTokens.push(accessToken);
    const idClaims = claim === 'access-token-only' ? {} : accountClaims(claim, accountId);
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      id_token: fakeJwt({ ...idClaims, email: 'player@example.com' }),
      ...(expiresIn === null ? {} : { expires_in: expiresIn }),
      token_type: 'Bearer',
    };
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const contentType = req.headers['content-type'] ?? '';
        let body: Record<string, string>;
        try {
          body = contentType.includes('json') ? (JSON.parse(raw || '{}') as Record<string, string>) : Object.fromEntries(new URLSearchParams(raw));
        } catch {
          return send(res, 400, { error: 'bad body' });
        }
        const path = req.url ?? '';
        log.push({ path, contentType, body });
        if (path === '/api/accounts/deviceauth/usercode') {
          if (options.userCodeStatus) return send(res, options.userCodeStatus, { error: 'device login disabled' });
          if (body.client_id !== 'app_EMoamEEZ73f0CkXaXp7hrann') return send(res, 400, { error: 'unknown client' });
          return send(res, 200, { device_auth_id: 'dev_1', user_code: 'ABCD-EFGH', interval: 'interval' in options ? options.interval : '1' });
        }
        if (path === '/api/accounts/deviceauth/token') {
          if (body.device_auth_id !== 'dev_1' || body.user_code !== 'ABCD-EFGH') return send(res, 400, { error: 'bad device' });
          if (pollFailures > 0) {
            pollFailures--;
            return send(res, options.pollFailure!.status, { error: { message: 'the fake issuer is failing on purpose' } });
          }
          if (polls++ < (options.pendingPolls ?? 1)) return send(res, 403, { error: { code: 'deviceauth_authorization_pending' } });
          return send(res, 200, { authorization_code: 'code_1', code_challenge: 'chal', code_verifier: 'verif' });
        }
        if (path === '/oauth/token' && body.grant_type === 'authorization_code') {
          if (!contentType.includes('x-www-form-urlencoded')) return send(res, 400, { error: 'form expected' });
          if (body.code !== 'code_1' || body.code_verifier !== 'verif' || !String(body.redirect_uri).endsWith('/deviceauth/callback')) {
            return send(res, 400, { error: 'invalid_grant' });
          }
          return send(res, 200, tokens());
        }
        if (path === '/oauth/token' && body.grant_type === 'refresh_token') {
          if (gate) await gate;
          const failure = refreshFailures.shift();
          if (failure) return send(res, failure.status, { error: { code: failure.code ?? 'server_error', message: 'refresh failed on purpose' } });
          const dead = deadRefresh.get(body.refresh_token ?? '');
          if (dead) return send(res, 401, { error: { code: `refresh_token_${dead}` } });
          if (usedRefresh.has(body.refresh_token ?? '')) return send(res, 401, { error: { code: 'refresh_token_reused' } });
          if (!issuedRefresh.has(body.refresh_token ?? '')) return send(res, 401, { error: { code: 'refresh_token_invalidated' } });
          usedRefresh.add(body.refresh_token!);
          return send(res, 200, tokens());
        }
        if (path === '/oauth/revoke') {
          if (!body.token) return send(res, 400, { error: 'token missing' });
          revoked.push(body.token);
          return send(res, 200, {});
        }
        send(res, 404, { error: 'not found' });
      })();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    issuer: `http://127.0.0.1:${port}`,
    log,
    revoked,
    refreshes: () => log.filter((l) => l.body.grant_type === 'refresh_token'),
    latestAccessToken: () => accessTokens.at(-1),
    acceptsAccessToken: (token) => accessTokens.includes(token) && !revoked.includes(token),
    failNextRefreshes: (...failures) => void refreshFailures.push(...failures),
    holdRefreshes: () => {
      let release!: () => void;
      gate = new Promise<void>((resolve) => (release = resolve));
      return {
        release: () => {
          gate = null;
          release();
        },
      };
    },
    kill: (refreshToken, reason) => void deadRefresh.set(refreshToken, reason),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
