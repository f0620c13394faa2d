/**
 * The Encounter domain a command talks to: the flag, else ENCX_DOMAIN, else tech.en.cx — the same
 * default for every command (`encli login` alone signs in where `encli mcp` alone serves) — read
 * by the one domain parser. A bad domain is a usage mistake (exit 2), from the flag or the
 * environment alike.
 */
import { InvalidDomainError, parseDomain } from '../engine/domain.js';
import { UsageError, type FlagSpecs, type ParsedFlags } from './flags.js';

/** The domain when neither `--domain` nor ENCX_DOMAIN names one. */
export const DEFAULT_DOMAIN = 'tech.en.cx';

/** The boolean flag that lets a host outside Encounter's zones through. */
export const ALLOW_OTHER_HOST_FLAG = 'allow-other-host';

/**
 * `--domain` and `--allow-other-host` as every command that talks to Encounter declares them, so
 * the help and the parsing read the same everywhere.
 */
export const DOMAIN_FLAGS: FlagSpecs = {
  domain: {
    type: 'string',
    value: 'HOST',
    description: 'the Encounter domain (env ENCX_DOMAIN): a bare host under *.en.cx, *.encounter.cx, *.encounter.ru or *.en-world.org',
    default: DEFAULT_DOMAIN,
  },
  [ALLOW_OTHER_HOST_FLAG]: { type: 'boolean', description: 'accept a domain outside those zones (a self-hosted Encounter site)', default: 'off' },
};

/**
 * `--login` and `--password` as the commands that sign in when no session is saved (mcp, chat)
 * declare them.
 */
export const SIGN_IN_FLAGS: FlagSpecs = {
  login: { type: 'string', value: 'LOGIN', description: 'sign in when no session is saved (env ENCX_LOGIN; needs --password)', default: 'the saved session' },
  password: { type: 'string', value: 'PASSWORD', description: 'the password for --login (env ENCX_PASSWORD)', default: 'the saved session' },
};

/**
 * The domain from parsed `DOMAIN_FLAGS` and the environment.
 *
 * @example
 * ```ts
 * domainFromFlags({ domain: 'svk.en.cx' }, process.env); // 'svk.en.cx'
 * ```
 */
export function domainFromFlags(flags: ParsedFlags, env: NodeJS.ProcessEnv): string {
  return resolveDomain(flags.domain, env, flags[ALLOW_OTHER_HOST_FLAG] === true);
}

/**
 * The checked, lower-cased host, or a UsageError saying what is wrong and how to fix it.
 *
 * @example
 * ```ts
 * resolveDomain(undefined, {}); // 'tech.en.cx'
 * resolveDomain('SVK.en.cx', {}); // 'svk.en.cx'
 * resolveDomain('evil.com/tech.en.cx', {}); // throws UsageError
 * ```
 */
export function resolveDomain(flag: string | boolean | undefined, env: NodeJS.ProcessEnv, allowOtherHosts = false): string {
  const given = typeof flag === 'string' && flag.trim() !== '' ? flag : env.ENCX_DOMAIN;
  return domainSetting(given === undefined || given.trim() === '' ? DEFAULT_DOMAIN : given, allowOtherHosts);
}

/**
 * One given domain through the parser.
 *
 * @example
 * ```ts
 * domainSetting('Tech.En.Cx', false); // 'tech.en.cx'
 * ```
 */
export function domainSetting(given: string, allowOtherHosts: boolean): string {
  try {
    return parseDomain(given, { allowOtherHosts, allowFlag: `--${ALLOW_OTHER_HOST_FLAG}` });
  } catch (err) {
    if (err instanceof InvalidDomainError) throw new UsageError(err.message);
    throw err;
  }
}
