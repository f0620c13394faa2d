/**
 * A grid of thin coloured heavy-JPEG seams whose seams across one axis the colour pass dropped for
 * their colour (plan.ts, votedCrossing): under 4:2:0 the rows and the columns of one grid read
 * different colours, but one hue. The vote pass's seams, dividing their axis equally and of the
 * other axis's hue, cross its strip (fixtures/collages/voted-crossing-seams, independent seeds in
 * each name).
 */
import { describe, expect, it } from 'vitest';
import { expectEveryExact } from './expect-exact.js';
import { scoreBatch } from './score.js';

describe('a grid whose seams across one axis only the vote kept', () => {
  it('a 2x3 of blue seams read as 3 stacked parts (25000 heavy-07), a 2x2 of blue seams inside a margin read as 2 (25016 heavy-05) and a 3x2 of red seams read as 2 (25039 heavy-02) split exactly', async () => {
    const results = await scoreBatch('voted-crossing-seams');
    expect(results.map((r) => r.expected.file).sort()).toEqual(['i25000-heavy-07.jpg', 'i25016-heavy-05.jpg', 'i25039-heavy-02.jpg']);
    expectEveryExact(results);
  });
});
