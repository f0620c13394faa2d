/**
 * `Transport`: one domain's HTTP plumbing, shared by the player API and the admin API. It owns
 * the cookie jar (a session is the jar), the User-Agent the session is bound to, the timeout,
 * the reply size cap, and the pacing per origin; it never follows a redirect on its own (a 302
 * carries meaning), and every transport failure comes out as a typed error.
 *
 * Pacing, per origin: player calls start at least `playerIntervalMs` apart (they may overlap
 * once started); an admin GET is followed by `adminGetPauseMs` and an admin POST by
 * `adminPostPauseMs` before the next request to that origin starts, because bursts of editor
 * traffic are what trips the engine's anti-spam wall.
 */
import { parseHtmlReply, parseJsonReply, type RawReply, type ReplyContext } from './classify-reply.js';
import { CookieJar, type PlainCookie } from './cookie-jar.js';
import type { CallOptions } from './engine.js';
import { CancelledError, EncounterError, NetworkError, TimeoutError } from './errors.js';
import { TurnQueue, abortableSleep } from './pacing.js';

/** Sent on every request of a session; the engine binds sessions to the User-Agent used at login. */
export const DEFAULT_USER_AGENT = 'encx-agenttools/0.1 (encli)';
/** 15 s: the engine's own default for every call. */
export const DEFAULT_TIMEOUT_MS = 15_000;
/** 32 MiB: larger than any real statistics page or scenario export, small enough that a hostile reply cannot exhaust memory. */
export const DEFAULT_MAX_REPLY_BYTES = 32 * 1024 * 1024;

/** Pauses between requests to one origin, in ms. */
export interface Pacing {
  /** Minimum spacing between the starts of two player calls. */
  playerIntervalMs: number;
  /** Pause after an admin GET completes. */
  adminGetPauseMs: number;
  /** Pause after an admin POST completes. */
  adminPostPauseMs: number;
}

/** The engine-friendly default: the iOS app's 350 ms cadence, and the reference editor's 200 / 1200 ms. */
export const DEFAULT_PACING: Readonly<Pacing> = { playerIntervalMs: 350, adminGetPauseMs: 200, adminPostPauseMs: 1200 };
/** No pauses at all: for an in-process fake, where there is no wall to trip. */
export const NO_PACING: Readonly<Pacing> = { playerIntervalMs: 0, adminGetPauseMs: 0, adminPostPauseMs: 0 };

/** Which side of the engine a request belongs to (selects its pacing). */
export type RequestArea = 'player' | 'admin';

export interface TransportOptions {
  /** Site host, e.g. `tech.en.cx` (lower-cased; port kept). */
  domain: string;
  /** Full base URL; default `https://<domain>`. Tests pass `http://127.0.0.1:PORT`. */
  baseUrl?: string;
  /** Any `fetch`: the global one, or a fake engine's handler for in-process tests. */
  fetch?: (input: Request | URL | string, init?: RequestInit) => Promise<Response>;
  userAgent?: string;
  /** Cookies of a saved session. */
  cookies?: readonly PlainCookie[];
  timeoutMs?: number;
  maxReplyBytes?: number;
  /** Pauses per origin (partial values complete from DEFAULT_PACING). */
  pacing?: Partial<Pacing>;
  /** Clock in ms and a sleep that rejects on abort; injectable for tests. */
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** One request as the transport sends it. */
export interface TransportRequest extends CallOptions {
  method?: 'GET' | 'POST';
  /** Form fields, sent form-urlencoded (repeated names allowed as pairs). */
  form?: Record<string, string> | ReadonlyArray<readonly [string, string]>;
  area?: RequestArea;
  /** Extra headers (e.g. `Referer`). */
  headers?: Record<string, string>;
}

/**
 * @example
 * ```ts
 * const t = new Transport({ domain: 'tech.en.cx' });
 * const reply = await t.request(t.url('/home/', { json: '1' }));
 * ```
 */
export class Transport {
  readonly domain: string;
  readonly site: URL;
  readonly userAgent: string;
  readonly jar = new CookieJar();
  readonly timeoutMs: number;
  readonly pacing: Readonly<Pacing>;
  private readonly fetchImpl: NonNullable<TransportOptions['fetch']>;
  private readonly maxReplyBytes: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly origins = new Map<string, TurnQueue>();

