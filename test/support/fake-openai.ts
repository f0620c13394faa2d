/**
 * A scripted OpenAI-compatible model server over real HTTP on 127.0.0.1, for the agent, the
 * terminal chat and the web page tests. The Nth model request gets the Nth step of the script;
 * every request is recorded (path, headers, parsed body) for assertions.
 *
 * The wire protocol is chosen by the request path: `/chat/completions` is built in, streaming
 * (SSE chunks, tool-call arguments split across chunks and interleaved by index) or not, as the
 * request's `stream` asks. Another protocol (the Responses API) plugs in through `wires`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface FakeToolCall {
  name: string;
  /** Serialised with JSON.stringify unless `rawArguments` is given. */
  arguments?: unknown;
  /** Arguments sent exactly as written (to test malformed JSON). */
  rawArguments?: string;
  id?: string;
}

/** What the fake answers to one model request. */
export type FakeStep =
  | { kind: 'reply'; text: string; toolCalls: FakeToolCall[] }
  | { kind: 'error'; status: number; message: string }
  /** Streams part of the reply, then cuts the connection (no finish reason, no [DONE]). */
  | { kind: 'drop'; text: string }
  /** Never answers; the connection stays open until the client gives up or the fake closes. */
  | { kind: 'hang' }
  | ((request: RecordedRequest) => FakeStep | Promise<FakeStep>);

export const reply = (text: string): FakeStep => ({ kind: 'reply', text, toolCalls: [] });
export const callTools = (toolCalls: FakeToolCall[], text = ''): FakeStep => ({ kind: 'reply', text, toolCalls });
export const httpError = (status: number, message: string): FakeStep => ({ kind: 'error', status, message });
export const dropStream = (text: string): FakeStep => ({ kind: 'drop', text });
export const hang = (): FakeStep => ({ kind: 'hang' });

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** Writes one resolved step in a protocol's shape. */
export type FakeWire = (step: Exclude<FakeStep, Function>, request: RecordedRequest, res: ServerResponse) => void;

export interface FakeOpenAIOptions {
  /**
   * The key the fake expects (`Authorization: Bearer …`); null accepts any or none; a function
   * decides per request (a ChatGPT access token that must still be valid). Default `test-key`.
   */
  apiKey?: string | null | ((authorization: string | undefined) => boolean);
  /** Extra protocols by path under `/v1`, e.g. `{ '/responses': responsesWire }`. */
  wires?: Record<string, FakeWire>;
}

export interface FakeOpenAI {
  /** `http://127.0.0.1:<port>/v1` */
  baseURL: string;
  /** Model requests that passed the key check, in arrival order. */
  requests: RecordedRequest[];
  /** Appends steps to the script. */
  push(...steps: FakeStep[]): void;
  /** Steps not used yet. */
  remaining(): number;
  close(): Promise<void>;
}

/**
 * @example
 * ```ts
 * const fake = await startFakeOpenAI([callTools([{ name: 'enc_profile' }]), reply('You are Иван.')]);
 * // … point a provider at fake.baseURL with apiKey 'test-key' …
 * await fake.close();
 * ```
 */
