/**
 * The safe fetcher for pictures referenced by game content. Those URLs are written by game
 * authors — untrusted — yet fetched from the user's machine, so this module refuses every target
 * that is not a public internet address (checked after DNS resolution), pins the checked address
 * for the connection (no DNS rebinding between check and connect), re-checks each redirect hop,
 * caps the body while streaming, and sends the engine's cookies only to the engine's own host.
 */
import { Resolver as DnsResolver } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { connect as netConnect } from 'node:net';
import type { Duplex } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';
import { sniff } from '../../imaging/sniff.js';
import { MIME_TYPES } from '../../imaging/format.js';
import {
  CancelledError,
  HttpError,
  NetworkError,
  ResourceRefusedError,
  ResourceTooLargeError,
  TimeoutError,
} from '../errors.js';
import type { FetchedResource } from '../types.js';
import { nonPublicReason, parseIpLiteral } from './ip-address.js';

/** 8 MiB: the reference cap; big enough for any task photo, small enough to hold in memory. */
export const DEFAULT_RESOURCE_MAX_BYTES = 8 * 1024 * 1024;
/** 15 s: the timeout the engine's clients use for every request (docs/engine-contract.md, «Timeouts»). */
export const DEFAULT_RESOURCE_TIMEOUT_MS = 15_000;
/** Redirect hops followed at most; each is re-checked. Picture hosts rarely need more than one. */
export const MAX_RESOURCE_REDIRECTS = 5;

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Name → every address it resolves to. Injectable so tests never query real DNS. The signal ends
 * the lookup when the fetch is cancelled or runs out of time; the fetcher does not wait for a
 * resolver that ignores it either.
 */
export type Resolver = (hostname: string, signal?: AbortSignal) => Promise<ResolvedAddress[]>;

/** Where to connect: the checked, pinned address plus the name for TLS SNI. */
export interface DialTarget {
  hostname: string;
  address: string;
  family: 4 | 6;
  port: number;
  tls: boolean;
}

/** Opens the connection to a checked address. Injectable so tests can stand in for a public host. */
export type Dialer = (target: DialTarget) => Duplex;

export interface ResourceFetcherOptions {
  /** Relative URLs resolve against this (the engine's site, e.g. `https://tech.en.cx`). */
  baseUrl: string;
  userAgent: string;
  /** Cookie header for a URL, or undefined. The client returns its cookies only for its own host. */
  cookieHeader?: (url: URL) => string | undefined;
  resolver?: Resolver;
  dial?: Dialer;
  /** Allow loopback targets (127.0.0.0/8, ::1, localhost) — for the local fake and the demo only. */
  allowLoopback?: boolean;
  maxBytes?: number;
  timeoutMs?: number;
}

export interface FetchOptions {
  signal?: AbortSignal;
  maxBytes?: number;
  /** Only the engine's domain, its subdomains and hosts under the same root zone. */
  restrictToDomain?: boolean;
}

/**
 * A and AAAA records over the network (c-ares), never getaddrinfo: getaddrinfo runs on libuv's
 * four-thread pool and cannot be cancelled, so a few pictures on a dead nameserver would block the
 * process's own lookups and file writes. A c-ares query is cancelled with the fetch.
 */
export const systemResolver: Resolver = async (hostname, signal) => {
  const dns = new DnsResolver({ timeout: 3_000, tries: 2 });
  const cancel = (): void => dns.cancel();
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    const [v4, v6] = await Promise.allSettled([dns.resolve4(hostname), dns.resolve6(hostname)]);
    const found: ResolvedAddress[] = [
      ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
      ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
    ];
    if (found.length === 0 && v4.status === 'rejected') throw v4.reason;
    return found;
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
};

/** Plain TCP, or TLS with SNI and certificate checks against the host name (not the IP). */
export const systemDialer: Dialer = (t) =>
  t.tls
    ? tlsConnect({
        host: t.address,
        port: t.port,
        servername: parseIpLiteral(t.hostname) ? undefined : t.hostname,
        ALPNProtocols: ['http/1.1'],
      })
    : netConnect({ host: t.address, port: t.port });

/** Thrown by a dialer that will not connect to a target; the fetcher reports it as a refusal. */
export class DialRefusedError extends Error {
  override name = 'DialRefusedError';
}

/**
 * A dialer that connects only to the given origins (`http://127.0.0.1:8080`), compared by scheme,
 * pinned address and port, and refuses every other target before any connection is attempted.
 * For a closed world such as the offline demo, where loopback must be reachable but only the
 * demo's own servers on it — not every local port. `origins` is read on each dial, so servers
 * started later are included.
 *
 * @example
 * ```ts
 * const dial = originsOnlyDialer(() => [fake.url], 'the offline demo fetches only its own pictures');
 * ```
 */
