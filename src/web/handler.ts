/**
 * The web surface's request handling as a `Request → Response` function (Web Fetch API), so any
 * runtime's HTTP server can host it; `node-server.ts` is the Node adapter.
 *
 * Routes: `GET /` the page (`/?token=…` trades the secret for a cookie and redirects, so the secret
 * leaves the address bar), its stylesheet and scripts, and under `/api/`: `state`, `events` (the
 * Server-Sent Events stream), `pictures/<n>`, and the POSTs `send`, `stop`, `confirm`, `location`,
 * `reset`, `sign-in`; with a ChatGPT sign-in, `GET /api/chatgpt` and the POSTs `chatgpt/start` and
 * `chatgpt/cancel`. Every response carries a strict Content-Security-Policy.
 */
import { ConversationHub, HubError } from './hub.js';
import { RequestGuard } from './guard.js';
import type { ChatGptSignIn } from './chatgpt-sign-in.js';
import type { LocationAnswer, NumberedEvent } from './protocol.js';
import { PAGE_CSS } from './page/styles.js';
import { pageHtml, unauthorizedHtml } from './page/markup.js';

/** The page's scripts by file name (`app.js`, …), as JavaScript text. */
export type PageScripts = ReadonlyMap<string, string>;

export interface WebHandlerOptions {
  hub: ConversationHub;
  guard: RequestGuard;
  scripts: PageScripts;
  /** With `--auth codex`: the ChatGPT device sign-in the page offers (absent: `/api/chatgpt` is 404). */
  chatgpt?: ChatGptSignIn;
  /** Interval of SSE comments that keep idle proxies and the browser from dropping the stream. */
  keepAliveMs?: number;
}

/**
 * Scripts only from this server, no inline script or style, no plugins, no framing, pictures only
 * from this server (tool pictures) or blobs: a task's HTML that slipped into the DOM as markup
 * still could not run or load anything.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const COMMON_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

/** A request body above this is refused: the largest is a message a player typed. */
export const MAX_BODY_BYTES = 64 * 1024;
const MAX_MESSAGE_CHARS = 16_000;
const DEFAULT_KEEPALIVE_MS = 15_000;

/**
 * @example
 * ```ts
 * const handle = createWebHandler({ hub, guard, scripts });
 * const response = await handle(new Request('http://127.0.0.1:8765/api/state', { headers }));
 * ```
 */
export function createWebHandler(options: WebHandlerOptions): (request: Request) => Promise<Response> {
  const { hub, guard, scripts, chatgpt } = options;
  const keepAliveMs = options.keepAliveMs ?? DEFAULT_KEEPALIVE_MS;

  return async (request) => {
    const url = new URL(request.url);
    const path = url.pathname;
    const method = request.method.toUpperCase();
    const isApi = path.startsWith('/api/');
    const isPost = method === 'POST';
    if (method !== 'GET' && !isPost) return text(405, 'only GET and POST are served', { allow: 'GET, POST' });
    if (isPost && !isApi) return text(405, 'only GET is served here', { allow: 'GET' });

    if (path === '/' && url.searchParams.has('token')) {
      const verdict = guard.verify(request, { needsSecret: false, needsOrigin: false });
      if (!verdict.ok) return text(verdict.status, verdict.reason);
      if (!guard.checkSecret(url.searchParams.get('token'))) return html(401, unauthorizedHtml('This link carries a wrong or outdated secret.'));
      return new Response(null, { status: 303, headers: { ...COMMON_HEADERS, location: '/', 'set-cookie': guard.cookie() } });
    }
    if (path === '/favicon.ico') {
      const verdict = guard.verify(request, { needsSecret: false, needsOrigin: false });
      return verdict.ok ? new Response(null, { status: 204, headers: COMMON_HEADERS }) : text(verdict.status, verdict.reason);
    }

    const verdict = guard.verify(request, { needsSecret: true, needsOrigin: isPost });
    if (!verdict.ok) {
      // A person who followed a link gets the way in, not a bare status (a rebinding Host gets nothing).
      if (verdict.status !== 421 && method === 'GET' && !isApi) return html(verdict.status, unauthorizedHtml(verdict.reason));
      return isApi ? json(verdict.status, { error: verdict.reason }) : text(verdict.status, verdict.reason);
    }

    if (method === 'GET') {
      if (path === '/') return html(200, pageHtml());
      if (path === '/app.css') return body(200, PAGE_CSS, 'text/css; charset=utf-8');
      const script = /^\/js\/([a-z-]+\.js)$/.exec(path);
      if (script && scripts.has(script[1]!)) return body(200, scripts.get(script[1]!)!, 'text/javascript; charset=utf-8');
      if (path === '/api/state') return json(200, hub.status());
      if (path === '/api/events') return eventStream(hub, request, keepAliveMs);
      if (path === '/api/chatgpt') return chatgpt ? json(200, chatgpt.state()) : json(404, { error: 'this server uses no ChatGPT sign-in' });
      const picture = /^\/api\/pictures\/(\d{1,9})$/.exec(path);
      if (picture) return pictureResponse(hub, Number(picture[1]));
      return text(404, `nothing at ${path}`);
    }

    if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) {
      return json(415, { error: 'send the body as application/json' });
    }
    let input: Record<string, unknown>;
    try {
      input = await readJsonBody(request);
    } catch (err) {
      return json(400, { error: (err as Error).message });
    }
    try {
      switch (path) {
        case '/api/send': {
          const message = requireString(input, 'text');
          if (message.length > MAX_MESSAGE_CHARS) throw new HubError(`the message is longer than ${MAX_MESSAGE_CHARS} characters`, 400);
          hub.send(message);
          return json(202, { ok: true });
        }
        case '/api/stop':
          return json(200, { ok: true, stopped: hub.stop() });
        case '/api/confirm': {
          if (typeof input.approved !== 'boolean') throw new HubError('"approved" must be true or false', 400);
          hub.confirm(requireString(input, 'call_id'), input.approved);
          return json(200, { ok: true });
        }
        case '/api/location':
          hub.answerLocation(parseLocationAnswer(input));
          return json(200, { ok: true });
        case '/api/reset':
          hub.reset();
          return json(200, { ok: true });
        case '/api/sign-in': {
          const login = requireString(input, 'login').trim();
          const password = requireString(input, 'password');
          const captcha = typeof input.captcha === 'string' && input.captcha.trim() !== '' ? input.captcha.trim() : undefined;
          const answer = await hub.signIn(login, password, captcha);
          return json(answer.ok ? 200 : 400, answer);
        }
        case '/api/chatgpt/start':
        case '/api/chatgpt/cancel': {
          if (!chatgpt) return json(404, { error: 'this server uses no ChatGPT sign-in' });
          if (path.endsWith('/start')) await chatgpt.begin();
          else chatgpt.cancel();
          return json(200, chatgpt.state());
        }
        default:
          return json(404, { error: `no API at ${path}` });
      }
    } catch (err) {
      if (err instanceof HubError) return json(err.status, { error: err.message });
      throw err;
    }
  };
}

