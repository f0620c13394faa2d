/**
 * The enc_* catalog as an MCP server. It only translates: tools from `catalog.tools()` are
 * published with the catalog's metadata as annotations, calls go through the catalog, outcomes come
 * back as JSON text plus image blocks. Under the `approve` policy each mutating call is first put to
 * the user through MCP elicitation — the catalog's question, verbatim — with the answer bound to
 * that exact call (see approval-ledger.ts).
 */
import { McpServer, inputRequired, inputResponse, type CallToolResult, type InputRequiredResult, type ServerContext } from '@modelcontextprotocol/server';
import type { Catalog, ToolDefinition, ToolOutcome } from '../tools/types.js';
import { toolAnnotations } from './annotations.js';
import { ApprovalLedger, isApprovalClaim } from './approval-ledger.js';
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
  if (!catalog || typeof catalog.tools !== 'function' || typeof catalog.prepare !== 'function' || typeof catalog.call !== 'function') {
    throw new McpServerConfigError('createMcpServer: a catalog (tools(), prepare() and call()) is required');
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

/** Reads, and mutations under `full`: straight to the catalog, which asks nobody. */
function directCallHandler(catalog: Catalog, tool: ToolDefinition): Handler {
  return (args, ctx) => render(tool.name, () => catalog.call(tool.name, args, { signal: ctx.mcpReq.signal }));
}

/**
 * A mutating call under `approve`. First entry: the catalog prepares the call (policy, arguments,
 * the question — no I/O), then the user is asked that question, or the call is refused when this
 * client cannot ask. Re-entry with an answer and a state this process minted for the same call:
 * run it with that answer, once. An answer without such a state is ignored and the question asked
 * afresh. The catalog itself refuses any mutation that arrives without a `true` from its confirmer,
 * so no path here can run one unasked.
 */
function approvedCallHandler(catalog: Catalog, tool: ToolDefinition, ledger: ApprovalLedger, server: McpServer): Handler {
  return async (args, ctx) => {
    const signal = ctx.mcpReq.signal;
    const claim = ctx.mcpReq.requestState<unknown>();
    const answer = inputResponse(ctx.mcpReq.inputResponses, CONFIRM_KEY);
    if (claim !== undefined && answer.kind === 'elicit') {
      if (!isApprovalClaim(claim) || ledger.redeem(claim, tool.name, args) !== null) return errorResult(staleApprovalText(tool.name));
      const approved = isApproval(answer);
      return render(tool.name, () => catalog.call(tool.name, args, { signal, confirm: async () => approved }));
    }
    const prepared = catalog.prepare(tool.name, args);
    if (!prepared.ok) return toCallToolResult(prepared);
    const { question } = prepared.call;
    if (question === null) return render(tool.name, () => catalog.execute(prepared.call, { signal }));
    if (!clientCanAskForm(ctx, server.server.getClientCapabilities())) {
      const cannotAsk = async (): Promise<boolean> => {
        throw new Error(noElicitationReason(tool.name));
      };
      return render(tool.name, () => catalog.execute(prepared.call, { signal, confirm: cannotAsk }));
    }
    return inputRequired({
      inputRequests: { [CONFIRM_KEY]: confirmRequest(question) },
      requestState: await ledger.mint(tool.name, args),
    });
  };
}

/** Runs one catalog step and renders its outcome; the catalog never throws, a throw is a bug. */
async function render(name: string, run: () => Promise<ToolOutcome>): Promise<CallToolResult> {
  try {
    return toCallToolResult(await run());
  } catch (err) {
    return errorResult(`${name} failed unexpectedly: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function staleApprovalText(tool: string): string {
  return (
    `${tool} was not run: the approval sent with this call was not issued for it (it belongs to another call, ` +
    `or was already used). Call ${tool} again to ask the user.`
  );
}
