/**
 * `AgentSession`: an Encounter assistant a host embeds — the terminal chat, a web page, a phone or
 * desktop app. It owns the tool loop (our own, over an OpenAI-compatible endpoint), asks the host
 * before every mutating call, and reports everything as events. Runtime-neutral: the network comes
 * in as `fetch`, the engine as an `Engine`, pages for the web tools as a `PageFetcher`.
 *
 * How the app binding's calls map here:
 *
 * | app binding                                   | here                                                     |
 * |-----------------------------------------------|----------------------------------------------------------|
 * | `NewAgentSession(configJSON)`                 | `new AgentSession({ config, engine, … })` (config: JSON text or object; every mistake throws `AgentConfigError`) |
 * | engine wrapped in `Paced` (350 ms), read cache 2 min, cleared every turn | the same, in the constructor and at `send` |
 * | system prompt with the date computed once     | `buildSystemPrompt` at the start of EVERY turn             |
 * | `SetDelegate(d)` / `SetDelegate(nil)`         | `on(listener)` returns the unsubscribe function           |
 * | `OnEvent(eventJSON)`                          | `AgentEvent` objects; plus `text_delta` while streaming   |
 * | `OnConfirmationRequest(callID, turn, tool, args)` | event `confirmation_requested` with the catalog's safe question |
 * | `ResolveConfirmation(callID, approved)`       | `resolveConfirmation(callId, approved)` → false for an unknown id |
 * | `OnLocationRequest(requestID, turn)`          | event `location_requested`                                 |
 * | `ResolveLocation(id, json)` / `FailLocation(id, msg)` | `resolveLocation` / `failLocation`                 |
 * | `SendMessage(text)` (blocking)                | `send(text, { signal })` → Promise of the answer          |
 * | `Cancel()`                                    | `cancel()`; the turn's promise rejects with code `cancelled` |
 * | `HistoryJSON()` / `ResetHistory()`            | `history()` / `resetHistory()`; new: `importHistory(entries)` |
 * | `Policy()` / `ToolCount()`                    | `policy` / `toolCount`                                    |
 * | `CodexCredentialJSON()`                       | `codexCredentialJson()` (`''` for API-key sessions)        |
 * | model name with `/` re-asserted via extra body | not needed: our loop sends the model name verbatim       |
 */
import type { Engine } from '../engine/engine.js';
import { DEFAULT_REQUEST_INTERVAL_MS, Paced } from '../engine/paced.js';
import { createCatalog, failureText } from '../tools/index.js';
import type { AdminToolsOptions } from '../tools/index.js';
import type { Catalog, ConfirmationQuestion, Policy, ToolOutcome } from '../tools/types.js';
import { AgentConfigError, parseAgentConfig, type AgentConfig, type AgentConfigInput } from './config.js';
import type { HostTool } from './host-tools.js';
import { locationTool, type LocationAnswer } from './location-tool.js';
import { buildSystemPrompt } from './prompt.js';
import { CodexTokenSource } from './codex/token-source.js';
import { createProvider } from './providers/index.js';
import {
  ModelProviderError,
  type AgentEvent,
  type AgentEventListener,
  type AgentSessionApi,
  type AgentToolFailure,
  type ModelContentPart,
  type ModelImage,
  type ModelMessage,
  type ModelProvider,
  type ModelToolCall,
  type ModelToolSpec,
  type TranscriptEntry,
} from './types.js';
import { Waiters } from './waiters.js';
import { webTools, type PageFetcher } from './web-tools.js';

/** Read results stay fresh this long within a turn (the cache is cleared at every turn anyway). */
export const READ_CACHE_TTL_MS = 2 * 60_000;
/** Characters of a tool result an event carries (the model gets the whole text). */
export const EVENT_RESULT_CHARS = 2000;

