/**
 * Organiser HTML → plain text for a model.
 *
 * Why this shape: the raw HTML of a task is mostly presentation (fonts, tables, inline styles)
 * that costs context and hides the words. Tags are dropped, entities decoded, and whitespace
 * collapsed as a browser would — but line breaks survive (riddles are often laid out in lines),
 * and everything that can carry a clue stays in place, marked with what it is: every picture as
 * `[picture: URL]`, every link as `text (URL)`, sound, film and embedded players, comments,
 * titles, form values, data attributes and text hidden with CSS (the full list is in
 * `carriers.ts`). The model sees *where* in the task each one was and can pass a picture's exact
 * URL to `enc_view_image`.
 */
import { MAX_CARRIER_CHARS, MAX_SCRIPT_CHARS, VOID_ELEMENTS, clip, elementReferences, hiddenReason, type MediaParent } from './carriers.js';
import { decodeEntities } from './entities.js';
import { firstSrcsetUrl } from './srcset.js';
import { tokenizeHtml } from './tokens.js';
import type { UrlResolver } from './urls.js';

/** Tags after (or before) which a browser starts a new line. */
const BLOCK_TAGS = new Set([
  'p', 'div', 'br', 'li', 'ul', 'ol', 'tr', 'table', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr',
  'blockquote', 'pre', 'center', 'section', 'article', 'header', 'footer', 'dd', 'dt', 'dl', 'figure',
  'figcaption', 'form', 'address', 'caption', 'details', 'summary',
]);

/** Open links tracked at once; real HTML never nests links, deeper ones are read as plain text. */
const MAX_LINK_NESTING = 16;
/** Open hidden regions and media elements tracked at once; deeper nesting is hostile, not a task. */
const MAX_OPEN_REGIONS = 64;
/** Comment, `<noscript>` and `<template>` content is HTML rendered in place; they cannot nest, one level suffices. */
const MAX_EMBEDDED_DEPTH = 1;

/** Table cells: separated by a space so "cell1cell2" does not fuse into one word. */
const CELL_TAGS = new Set(['td', 'th']);

/** Attributes whose text a reader sees (on hover, in a reader, in an empty field), by label. */
const LABEL_ATTRIBUTES: ReadonlyArray<[attribute: string, label: string]> = [
  ['title', 'title'],
  ['aria-label', 'label'],
  ['placeholder', 'placeholder'],
];

/**
 * Plain text of an HTML fragment, with every clue carrier kept in place.
 *
 * @example
 * ```ts
 * htmlToText('Найдите<br><img src="/u/a.jpg" alt="карта"><!-- код 42 -->', resolve);
 * // 'Найдите\n[picture "карта": https://tech.en.cx/u/a.jpg] [comment: код 42]'
 * ```
 */
export function htmlToText(html: string, resolveUrl: UrlResolver, options: HtmlTextOptions = {}): string {
  return tidy(render(html, resolveUrl, 0, options.scripts ?? true));
}

/**
 * How much of a page is text. Level HTML keeps script source (organisers hide codes there); a web
 * page read for the player drops it, because there it is the site's code, not a clue.
 */
export interface HtmlTextOptions {
  /** Keep `<script>` source as `[script: …]` (default true). */
  scripts?: boolean;
}