/** The event stream: replay (from `Last-Event-ID` or the start), then live events, until the tab goes. */
function eventStream(hub: ConversationHub, request: Request, keepAliveMs: number): Response {
  const encoder = new TextEncoder();
  let stop = (): void => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const write = (chunk: string): void => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(chunk));
        } catch {
          stop();
        }
      };
      // Reconnect quickly: a turn may be streaming.
      write('retry: 1000\n\n');
      const unsubscribe = hub.subscribe(request.headers.get('last-event-id'), (entry: NumberedEvent) => {
        write(`id: ${entry.id}\ndata: ${JSON.stringify(entry.event)}\n\n`);
      });
      const ping = setInterval(() => write(': keep-alive\n\n'), keepAliveMs);
      stop = () => {
        if (!open) return;
        open = false;
        clearInterval(ping);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // Already closed by the reader.
        }
      };
      request.signal.addEventListener('abort', stop, { once: true });
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    status: 200,
    headers: { ...COMMON_HEADERS, 'content-type': 'text/event-stream; charset=utf-8', 'x-accel-buffering': 'no' },
  });
}

function pictureResponse(hub: ConversationHub, id: number): Response {
  const picture = hub.picture(id);
  if (!picture) return text(404, 'this picture is no longer kept; ask again to see it');
  // Only picture types a browser shows as pictures; anything else would be a download or worse.
  if (!/^image\/(png|jpeg|gif|webp)$/.test(picture.mimeType)) return text(415, `not shown: ${picture.mimeType}`);
  return new Response(picture.bytes as BodyInit, {
    status: 200,
    headers: { ...COMMON_HEADERS, 'content-type': picture.mimeType, 'cache-control': 'private, max-age=3600' },
  });
}

async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw new Error(`the body is larger than ${MAX_BODY_BYTES} bytes`);
  const raw = await request.text();
  if (raw.length > MAX_BODY_BYTES) throw new Error(`the body is larger than ${MAX_BODY_BYTES} bytes`);
  if (raw.trim() === '') return {};
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw new Error('the body is not valid JSON');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error('the body must be a JSON object');
  return data as Record<string, unknown>;
}

function requireString(input: Record<string, unknown>, key: string): string {
  const value = input[key];
  if (typeof value !== 'string') throw new HubError(`"${key}" must be a string`, 400);
  return value;
}

function parseLocationAnswer(input: Record<string, unknown>): LocationAnswer {
  const requestId = requireString(input, 'request_id');
  if (input.error !== undefined) {
    const error = input.error;
    if (error !== 'denied' && error !== 'unavailable' && error !== 'timeout' && error !== 'unsupported' && error !== 'insecure') {
      throw new HubError('"error" must be denied, unavailable, timeout, unsupported or insecure', 400);
    }
    return { request_id: requestId, error };
  }
  const { latitude, longitude, accuracy } = input;
  if (typeof latitude !== 'number' || !Number.isFinite(latitude) || Math.abs(latitude) > 90) {
    throw new HubError('"latitude" must be a number from -90 to 90', 400);
  }
  if (typeof longitude !== 'number' || !Number.isFinite(longitude) || Math.abs(longitude) > 180) {
    throw new HubError('"longitude" must be a number from -180 to 180', 400);
  }
  if (accuracy !== undefined && accuracy !== null && (typeof accuracy !== 'number' || !Number.isFinite(accuracy) || accuracy < 0)) {
    throw new HubError('"accuracy" must be a non-negative number of metres', 400);
  }
  return { request_id: requestId, latitude, longitude, accuracy: typeof accuracy === 'number' ? accuracy : null };
}

function body(status: number, content: string, contentType: string, extra: Record<string, string> = {}): Response {
  return new Response(content, { status, headers: { ...COMMON_HEADERS, 'content-type': contentType, ...extra } });
}

function text(status: number, message: string, extra: Record<string, string> = {}): Response {
  return body(status, message + '\n', 'text/plain; charset=utf-8', extra);
}

function html(status: number, page: string): Response {
  return body(status, page, 'text/html; charset=utf-8');
}

function json(status: number, data: unknown): Response {
  return body(status, JSON.stringify(data), 'application/json; charset=utf-8');
}
