/**
 * Access policies (reference §2): which mutating calls may reach the engine, and the refusal the
 * model reads when one may not. The gate runs before the read cache and before any engine call.
 */
import { CatalogConfigError, describeError } from './errors.js';
import type { Confirmer, Policy } from './types.js';

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

/**
 * Decides whether one mutating call may run. Resolves null to allow, or the refusal text.
 * `args` go to the confirmer exactly as the model sent them.
 */
export async function gateMutation(
  policy: Policy,
  confirmer: Confirmer | undefined,
  tool: string,
  args: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<string | null> {
  switch (policy) {
    case 'full':
      return null;
    case 'readonly':
      return readonlyRefusal(tool);
    case 'approve': {
      if (!confirmer) return `Tool "${tool}" needs user approval but no confirmation channel is configured.`;
      let approved: unknown;
      try {
        approved = await confirmer({ tool, args }, signal);
      } catch (err) {
        return `Approval for "${tool}" could not be obtained: ${describeError(err)}`;
      }
      // Only a literal true approves: a confirmer bug returning "yes" or 1 must not mutate.
      return approved === true ? null : `The user declined "${tool}". Do not retry it; ask what to do instead.`;
    }
    default:
      return `Tool "${tool}" is unavailable: unknown access policy "${String(policy)}".`;
  }
}