export async function startFakeOpenAI(script: FakeStep[] = [], options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const apiKey = options.apiKey === undefined ? 'test-key' : options.apiKey;
  const wires: Record<string, FakeWire> = { '/chat/completions': chatCompletionsWire, ...options.wires };
  const steps = [...script];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const path = (req.url ?? '').split('?')[0]!;
        const wire = Object.entries(wires).find(([suffix]) => path === `/v1${suffix}`)?.[1];
        if (req.method !== 'POST' || !wire) return sendJson(res, 404, { error: { message: `no such endpoint ${path}`, type: 'not_found' } });
        const accepted =
          apiKey === null || (typeof apiKey === 'function' ? apiKey(req.headers.authorization) : req.headers.authorization === `Bearer ${apiKey}`);
        if (!accepted) {
          return sendJson(res, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } });
        }
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        } catch {
          return sendJson(res, 400, { error: { message: 'body is not JSON' } });
        }
        const recorded: RecordedRequest = { path, headers: req.headers, body };
        requests.push(recorded);
        let step = steps.shift();
        if (step === undefined) return sendJson(res, 500, { error: { message: 'the fake model script is exhausted' } });
        while (typeof step === 'function') step = await step(recorded);
        if (step.kind === 'error') return sendJson(res, step.status, { error: { message: step.message, type: 'fake_error' } });
        if (step.kind === 'hang') return; // the socket is destroyed on close()
        wire(step, recorded, res);
      })();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    push: (...more) => void steps.push(...more),
    remaining: () => steps.length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Answers with a JSON body (the fakes of other servers answer the same way). */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Splits text into up to three pieces, so a streaming client sees several deltas. */
export function pieces(text: string): string[] {
  if (text.length < 3) return text === '' ? [] : [text];
  const a = Math.ceil(text.length / 3);
  return [text.slice(0, a), text.slice(a, 2 * a), text.slice(2 * a)].filter((p) => p !== '');
}

const wireArguments = (call: FakeToolCall): string => call.rawArguments ?? JSON.stringify(call.arguments ?? {});

/** The chat-completions protocol: one JSON completion, or SSE chunks ending in `[DONE]`. */
export const chatCompletionsWire: FakeWire = (step, request, res) => {
  const model = String(request.body.model ?? 'fake-model');
  const id = `chatcmpl-fake-${Math.random().toString(36).slice(2)}`;
  const created = Math.floor(Date.now() / 1000);
  const text = step.kind === 'reply' || step.kind === 'drop' ? step.text : '';
  const calls = step.kind === 'reply' ? step.toolCalls : [];
  const serial = Math.random().toString(36).slice(2, 8);
  const callIds = calls.map((c, i) => c.id ?? `call_${serial}_${i}`);
  if (request.body.stream !== true) {
    if (step.kind === 'drop') {
      res.writeHead(200, { 'content-type': 'application/json' });
      // Destroyed only once the half body is on the wire, so the client sees a cut, not a refusal.
      res.write(`{"id":"${id}","choices":[{"message":{"content":"${text.slice(0, 3)}`, () => res.destroy());
      return;
    }
    sendJson(res, 200, {
      id, object: 'chat.completion', created, model,
      choices: [{
        index: 0,
        finish_reason: calls.length ? 'tool_calls' : 'stop',
        message: {
          role: 'assistant',
          content: text === '' && calls.length ? null : text,
          ...(calls.length
            ? { tool_calls: calls.map((c, i) => ({ id: callIds[i], type: 'function', function: { name: c.name, arguments: wireArguments(c) } })) }
            : {}),
        },
      }],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    });
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
  chunk({ role: 'assistant', content: '' });
  const parts = pieces(text);
  if (step.kind === 'drop') {
    for (const p of parts.slice(0, -1)) chunk({ content: p });
    res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta: { content: parts.at(-1) ?? '' }, finish_reason: null }] })}\n\n`, () => res.destroy());
    return;
  }
  for (const p of parts) chunk({ content: p });
  // First the id and name of every call with the first half of its arguments, then the second halves:
  // arguments of parallel calls arrive interleaved and must be joined by index.
  const halves = calls.map((c) => {
    const args = wireArguments(c);
    const cut = Math.floor(args.length / 2);
    return [args.slice(0, cut), args.slice(cut)] as const;
  });
  calls.forEach((c, index) =>
    chunk({ tool_calls: [{ index, id: callIds[index], type: 'function', function: { name: c.name, arguments: halves[index]![0] } }] }),
  );
  calls.forEach((_, index) => chunk({ tool_calls: [{ index, function: { arguments: halves[index]![1] } }] }));
  chunk({}, calls.length ? 'tool_calls' : 'stop');
  res.end('data: [DONE]\n\n');
};
