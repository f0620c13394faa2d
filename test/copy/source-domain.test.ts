import { describe, expect, it } from 'vitest';
import { resolveSourceDomain, SOURCE_DOMAIN_ERROR } from '../../src/copy/index.js';

describe('source_domain validation', () => {
  it('accepts svk.en.cx, https://SVK.en.cx/ and http://svk.en.cx as svk.en.cx', () => {
    for (const raw of ['svk.en.cx', 'https://SVK.en.cx/', 'http://svk.en.cx', '  svk.en.cx  ']) {
      expect(resolveSourceDomain(raw, 'tech.en.cx')).toBe('svk.en.cx');
    }
  });

  it('maps an empty value or the current domain in any case to the current domain', () => {
    expect(resolveSourceDomain('', 'tech.en.cx')).toBe('tech.en.cx');
    expect(resolveSourceDomain(undefined, 'tech.en.cx')).toBe('tech.en.cx');
    expect(resolveSourceDomain('TECH.EN.CX', 'tech.en.cx')).toBe('tech.en.cx');
  });

  it.each([
    ['another host ending in en.cx text', 'svk.en.cx.evil.example'],
    ['a path', 'https://svk.en.cx/GameScenario.aspx'],
    ['user-info', 'https://user:pw@svk.en.cx'],
    ['user-info without a password', 'me@svk.en.cx'],
    ['a file URL', 'file://svk.en.cx'],
    ['a relative path', '../svk.en.cx'],
    ['an explicit port', 'svk.en.cx:443'],
    ['a query', 'svk.en.cx?x=1'],
    ['a fragment', 'svk.en.cx#top'],
    ['two labels', 'a.svk.en.cx'],
    ['a leading hyphen', '-svk.en.cx'],
    ['a trailing hyphen', 'svk-.en.cx'],
    ['en.cx itself', 'en.cx'],
    ['another scheme', 'ftp://svk.en.cx'],
    ['a non-ASCII label', 'свк.en.cx'],
  ])('rejects %s (%s)', (_what, raw) => {
    expect(() => resolveSourceDomain(raw, 'tech.en.cx')).toThrow(SOURCE_DOMAIN_ERROR);
  });
});
