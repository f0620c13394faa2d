/**
 * The collage colour against a photo's own flat band (`collage-colour.ts`, ownSeamsOf): a run of
 * plain lines inside a photo (a flat sky below a tree) casts a ballot as a seam does, and the
 * narrower-first tie let it beat the collage's seam; the line beyond the band continues its
 * colour into the photo, the lines beyond a seam are other pictures. Drawn after independent seed
 * 4200 mix-03: a 15 px cream seam above a teal sky whose tree ends 14 rows above the field.
 */
import { describe, expect, it } from 'vitest';
import { createRaster } from '../../src/imaging/raster.js';
import { ballotOfRun, collageColourOfBallots } from '../../src/imaging/separators/collage-colour.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { fill, gradientPanel, random, type Rgb } from './build.js';

const CREAM: Rgb = [245, 235, 215];
const TEAL: Rgb = [0, 107, 108];

/** A photo over a cream seam over a teal sky with a tree at its right, a flat band of sky, then a field. */
function skyUnderSeam(): ReturnType<typeof createRaster> {
  const r = createRaster(362, 722);
  gradientPanel(r, { x: 0, y: 0, width: 362, height: 415 }, 0, 6, 3);
  fill(r, { x: 0, y: 415, width: 362, height: 15 }, CREAM);
  fill(r, { x: 0, y: 430, width: 362, height: 222 }, TEAL);
  const rand = random(11);
  // The tree: busy dark green over the right third of every sky row down to row 637.
  for (let y = 430; y < 638; y++) for (let x = 250; x < 362; x++) fill(r, { x, y, width: 1, height: 1 }, [20 + Math.floor(rand() * 60), 80 + Math.floor(rand() * 60), 40 + Math.floor(rand() * 40)]);
  gradientPanel(r, { x: 0, y: 652, width: 362, height: 70 }, 3, 6, 5);
  return r;
}

describe('collage colour: a photo’s flat band', () => {
  it('loses to the seam it ties with: the band continues into its photo', () => {
    const plan = planSplit(skyUnderSeam());
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts.map((p) => [p.y, p.height])).toEqual([[0, 422], [422, 300]]);
    expect(plan.reason).toContain('rgb(245,235,215)');
  });

  it('is left alone without the line test, and when every ballot continues', () => {
    const seam = [{ start: 415, end: 430, colour: [245, 235, 215] as [number, number, number] }];
    const band = [{ start: 638, end: 652, colour: [0, 107, 108] as [number, number, number] }];
    expect(collageColourOfBallots([seam, band])).toEqual([0, 107, 108]); // narrower first, as before
    expect(collageColourOfBallots([seam, band], () => true)).toEqual([0, 107, 108]);
    expect(collageColourOfBallots([seam, band], (b) => b === 1)).toEqual([245, 235, 215]);
  });

  it('loses to seams when each band shades on into the rest of its sky within the run', () => {
    // Pieces of the runs as measured on independent seed 4104 badge-03 (webp q90): two 11 px white
    // seams, three photos' skies whose runs hold a lighter and a darker piece.
    type P = { start: number; end: number; colour: [number, number, number] };
    const ballot = (pieces: P[], seam: [number, number]) => ballotOfRun(pieces, { start: seam[0], end: seam[1] });
    const ballots = [
      ballot([{ start: 440, end: 451, colour: [240, 240, 240] }], [440, 451]),
      ballot([{ start: 472, end: 608, colour: [132, 178, 232] }, { start: 608, end: 690, colour: [159, 201, 241] }], [608, 690]),
      ballot([{ start: 892, end: 902, colour: [239, 240, 240] }, { start: 902, end: 1056, colour: [127, 174, 230] }, { start: 1056, end: 1163, colour: [157, 199, 240] }], [892, 1163]),
      ballot([{ start: 1342, end: 1353, colour: [241, 241, 241] }], [1342, 1353]),
      ballot([{ start: 1375, end: 1456, colour: [134, 181, 233] }, { start: 1456, end: 1502, colour: [160, 202, 240] }], [1456, 1502]),
    ];
    expect(collageColourOfBallots(ballots)).not.toEqual([241, 241, 241]); // three sky ballots outvote two seams
    expect(collageColourOfBallots(ballots, () => false)).toEqual([241, 241, 241]);
  });
});
