/**
 * The enc_* catalog as an MCP server. It only translates: tools from `catalog.tools()` are
 * published with annotations, calls go through `catalog.call`, outcomes come back as JSON text plus
 * image blocks. Under the `approve` policy each mutating call is first put to the user through MCP
 * elicitation, with the answer bound to that exact call (see approval-ledger.ts).
 */
import { McpServer, inputRequired, inputResponse, type CallToolResult, type InputRequiredResult, type ServerContext } from '@modelcontextprotocol/server';
import type { Catalog, ToolDefinition } from '../tools/types.js';
import { toolAnnotations } from './annotations.js';
import { ApprovalLedger, isApprovalClaim } from './approval-ledger.js';
import { withCallApproval, type CallApproval } from './call-approval.js';
import { passThroughSchema, type RawArguments } from './catalog-schema.js';
import { CONFIRM_KEY, clientCanAskForm, confirmRequest, isApproval, noElicitationReason } from './confirm-question.js';
import { errorResult, toCallToolResult } from './tool-result.js';

/** Implementation name announced to clients (the reference's, so existing client configs match). */
export const SERVER_NAME = 'encx-engine';

/**
 * Most array elements plus object members one `tools/call` may carry. The largest enc_* call has
 * about six scalar arguments; the cap stops a hostile payload before any parsing work downstream.
 */
const MAX_TOOL_INPUT_ELEMENTS = 200;

export interface McpServerOptions {
  /** Announced server version (the package version). */
  version: string;
  /**
   * Approval states shared by every server instance of this process; one is created when absent.
   * Pass the same ledger to all instances a stdio entry builds so each approval is spent once.
   */
  ledger?: ApprovalLedger;
}

/** Raised for a construction mistake, before anything is served. */
export class McpServerConfigError extends Error {
  override readonly name = 'McpServerConfigError';
}

/**
 * Builds one MCP server instance over `catalog`. Stateless apart from the shared ledger, so a stdio
 * or HTTP entry may call it once per connection.
 *
 * @example
 * ```ts
 * const ledger = new ApprovalLedger();
 * serveStdio(() => createMcpServer(catalog, { version: '0.1.0', ledger }));
 * ```
 */
export function createMcpServer(catalog: Catalog, options: McpServerOptions): McpServer {
  if (!catalog || typeof catalog.tools !== 'function' || typeof catalog.call !== 'function') {
    throw new McpServerConfigError('createMcpServer: a catalog (tools() and call()) is required');
  }
  const ledger = options.ledger ?? new ApprovalLedger();
  const server = new McpServer(
    { name: SERVER_NAME, version: options.version },
    {
      capabilities: { tools: {} },
      instructions: catalog.systemPromptAddendum(),
      requestState: { verify: ledger.verify },
      maxToolInputElements: MAX_TOOL_INPUT_ELEMENTS,
    },
  );
  const asks = catalog.policy === 'approve';
  for (const tool of catalog.tools()) {
    const handler = tool.mutating && asks ? approvedCallHandler(catalog, tool, ledger, server) : directCallHandler(catalog, tool);
    server.registerTool(
      tool.name,
      {
        description: tool.description,
        inputSchema: passThroughSchema(tool.inputSchema),
        annotations: toolAnnotations(tool),
      },
      handler,
    );
  }
  return server;
}

type Handler = (args: RawArguments, ctx: ServerContext) => Promise<CallToolResult | InputRequiredResult>;

/** Reads, and mutations under `full`: straight to the catalog. */
function directCallHandler(catalog: Catalog, tool: ToolDefinition): Handler {
  return (args, ctx) => runThroughCatalog(catalog, tool.name, args, ctx);
}

/**
 * A mutating call under `approve`. First entry: check the arguments through the catalog, then ask
 * (or refuse when the client cannot be asked).
 * Re-entry with an answer and a state this process minted for the same call: run it with that
 * answer, once. An answer without such a state is ignored and the question asked afresh.
 */
function approvedCallHandler(catalog: Catalog, tool: ToolDefinition, ledger: ApprovalLedger, server: McpServer): Handler {
  return async (args, ctx) => {
    const claim = ctx.mcpReq.requestState<unknown>();
    const answer = inputResponse(ctx.mcpReq.inputResponses, CONFIRM_KEY);
    if (claim !== undefined && answer.kind === 'elicit') {
      if (!isApprovalClaim(claim)) return errorResult(staleApprovalText(tool.name));
      const failure = ledger.redeem(claim, tool.name, args);
      if (failure !== null) return errorResult(staleApprovalText(tool.name));
      const approval: CallApproval = { kind: 'answered', tool: tool.name, args, approved: isApproval(answer) };
      return runThroughCatalog(catalog, tool.name, args, ctx, approval);
    }
    // Let the catalog reject bad arguments before the user is bothered with a question about them.
    const probe = { consulted: false };
    const precheck = await runThroughCatalog(catalog, tool.name, args, ctx, { kind: 'probe', onConsulted: () => (probe.consulted = true) });
    if (!probe.consulted) return precheck;
    if (!clientCanAskForm(ctx, server.server.getClientCapabilities())) {
      return runThroughCatalog(catalog, tool.name, args, ctx, { kind: 'unavailable', reason: noElicitationReason(tool.name) });
    }
    return inputRequired({
      inputRequests: { [CONFIRM_KEY]: confirmRequest(tool.name, args) },
      requestState: await ledger.mint(tool.name, args),
    });
  };
}

/**
 * The one place a call reaches the catalog. Even a direct call runs inside an approval context
 * saying nobody was asked, so a catalog whose policy asks can never proceed on a missing answer.
 */
async function runThroughCatalog(
  catalog: Catalog,
  name: string,
  args: RawArguments,
  ctx: ServerContext,
  approval: CallApproval = { kind: 'unavailable', reason: 'this call was not put to the user' },
): Promise<CallToolResult> {
  try {
    const outcome = await withCallApproval(approval, () => catalog.call(name, args, { signal: ctx.mcpReq.signal }));
    return toCallToolResult(name, outcome);
  } catch (err) {
    // The catalog promises outcomes, not throws; a throw is a bug, reported without a stack.
    return errorResult(`${name} failed unexpectedly: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function staleApprovalText(tool: string): string {
  return (
    `${tool} was not run: the approval sent with this call was not issued for it (it belongs to another call, ` +
    `or was already used). Call ${tool} again to ask the user.`
  );
}
