/**
 * The public shapes of the embedded agent: the model provider interface (one per wire protocol:
 * chat completions, Responses), the events an `AgentSession` emits, and the session's API as a
 * host sees it. Runtime-neutral: no `node:` import, so a browser worker, Electron or React Native
 * host can use it.
 *
 * Surfaces (the terminal chat, the web page, an app) render the same event sequence; none of them
 * builds a question, a failure text or a tool hint of its own.
 */

// ---------------------------------------------------------------------------------------------
// Model provider

/** A picture handed to the model (bytes, never base64: each provider encodes it its own way). */
export interface ModelImage {
  mimeType: string;
  bytes: Uint8Array;
}

/** One part of a user message. */
export type ModelContentPart = { type: 'text'; text: string } | { type: 'image'; image: ModelImage };

/** A tool call the model asked for, with its arguments as the raw JSON text it sent. */
export interface ModelToolCall {
  /** The id the provider gave the call (echoed back with its result). */
  id: string;
  name: string;
  /** Raw JSON text of the arguments, assembled from the stream; may be malformed (a model lies). */
  arguments: string;
}

/** The conversation as the loop keeps it within one turn; providers translate it to their wire. */
export type ModelMessage =
  | { role: 'user'; content: string | ModelContentPart[] }
  | { role: 'assistant'; content: string; toolCalls?: ModelToolCall[] }
  | { role: 'tool'; callId: string; content: string };

/** A tool as the model sees it. */
export interface ModelToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the arguments (an object schema). */
  parameters: Record<string, unknown>;
}

export interface ModelRequest {
  /** The whole system prompt (configured prompt, date and time, catalog addendum, policy). */
  system: string;
  messages: ModelMessage[];
  tools: ModelToolSpec[];
  /** Sent only when > 0. */
  maxTokens?: number;
  /** Sent only when > 0. */
  temperature?: number;
}

export interface ModelReply {
  /** The assistant's visible text (may be empty when it only calls tools). */
  text: string;
  toolCalls: ModelToolCall[];
}

export interface ModelCallOptions {
  signal?: AbortSignal;
  /** Called with each piece of visible text as it streams in. */
  onTextDelta?: (text: string) => void;
}

/**
 * One wire protocol to one endpoint. The loop calls `complete` once per iteration. A failure
 * rejects with a `ModelProviderError` whose message says what the endpoint answered.
 */
export interface ModelProvider {
  /** The endpoint as a user would recognise it (`https://api.openai.com/v1/chat/completions`). */
  readonly endpoint: string;
  readonly model: string;
  complete(request: ModelRequest, options?: ModelCallOptions): Promise<ModelReply>;
}

/** A provider call failed: HTTP status (when there was one) and whether a retry may help. */
export class ModelProviderError extends Error {
  override readonly name = 'ModelProviderError';
  constructor(
    message: string,
    readonly status: number | null = null,
    readonly retryable = false,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------
// Session events (the reference's event JSON, plus streaming and the host requests)

/** Every event carries its turn number (1-based, session-wide counter). */
interface EventBase {
  turn: number;
}

export type AgentEvent =
  | (EventBase & { type: 'turn_started' })
  /** A piece of the assistant's visible answer, as it streams. */
  | (EventBase & { type: 'text_delta'; text: string })
  | (EventBase & { type: 'tool_started'; call_id: string; tool: string; args: unknown })
  | (EventBase & {
      type: 'tool_finished';
      call_id: string;
      tool: string;
      is_error: boolean;
      /** Result text (JSON or the failure message), truncated to 2000 characters + `…`. */
      result: string;
      /** Pictures the tool returned, as bytes (the surface encodes/saves them). */
      images: ModelImage[];
      /** For a failure: the catalog's kind (`session_expired`, `declined`, …) so a surface can word a remedy. */
      failure_kind?: string;
      /** For a failure: what a host can act on (the anti-spam page to open, the domain to sign in to). */
      failure?: AgentToolFailure;
    })
  /** A mutating call waits for the host: answer with `resolveConfirmation(call_id, approved)`. */
  | (EventBase & {
      type: 'confirmation_requested';
      call_id: string;
      tool: string;
      /** The catalog's one safe question, to show verbatim. */
      question: string;
      /** The tool's readable label (`Send code`). */
      title: string;
      /** The parsed parameters, consequential first, already escaped. */
      facts: Array<{ label: string; value: string }>;
    })
  /** `enc_device_location` waits for the host: answer with `resolveLocation` or `failLocation`. */
  | (EventBase & { type: 'location_requested'; request_id: string })
  | (EventBase & { type: 'turn_finished'; content: string })
  | (EventBase & { type: 'turn_failed'; error: string });

/** The actionable part of a failed tool call (the catalog's structured failure, or the session's own). */
export interface AgentToolFailure {
  kind: string;
  /** Finer machine code (`too_large`, `captcha`, …). */
  code: string;
  /** The same call may succeed later without the user doing anything. */
  retryable: boolean;
  /** `anti_spam`: the page a person has to pass in a browser. */
  url?: string;
  /** `session_expired`: the engine domain to sign in to again. */
  domain?: string;
  /** `bad_argument`: which argument. */
  argument?: string;
}

export type AgentEventListener = (event: AgentEvent) => void;

/** One visible line of the transcript: only what the player and the assistant said. */
export interface TranscriptEntry {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * What a host does with a session (implemented by `AgentSession`). Promise-based; `send` resolves
 * with the final answer or rejects with the same text the `turn_failed` event carries.
 */
export interface AgentSessionApi {
  readonly policy: 'readonly' | 'approve' | 'full';
  /** Subscribes to events; returns the unsubscribe function. */
  on(listener: AgentEventListener): () => void;
  /** Runs one turn. Rejects when a turn is already running, or the message is empty. */
  send(text: string, options?: { signal?: AbortSignal }): Promise<string>;
  /** Cancels the running turn; every pending confirmation is refused, every location request failed. */
  cancel(): void;
  /** Answers a `confirmation_requested`; false when no such request is pending. */
  resolveConfirmation(callId: string, approved: boolean): boolean;
  /** Answers a `location_requested` with the JSON handed to the model verbatim. */
  resolveLocation(requestId: string, locationJson: string): boolean;
  failLocation(requestId: string, message: string): boolean;
  history(): TranscriptEntry[];
  resetHistory(): void;
  /** Loads a transcript saved from `history()`; refused while a turn runs. */
  importHistory(entries: TranscriptEntry[]): void;
  /** The ChatGPT credential JSON as renewed so far (persist it after a turn); `''` for API-key sessions. */
  codexCredentialJson(): string;
  /** Number of catalog tools the model can call (location and web tools not counted). */
  readonly toolCount: number;
}
