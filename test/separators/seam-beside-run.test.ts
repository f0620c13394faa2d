/**
 * A wide plain run beside a thin seam of another colour is a panel's flat edge (`damaged-seams.ts`,
 * seamsBesideRuns): the seam is the thin band at one end of the run that stands off both the run
 * and the panel beyond it along the whole picture, when nothing does so at the run's other end.
 * The committed pictures (fixtures/collages/heavy-beside-run, `make-collages.ts --independent-seed
 * 9205 --full-size`): heavy-06, a 1x2 of a 1 px red seam at q28 under a white drawing whose plain
 * bottom (rows 424–447) was cut at its middle, 13 px inside the drawing; heavy-03, a 1x4 of 3 px
 * red seams at q39 whose third photo's flat dark bottom (641–673) was cut 18 px inside it.
 */
import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../src/imaging/raster.js';
import { seamsBesideRuns } from '../../src/imaging/separators/damaged-seams.js';
import { fill, random, setPixel, type Rgb } from './build.js';
import { scoreBatch } from './score.js';

const WHITE: Rgb = [255, 255, 255];
const RED: Rgb = [220, 30, 40];

/** A 200×300 picture: rows [0, 100) noise, [100, 140) white (a drawing's plain bottom), then `band` rows of `c`, then noise. */
function picture(band: Rgb | null, above: Rgb | null = null): Raster {
  const r = createRaster(200, 300);
  const rand = random(7);
  for (let y = 0; y < 300; y++) for (let x = 0; x < 200; x++) setPixel(r, x, y, [60 + Math.floor(rand() * 140), 60 + Math.floor(rand() * 140), 60 + Math.floor(rand() * 140)]);
  fill(r, { x: 0, y: 100, width: 200, height: 40 }, WHITE);
  if (band) fill(r, { x: 0, y: 140, width: 200, height: 1 }, band);
  if (above) fill(r, { x: 0, y: 99, width: 200, height: 1 }, above);
  return r;
}

const whole = (r: Raster) => ({ x: 0, y: 0, width: r.width, height: r.height });
const run = [{ start: 100, end: 140, colour: [255, 255, 255] as [number, number, number] }];

describe('a thin seam beside a wide flat run', () => {
  it('is the seam, not the run', () => {
    const r = picture(RED);
    expect(seamsBesideRuns(r, whole(r), 'vertical', 0, run).map(({ start, end }) => ({ start, end }))).toEqual([{ start: 140, end: 141 }]);
  });

  it('leaves a run without one, a run with one at both ends (a seam between framed photos), and one of several wide runs', () => {
    const plain = picture(null);
    expect(seamsBesideRuns(plain, whole(plain), 'vertical', 0, run)).toEqual(run);
    const framed = picture(RED, RED);
    expect(seamsBesideRuns(framed, whole(framed), 'vertical', 0, run)).toEqual(run);
    const r = picture(RED);
    const two = [...run, { start: 200, end: 240, colour: [255, 255, 255] as [number, number, number] }];
    expect(seamsBesideRuns(r, whole(r), 'vertical', 0, two)).toEqual(two);
  });

  it('cuts heavy-JPEG collages on their seams, not through the flat panel edge beside', async () => {
    const results = await scoreBatch('heavy-beside-run');
    expect(results.map((r) => r.expected.file).sort()).toEqual(['i9205-heavy-03.jpg', 'i9205-heavy-06.jpg']);
    for (const r of results) {
      expect(r.badCuts, r.expected.file).toEqual([]);
      // heavy-03 comes out in 2 parts cut on its third seam (its other seams are lost): no cut.
      if (r.expected.file === 'i9205-heavy-06.jpg') expect(r.exact, r.why).toBe(true);
    }
  });
});