export interface AgentSessionOptions {
  /** The session configuration: JSON text or an object (see `AgentConfigInput`). */
  config: string | AgentConfigInput;
  /** The signed-in engine; the session wraps it in `Paced`. */
  engine: Engine;
  /** For the model endpoint. Default: the global `fetch`. */
  fetch?: typeof fetch;
  /** Extra headers on model requests (a Node host sets `user-agent`). */
  headers?: Record<string, string>;
  /** Stands in for the provider `createProvider` would build (the ChatGPT provider, tests). */
  provider?: ModelProvider;
  /**
   * `auth_method: "codex"`: the token source of the stored credential, shared by every session
   * that uses it (one renewal at a time). Default: one of the session's own over `codex_credential`.
   */
  codexTokens?: CodexTokenSource;
  /** Where a session's own token source renews (default `https://auth.openai.com`). */
  codexIssuer?: string;
  /** Required when `web_tools` is on: loads pages safely (no private addresses, bounded size). */
  fetchPage?: PageFetcher;
  /** Clock for the date in the prompt. Default: `() => new Date()`. */
  now?: () => Date;
  /** How long a location request waits for the host (default 60 s). */
  locationTimeoutMs?: number;
  /** Floor between engine request starts (default 350 ms, the iOS app's pacing). */
  requestIntervalMs?: number;
  /**
   * The editor tools `inspect_game_scenario` and `admin_copy_game`: the current domain's admin
   * session (the target of every copy) and an opener for another domain's own saved session,
   * handed to the catalog as is. Absent (the default): the model has no admin tools. The copy is
   * a mutating call: the policy gates it and the host confirms it like any other change.
   */
  admin?: AdminToolsOptions;
}

/** Why `send` or a host call was refused; `message` is what `turn_failed` carried. */
export type AgentErrorCode =
  | 'empty_message'
  | 'busy'
  | 'cancelled'
  | 'model_failed'
  | 'out_of_steps'
  | 'empty_answer'
  | 'bad_history'
  | 'bad_payload';

