/**
 * The admin sessions a game copy runs on, from the logins `encli login` saved: the current
 * domain's (the target of every copy) and, on demand, another domain's own — never the current
 * domain's cookies sent elsewhere. `encli copy-game`, `encli inspect-game`, `encli mcp --admin`,
 * `encli chat` and `encli web` all open them here, and pass the result to the catalog's `admin`
 * option or straight to the copy.
 */
import type { CopySessions } from '../copy/copy-game.js';
import type { EncounterClientOptions } from '../engine/client.js';
import { SessionExpiredError } from '../engine/errors.js';
import { clientFromSavedSession } from '../engine/saved-client.js';
import { SessionStore } from '../engine/session-store.js';

export interface AdminSessionOptions {
  /** Where sessions are saved; default `$XDG_CONFIG_HOME/encli`. */
  store?: SessionStore;
  /** Extra client options per domain (a fake engine's base URL or fetch, pacing in tests). */
  clientOptions?: (domain: string) => Omit<EncounterClientOptions, 'domain' | 'cookies' | 'userAgent'>;
}

/**
 * The current domain's saved admin session plus an opener for other domains' saved sessions.
 * Throws SessionExpiredError when the current domain has no saved session.
 *
 * @example
 * ```ts
 * const sessions = await savedAdminSessions('tech.en.cx');
 * const catalog = createCatalog(engine, { policy: 'approve', admin: sessions });
 * ```
 */
export async function savedAdminSessions(currentDomain: string, options: AdminSessionOptions = {}): Promise<CopySessions> {
  const store = options.store ?? new SessionStore();
  const open = (domain: string) => clientFromSavedSession(domain, { ...options.clientOptions?.(domain), store });
  const target = (await open(currentDomain)).admin;
  return {
    target,
    openSource: async (domain) => {
      try {
        return (await open(domain)).admin;
      } catch (err) {
        // No saved session there: the copy words the remedy ("log into that domain first").
        if (err instanceof SessionExpiredError) return null;
        throw err;
      }
    },
  };
}

/** What a command's `--admin` flag needs to know. */
export interface AdminFlagSettings {
  /** The current domain: the target of every copy, signed in by `encli login`. */
  domain: string;
  /** `--demo`: the copy demo's two offline fake domains instead of saved logins. */
  demo: boolean;
  /** Engine base URL override (`ENCX_BASE_URL`) for the current domain. */
  baseUrl?: string;
}

/**
 * The sessions behind `--admin` of `encli mcp`, `encli chat` and `encli web`: the copy demo's two
 * fake domains with `--demo`, else the saved logins. Throws an Error that says how to sign in when
 * the current domain has none.
 *
 * @example
 * ```ts
 * const admin = await openAdminFlagSessions({ domain: 'tech.en.cx', demo: false });
 * const catalog = createCatalog(engine, { policy: 'approve', admin: admin.sessions });
 * await admin.close();
 * ```
 */
export async function openAdminFlagSessions(settings: AdminFlagSettings): Promise<{ sessions: CopySessions; close(): Promise<void> }> {
  if (settings.demo) return (await import('./copy-demo.js')).openCopyDemo();
  try {
    const sessions = await savedAdminSessions(settings.domain, { clientOptions: (d) => (d === settings.domain ? { baseUrl: settings.baseUrl } : {}) });
    return { sessions, close: async () => {} };
  } catch (err) {
    throw new Error(`--admin needs the saved session of ${settings.domain}: ${(err as Error).message}. Run "encli login -domain ${settings.domain}" first`);
  }
}
