/**
 * The OpenAI-compatible `/chat/completions` protocol, spoken by OpenAI, Anthropic's compatibility
 * endpoint, Polza, OpenRouter, Ollama, llama.cpp's server and most gateways. Our own few lines of
 * fetch instead of an SDK: we need image parts after tool messages, per-call confirmation and
 * streamed tool-call deltas, and every SDK either loses one of them or requires Node 22.
 */
import { toBase64 } from '../../imaging/base64.js';
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
import { postModelJson, type ModelHttpOptions } from './http.js';
import { readServerSentEvents } from './sse.js';

export interface ChatCompletionsOptions {
  /** The endpoint base, e.g. `https://api.openai.com/v1` (`/chat/completions` is appended). */
  apiBase: string;
  model: string;
  /** Sent as `Authorization: Bearer …` when not empty. */
  apiKey?: string;
  /** Stream the answer (default true). */
  stream?: boolean;
  /** Milliseconds to wait for the answer to start and between streamed pieces (default 45 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Extra request headers (`User-Agent` where the runtime lets a script set it). */
  headers?: Record<string, string>;
}

/** One `tool_calls` entry on the wire. */
interface WireToolCall {
  index?: number;
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string };
}

/**
 * @example
 * ```ts
 * const provider = new ChatCompletionsProvider({ apiBase: 'http://127.0.0.1:11434/v1', model: 'qwen3' });
 * const reply = await provider.complete({ system: 'Be brief.', messages: [{ role: 'user', content: 'Hi' }], tools: [] });
 * reply.text; // 'Hello!'
 * ```
 */
export class ChatCompletionsProvider implements ModelProvider {
  readonly endpoint: string;
  readonly model: string;
  private readonly http: ModelHttpOptions;

  constructor(private readonly options: ChatCompletionsOptions) {
    this.endpoint = `${options.apiBase.replace(/\/+$/, '')}/chat/completions`;
    this.model = options.model;
    this.http = { fetch: options.fetch ?? globalThis.fetch.bind(globalThis), timeoutMs: options.timeoutMs ?? 45_000 };
  }

  async complete(request: ModelRequest, options: ModelCallOptions = {}): Promise<ModelReply> {
    const stream = this.options.stream ?? true;
    const body: Record<string, unknown> = {
      model: this.model,
      messages: [{ role: 'system', content: request.system }, ...request.messages.map(toWireMessage)],
      stream,
    };
    if (request.tools.length > 0) {
      body.tools = request.tools.map((t) => ({
        type: 'function',
        function: { name: t.name, description: t.description, parameters: t.parameters },
      }));
      body.tool_choice = 'auto';
    }
    if (request.maxTokens !== undefined && request.maxTokens > 0) body.max_tokens = request.maxTokens;
    if (request.temperature !== undefined && request.temperature > 0) body.temperature = request.temperature;
    const headers: Record<string, string> = { ...this.options.headers };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;

    const exchange = await postModelJson(this.endpoint, body, headers, this.http, options.signal);
    try {
      const contentType = exchange.response.headers.get('content-type') ?? '';
      // A server may ignore `stream` either way; the content type says what actually came.
      if (contentType.includes('text/event-stream')) {
        return await readStream(exchange.response, exchange.touch, options.onTextDelta);
      }
      const reply = parseWholeReply(await exchange.response.text());
      if (reply.text !== '') options.onTextDelta?.(reply.text);
      return reply;
    } catch (err) {
      throw exchange.explain(err, true);
    } finally {
      exchange.finish();
    }
  }
}

function toWireMessage(message: ModelMessage): Record<string, unknown> {
  switch (message.role) {
    case 'user':
      return { role: 'user', content: typeof message.content === 'string' ? message.content : message.content.map(toWirePart) };
    case 'assistant':
      return {
        role: 'assistant',
        // Several servers reject an empty string next to tool calls; null is what OpenAI sends itself.
        content: message.content === '' && message.toolCalls?.length ? null : message.content,
        ...(message.toolCalls?.length
          ? {
              tool_calls: message.toolCalls.map((c) => ({
                id: c.id,
                type: 'function',
                function: { name: c.name, arguments: c.arguments },
              })),
            }
          : {}),
      };
    case 'tool':
      return { role: 'tool', tool_call_id: message.callId, content: message.content };
  }
}

