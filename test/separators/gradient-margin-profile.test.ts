/**
 * JPEG gradient collages whose margins and seams meet a pale panel edge or JPEG's smear:
 * - margin-profile.ts: a margin painted as a gradient ends where its lines stop following the
 *   picture's edge line along their length;
 * - fading-seams.ts, shadedStretch: a seam run into a photo's pale edge is the stretch of it that
 *   shades as the seams that stand.
 */
import { describe, expect, it } from 'vitest';
import { expectEveryExact } from './expect-exact.js';
import { scoreBatch } from './score.js';

describe('the margins of a canvas painted as a gradient (margin-profile.ts)', () => {
  it('four JPEG collages (fixtures/collages/gradient-margin-profile) split exactly', async () => {
    // Independent seeds 26000 gradient-08 (q53: a product shot's 10 columns of 235–239 backdrop
    // beside the 22 px margin, read as a 32 px margin), 26004 gradient-09 (q28: the margin's 7
    // columns next to a photo smeared, margin read 18 for 23), 26007 gradient-01 (q39: every
    // column of the 7 px margin too noisy to be plain, no margin read) and 26000 gradient-07 (q79
    // 4:2:0: a blue sky's chroma in 6 of the 9 margin columns, margin read 3).
    const results = await scoreBatch('gradient-margin-profile');
    expect(results.length).toBe(4);
    expectEveryExact(results);
  });
});

describe('a gradient seam run into a photo’s pale edge (fading-seams.ts, shadedStretch)', () => {
  it('is the stretch of the run shading as the seams that stand (independent seed 26005 gradient-10)', async () => {
    // 5x1, JPEG q45, 10 px seams 234→252: columns 396–409 read as one band with the next photo's
    // 238 edge, faded into it and were dropped; 4 parts for 5.
    const results = await scoreBatch('gradient-seam-pale-edge');
    expect(results.length).toBe(1);
    expectEveryExact(results);
  });
});
