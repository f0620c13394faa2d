/**
 * The generated batches of organiser-style collages (scripts/collage-kinds.ts): "generated" (seed 1,
 * the batch the rules were tuned on) picture by picture, and "unseen" (seed 4, made after the rules
 * were set) by its score. Known misses are listed with why, and run as expected failures: one that
 * starts passing fails the suite, so the list cannot go stale.
 */
import { describe, expect, it } from 'vitest';
import { loadBatch, scoreBatch, scoreOne, table } from './score.js';

/** Tuned-batch pictures the rules still get wrong (see the reasons); none since strip completion split gen-badge-04 (a 4-strip with 3 badges). */
const KNOWN_MISSES: Record<string, string> = {};

describe('generated collages (tuned batch)', () => {
  for (const expected of loadBatch('generated')) {
    const test = KNOWN_MISSES[expected.file] ? it.fails : it;
    test(`${expected.file}: ${expected.description}`, async () => {
      const scored = await scoreOne('generated', expected);
      expect(scored.why).toBe('');
      expect(scored.exact).toBe(true);
      expect(scored.badCuts).toEqual([]);
    }, 30_000);
  }
});

describe('generated collages (unseen batch)', () => {
  it('scores all 42 of 42 exact (as measured), and cuts through no panel', async () => {
    const results = await scoreBatch('unseen');
    const exact = results.filter((r) => r.exact).length;
    const bad = results.filter((r) => r.badCuts.length > 0).length;
    expect(exact, table(results)).toBe(42);
    expect(bad, table(results)).toBe(0);
  }, 120_000);
});
