/**
 * The Encounter domain a command talks to: the flag, else ENCX_DOMAIN, else tech.en.cx — the same
 * default for every command (`encli login` alone signs in where `encli mcp` alone serves).
 */
import { UsageError } from './flags.js';

/** The domain when neither `--domain` nor ENCX_DOMAIN names one. */
export const DEFAULT_DOMAIN = 'tech.en.cx';

/**
 * The host, lower-cased and checked; a URL or a path is refused with what to pass instead.
 *
 * @example
 * ```ts
 * resolveDomain(undefined, {}); // 'tech.en.cx'
 * resolveDomain('SVK.en.cx', {}); // 'svk.en.cx'
 * ```
 */
export function resolveDomain(flag: string | boolean | undefined, env: NodeJS.ProcessEnv): string {
  const given = typeof flag === 'string' && flag.trim() !== '' ? flag : env.ENCX_DOMAIN;
  const domain = (given ?? '').trim().toLowerCase() || DEFAULT_DOMAIN;
  if (!/^[a-z0-9.-]+(:\d{1,5})?$/.test(domain)) {
    throw new UsageError(`"${domain}" is not a domain name; pass the site host only, e.g. --domain ${DEFAULT_DOMAIN}`);
  }
  return domain;
}
