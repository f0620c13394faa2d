/**
 * The user's private config folder (`~/.config/encli`) and the files in it: saved sessions and
 * anything else that must not be read or planted by another local user. The folder is made (or
 * tightened to) 0700, files are written 0600 atomically, and a file is trusted only when it
 * belongs to the current user and nobody else can write it — a folder that was once
 * `chmod 777` may still hold a file another user planted.
 *
 * Decisions: a pre-existing folder of ours with group/other bits is tightened to 0700 (the user
 * asked for a private folder; refusing would only make them do the chmod by hand); a folder or
 * file owned by someone else is refused, never "fixed", because we cannot know what was put in it.
 * On systems without POSIX owners (Windows) the owner and mode checks are skipped.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fchmodSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { chmod, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join } from 'node:path';

/** A private folder or file that cannot be trusted or used; the message says what to do. */
export class PrivateFileError extends Error {
  override name = 'PrivateFileError';
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * `$XDG_CONFIG_HOME/encli`, else `~/.config/encli`. A relative XDG_CONFIG_HOME is ignored, as the
 * XDG spec says: it would move with the working directory.
 *
 * @example
 * ```ts
 * configDir({ XDG_CONFIG_HOME: '/home/me/.cfg' }); // '/home/me/.cfg/encli'
 * ```
 */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CONFIG_HOME?.trim();
  return join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.config'), 'encli');
}

/**
 * Creates the folder (and its parents) with mode 0700; a folder of ours that is open to the group
 * or others is tightened to 0700; a folder owned by another user, or not a folder, is refused.
 *
 * @example
 * ```ts
 * await ensurePrivateDir(configDir());
 * ```
 */
export async function ensurePrivateDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  } catch (err) {
    // EEXIST from a recursive mkdir means something that is not a folder holds the name.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const info = await stat(dir);
  if (!info.isDirectory()) throw new PrivateFileError(dir, `${dir} is not a folder; move it away so encli can keep its private files there`);
  const uid = currentUid();
  if (uid === null) return;
  if (info.uid !== uid) {
    throw new PrivateFileError(
      dir,
      `${dir} belongs to another user (uid ${info.uid}, you are ${uid}), so nothing in it can be trusted; ` +
        `remove it, or set XDG_CONFIG_HOME to a folder of your own`,
    );
  }
  if ((info.mode & 0o077) !== 0) await chmod(dir, 0o700);
}

/**
 * The file's text, or null when it does not exist. Refuses (PrivateFileError) a file that belongs
 * to another user, that the group or others can write, a symbolic link, or anything but a plain
 * file. A file of ours that others could only read is narrowed to 0600 before it is read.
 *
 * @example
 * ```ts
 * const text = await readPrivateFile(join(configDir(), 'tech.en.cx.json')); // null if never saved
 * ```
 */
export async function readPrivateFile(path: string): Promise<string | null> {
  return readPrivateFileSync(path);
}

/**
 * `readPrivateFile` with blocking calls, which both use. These files are small (a session, a
 * credential, a key), so the four calls take ~0.3 ms; through fs/promises each is a thread-pool
 * round trip, and on a loaded 2-core machine the four took a median 5 ms (up to 47 ms) — time
 * `encli mcp` spent waiting for its saved session before it could answer `initialize`.
 *
 * @example
 * ```ts
 * const text = readPrivateFileSync(join(configDir(), 'tech.en.cx.json')); // null if never saved
 * ```
 */
export function readPrivateFileSync(path: string): string | null {
  let fd: number;
  try {
    // O_NOFOLLOW: a link planted in place of the file must not redirect the read.
    // O_NONBLOCK: a FIFO planted there must not block the process in open() (it is refused below).
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'ELOOP' || code === 'EMLINK') {
      throw new PrivateFileError(path, `${path} is a symbolic link, not a file encli wrote; it was not read. Remove it`);
    }
    throw err;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) throw new PrivateFileError(path, `${path} is not a plain file; it was not read. Remove it`);
    const uid = currentUid();
    if (uid !== null) {
      if (info.uid !== uid) {
        throw new PrivateFileError(
          path,
          `${path} belongs to another user (uid ${info.uid}, you are ${uid}); it was not read. Remove it and save it again`,
        );
      }
      if ((info.mode & 0o022) !== 0) {
        throw new PrivateFileError(
          path,
          `${path} can be changed by other users (mode ${octal(info.mode)}), so it may have been replaced; ` +
            `it was not read. Remove it and save it again`,
        );
      }
      if ((info.mode & 0o077) !== 0) fchmodSync(fd, 0o600);
    }
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes the file atomically with mode 0600 inside a private folder (made or checked first): a
 * temp file in the same folder, fsync, rename — a crash leaves either the old or the new text.
 *
 * @example
 * ```ts
 * await writePrivateFile(join(configDir(), 'tech.en.cx.json'), JSON.stringify(session));
 * ```
 */
export async function writePrivateFile(path: string, text: string): Promise<void> {
  const dir = dirname(path);
  await ensurePrivateDir(dir);
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', 0o600);
  try {
    try {
      await handle.writeFile(text, 'utf8');
      // The umask may have narrowed the mode further, never widened it; make it exactly 0600.
      await handle.chmod(0o600);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
  await syncDir(dir);
}

/** The rename is durable only once the folder's entry is on disk; best effort where folders cannot be opened. */
async function syncDir(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, constants.O_RDONLY);
    await handle.sync();
  } catch {
    // Some systems (Windows) cannot fsync a folder; the data itself is already synced.
  } finally {
    await handle?.close();
  }
}

function currentUid(): number | null {
  return typeof process.getuid === 'function' ? process.getuid() : null;
}

function octal(mode: number): string {
  return '0' + (mode & 0o777).toString(8);
}
