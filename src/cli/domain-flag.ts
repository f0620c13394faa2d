/**
 * The `-domain` setting of every encli command, read by the one domain parser. A bad domain is a
 * usage mistake (exit 2), whether it came from the flag or from ENCX_DOMAIN.
 */
import { InvalidDomainError, parseDomain } from '../engine/domain.js';
import { UsageError } from './flags.js';

/** The boolean flag that lets a host outside Encounter's zones through. */
export const ALLOW_OTHER_HOST_FLAG = 'allow-other-host';

/**
 * The checked, lower-cased host, or a UsageError saying what is wrong and how to fix it.
 *
 * @example
 * ```ts
 * domainSetting('Tech.En.Cx', false); // 'tech.en.cx'
 * domainSetting('evil.com/tech.en.cx', false); // throws UsageError
 * ```
 */
export function domainSetting(given: string, allowOtherHosts: boolean): string {
  try {
    return parseDomain(given, { allowOtherHosts, allowFlag: `-${ALLOW_OTHER_HOST_FLAG}` });
  } catch (err) {
    if (err instanceof InvalidDomainError) throw new UsageError(err.message);
    throw err;
  }
}
