import { execFileSync } from 'node:child_process';
import { chmod, chown, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionStore, defaultSessionDir, sessionFileName, type SavedSession } from '../../src/engine/session-store.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'encli-sessions-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const session = (over: Partial<SavedSession> = {}): SavedSession => ({
  domain: 'tech.en.cx',
  login: 'player1',
  userAgent: 'encx-agenttools/test',
  cookies: [
    { name: 'atoken', value: 'uid%3D1' },
    { name: 'stoken', value: 'abc' },
  ],
  savedAt: '2026-11-29T00:00:00.000Z',
  ...over,
});

describe('SessionStore', () => {
  it('round-trips cookies, login and User-Agent in <domain>.json with mode 0600', async () => {
    const store = new SessionStore(join(dir, 'encli'));
    const path = await store.save(session());
    expect(path).toBe(join(dir, 'encli', 'tech.en.cx.json'));
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'encli'))).mode & 0o777).toBe(0o700);
    expect(await store.load('TECH.en.cx')).toEqual(session());
  });

  it('never writes a password, even if one is smuggled into the record', async () => {
    const store = new SessionStore(dir);
    const path = await store.save({ ...session(), password: 'hunter2' } as SavedSession);
    const text = await readFile(path, 'utf8');
    expect(text).not.toContain('hunter2');
    expect(Object.keys(JSON.parse(text)).sort()).toEqual(['cookies', 'domain', 'login', 'savedAt', 'userAgent']);
  });

  it('survives a crash mid-write: a temp file that was never renamed leaves the old session intact', async () => {
    const store = new SessionStore(dir);
    const path = await store.save(session({ cookies: [{ name: 'stoken', value: 'old' }] }));
    // Simulate the crash: the next save got as far as a partial temp file, then died before rename.
    await writeFile(`${path}.deadbeef0000.tmp`, '{"domain":"tech.en.cx","cook', { mode: 0o600 });
    const loaded = await store.load('tech.en.cx');
    expect(loaded!.cookies).toEqual([{ name: 'stoken', value: 'old' }]);
    // A later save still succeeds and replaces the session atomically.
    await store.save(session({ cookies: [{ name: 'stoken', value: 'new' }] }));
    expect((await store.load('tech.en.cx'))!.cookies).toEqual([{ name: 'stoken', value: 'new' }]);
    expect((await readdir(dir)).filter((f) => f.endsWith('.json'))).toEqual(['tech.en.cx.json']);
  });

  it('save leaves no temp file behind and overwrites atomically', async () => {
    const store = new SessionStore(dir);
    await store.save(session());
    await store.save(session({ login: 'player2' }));
    expect(await readdir(dir)).toEqual(['tech.en.cx.json']);
    expect((await store.load('tech.en.cx'))!.login).toBe('player2');
  });

  it('keeps domains apart; ports become _ in the file name', async () => {
    const store = new SessionStore(dir);
    await store.save(session({ domain: '127.0.0.1:18080', login: 'local' }));
    await store.save(session({ domain: 'svk.en.cx', login: 'svk' }));
    expect(sessionFileName('127.0.0.1:18080')).toBe('127.0.0.1_18080.json');
    expect((await store.load('127.0.0.1:18080'))!.login).toBe('local');
    expect((await store.load('svk.en.cx'))!.login).toBe('svk');
    expect(await store.load('tech.en.cx')).toBeNull();
  });

  it('remove deletes the file and reports whether one existed', async () => {
    const store = new SessionStore(dir);
    await store.save(session());
    expect(await store.remove('tech.en.cx')).toBe(true);
    expect(await store.remove('tech.en.cx')).toBe(false);
    expect(await store.load('tech.en.cx')).toBeNull();
  });

  it('a corrupt or foreign file loads as null instead of throwing', async () => {
    const store = new SessionStore(dir);
    await writeFile(join(dir, 'tech.en.cx.json'), 'not json at all');
    expect(await store.load('tech.en.cx')).toBeNull();
    await writeFile(join(dir, 'tech.en.cx.json'), JSON.stringify({ cookies: 'nope' }));
    expect(await store.load('tech.en.cx')).toBeNull();
  });

  it('refuses path tricks in the domain', () => {
    expect(sessionFileName('../etc/passwd')).not.toContain('/');
    expect(() => sessionFileName('..')).toThrow(/not a domain/);
  });

  it('defaults to $XDG_CONFIG_HOME/encli, else ~/.config/encli', () => {
    expect(defaultSessionDir({ XDG_CONFIG_HOME: '/x/cfg' })).toBe('/x/cfg/encli');
    expect(defaultSessionDir({})).toMatch(/\.config\/encli$/);
  });

  it('tightens a session folder made with `mkdir -m 777` to 0700 on save', async () => {
    const folder = join(dir, 'encli');
    execFileSync('mkdir', ['-m', '777', folder]);
    await new SessionStore(folder).save(session());
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
  });

  // Handing a file to another user needs root; as anyone else this case cannot be set up.
  it.skipIf(process.getuid?.() !== 0)('refuses a session file planted by another user, saying whose it is', async () => {
    const store = new SessionStore(dir);
    const planted = join(dir, 'tech.en.cx.json');
    await writeFile(planted, JSON.stringify(session({ login: 'attacker' })), { mode: 0o600 });
    await chown(planted, 65534, 65534);
    await expect(store.load('tech.en.cx')).rejects.toThrow(
      /cannot use the saved session for tech\.en\.cx: .*belongs to another user \(uid 65534, you are 0\); it was not read/,
    );
  });

  it('refuses a session file anyone can rewrite', async () => {
    const store = new SessionStore(dir);
    const path = await store.save(session());
    await chmod(path, 0o666);
    await expect(store.load('tech.en.cx')).rejects.toThrow(/can be changed by other users \(mode 0666\)/);
  });
});
