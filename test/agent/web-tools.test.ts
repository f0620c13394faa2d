import { describe, expect, it } from 'vitest';
import { parseDuckDuckGoResults, webTools, WEB_FETCH_MAX_CHARS, type FetchedPage, type PageFetcher } from '../../src/agent/web-tools.js';

const enc = (text: string) => new TextEncoder().encode(text);

/** A DuckDuckGo HTML results page in the shape its no-script endpoint serves. */
function resultsPage(n: number): string {
  const results = Array.from({ length: n }, (_, i) => `
    <div class="result results_links results_links_deep web-result">
      <div class="links_main links_deep result__body">
        <h2 class="result__title"><a rel="nofollow" class="result__a" href="//duckduckgo.com/l/?uddg=${encodeURIComponent(`https://example.org/page${i}?a=1&b=2`)}&amp;rut=abc">Result <b>${i}</b> &amp; more</a></h2>
        <a class="result__snippet" href="//duckduckgo.com/l/?uddg=x">Snippet of <b>page</b>&nbsp;${i}</a>
      </div>
    </div>`);
  const ad = `<div class="result result--ad"><a class="result__a" href="https://duckduckgo.com/y.js?ad_provider=x">Buy now</a></div>`;
  return `<html><body>${ad}${results.join('')}</body></html>`;
}

function fakeFetcher(pages: Record<string, FetchedPage | Error>): PageFetcher & { urls: string[] } {
  const urls: string[] = [];
  const f = async (url: string) => {
    urls.push(url);
    const page = pages[url.split('?')[0]!] ?? pages[url];
    if (!page) throw new Error(`no fake page for ${url}`);
    if (page instanceof Error) throw page;
    return page;
  };
  return Object.assign(f, { urls });
}

const call = { callId: 'call-1', turn: 1, signal: new AbortController().signal };

describe('web tools', () => {
  it('parses DuckDuckGo results: real targets out of the redirect, entities decoded, ads skipped', () => {
    const hits = parseDuckDuckGoResults(resultsPage(2));
    expect(hits).toEqual([
      { title: 'Result 0 & more', url: 'https://example.org/page0?a=1&b=2', snippet: 'Snippet of page 0' },
      { title: 'Result 1 & more', url: 'https://example.org/page1?a=1&b=2', snippet: 'Snippet of page 1' },
    ]);
  });

  it('web_search asks DuckDuckGo with the query and returns at most 8 hits', async () => {
    const fetcher = fakeFetcher({
      'https://html.duckduckgo.com/html/': { bytes: enc(resultsPage(12)), contentType: 'text/html; charset=utf-8', url: 'https://html.duckduckgo.com/html/' },
    });
    const [search] = webTools(fetcher);
    const out = await search!.run({ query: 'Красная площадь' }, call);
    expect(out.ok).toBe(true);
    expect(fetcher.urls).toEqual([`https://html.duckduckgo.com/html/?q=${encodeURIComponent('Красная площадь')}`]);
    const json = JSON.parse(out.text) as { query: string; results: unknown[] };
    expect(json.query).toBe('Красная площадь');
    expect(json.results).toHaveLength(8);
    expect(await search!.run({ query: '  ' }, call)).toEqual({ ok: false, text: 'web_search failed: query is required (a non-empty string)' });
  });

  it('web_fetch returns readable text with link URLs, cut at 20 000 characters with a note', async () => {
    const long = 'слово '.repeat(5000);
    const fetcher = fakeFetcher({
      'https://example.org/a': { bytes: enc(`<html><head><style>p{}</style><script>var x=1</script></head><body><h1>Title</h1><p>Go <a href="/b">there</a></p></body></html>`), contentType: 'text/html', url: 'https://example.org/a' },
      'https://example.org/long': { bytes: enc(`<p>${long}</p>`), contentType: 'text/html; charset=utf-8', url: 'https://example.org/long' },
      'https://example.org/cp1251': { bytes: new Uint8Array([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]), contentType: 'text/plain; charset=windows-1251', url: 'https://example.org/cp1251' },
      'https://example.org/pic': { bytes: new Uint8Array([0xff, 0xd8]), contentType: 'image/jpeg', url: 'https://example.org/pic' },
      'https://10.0.0.1/': new Error('10.0.0.1 is a private address'),
    });
    const fetchTool = webTools(fetcher)[1]!;
    const a = JSON.parse((await fetchTool.run({ url: 'https://example.org/a' }, call)).text) as { content: string };
    expect(a.content).toContain('Title');
    expect(a.content).toContain('there (https://example.org/b)');
    expect(a.content).not.toContain('var x');
    const long1 = JSON.parse((await fetchTool.run({ url: 'https://example.org/long' }, call)).text) as { content: string; truncated: string };
    expect(long1.content).toHaveLength(WEB_FETCH_MAX_CHARS);
    expect(long1.truncated).toMatch(/only the first 20000 are shown/);
    expect(JSON.parse((await fetchTool.run({ url: 'https://example.org/cp1251' }, call)).text).content).toBe('Привет');
    expect(await fetchTool.run({ url: 'https://example.org/pic' }, call)).toEqual({ ok: false, text: 'web_fetch failed: https://example.org/pic is image/jpeg, not a page with text' });
    expect((await fetchTool.run({ url: 'https://10.0.0.1/' }, call)).text).toBe('web_fetch failed: https://10.0.0.1/ could not be loaded: 10.0.0.1 is a private address');
    expect((await fetchTool.run({ url: 'file:///etc/passwd' }, call)).ok).toBe(false);
    expect(fetcher.urls).not.toContain('file:///etc/passwd');
  });
});