function render(html: string, resolveUrl: UrlResolver, depth: number, scripts: boolean): string {
  const out: string[] = [];
  const links: Array<{ href: string | null; startIndex: number }> = [];
  /** Open elements that matter for what follows: hidden regions and media parents of `<source>`. */
  const open: Array<{ name: string; hidden: boolean }> = [];
  /** Media URLs already shown in this fragment (`<video src=x><source src=x>` says it once). */
  const shown = new Set<string>();
  let lastPicture: string | null = null;

  const quoted = (text: string): string => JSON.stringify(clip(text, MAX_CARRIER_CHARS));
  const resolve = (raw: string | undefined): string | null => (raw === undefined || raw.trim() === '' ? null : resolveUrl(raw));
  const media = (kind: string, raw: string | undefined): void => {
    const url = resolve(raw);
    if (url === null || shown.has(`${kind} ${url}`)) return;
    shown.add(`${kind} ${url}`);
    out.push(` [${kind}: ${url}] `);
  };
  const picture = (raw: string | undefined, label: string): void => {
    const url = resolve(raw);
    out.push(url === null ? `[${label}]` : `[${label}: ${url}]`);
    lastPicture = url;
  };
  const mediaParent = (): MediaParent | undefined => {
    for (let i = open.length - 1; i >= 0; i--) {
      const name = open[i]!.name;
      if (name === 'audio' || name === 'video' || name === 'picture') return name;
    }
    return undefined;
  };

  for (const token of tokenizeHtml(html)) {
    if (token.type === 'text') {
      out.push(decodeEntities(token.text).replace(/[ \t\r\n\f]+/g, ' '));
      continue;
    }
    if (token.type === 'comment') {
      // Commented-out markup is a classic hiding place: read it as HTML, so a commented-out
      // picture or link still shows its URL and no tag soup reaches the model.
      const inner = depth < MAX_EMBEDDED_DEPTH ? render(token.text, resolveUrl, depth + 1, scripts) : token.text.replace(/<[^>]*>/g, ' ');
      // A stray '<' left in it (an unterminated tag at the comment's end) would pair with a '>'
      // after the comment into what reads as a tag: `<!--<!--<b-->-->` gave `[comment: [comment:
      // <b]] -->`. Shown as '‹' instead.
      const comment = clip(inner.replace(/</g, '‹'), MAX_CARRIER_CHARS);
      if (comment !== '') out.push(` [comment: ${comment}] `);
      continue;
    }
    if (token.type === 'raw') {
      if (token.element === 'script') {
        if (!scripts) continue;
        const source = clip(token.text, MAX_SCRIPT_CHARS);
        if (source !== '') out.push(` [script: ${source}] `);
      } else if ((token.element === 'noscript' || token.element === 'template') && depth < MAX_EMBEDDED_DEPTH) {
        out.push(' ', render(token.text, resolveUrl, depth + 1, scripts), ' ');
      }
      continue;
    }
    const { name, closing, attrs } = token;

    if (closing) {
      // Close the innermost open element of this name, and any left unclosed inside it.
      const at = open.map((o) => o.name).lastIndexOf(name);
      if (at >= 0) for (const region of open.splice(at).reverse()) if (region.hidden) out.push('] ');
      if (BLOCK_TAGS.has(name)) out.push('\n');
      else if (CELL_TAGS.has(name)) out.push(' ');
      else if (name === 'a') {
        const link = links.pop();
        if (link?.href) {
          const inner = out.slice(link.startIndex).join('').trim();
          // A link around its own picture, or whose text is the URL, would just repeat it.
          if (inner !== link.href && link.href !== lastPicture) out.push(` (${link.href})`);
        }
      }
      continue;
    }

    if (BLOCK_TAGS.has(name)) {
      out.push('\n');
      if (name === 'li') out.push('• ');
    } else if (CELL_TAGS.has(name)) {
      out.push(' ');
    }
    const hidden = hiddenReason(name, attrs);
    if (hidden !== null) out.push(` [hidden (${hidden}): `);
    const isVoid = VOID_ELEMENTS.has(name);
    if (!isVoid && (hidden !== null || name === 'audio' || name === 'video' || name === 'picture') && open.length < MAX_OPEN_REGIONS) {
      open.push({ name, hidden: hidden !== null });
    }

    const isPictureElement = name === 'img' || (name === 'input' && attrs['type']?.trim().toLowerCase() === 'image');
    if (name === 'a') {
      // Bounded so hostile nesting (<a><a><a>…) cannot make the inner-text checks quadratic.
      if (links.length < MAX_LINK_NESTING) links.push({ href: resolve(attrs['href']), startIndex: out.length });
      lastPicture = null;
    } else if (name === 'area') {
      const href = resolve(attrs['href']);
      const alt = clip(attrs['alt'] ?? '', MAX_CARRIER_CHARS);
      if (href !== null || alt !== '') out.push(` [area${alt === '' ? '' : ' ' + JSON.stringify(alt)}${href === null ? '' : ': ' + href}] `);
    } else if (name === 'input' && !isPictureElement) {
      const value = attrs['value'];
      if (value !== undefined && value.trim() !== '') {
        out.push(` [${attrs['type']?.trim().toLowerCase() === 'hidden' ? 'hidden input' : 'input'}: ${quoted(value)}] `);
      }
    } else {
      const alt = clip(attrs['alt'] ?? '', MAX_CARRIER_CHARS);
      const pictureLabel = name === 'video' ? 'picture (video poster)' : alt === '' ? 'picture' : `picture ${JSON.stringify(alt)}`;
      const refs = elementReferences(name, attrs, mediaParent());
      // srcset alternatives are one picture: the text shows the first, the picture list has them all.
      let pictureShown = false;
      for (const ref of refs) {
        if (ref.kind !== 'picture') media(ref.kind, ref.url);
        else if (!pictureShown) {
          pictureShown = true;
          picture(ref.url, pictureLabel);
        }
      }
      // An <img> keeps its place even without a usable source: its alt text may be the clue.
      if (isPictureElement && refs.length === 0) picture(attrs['src'] ?? (attrs['srcset'] ? firstSrcsetUrl(attrs['srcset']) : undefined), pictureLabel);
    }

    for (const [attribute, label] of LABEL_ATTRIBUTES) {
      const value = attrs[attribute];
      if (value === undefined || value.trim() === '') continue;
      // An image's title usually repeats its alt text, already in the picture's label.
      if (name === 'img' && value.trim() === (attrs['alt'] ?? '').trim()) continue;
      out.push(` [${label}: ${quoted(value)}] `);
    }
    for (const [attribute, value] of Object.entries(attrs)) {
      if (attribute.startsWith('data-') && /[\p{L}\p{N}]/u.test(value)) out.push(` [${attribute}: ${quoted(value)}] `);
    }
    if (hidden !== null && isVoid) out.push('] ');
  }
  for (const region of open.reverse()) if (region.hidden) out.push('] ');
  return out.join('');
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
