/**
 * The token source against the fake issuer: renewal 5 minutes before expiry, one renewal for many
 * waiting callers (a second would burn the rotated token), a failed renewal with a still-valid
 * token, the cooldown, and the errors that can only end in a new sign-in.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { CodexAuthError, CodexDeviceLogin, CodexTokenSource, parseCodexCredential, serializeCodexCredential } from '../../../src/agent/codex/index.js';
import { fakeJwt, startFakeIssuer, type FakeIssuer } from './fake-issuer.js';

let fake: FakeIssuer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const NOW = Date.parse('2026-12-01T10:00:00Z');
const credential = (fields: Record<string, unknown>): string => JSON.stringify({ access_token: fakeJwt({ n: 0 }), ...fields });
const at = (ms: number): string => new Date(ms).toISOString();

describe('CodexTokenSource', () => {
  it('uses a token that is good for more than 5 minutes without asking the issuer', async () => {
    fake = await startFakeIssuer();
    const tokens = new CodexTokenSource(credential({ refresh_token: 'rt_x', expires_at: at(NOW + 6 * 60_000) }), { issuer: fake.issuer, now: () => NOW });
    expect((await tokens.token()).accessToken).toBe(fakeJwt({ n: 0 }));
    expect(fake.refreshes()).toHaveLength(0);
  });

  it('renews within 5 minutes of expiry: form-encoded, with scope; the rotated token replaces the old one and is announced', async () => {
    fake = await startFakeIssuer({ pendingPolls: 0 });
    const first = await seedCredential(fake); // rt_1, issued by the fake
    const changes: string[] = [];
    const tokens = new CodexTokenSource({ ...first, expiresAt: NOW + 4 * 60_000 }, { issuer: fake.issuer, now: () => NOW });
    tokens.onChange((json) => changes.push(json));
    const access = await tokens.token();
    expect(access).toEqual({ accessToken: fake.latestAccessToken(), accountId: 'acct_test' });
    expect(fake.refreshes()).toEqual([
      {
        path: '/oauth/token',
        contentType: 'application/x-www-form-urlencoded',
        body: { client_id: 'app_EMoamEEZ73f0CkXaXp7hrann', grant_type: 'refresh_token', refresh_token: 'rt_1', scope: 'openid profile email' },
      },
    ]);
    const now = parseCodexCredential(tokens.credentialJson());
    expect(now.refreshToken).toBe('rt_2');
    expect(now.expiresAt).toBe(NOW + 3600_000);
    expect(changes).toEqual([tokens.credentialJson()]);
  });

  it('many callers needing a renewal at once send exactly one refresh, and all get the new token', async () => {
    fake = await startFakeIssuer({ pendingPolls: 0 });
    const seed = await seedCredential(fake);
    const tokens = new CodexTokenSource({ ...seed, expiresAt: NOW - 1 }, { issuer: fake.issuer, now: () => NOW });
    const hold = fake.holdRefreshes();
    const waiting = Promise.all(Array.from({ length: 5 }, () => tokens.token()));
    await until(() => fake!.refreshes().length === 1);
    hold.release();
    const got = await waiting;
    expect(new Set(got.map((g) => g.accessToken))).toEqual(new Set([fake.latestAccessToken()]));
    expect(fake.refreshes()).toHaveLength(1);
    expect(tokens.renewals).toBe(1);
  });

  it('without expires_at renews exactly once when a refresh token exists, and never without one', async () => {
    fake = await startFakeIssuer({ pendingPolls: 0, expiresIn: null });
    const seed = await seedCredential(fake);
    const tokens = new CodexTokenSource({ ...seed, expiresAt: undefined }, { issuer: fake.issuer, now: () => NOW });
    await tokens.token();
    await tokens.token();
    expect(fake.refreshes()).toHaveLength(1);
    expect(parseCodexCredential(tokens.credentialJson()).expiresAt).toBeUndefined();
    const bare = new CodexTokenSource(credential({}), { issuer: fake.issuer, now: () => NOW });
    expect((await bare.token()).accessToken).toBe(fakeJwt({ n: 0 }));
    expect(fake.refreshes()).toHaveLength(1);
  });

  it('an expired token without a refresh token asks to sign in again', async () => {
    const tokens = new CodexTokenSource(credential({ expires_at: at(NOW - 1000) }), { now: () => NOW, fetch: failingFetch });
    await expect(tokens.token()).rejects.toMatchObject({ signInAgain: true, message: 'the ChatGPT session expired and cannot be refreshed; sign in again' });
  });

  it('a failed renewal keeps using a still-valid token, waits out the cooldown, then renews', async () => {
    fake = await startFakeIssuer({ pendingPolls: 0 });
    const seed = await seedCredential(fake);
    let now = NOW;
    const tokens = new CodexTokenSource({ ...seed, expiresAt: NOW + 2 * 60_000 }, { issuer: fake.issuer, now: () => now });
    fake.failNextRefreshes({ status: 503 });
    expect((await tokens.token()).accessToken).toBe(seed.accessToken);
    now += 30_000;
    expect((await tokens.token()).accessToken).toBe(seed.accessToken);
    expect(fake.refreshes()).toHaveLength(1); // the cooldown held the second attempt back
    now += 31_000;
    expect((await tokens.token()).accessToken).toBe(fake.latestAccessToken());
    expect(fake.refreshes()).toHaveLength(2);
    expect(fake.refreshes()[1]!.body.refresh_token).toBe('rt_1'); // the failed attempt burned nothing
  });

  it('a failed renewal of an expired token says what went wrong and when to try again', async () => {
    fake = await startFakeIssuer({ pendingPolls: 0 });
    const seed = await seedCredential(fake);
    const tokens = new CodexTokenSource({ ...seed, expiresAt: NOW - 1 }, { issuer: fake.issuer, now: () => NOW });
    fake.failNextRefreshes({ status: 500 });
    await expect(tokens.token()).rejects.toThrow(`renewing the ChatGPT sign-in failed: ${fake.issuer} answered HTTP 500 (refresh failed on purpose)`);
    await expect(tokens.token()).rejects.toThrow(/could not be renewed and has expired .*HTTP 500.*try again in a minute/);
    expect(fake.refreshes()).toHaveLength(1);
  });

  it.each([
    ['refresh_token_expired', 'expired'],
    ['refresh_token_invalidated', 'invalidated'],
  ] as const)('%s ends in "sign in again" and is never retried', async (code, reason) => {
    fake = await startFakeIssuer({ pendingPolls: 0 });
    const seed = await seedCredential(fake);
    fake.kill('rt_1', reason);
    let now = NOW;
    const tokens = new CodexTokenSource({ ...seed, expiresAt: NOW + 60_000 }, { issuer: fake.issuer, now: () => now });
    // Still valid for a minute: the turn goes on with it.
    expect((await tokens.token()).accessToken).toBe(seed.accessToken);
    now += 61_000;
    const err = (await tokens.token().catch((e: unknown) => e)) as CodexAuthError;
    expect(err.signInAgain).toBe(true);
    expect(err.message).toBe(`the ChatGPT sign-in can no longer be renewed (HTTP 401 (${code})); sign in again`);
    now += 10 * 60_000;
    await expect(tokens.token()).rejects.toMatchObject({ signInAgain: true });
    expect(fake.refreshes()).toHaveLength(1);
  });

  it('a reused refresh token (another program renewed first) ends in "sign in again"', async () => {
    fake = await startFakeIssuer({ pendingPolls: 0 });
    const seed = await seedCredential(fake);
    const mine = new CodexTokenSource({ ...seed, expiresAt: NOW - 1 }, { issuer: fake.issuer, now: () => NOW });
    const other = new CodexTokenSource({ ...seed, expiresAt: NOW - 1 }, { issuer: fake.issuer, now: () => NOW });
    await other.token();
    await expect(mine.token()).rejects.toMatchObject({ signInAgain: true, message: expect.stringContaining('refresh_token_reused') });
  });

  it('two processes sharing one store: the second adopts the token the first rotated there, sending nothing', async () => {
    fake = await startFakeIssuer({ pendingPolls: 0 });
    const seed = await seedCredential(fake);
    let stored: string | null = serializeCodexCredential(seed);
    const store = { readStored: async () => stored };
    const first = new CodexTokenSource({ ...seed, expiresAt: NOW - 1 }, { issuer: fake.issuer, now: () => NOW, ...store });
    const second = new CodexTokenSource({ ...seed, expiresAt: NOW - 1 }, { issuer: fake.issuer, now: () => NOW, ...store });
    const changes: string[] = [];
    first.onChange((json, change) => {
      stored = json;
      changes.push(`first ${change}`);
    });
    const adopted: string[] = [];
    second.onChange((json, change) => {
      adopted.push(json);
      changes.push(`second ${change}`);
    });
    await first.token();
    expect(fake.refreshes()).toHaveLength(1);
    expect((await second.token()).accessToken).toBe(fake.latestAccessToken());
    expect(fake.refreshes()).toHaveLength(1);
    expect(second.renewals).toBe(0);
    expect(parseCodexCredential(adopted.at(-1)!).refreshToken).toBe('rt_2');
    expect(changes).toEqual(['first renewed', 'second adopted']);
  });

  it('two processes racing: the one the issuer refuses as reused looks at the store once more and goes on', async () => {
    fake = await startFakeIssuer({ pendingPolls: 0 });
    const seed = await seedCredential(fake);
    let stored: string | null = serializeCodexCredential(seed);
    const winner = new CodexTokenSource({ ...seed, expiresAt: NOW - 1 }, { issuer: fake.issuer, now: () => NOW });
    winner.onChange((json) => (stored = json));
    // The loser read the store before the winner wrote it: its first look finds rt_1, its own.
    let reads = 0;
    const loser = new CodexTokenSource(
      { ...seed, expiresAt: NOW - 1 },
      { issuer: fake.issuer, now: () => NOW, readStored: async () => (reads++ === 0 ? serializeCodexCredential(seed) : stored) },
    );
    await winner.token();
    expect((await loser.token()).accessToken).toBe(fake.latestAccessToken());
    expect(fake.refreshes().map((r) => r.body.refresh_token)).toEqual(['rt_1', 'rt_1']);
    expect(reads).toBe(2);
  });

  it('a store holding the same burnt token (nobody else renewed) still ends in "sign in again"', async () => {
    fake = await startFakeIssuer({ pendingPolls: 0 });
    const seed = await seedCredential(fake);
    fake.kill('rt_1', 'invalidated');
    const tokens = new CodexTokenSource(
      { ...seed, expiresAt: NOW - 1 },
      { issuer: fake.issuer, now: () => NOW, readStored: async () => serializeCodexCredential(seed) },
    );
    await expect(tokens.token()).rejects.toMatchObject({ signInAgain: true });
    expect(fake.refreshes()).toHaveLength(1);
  });

  it('a plain 401 without a code is permanent too', async () => {
    fake = await startFakeIssuer({ pendingPolls: 0 });
    const seed = await seedCredential(fake);
    fake.failNextRefreshes({ status: 401, code: 'unauthorized' });
    const tokens = new CodexTokenSource({ ...seed, expiresAt: NOW - 1 }, { issuer: fake.issuer, now: () => NOW });
    await expect(tokens.token()).rejects.toMatchObject({ signInAgain: true });
  });

  it('a token the backend refused is renewed once even though its clock says it is valid', async () => {
    fake = await startFakeIssuer({ pendingPolls: 0 });
    const seed = await seedCredential(fake);
    const tokens = new CodexTokenSource({ ...seed, expiresAt: NOW + 3600_000 }, { issuer: fake.issuer, now: () => NOW });
    tokens.reject('some older token');
    expect((await tokens.token()).accessToken).toBe(seed.accessToken);
    tokens.reject(seed.accessToken);
    expect((await tokens.token()).accessToken).toBe(fake.latestAccessToken());
    expect(fake.refreshes()).toHaveLength(1);
  });

  it('a caller waits at most the bounded time; the renewal still lands and is kept', async () => {
    fake = await startFakeIssuer({ pendingPolls: 0 });
    const seed = await seedCredential(fake);
    const tokens = new CodexTokenSource({ ...seed, expiresAt: NOW + 60_000 }, { issuer: fake.issuer, now: () => NOW, renewalWaitMs: 20 });
    const hold = fake.holdRefreshes();
    const changed = new Promise<string>((resolve) => tokens.onChange(resolve));
    // The slow renewal does not block: the token is good for another minute.
    expect((await tokens.token()).accessToken).toBe(seed.accessToken);
    hold.release();
    expect(parseCodexCredential(await changed).refreshToken).toBe('rt_2');
    expect((await tokens.token()).accessToken).toBe(fake.latestAccessToken());
    expect(fake.refreshes()).toHaveLength(1);
  });
});

describe('the credential JSON', () => {
  it.each([
    ['', 'the ChatGPT credential is empty'],
    ['nope', 'is not valid JSON'],
    ['[]', 'must be a JSON object'],
    ['{"refresh_token":"r"}', 'has no access_token'],
    ['{"access_token":5}', "access_token must be a string"],
    ['{"access_token":"a","expires_at":"tomorrow"}', 'expires_at "tomorrow" is not an RFC 3339 time'],
  ])('%j is refused with a sign-in-again error', (json, message) => {
    const err = (() => {
      try {
        parseCodexCredential(json);
      } catch (e) {
        return e as CodexAuthError;
      }
      return undefined;
    })();
    expect(err?.signInAgain).toBe(true);
    expect(err?.message).toContain(message);
    expect(err?.message).toContain('sign in again');
  });

  it('survives a write and a read unchanged (property)', () => {
    const token = fc.string({ minLength: 1 }).filter((s) => s.trim() === s && s !== '');
    fc.assert(
      fc.property(
        fc.record(
          {
            accessToken: token,
            refreshToken: token,
            accountId: token,
            expiresAt: fc.integer({ min: 0, max: 4_000_000_000 }).map((s) => s * 1000),
            email: token,
          },
          { requiredKeys: ['accessToken'] },
        ),
        (c) => {
          expect(parseCodexCredential(serializeCodexCredential(c))).toEqual({ refreshToken: undefined, accountId: undefined, expiresAt: undefined, email: undefined, ...c });
        },
      ),
    );
  });
});

/** A credential issued by the fake through the device flow (refresh token rt_1). */
async function seedCredential(issuer: FakeIssuer) {
  const login = await CodexDeviceLogin.start({ issuer: issuer.issuer });
  return parseCodexCredential((await login.poll())!);
}

const failingFetch: typeof fetch = async () => {
  throw new Error('no network in this test');
};

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 5));
}
