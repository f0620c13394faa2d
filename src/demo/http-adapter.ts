/**
 * The fake engine is a Web-standard `(Request) => Promise<Response>` handler. This file turns
 * such a handler into a loopback HTTP server (`serveOnLoopback`) or into a `fetch` that calls it
 * in-process (`handlerAsFetch`, `fetchForHosts`), so tests can run two domains in one process
 * without sockets, or over real HTTP when the wire itself is under test.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FetchHandler = (request: Request) => Promise<Response>;
export type FetchLike = (input: Request | URL | string, init?: RequestInit) => Promise<Response>;

/**
 * Thrown by a handler to drop the connection without answering (how a fault cuts a reply off).
 *
 * @example
 * ```ts
 * if (faults.dropConnection) throw new DroppedConnection();
 * ```
 */
export class DroppedConnection extends Error {
  override name = 'DroppedConnection';
  constructor() {
    super('the fake engine dropped the connection');
  }
}

/** Request bodies above 64 KiB are cut off: the engine's forms are small. */
export const MAX_FAKE_BODY_BYTES = 64 * 1024;

/** A running loopback server. */
export interface LoopbackServer {
  /** `http://127.0.0.1:PORT` */
  url: string;
  close(): Promise<void>;
}

/**
 * Serve `handler` on 127.0.0.1 (port 0 = any free port).
 *
 * @example
 * ```ts
 * const server = await serveOnLoopback(fake.handle);
 * await fetch(server.url + '/home/?json=1');
 * await server.close();
 * ```
 */
export async function serveOnLoopback(handler: FetchHandler, port = 0): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    void answer(handler, req, res);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () => {
      // Keep-alive sockets would hold close() open; end them first.
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function answer(handler: FetchHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const response = await handler(await toRequest(req));
    const headers: Record<string, string | string[]> = {};
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie') headers[key] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) headers['set-cookie'] = cookies;
    const body = new Uint8Array(await response.arrayBuffer());
    res.writeHead(response.status, headers);
    res.end(body);
  } catch (err) {
    if (err instanceof DroppedConnection) {
      req.socket.destroy();
      return;
    }
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
    res.end('internal error in the fake engine');
  }
}

async function toRequest(req: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FAKE_BODY_BYTES) tooLarge = true;
    else chunks.push(chunk);
  }
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD' && !tooLarge && size > 0;
  return new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`, {
    method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  });
}

/**
 * A `fetch` that calls `handler` in-process; a dropped connection rejects the way a real
 * `fetch` does (a TypeError), so clients see a network failure.
 *
 * @example
 * ```ts
 * const client = new EncounterClient({ domain: 'svk.en.cx', baseUrl: 'http://svk.en.cx', fetch: handlerAsFetch(fake.handle) });
 * ```
 */
export function handlerAsFetch(handler: FetchHandler): FetchLike {
  return async (input, init) => {
    const request = new Request(input, init);
    if (request.signal.aborted) throw request.signal.reason;
    try {
      return await handler(request);
    } catch (err) {
      if (err instanceof DroppedConnection) throw new TypeError('fetch failed', { cause: err });
      throw err;
    }
  };
}

/**
 * One `fetch` for several fake domains, routed by host name; any other host fails like an
 * unknown name would, so nothing ever leaves the process.
 *
 * @example
 * ```ts
 * const fetch = fetchForHosts({ 'svk.en.cx': svk.handle, 'tech.en.cx': tech.handle });
 * ```
 */
export function fetchForHosts(hosts: Record<string, FetchHandler>): FetchLike {
  const table = new Map(Object.entries(hosts).map(([h, fn]) => [h.toLowerCase(), handlerAsFetch(fn)]));
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const target = table.get(url.host.toLowerCase());
    if (!target) return Promise.reject(new TypeError(`fetch failed: no fake engine serves ${url.host}`));
    return target(input, init);
  };
}
