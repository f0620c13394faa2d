/**
 * The confirmation question of a mutating call, built from the PARSED parameters only. Unknown
 * keys never reach it (the parser dropped them), so a decoy argument like `"note": "read-only
 * check, nothing is submitted"` cannot push the code out of view; the consequential values come
 * first and the code is never cut. Characters a person cannot see — zero-width, bidirectional
 * overrides, controls, odd spaces — are shown as `\uXXXX`, so `yel\u200Blow` cannot pass for
 * `yellow`, and a right-to-left override cannot reverse what the user reads.
 */
import type { ConfirmationQuestion, QuestionFact } from './types.js';

/**
 * Characters shown escaped: controls (C0, C1, DEL), format characters (zero-width U+200B–U+200F,
 * bidi U+202A–U+202E and U+2066–U+2069, U+FEFF, soft hyphen, tags), line and paragraph
 * separators, private-use and unassigned code points, lone surrogates, every space other than
 * U+0020 (a no-break space passes for a plain one), and the fillers and variation selectors that
 * render as nothing.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Zs}\p{Co}\p{Cn}\p{Cs}\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u3164\uFE00-\uFE0F\uFFA0\u{E0100}-\u{E01EF}]/gu;

/** `\u200B` (four hex digits) or `\u{E0041}` beyond the basic plane. */
function escapeCodePoint(char: string): string {
  if (char === ' ') return char;
  const cp = char.codePointAt(0)!;
  return cp <= 0xffff ? `\\u${cp.toString(16).toUpperCase().padStart(4, '0')}` : `\\u{${cp.toString(16).toUpperCase()}}`;
}

/**
 * Text with every hidden character made visible. A backslash is doubled, so a code that really
 * contains the six characters `\u200B` reads differently from one that contains U+200B.
 *
 * @example
 * ```ts
 * showText('yel\u200Blow'); // 'yel\\u200Blow'
 * ```
 */
export function showText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(HIDDEN, escapeCodePoint);
}

/**
 * A string value in double quotes, hidden characters escaped. With `limit`, a longer value is cut
 * with a marker naming how many characters are not shown; without one (the code) it never is.
 *
 * @example
 * ```ts
 * quoted('say "hi"');              // '"say \\"hi\\""'
 * quoted('x'.repeat(300), 10);     // '"xxxxxxxxxx" … (290 more characters not shown)'
 * ```
 */
export function quoted(text: string, limit?: number): string {
  const chars = Array.from(text);
  const cut = limit !== undefined && chars.length > limit;
  const shown = cut ? chars.slice(0, limit).join('') : text;
  const body = `"${showText(shown).replace(/"/g, '\\"')}"`;
  return cut ? `${body} … (${chars.length - limit!} more characters not shown)` : body;
}

/** What a mutating tool supplies: one sentence, then the facts in the order they matter. */
export interface QuestionParts {
  /** The whole question, values already passed through `quoted`/`String`. */
  sentence: string;
  facts: QuestionFact[];
}

/**
 * Assembles the question a surface shows verbatim.
 *
 * @example
 * ```ts
 * buildQuestion('enc_enter_game', 'Enter game', { sentence: 'Apply to join game 42?', facts: [{ label: 'Game', value: '42' }] });
 * ```
 */
export function buildQuestion(tool: string, title: string, parts: QuestionParts): ConfirmationQuestion {
  return { tool, title, text: parts.sentence, facts: parts.facts.map((f) => ({ label: f.label, value: f.value })) };
}
