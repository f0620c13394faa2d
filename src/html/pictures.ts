/**
 * Every picture and every sound, film or embedded player an HTML fragment refers to, in document
 * order. Pictures: `<img src>`/`srcset`, `<input type=image>`, `<source>` inside `<picture>`, a
 * video's `poster`, a `background` attribute, CSS `url(…)` in a `style` attribute, and links whose
 * path ends in a picture extension. Media: `<audio>`, `<video>`, their `<source>`, `<bgsound>`,
 * `<iframe>`, `<frame>`, `<embed>`, `<object>`, and links to sound or film files. A clip is never
 * listed as a picture (what counts as which is decided in `carriers.ts`). Values come back with
 * entities decoded but not yet resolved.
 */
import { elementReferences, mayBePicture, type MediaKind, type MediaParent } from './carriers.js';
import { tokenizeHtml, type HtmlToken } from './tokens.js';

export { looksLikePictureFile } from './carriers.js';

/** `url(…)` in inline CSS, quoted or not. Bounded length keeps the scan linear. */
const CSS_URL = /url\(\s*(?:"([^"]{1,2048})"|'([^']{1,2048})'|([^)'"\s]{1,2048}))\s*\)/gi;

/** One sound, film or embed reference of a fragment. */
export interface MediaReference {
  kind: MediaKind;
  url: string;
}

/**
 * Picture URLs referenced by one HTML fragment, in document order (duplicates kept; the caller
 * dedupes across fragments).
 *
 * @example
 * ```ts
 * pictureUrlsInHtml('<img src="/a.jpg"><a href="b.png?x=1">b</a><video><source src="c.mp4"></video>');
 * // ['/a.jpg', 'b.png?x=1']
 * ```
 */
export function pictureUrlsInHtml(html: string): string[] {
  const urls: string[] = [];
  walkReferences(html, (kind, url) => {
    if (kind === 'picture') urls.push(url);
  });
  return urls.filter((u) => u.trim() !== '');
}

/**
 * Sound, film and embedded-player URLs referenced by one HTML fragment, in document order.
 *
 * @example
 * ```ts
 * mediaInHtml('<audio src="/s.mp3"></audio><iframe src="https://www.youtube.com/embed/x"></iframe>');
 * // [{ kind: 'audio', url: '/s.mp3' }, { kind: 'embed', url: 'https://www.youtube.com/embed/x' }]
 * ```
 */
export function mediaInHtml(html: string): MediaReference[] {
  const media: MediaReference[] = [];
  walkReferences(html, (kind, url) => {
    if (kind === 'audio' || kind === 'video' || kind === 'embed') media.push({ kind, url });
  });
  return media;
}

/** Calls `found` for every reference of every opening tag, tracking the `<audio>`/`<video>`/`<picture>` a `<source>` belongs to. */
function walkReferences(html: string, found: (kind: 'picture' | MediaKind | 'subtitles', url: string) => void): void {
  const parents: MediaParent[] = [];
  for (const token of tokenizeHtml(html)) {
    if (token.type !== 'tag') continue;
    const { name, attrs } = token;
    if (name === 'audio' || name === 'video' || name === 'picture') {
      if (token.closing) {
        const at = parents.lastIndexOf(name);
        if (at >= 0) parents.splice(at);
      } else if (parents.length < 64) {
        parents.push(name);
      }
    }
    if (token.closing) continue;
    for (const ref of elementReferences(name, attrs, parents.at(-1))) found(ref.kind, ref.url);
    for (const url of styleUrls(token)) found('picture', url);
  }
}

/** Pictures a tag's styling loads: a `background` attribute and CSS `url(…)`. */
function styleUrls(token: Extract<HtmlToken, { type: 'tag' }>): string[] {
  const urls: string[] = [];
  const { attrs } = token;
  if (attrs['background'] !== undefined) urls.push(attrs['background']);
  const style = attrs['style'];
  if (style !== undefined && style.includes('url(')) {
    for (const m of style.matchAll(CSS_URL)) urls.push(m[1] ?? m[2] ?? m[3] ?? '');
  }
  return urls.filter((url) => mayBePicture(url));
}
