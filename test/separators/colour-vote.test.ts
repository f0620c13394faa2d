/**
 * The collage colour on a tie of thin ballots (`collage-colour.ts`, saturatedOfTie): 4:2:0 smears
 * a 1–3 px red or blue seam's chroma, so a heavy collage may find one seam of its colour and tie
 * it with a photo's thin dark band; the saturated colour is the painted one. Ballots as measured
 * on independent seed 4009 heavy-01 (3 px red seams at q30 resaved q28).
 */
import { describe, expect, it } from 'vitest';
import { collageColourOfBallots } from '../../src/imaging/separators/collage-colour.js';

describe('collage colour: a tie of thin ballots', () => {
  it('goes to the saturated seam colour, not a photo’s dark band voted first', () => {
    const band = { start: 264, end: 267, colour: [42, 33, 13] as [number, number, number] };
    const red = { start: 539, end: 542, colour: [222, 6, 36] as [number, number, number] };
    expect(collageColourOfBallots([[band], [red]])).toEqual([222, 6, 36]);
    expect(collageColourOfBallots([[red], [band]])).toEqual([222, 6, 36]);
  });

  it('goes to the saturated colour when every tied group has its luma: one seam colour, its chroma smeared or rung', () => {
    // Independent seed 8200 heavy-01 (a 4x1 of 3 px red seams, q35 4:2:0): the red seam, a Cr−
    // lobe ringing 4 px beside the next (teal, chroma 57, more than half the red's 110), and the
    // third seam's chroma blended into a dark panel (chroma 9); lumas 76, 76, 74.
    const red = { start: 224, end: 227, colour: [225, 12, 18] as [number, number, number] };
    const lobe = { start: 456, end: 458, colour: [0, 109, 106] as [number, number, number] };
    const smeared = { start: 669, end: 670, colour: [67, 80, 61] as [number, number, number] };
    expect(collageColourOfBallots([[red], [lobe], [smeared]])).toEqual([225, 12, 18]);
  });

  it('keeps the narrower-first rule beside a neutral group, a wide piece, or two saturated colours', () => {
    const white = { start: 300, end: 302, colour: [253, 254, 254] as [number, number, number] };
    const cyan = { start: 500, end: 501, colour: [84, 164, 180] as [number, number, number] };
    expect(collageColourOfBallots([[white], [cyan]])).toEqual([84, 164, 180]); // narrower, as before
    expect(collageColourOfBallots([[cyan], [{ ...white, end: 301 }]])).toEqual([84, 164, 180]); // first of equal width
    const sky = { start: 100, end: 167, colour: [126, 173, 230] as [number, number, number] };
    const pale = { start: 744, end: 746, colour: [243, 241, 231] as [number, number, number] };
    expect(collageColourOfBallots([[pale], [sky]])).toEqual([243, 241, 231]);
    // A red and a blue, chroma 108 and 87: not twice apart, the narrower stands.
    expect(collageColourOfBallots([[{ start: 223, end: 226, colour: [222, 6, 36] }], [{ start: 450, end: 452, colour: [12, 7, 183] }]])).toEqual([12, 7, 183]);
  });
});
