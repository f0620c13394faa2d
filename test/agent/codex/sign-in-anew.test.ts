/**
 * The token source's part in a new sign-in while the process runs (the web page's): starting
 * signed out, knowing when only a new device login helps, and adopting its credential.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CodexAuthError, CodexDeviceLogin, CodexTokenSource, parseCodexCredential } from '../../../src/agent/codex/index.js';
import { fakeJwt, startFakeIssuer, type FakeIssuer } from './fake-issuer.js';

let fake: FakeIssuer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const NOW = Date.parse('2026-12-01T10:00:00Z');
const at = (ms: number): string => new Date(ms).toISOString();

async function approvedLogin(issuer: FakeIssuer): Promise<string> {
  const login = await CodexDeviceLogin.start({ issuer: issuer.issuer });
  return (await login.poll())!;
}

describe('CodexTokenSource sign-in anew', () => {
  it('starts signed out: token() asks for a sign-in without calling the issuer, until replace()', async () => {
    fake = await startFakeIssuer({ pendingPolls: 0 });
    // The real clock: the fake issuer's tokens expire an hour from now.
    const tokens = CodexTokenSource.signedOut({ issuer: fake.issuer });
    expect(tokens.needsSignIn()).toBe(true);
    const refused = await tokens.token().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(CodexAuthError);
    expect((refused as CodexAuthError).signInAgain).toBe(true);
    expect((refused as Error).message).toMatch(/sign in again/);
    expect(fake.log).toHaveLength(0);

    const changes: string[] = [];
    tokens.onChange((json) => changes.push(json));
    const json = await approvedLogin(fake);
    tokens.replace(json);
    expect(tokens.needsSignIn()).toBe(false);
    expect((await tokens.token()).accessToken).toBe(parseCodexCredential(json).accessToken);
    expect(changes).toEqual([tokens.credentialJson()]);
  });

  it('needs a sign-in once the refresh token is dead and the access token expired; replace() clears it', async () => {
    fake = await startFakeIssuer({ pendingPolls: 0 });
    const seed = parseCodexCredential(await approvedLogin(fake));
    fake.kill(seed.refreshToken!, 'invalidated');
    const tokens = new CodexTokenSource({ ...seed, expiresAt: NOW - 1 }, { issuer: fake.issuer, now: () => NOW });
    // Expired but renewable as far as it knows: not yet a case for a new sign-in.
    expect(tokens.needsSignIn()).toBe(false);
    await expect(tokens.token()).rejects.toThrow(/sign in again/);
    expect(tokens.needsSignIn()).toBe(true);

    tokens.replace(await approvedLogin(fake));
    expect(tokens.needsSignIn()).toBe(false);
    expect((await tokens.token()).accessToken).toBe(fake.latestAccessToken());
  });

  it('an expired token without a refresh token needs a sign-in; a valid one does not', () => {
    const expired = new CodexTokenSource(JSON.stringify({ access_token: fakeJwt({ n: 1 }), expires_at: at(NOW - 1) }), { now: () => NOW });
    const valid = new CodexTokenSource(JSON.stringify({ access_token: fakeJwt({ n: 2 }), expires_at: at(NOW + 3600_000) }), { now: () => NOW });
    expect(expired.needsSignIn()).toBe(true);
    expect(valid.needsSignIn()).toBe(false);
  });

  it('a renewal that was in flight when a new sign-in arrived does not overwrite it', async () => {
    fake = await startFakeIssuer({ pendingPolls: 0 });
    const seed = parseCodexCredential(await approvedLogin(fake));
    const tokens = new CodexTokenSource({ ...seed, expiresAt: NOW - 1 }, { issuer: fake.issuer, now: () => NOW });
    const hold = fake.holdRefreshes();
    const renewing = tokens.token().catch((err: unknown) => err);
    while (fake.refreshes().length === 0) await new Promise((r) => setTimeout(r, 5));
    const fresh = await approvedLogin(fake);
    tokens.replace(fresh);
    hold.release();
    await renewing;
    expect(parseCodexCredential(tokens.credentialJson()).accessToken).toBe(parseCodexCredential(fresh).accessToken);
  });

  it('replace() refuses a credential that is not one, and keeps the old state', () => {
    const tokens = CodexTokenSource.signedOut();
    expect(() => tokens.replace('{"refresh_token":"rt"}')).toThrow(/sign in again/);
    expect(tokens.needsSignIn()).toBe(true);
  });
});
