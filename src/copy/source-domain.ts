/**
 * Which Encounter domain a copy reads from. The value comes from a model or a user, so it is
 * held to one shape: `<label>.en.cx`, optionally written as an http(s) origin. Anything that could
 * point a signed-in session elsewhere (another host, user-info, a port, a path) is refused.
 */

/** The one refusal text, so every surface reports a bad source domain alike. */
export const SOURCE_DOMAIN_ERROR = 'source_domain must be an Encounter hostname such as svk.en.cx';

export class SourceDomainError extends Error {
  override readonly name = 'SourceDomainError';
  constructor() {
    super(SOURCE_DOMAIN_ERROR);
  }
}

/** `scheme://authority[/]`: the authority may not hold a path, query or fragment. */
const ORIGIN = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)\/?$/;
/** A single DNS label under en.cx; no leading or trailing hyphen. */
const ENCOUNTER_HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.en\.cx$/;

/**
 * The source domain to read from: empty or the current domain (any case) means the current one;
 * otherwise a lower-cased `<label>.en.cx`. Throws SourceDomainError for anything else.
 *
 * @example
 * ```ts
 * resolveSourceDomain('https://SVK.en.cx/', 'tech.en.cx'); // 'svk.en.cx'
 * resolveSourceDomain('', 'tech.en.cx');                   // 'tech.en.cx'
 * resolveSourceDomain('svk.en.cx.evil.example', 'tech.en.cx'); // throws
 * ```
 */
export function resolveSourceDomain(raw: string | undefined, currentDomain: string): string {
  const current = currentDomain.trim().toLowerCase();
  const text = (raw ?? '').trim();
  if (text === '' || text.toLowerCase() === current) return current;
  const match = ORIGIN.exec(text.includes('://') ? text : `https://${text}`);
  if (!match) throw new SourceDomainError();
  const scheme = match[1]!.toLowerCase();
  const authority = match[2]!;
  // User-info (`user@host`) and ports (`host:8080`) never belong to a source domain.
  if (scheme !== 'https' && scheme !== 'http') throw new SourceDomainError();
  if (authority.includes('@') || authority.includes(':')) throw new SourceDomainError();
  const host = authority.toLowerCase();
  if (!ENCOUNTER_HOST.test(host)) throw new SourceDomainError();
  return host;
}
