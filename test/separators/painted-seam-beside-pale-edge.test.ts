/**
 * A strip's one wide run that goes on into a photo past one end yet is a painted seam, not the
 * photo's plain stretch the stray-stretch rule refuses (pale-stretch.ts, `paintedSeam`), and a
 * thin seam beside a pale photo edge whose badges, painted out, still add the seams the refused
 * plan lacked (plan.ts, `planSplit`). fixtures/collages/painted-seam-beside-pale-edge,
 * independent seeds in each name.
 */
import { describe, expect, it } from 'vitest';
import { expectEveryExact } from './expect-exact.js';
import { scoreBatch } from './score.js';

describe('a painted seam beside a pale photo edge', () => {
  it('is cut, not refused as a photo’s stretch (28037 caption-06, 28502 mix-08, 20015 badge-07, 28502 badge-06)', async () => {
    // 28037 caption-06, a 2x1 of a 22 px cream seam at q32: 14 columns exactly the seam's colour,
    // the photo's pale edge before it (237,242,240) only 19 % within 3 of it. 28502 mix-08, a 2x1
    // of a 24 px white seam at q67: 14 exact rows, the pale photo after it 4 % within 3.
    // 20015 badge-07 (a 3x1 of 4 px white seams, q47) and 28502 badge-06 (a 1x3 of 3 px seams,
    // WebP q71): a seam merged with a pale photo edge is refused, but with the badge painted out
    // all three panels show.
    const results = await scoreBatch('painted-seam-beside-pale-edge');
    expect(results.length).toBe(4);
    expectEveryExact(results);
  });
});
