/**
 * The gutter past a two-line caption under its photo, refused as a page's padding because it runs
 * on into the next photo's plain sky, is still the seam (strips.ts, captionFarSeam): the caption
 * is both lines with the gap between them, not its second line alone.
 */
import { describe, expect, it } from 'vitest';
import { scoreBatch } from './score.js';
import { expectEveryExact } from './expect-exact.js';

describe('a two-line caption’s far seam', () => {
  it('splits the collage whose cut ran between a caption’s two lines exactly (independent seed 50510 caption-03)', async () => {
    // JPEG q41, 11 px white seams; before, the gutter under the first caption was lost and the cut
    // ran at row 137, between its two lines.
    const results = await scoreBatch('caption-two-line-far-seam');
    expect(results.map((r) => r.expected.file)).toEqual(['i50510-caption-03.jpg']);
    expectEveryExact(results);
  });
});
