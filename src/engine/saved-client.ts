/**
 * Opens the client of a domain from the session `encli login` saved, with the same User-Agent
 * the session is bound to. Surfaces (`encli mcp -domain …`, the agent) start here.
 */
import { EncounterClient, type EncounterClientOptions } from './client.js';
import { SessionExpiredError } from './errors.js';
import { SessionStore } from './session-store.js';

export interface SavedClientOptions extends Omit<EncounterClientOptions, 'domain' | 'cookies' | 'userAgent'> {
  /** Where sessions live; default `$XDG_CONFIG_HOME/encli`. */
  store?: SessionStore;
}

/**
 * The signed-in client of `domain`, or SessionExpiredError (naming the domain) when no
 * session was saved.
 *
 * @example
 * ```ts
 * const client = await clientFromSavedSession('tech.en.cx');
 * const games = await client.getGameList();
 * ```
 */
export async function clientFromSavedSession(domain: string, options: SavedClientOptions = {}): Promise<EncounterClient> {
  const { store = new SessionStore(), ...clientOptions } = options;
  const normalized = domain.trim().toLowerCase();
  const saved = await store.load(normalized);
  if (!saved || saved.cookies.length === 0) throw new SessionExpiredError(normalized, 'no saved session');
  return new EncounterClient({
    ...clientOptions,
    domain: normalized,
    cookies: saved.cookies,
    userAgent: saved.userAgent || undefined,
  });
}
