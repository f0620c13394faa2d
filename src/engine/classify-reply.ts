/**
 * Turns a raw engine reply into data or the right typed error, in the order of
 * docs/engine-contract.md, «Reply classification»: redirects, anti-spam, HTML (login page or
 * not), empty body, JSON.
 * JSON.parse failures never escape as SyntaxError.
 */
import {
  AntiSpamError,
  EmptyResponseError,
  EngineHtmlError,
  GameNotFoundError,
  HttpError,
  SessionExpiredError,
  UndecodableResponseError,
} from './errors.js';
import { antiSpamLoginLink, isAntiSpamPage, isLoginPage } from './html-pages.js';

/** What came back from one engine request (redirects are never followed automatically). */
export interface RawReply {
  /** Absolute URL that was requested. */
  url: string;
  status: number;
  /** `Location` header, if any. */
  location: string | null;
  body: string;
}

export interface ReplyContext {
  /** The site origin, for resolving relative redirect targets. */
  site: URL;
  /** Domain named in messages (`tech.en.cx`). */
  domain: string;
  /** Set for play-page calls: a redirect to `/` then means the game does not exist. */
  playGameId?: number;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Steps 2–4 that apply to JSON and HTML calls alike; returns normally when none matched. */
function checkRedirectAndProtection(reply: RawReply, ctx: ReplyContext): void {
  if (REDIRECT_STATUSES.has(reply.status)) {
    const location = reply.location ?? '';
    const lower = location.toLowerCase();
    const target = safeUrl(location, ctx.site);
    if (lower.includes('nothumanrequest')) throw new AntiSpamError(target, antiSpamLoginLink(reply.body));
    if (lower.includes('login.aspx')) throw new SessionExpiredError(ctx.domain, 'the engine redirected to its sign-in page');
    if (ctx.playGameId !== undefined) {
      const path = safePath(location, ctx.site);
      if (path === '/' || path === '') throw new GameNotFoundError(ctx.playGameId, ctx.domain);
    }
    throw new HttpError(reply.url, reply.status);
  }
  // Only non-JSON bodies are scanned: a game's own text may mention the wall without being it.
  const looksJson = /^[\s\uFEFF]*[{[]/.test(reply.body);
  if (isAntiSpamPage(reply.url) || (!looksJson && isAntiSpamPage(reply.body))) {
    const link = antiSpamLoginLink(reply.body);
    throw new AntiSpamError(isAntiSpamPage(reply.url) ? reply.url : safeUrl('/NotHumanRequest.aspx', ctx.site), link ? safeUrl(link, ctx.site) : null);
  }
}

/** Decode a JSON reply or throw the matching typed error. */
export function parseJsonReply(reply: RawReply, ctx: ReplyContext): unknown {
  checkRedirectAndProtection(reply, ctx);
  const text = reply.body.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('<')) {
    if (isLoginPage(text)) throw new SessionExpiredError(ctx.domain, 'the engine answered with its sign-in page');
    throw new EngineHtmlError(reply.url, reply.status);
  }
  const ok = reply.status >= 200 && reply.status < 300;
  if (text === '') {
    if (ok) throw new EmptyResponseError(reply.url, reply.status);
    throw new HttpError(reply.url, reply.status);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UndecodableResponseError(reply.url, reply.status, ok);
  }
  if (!ok) throw new HttpError(reply.url, reply.status);
  return value;
}

/** Check an HTML page reply (profile, team, front page…) and return its text. */
export function parseHtmlReply(reply: RawReply, ctx: ReplyContext): string {
  checkRedirectAndProtection(reply, ctx);
  if (reply.status === 403 || reply.status === 401) {
    throw new SessionExpiredError(ctx.domain, `the engine refused the page with HTTP ${reply.status} (sign-in required)`);
  }
  if (reply.status < 200 || reply.status >= 300) throw new HttpError(reply.url, reply.status);
  return reply.body;
}

function safeUrl(location: string, site: URL): string {
  try {
    return new URL(location, site).href;
  } catch {
    return location;
  }
}

function safePath(location: string, site: URL): string {
  try {
    const u = new URL(location, site);
    return u.origin === site.origin ? u.pathname : '<other site>';
  } catch {
    return '<invalid>';
  }
}
