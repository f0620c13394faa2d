/**
 * The contract between the tool catalog and every surface (MCP server, embedded agent, app
 * sessions). Surfaces only translate these shapes; they never reach into the engine themselves.
 */

/** A picture attached to a tool result. */
export interface ToolImage {
  /** `image/jpeg`, `image/png`, … — the format that was actually encoded. */
  mimeType: string;
  /** Base64 of the encoded picture, no `data:` prefix. */
  data: string;
}

/** What a tool handler returns on success. */
export interface ToolResult {
  /** The compact JSON projection the model reads. */
  json: unknown;
  /** Pictures to hand to the model next to the JSON (empty for most tools). */
  images: ToolImage[];
}

/** Passed to every handler: cancellation from the surface (a cancelled turn, a closed client). */
export interface ToolContext {
  signal?: AbortSignal;
}

/** JSON Schema of a tool's arguments (an object schema). */
export interface JsonSchemaObject {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  additionalProperties?: boolean;
}

/** A tool is data: a surface publishes it and calls `run` through the catalog. */
export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: JsonSchemaObject;
  /** True for the four tools that change game state (submit codes, take hints, join games). */
  mutating: boolean;
  /** Results may be memoized by the read cache (false for picture results and all mutations). */
  cacheable: boolean;
  run(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult>;
}

export type Policy = 'readonly' | 'approve' | 'full';

/** A confirmation request for one mutating call, with the arguments exactly as the model sent them. */
export interface ConfirmationRequest {
  tool: string;
  args: Record<string, unknown>;
}

/**
 * Asks the user whether one mutating call may run. Resolves true to allow, false to decline;
 * rejects when no answer could be obtained (the refusal then says so).
 */
export type Confirmer = (request: ConfirmationRequest, signal?: AbortSignal) => Promise<boolean>;

/** The outcome of `Catalog.call`: a result, or an error text written for the model. */
export type ToolOutcome =
  | ({ ok: true } & ToolResult)
  | {
      ok: false;
      /** `refused`: the policy or the user stopped it (do not retry); `failed`: it ran and failed. */
      kind: 'refused' | 'failed';
      error: string;
    };

/** The catalog as the surfaces see it. */
export interface Catalog {
  readonly policy: Policy;
  /** Tools the agent may see: all of them, minus the mutating ones under `readonly`. */
  tools(): ToolDefinition[];
  /** Every tool, hidden ones included. */
  all(): ToolDefinition[];
  lookup(name: string): ToolDefinition | undefined;
  /** Gate (policy, confirmation), cache, run, and wrap errors — the one way to execute a tool. */
  call(name: string, args: unknown, ctx?: ToolContext): Promise<ToolOutcome>;
  invalidateCache(): void;
  /** Text to append to an agent's system prompt: the engine, collage advice, the active policy. */
  systemPromptAddendum(): string;
}
