/**
 * The Node adapter: serves a `Request → Response` handler over `node:http`, streaming response
 * bodies (the event stream) and ending them when the browser goes away.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { MAX_BODY_BYTES } from './handler.js';

export interface NodeServer {
  server: Server;
  /** The address actually bound (port 0 resolves here). */
  host: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Listens on `host:port` (port 0 = a free port chosen by the system).
 *
 * @example
 * ```ts
 * const served = await serveHandler(handle, '127.0.0.1', 0);
 * process.stderr.write(`listening on ${served.port}\n`);
 * await served.close();
 * ```
 */
export async function serveHandler(
  handle: (request: Request) => Promise<Response>,
  host: string,
  port: number,
  onError: (error: Error) => void = () => {},
): Promise<NodeServer> {
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    void respond(handle, req, res, host).catch((err: unknown) => {
      onError(err instanceof Error ? err : new Error(String(err)));
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('encli web: internal error\n');
      } else {
        res.destroy();
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return {
    server,
    host,
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Event streams never end on their own.
        for (const socket of sockets) socket.destroy();
      }),
  };
}

async function respond(
  handle: (request: Request) => Promise<Response>,
  req: IncomingMessage,
  res: ServerResponse,
  boundHost: string,
): Promise<void> {
  const controller = new AbortController();
  res.once('close', () => controller.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const method = (req.method ?? 'GET').toUpperCase();
  let body: Uint8Array | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const read = await readBody(req);
    if (read === null) {
      res.writeHead(413, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
      res.end(`the body is larger than ${MAX_BODY_BYTES} bytes\n`);
      return;
    }
    body = read;
  }
  // The URL's authority is only for parsing the path; the handler checks the Host header itself.
  const url = new URL(req.url ?? '/', `http://${boundHost.includes(':') ? `[${boundHost}]` : boundHost}`);
  const request = new Request(url, { method, headers, body: body as BodyInit | undefined, signal: controller.signal });
  const response = await handle(request);
  const outHeaders: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    outHeaders[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) outHeaders['set-cookie'] = cookies;
  res.writeHead(response.status, outHeaders);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  res.once('close', () => void reader.cancel().catch(() => {}));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!res.write(value)) await new Promise<void>((resolve) => res.once('drain', resolve).once('close', resolve));
    if (res.destroyed) {
      await reader.cancel().catch(() => {});
      return;
    }
  }
  res.end();
}

/** The body, or null when it is over the limit (reading stops there). */
async function readBody(req: IncomingMessage): Promise<Uint8Array | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.byteLength;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(buf);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
