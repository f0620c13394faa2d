/**
 * Every picture an HTML fragment refers to, in document order: `<img src>`/`srcset`,
 * `<source srcset>`/`src`, a `background` attribute, CSS `url(…)` in a `style` attribute, and
 * links (`<a href>`) whose path ends in a picture extension (a query string after it is fine).
 * Values come back with entities decoded but not yet resolved.
 */
import { tokenizeHtml } from './tokens.js';
import { srcsetUrls } from './srcset.js';

/** Extensions of files the imaging core can decode; a link to one of them is a picture. */
const PICTURE_EXTENSION = /\.(?:png|jpe?g|gif|webp|bmp|tiff?)$/i;

/** `url(…)` in inline CSS, quoted or not. Bounded length keeps the scan linear. */
const CSS_URL = /url\(\s*(?:"([^"]{1,2048})"|'([^']{1,2048})'|([^)'"\s]{1,2048}))\s*\)/gi;

/** True when the URL's path (before `?` or `#`) ends in a picture extension. */
export function looksLikePictureFile(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return PICTURE_EXTENSION.test(path);
}

/**
 * Picture URLs referenced by one HTML fragment, in document order (duplicates kept; the caller
 * dedupes across fragments).
 *
 * @example
 * ```ts
 * pictureUrlsInHtml('<img src="/a.jpg"><a href="b.png?x=1">b</a>'); // ['/a.jpg', 'b.png?x=1']
 * ```
 */
export function pictureUrlsInHtml(html: string): string[] {
  const urls: string[] = [];
  for (const token of tokenizeHtml(html)) {
    if (token.type !== 'tag' || token.closing) continue;
    const { name, attrs } = token;
    if (name === 'img' || name === 'source' || (name === 'input' && attrs['type']?.toLowerCase() === 'image')) {
      if (attrs['src'] !== undefined) urls.push(attrs['src']);
      if (attrs['srcset'] !== undefined) urls.push(...srcsetUrls(attrs['srcset']));
    } else if (name === 'a' && attrs['href'] !== undefined && looksLikePictureFile(attrs['href'].trim())) {
      urls.push(attrs['href']);
    }
    if (attrs['background'] !== undefined) urls.push(attrs['background']);
    const style = attrs['style'];
    if (style !== undefined && style.includes('url(')) {
      for (const m of style.matchAll(CSS_URL)) urls.push(m[1] ?? m[2] ?? m[3] ?? '');
    }
  }
  return urls.filter((u) => u.trim() !== '');
}
