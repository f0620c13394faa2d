/**
 * A small, linear-time HTML tokenizer: text runs and tags with their attributes. It is not a DOM:
 * it only has to find pictures, links and line breaks in organiser HTML, which is frequently
 * malformed. Every loop advances, so hostile input (unclosed quotes, endless `<`) cannot hang it.
 */
import { decodeEntities } from './entities.js';

export type HtmlToken = (
  | { type: 'text'; /** Raw text, entities still encoded. */ text: string }
  | {
      type: 'tag';
      /** Lower-cased tag name. */
      name: string;
      closing: boolean;
      /** Lower-cased attribute names → values with entities decoded. First occurrence wins. */
      attrs: Record<string, string>;
    }
) & {
  /** Where the token starts in the input (the `<` of a tag). */
  start: number;
  /** Just past its end (past the `>` of a tag). */
  end: number;
};

/** Elements whose content is not text for a reader (code and styling). */
const RAW_TEXT_ELEMENTS = new Set(['script', 'style', 'template', 'noscript']);

function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f';
}

function isNameStart(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z]/.test(c);
}

/**
 * Splits HTML into text and tag tokens in document order.
 *
 * @example
 * ```ts
 * tokenizeHtml('a<br>b'); // [{type:'text',text:'a'}, {type:'tag',name:'br',…}, {type:'text',text:'b'}]
 * ```
 */
export function tokenizeHtml(html: string): HtmlToken[] {
  const tokens: HtmlToken[] = [];
  const n = html.length;
  let i = 0;
  let textStart = 0;
  const flushText = (end: number): void => {
    if (end > textStart) tokens.push({ type: 'text', text: html.slice(textStart, end), start: textStart, end });
  };
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    const next = html[lt + 1];
    if (html.startsWith('<!--', lt)) {
      flushText(lt);
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? n : end + 3;
      textStart = i;
      continue;
    }
    if (next === '!' || next === '?') {
      flushText(lt);
      const end = html.indexOf('>', lt + 2);
      i = end < 0 ? n : end + 1;
      textStart = i;
      continue;
    }
    const closing = next === '/';
    if (!isNameStart(closing ? html[lt + 2] : next)) {
      i = lt + 1; // a literal "<" in text, e.g. "a < b"
      continue;
    }
    flushText(lt);
    const parsed = parseTag(html, lt + (closing ? 2 : 1));
    tokens.push({ type: 'tag', name: parsed.name, closing, attrs: parsed.attrs, start: lt, end: parsed.end });
    i = parsed.end;
    if (!closing && RAW_TEXT_ELEMENTS.has(parsed.name)) {
      const close = new RegExp(`</${parsed.name}`, 'gi');
      close.lastIndex = i;
      const m = close.exec(html);
      if (!m) {
        i = n;
      } else {
        const end = html.indexOf('>', m.index);
        i = end < 0 ? n : end + 1;
        tokens.push({ type: 'tag', name: parsed.name, closing: true, attrs: {}, start: m.index, end: i });
      }
    }
    textStart = i;
  }
  flushText(n);
  return tokens;
}

/** Reads a tag from its name to just past `>`; returns where scanning continues. */
function parseTag(html: string, start: number): { name: string; attrs: Record<string, string>; end: number } {
  const n = html.length;
  let i = start;
  while (i < n && !isSpace(html[i]) && html[i] !== '>' && html[i] !== '/') i++;
  const name = html.slice(start, i).toLowerCase();
  const attrs: Record<string, string> = Object.create(null) as Record<string, string>;
  while (i < n) {
    const c = html[i];
    if (c === '>') return { name, attrs, end: i + 1 };
    if (isSpace(c) || c === '/') {
      i++;
      continue;
    }
    const nameStart = i;
    while (i < n && !isSpace(html[i]) && html[i] !== '=' && html[i] !== '>' && html[i] !== '/') i++;
    if (i === nameStart) {
      i++; // a stray "=": skip it so the loop always advances
      continue;
    }
    const attrName = html.slice(nameStart, i).toLowerCase();
    let j = i;
    while (j < n && isSpace(html[j])) j++;
    let value = '';
    if (html[j] === '=') {
      j++;
      while (j < n && isSpace(html[j])) j++;
      const quote = html[j];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, j + 1);
        const stop = close < 0 ? n : close;
        value = html.slice(j + 1, stop);
        i = close < 0 ? n : close + 1;
      } else {
        const valueStart = j;
        while (j < n && !isSpace(html[j]) && html[j] !== '>') j++;
        value = html.slice(valueStart, j);
        i = j;
      }
    }
    if (!(attrName in attrs)) attrs[attrName] = decodeEntities(value);
  }
  return { name, attrs, end: n };
}
