/**
 * The `Confirmer` the MCP surface hands to the catalog under `-security approve`.
 *
 * MCP asks the user *between* two requests (the handler returns a question; the answer arrives on
 * the retried call), while the catalog asks its Confirmer *inside* one `call()`. The bridge: the
 * tool handler obtains the user's answer first, then runs `catalog.call` inside
 * `withCallApproval(answer, …)`, and this confirmer reports that answer when the catalog's gate
 * asks. A catalog call made any other way finds no answer and is refused — never run unasked.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Confirmer, ConfirmationRequest } from '../tools/types.js';
import { canonicalJson } from './canonical-json.js';

/** The answer for one call, established by the MCP handler before the catalog runs it. */
export type CallApproval =
  /** The user was asked about exactly this tool and these arguments. */
  | { kind: 'answered'; tool: string; args: unknown; approved: boolean }
  /** Nobody could be asked; `reason` says why and what to do instead. */
  | { kind: 'unavailable'; reason: string }
  /**
   * A dry run before asking: the catalog checks the arguments first and consults the confirmer
   * only for a valid call, and nothing reaches the engine before that. `onConsulted` tells the
   * handler the call is worth putting to the user; the call itself is then refused.
   */
  | { kind: 'probe'; onConsulted: () => void };

/** Thrown (as a rejection) when no answer can be given; the catalog turns it into a refusal. */
export class ApprovalUnavailableError extends Error {
  override readonly name = 'ApprovalUnavailableError';
}

const current = new AsyncLocalStorage<CallApproval>();

/**
 * Runs `fn` (a `catalog.call`) with `approval` as the answer any confirmation inside it receives.
 *
 * @example
 * ```ts
 * const outcome = await withCallApproval({ kind: 'answered', tool, args, approved: true }, () => catalog.call(tool, args));
 * ```
 */
export function withCallApproval<T>(approval: CallApproval, fn: () => Promise<T>): Promise<T> {
  return current.run(approval, fn);
}

/**
 * The confirmer to pass to `createCatalog(…, { policy: 'approve', confirmer: mcpConfirmer })`.
 * Resolves the user's answer for the call in progress; rejects when none exists or when the
 * catalog asks about a different call than the one the user saw.
 */
export const mcpConfirmer: Confirmer = async (request: ConfirmationRequest): Promise<boolean> => {
  const approval = current.getStore();
  if (approval === undefined) {
    throw new ApprovalUnavailableError('no MCP request is attached to this call, so nobody could be asked');
  }
  if (approval.kind === 'unavailable') throw new ApprovalUnavailableError(approval.reason);
  if (approval.kind === 'probe') {
    approval.onConsulted();
    throw new ApprovalUnavailableError('the user has not been asked yet');
  }
  if (approval.tool !== request.tool || canonicalJson(approval.args) !== canonicalJson(request.args)) {
    throw new ApprovalUnavailableError(`the user was asked about a different call than ${request.tool} with these arguments`);
  }
  return approval.approved;
};
