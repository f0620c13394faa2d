/**
 * A strip some of whose seams only the damaged-seam rule found (crossed by a badge or worn by
 * compression) must divide the picture about equally (plan.ts, MIXED_DAMAGED_RATIO): beside its
 * plain seams a worn one may be a photo's own dark edge. fixtures/collages/worn-strip holds two
 * independent-generator collages (seed 7502) that were cut through their photos that way, at
 * 633, 50, 31, 114, 71 px (a 3×1 of 1 px blue seams at JPEG q31, where four black edges inside the
 * photos were found instead) and 335, 104, 1124, 167, 85 px (6×1 rounded panels on red seams at
 * q64); and one (seed 1302, 3 px blue seams at JPEG q26 saved again at q42) of 199, 211 and 211 px, one seam of
 * which is worn: it still splits exactly. Where the plain seams cut parts of one
 * length, a worn seam must divide as evenly (WORN_NEIGHBOUR_RATIO): i1302-heavy-03 (seed 1302, a
 * 1×4 of 1 px white seams at JPEG q26 saved again at q49) had its worn seam found 24 px off the
 * true one, through a photo, beside plain seams cutting parts of 223 and 229 px.
 */
import { describe, expect, it } from 'vitest';
import { scoreBatch } from './score.js';

describe('a strip resting partly on worn seams', () => {
  it('is refused, not cut, when its parts are unequal; split when they are close', async () => {
    const results = await scoreBatch('worn-strip');
    const byFile = new Map(results.map((r) => [r.expected.file, r]));
    expect([...byFile.keys()].sort()).toEqual(['i1302-heavy-02.jpg', 'i1302-heavy-03.jpg', 'i7502-heavy-03.jpg', 'i7502-mix-07.jpg']);
    for (const r of results) expect(r.badCuts, r.expected.file).toEqual([]);
    const heavy = byFile.get('i7502-heavy-03.jpg')!.plan;
    expect(heavy.ok ? heavy.reason : heavy.reason).toMatch(/^2 of the 4 seams found are crossed or worn .* unequal \(633, 50, 31, 114, 71 px\)/);
    const mix = byFile.get('i7502-mix-07.jpg')!.plan;
    expect(mix.ok ? mix.reason : mix.reason).toMatch(/^3 of the 4 seams found are crossed or worn .* unequal \(335, 104, 1124, 167, 85 px\)/);
    const misplaced = byFile.get('i1302-heavy-03.jpg')!.plan;
    expect(misplaced.ok ? misplaced.reason : misplaced.reason).toMatch(/^the seam found at 252 is crossed or worn .* parts of 251 and 192 px, where the plain seams make parts of 223–229 px/);
    const close = byFile.get('i1302-heavy-02.jpg')!;
    expect(close.exact, close.why).toBe(true);
    expect(close.plan.ok ? close.plan.reason : '').toMatch(/1 seam crossed by a badge or worn by compression/);
  });
});
