/**
 * The OpenAI Responses protocol (`POST <base>/responses`), spoken by the ChatGPT backend that
 * serves a subscription (`https://chatgpt.com/backend-api/codex`) and by OpenAI's own API with a
 * key (`https://api.openai.com/v1`). The conversation goes as `input` items: messages, the
 * model's `function_call`s and our `function_call_output`s; pictures are `input_image` parts; the
 * system prompt is `instructions` (the ChatGPT backend requires it). Nothing is stored server-side
 * (`store: false`), so every request carries the whole turn.
 */
import { CODEX_ORIGINATOR } from '../codex/constants.js';
import type { CodexAccess } from '../codex/token-source.js';
import { toBase64 } from '../../imaging/base64.js';
import { postModelJson, type ModelExchange, type ModelHttpOptions } from './http.js';
import { readServerSentEvents } from './sse.js';
import {
  ModelProviderError,
  type ModelCallOptions,
  type ModelContentPart,
  type ModelMessage,
  type ModelProvider,
  type ModelReply,
  type ModelRequest,
  type ModelToolCall,
} from '../types.js';

/** Where access tokens come from for the ChatGPT backend (a `CodexTokenSource`). */
export interface ResponsesTokenAuth {
  token(signal?: AbortSignal): Promise<CodexAccess>;
  /** The backend refused this token (HTTP 401): renew before the next use. */
  reject?(accessToken: string): void;
}

export interface ResponsesOptions {
  /** The endpoint base: `https://chatgpt.com/backend-api/codex` or `https://api.openai.com/v1`. */
  apiBase: string;
  model: string;
  /** A plain API key (`Authorization: Bearer …`). */
  apiKey?: string;
  /**
   * A ChatGPT sign-in instead of a key: adds the account-id and originator headers, always
   * streams (the backend accepts nothing else), and renews the token once when it is refused.
   */
  chatgpt?: ResponsesTokenAuth;
  /** Stream the answer (default true; always true with `chatgpt`). */
  stream?: boolean;
  timeoutMs?: number;
  fetch?: typeof fetch;
  headers?: Record<string, string>;
}

/** One item of `output` (in `response.completed` and `response.output_item.done`). */
interface OutputItem {
  type?: string;
  id?: string;
  call_id?: string;
  name?: string;
  arguments?: string;
  content?: Array<{ type?: string; text?: string }>;
}

interface ResponseObject {
  status?: string;
  output?: OutputItem[];
  error?: { message?: string; code?: string } | null;
  incomplete_details?: { reason?: string } | null;
}

/**
 * @example
 * ```ts
 * const provider = new ResponsesProvider({ apiBase: 'https://api.openai.com/v1', model: 'gpt-5.4', apiKey: key });
 * const reply = await provider.complete({ system: 'Be brief.', messages: [{ role: 'user', content: 'Hi' }], tools: [] });
 * ```
 */
export class ResponsesProvider implements ModelProvider {
  readonly endpoint: string;
  readonly model: string;
  private readonly http: ModelHttpOptions;

  constructor(private readonly options: ResponsesOptions) {
    this.endpoint = `${options.apiBase.replace(/\/+$/, '')}/responses`;
    this.model = options.model;
    this.http = { fetch: options.fetch ?? globalThis.fetch.bind(globalThis), timeoutMs: options.timeoutMs ?? 45_000 };
  }

