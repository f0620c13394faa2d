/**
 * Elements of an HTML page found by balanced tags, on top of the tokenizer. Engine pages nest
 * `<span>` and `<div>` inside the very spans that carry a marker id, so "everything up to the
 * next `</span>`" cuts a task in half; here an element runs to the close tag that balances it,
 * and an element left unclosed runs to the end of the input. One linear pass pairs every tag.
 */
import { decodeEntities } from './entities.js';
import { tokenizeHtml, type HtmlToken } from './tokens.js';

/** Elements that never have content or a close tag. */
const VOID_ELEMENTS = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr',
]);

/** Tags after which a reader sees a break, so words on either side do not fuse. */
const BREAKING_TAGS = new Set([
  'br', 'p', 'div', 'li', 'tr', 'td', 'th', 'table', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'option', 'blockquote',
]);

/** One element: where its tags and its content are in the page. */
export interface HtmlElement {
  /** Lower-cased tag name. */
  name: string;
  /** Lower-cased attribute names → decoded values. */
  attrs: Record<string, string>;
  /** Index of the opening `<`. */
  start: number;
  /** Just past the opening tag. */
  contentStart: number;
  /** Start of the balancing close tag (or of the end of input when unclosed). */
  contentEnd: number;
  /** Just past the close tag. */
  end: number;
}

/**
 * A page tokenized once and queried many times.
 *
 * @example
 * ```ts
 * const page = new HtmlPage('<span id="a">x <b>y</b></span>');
 * page.innerHtml(page.byId('a')!); // 'x <b>y</b>'
 * page.text(page.byId('a')!);      // 'x y'
 * ```
 */
export class HtmlPage {
  readonly elements: readonly HtmlElement[];
  private readonly tokens: readonly HtmlToken[];

  constructor(readonly html: string) {
    this.tokens = tokenizeHtml(html);
    this.elements = pairElements(this.tokens, html.length);
  }

  /** The first element whose `id` is exactly `id`. */
  byId(id: string): HtmlElement | null {
    return this.elements.find((e) => e.attrs.id === id) ?? null;
  }

  /** Elements in document order that satisfy `test`, optionally only those starting inside `within`. */
  find(test: (e: HtmlElement) => boolean, within?: HtmlElement): HtmlElement[] {
    return this.elements.filter((e) => (!within || (e.start >= within.contentStart && e.start < within.contentEnd)) && test(e));
  }

  /** The element's content as written. */
  innerHtml(e: HtmlElement): string {
    return this.html.slice(e.contentStart, e.contentEnd);
  }

  /** The element's text, entities decoded, whitespace collapsed. */
  text(e: HtmlElement): string {
    return plainText(this.innerHtml(e));
  }

  /** The innermost element named `name` that contains `e`. */
  enclosing(e: HtmlElement, name: string): HtmlElement | null {
    let best: HtmlElement | null = null;
    for (const c of this.elements) {
      if (c.name === name && c.start < e.start && c.end >= e.end && (!best || c.start > best.start)) best = c;
    }
    return best;
  }
}

/** Pair each open tag with the close tag of the same name that balances it. */
function pairElements(tokens: readonly HtmlToken[], inputEnd: number): HtmlElement[] {
  const elements: HtmlElement[] = [];
  const open = new Map<string, HtmlElement[]>();
  for (const t of tokens) {
    if (t.type !== 'tag') continue;
    if (!t.closing) {
      const el: HtmlElement = { name: t.name, attrs: t.attrs, start: t.start, contentStart: t.end, contentEnd: t.end, end: t.end };
      elements.push(el);
      if (VOID_ELEMENTS.has(t.name)) continue;
      el.contentEnd = inputEnd;
      el.end = inputEnd;
      const stack = open.get(t.name) ?? [];
      stack.push(el);
      open.set(t.name, stack);
      continue;
    }
    const el = open.get(t.name)?.pop();
    if (el) {
      el.contentEnd = t.start;
      el.end = t.end;
    }
  }
  return elements;
}

/**
 * Plain text of a fragment: tags dropped (block tags and `<br>` break words), entities decoded,
 * whitespace (non-breaking spaces included) collapsed to single spaces.
 *
 * @example
 * ```ts
 * plainText('<b>код</b>&nbsp;1<br>2'); // 'код 1 2'
 * ```
 */
export function plainText(fragment: string): string {
  let out = '';
  for (const t of tokenizeHtml(fragment)) {
    if (t.type === 'text') out += decodeEntities(t.text);
    else if (BREAKING_TAGS.has(t.name)) out += ' ';
  }
  return out.replace(/\s+/g, ' ').trim();
}

/**
 * The same text with tags simply removed (no breaks added): answers split by markup such as
 * `<span class="nonLatinChar">код1</span>66` read `код166`.
 *
 * @example
 * ```ts
 * joinedText('<span>код1</span>66'); // 'код166'
 * ```
 */
export function joinedText(fragment: string): string {
  let out = '';
  for (const t of tokenizeHtml(fragment)) if (t.type === 'text') out += decodeEntities(t.text);
  return out.replace(/\s+/g, ' ').trim();
}
