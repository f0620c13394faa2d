/**
 * A heavy-JPEG seam beside a photo's own plain stretch: the plain run is the photo's pale backdrop,
 * the 1–3 px seam of another colour left out of it, and the run's middle lies inside the photo.
 * The cut moves to the seam (pale-stretch.ts; fixtures/collages/seam-beside-stretch, independent
 * seeds in each name).
 */
import { describe, expect, it } from 'vitest';
import { expectEveryExact } from './expect-exact.js';
import { scoreBatch } from './score.js';

describe('a thin seam beside a photo’s plain stretch', () => {
  it('is cut at the seam, not in the stretch’s middle (32001 heavy-04, 32005 heavy-08)', async () => {
    // 32001 heavy-04, a 4x1 of 1 px blue seams at q37: columns 186–199 of a photo's white backdrop
    // were the one separator found, cut at 193, 8 columns inside that photo; the seam is column
    // 185. 32005 heavy-08, 1 px red seams at q30 resaved q37: columns 275–282 of a pale backdrop,
    // cut at 279, the seam at 284 past a blended column of the backdrop's colour.
    const results = await scoreBatch('seam-beside-stretch');
    const byFile = new Map(results.map((r) => [r.expected.file, r]));
    for (const [file, x] of [['i32001-heavy-04.jpg', 185], ['i32005-heavy-08.jpg', 284]] as const) {
      const r = byFile.get(file)!;
      expect(r.badCuts, file).toEqual([]);
      expect(r.plan.ok && r.plan.parts.map((p) => p.x), file).toEqual([0, x]);
    }
  });

  it('a strip whose other seams are as wide keeps its cuts (21014 flat-06)', async () => {
    // 16 px white seams at q54 between flat panels: a run with a flat panel's uniform edge line
    // beside it is no photo's stretch when every seam of the strip is that wide.
    const results = await scoreBatch('seam-beside-stretch');
    expectEveryExact(results.filter((r) => r.expected.file === 'i21014-flat-06.jpg'));
    expect(results.length).toBe(3);
  });
});