  async complete(request: ModelRequest, options: ModelCallOptions = {}): Promise<ModelReply> {
    const stream = this.options.chatgpt !== undefined || (this.options.stream ?? true);
    const body: Record<string, unknown> = {
      model: this.model,
      instructions: request.system,
      input: request.messages.flatMap(toInputItems),
      store: false,
      stream,
    };
    if (request.tools.length > 0) {
      body.tools = request.tools.map((t) => ({ type: 'function', name: t.name, description: t.description, parameters: t.parameters, strict: false }));
      body.tool_choice = 'auto';
      body.parallel_tool_calls = true;
    }
    if (request.maxTokens !== undefined && request.maxTokens > 0) body.max_output_tokens = request.maxTokens;
    if (request.temperature !== undefined && request.temperature > 0) body.temperature = request.temperature;

    const exchange = await this.send(body, options.signal);
    try {
      const contentType = exchange.response.headers.get('content-type') ?? '';
      if (contentType.includes('text/event-stream')) return await readStream(exchange.response, exchange.touch, options.onTextDelta);
      const reply = parseWholeReply(await exchange.response.text());
      if (reply.text !== '') options.onTextDelta?.(reply.text);
      return reply;
    } catch (err) {
      throw exchange.explain(err, true);
    } finally {
      exchange.finish();
    }
  }

  /** POSTs with the current credentials; a ChatGPT token the backend refuses is renewed once. */
  private async send(body: unknown, signal: AbortSignal | undefined): Promise<ModelExchange> {
    const chatgpt = this.options.chatgpt;
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { ...this.options.headers };
      let token: string | undefined;
      if (chatgpt) {
        let access: CodexAccess;
        try {
          access = await chatgpt.token(signal);
        } catch (err) {
          throw new ModelProviderError((err as Error).message, null, false);
        }
        token = access.accessToken;
        headers.authorization = `Bearer ${token}`;
        if (access.accountId) headers['chatgpt-account-id'] = access.accountId;
        headers.originator = CODEX_ORIGINATOR;
        headers['OpenAI-Beta'] = 'responses=experimental';
      } else if (this.options.apiKey) {
        headers.authorization = `Bearer ${this.options.apiKey}`;
      }
      try {
        return await postModelJson(this.endpoint, body, headers, this.http, signal);
      } catch (err) {
        if (chatgpt?.reject && token && attempt === 0 && err instanceof ModelProviderError && err.status === 401) {
          chatgpt.reject(token);
          continue;
        }
        throw err;
      }
    }
  }
}

function toInputItems(message: ModelMessage): Array<Record<string, unknown>> {
  switch (message.role) {
    case 'user':
      return [
        {
          type: 'message',
          role: 'user',
          content: typeof message.content === 'string' ? [{ type: 'input_text', text: message.content }] : message.content.map(toInputPart),
        },
      ];
    case 'assistant':
      return [
        ...(message.content !== '' ? [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: message.content }] }] : []),
        ...(message.toolCalls ?? []).map((c) => ({ type: 'function_call', call_id: c.id, name: c.name, arguments: c.arguments })),
      ];
    case 'tool':
      return [{ type: 'function_call_output', call_id: message.callId, output: message.content }];
  }
}

function toInputPart(part: ModelContentPart): Record<string, unknown> {
  if (part.type === 'text') return { type: 'input_text', text: part.text };
  return { type: 'input_image', image_url: `data:${part.image.mimeType};base64,${toBase64(part.image.bytes)}`, detail: 'auto' };
}

/** Text and calls from a finished response's `output`. */
function fromOutput(output: OutputItem[] | undefined): ModelReply {
  let text = '';
  const toolCalls: ModelToolCall[] = [];
  for (const item of output ?? []) {
    if (item.type === 'message') {
      for (const part of item.content ?? []) if (part.type === 'output_text' && typeof part.text === 'string') text += part.text;
    } else if (item.type === 'function_call') {
      toolCalls.push({ id: item.call_id || item.id || `call_${toolCalls.length}`, name: item.name ?? '', arguments: item.arguments ?? '' });
    }
  }
  return { text, toolCalls };
}

function failureOf(response: ResponseObject | undefined, event: string): ModelProviderError | undefined {
  if (!response) return undefined;
  if (response.error?.message || response.status === 'failed') {
    return new ModelProviderError(`the model endpoint reported an error${event}: ${response.error?.message ?? response.error?.code ?? 'the response failed'}`);
  }
  if (response.status === 'incomplete') {
    return new ModelProviderError(`the model's answer was cut short (${response.incomplete_details?.reason ?? 'incomplete'})`);
  }
  return undefined;
}

