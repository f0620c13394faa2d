/**
 * The one parser for the Encounter domain a user names (`-domain`, `ENCX_DOMAIN`). The domain
 * becomes the sign-in URL `https://<domain>/…` and the session file name, so anything beyond a
 * bare host name — a path, user-info, a port, a backslash that some URL parsers read as a slash —
 * would send the password to another host. `evil.com/tech.en.cx` is refused, not "cleaned".
 */
import { EncounterError } from './errors.js';

/**
 * The zones Encounter's own sites live in. `quest.ua` is left out on purpose: it is deprecated
 * (its sites moved to `*.en.cx`), and a lapsed zone is exactly where a look-alike would appear.
 */
export const ENCOUNTER_ZONES: readonly string[] = ['en.cx', 'encounter.cx', 'encounter.ru', 'en-world.org'];

/** A domain the user gave cannot be used; the message says why and what to pass instead. */
export class InvalidDomainError extends EncounterError {
  override name = 'InvalidDomainError';
  constructor(readonly input: string, reason: string) {
    super(`"${printable(input)}" is not usable as the Encounter domain: ${reason}`);
  }
}

export interface ParseDomainOptions {
  /**
   * Accept a host outside Encounter's zones (a self-hosted or future Encounter site, a local test
   * server). Without it such a host is refused with a line naming the flag that allows it.
   */
  allowOtherHosts?: boolean;
  /** How the caller's "allow other hosts" switch is spelled, for the refusal message. */
  allowFlag?: string;
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const EXAMPLE = 'pass the site host only, e.g. tech.en.cx';

/**
 * The lower-cased host name, or InvalidDomainError saying what is wrong.
 *
 * @example
 * ```ts
 * parseDomain(' Tech.En.Cx ');                                // 'tech.en.cx'
 * parseDomain('evil.com/tech.en.cx');                         // throws: it has a path
 * parseDomain('quest.example');                               // throws: not an Encounter site
 * parseDomain('quest.example', { allowOtherHosts: true });    // 'quest.example'
 * ```
 */
export function parseDomain(input: string, options: ParseDomainOptions = {}): string {
  const raw = input.trim();
  const fail = (reason: string): never => {
    throw new InvalidDomainError(input, reason);
  };
  if (raw === '') fail(`it is empty; ${EXAMPLE}`);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) fail(`it is a URL; ${EXAMPLE}, without "${raw.slice(0, raw.indexOf(':') + 3)}"`);
  if (raw.includes('\\')) fail(`it contains a backslash; ${EXAMPLE}`);
  if (raw.includes('@')) fail(`it contains "@" (user-info before a host); ${EXAMPLE}`);
  if (/[/?#]/.test(raw)) fail(`it has a path, query or fragment after the host; ${EXAMPLE}`);
  if (raw.includes(':') || raw.startsWith('[')) fail(`it has a port or is an IPv6 address; ${EXAMPLE} (a local server is reached through ENCX_BASE_URL)`);
  if (/[\s\p{Cc}\p{Cf}]/u.test(raw)) fail(`it contains spaces or invisible characters; ${EXAMPLE}`);
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7f]/.test(raw)) fail(`it contains non-ASCII letters; Encounter hosts are plain ASCII names (use the xn-- form for an international name)`);
  const host = raw.toLowerCase().replace(/\.$/, '');
  if (host.length > 253) fail('it is longer than a host name may be (253 characters)');
  const labels = host.split('.');
  if (labels.some((label) => !LABEL.test(label))) {
    fail(`a host name is dot-separated labels of letters, digits and inner hyphens; ${EXAMPLE}`);
  }
  // URL parsers read a name whose last label is a number (`8080`, `0x7f000001`, `127.1`) as an
  // IPv4 address in some shorthand; only the plain dotted form says what it means.
  if (/^(?:0x[0-9a-f]*|\d+)$/.test(labels.at(-1)!) && !isDottedQuad(host)) {
    fail(`it reads as a number or a shortened IP address; ${EXAMPLE}`);
  }
  if (!options.allowOtherHosts && encounterZoneOf(host) === null) {
    const flag = options.allowFlag ?? 'the option that allows other hosts';
    fail(
      `${host} is not an Encounter site (Encounter runs on ${ENCOUNTER_ZONES.map((z) => `*.${z}`).join(', ')}). ` +
        `If it really is one, pass ${flag}`,
    );
  }
  return host;
}

/**
 * The Encounter zone a host belongs to (a name under it, not the zone itself), or null.
 *
 * @example
 * ```ts
 * encounterZoneOf('tech.en.cx');        // 'en.cx'
 * encounterZoneOf('tech.en.cx.evil.com'); // null
 * ```
 */
export function encounterZoneOf(host: string): string | null {
  return ENCOUNTER_ZONES.find((zone) => host.endsWith('.' + zone) && host.length > zone.length + 1) ?? null;
}

function isDottedQuad(host: string): boolean {
  const parts = host.split('.');
  return parts.length === 4 && parts.every((p) => /^(?:0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

/** Control and invisible characters escaped, so the message shows what was really typed. */
function printable(text: string): string {
  const shown = text.length > 80 ? text.slice(0, 80) + '…' : text;
  return shown.replace(/[\p{Cc}\p{Cf}]/gu, (ch) => `\\u{${ch.codePointAt(0)!.toString(16)}}`);
}