  constructor(options: TransportOptions) {
    this.domain = options.domain.trim().toLowerCase();
    this.site = new URL(options.baseUrl ?? `https://${this.domain}`);
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxReplyBytes = options.maxReplyBytes ?? DEFAULT_MAX_REPLY_BYTES;
    this.pacing = { ...DEFAULT_PACING, ...options.pacing };
    this.now = options.now ?? (() => performance.now());
    this.sleep = options.sleep ?? abortableSleep;
    if (options.cookies) this.jar.import(this.site.hostname, options.cookies);
  }

  /** An absolute URL on the site. */
  url(path: string, query: Record<string, string> = {}): URL {
    const url = new URL(path, this.site);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return url;
  }

  /** The context reply classification needs. */
  ctx(playGameId?: number): ReplyContext {
    return { site: this.site, domain: this.domain, playGameId };
  }

  /** One exchange, paced, with cookies in and out; redirects come back as they are. */
  async request(url: URL, req: TransportRequest = {}): Promise<RawReply> {
    const queue = this.queueFor(url.origin);
    const method = req.method ?? (req.form ? 'POST' : 'GET');
    const area = req.area ?? 'player';
    if (area === 'player') {
      // Player calls: the next may start one interval after this one STARTS (they may overlap).
      const release = await queue.enter(req.signal, this.pacing.playerIntervalMs);
      release(this.pacing.playerIntervalMs);
      return this.exchange(method, url, req);
    }
    // Admin calls: the pause follows the whole exchange, so editor traffic never bursts.
    const release = await queue.enter(req.signal, 0);
    try {
      return await this.exchange(method, url, req);
    } finally {
      release(method === 'POST' ? this.pacing.adminPostPauseMs : this.pacing.adminGetPauseMs);
    }
  }

  /** A JSON call: the request, then the contract's classification. */
  async json(url: URL, req: TransportRequest = {}, playGameId?: number): Promise<unknown> {
    return parseJsonReply(await this.request(url, req), this.ctx(playGameId));
  }

  /** An HTML page: the request, then the contract's classification; resolves to the page. */
  async html(url: URL, req: TransportRequest = {}, playGameId?: number): Promise<string> {
    return parseHtmlReply(await this.request(url, req), this.ctx(playGameId));
  }

  private queueFor(origin: string): TurnQueue {
    let q = this.origins.get(origin);
    if (!q) {
      q = new TurnQueue(this.now, this.sleep);
      this.origins.set(origin, q);
    }
    return q;
  }

  private async exchange(method: 'GET' | 'POST', url: URL, req: TransportRequest): Promise<RawReply> {
    if (req.signal?.aborted) throw new CancelledError(`the request to ${url.href}`);
    const headers: Record<string, string> = {
      'User-Agent': this.userAgent,
      Accept: 'application/json, text/html;q=0.9, */*;q=0.5',
      'Cache-Control': 'no-cache',
      ...req.headers,
    };
    const cookie = this.jar.headerFor(url);
    if (cookie) headers.Cookie = cookie;
    let body: string | undefined;
    if (req.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded; charset=utf-8';
      body = new URLSearchParams(Array.isArray(req.form) ? (req.form as Array<[string, string]>) : (req.form as Record<string, string>)).toString();
    }
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
    try {
      const res = await this.fetchImpl(url, { method, headers, body, redirect: 'manual', signal });
      this.jar.setFromResponse(url, typeof res.headers.getSetCookie === 'function' ? res.headers.getSetCookie() : []);
      const text = await readTextCapped(res, this.maxReplyBytes, url.href);
      return { url: url.href, status: res.status, location: res.headers.get('location'), body: text };
    } catch (err) {
      if (err instanceof EncounterError) throw err;
      if (req.signal?.aborted) throw new CancelledError(`the request to ${url.href}`);
      if (timeout.aborted) throw new TimeoutError(url.href, this.timeoutMs);
      throw new NetworkError(url.href, err);
    }
  }
}

/** Read a fetch body as UTF-8, refusing more than `cap` bytes. */
async function readTextCapped(res: Response, cap: number, href: string): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      await reader.cancel().catch(() => undefined);
      throw new EncounterError(`the engine's reply from ${href} is over ${cap} bytes; refusing to read it`);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder('utf-8').decode(all);
}
