/**
 * A thin seam of a small heavy-JPEG strip whose one line 4:2:0 left only loosely at its luma
 * (damaged-seams.ts, lumaSeams: LUMA_LOOSE_SHARE, tried where the strict lines divide nothing).
 */
import { describe, expect, it } from 'vitest';
import { expectEveryExact } from './expect-exact.js';
import { scoreBatch } from './score.js';

describe('a luma seam kept loosely at its luma', () => {
  it('a 3x1 of 1 px red seams and a 2x1 of a 1 px grey seam split exactly (fixtures/collages/loose-luma-seam)', async () => {
    // Independent seeds 43014 heavy-02 (410x215, margin 3, q34: the first seam's column 0.86 of
    // its pixels within 16 of its median luma, 0.96 within 24) and 43034 heavy-06 (371x123,
    // margin 4, q40: 0.89 and 0.95) were refused: no separators found.
    const results = (await scoreBatch('loose-luma-seam')).filter((r) => r.expected.file !== 'i22511-heavy-08.jpg');
    expect(results.length).toBe(2);
    expectEveryExact(results);
  });

  it('a white row kept loosely is no luma seam: no cut (seed 22511 heavy-08)', async () => {
    // A 2x2 of 1 px white seams (q32 resaved q60): its row seam reads loosely at luma 237, and
    // taken so, a grid completion cut 2 px inside a photo beside the white column seam.
    const [result] = (await scoreBatch('loose-luma-seam')).filter((r) => r.expected.file === 'i22511-heavy-08.jpg');
    expect(result).toBeDefined();
    expect(result!.badCuts).toEqual([]);
  });
});
