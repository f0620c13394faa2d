/**
 * The one domain parser, alone and behind every command that takes a domain (`encli login`,
 * `encli logout`, `encli mcp`, ENCX_DOMAIN). The attack: a domain such as `evil.com/tech.en.cx`
 * turned into `https://evil.com/…` for the sign-in and a session file named after it.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMcpSettings } from '../../src/cli/mcp.js';
import { UsageError } from '../../src/cli/flags.js';
import { ENCOUNTER_ZONES, InvalidDomainError, encounterZoneOf, parseDomain } from '../../src/engine/domain.js';
import { startFake, type FakeEncounter } from '../fake-encounter/harness.js';

/** Each hostile input and the words its refusal must contain. */
const HOSTILE: Array<[string, RegExp]> = [
  ['evil.com/tech.en.cx', /path/],
  ['evil.com\\tech.en.cx', /backslash/],
  ['tech.en.cx\\@evil.com', /backslash/],
  ['user@tech.en.cx', /user-info/],
  ['tech.en.cx@evil.com', /user-info/],
  ['user:pass@tech.en.cx', /user-info/],
  ['tech.en.cx:8080', /port/],
  ['tech.en.cx:', /port/],
  ['127.0.0.1:18080', /port/],
  ['[::1]', /IPv6/],
  ['https://tech.en.cx', /URL.*"https:\/\/"/],
  ['//evil.com', /path/],
  ['tech.en.cx/', /path/],
  ['tech.en.cx?x=1', /path, query/],
  ['tech.en.cx#top', /path, query or fragment/],
  ['tech .en.cx', /spaces/],
  ['tech.en.cx\u0000.evil.com', /invisible/],
  ['tech\u200b.en.cx', /invisible/],
  ['tech.en.cx\u202e', /invisible/],
  ['тех.en.cx', /non-ASCII/],
  ['tech..en.cx', /labels/],
  ['.tech.en.cx', /labels/],
  ['-tech.en.cx', /labels/],
  ['tech_1.en.cx', /labels/],
  ['a'.repeat(64) + '.en.cx', /labels/],
  [('a'.repeat(60) + '.').repeat(5) + 'en.cx', /253/],
  ['8080', /number/],
  ['0x7f000001', /number/],
  ['127.1', /shortened IP/],
  ['127.000.0.1', /shortened IP/],
  ['', /empty/],
  ['   ', /empty/],
];

