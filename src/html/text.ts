/**
 * Organiser HTML → plain text for a model.
 *
 * Why this shape: the raw HTML of a task is mostly presentation (fonts, tables, inline styles)
 * that costs context and hides the words. Tags are dropped, entities decoded, and whitespace
 * collapsed as a browser would — but line breaks survive (riddles are often laid out in lines),
 * and every picture stays in place as `[picture: URL]` (with its alt text when there is one) and
 * every link as `text (URL)`, so the model still sees *where* in the task a picture was and can
 * pass that exact URL to `enc_view_image`.
 */
import { decodeEntities } from './entities.js';
import { tokenizeHtml } from './tokens.js';
import type { UrlResolver } from './urls.js';
import { firstSrcsetUrl } from './srcset.js';

/** Tags after (or before) which a browser starts a new line. */
const BLOCK_TAGS = new Set([
  'p', 'div', 'br', 'li', 'ul', 'ol', 'tr', 'table', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr',
  'blockquote', 'pre', 'center', 'section', 'article', 'header', 'footer', 'dd', 'dt', 'dl', 'figure',
  'figcaption', 'form', 'address', 'caption',
]);

/** Open links tracked at once; real HTML never nests links, deeper ones are read as plain text. */
const MAX_LINK_NESTING = 16;

/** Table cells: separated by a space so "cell1cell2" does not fuse into one word. */
const CELL_TAGS = new Set(['td', 'th']);

/**
 * Plain text of an HTML fragment, with pictures and links kept as URLs.
 *
 * @example
 * ```ts
 * htmlToText('Найдите<br><img src="/u/a.jpg" alt="карта">', resolve);
 * // 'Найдите\n[picture "карта": https://tech.en.cx/u/a.jpg]'
 * ```
 */
export function htmlToText(html: string, resolveUrl: UrlResolver): string {
  const out: string[] = [];
  const links: Array<{ href: string | null; startIndex: number }> = [];
  let lastPicture: string | null = null;
  for (const token of tokenizeHtml(html)) {
    if (token.type === 'text') {
      out.push(decodeEntities(token.text).replace(/[ \t\r\n\f]+/g, ' '));
      continue;
    }
    const { name, closing, attrs } = token;
    if (BLOCK_TAGS.has(name)) {
      out.push('\n');
      if (name === 'li' && !closing) out.push('• ');
      continue;
    }
    if (CELL_TAGS.has(name)) {
      out.push(' ');
      continue;
    }
    if (name === 'img' && !closing) {
      const src = attrs['src'] ?? (attrs['srcset'] !== undefined ? firstSrcsetUrl(attrs['srcset']) : undefined);
      const url = src === undefined ? null : resolveUrl(src);
      const alt = (attrs['alt'] ?? '').replace(/\s+/g, ' ').trim();
      const label = alt === '' ? 'picture' : `picture ${JSON.stringify(alt)}`;
      out.push(url === null ? `[${label}]` : `[${label}: ${url}]`);
      lastPicture = url;
      continue;
    }
    if (name === 'a') {
      if (!closing) {
        // Bounded so hostile nesting (<a><a><a>…) cannot make the inner-text checks quadratic.
        if (links.length < MAX_LINK_NESTING) {
          links.push({ href: attrs['href'] === undefined ? null : resolveUrl(attrs['href']), startIndex: out.length });
        }
        lastPicture = null;
      } else {
        const link = links.pop();
        if (link?.href) {
          const inner = out.slice(link.startIndex).join('').trim();
          // A link around its own picture, or whose text is the URL, would just repeat it.
          if (inner !== link.href && link.href !== lastPicture) out.push(` (${link.href})`);
        }
      }
    }
  }
  return tidy(out.join(''));
}

/** Trims every line, and keeps at most one blank line between paragraphs. */
function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