export function originsOnlyDialer(origins: () => readonly string[], why: string, inner: Dialer = systemDialer): Dialer {
  return (t) => {
    const scheme = t.tls ? 'https:' : 'http:';
    const allowed = origins().some((origin) => {
      const o = new URL(origin);
      const port = o.port ? Number(o.port) : o.protocol === 'https:' ? 443 : 80;
      return o.protocol === scheme && o.hostname.replace(/^\[|\]$/g, '') === t.address && port === t.port;
    });
    if (!allowed) throw new DialRefusedError(`${why} (${origins().join(', ')})`);
    return inner(t);
  };
}

/**
 * Fetches pictures from untrusted URLs.
 *
 * @example
 * ```ts
 * const fetcher = new ResourceFetcher({ baseUrl: 'https://tech.en.cx', userAgent: 'encli' });
 * const { bytes, contentType, url } = await fetcher.fetch('/GameImages/1.jpg');
 * ```
 */
export class ResourceFetcher {
  private readonly base: URL;
  private readonly resolver: Resolver;
  private readonly dial: Dialer;

  constructor(private readonly options: ResourceFetcherOptions) {
    this.base = new URL(options.baseUrl);
    this.resolver = options.resolver ?? systemResolver;
    this.dial = options.dial ?? systemDialer;
  }

  async fetch(rawUrl: string, opts: FetchOptions = {}): Promise<FetchedResource> {
    const trimmed = rawUrl.trim();
    if (trimmed === '') throw new ResourceRefusedError('""', 'the resource URL is empty');
    let url: URL;
    try {
      // A protocol-relative `//host/x` becomes absolute here and is checked like any other.
      url = new URL(trimmed, this.base);
    } catch {
      throw new ResourceRefusedError(trimmed, 'it is not a valid URL');
    }
    const maxBytes = opts.maxBytes && opts.maxBytes > 0 ? opts.maxBytes : (this.options.maxBytes ?? DEFAULT_RESOURCE_MAX_BYTES);
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_RESOURCE_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    const fail = (): never => {
      if (opts.signal?.aborted) throw new CancelledError(`fetching ${url.href}`);
      throw new TimeoutError(url.href, timeoutMs);
    };

    for (let hop = 0; ; hop++) {
      if (signal.aborted) fail();
      const target = await this.checkTarget(url, opts.restrictToDomain ?? false, signal).catch((err: unknown) => {
        if (signal.aborted) fail();
        throw err;
      });
      if (signal.aborted) fail();
      const res = await this.send(url, target, signal).catch((err: unknown) => {
        if (signal.aborted) fail();
        // A dialer's refusal is a refusal, not a network failure: no connection was attempted.
        if (err instanceof DialRefusedError) throw new ResourceRefusedError(url.href, err.message);
        throw new NetworkError(url.href, err);
      });
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (status >= 300 && status < 400 && location) {
        res.destroy();
        if (hop >= MAX_RESOURCE_REDIRECTS) {
          throw new ResourceRefusedError(url.href, `more than ${MAX_RESOURCE_REDIRECTS} redirects`);
        }
        try {
          url = new URL(location, url);
        } catch {
          throw new ResourceRefusedError(url.href, `it redirects to an invalid URL "${location.slice(0, 200)}"`);
        }
        continue;
      }
      // A 3xx without Location, 1xx leftovers and every error status are failures, never "pictures".
      if (status < 200 || status >= 300) {
        res.destroy();
        throw new HttpError(url.href, status);
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        res.destroy();
        throw new ResourceTooLargeError(url.href, maxBytes, declared);
      }
      const bytes = await readCapped(res, maxBytes, url.href, signal).catch((err: unknown) => {
        if (err instanceof ResourceTooLargeError) throw err;
        if (signal.aborted) fail();
        throw new NetworkError(url.href, err);
      });
      return { bytes, contentType: mediaType(res.headers['content-type'], bytes), url: url.href };
    }
  }

