/**
 * A gradient seam merged with a panel's flat edge (shaded-seams.ts): where the collage's other
 * seams or its margins shade along their length, a cut on a line that does not shade moves to
 * the shading lines at one end of its run.
 */
import { describe, expect, it } from 'vitest';
import { expectEveryExact } from './expect-exact.js';
import { scoreBatch } from './score.js';

describe('a gradient seam merged with a panel’s flat edge (shaded-seams.ts)', () => {
  it('is cut at its shading lines, not through the run’s middle (fixtures/collages/gradient-seam-flat-edge)', async () => {
    // Independent seeds 20005 gradient-08 (2x1 in a 14 px gradient margin, q31: a sweater photo's
    // flat 232 backdrop ran on into the 10 px seam 225→251, cut at x 156 inside the photo, now
    // 180), 24004 gradient-03 (5x1, q39: cut at 133 inside the second photo, now 106), 25036
    // gradient-01 (4x1, WebP q62: 665, now 658) and 28025 gradient-07 (2x1, margin 10, q78: 328,
    // now 319). Witnesses: the margins (20005, 28025), the other seams (24004, 25036).
    const results = await scoreBatch('gradient-seam-flat-edge');
    expect(results.length).toBe(4);
    expectEveryExact(results);
  });
});
