import { describe, expect, it } from 'vitest';
import { CookieJar, parseSetCookie } from '../../src/engine/cookie-jar.js';

const site = new URL('https://tech.en.cx/login/signin');

describe('CookieJar', () => {
  it('sends host-only cookies back to the same host only', () => {
    const jar = new CookieJar();
    jar.setFromResponse(site, ['stoken=abc; path=/; HttpOnly', 'GUID=g1; path=/']);
    expect(jar.headerFor(new URL('https://tech.en.cx/gameengines/encounter/play/1'))).toBe('stoken=abc; GUID=g1');
    expect(jar.headerFor(new URL('https://m.tech.en.cx/'))).toBeUndefined();
    expect(jar.headerFor(new URL('https://evil.example/'))).toBeUndefined();
  });

  it('domain cookies reach subdomains; a foreign Domain attribute is refused', () => {
    const jar = new CookieJar();
    jar.setFromResponse(site, ['lang=ru; Domain=.en.cx; path=/', 'bad=1; Domain=example.com']);
    expect(jar.headerFor(new URL('https://m.tech.en.cx/'))).toBe('lang=ru');
    expect(jar.export().map((c) => c.name)).toEqual(['lang']);
  });

  it('honours Max-Age, Expires, Secure and Path', () => {
    let now = 1_000_000;
    const jar = new CookieJar(() => now);
    jar.setFromResponse(site, ['a=1; Max-Age=10', 'b=2; Secure', 'c=3; Path=/home', 'd=4; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
    expect(jar.headerFor(new URL('http://tech.en.cx/'))).toBe('a=1');
    expect(jar.headerFor(new URL('https://tech.en.cx/home/x'))).toBe('a=1; b=2; c=3');
    now += 11_000;
    expect(jar.headerFor(new URL('https://tech.en.cx/'))).toBe('b=2');
  });

  it('ignores malformed and oversized headers', () => {
    expect(parseSetCookie('novalue', site, 0)).toBeNull();
    expect(parseSetCookie('=x', site, 0)).toBeNull();
    expect(parseSetCookie(`big=${'x'.repeat(5000)}`, site, 0)).toBeNull();
  });

  it('import makes host-only cookies of the given host', () => {
    const jar = new CookieJar();
    jar.import('tech.en.cx', [{ name: 'stoken', value: 'v' }]);
    expect(jar.headerFor(new URL('https://tech.en.cx/x'))).toBe('stoken=v');
    expect(jar.headerFor(new URL('https://svk.en.cx/x'))).toBeUndefined();
  });
});
