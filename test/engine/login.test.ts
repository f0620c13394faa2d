import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
  NotActivatedError,
  UserBlockedError,
} from '../../src/engine/errors.js';
import { FAKE_CAPTCHA_DIGITS } from '../../src/demo/fake-encounter.js';
import { clientFor, startFake, type FakeEncounter } from '../fake-encounter/harness.js';

let fake: FakeEncounter;
beforeAll(async () => {
  fake = await startFake();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  fake.forcedLoginErrors.clear();
  fake.ipBlocked.clear();
});

describe('login', () => {
  it('succeeds with form data and stores the engine cookies (atoken, stoken, GUID)', async () => {
    const client = clientFor(fake);
    await client.login('player1', 'secret');
    expect(client.exportCookies().map((c) => c.name).sort()).toEqual(['GUID', 'atoken', 'stoken']);
    const req = fake.requests.at(-1)!;
    expect(req.path).toBe('/login/signin');
    expect(req.query).toMatchObject({ json: '1', lang: 'ru' });
    expect(req.body).toMatchObject({ Login: 'player1', Password: 'secret' });
  });

  it('the fake also accepts a JSON body', async () => {
    const res = await fetch(`${fake.url}/Login/SignIn/?json=1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Login: 'player1', Password: 'secret' }),
    });
    expect(await res.json()).toMatchObject({ Error: 0 });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('stoken='))).toBe(true);
  });

  it('wrong password → InvalidCredentialsError; after 3 failures CAPTCHA, explained; digits unlock', async () => {
    const client = clientFor(fake);
    for (let i = 0; i < 3; i++) await expect(client.login('player1', 'nope')).rejects.toBeInstanceOf(InvalidCredentialsError);
    const err = await client.login('player1', 'secret').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CaptchaRequiredError);
    expect((err as CaptchaRequiredError).url).toMatch(new RegExp(`^${fake.url}/MagicKey\\.aspx`));
    expect((err as Error).message).toMatch(/CAPTCHA.*browser/);
    await client.login('player1', 'secret', { captcha: FAKE_CAPTCHA_DIGITS });
    expect(client.hasSession).toBe(true);
  });

  it('IP blocking (Error 4) names the unblock URL', async () => {
    fake.ipBlocked.add('player1');
    const err = await clientFor(fake).login('player1', 'secret').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IpBlockedError);
    expect((err as IpBlockedError).url).toBe(`${fake.url}/UnblockIp.aspx?login=player1`);
    expect((err as Error).message).toMatch(/unblock it at/);
  });

  const CASES: Array<[number, new (...a: never[]) => LoginError, Record<string, unknown>]> = [
    [1, CaptchaRequiredError, { CaptchaUrl: '/MagicKey.aspx?guid=1' }],
    [2, InvalidCredentialsError, {}],
    [3, LoginForbiddenError, {}],
    [4, IpBlockedError, { IpUnblockUrl: '/unblock' }],
    [5, LoginServerError, {}],
    [6, LoginError, {}],
    [7, UserBlockedError, {}],
    [8, NotActivatedError, { AdminWhoCanActivate: ['admin1', 'admin2'] }],
    [9, BruteForceError, { BruteForceUnblockUrl: '/bf' }],
    [10, EmailNotConfirmedError, { ConfirmEmailUrl: '/confirm' }],
    [42, LoginError, {}],
  ];
  it.each(CASES)('Error %i maps to its typed error', async (code, cls, extra) => {
    fake.forcedLoginErrors.set('victim', { Error: code, Message: `engine text ${code}`, ...extra });
    const err = await clientFor(fake).login('victim', 'pw').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(cls);
    expect((err as LoginError).code).toBe(code);
    expect((err as Error).message).toContain(`engine text ${code}`);
    if (code === 8) expect((err as Error).message).toContain('admin1, admin2');
    if (code === 5) expect((err as LoginError).retryable).toBe(true);
  });

  it('an HTML reply to sign-in is explained as a temporary IP block', async () => {
    fake.faults = { htmlSignIn: true };
    const client = clientFor(fake);
    const err = await client.login('player1', 'secret').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EncounterError);
    expect((err as Error).message).toMatch(/blocked.*wait 5–10 minutes/);
  });
});
