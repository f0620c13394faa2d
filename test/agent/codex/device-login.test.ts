/**
 * The ChatGPT device login against the fake issuer over HTTP: the whole flow, pending polls, a
 * string interval, cancel, timeout, failures that say what happened, and the account id from
 * each claim location.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CodexAuthError, CodexDeviceLogin, parseCodexCredential, pollInterval } from '../../../src/agent/codex/index.js';
import { startFakeIssuer, type AccountClaim, type FakeIssuer } from './fake-issuer.js';

let fake: FakeIssuer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** A clock that only moves when the login sleeps: waits take no real time. */
function virtualTime(): { now: () => number; sleep: (ms: number, signal: AbortSignal) => Promise<void>; slept: number[] } {
  let t = 1_000_000;
  const slept: number[] = [];
  return {
    now: () => t,
    sleep: async (ms) => {
      slept.push(ms);
      t += ms;
    },
    slept,
  };
}

describe('CodexDeviceLogin', () => {
  it('runs the whole flow: user code, pending polls, form-encoded exchange with the verifier, a stored credential', async () => {
    fake = await startFakeIssuer({ pendingPolls: 2 });
    const time = virtualTime();
    const login = await CodexDeviceLogin.start({ issuer: fake.issuer, ...time });
    expect([login.userCode, login.verifyUrl, login.intervalSeconds]).toEqual(['ABCD-EFGH', `${fake.issuer}/codex/device`, 1]);
    const json = await login.wait();
    const credential = parseCodexCredential(json);
    expect(credential).toMatchObject({ refreshToken: 'rt_1', accountId: 'acct_test', email: 'player@example.com' });
    expect(credential.expiresAt).toBe(1_000_000 + 2000 + 3600_000);
    expect(time.slept).toEqual([1000, 1000]);
    expect(fake.log.filter((l) => l.path === '/api/accounts/deviceauth/token')).toHaveLength(3);
    expect(fake.log[0]).toMatchObject({ contentType: 'application/json', body: { client_id: 'app_EMoamEEZ73f0CkXaXp7hrann' } });
    const exchange = fake.log.find((l) => l.body.grant_type === 'authorization_code')!;
    expect(exchange.contentType).toBe('application/x-www-form-urlencoded');
    expect(exchange.body).toEqual({
      grant_type: 'authorization_code',
      code: 'code_1',
      redirect_uri: `${fake.issuer}/deviceauth/callback`,
      client_id: 'app_EMoamEEZ73f0CkXaXp7hrann',
      code_verifier: 'verif',
    });
    expect(JSON.parse(json)).toEqual({
      access_token: expect.any(String),
      refresh_token: 'rt_1',
      account_id: 'acct_test',
      expires_at: '1970-01-01T01:16:42Z',
      email: 'player@example.com',
    });
  });

  it('poll() answers null while pending, then the credential', async () => {
    fake = await startFakeIssuer({ pendingPolls: 1 });
    const login = await CodexDeviceLogin.start({ issuer: fake.issuer });
    expect(await login.poll()).toBeNull();
    expect(parseCodexCredential((await login.poll())!).accountId).toBe('acct_test');
  });

  it.each([
    ['7', 7],
    [3, 3],
    ['0', 5],
    [0.5, 5],
    ['soon', 5],
    [undefined, 5],
    [' 2 ', 2],
  ] as const)('interval %j means %d seconds', async (interval, seconds) => {
    expect(pollInterval(interval)).toBe(seconds);
    fake = await startFakeIssuer({ interval });
    expect((await CodexDeviceLogin.start({ issuer: fake.issuer })).intervalSeconds).toBe(seconds);
    await fake.close();
    fake = undefined;
  });

  it.each<[AccountClaim, string | undefined]>([
    ['flat', 'acct_flat'],
    ['dotted', 'acct_dotted'],
    ['nested', 'acct_nested'],
    ['organizations', 'acct_org'],
    ['access-token-only', 'acct_access'],
    ['none', undefined],
  ])('finds the account id in the %s claim', async (accountClaim, expected) => {
    fake = await startFakeIssuer({ pendingPolls: 0, accountClaim, accountId: expected ?? 'unused' });
    const login = await CodexDeviceLogin.start({ issuer: fake.issuer });
    expect(parseCodexCredential((await login.poll())!).accountId).toBe(expected);
  });

  it('cancel() ends a waiting login with "cancelled" and stops polling', async () => {
    fake = await startFakeIssuer({ pendingPolls: 1000, interval: 60 });
    const login = await CodexDeviceLogin.start({ issuer: fake.issuer });
    const waiting = login.wait();
    // Cancelled while it sleeps its 60 s between polls: it must end now, not after the sleep.
    await new Promise((r) => setTimeout(r, 50));
    login.cancel();
    await expect(waiting).rejects.toThrow('the ChatGPT login was cancelled');
    const polls = fake.log.filter((l) => l.path === '/api/accounts/deviceauth/token').length;
    await expect(login.poll()).rejects.toThrow('cancelled');
    expect(fake.log.filter((l) => l.path === '/api/accounts/deviceauth/token')).toHaveLength(polls);
  });

  it('times out after the given seconds, and after 15 minutes by default', async () => {
    fake = await startFakeIssuer({ pendingPolls: 1000, interval: '5' });
    const short = virtualTime();
    const login = await CodexDeviceLogin.start({ issuer: fake.issuer, ...short });
    await expect(login.wait(12)).rejects.toThrow(/^the ChatGPT login timed out before approval; start it again$/);
    expect(short.slept).toEqual([5000, 5000, 2000]);
    const long = virtualTime();
    const again = await CodexDeviceLogin.start({ issuer: fake.issuer, ...long });
    await expect(again.wait()).rejects.toThrow('timed out');
    expect(long.slept.reduce((a, b) => a + b, 0)).toBe(15 * 60_000);
  });

  it('keeps polling through a passing server error, and names it if the time runs out', async () => {
    fake = await startFakeIssuer({ pendingPolls: 0, pollFailure: { status: 503, times: 2 } });
    const login = await CodexDeviceLogin.start({ issuer: fake.issuer, ...virtualTime() });
    expect(parseCodexCredential(await login.wait()).refreshToken).toBe('rt_1');
    await fake.close();
    fake = await startFakeIssuer({ pendingPolls: 0, pollFailure: { status: 502, times: 100 } });
    const failing = await CodexDeviceLogin.start({ issuer: fake.issuer, ...virtualTime() });
    await expect(failing.wait(3)).rejects.toThrow(/timed out before approval \(last error: .*HTTP 502 \(the fake issuer is failing on purpose\)/);
  });

  it('a refused poll (not 403/404) ends the login with what the issuer answered', async () => {
    fake = await startFakeIssuer({ pollFailure: { status: 400, times: 1 } });
    const login = await CodexDeviceLogin.start({ issuer: fake.issuer, ...virtualTime() });
    const err = await login.wait().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CodexAuthError);
    expect((err as CodexAuthError).message).toBe(
      `the ChatGPT login failed: ${fake.issuer} answered HTTP 400 (the fake issuer is failing on purpose) while waiting for approval`,
    );
  });

  it('says when device login is not enabled, and when the issuer cannot be reached', async () => {
    fake = await startFakeIssuer({ userCodeStatus: 404 });
    await expect(CodexDeviceLogin.start({ issuer: fake.issuer })).rejects.toThrow(`device login is not enabled for this account or server (${fake.issuer} answered HTTP 404)`);
    const closed = fake.issuer;
    await fake.close();
    fake = undefined;
    await expect(CodexDeviceLogin.start({ issuer: closed })).rejects.toThrow(`the sign-in server ${closed} could not be reached`);
  });
});