/** A whole (non-streamed) response object. */
function parseWholeReply(text: string): ModelReply {
  let json: ResponseObject & { error?: unknown };
  try {
    json = JSON.parse(text);
  } catch {
    throw new ModelProviderError(`the model endpoint sent something that is not JSON: ${text.slice(0, 200)}`);
  }
  const failure = failureOf(json, '');
  if (failure) throw failure;
  if (!Array.isArray(json.output)) throw new ModelProviderError('the model endpoint answered without an output list');
  return fromOutput(json.output);
}

/**
 * A streamed response: `response.output_text.delta` pieces are passed on as they come; a function
 * call is taken from its `response.output_item.done` (its arguments assembled from the deltas when
 * that never comes); `response.completed` ends the answer, and without it the answer broke off.
 */
async function readStream(response: Response, touch: () => void, onTextDelta: ((text: string) => void) | undefined): Promise<ModelReply> {
  if (!response.body) throw new ModelProviderError('the model endpoint sent an empty stream');
  let text = '';
  const calls = new Map<string, ModelToolCall & { order: number }>();
  let completed: ResponseObject | undefined;
  for await (const event of readServerSentEvents(response.body, touch)) {
    if (event.data === '[DONE]') break;
    let data: {
      type?: string;
      delta?: unknown;
      item?: OutputItem;
      item_id?: string;
      output_index?: number;
      response?: ResponseObject;
      message?: string;
      code?: string;
    };
    try {
      data = JSON.parse(event.data);
    } catch {
      throw new ModelProviderError(`the model's stream carried something that is not JSON: ${event.data.slice(0, 200)}`);
    }
    const type = data.type ?? event.event;
    const callFor = (itemId: string | undefined, index: number | undefined): (ModelToolCall & { order: number }) | undefined =>
      (itemId !== undefined ? calls.get(itemId) : undefined) ?? [...calls.values()].find((c) => c.order === index);
    switch (type) {
      case 'response.output_text.delta':
        if (typeof data.delta === 'string' && data.delta !== '') {
          text += data.delta;
          onTextDelta?.(data.delta);
        }
        break;
      case 'response.output_item.added':
      case 'response.output_item.done':
        if (data.item?.type === 'function_call') {
          const key = data.item.id ?? data.item.call_id ?? `#${data.output_index ?? calls.size}`;
          const known = calls.get(key);
          const call = known ?? { id: '', name: '', arguments: '', order: data.output_index ?? calls.size };
          if (data.item.call_id) call.id = data.item.call_id;
          if (data.item.name) call.name = data.item.name;
          // The finished item's arguments are whole; an added item's are empty or a prefix.
          if (type === 'response.output_item.done' && typeof data.item.arguments === 'string') call.arguments = data.item.arguments;
          calls.set(key, call);
        }
        break;
      case 'response.function_call_arguments.delta': {
        const call = callFor(data.item_id, data.output_index);
        if (call && typeof data.delta === 'string') call.arguments += data.delta;
        break;
      }
      case 'response.completed':
        completed = data.response ?? {};
        break;
      case 'response.failed':
      case 'response.incomplete':
        throw failureOf({ status: type === 'response.failed' ? 'failed' : 'incomplete', ...data.response }, ' mid-stream')!;
      case 'error':
        throw new ModelProviderError(`the model endpoint reported an error mid-stream: ${data.message ?? data.code ?? event.data.slice(0, 300)}`);
      default:
        break;
    }
    if (completed) break;
  }
  if (!completed) throw new ModelProviderError("the model's answer broke off before it was complete", null, true);
  // Events may be missing (a proxy that drops some); the final output is the authority then.
  const final = fromOutput(completed.output);
  if (text === '' && final.text !== '') onTextDelta?.(final.text);
  const streamed = [...calls.values()].sort((a, b) => a.order - b.order).map(({ order, ...c }) => ({ ...c, id: c.id || `call_${order}` }));
  return { text: text || final.text, toolCalls: streamed.length ? streamed : final.toolCalls };
}
