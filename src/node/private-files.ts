/**
 * Private files under the user's config folder (LLM settings, credentials): a 0700 folder that
 * belongs to the user, 0600 files written atomically (a crash never leaves half a key behind).
 */
import { chmod, lstat, mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * `$XDG_CONFIG_HOME/encli`, or `~/.config/encli`.
 *
 * @example
 * ```ts
 * configDir({ XDG_CONFIG_HOME: '/tmp/x' }); // '/tmp/x/encli'
 * ```
 */
export function configDir(env: Record<string, string | undefined> = process.env): string {
  const xdg = env.XDG_CONFIG_HOME?.trim();
  return join(xdg ? xdg : join(homedir(), '.config'), 'encli');
}

/** Creates the folder (0700) if needed; refuses one owned by another user or open to others. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const info = await lstat(dir);
  if (!info.isDirectory()) throw new Error(`${dir} is not a folder`);
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  if (uid !== undefined && info.uid !== uid) throw new Error(`${dir} belongs to another user (uid ${info.uid}); refusing to keep private files there`);
  if ((info.mode & 0o077) !== 0) await chmod(dir, 0o700);
}

/** The file's text, or null when it does not exist. */
export async function readPrivateFile(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Writes through a 0600 temporary file renamed over the target. */
export async function writePrivateFile(path: string, text: string): Promise<void> {
  await ensurePrivateDir(dirname(path));
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, path);
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw err;
  }
}
