/**
 * `encli mcp` settings and authentication, in-process: flags in both spellings, the environment
 * fallbacks, the policy parser, and the session order (saved session, else sign in and save, else
 * a message saying how to sign in) against a real HTTP sign-in endpoint on 127.0.0.1.
 */
import fc from 'fast-check';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpStartupError, openEngineClient, parsePolicy, resolveMcpSettings } from '../../src/cli/mcp.js';
import { UsageError } from '../../src/cli/flags.js';
import { SessionStore } from '../../src/engine/index.js';

describe('parsePolicy', () => {
  it('defaults to readonly for an absent, empty or blank value', () => {
    expect(parsePolicy(undefined)).toBe('readonly');
    expect(parsePolicy('')).toBe('readonly');
    expect(parsePolicy('   ')).toBe('readonly');
  });

  it('accepts the three policies, trimmed and in any case', () => {
    expect(parsePolicy('readonly')).toBe('readonly');
    expect(parsePolicy('approve')).toBe('approve');
    expect(parsePolicy('  full  ')).toBe('full');
    expect(parsePolicy('FULL')).toBe('full');
  });

  it('rejects anything else with a usage error naming the choices', () => {
    expect(() => parsePolicy('yolo')).toThrow(UsageError);
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const normal = raw.trim().toLowerCase();
        fc.pre(normal !== '' && !['readonly', 'approve', 'full'].includes(normal));
        expect(() => parsePolicy(raw)).toThrow(/use readonly, approve or full/);
      }),
    );
  });
});

describe('resolveMcpSettings', () => {
  it('reads Go-style single-dash flags as PicoClaw passes them', () => {
    expect(resolveMcpSettings(['-domain', 'Tech.En.Cx', '-security', 'approve', '-login', 'me', '-password', ' p w '], {})).toEqual({
      domain: 'tech.en.cx',
      policy: 'approve',
      demo: false,
      login: 'me',
      password: ' p w ',
      baseUrl: undefined,
    });
  });

  it('reads the double-dash and = forms', () => {
    expect(resolveMcpSettings(['--domain=svk.en.cx', '--security=full', '--demo'], {})).toMatchObject({
      domain: 'svk.en.cx',
      policy: 'full',
      demo: true,
    });
  });

  it('falls back to the environment, with flags taking precedence', () => {
    const env = { ENCX_DOMAIN: 'env.en.cx', ENCX_LOGIN: 'envuser', ENCX_PASSWORD: 'envpass', ENCX_BASE_URL: 'http://127.0.0.1:9' };
    expect(resolveMcpSettings([], env)).toEqual({
      domain: 'env.en.cx',
      policy: 'readonly',
      demo: false,
      login: 'envuser',
      password: 'envpass',
      baseUrl: 'http://127.0.0.1:9',
    });
    expect(resolveMcpSettings(['-domain', 'flag.en.cx'], env)).toMatchObject({ domain: 'flag.en.cx' });
  });

  it('defaults to tech.en.cx and readonly', () => {
    expect(resolveMcpSettings([], {})).toMatchObject({ domain: 'tech.en.cx', policy: 'readonly' });
  });

  it.each([
    [['-bogus'], /unknown flag -bogus/],
    [['-security', 'yolo'], /invalid -security value "yolo"/],
    [['-domain'], /needs a value/],
    [['-login', 'me'], /-login and -password go together/],
    [['stray'], /unexpected argument "stray"/],
  ])('%j is a usage error', (argv, message) => {
    expect(() => resolveMcpSettings(argv, {})).toThrow(UsageError);
    expect(() => resolveMcpSettings(argv, {})).toThrow(message);
  });

  it('-h and --help ask for help', () => {
    expect(resolveMcpSettings(['-h'], {})).toBe('help');
    expect(resolveMcpSettings(['--help'], {})).toBe('help');
  });
});

describe('openEngineClient', () => {
  let server: Server;
  let baseUrl: string;
  const signIns: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (req.url?.startsWith('/login/signin')) {
          signIns.push(body);
          res.setHeader('Set-Cookie', ['GUID=g1; Path=/', 'atoken=t1; Path=/; HttpOnly']);
          res.setHeader('Content-Type', 'application/json');
          res.end(JSON.stringify({ Error: 0, Message: '' }));
          return;
        }
        res.statusCode = 404;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const freshStore = () => new SessionStore(mkdtempSync(join(tmpdir(), 'encli-mcp-sessions-')));

  it('without a session or credentials, says how to sign in', async () => {
    const settings = { domain: 'tech.en.cx', policy: 'readonly', demo: false } as const;
    await expect(openEngineClient(settings, freshStore())).rejects.toThrow(McpStartupError);
    await expect(openEngineClient(settings, freshStore())).rejects.toThrow('encli login -domain tech.en.cx');
  });

  it('uses the saved session without signing in', async () => {
    const store = freshStore();
    await store.save({ domain: 'tech.en.cx', login: 'me', userAgent: 'ua/1', cookies: [{ name: 'GUID', value: 'saved' }], savedAt: '' });
    const before = signIns.length;
    const client = await openEngineClient({ domain: 'tech.en.cx', policy: 'readonly', demo: false, login: 'x', password: 'y', baseUrl }, store);
    expect(client.exportCookies()).toEqual([{ name: 'GUID', value: 'saved' }]);
    expect(client.userAgent).toBe('ua/1');
    expect(signIns.length).toBe(before);
  });

  it('signs in with the credentials and saves the session', async () => {
    const store = freshStore();
    await openEngineClient({ domain: 'tech.en.cx', policy: 'readonly', demo: false, login: 'player', password: 'secret', baseUrl }, store);
    expect(signIns.at(-1)).toContain('Login=player');
    const saved = await store.load('tech.en.cx');
    expect(saved?.login).toBe('player');
    expect(saved?.cookies.map((c) => c.name).sort()).toEqual(['GUID', 'atoken']);
  });
});
