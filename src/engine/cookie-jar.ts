/**
 * A small RFC 6265 cookie jar for one engine site: stores what `Set-Cookie` says, sends back what
 * domain/path/secure/expiry matching allows, and treats names and values as opaque (the engine's
 * cookie names are promised nowhere; see docs/engine-contract.md, «Session cookies and saved sessions»).
 */

export interface StoredCookie {
  name: string;
  value: string;
  /** Lower-case host or domain, without a leading dot. */
  domain: string;
  /** True: only the exact host; false: the domain and its subdomains. */
  hostOnly: boolean;
  path: string;
  secure: boolean;
  /** Unix ms, or null for a session cookie. */
  expires: number | null;
}

/** Only name and value travel to disk; attributes are rebuilt as host-only cookies on load. */
export interface PlainCookie {
  name: string;
  value: string;
}

/** 4096 bytes per cookie is the RFC 6265 minimum a client must support; more is hostile. */
const MAX_COOKIE_BYTES = 4096;
/** Cookies kept per jar; the engine sets a handful, a flood is refused. */
const MAX_COOKIES = 64;

export class CookieJar {
  private cookies: StoredCookie[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  /** Record every `Set-Cookie` header of a response from `url`. */
  setFromResponse(url: URL, setCookieHeaders: readonly string[]): void {
    for (const header of setCookieHeaders) {
      const cookie = parseSetCookie(header, url, this.now());
      if (!cookie) continue;
      this.cookies = this.cookies.filter(
        (c) => !(c.name === cookie.name && c.domain === cookie.domain && c.path === cookie.path),
      );
      if (cookie.expires === null || cookie.expires > this.now()) this.cookies.push(cookie);
      if (this.cookies.length > MAX_COOKIES) this.cookies.shift();
    }
  }

  /** The `Cookie` header value for a request to `url`, or undefined when nothing matches. */
  headerFor(url: URL): string | undefined {
    const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
    const now = this.now();
    const secure = url.protocol === 'https:';
    const matching = this.cookies.filter(
      (c) =>
        (c.expires === null || c.expires > now) &&
        (c.hostOnly ? host === c.domain : host === c.domain || host.endsWith('.' + c.domain)) &&
        pathMatches(url.pathname, c.path) &&
        (!c.secure || secure),
    );
    if (matching.length === 0) return undefined;
    return matching.map((c) => `${c.name}=${c.value}`).join('; ');
  }

  /** Name/value pairs of every live cookie, for saving. */
  export(): PlainCookie[] {
    const now = this.now();
    return this.cookies.filter((c) => c.expires === null || c.expires > now).map(({ name, value }) => ({ name, value }));
  }

  /** Replace the jar with saved cookies, as host-only cookies of `host`. */
  import(host: string, cookies: readonly PlainCookie[]): void {
    this.cookies = cookies.slice(0, MAX_COOKIES).map((c) => ({
      name: c.name,
      value: c.value,
      domain: host.toLowerCase(),
      hostOnly: true,
      path: '/',
      secure: false,
      expires: null,
    }));
  }

  clear(): void {
    this.cookies = [];
  }

  get size(): number {
    return this.cookies.length;
  }
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

/** Parse one `Set-Cookie` header; null when it is malformed or names a foreign domain. */
export function parseSetCookie(header: string, url: URL, now: number): StoredCookie | null {
  if (header.length > MAX_COOKIE_BYTES) return null;
  const [pair, ...attrs] = header.split(';');
  const eq = pair!.indexOf('=');
  if (eq <= 0) return null;
  const name = pair!.slice(0, eq).trim();
  const value = pair!.slice(eq + 1).trim();
  if (name === '' || /[\s;,]/.test(name)) return null;
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  // Without a Path attribute the cookie applies site-wide. RFC 6265 would default to the request's
  // directory (`/login` for the sign-in call), which would silently keep the session from play pages.
  const cookie: StoredCookie = { name, value, domain: host, hostOnly: true, path: '/', secure: false, expires: null };
  let maxAgeSeen = false;
  for (const attr of attrs) {
    const i = attr.indexOf('=');
    const key = (i >= 0 ? attr.slice(0, i) : attr).trim().toLowerCase();
    const val = i >= 0 ? attr.slice(i + 1).trim() : '';
    if (key === 'domain' && val) {
      const d = val.replace(/^\./, '').toLowerCase();
      // A server may only set cookies for itself or a parent domain of itself.
      if (host !== d && !host.endsWith('.' + d)) return null;
      cookie.domain = d;
      cookie.hostOnly = false;
    } else if (key === 'path' && val.startsWith('/')) {
      cookie.path = val;
    } else if (key === 'secure') {
      cookie.secure = true;
    } else if (key === 'max-age' && /^-?\d+$/.test(val)) {
      maxAgeSeen = true;
      const seconds = Number(val);
      cookie.expires = seconds <= 0 ? 0 : now + seconds * 1000;
    } else if (key === 'expires' && !maxAgeSeen) {
      const t = Date.parse(val);
      if (Number.isFinite(t)) cookie.expires = t;
    }
  }
  return cookie;
}
