/**
 * `SessionStore`: saved engine sessions, one file per domain (docs/engine-contract.md, «Session cookies and
 * saved sessions»). Files hold
 * cookies (name/value), the login name and the User-Agent the session is bound to — never the
 * password. Written atomically (temp file, fsync, rename) with mode 0600 in a 0700 folder, so a
 * crash mid-write leaves the previous session intact; read only when the file is the user's own
 * and nobody else can write it (a session planted by another local user would sign the user in
 * as someone else, or leak what they do).
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PrivateFileError, configDir, readPrivateFile, writePrivateFile } from '../node/private-files.js';
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

/**
 * `$XDG_CONFIG_HOME/encli`, else `~/.config/encli`.
 *
 * @example
 * ```ts
 * defaultSessionDir({ XDG_CONFIG_HOME: '/x/cfg' }); // '/x/cfg/encli'
 * ```
 */
export const defaultSessionDir = configDir;

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

  /**
   * The saved session of a domain, or null when there is none (or it is not a session). A file
   * another user owns or can write is refused with an EncounterError saying so.
   */
  async load(domain: string): Promise<SavedSession | null> {
    let text: string | null;
    try {
      text = await readPrivateFile(this.pathFor(domain));
    } catch (err) {
      const why = err instanceof PrivateFileError ? err.message : (err as Error).message;
      throw new EncounterError(`cannot use the saved session for ${domain}: ${why}`, { cause: err });
    }
    if (text === null || text.length > MAX_SESSION_FILE_BYTES) return null;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return null;
    }
    return toSession(data, domain);
  }

  /** Save atomically with mode 0600 (folder 0700, tightened when it was open to others). */
  async save(session: SavedSession): Promise<string> {
    const target = this.pathFor(session.domain);
    const record: SavedSession = {
      domain: session.domain,
      login: session.login,
      userAgent: session.userAgent,
      cookies: session.cookies.map(({ name, value }) => ({ name, value })),
      savedAt: session.savedAt,
    };
    try {
      await writePrivateFile(target, JSON.stringify(record, null, 2) + '\n');
    } catch (err) {
      if (err instanceof PrivateFileError) throw new EncounterError(`cannot save the session for ${session.domain}: ${err.message}`, { cause: err });
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
