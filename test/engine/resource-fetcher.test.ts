import { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResourceFetcher, type Resolver } from '../../src/engine/net/resource-fetcher.js';
import { CancelledError, NetworkError, ResourceRefusedError, ResourceTooLargeError, TimeoutError } from '../../src/engine/errors.js';
import {
  demoPicture,
  loopbackOnlyDial,
  redirectingDial,
  signedInClient,
  startFake,
  startPictureHost,
  startRawServer,
  tableResolver,
  writeMany,
  type FakeEncounter,
  type PictureHost,
  type RawServer,
} from '../fake-encounter/harness.js';

/** A public documentation-free address used as "some picture host on the internet" (never contacted). */
const PUBLIC_V4 = '93.184.216.34';

/** Names the injected resolver knows; each hostile one maps somewhere non-public. */
const DNS_TABLE: Record<string, string[]> = {
  'rebind.example': ['127.0.0.1'],
  'mixed.example': [PUBLIC_V4, '10.0.0.5'],
  'metadata.example': ['169.254.169.254'],
  'v6private.example': ['fd00::1'],
  '127.0.0.1.nip.io': ['127.0.0.1'],
  'cgnat.example': ['100.100.1.1'],
  'mapped.example': ['::ffff:192.168.0.1'],
  'images.example.com': [PUBLIC_V4],
  'pics.example': [PUBLIC_V4],
};

/** Every URL here must be refused before any connection is made. */
const HOSTILE_URLS = [
  'http://127.0.0.1/',
  'http://127.1/',
  'http://2130706433/',
  'http://0x7f.1/',
  'http://017700000001/',
  'http://0x7f000001/',
  'http://localhost/',
  'http://LOCALHOST./x',
  'http://foo.localhost/',
  'http://[::1]/',
  'http://[::]/',
  'http://0.0.0.0/',
  'http://0/',
  'http://10.0.0.1/',
  'http://172.16.5.4/',
  'http://172.31.255.255/',
  'http://192.168.1.1/',
  'http://169.254.169.254/latest/meta-data/',
  'http://100.64.0.1/',
  'http://224.0.0.1/',
  'http://255.255.255.255/',
  'http://240.0.0.1/',
  'http://198.18.0.1/',
  'http://192.0.2.1/',
  'http://[fc00::1]/',
  'http://[fd12:3456::1]/',
  'http://[fe80::1]/',
  'http://[ff02::1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[::ffff:10.0.0.1]/',
  'http://[64:ff9b::7f00:1]/',
  'http://[64:ff9b::a00:1]/',
  'http://[2002:7f00:1::]/',
  'https://127.0.0.1:443/',
  '//127.0.0.1/x',
  'file:///etc/passwd',
  'ftp://images.example.com/x.jpg',
  'data:image/png;base64,AAAA',
  'javascript:alert(1)',
  'http://user:pass@images.example.com/x.jpg',
  'http://rebind.example/x.jpg',
  'http://mixed.example/x.jpg',
  'http://metadata.example/',
  'http://v6private.example/',
  'http://127.0.0.1.nip.io/',
  'http://cgnat.example/',
  'http://mapped.example/',
  '   ',
];

