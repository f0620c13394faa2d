/**
 * The question put to the user before a mutating call under `-security approve` (the catalog's
 * own text), and the reading of their answer. The form is a single boolean, written as a plain
 * JSON Schema literal so clients get the minimal restricted shape elicitation allows (a zod schema
 * would add `$schema`).
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  inputRequired,
  type ClientCapabilities,
  type ElicitRequestFormParams,
  type InputRequest,
  type InputResponseView,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { ConfirmationQuestion } from '../tools/types.js';

/** The key of the one input request; it names the answer in `inputResponses`. */
export const CONFIRM_KEY = 'confirm';

const CONFIRM_FORM: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: {
    confirm: {
      type: 'boolean',
      title: 'Allow this action',
      description: 'true lets the call reach the Encounter engine; false stops it.',
    },
  },
  required: ['confirm'],
};

/**
 * The elicitation for one prepared call: the catalog's question, verbatim. It was built from the
 * parsed parameters with hidden characters escaped, so no argument the model invents can hide
 * what will be submitted.
 *
 * @example
 * ```ts
 * inputRequired({ inputRequests: { [CONFIRM_KEY]: confirmRequest(prepared.call.question) }, requestState });
 * ```
 */
export function confirmRequest(question: ConfirmationQuestion): InputRequest {
  return inputRequired.elicit({ message: question.text, requestedSchema: CONFIRM_FORM });
}

/** Only `accept` with `confirm: true` approves; decline, cancel, `false` or a missing field do not. */
export function isApproval(answer: InputResponseView): boolean {
  return answer.kind === 'elicit' && answer.action === 'accept' && answer.content?.[CONFIRM_KEY] === true;
}

/**
 * Whether the client on this request can show a form. Capabilities arrive per request in the
 * 2026 era and once at `initialize` in the 2025 era. A bare `elicitation: {}` means form support;
 * a client that only lists `url` cannot show a form.
 */
export function clientCanAskForm(ctx: ServerContext, connectionCapabilities: ClientCapabilities | undefined): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const caps = (envelope?.[CLIENT_CAPABILITIES_META_KEY] ?? connectionCapabilities) as ClientCapabilities | undefined;
  const elicitation = caps?.elicitation as { form?: unknown; url?: unknown } | undefined;
  if (elicitation === undefined || elicitation === null) return false;
  return elicitation.form !== undefined || elicitation.url === undefined;
}

/** The reason given when nobody can be asked, with both ways forward. */
export function noElicitationReason(tool: string): string {
  return (
    `this MCP client cannot ask the user (it does not support MCP elicitation), and the server runs with ` +
    `"-security approve", so ${tool} was not run. Tell the user what you wanted to do; they can do it in the ` +
    `game themselves, restart the server with "-security full" to allow unattended actions, or use an MCP ` +
    `client that supports elicitation.`
  );
}
