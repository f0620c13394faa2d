/**
 * Thin heavy-JPEG seams the colour pass dropped for their colour (plan.ts, withVotedSeams): under
 * 4:2:0 a 1–3 px seam reads a colour that depends on its chroma blocks and the panels beside it,
 * so one seam of a collage may fall outside the colour another voted. Where the vote pass's seams
 * divide the strip equally and hold every seam the colour pass kept, its thin seams lying midway
 * between their neighbours are restored (fixtures/collages/voted-thin-seams, independent seeds in
 * each name).
 */
import { describe, expect, it } from 'vitest';
import { expectEveryExact } from './expect-exact.js';
import { scoreBatch } from './score.js';

describe('thin seams restored from the vote pass', () => {
  it('a 1x3 whose second blue seam read Cb 48.5 from the first (21037 heavy-07), a 1x3 of red seams whose voted colour was a blend (21004 heavy-10) and a 1x4 refused with one of three red seams dropped (21029 heavy-03) split exactly', async () => {
    const results = await scoreBatch('voted-thin-seams');
    expect(results.map((r) => r.expected.file).sort()).toEqual(['i21004-heavy-10.jpg', 'i21029-heavy-03.jpg', 'i21037-heavy-07.jpg']);
    expectEveryExact(results);
  });
});
