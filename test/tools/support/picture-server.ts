/**
 * A tiny real HTTP server on 127.0.0.1 that serves whatever bytes a test registers under a path,
 * with whatever Content-Type it claims — to exercise the picture tools over the network.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PictureServer {
  url: string;
  /** Serve `bytes` at `path` with the given Content-Type header (omitted when empty). */
  put(path: string, bytes: Uint8Array, contentType: string): string;
  hits(path: string): number;
  close(): Promise<void>;
}

export async function startPictureServer(): Promise<PictureServer> {
  const files = new Map<string, { bytes: Uint8Array; contentType: string }>();
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const file = files.get(path);
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const headers: Record<string, string> = { 'content-length': String(file.bytes.length) };
    if (file.contentType) headers['content-type'] = file.contentType;
    res.writeHead(200, headers).end(file.bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    put(path, bytes, contentType) {
      files.set(path, { bytes, contentType });
      return `${url}${path}`;
    },
    hits: (path) => hits.get(path) ?? 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
