/**
 * Test helpers around the fake engine: start it, get a signed-in client, and run small extra
 * servers on loopback (a second picture host, a raw-socket server for hostile replies). Nothing
 * here ever connects outside 127.0.0.0/8.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { EncounterClient, type EncounterClientOptions } from '../../src/engine/client.js';
import { NO_PACING } from '../../src/engine/transport.js';
import type { Dialer, Resolver } from '../../src/engine/net/resource-fetcher.js';
import { DEMO_PICTURES_BASE64 } from '../../src/demo/assets/pictures.js';
import { FakeEncounter, type FakeEncounterOptions } from '../../src/demo/fake-encounter.js';

export { FakeEncounter };

/** Start a fake engine on 127.0.0.1:0. */
export function startFake(options: FakeEncounterOptions = {}): Promise<FakeEncounter> {
  return FakeEncounter.start(options);
}

/** A client pointed at the fake (not signed in). */
export function clientFor(fake: FakeEncounter, options: Partial<EncounterClientOptions> = {}): EncounterClient {
  return new EncounterClient({ domain: fake.domain, baseUrl: fake.url, allowLoopbackResources: true, dial: loopbackOnlyDial, pacing: NO_PACING, ...options });
}

/** A client signed in as the demo player. */
export async function signedInClient(fake: FakeEncounter, options: Partial<EncounterClientOptions> = {}): Promise<EncounterClient> {
  const client = clientFor(fake, options);
  await client.login('player1', 'secret');
  return client;
}

/** Demo picture bytes by file name. */
export function demoPicture(name: string): Uint8Array {
  return new Uint8Array(Buffer.from(DEMO_PICTURES_BASE64[name]!, 'base64'));
}

/** A dialer that refuses to connect anywhere but loopback: a safety net for every test. */
export const loopbackOnlyDial: Dialer = (t) => {
  if (!(t.address.startsWith('127.') || t.address === '::1')) {
    throw new Error(`test dial refused to leave loopback (asked for ${t.address})`);
  }
  if (t.tls) throw new Error('test dial does not speak TLS');
  return connect({ host: t.address, port: t.port });
};

/** A dialer that sends every connection to one loopback port, recording what it was asked for. */
export function redirectingDial(port: number, seen: Array<{ hostname: string; address: string; port: number }>): Dialer {
  return (t) => {
    seen.push({ hostname: t.hostname, address: t.address, port: t.port });
    return connect({ host: '127.0.0.1', port });
  };
}

/** A resolver from a fixed table; unknown names fail like NXDOMAIN (no real DNS query ever). */
export function tableResolver(table: Record<string, string[]>, calls: string[] = []): Resolver {
  return async (hostname) => {
    calls.push(hostname);
    const addrs = table[hostname];
    if (!addrs) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addrs.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

export interface PictureHost {
  url: string;
  port: number;
  requests: Array<{ path: string; cookie: string; host: string }>;
  close(): Promise<void>;
}

/** A second loopback web server with the demo pictures and a `/redirect?to=` endpoint. */
export async function startPictureHost(): Promise<PictureHost> {
  const requests: PictureHost['requests'] = [];
  const server: Server = createHttpServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push({ path: url.pathname, cookie: req.headers.cookie ?? '', host: req.headers.host ?? '' });
    if (url.pathname === '/redirect') {
      res.writeHead(302, { Location: url.searchParams.get('to') ?? '/' });
      res.end();
      return;
    }
    const name = url.pathname.replace(/^\/(GameImages\/demo\/)?/i, '');
    const b64 = DEMO_PICTURES_BASE64[name];
    if (!b64) {
      res.writeHead(404);
      res.end();
      return;
    }
    const bytes = Buffer.from(b64, 'base64');
    res.writeHead(200, { 'Content-Type': name.endsWith('.png') ? 'image/png' : name.endsWith('.gif') ? 'image/gif' : 'image/jpeg' });
    res.end(bytes);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export interface RawServer {
  port: number;
  /** Paths requested, in order. */
  paths: string[];
  close(): Promise<void>;
}

/**
 * A raw TCP server that answers by path with handwritten HTTP: for replies Node's http server
 * refuses to produce (lying Content-Length, endless bodies).
 */
export async function startRawServer(answer: (path: string, socket: Socket) => void): Promise<RawServer> {
  const paths: string[] = [];
  const sockets = new Set<Socket>();
  const server: NetServer = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let head = '';
    const onData = (chunk: Buffer): void => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      const path = head.split(' ')[1] ?? '/';
      paths.push(path);
      answer(path, socket);
    };
    socket.on('data', onData);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    paths,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/** Write `total` bytes to a socket in 64 KiB pieces, respecting backpressure; stops if it closes. */
export async function writeMany(socket: Socket, total: number): Promise<void> {
  const piece = Buffer.alloc(64 * 1024, 0x41);
  let sent = 0;
  while (sent < total && !socket.destroyed) {
    const n = Math.min(piece.length, total - sent);
    const ok = socket.write(n === piece.length ? piece : piece.subarray(0, n));
    sent += n;
    if (!ok) await new Promise<void>((r) => socket.once('drain', r).once('close', r));
  }
}