describe('parseDomain', () => {
  it.each(HOSTILE)('refuses %j, naming the reason', (input, reason) => {
    expect(() => parseDomain(input, { allowOtherHosts: true })).toThrow(InvalidDomainError);
    expect(() => parseDomain(input, { allowOtherHosts: true })).toThrow(reason);
  });

  it('shows invisible characters escaped in the refusal', () => {
    expect(() => parseDomain('tech\u200b.en.cx')).toThrow('"tech\\u{200b}.en.cx"');
  });

  it('lower-cases, trims and drops one trailing dot', () => {
    expect(parseDomain('  Tech.EN.cx. ')).toBe('tech.en.cx');
    expect(parseDomain('SVK.en.cx')).toBe('svk.en.cx');
  });

  it('accepts every Encounter zone without the flag, and only names under it', () => {
    for (const zone of ENCOUNTER_ZONES) expect(parseDomain(`game.${zone}`)).toBe(`game.${zone}`);
    expect(parseDomain('m.demo.en.cx')).toBe('m.demo.en.cx');
    for (const outside of ['en.cx', 'evil.com', 'tech.en.cx.evil.com', 'evilen.cx', 'kharkov.quest.ua', '127.0.0.1', 'localhost']) {
      expect(() => parseDomain(outside)).toThrow(/is not an Encounter site \(Encounter runs on \*\.en\.cx, \*\.encounter\.cx/);
    }
    expect(() => parseDomain('quest.example', { allowFlag: '-allow-other-host' })).toThrow(/pass -allow-other-host$/);
  });

  it('accepts another bare host with allowOtherHosts', () => {
    expect(parseDomain('Quest.Example', { allowOtherHosts: true })).toBe('quest.example');
    expect(parseDomain('127.0.0.1', { allowOtherHosts: true })).toBe('127.0.0.1');
  });

  it('encounterZoneOf needs a name under the zone', () => {
    expect(encounterZoneOf('tech.en.cx')).toBe('en.cx');
    expect(encounterZoneOf('x.en-world.org')).toBe('en-world.org');
    expect(encounterZoneOf('en.cx')).toBeNull();
    expect(encounterZoneOf('xen.cx')).toBeNull();
  });

  it('property: whatever it accepts is exactly the host of https://<it>/ — no path, user, port can hide', () => {
    const piece = fc.constantFrom('0x', '1', '255', '256', '0', 'tech', 'en', 'cx', 'evil', 'com', '.', '/', '\\', '@', ':', '8080', '%2f', '?', '#', ' ', '-', 'A', '\t', '[', ']');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }).map((parts) => parts.join('')), (input) => {
        let host: string;
        try {
          host = parseDomain(input, { allowOtherHosts: true });
        } catch (err) {
          expect(err).toBeInstanceOf(InvalidDomainError);
          return;
        }
        const url = new URL(`https://${host}/GameEngines/`);
        expect(url.hostname).toBe(host);
        expect(url.port).toBe('');
        expect(url.username + url.password).toBe('');
        expect(host).toMatch(/^[a-z0-9.-]+$/);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('encli mcp settings use the same parser', () => {
  it.each([['evil.com/tech.en.cx'], ['evil.com\\tech.en.cx'], ['me@tech.en.cx'], ['tech.en.cx:444'], ['evil.com']])(
    '-domain %j and ENCX_DOMAIN=%j are usage errors',
    (domain) => {
      expect(() => resolveMcpSettings(['-domain', domain, '-login', 'a', '-password', 'b'], {})).toThrow(UsageError);
      expect(() => resolveMcpSettings(['-login', 'a', '-password', 'b'], { ENCX_DOMAIN: domain })).toThrow(UsageError);
    },
  );

  it('another host passes with -allow-other-host (flag or --allow-other-host=true)', () => {
    expect(resolveMcpSettings(['-domain', 'Quest.Example', '-allow-other-host'], {})).toMatchObject({ domain: 'quest.example' });
    expect(resolveMcpSettings(['--allow-other-host=true'], { ENCX_DOMAIN: 'quest.example' })).toMatchObject({ domain: 'quest.example' });
    expect(() => resolveMcpSettings(['--allow-other-host=false'], { ENCX_DOMAIN: 'quest.example' })).toThrow(/pass --allow-other-host/);
  });
});

// The attacks end to end: real `encli` processes pointed (through ENCX_BASE_URL) at the local fake,
// which records every request. A refused domain must reach no server and save no file.
const ROOT = resolve(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const ENCLI = join(ROOT, 'src/cli/encli.ts');

function encli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(TSX, [ENCLI, ...args], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stderr }));
    child.stdin.end();
  });
}

describe('a hostile -domain never signs in anywhere', { timeout: 60_000 }, () => {
  let fake: FakeEncounter;
  let home: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    fake = await startFake();
    home = await mkdtemp(join(tmpdir(), 'encli-domain-'));
    env = { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), ENCX_BASE_URL: fake.url };
  });
  afterAll(async () => {
    await fake.close();
    await rm(home, { recursive: true, force: true });
  });

  it.each([
    ['encli mcp -domain', ['mcp', '-domain', 'evil.com/tech.en.cx', '-login', 'player1', '-password', 'secret'], {}],
    ['encli mcp ENCX_DOMAIN', ['mcp', '-login', 'player1', '-password', 'secret'], { ENCX_DOMAIN: 'evil.com\\tech.en.cx' }],
    ['encli login -domain', ['login', '-domain', 'player1@evil.com', '-login', 'player1', '-password', 'secret'], {}],
  ])('%s: exit 2, a clear line, no request, no session file', async (_name, args, extraEnv) => {
    const before = fake.requests.length;
    const run = await encli(args as string[], { ...env, ...(extraEnv as Record<string, string>) });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/is not usable as the Encounter domain: it (has a path|contains a backslash|contains "@")/);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(fake.requests.length).toBe(before);
    await expect(readdir(join(home, 'config', 'encli'))).rejects.toThrow(/ENOENT/);
  });
});
