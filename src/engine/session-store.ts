/**
 * `SessionStore`: saved engine sessions, one file per domain (encounter-api.md §2.6). Files hold
 * cookies (name/value), the login name and the User-Agent the session is bound to — never the
 * password. Written atomically (temp file, fsync, rename) with mode 0600, so a crash mid-write
 * leaves the previous session intact.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, chmod } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { PlainCookie } from './cookie-jar.js';
import { EncounterError } from './errors.js';

export interface SavedSession {
  domain: string;
  login: string;
  userAgent: string;
  cookies: PlainCookie[];
  /** ISO time of the save. */
  savedAt: string;
}

/** 64 KiB: a session file is a few hundred bytes; anything larger is not ours. */
const MAX_SESSION_FILE_BYTES = 64 * 1024;

/** `$XDG_CONFIG_HOME/encli`, else `~/.config/encli`. */
export function defaultSessionDir(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CONFIG_HOME;
  return join(xdg && xdg.trim() !== '' ? xdg : join(homedir(), '.config'), 'encli');
}

/** Normalise a domain the way the reference names files: lower-case, port kept, `/` and `:` → `_`. */
export function sessionFileName(domain: string): string {
  const host = domain.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/\/+$/, '');
  if (host === '' || host === '.' || host === '..') throw new EncounterError(`"${domain}" is not a domain name`);
  return `${host.replace(/[/:\\]/g, '_')}.json`;
}

/**
 * @example
 * ```ts
 * const store = new SessionStore();
 * await store.save({ domain: 'tech.en.cx', login: 'me', userAgent: ua, cookies, savedAt: new Date().toISOString() });
 * const saved = await store.load('tech.en.cx'); // null when never logged in
 * ```
 */
export class SessionStore {
  readonly dir: string;

  constructor(dir?: string) {
    this.dir = dir ?? defaultSessionDir();
  }

  pathFor(domain: string): string {
    return join(this.dir, sessionFileName(domain));
  }

  /** The saved session of a domain, or null when there is none (or it is unreadable). */
  async load(domain: string): Promise<SavedSession | null> {
    let text: string;
    try {
      const buf = await readFile(this.pathFor(domain));
      if (buf.byteLength > MAX_SESSION_FILE_BYTES) return null;
      text = buf.toString('utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new EncounterError(`cannot read the saved session for ${domain}: ${(err as Error).message}`);
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return null;
    }
    return toSession(data, domain);
  }

  /** Save atomically with mode 0600 (directory 0700). */
  async save(session: SavedSession): Promise<string> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const target = this.pathFor(session.domain);
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    const record: SavedSession = {
      domain: session.domain,
      login: session.login,
      userAgent: session.userAgent,
      cookies: session.cookies.map(({ name, value }) => ({ name, value })),
      savedAt: session.savedAt,
    };
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(JSON.stringify(record, null, 2) + '\n', 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      // The umask may have narrowed the mode further, never widened it; make it exactly 0600.
      await chmod(temp, 0o600);
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    return target;
  }

  /** Remove a domain's session; resolves false when there was none. */
  async remove(domain: string): Promise<boolean> {
    const path = this.pathFor(domain);
    try {
      await rm(path);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }
}

function toSession(data: unknown, domain: string): SavedSession | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  if (!Array.isArray(d.cookies)) return null;
  const cookies = d.cookies
    .filter((c): c is PlainCookie => typeof c === 'object' && c !== null && typeof (c as PlainCookie).name === 'string' && typeof (c as PlainCookie).value === 'string')
    .map(({ name, value }) => ({ name, value }));
  return {
    domain: typeof d.domain === 'string' ? d.domain : domain,
    login: typeof d.login === 'string' ? d.login : '',
    userAgent: typeof d.userAgent === 'string' && d.userAgent !== '' ? d.userAgent : '',
    cookies,
    savedAt: typeof d.savedAt === 'string' ? d.savedAt : '',
  };
}
