/**
 * The local server's gate. A page on 127.0.0.1 is reachable by every other page the browser has
 * open, so every request must prove three things:
 * - the secret (from the printed URL, then a cookie): another local user or a page that guessed
 *   the port cannot act;
 * - the `Host` header names this server by loopback name or IP literal: a DNS-rebinding page
 *   carries its own domain name there;
 * - the `Origin`, when a browser sends one, is this very server: a foreign page's script cannot
 *   post (CSRF) or read the event stream.
 * Runtime-neutral (Web Crypto for the constant-time compare is not needed: plain XOR over bytes).
 */

export interface GuardOptions {
  secret: string;
  /** The port the server listens on; a Host or Origin with another port is refused. */
  port: number;
  /** Host names accepted besides `localhost` and IP literals (the explicit `--host` name). */
  extraHostNames?: readonly string[];
}

export type GuardVerdict = { ok: true } | { ok: false; status: 401 | 403 | 421; reason: string };

/**
 * Cookie names are not port-scoped: two servers on one machine must not overwrite each other's.
 *
 * @example
 * ```ts
 * secretCookieName(8765); // 'encli_web_8765'
 * ```
 */
export function secretCookieName(port: number): string {
  return `encli_web_${port}`;
}

/**
 * @example
 * ```ts
 * const guard = new RequestGuard({ secret, port: 8765 });
 * guard.checkHost('127.0.0.1:8765'); // true
 * guard.checkHost('evil.example:8765'); // false
 * ```
 */
export class RequestGuard {
  private readonly secret: string;
  private readonly port: number;
  private readonly extraHostNames: Set<string>;

  constructor(options: GuardOptions) {
    if (options.secret.length < 16) throw new Error('the web secret must be at least 16 characters');
    this.secret = options.secret;
    this.port = options.port;
    this.extraHostNames = new Set((options.extraHostNames ?? []).map((h) => h.toLowerCase()));
  }

  /** The `Host` header names this server: loopback name or an IP literal, and our port. */
  checkHost(host: string | null): boolean {
    if (!host) return false;
    const parsed = splitHostPort(host.trim().toLowerCase());
    if (!parsed || parsed.port !== this.port) return false;
    const name = parsed.hostname;
    return name === 'localhost' || isIpLiteral(name) || this.extraHostNames.has(name);
  }

  /** An `Origin` (when sent) must be exactly this server as the request addressed it. */
  checkOrigin(origin: string | null, host: string): boolean {
    if (origin === null) return true;
    return origin.toLowerCase() === `http://${host.trim().toLowerCase()}`;
  }

  /** The secret matches (constant time, so its length and prefix cannot be probed by timing). */
  checkSecret(candidate: string | null | undefined): boolean {
    if (typeof candidate !== 'string') return false;
    let diff = candidate.length ^ this.secret.length;
    for (let i = 0; i < this.secret.length; i++) diff |= this.secret.charCodeAt(i) ^ (candidate.charCodeAt(i) || 0);
    return diff === 0;
  }

  /** The secret a request carries: its cookie, or `Authorization: Bearer` (scripts). */
  secretOf(headers: Headers): string | null {
    const auth = headers.get('authorization');
    if (auth && /^bearer\s+/i.test(auth)) return auth.replace(/^bearer\s+/i, '').trim();
    return cookieValue(headers.get('cookie'), secretCookieName(this.port));
  }

  /**
   * The whole check for one request. `needsOrigin`: state-changing requests must name their
   * origin (browsers always send it on POST), so a client that strips it is refused too.
   */
  verify(request: Request, options: { needsSecret: boolean; needsOrigin: boolean }): GuardVerdict {
    const host = request.headers.get('host');
    if (!this.checkHost(host)) {
      return { ok: false, status: 421, reason: `this server does not answer to the host "${host ?? ''}"` };
    }
    const origin = request.headers.get('origin');
    if (options.needsOrigin && origin === null) return { ok: false, status: 403, reason: 'the request names no Origin' };
    if (!this.checkOrigin(origin, host!)) return { ok: false, status: 403, reason: `requests from ${origin} are not allowed` };
    // A browser that says the request is cross-site is believed even when Origin was absent.
    const site = request.headers.get('sec-fetch-site');
    if (site !== null && site !== 'same-origin' && site !== 'none' && options.needsSecret) {
      return { ok: false, status: 403, reason: `cross-site requests (${site}) are not allowed` };
    }
    if (options.needsSecret && !this.checkSecret(this.secretOf(request.headers))) {
      return { ok: false, status: 401, reason: 'open the address encli web printed: it carries the secret this page needs' };
    }
    return { ok: true };
  }

  /** The `Set-Cookie` value that stores the secret for this server's pages and API. */
  cookie(): string {
    return `${secretCookieName(this.port)}=${this.secret}; Path=/; HttpOnly; SameSite=Strict`;
  }
}

function splitHostPort(host: string): { hostname: string; port: number } | null {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+):(\d{1,5})$/.exec(host);
  if (!match) return null;
  return { hostname: match[1]!, port: Number(match[2]) };
}

/** A dotted-quad IPv4 or a bracketed IPv6 literal: names no DNS answer can rebind. */
function isIpLiteral(name: string): boolean {
  if (name.startsWith('[') && name.endsWith(']')) return /^[0-9a-f:.]+$/.test(name.slice(1, -1)) && name.includes(':');
  const parts = name.split('.');
  return parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}