  /** Every refusal rule for one hop; returns the address to pin. */
  private async checkTarget(url: URL, restrictToDomain: boolean, signal: AbortSignal): Promise<DialTarget> {
    const href = url.href;
    const scheme = url.protocol.slice(0, -1).toLowerCase();
    if (scheme !== 'http' && scheme !== 'https') {
      throw new ResourceRefusedError(href, `unsupported scheme "${scheme}" (only http and https)`);
    }
    if (url.username || url.password) throw new ResourceRefusedError(href, 'URLs with credentials are not fetched');
    const hostname = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
    if (hostname === '') throw new ResourceRefusedError(href, 'it has no host');
    if (restrictToDomain && !this.withinDomain(hostname)) {
      throw new ResourceRefusedError(href, `${hostname} is outside the ${this.base.hostname} domain`);
    }
    const loopbackName = hostname === 'localhost' || hostname.endsWith('.localhost');
    if (loopbackName && !this.options.allowLoopback) throw new ResourceRefusedError(href, `${hostname} is a local address`);

    let addresses: ResolvedAddress[];
    const literal = parseIpLiteral(hostname);
    if (literal) addresses = [{ address: literal.text, family: literal.family }];
    else {
      try {
        addresses = loopbackName ? [{ address: '127.0.0.1', family: 4 }] : await untilAborted(this.resolver(hostname, signal), signal);
      } catch (err) {
        throw new NetworkError(href, err);
      }
      if (addresses.length === 0) throw new NetworkError(href, new Error(`${hostname} has no addresses`));
    }
    // Refuse when ANY address is non-public: a name must not mix a public decoy with a private target.
    for (const a of addresses) {
      const why = nonPublicReason(a.address);
      if (why && !(this.options.allowLoopback && isLoopback(a.address))) {
        throw new ResourceRefusedError(href, `${hostname} resolves to ${a.address}, ${why}`);
      }
    }
    const chosen = addresses[0]!;
    const port = url.port ? Number(url.port) : scheme === 'https' ? 443 : 80;
    return { hostname, address: chosen.address, family: chosen.family, port, tls: scheme === 'https' };
  }

  private withinDomain(hostname: string): boolean {
    const domain = this.base.hostname.toLowerCase();
    if (hostname === domain) return true;
    if (hostname.endsWith('.' + domain)) return true;
    const labels = domain.split('.');
    if (labels.length >= 2 && !parseIpLiteral(domain)) {
      const root = labels.slice(-2).join('.');
      if (hostname === root || hostname.endsWith('.' + root)) return true;
    }
    return false;
  }

  /** One GET over a connection to the pinned address. */
  private send(url: URL, target: DialTarget, signal: AbortSignal): Promise<IncomingMessage> {
    const headers: Record<string, string> = {
      Host: url.host,
      'User-Agent': this.options.userAgent,
      Accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8,*/*;q=0.5',
    };
    const cookie = this.options.cookieHeader?.(url);
    if (cookie) headers.Cookie = cookie;
    return new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpRequest({
        method: 'GET',
        host: target.hostname,
        port: target.port,
        path: url.pathname + url.search,
        headers,
        setHost: false,
        signal,
        createConnection: () => this.dial(target) as ReturnType<typeof netConnect>,
      });
      req.on('response', resolve);
      req.on('error', reject);
      req.end();
    });
  }
}

/**
 * The promise's outcome, or the signal's reason as soon as it aborts — whichever comes first. A
 * resolver that ignores its signal can no longer hold a fetch past its time budget.
 */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

function isLoopback(address: string): boolean {
  const ip = parseIpLiteral(address);
  if (!ip) return false;
  if (ip.family === 4) return ip.bytes[0] === 127;
  return ip.bytes.slice(0, 15).every((b) => b === 0) && ip.bytes[15] === 1;
}

/** Read the body, aborting as soon as it passes the cap (Content-Length is not trusted). */
function readCapped(res: IncomingMessage, maxBytes: number, href: string, signal: AbortSignal): Promise<Uint8Array> {
  return new Promise<Uint8Array>((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let total = 0;
    let settled = false;
    // The first outcome wins; destroy() below fires 'aborted'/'error' synchronously and must not override it.
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      outcome();
    };
    const onAbort = (): void => {
      settle(() => reject(signal.reason));
      res.destroy();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    res.on('data', (chunk: Uint8Array) => {
      total += chunk.length;
      if (total > maxBytes) {
        settle(() => reject(new ResourceTooLargeError(href, maxBytes, null)));
        res.destroy();
        return;
      }
      chunks.push(chunk);
    });
    res.on('end', () =>
      settle(() => {
        const out = new Uint8Array(total);
        let at = 0;
        for (const c of chunks) {
          out.set(c, at);
          at += c.length;
        }
        resolve(out);
      }),
    );
    res.on('error', (err) => settle(() => reject(err)));
    res.on('aborted', () => settle(() => reject(new Error('the connection closed before the body ended'))));
  });
}

/** The header's media type; when absent, what the bytes say (image formats only). */
function mediaType(header: string | undefined, bytes: Uint8Array): string {
  const fromHeader = (header ?? '').split(';')[0]!.trim().toLowerCase();
  if (fromHeader) return fromHeader;
  const format = sniff(bytes);
  return format ? MIME_TYPES[format] : '';
}
