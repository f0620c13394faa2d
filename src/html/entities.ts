/**
 * HTML character references → text. Organisers write tasks in a WYSIWYG editor that emits `&nbsp;`,
 * `&laquo;`, `&#8470;` and friends; a model should read «кавычки», not `&laquo;кавычки&raquo;`.
 */

/**
 * The named references that occur in Russian-language quest HTML, plus the XML five. Unknown
 * names are left as written (they are then most likely literal text such as `R&D;`).
 */
const NAMED: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', shy: '',
  laquo: '«', raquo: '»', ldquo: '“', rdquo: '”', bdquo: '„', lsquo: '‘', rsquo: '’', sbquo: '‚',
  mdash: '—', ndash: '–', minus: '−', hellip: '…', bull: '•', middot: '·', prime: '′', Prime: '″',
  copy: '©', reg: '®', trade: '™', deg: '°', plusmn: '±', times: '×', divide: '÷', micro: 'µ',
  sect: '§', para: '¶', euro: '€', pound: '£', yen: '¥', cent: '¢', numero: '№',
  frac12: '½', frac14: '¼', frac34: '¾', sup1: '¹', sup2: '²', sup3: '³',
  larr: '←', rarr: '→', uarr: '↑', darr: '↓', harr: '↔', hearts: '♥', spades: '♠', clubs: '♣', diams: '♦',
  iexcl: '¡', iquest: '¿', ensp: '\u2002', emsp: '\u2003', thinsp: '\u2009', zwnj: '\u200c', zwj: '\u200d',
};

/** Names browsers also accept without the closing `;` (legacy HTML writes `&amp` bare). */
const BARE_OK = new Set(['amp', 'lt', 'gt', 'quot', 'nbsp']);

/** Highest Unicode code point; beyond it (or 0, or a surrogate) a reference decodes to U+FFFD. */
const MAX_CODE_POINT = 0x10ffff;

const REFERENCE = /&(#[0-9]{1,8}|#[xX][0-9a-fA-F]{1,8}|[A-Za-z][A-Za-z0-9]{1,31})(;?)/g;

function fromCodePoint(code: number): string {
  if (code <= 0 || code > MAX_CODE_POINT || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(code);
}

/**
 * Decodes named and numeric character references; never throws on hostile input.
 *
 * @example
 * ```ts
 * decodeEntities('&laquo;Ответ&raquo; &#8470;5'); // '«Ответ» №5'
 * ```
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (whole, body: string, semicolon: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return fromCodePoint(code);
    }
    const named = NAMED[body];
    if (named === undefined) return whole;
    if (semicolon === '' && !BARE_OK.has(body)) return whole;
    return named;
  });
}
