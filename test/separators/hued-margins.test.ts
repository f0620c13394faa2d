/**
 * A heavy-JPEG collage's red or blue margin reads nearly its painted colour, while the collage
 * colour is voted from thin seams JPEG blended into their panels: the margin stayed in the end
 * parts. Lines of the seams' hue at both ends, agreeing in width, are the margins (plan.ts,
 * huedMargins; fixtures/collages/hued-margins, independent seeds in each name).
 */
import { describe, expect, it } from 'vitest';
import { expectEveryExact } from './expect-exact.js';
import { scoreBatch } from './score.js';

describe('margins of the seams’ hue', () => {
  it('a 3x2 in an 8 px red margin (25004 heavy-07), a 2x3 whose 6 px blue margin was lost on the rows (25027 heavy-02) and a 3x1 in a 4 px red margin (25030 heavy-02) split exactly', async () => {
    const results = await scoreBatch('hued-margins');
    expect(results.map((r) => r.expected.file).sort()).toEqual(['i25004-heavy-07.jpg', 'i25027-heavy-02.jpg', 'i25030-heavy-02.jpg']);
    expectEveryExact(results);
  });
});