describe('ResourceFetcher refusals', () => {
  const dialed: unknown[] = [];
  const fetcher = new ResourceFetcher({
    baseUrl: 'https://tech.en.cx',
    userAgent: 'test',
    resolver: tableResolver(DNS_TABLE),
    dial: (t) => {
      dialed.push(t);
      throw new Error('no connection may be attempted for a hostile URL');
    },
  });

  it(`lists at least 30 hostile URLs`, () => {
    expect(HOSTILE_URLS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(HOSTILE_URLS)('refuses %s without connecting', async (url) => {
    await expect(fetcher.fetch(url)).rejects.toBeInstanceOf(ResourceRefusedError);
    expect(dialed).toEqual([]);
  });

  it('names the reason so a model can act on it', async () => {
    await expect(fetcher.fetch('http://rebind.example/a.png')).rejects.toThrow(/resolves to 127\.0\.0\.1, a loopback address/);
    await expect(fetcher.fetch('http://0x7f.1/')).rejects.toThrow(/loopback/);
    await expect(fetcher.fetch('ftp://x.example/')).rejects.toThrow(/unsupported scheme "ftp"/);
  });

  it('reports an unknown name as a network error, not a refusal', async () => {
    await expect(fetcher.fetch('http://no-such-name.example/x.jpg')).rejects.toBeInstanceOf(NetworkError);
  });

  it('restrictToDomain keeps to the engine domain', async () => {
    await expect(fetcher.fetch('http://images.example.com/x.jpg', { restrictToDomain: true })).rejects.toThrow(/outside the tech\.en\.cx domain/);
  });
});

describe('ResourceFetcher over loopback', () => {
  let pictures: PictureHost;
  let raw: RawServer;
  let fake: FakeEncounter;
  const NINE_MIB = 9 * 1024 * 1024;

  beforeAll(async () => {
    pictures = await startPictureHost();
    fake = await startFake();
    raw = await startRawServer((path, socket) => {
      if (path === '/declared-huge') {
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nContent-Length: 999999999\r\n\r\n');
        void writeMany(socket, 1024 * 1024);
      } else if (path === '/lying-length') {
        // Says 100 bytes, sends 9 MiB.
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nContent-Length: 100\r\n\r\n');
        void writeMany(socket, NINE_MIB).then(() => socket.end());
      } else if (path === '/no-length') {
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nConnection: close\r\n\r\n');
        void writeMany(socket, NINE_MIB).then(() => socket.end());
      } else if (path.startsWith('/exact/')) {
        const n = Number(path.slice('/exact/'.length));
        socket.write('HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n');
        void writeMany(socket, n).then(() => socket.end());
      } else if (path === '/to-loopback') {
        socket.end(`HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:${pictures.port}/collage.jpg\r\nContent-Length: 0\r\n\r\n`);
      } else if (path === '/to-public-name') {
        socket.end('HTTP/1.1 302 Found\r\nLocation: http://images.example.com/collage.jpg\r\nContent-Length: 0\r\n\r\n');
      } else if (path === '/untyped-png') {
        const png = demoPicture('map.png');
        socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${png.length}\r\n\r\n`);
        socket.end(png);
      } else if (path === '/moved-nowhere') {
        socket.end('HTTP/1.1 302 Found\r\nContent-Length: 0\r\n\r\n');
      } else if (path === '/hang') {
        // Headers never come: exercises the timeout and cancellation.
      } else if (path === '/loop') {
        socket.end('HTTP/1.1 302 Found\r\nLocation: /loop\r\nContent-Length: 0\r\n\r\n');
      } else {
        socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
      }
    });
  });
  afterAll(async () => {
    await Promise.all([pictures.close(), raw.close(), fake.close()]);
  });

  it('accepts a public host via injected resolver + dialer, pinning the checked address and keeping the name', async () => {
    const seen: Array<{ hostname: string; address: string; port: number }> = [];
    const fetcher = new ResourceFetcher({
      baseUrl: 'https://tech.en.cx',
      userAgent: 'test',
      resolver: tableResolver(DNS_TABLE),
      dial: redirectingDial(pictures.port, seen),
    });
    const got = await fetcher.fetch('http://images.example.com/collage.jpg');
    expect(got.bytes).toEqual(demoPicture('collage.jpg'));
    expect(got.contentType).toBe('image/jpeg');
    expect(got.url).toBe('http://images.example.com/collage.jpg');
    expect(seen).toEqual([{ hostname: 'images.example.com', address: PUBLIC_V4, port: 80 }]);
    expect(pictures.requests.at(-1)!.host).toBe('images.example.com');
  });

  it('resolves once and connects to the checked address (no rebinding window)', async () => {
    const calls: string[] = [];
    let n = 0;
    const fetcher = new ResourceFetcher({
      baseUrl: 'https://tech.en.cx',
      userAgent: 'test',
      allowLoopback: true,
      // First answer loopback (allowed here), later answers a private address: must never be asked again.
      resolver: async (h) => {
        calls.push(h);
        return n++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.9.9.9', family: 4 }];
      },
    });
    const got = await fetcher.fetch(`http://pics.rebind.test:${pictures.port}/map.png`);
    expect(got.bytes).toEqual(demoPicture('map.png'));
    expect(calls).toEqual(['pics.rebind.test']);
    expect(pictures.requests.at(-1)!.host).toBe(`pics.rebind.test:${pictures.port}`);
  });

  it('refuses a public-looking redirect to loopback at the redirect hop', async () => {
    const before = pictures.requests.length;
    const fetcher = new ResourceFetcher({
      baseUrl: 'https://tech.en.cx',
      userAgent: 'test',
      resolver: tableResolver(DNS_TABLE),
      dial: redirectingDial(raw.port, []),
    });
    await expect(fetcher.fetch('http://pics.example/to-loopback')).rejects.toThrow(/127\.0\.0\.1.*loopback/);
    expect(pictures.requests.length).toBe(before);
  });

  it('re-checks each hop: a redirect to a public name is followed', async () => {
    const seen: Array<{ hostname: string; address: string; port: number }> = [];
    let first = true;
    const fetcher = new ResourceFetcher({
      baseUrl: 'https://tech.en.cx',
      userAgent: 'test',
      resolver: tableResolver(DNS_TABLE),
      dial: (t) => {
        const port = first ? raw.port : pictures.port;
        first = false;
        return redirectingDial(port, seen)(t);
      },
    });
    const got = await fetcher.fetch('http://pics.example/to-public-name');
    expect(got.url).toBe('http://images.example.com/collage.jpg');
    expect(seen.map((s) => s.hostname)).toEqual(['pics.example', 'images.example.com']);
  });

  it('stops after 5 redirects', async () => {
    const fetcher = new ResourceFetcher({ baseUrl: 'https://tech.en.cx', userAgent: 't', resolver: tableResolver(DNS_TABLE), dial: redirectingDial(raw.port, []) });
    await expect(fetcher.fetch('http://pics.example/loop')).rejects.toThrow(/more than 5 redirects/);
  });

  const capFetcher = (): ResourceFetcher =>
    new ResourceFetcher({ baseUrl: 'https://tech.en.cx', userAgent: 't', resolver: tableResolver(DNS_TABLE), dial: redirectingDial(raw.port, []) });

  it('aborts early when Content-Length already exceeds 8 MiB', async () => {
    const err = await capFetcher().fetch('http://pics.example/declared-huge').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResourceTooLargeError);
    expect((err as ResourceTooLargeError).declared).toBe(999999999);
    expect((err as ResourceTooLargeError).limit).toBe(8 * 1024 * 1024);
  });

  it('enforces 8 MiB while streaming when there is no Content-Length', async () => {
    const err = await capFetcher().fetch('http://pics.example/no-length').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResourceTooLargeError);
    expect((err as ResourceTooLargeError).declared).toBeNull();
  });

  it('never holds more than the declared bytes when Content-Length lies low', async () => {
    const result = await capFetcher()
      .fetch('http://pics.example/lying-length')
      .then((r) => r.bytes.length)
      .catch((e: unknown) => e);
    // Either the parser stops at the declared 100 bytes, or the reply is rejected: never 9 MiB in memory.
    if (typeof result === 'number') expect(result).toBeLessThanOrEqual(100);
    else expect(result).toBeInstanceOf(Error);
  });

  it('cap boundary: exactly maxBytes passes, one more byte fails', async () => {
    const ok = await capFetcher().fetch('http://pics.example/exact/5000', { maxBytes: 5000 });
    expect(ok.bytes.length).toBe(5000);
    await expect(capFetcher().fetch('http://pics.example/exact/5001', { maxBytes: 5000 })).rejects.toBeInstanceOf(ResourceTooLargeError);
  });

  it('sniffs the media type when the header is missing; a 3xx without Location is an HTTP error', async () => {
    const got = await capFetcher().fetch('http://pics.example/untyped-png');
    expect(got.contentType).toBe('image/png');
    expect(got.bytes).toEqual(demoPicture('map.png'));
    await expect(capFetcher().fetch('http://pics.example/moved-nowhere')).rejects.toThrow(/HTTP 302/);
  });

  it('times out (TimeoutError) and honours cancellation (CancelledError)', async () => {
    const slow = new ResourceFetcher({ baseUrl: 'https://tech.en.cx', userAgent: 't', resolver: tableResolver(DNS_TABLE), dial: redirectingDial(raw.port, []), timeoutMs: 150 });
    await expect(slow.fetch('http://pics.example/hang')).rejects.toBeInstanceOf(TimeoutError);
    const controller = new AbortController();
    const pending = capFetcher().fetch('http://pics.example/hang', { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
  });

  it('sends engine cookies to the engine host only, never to a second host', async () => {
    const client = await signedInClient(fake);
    const own = await client.fetchResource('/GameImages/demo/collage.jpg');
    expect(own.url).toBe(`${fake.url}/GameImages/demo/collage.jpg`);
    expect(fake.requests.at(-1)!.cookie).toMatch(/stoken=/);
    const other = await client.fetchResource(`${pictures.url}/collage.jpg`);
    expect(other.bytes).toEqual(demoPicture('collage.jpg'));
    expect(pictures.requests.at(-1)!.cookie).toBe('');
  });

  it('without allowLoopback the client refuses even its own loopback engine', async () => {
    const client = await signedInClient(fake, { allowLoopbackResources: false, dial: loopbackOnlyDial });
    await expect(client.fetchResource('/GameImages/demo/collage.jpg')).rejects.toBeInstanceOf(ResourceRefusedError);
  });
});

describe('ResourceFetcher: the time budget and cancellation cover every step, DNS included', () => {
  /** A resolver stuck on a dead nameserver: it answers only when the test releases it, and ignores its signal. */
  function stuckResolver(): { resolver: Resolver; release: () => void; signals: Array<AbortSignal | undefined> } {
    let release = (): void => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const signals: Array<AbortSignal | undefined> = [];
    const resolver: Resolver = async (_hostname, signal) => {
      signals.push(signal);
      await gate;
      return [{ address: PUBLIC_V4, family: 4 }];
    };
    return { resolver, release: () => release(), signals };
  }
  const noDial = (): never => {
    throw new Error('no connection may be attempted while the name is unresolved');
  };

  it('an abort during a slow lookup settles the fetch with CancelledError, the resolver still pending', async () => {
    const stuck = stuckResolver();
    const fetcher = new ResourceFetcher({ baseUrl: 'https://tech.en.cx', userAgent: 't', resolver: stuck.resolver, dial: noDial, timeoutMs: 2000 });
    const controller = new AbortController();
    let resolverAnswered = false;
    const pending = fetcher.fetch('http://pics.example/slow-dns.jpg', { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    await expect(pending).rejects.toThrow(CancelledError);
    await expect(pending).rejects.toThrow('fetching http://pics.example/slow-dns.jpg was cancelled');
    // The fetch settled while the lookup was still hanging: the race, not the resolver, ended it.
    expect(resolverAnswered).toBe(false);
    expect(stuck.signals[0]?.aborted).toBe(true);
    resolverAnswered = true;
    stuck.release();
  });

  it('a lookup slower than the budget ends with TimeoutError naming the budget', async () => {
    const stuck = stuckResolver();
    const fetcher = new ResourceFetcher({ baseUrl: 'https://tech.en.cx', userAgent: 't', resolver: stuck.resolver, dial: noDial, timeoutMs: 1000 });
    const pending = fetcher.fetch('http://pics.example/slow-dns.jpg');
    await expect(pending).rejects.toBeInstanceOf(TimeoutError);
    await expect(pending).rejects.toThrow(/within 1 s/);
    stuck.release();
  });

  it('a connection that never completes is cut by the budget and by cancellation too', async () => {
    // A dialer whose socket swallows the request and never answers: a blackholed connect.
    const blackhole = (): Duplex => new Duplex({ read() {}, write(_chunk, _encoding, _done) {} });
    const table = tableResolver({ 'pics.example': [PUBLIC_V4] });
    const timed = new ResourceFetcher({ baseUrl: 'https://tech.en.cx', userAgent: 't', resolver: table, dial: blackhole, timeoutMs: 1000 });
    await expect(timed.fetch('http://pics.example/x.jpg')).rejects.toBeInstanceOf(TimeoutError);
    const controller = new AbortController();
    const cancellable = new ResourceFetcher({ baseUrl: 'https://tech.en.cx', userAgent: 't', resolver: table, dial: blackhole, timeoutMs: 2000 });
    const pending = cancellable.fetch('http://pics.example/x.jpg', { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
  });

  it('an already-aborted signal never reaches the resolver', async () => {
    const stuck = stuckResolver();
    const fetcher = new ResourceFetcher({ baseUrl: 'https://tech.en.cx', userAgent: 't', resolver: stuck.resolver, dial: noDial, timeoutMs: 2000 });
    await expect(fetcher.fetch('http://pics.example/x.jpg', { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(CancelledError);
    expect(stuck.signals).toEqual([]);
    stuck.release();
  });
});
