/**
 * The contract between the tool catalog and every surface (MCP server, terminal chat, web page,
 * app sessions). Per-tool knowledge — title, hints, the confirmation question, which picture
 * formats a model takes — lives here with the tools; a surface only translates these shapes and
 * never reaches into the engine itself. Runtime-neutral: nothing here needs Node.
 */

/** What a tool does to the world, for a surface's hints (MCP annotations, a chat's tool row). */
export interface ToolMeta {
  /** A readable label: `Send code`. */
  title: string;
  /** True when the tool never changes game state. */
  readOnly: boolean;
  /** The tool can do harm that cannot be taken back. */
  destructive: boolean;
  /** Repeating the same call changes nothing more. */
  idempotent: boolean;
  /** The tool talks to a live game run by other people, or fetches from any host. */
  openWorld: boolean;
}

/** The picture formats every vision model takes; nothing else leaves the catalog. */
export type ModelImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** A picture attached to a tool result, as bytes: each surface encodes it its own way. */
export interface ToolImage {
  mimeType: ModelImageType;
  bytes: Uint8Array;
  /** Pixel size of the picture as sent. */
  width: number;
  height: number;
}

/** What a tool's run step produces on success. */
export interface ToolResult {
  /** The compact JSON projection the model reads. */
  json: unknown;
  /** Pictures to hand to the model next to the JSON (empty for most tools). */
  images: ToolImage[];
}

/** Passed to every run step: cancellation from the surface (a cancelled turn, a closed client). */
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

/** A tool as a surface publishes it: data only. Calls go through `Catalog.prepare`/`execute`. */
export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: JsonSchemaObject;
  /** True for the four tools that change game state (submit codes, take hints, join games). */
  mutating: boolean;
  /** Results may be memoized by the read cache (false for picture results and all mutations). */
  cacheable: boolean;
  meta: ToolMeta;
}

export type Policy = 'readonly' | 'approve' | 'full';

/** Why a call did not succeed: what a host can act on. The words of a remedy are the surface's. */
export type FailureKind =
  | 'unknown_tool'
  | 'bad_argument'
  /** The read-only policy refused a mutating tool. */
  | 'refused_by_policy'
  /** The user said no. */
  | 'declined'
  /** The call needs approval but nobody could be asked (no confirmer, or it failed). */
  | 'approval_unavailable'
  | 'cancelled'
  /** The engine wants a new sign-in; `domain` says where. */
  | 'session_expired'
  /** The engine's anti-spam wall; `url` is the page a person has to pass in a browser. */
  | 'anti_spam'
  /** The engine returned an unexpected page or an empty reply; retry shortly. */
  | 'engine_html'
  /** The engine or the game refused (closed game, wrong level, blocked answers …). */
  | 'engine'
  /** Timeout, DNS, connection, an HTTP status, or a URL refused before any request. */
  | 'network'
  /** Undecodable, too large or unsupported picture. */
  | 'picture'
  | 'internal';

export interface ToolFailure {
  ok: false;
  tool: string;
  kind: FailureKind;
  /** Finer machine code, e.g. `too_large`, `not_started`, `game_not_found`. */
  code: string;
  /** The same call may succeed later without the user doing anything. */
  retryable: boolean;
  /** Written for the model; no surface-specific remedy. `failureText` gives the full line. */
  message: string;
  /** `bad_argument`: which argument (`game_id`, `code`, `arguments` for the whole object). */
  argument?: string;
  /** `anti_spam`: the challenge page. */
  url?: string;
  /** `session_expired`: the engine's domain. */
  domain?: string;
}

export interface ToolSuccess {
  ok: true;
  tool: string;
  json: unknown;
  images: ToolImage[];
}

export type ToolOutcome = ToolSuccess | ToolFailure;

/** One parsed parameter as the user sees it, already escaped. */
export interface QuestionFact {
  label: string;
  value: string;
}

/** The one safe question every surface shows verbatim before a mutating call under `approve`. */
export interface ConfirmationQuestion {
  tool: string;
  title: string;
  /** The MCP elicitation message, the terminal's [y/N] line, the web dialog, an app sheet. */
  text: string;
  /** The parsed parameters, consequential first, escaped. */
  facts: QuestionFact[];
}

/** A call that passed the policy gate and argument parsing. Only its catalog can execute it. */
export interface PreparedCall {
  readonly tool: ToolDefinition;
  /** Parsed and coerced; unknown keys dropped. Frozen. */
  readonly params: Readonly<Record<string, unknown>>;
  /** Non-null exactly when this call must be confirmed (policy `approve` and a mutating tool). */
  readonly question: ConfirmationQuestion | null;
}

/**
 * Asks the user one question. Resolves `true` to allow; anything else declines. A rejection means
 * nobody could be asked, and the call is refused as `approval_unavailable`.
 */
export type Confirmer = (question: ConfirmationQuestion, signal?: AbortSignal) => Promise<boolean>;

export interface CallOptions {
  signal?: AbortSignal;
  /** Asked when the call has a question; without one such a call is refused. */
  confirm?: Confirmer;
}

/** The catalog as the surfaces see it. */
export interface Catalog {
  readonly policy: Policy;
  /** Tools the agent may see: all of them, minus the mutating ones under `readonly`. */
  tools(): ToolDefinition[];
  /** Every tool, hidden ones included. */
  all(): ToolDefinition[];
  lookup(name: string): ToolDefinition | undefined;
  /** No I/O: the policy gate (read-only refuses first), argument parsing, the question. */
  prepare(name: string, args: unknown): { ok: true; call: PreparedCall } | ToolFailure;
  /**
   * Runs a call this catalog prepared (any other object is refused). With a question, `confirm`
   * is asked first: absent or failing → `approval_unavailable`, anything but `true` → `declined`.
   * Then the read cache, then the engine. Never throws.
   */
  execute(call: PreparedCall, options?: CallOptions): Promise<ToolOutcome>;
  /** `prepare` then `execute`. */
  call(name: string, args: unknown, options?: CallOptions): Promise<ToolOutcome>;
  invalidateCache(): void;
  /** Text to append to an agent's system prompt: the engine, collage advice, the active policy. */
  systemPromptAddendum(): string;
}
