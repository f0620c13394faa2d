/**
 * Guards on the rules of the merged badge, capmix and heavy2 branches (mosaic.ts completeMosaic,
 * plan.ts huedMargins) and the two badge pictures that a since-dropped rule (badge cuts standing on
 * whole-length background lines) cut: pictures of independent seeds 25032–29011 that the merge
 * cut, or turned from exact to inexact, against main.
 */
import { describe, expect, it } from 'vitest';
import { expectEveryExact } from './expect-exact.js';
import { scoreBatch } from './score.js';

describe('guards on the merged splitter rules (fixtures/collages/merge-guards-2)', () => {
  it('cuts through no panel of the four pictures', async () => {
    // 25519 badge-10: with its badge painted out, a cut 4 px inside a white drawing; 29011
    // badge-05: a photo's plain white column read as a seam, 17 px inside a panel (both refused).
    // 25032 caption-02: the gap under a row of captions read as a mosaic's seam of the third part alone.
    const results = await scoreBatch('merge-guards-2');
    expect(results.length).toBe(4);
    for (const r of results) expect(r.badCuts, r.expected.file).toEqual([]);
  });

  it('keeps the two it had turned inexact exact', async () => {
    // 25032 caption-02 (mosaic split under its captions); 27019 flat-02: a lossless 5x1 whose pink
    // backdrop, of the red seams' hue but far paler, was taken for a 10 px margin (huedMargins).
    const results = await scoreBatch('merge-guards-2');
    const exact = results.filter((r) => ['i25032-caption-02.jpg', 'i27019-flat-02.webp'].includes(r.expected.file));
    expect(exact.length).toBe(2);
    expectEveryExact(exact);
  });
});
