/**
 * Access policies (docs/catalog.md, «Policies»): which mutating calls may reach the engine, and
 * the refusal the model reads when one may not. The gate runs before the read cache and before any
 * engine call.
 */
import { CatalogConfigError } from './errors.js';
import type { Policy } from './types.js';

export const POLICIES: readonly Policy[] = ['readonly', 'approve', 'full'];

/** The library default: a person confirms each mutation (a penalty hint cannot be undone). */
export const DEFAULT_POLICY: Policy = 'approve';

/**
 * Parses a policy name; empty or absent means the default.
 *
 * @example
 * ```ts
 * parsePolicy('');       // 'approve'
 * parsePolicy('yolo');   // throws CatalogConfigError
 * ```
 */
export function parsePolicy(value: string | undefined): Policy {
  const name = (value ?? '').trim();
  if (name === '') return DEFAULT_POLICY;
  if ((POLICIES as readonly string[]).includes(name)) return name as Policy;
  throw new CatalogConfigError(`agenttools: unknown policy ${JSON.stringify(name)} (want readonly, approve or full)`);
}

/** Refusal for a mutating tool under `readonly`. */
export function readonlyRefusal(tool: string): string {
  return `Tool "${tool}" is unavailable: the engine access policy is read-only. Describe the action for the user instead of performing it.`;
}
