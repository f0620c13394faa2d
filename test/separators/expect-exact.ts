/**
 * The assertion the committed fixture folders share: every picture of a scored batch is split
 * exactly, with no cut through a panel.
 */
import { expect } from 'vitest';
import type { Scored } from './score.js';

/**
 * Expects each result exact and uncut, naming the file (and why it is not exact) on failure.
 *
 * @example
 * ```ts
 * expectEveryExact(await scoreBatch('edge-badge'));
 * ```
 */
export function expectEveryExact(results: readonly Scored[]): void {
  for (const r of results) {
    expect(r.badCuts, r.expected.file).toEqual([]);
    expect(r.exact, `${r.expected.file}: ${r.why}`).toBe(true);
  }
}
