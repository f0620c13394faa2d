/**
 * A heavy-JPEG grid whose seams across one axis no pass found: they cross every part of the other
 * axis's strip in the luma of its seams (crossing-seams.ts).
 */
import { describe, expect, it } from 'vitest';
import { expectEveryExact } from './expect-exact.js';
import { scoreBatch } from './score.js';

describe('a grid whose seams across one axis show only their luma', () => {
  it('two heavy-JPEG grids and a flag beside a diagram (fixtures/collages/grid-crossing-luma) split exactly', async () => {
    // Independent seeds 39000 heavy-10 (a 2x2 of 1 px blue seams in a 4 px margin, q31 resaved
    // q26: its column seam read (63,63,78), no chroma left) and 39001 heavy-02 (a 2x3 of 1 px grey
    // seams in a 7 px margin, q29): the columns' seam was found by no pass, and each came out as
    // its stacked rows (2 and 3 parts). Seed 22014 flat-08 (a 7 px yellow seam read as 3 plain
    // lines, JPEG q76) stays 2 parts: its seam is whole, and the flag's edge the diagram's
    // connector continues at the seam's luma is no seam.
    const results = await scoreBatch('grid-crossing-luma');
    expect(results.length).toBe(3);
    expectEveryExact(results);
  });
});
