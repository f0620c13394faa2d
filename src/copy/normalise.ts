/**
 * The comparison rule a copy is verified by: two texts are the same when they are equal after
 * HTML unescaping, trimming, CRLF → LF and collapsing whitespace. The editor re-serialises what it
 * stores (`&nbsp;` for a space, CRLF line ends), so byte equality would report false differences.
 */
import { decodeEntities } from '../html/entities.js';

/**
 * @example
 * ```ts
 * normaliseText(' Ответ&nbsp;1\r\n ');   // 'Ответ 1'
 * ```
 */
export function normaliseText(text: string): string {
  return decodeEntities(text.replace(/\r\n?/g, '\n')).replace(/\s+/g, ' ').trim();
}

/**
 * A set of answers as one comparable key: normalised, empty ones dropped, duplicates merged,
 * sorted. Case is kept: a copy that changed an answer's case is not faithful. `"alpha beta"` stays
 * one answer, never two.
 *
 * @example
 * ```ts
 * answerSetKey(['b', 'a', ' a ']); // 'a\u0000b'
 * ```
 */
export function answerSetKey(answers: readonly string[]): string {
  const set = new Set(answers.map(normaliseText).filter((a) => a !== ''));
  return [...set].sort().join('\u0000');
}

/**
 * The name a level shows: the engine stores an empty name as `Уровень N`.
 *
 * @example
 * ```ts
 * effectiveLevelName('', 3); // 'Уровень 3'
 * ```
 */
export function effectiveLevelName(name: string, levelNumber: number): string {
  const text = normaliseText(name);
  return text === '' ? `Уровень ${levelNumber}` : text;
}