function toWirePart(part: ModelContentPart): Record<string, unknown> {
  if (part.type === 'text') return { type: 'text', text: part.text };
  return { type: 'image_url', image_url: { url: `data:${part.image.mimeType};base64,${toBase64(part.image.bytes)}` } };
}

/** A whole (non-streamed) completion. */
function parseWholeReply(text: string): ModelReply {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ModelProviderError(`the model endpoint sent something that is not JSON: ${text.slice(0, 200)}`);
  }
  const root = json as { choices?: Array<{ message?: { content?: unknown; tool_calls?: WireToolCall[] } }>; error?: unknown };
  if (root.error !== undefined) throw new ModelProviderError(`the model endpoint reported an error: ${JSON.stringify(root.error).slice(0, 500)}`);
  const message = root.choices?.[0]?.message;
  if (!message) throw new ModelProviderError('the model endpoint answered without choices[0].message');
  const toolCalls = (message.tool_calls ?? []).map((c, i) => ({
    id: c.id || `call_${i}`,
    name: c.function?.name ?? '',
    arguments: c.function?.arguments ?? '',
  }));
  return { text: contentText(message.content), toolCalls };
}

/** Message content as text: a string, or the text parts of an array some servers send. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((p) => (p && typeof p === 'object' && typeof (p as { text?: unknown }).text === 'string' ? (p as { text: string }).text : ''))
      .join('');
  }
  return '';
}

/**
 * A streamed completion: text deltas are passed on as they come; tool-call deltas are assembled
 * by their `index` (the id and name arrive once, the arguments in pieces).
 */
async function readStream(
  response: Response,
  touch: () => void,
  onTextDelta: ((text: string) => void) | undefined,
): Promise<ModelReply> {
  if (!response.body) throw new ModelProviderError('the model endpoint sent an empty stream');
  let text = '';
  const calls = new Map<number, ModelToolCall>();
  let finished = false;
  let done = false;
  for await (const event of readServerSentEvents(response.body, touch)) {
    if (event.data === '[DONE]') {
      done = true;
      break;
    }
    let chunk: {
      choices?: Array<{ delta?: { content?: unknown; tool_calls?: WireToolCall[] }; finish_reason?: unknown }>;
      error?: unknown;
    };
    try {
      chunk = JSON.parse(event.data);
    } catch {
      throw new ModelProviderError(`the model's stream carried something that is not JSON: ${event.data.slice(0, 200)}`);
    }
    if (chunk.error !== undefined) {
      throw new ModelProviderError(`the model endpoint reported an error mid-stream: ${JSON.stringify(chunk.error).slice(0, 500)}`);
    }
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    const piece = contentText(choice.delta?.content);
    if (piece !== '') {
      text += piece;
      onTextDelta?.(piece);
    }
    for (const delta of choice.delta?.tool_calls ?? []) {
      const index = typeof delta.index === 'number' ? delta.index : calls.size;
      let call = calls.get(index);
      if (!call) {
        call = { id: '', name: '', arguments: '' };
        calls.set(index, call);
      }
      if (delta.id) call.id = delta.id;
      const name = delta.function?.name;
      if (name && name !== call.name) call.name += name;
      if (delta.function?.arguments) call.arguments += delta.function.arguments;
    }
    if (choice.finish_reason) finished = true;
  }
  // Without [DONE] and without a finish reason the connection was cut: a half answer is no answer.
  if (!done && !finished) throw new ModelProviderError("the model's answer broke off before it was complete", null, true);
  const toolCalls = [...calls.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, c]) => ({ ...c, id: c.id || `call_${index}` }));
  return { text, toolCalls };
}
