/**
 * A heavy-JPEG strip whose separator is a photo's own plain stretch that goes on into the photo at
 * one end, with no thin seam beside it for pale-stretch.ts to move the cut to: its middle lies
 * inside the photo, so the plan is refused (pale-stretch.ts, `strayStretchOf`; fixtures/collages/
 * photo-stretch-refused, independent seeds in each name).
 */
import { describe, expect, it } from 'vitest';
import { scoreBatch } from './score.js';

describe('a photo’s plain stretch read as a seam', () => {
  it('is refused rather than cut through its middle (20501 heavy-01, 22039 heavy-09, 28033 heavy-01)', async () => {
    // 20501 heavy-01, a 4x1 of 1 px grey seams at q39 resaved q28: columns 112–134 of a photo's
    // pale edge (237) beside the seam at 109, cut at 123 inside the second photo. 22039 heavy-09,
    // a 1x2 of a 3 px red seam at q31: rows 180–247 of the lower photo's sky, cut at 214.
    // 28033 heavy-01, a 3x1 of 2 px white seams at q25: columns 149–198, the seam at 148 merged
    // with the second photo's white backdrop, cut at 174.
    const results = await scoreBatch('photo-stretch-refused');
    expect(results.length).toBe(3);
    for (const r of results) {
      expect(r.badCuts, r.expected.file).toEqual([]);
      expect(r.plan.ok, r.expected.file).toBe(false);
    }
  });
});
