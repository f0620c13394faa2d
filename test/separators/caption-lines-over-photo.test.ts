/**
 * A two-line caption over its photo whose lines stand apart (the gap between them read as a seam)
 * is one caption of the photo after it (captions.ts, attachCaptions): the first caption's first
 * line joins its second line with no photo before it, and a later caption's first line is no
 * caption of the photo above it, when the collage's ends show captions over photos.
 */
import { describe, expect, it } from 'vitest';
import { scoreBatch } from './score.js';
import { expectEveryExact } from './expect-exact.js';

describe('two-line captions over their photos', () => {
  it('splits the collage whose first caption was cut between its lines and between words exactly (independent seed 50003 caption-10)', async () => {
    // 1×3, two-line captions over, 15 px white seams, WebP lossless: lines of 21 rows, 12 apart.
    // Before, the cut ran between the first caption's lines (row 33), which a grid cut again into
    // six words, and the second and third photos came out one part.
    const results = await scoreBatch('caption-lines-over-photo');
    expect(results.map((r) => r.expected.file)).toEqual(['i50003-caption-10.webp']);
    expectEveryExact(results);
  });
});