export class AgentError extends Error {
  override readonly name = 'AgentError';
  constructor(
    readonly code: AgentErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** One finished tool call, as the loop needs it. */
interface CallResult {
  text: string;
  images: ModelImage[];
}

/** A finished call with what its events report. */
interface FinishedCall extends CallResult {
  ok: boolean;
  failure?: AgentToolFailure;
}

/** A failure the session itself decided (not the catalog's). */
const ownFailure = (kind: string): AgentToolFailure => ({ kind, code: kind, retryable: false });

interface RunningTurn {
  turn: number;
  controller: AbortController;
}

/**
 * @example
 * ```ts
 * import { AgentSession } from 'encx-agenttools/agent';
 *
 * const session = new AgentSession({ config: { model: 'gpt-5.4', api_key: key }, engine: client });
 * session.on((event) => {
 *   if (event.type === 'text_delta') process.stdout.write(event.text);
 *   if (event.type === 'confirmation_requested') session.resolveConfirmation(event.call_id, askUser(event.question));
 * });
 * const answer = await session.send('What is the current level about?');
 * ```
 */
export class AgentSession implements AgentSessionApi {
  readonly config: AgentConfig;
  readonly provider: ModelProvider;
  /**
   * The engine as the session's tools reach it: paced (a floor between request starts). A host
   * that reads the engine beside the agent (a page header showing the level) goes through this,
   * so its reads queue with the tools' and never burst past the anti-spam wall.
   */
  readonly engine: Engine;
  private readonly catalog: Catalog;
  private readonly hostTools: HostTool[] = [];
  private readonly listeners = new Set<AgentEventListener>();
  private readonly confirmations = new Waiters<boolean>();
  private readonly locations = new Waiters<LocationAnswer>();
  private readonly now: () => Date;
  private transcript: TranscriptEntry[] = [];
  private turnCounter = 0;
  private callCounter = 0;
  private running: RunningTurn | null = null;
  private readonly codexTokens: CodexTokenSource | undefined;

  constructor(options: AgentSessionOptions) {
    this.config = parseAgentConfig(options.config);
    if (this.config.webTools && typeof options.fetchPage !== 'function') {
      throw new AgentConfigError('web_tools needs a page fetcher (the fetchPage option)');
    }
    if (this.config.authMethod === 'codex') {
      this.codexTokens = options.codexTokens ?? new CodexTokenSource(this.config.codexCredential, { issuer: options.codexIssuer, fetch: options.fetch });
    }
    this.provider =
      options.provider ?? createProvider(this.config, { fetch: options.fetch, headers: options.headers, codexTokens: this.codexTokens });
    // Parallel tool calls of one model reply must not burst at the engine's anti-spam wall.
    this.engine = new Paced(options.engine, options.requestIntervalMs ?? DEFAULT_REQUEST_INTERVAL_MS);
    this.catalog = createCatalog(this.engine, { policy: this.config.policy, readCacheTTL: READ_CACHE_TTL_MS, admin: options.admin });
    this.now = options.now ?? (() => new Date());
    if (this.config.locationTools) {
      this.hostTools.push(
        locationTool({
          waiters: this.locations,
          timeoutMs: options.locationTimeoutMs,
          request: (requestId, turn) => this.emitToHost({ type: 'location_requested', turn, request_id: requestId }),
        }),
      );
    }
    if (this.config.webTools) this.hostTools.push(...webTools(options.fetchPage!));
  }

  get policy(): Policy {
    return this.catalog.policy;
  }

  /** Catalog tools the model can call (the location and web tools are not counted). */
  get toolCount(): number {
    return this.catalog.tools().length;
  }

  /** True while a turn runs. */
  get busy(): boolean {
    return this.running !== null;
  }

  on(listener: AgentEventListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  async send(text: string, options: { signal?: AbortSignal } = {}): Promise<string> {
    const message = typeof text === 'string' ? text.trim() : '';
    if (message === '') throw new AgentError('empty_message', 'the message is empty');
    if (this.running) throw new AgentError('busy', 'a turn is already running');
    const turn = ++this.turnCounter;
    const controller = new AbortController();
    const running: RunningTurn = { turn, controller };
    this.running = running;
    const onOuterAbort = (): void => controller.abort();
    if (options.signal?.aborted) controller.abort();
    options.signal?.addEventListener('abort', onOuterAbort, { once: true });
    // Game state moves between turns: nothing read in an earlier turn is trusted.
    this.catalog.invalidateCache();
    this.emit({ type: 'turn_started', turn });
    try {
      const answer = await this.runTurn(turn, message, controller.signal);
      this.transcript.push({ role: 'user', content: message }, { role: 'assistant', content: answer });
      this.emit({ type: 'turn_finished', turn, content: answer });
      return answer;
    } catch (err) {
      const failure = this.describeFailure(err, controller.signal);
      this.emit({ type: 'turn_failed', turn, error: failure.message });
      throw failure;
    } finally {
      options.signal?.removeEventListener('abort', onOuterAbort);
      // Whatever the host still has on screen for this turn is refused, never approved later.
      controller.abort();
      this.confirmations.settleAll(() => false);
      this.locations.settleAll(() => ({ ok: false, message: 'the location request was cancelled' }));
      if (this.running === running) this.running = null;
    }
  }

  cancel(): void {
    this.confirmations.settleAll(() => false);
    this.locations.settleAll(() => ({ ok: false, message: 'the location request was cancelled' }));
    this.running?.controller.abort();
  }

  resolveConfirmation(callId: string, approved: boolean): boolean {
    // Only a literal true approves: a host bug passing "yes" or 1 must not mutate the game.
    return this.confirmations.answer(callId, approved === true);
  }

  /** Hands the host's location JSON to the model verbatim. Throws when the payload is blank. */
  resolveLocation(requestId: string, locationJson: string): boolean {
    if (typeof locationJson !== 'string' || locationJson.trim() === '') {
      throw new AgentError('bad_payload', 'the location payload is empty');
    }
    return this.locations.answer(requestId, { ok: true, json: locationJson });
  }

  failLocation(requestId: string, message: string): boolean {
    const text = typeof message === 'string' && message.trim() !== '' ? message.trim() : 'the device could not determine its location';
    return this.locations.answer(requestId, { ok: false, message: text });
  }

  /** The ChatGPT credential as it is now (renewals rotate it): persist it after each turn. `''` for an API key. */
  codexCredentialJson(): string {
    return this.codexTokens?.credentialJson() ?? '';
  }

  history(): TranscriptEntry[] {
    return this.transcript.map((e) => ({ ...e }));
  }

  resetHistory(): void {
    this.transcript = [];
  }

  importHistory(entries: TranscriptEntry[]): void {
    if (this.running) throw new AgentError('busy', 'a turn is running; load the transcript after it ends');
    if (!Array.isArray(entries)) throw new AgentError('bad_history', 'the transcript must be a list of {role, content} entries');
    const checked = entries.map((entry, i) => {
      const e = entry as Partial<TranscriptEntry> | null;
      if (!e || typeof e !== 'object') throw new AgentError('bad_history', `transcript entry ${i} is not an object`);
      if (e.role !== 'user' && e.role !== 'assistant') {
        throw new AgentError('bad_history', `transcript entry ${i} has role ${JSON.stringify(e.role)} (want "user" or "assistant")`);
      }
      if (typeof e.content !== 'string') throw new AgentError('bad_history', `transcript entry ${i} has no text content`);
      return { role: e.role, content: e.content };
    });
    this.transcript = checked;
  }

  // -------------------------------------------------------------------------------------------
  // The loop

  private async runTurn(turn: number, message: string, signal: AbortSignal): Promise<string> {
    const hostNotes = this.hostTools.length ? [`Also available: ${this.hostTools.map((t) => t.spec.name).join(', ')}.`] : [];
    const system = buildSystemPrompt(this.config.systemPrompt, this.now(), this.catalog.systemPromptAddendum(), hostNotes);
    const tools = this.modelTools();
    const messages: ModelMessage[] = [...this.transcript.map((e) => ({ ...e })), { role: 'user', content: message }];
    for (let iteration = 0; iteration < this.config.maxIterations; iteration++) {
      if (signal.aborted) throw new AgentError('cancelled', 'the turn was cancelled');
      const reply = await this.provider.complete(
        { system, messages, tools, maxTokens: this.config.maxTokens, temperature: this.config.temperature },
        { signal, onTextDelta: (text) => this.emit({ type: 'text_delta', turn, text }) },
      );
      if (reply.toolCalls.length === 0) {
        if (reply.text.trim() === '') throw new AgentError('empty_answer', 'the model returned an empty answer');
        return reply.text;
      }
      messages.push({ role: 'assistant', content: reply.text, toolCalls: reply.toolCalls });
      // Parallel calls run together; each waits for its own confirmation.
      const results = await Promise.all(reply.toolCalls.map((call) => this.runCall(turn, call, signal)));
      const pictures: ModelContentPart[] = [];
      const sources: string[] = [];
      reply.toolCalls.forEach((call, i) => {
        const result = results[i]!;
        messages.push({ role: 'tool', callId: call.id, content: result.text });
        if (result.images.length) {
          sources.push(`${call.name} (${result.images.length} picture${result.images.length === 1 ? '' : 's'})`);
          for (const image of result.images) pictures.push({ type: 'image', image });
        }
      });
      // Tool messages accept text only; pictures follow all of them as one user message.
      if (pictures.length) {
        messages.push({ role: 'user', content: [{ type: 'text', text: `Pictures returned by ${sources.join(', ')}:` }, ...pictures] });
      }
    }
    throw new AgentError(
      'out_of_steps',
      `the model ran out of tool steps without answering (${this.config.maxIterations} model calls)`,
    );
  }

  private modelTools(): ModelToolSpec[] {
    return [
      ...this.catalog.tools().map((t) => ({ name: t.name, description: t.description, parameters: t.inputSchema as unknown as Record<string, unknown> })),
      ...this.hostTools.map((t) => t.spec),
    ];
  }

  private async runCall(turn: number, call: ModelToolCall, signal: AbortSignal): Promise<CallResult> {
    const callId = `call-${++this.callCounter}`;
    const args = parseArguments(call.arguments);
    this.emit({ type: 'tool_started', turn, call_id: callId, tool: call.name, args: args ?? call.arguments });
    let result: FinishedCall;
    const hostTool = this.hostTools.find((t) => t.spec.name === call.name);
    if (signal.aborted) {
      result = { ok: false, text: `${call.name} failed: the turn was cancelled before the call ran`, images: [], failure: ownFailure('cancelled') };
    } else if (args === undefined) {
      const text = `${call.name} failed: the arguments are not a JSON object: ${call.arguments.slice(0, 200)}`;
      result = { ok: false, text, images: [], failure: { ...ownFailure('bad_argument'), argument: 'arguments' } };
    } else if (hostTool) {
      // A host tool is the host's code: its exception fails this call, never the whole turn.
      const out = await hostTool.run(args, { callId, turn, signal }).catch((err: unknown) => ({
        ok: false,
        text: `${call.name} failed: ${err instanceof Error ? err.message : String(err)}`,
        images: [],
      }));
      result = { ok: out.ok, text: out.text, images: out.images ?? [], ...(out.ok ? {} : { failure: ownFailure('host_tool') }) };
    } else {
      const outcome = await this.catalog.call(call.name, args, {
        signal,
        confirm: (question, s) => this.confirm(callId, turn, question, s ?? signal),
      });
      result = fromOutcome(outcome);
    }
    this.emit({
      type: 'tool_finished',
      turn,
      call_id: callId,
      tool: call.name,
      is_error: !result.ok,
      result: truncate(result.text, EVENT_RESULT_CHARS),
      images: result.images,
      ...(result.failure ? { failure_kind: result.failure.kind, failure: result.failure } : {}),
    });
    return result;
  }

  /** The catalog's confirmer for one call: ask the host, wait for its answer or the end of the turn. */
  private confirm(callId: string, turn: number, question: ConfirmationQuestion, signal: AbortSignal): Promise<boolean> {
    // A rejection is reported to the model as "approval unavailable", not as the user's "no".
    if (this.listeners.size === 0) return Promise.reject(new Error('no host is listening for confirmations on this session'));
    // Registered before the event goes out: a host may answer from inside its listener.
    const answer = this.confirmations.wait(callId, signal, () => false);
    this.emit({
      type: 'confirmation_requested',
      turn,
      call_id: callId,
      tool: question.tool,
      title: question.title,
      question: question.text,
      facts: question.facts,
    });
    return answer;
  }

  private describeFailure(err: unknown, signal: AbortSignal): AgentError {
    if (signal.aborted) return new AgentError('cancelled', 'the turn was cancelled');
    if (err instanceof AgentError) return err;
    const text = err instanceof Error ? err.message : String(err);
    const where = `(endpoint: ${this.provider.endpoint}, model: ${this.provider.model})`;
    const notFound = (err instanceof ModelProviderError && err.status === 404) || /\b404\b/.test(text);
    const hint = notFound
      ? ` — the endpoint does not serve ${endpointPath(this.provider.endpoint)} or does not know the model "${this.provider.model}"; check the API base and the model name`
      : '';
    return new AgentError('model_failed', `${text} ${where}${hint}`);
  }

  // -------------------------------------------------------------------------------------------
  // Events

  private emit(event: AgentEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // A failing listener must not break the turn or starve the other listeners.
      }
    }
  }

  /** Emits an event that needs an answer; false when nobody listens (nobody could answer). */
  private emitToHost(event: AgentEvent): boolean {
    if (this.listeners.size === 0) return false;
    this.emit(event);
    return true;
  }
}

/** The protocol's part of an endpoint (`/chat/completions`), for the 404 hint. */
function endpointPath(endpoint: string): string {
  try {
    return '/' + new URL(endpoint).pathname.split('/').filter(Boolean).slice(-2).join('/');
  } catch {
    return endpoint;
  }
}

/** `{}` for an empty string; undefined for anything that is not a JSON object. */
function parseArguments(raw: string): Record<string, unknown> | undefined {
  if (raw.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function fromOutcome(outcome: ToolOutcome): FinishedCall {
  if (!outcome.ok) {
    const { kind, code, retryable, url, domain, argument } = outcome;
    return {
      ok: false,
      text: failureText(outcome),
      images: [],
      failure: { kind, code, retryable, ...(url ? { url } : {}), ...(domain ? { domain } : {}), ...(argument ? { argument } : {}) },
    };
  }
  return {
    ok: true,
    text: JSON.stringify(outcome.json) ?? 'null',
    images: outcome.images.map((i) => ({ mimeType: i.mimeType, bytes: i.bytes })),
  };
}

/** At most `max` characters (code points, so a surrogate pair is never cut) plus `…`. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const points = Array.from(text);
  return points.length <= max ? text : points.slice(0, max).join('') + '…';
}
