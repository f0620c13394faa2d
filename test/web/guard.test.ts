import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RequestGuard } from '../../src/web/guard.js';
import { signInFailure } from '../../src/web/account.js';
import {
  CaptchaRequiredError,
  EncounterError,
  InvalidCredentialsError,
  IpBlockedError,
  NetworkError,
  UserBlockedError,
} from '../../src/engine/errors.js';

const SECRET = 'a'.repeat(64);
const guard = new RequestGuard({ secret: SECRET, port: 8765 });

describe('RequestGuard', () => {
  it('accepts loopback names and IP literals on its own port only', () => {
    for (const host of ['127.0.0.1:8765', 'localhost:8765', '[::1]:8765', '192.168.1.20:8765', 'LOCALHOST:8765']) {
      expect(guard.checkHost(host), host).toBe(true);
    }
    for (const host of ['127.0.0.1', '127.0.0.1:8766', 'evil.example:8765', 'localhost.evil.example:8765', '127.0.0.1.nip.io:8765', '300.1.1.1:8765', '', null]) {
      expect(guard.checkHost(host), String(host)).toBe(false);
    }
  });

  it('refuses every DNS name that is not localhost, whatever it looks like (rebinding)', () => {
    const label = fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/);
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 4 }), fc.constantFrom('com', 'example', 'io', 'local'), (labels, tld) => {
        const name = [...labels, tld].join('.');
        expect(guard.checkHost(`${name}:8765`)).toBe(false);
      }),
    );
  });

  it('takes an Origin only when it is exactly this server as addressed', () => {
    expect(guard.checkOrigin(null, '127.0.0.1:8765')).toBe(true);
    expect(guard.checkOrigin('http://127.0.0.1:8765', '127.0.0.1:8765')).toBe(true);
    expect(guard.checkOrigin('http://localhost:8765', '127.0.0.1:8765')).toBe(false);
    expect(guard.checkOrigin('https://127.0.0.1:8765', '127.0.0.1:8765')).toBe(false);
    expect(guard.checkOrigin('null', '127.0.0.1:8765')).toBe(false);
  });

  it('matches the secret exactly: no prefix, no extension, no empty string', () => {
    expect(guard.checkSecret(SECRET)).toBe(true);
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (candidate) => {
        expect(guard.checkSecret(candidate)).toBe(candidate === SECRET);
      }),
    );
    expect(guard.checkSecret(SECRET.slice(0, 63))).toBe(false);
    expect(guard.checkSecret(`${SECRET}a`)).toBe(false);
    expect(guard.checkSecret(undefined)).toBe(false);
  });

  it('refuses a short secret at construction', () => {
    expect(() => new RequestGuard({ secret: 'short', port: 1 })).toThrow(/at least 16/);
  });
});

describe('sign-in refusals in the page’s words', () => {
  it('names each case and what to do, never the terminal command', () => {
    const cases: Array<[unknown, string, RegExp]> = [
      [new InvalidCredentialsError(2, 'x'), 'wrong_password', /Wrong login or password/],
      [new CaptchaRequiredError(1, 'x', 'https://tech.en.cx/MagicKey.aspx'), 'captcha', /CAPTCHA/],
      [new IpBlockedError(4, 'x', 'https://tech.en.cx/UnblockIp.aspx'), 'ip_blocked', /known IP addresses/],
      [new UserBlockedError(7, 'x'), 'blocked', /blocked by an administrator/],
      [new NetworkError('https://tech.en.cx/login', new Error('ECONNREFUSED')), 'network', /could not be reached/],
      [new EncounterError('the engine at tech.en.cx answered the sign-in with an HTML page: …'), 'throttled', /Wait 5–10 minutes/],
    ];
    for (const [error, reason, words] of cases) {
      const answer = signInFailure(error, 'tech.en.cx');
      expect(answer.reason).toBe(reason);
      expect(answer.message).toMatch(words);
      expect(answer.message).not.toContain('encli login');
    }
    expect(signInFailure(new CaptchaRequiredError(1, 'x', 'https://tech.en.cx/MagicKey.aspx'), 'tech.en.cx').url).toBe(
      'https://tech.en.cx/MagicKey.aspx',
    );
  });
});
