/**
 * The private config folder and its files, attacked the way another local user would: a folder
 * left `chmod 777`, a file planted by someone else, a file anyone can rewrite, a symbolic link.
 */
import { chmod, chown, lstat, mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PrivateFileError, configDir, ensurePrivateDir, readPrivateFile, readPrivateFileSync, writePrivateFile } from '../../src/node/private-files.js';

/** Handing a file to another user needs root; as anyone else those cases cannot be set up. */
const AS_ROOT = process.getuid?.() === 0;
/** The conventional unprivileged account. */
const NOBODY = 65534;

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'encli-private-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const modeOf = async (path: string): Promise<number> => (await stat(path)).mode & 0o777;

describe('configDir', () => {
  it('is $XDG_CONFIG_HOME/encli, else ~/.config/encli; a relative XDG_CONFIG_HOME is ignored', () => {
    expect(configDir({ XDG_CONFIG_HOME: '/x/cfg' })).toBe('/x/cfg/encli');
    expect(configDir({})).toMatch(/\/\.config\/encli$/);
    expect(configDir({ XDG_CONFIG_HOME: '  ' })).toMatch(/\/\.config\/encli$/);
    expect(configDir({ XDG_CONFIG_HOME: 'relative/cfg' })).toMatch(/\/\.config\/encli$/);
  });
});

describe('ensurePrivateDir', () => {
  it('creates missing folders with mode 0700', async () => {
    const dir = join(root, 'a', 'encli');
    await ensurePrivateDir(dir);
    expect(await modeOf(dir)).toBe(0o700);
  });

  it('tightens a pre-existing `mkdir -m 777` folder to 0700', async () => {
    const dir = join(root, 'encli');
    execFileSync('mkdir', ['-m', '777', dir]);
    expect(await modeOf(dir)).toBe(0o777);
    await ensurePrivateDir(dir);
    expect(await modeOf(dir)).toBe(0o700);
  });

  it('refuses a file where the folder should be', async () => {
    const path = join(root, 'encli');
    await writeFile(path, 'x');
    await expect(ensurePrivateDir(path)).rejects.toThrow(/is not a folder/);
  });

  it.skipIf(!AS_ROOT)('refuses a folder owned by another user and leaves it as it is', async () => {
    const dir = join(root, 'encli');
    await mkdir(dir, { mode: 0o777 });
    await chmod(dir, 0o777);
    await chown(dir, NOBODY, NOBODY);
    const attempt = ensurePrivateDir(dir);
    await expect(attempt).rejects.toBeInstanceOf(PrivateFileError);
    await expect(attempt).rejects.toThrow(/belongs to another user \(uid 65534, you are 0\).*XDG_CONFIG_HOME/);
    expect(await modeOf(dir)).toBe(0o777);
  });
});

describe('readPrivateFile', () => {
  it('is null for a missing file and the text for our own 0600 file', async () => {
    const path = join(root, 'x.json');
    expect(await readPrivateFile(path)).toBeNull();
    await writeFile(path, 'hello', { mode: 0o600 });
    expect(await readPrivateFile(path)).toBe('hello');
  });

  it.skipIf(!AS_ROOT)('refuses a file planted by another user, even in our own folder', async () => {
    const path = join(root, 'tech.en.cx.json');
    await writeFile(path, '{"cookies":[{"name":"stoken","value":"attacker"}]}', { mode: 0o600 });
    await chown(path, NOBODY, NOBODY);
    await expect(readPrivateFile(path)).rejects.toThrow(/belongs to another user \(uid 65534, you are 0\); it was not read/);
  });

  it.each([0o666, 0o620, 0o602])('refuses our own file when others can write it (mode %o)', async (mode) => {
    const path = join(root, 'x.json');
    await writeFile(path, 'x');
    await chmod(path, mode);
    await expect(readPrivateFile(path)).rejects.toThrow(/can be changed by other users \(mode 0\d+\).*not read/);
  });

  it('narrows our own file that others could only read to 0600, then reads it', async () => {
    const path = join(root, 'x.json');
    await writeFile(path, 'x');
    await chmod(path, 0o644);
    expect(await readPrivateFile(path)).toBe('x');
    expect(await modeOf(path)).toBe(0o600);
  });

  it('refuses a symbolic link in place of the file, and a folder', async () => {
    const target = join(root, 'elsewhere.json');
    await writeFile(target, 'x', { mode: 0o600 });
    const link = join(root, 'tech.en.cx.json');
    await symlink(target, link);
    await expect(readPrivateFile(link)).rejects.toThrow(/is a symbolic link/);
    await mkdir(join(root, 'dir.json'));
    await expect(readPrivateFile(join(root, 'dir.json'))).rejects.toThrow(/not a plain file/);
  });
});

describe('readPrivateFileSync', () => {
  it('reads as readPrivateFile does, without a thread-pool round trip (the answer is there at once)', async () => {
    const path = join(root, 'x.json');
    expect(readPrivateFileSync(path)).toBeNull();
    await writeFile(path, 'hello', { mode: 0o600 });
    expect(readPrivateFileSync(path)).toBe('hello');
  });

  it.skipIf(process.platform === 'win32')('refuses a FIFO in place of the file at once, instead of blocking in open()', () => {
    const path = join(root, 'tech.en.cx.json');
    execFileSync('mkfifo', ['-m', '600', path]);
    expect(() => readPrivateFileSync(path)).toThrow(/not a plain file/);
  });
});

describe('writePrivateFile', () => {
  it('writes 0600 in a 0700 folder it creates, atomically, leaving no temp file', async () => {
    const dir = join(root, 'encli');
    const path = join(dir, 'tech.en.cx.json');
    await writePrivateFile(path, 'one');
    await writePrivateFile(path, 'two');
    expect(await readPrivateFile(path)).toBe('two');
    expect(await modeOf(path)).toBe(0o600);
    expect(await modeOf(dir)).toBe(0o700);
    expect(await readdir(dir)).toEqual(['tech.en.cx.json']);
  });

  it('replaces a link planted at the path instead of writing through it', async () => {
    const target = join(root, 'victim.txt');
    await writeFile(target, 'untouched');
    const dir = join(root, 'encli');
    await mkdir(dir, { mode: 0o700 });
    await symlink(target, join(dir, 'tech.en.cx.json'));
    await writePrivateFile(join(dir, 'tech.en.cx.json'), 'session');
    expect((await lstat(join(dir, 'tech.en.cx.json'))).isFile()).toBe(true);
    expect(await readPrivateFile(target)).toBe('untouched');
  });

  it.skipIf(!AS_ROOT)('refuses to write into a folder owned by another user', async () => {
    const dir = join(root, 'encli');
    await mkdir(dir);
    await chown(dir, NOBODY, NOBODY);
    await expect(writePrivateFile(join(dir, 'x.json'), 'x')).rejects.toThrow(/belongs to another user/);
    expect(await readdir(dir)).toEqual([]);
  });
});
