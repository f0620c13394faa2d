/**
 * The optional web tools: `web_search` (DuckDuckGo's plain-HTML results page, 8 hits) and
 * `web_fetch` (one page as readable text, at most 20 000 characters). Both go through the host's
 * page fetcher — on Node the same safe fetcher that loads game pictures, which refuses private
 * and local addresses — so a page a game author controls cannot aim the agent at the player's
 * own network.
 */
import { decodeEntities } from '../html/entities.js';
import { htmlToText } from '../html/text.js';
import { tokenizeHtml } from '../html/tokens.js';
import { createUrlResolver } from '../html/urls.js';
import type { HostTool, HostToolResult } from './host-tools.js';

/** A fetched page: its bytes, its media type and the URL it finally came from. */
export interface FetchedPage {
  bytes: Uint8Array;
  contentType: string;
  url: string;
}

/** GET one URL safely (no private targets, bounded size, bounded redirects). */
export type PageFetcher = (url: string, options: { signal?: AbortSignal; maxBytes: number }) => Promise<FetchedPage>;

export const WEB_FETCH_MAX_CHARS = 20_000;
export const WEB_FETCH_MAX_BYTES = 4 * 1024 * 1024;
export const WEB_SEARCH_MAX_RESULTS = 8;
/** DuckDuckGo's results page without scripts; the query goes in `q`. */
export const DUCKDUCKGO_HTML_URL = 'https://html.duckduckgo.com/html/';

/** One search hit. */
export interface SearchHit {
  title: string;
  url: string;
  snippet: string;
}

/**
 * The two web tools over a page fetcher.
 *
 * @example
 * ```ts
 * const [search, fetchPage] = webTools(nodePageFetcher);
 * ```
 */
export function webTools(fetchPage: PageFetcher, searchUrl = DUCKDUCKGO_HTML_URL): HostTool[] {
  const search: HostTool = {
    spec: {
      name: 'web_search',
      description: `Search the web (DuckDuckGo) and list up to ${WEB_SEARCH_MAX_RESULTS} results with title, URL and snippet. Use for facts a task refers to (places, dates, people), then web_fetch a result to read it.`,
      parameters: { type: 'object', properties: { query: { type: 'string', description: 'what to search for' } }, required: ['query'] },
    },
    async run(args, call) {
      const query = typeof args.query === 'string' ? args.query.trim() : '';
      if (query === '') return fail('web_search', 'query is required (a non-empty string)');
      const url = `${searchUrl}?q=${encodeURIComponent(query)}`;
      let page: FetchedPage;
      try {
        page = await fetchPage(url, { signal: call.signal, maxBytes: WEB_FETCH_MAX_BYTES });
      } catch (err) {
        return fail('web_search', `the search page could not be loaded: ${(err as Error).message}`);
      }
      const hits = parseDuckDuckGoResults(decodeText(page)).slice(0, WEB_SEARCH_MAX_RESULTS);
      return { ok: true, text: JSON.stringify({ query, results: hits }) };
    },
  };
  const fetchTool: HostTool = {
    spec: {
      name: 'web_fetch',
      description: `Load a web page and return its readable text (at most ${WEB_FETCH_MAX_CHARS} characters), with links and pictures kept as URLs.`,
      parameters: { type: 'object', properties: { url: { type: 'string', description: 'an http or https URL' } }, required: ['url'] },
    },
    async run(args, call) {
      const url = typeof args.url === 'string' ? args.url.trim() : '';
      if (!/^https?:\/\//i.test(url)) return fail('web_fetch', 'url must be an http:// or https:// address');
      let page: FetchedPage;
      try {
        page = await fetchPage(url, { signal: call.signal, maxBytes: WEB_FETCH_MAX_BYTES });
      } catch (err) {
        return fail('web_fetch', `${url} could not be loaded: ${(err as Error).message}`);
      }
      const type = page.contentType.toLowerCase();
      let text: string;
      if (type.includes('html') || type === '') text = htmlToText(decodeText(page), createUrlResolver(page.url), { scripts: false });
      else if (type.startsWith('text/') || type.includes('json') || type.includes('xml')) text = decodeText(page);
      else return fail('web_fetch', `${page.url} is ${type}, not a page with text`);
      const cut = text.length > WEB_FETCH_MAX_CHARS;
      return {
        ok: true,
        text: JSON.stringify({
          url: page.url,
          content: cut ? text.slice(0, WEB_FETCH_MAX_CHARS) : text,
          ...(cut ? { truncated: `the page has ${text.length} characters; only the first ${WEB_FETCH_MAX_CHARS} are shown` } : {}),
        }),
      };
    },
  };
  return [search, fetchTool];
}

function fail(tool: string, message: string): HostToolResult {
  return { ok: false, text: `${tool} failed: ${message}` };
}

/** The page's text in its declared charset (UTF-8 when none or unknown). */
function decodeText(page: FetchedPage): string {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(page.contentType)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(page.bytes);
  } catch {
    return new TextDecoder('utf-8').decode(page.bytes);
  }
}

/**
 * The hits of DuckDuckGo's HTML results page: `a.result__a` (title and link, the link often a
 * `/l/?uddg=<target>` redirect) followed by `.result__snippet`. Ads (`result--ad`) are skipped.
 *
 * @example
 * ```ts
 * parseDuckDuckGoResults(html)[0]; // { title: 'Red Square', url: 'https://…', snippet: '…' }
 * ```
 */
export function parseDuckDuckGoResults(html: string): SearchHit[] {
  const hits: SearchHit[] = [];
  let current: SearchHit | null = null;
  let capture: 'title' | 'snippet' | null = null;
  let depth = 0;
  for (const token of tokenizeHtml(html)) {
    if (token.type === 'tag') {
      const classes = ` ${token.attrs.class ?? ''} `;
      if (!token.closing && token.name === 'a' && classes.includes(' result__a ')) {
        const url = targetOf(token.attrs.href ?? '');
        current = url && !url.includes('duckduckgo.com/y.js') ? { title: '', url, snippet: '' } : null;
        if (current) hits.push(current);
        capture = current ? 'title' : null;
        depth = 0;
        continue;
      }
      if (!token.closing && current && classes.includes(' result__snippet ')) {
        capture = 'snippet';
        depth = 0;
        continue;
      }
      if (capture && !token.closing && token.name !== 'br') depth++;
      if (capture && token.closing) {
        if (depth === 0) capture = null;
        else depth--;
      }
      continue;
    }
    if (capture && current) current[capture] += decodeEntities(token.text);
  }
  return hits
    .map((h) => ({ title: squash(h.title), url: h.url, snippet: squash(h.snippet) }))
    .filter((h) => h.title !== '');
}

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The real target of a result link (DuckDuckGo wraps it as `//duckduckgo.com/l/?uddg=…`). */
function targetOf(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href, 'https://duckduckgo.com/');
  } catch {
    return null;
  }
  const wrapped = url.hostname.endsWith('duckduckgo.com') && url.pathname === '/l/' ? url.searchParams.get('uddg') : null;
  const target = wrapped ?? url.href;
  return /^https?:\/\//i.test(target) ? target : null;
}
