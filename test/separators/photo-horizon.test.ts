/**
 * A photo's horizon is no seam (horizons.ts). The tree photo tinted teal (or olive) by its CMYK
 * colours has a clear sky whose lowest rows, under the crown, are plain and of one colour, with the
 * field below: read as the one seam of a stacked strip, it cut the photo in two, though the sky
 * runs on into most of the part above and is absent from the field. A plain sky whose luma drifts
 * line by line is no panel either.
 */
import { describe, expect, it } from 'vitest';
import { planSplit } from '../../src/imaging/separators/index.js';
import { createRaster } from '../../src/imaging/raster.js';
import { expectEveryExact } from './expect-exact.js';
import { scoreBatch } from './score.js';

describe('a photo\'s horizon', () => {
  it('three crops of the tinted tree photo are refused, not cut at the horizon (fixtures/collages/photo-horizon-sky)', async () => {
    // Independent seeds 20017 none-05 (webp q89, sky band 345–372 cut at 358), 21014 none-09 (webp,
    // 332–352) and 24004 none-05 (olive tint, JPEG, 340–346): the part above the band 0.75–0.89 in
    // its colour, the field below none of it.
    const results = await scoreBatch('photo-horizon-sky');
    expect(results.length).toBe(3);
    for (const r of results) expect(r.plan.ok, r.expected.file).toBe(false);
    expectEveryExact(results);
  });

  it('three photos with a plain sky are refused, not cut where the sky meets the ground (fixtures/collages/photo-plain-sky)', async () => {
    // Independent seeds 21012 none-07 (a 1 px hazy line at y 126 under a blue sky, JPEG q57),
    // 21514 none-06 (q28: the sky's luma steps 4 at its chroma blocks) and 27021 none-08: each cut
    // at the line under a sky whose every row is plain, its luma drifting 20–35 from top to bottom.
    const results = await scoreBatch('photo-plain-sky');
    expect(results.length).toBe(3);
    for (const r of results) expect(r.plan.ok, r.expected.file).toBe(false);
    expectEveryExact(results);
  });

  it('a flat panel of two upright stripes is no sky: its 6x1 collage still splits exactly (fixtures/collages/flag-stripes-not-sky)', async () => {
    // Independent seed 20032 flat-08 (JPEG q53): the last panel, red beside magenta, is plain on
    // every column and JPEG spreads its edge over steps of 6 or less; its luma changes at the edge
    // alone (10.9 over 8 columns, 11 in all), not across the part.
    const results = await scoreBatch('flag-stripes-not-sky');
    expect(results.length).toBe(1);
    expectEveryExact(results);
  });

  it('two dark panels with a dark seam between them still split', () => {
    // A seam of the canvas colour between panels that differ from it on both sides.
    const raster = createRaster(200, 210);
    const d = raster.data;
    for (let y = 0; y < 210; y++) {
      for (let x = 0; x < 200; x++) {
        const p = (y * 200 + x) * 4;
        const seam = y >= 100 && y < 110;
        const v = seam ? [0, 107, 108] : y < 100 ? [(x * 7) % 256, (y * 5) % 256, 200] : [200, (x * 3) % 256, (y * 11) % 256];
        d[p] = v[0]!; d[p + 1] = v[1]!; d[p + 2] = v[2]!; d[p + 3] = 255;
      }
    }
    const plan = planSplit(raster);
    expect(plan.ok && plan.parts.length).toBe(2);
  });
});
