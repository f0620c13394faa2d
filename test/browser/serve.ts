/**
 * A loopback HTTP server for the browser test: maps URL prefixes to folders, refuses anything that
 * would leave them, answers a folder's own URL with its index.html, and serves .wasm as application/wasm (what streaming compilation requires).
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
};

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

/** Serves `routes` (URL prefix ending in `/` → folder) plus fixed `pages` (exact path → body) on 127.0.0.1. */
export async function serveStatic(routes: Record<string, string>, pages: Record<string, { type: string; body: string }> = {}): Promise<StaticServer> {
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const page = pages[path];
      if (page) {
        res.writeHead(200, { 'content-type': page.type }).end(page.body);
        return;
      }
      const prefix = Object.keys(routes).find((p) => path.startsWith(p));
      if (prefix) {
        const folder = routes[prefix]!;
        const file = normalize(join(folder, path.slice(prefix.length) || 'index.html'));
        if (file.startsWith(folder + sep) && (await stat(file).catch(() => null))?.isFile()) {
          res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(await readFile(file));
          return;
        }
      }
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`not found: ${path}`);
    })().catch((err: unknown) => res.writeHead(500).end(String(err)));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
