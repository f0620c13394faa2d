/**
 * Mosaics and grids (grid.ts): one big photo beside two stacked small ones — every panel leaves
 * out the picture's margins, and the panels come in reading order by their top-left corners — and
 * the lattice of seams running the whole picture.
 */
import { describe, expect, it } from 'vitest';
import { createRaster } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { fill, gradientPanel } from './build.js';
import { expectEveryExact } from './expect-exact.js';
import { scoreBatch } from './score.js';

describe('a mosaic', () => {
  it('two small photos stacked left of a big one: the big panel has no margin, and comes second', () => {
    // 10 px white margin, 6 px white seams; small photos 200×200 at x 10, big one 300×406 at x 216.
    const r = createRaster(526, 426);
    fill(r, { x: 0, y: 0, width: 526, height: 426 }, [255, 255, 255]);
    gradientPanel(r, { x: 10, y: 10, width: 200, height: 200 }, 0, 20, 3);
    gradientPanel(r, { x: 10, y: 216, width: 200, height: 200 }, 1, 20, 4);
    gradientPanel(r, { x: 216, y: 10, width: 300, height: 406 }, 2, 20, 5);
    const plan = planSplit(r);
    expect(plan).toMatchObject({ ok: true, axis: 'grid' });
    if (!plan.ok) return;
    // The big panel kept the margins above and below it (y 0, height 426) and sorted first.
    expect(plan.parts).toEqual([
      { x: 10, y: 10, width: 203, height: 203 },
      { x: 213, y: 10, width: 303, height: 406 },
      { x: 10, y: 213, width: 203, height: 203 },
    ]);
  });
});

describe('a grid whose seams run the whole picture on both axes', () => {
  it('is their lattice, though a seam reads as a light photo\'s fade inside one band', () => {
    // 2×2, 10 px grey (235) gutters. The bottom-right photo's first 40 columns are light grey
    // (228 ± 3, shading darker, a dark speck every 40 rows): inside the bottom band the gutter
    // fades into them and was dropped (3 panels); over the whole height it is a seam.
    const r = createRaster(410, 410);
    fill(r, { x: 0, y: 0, width: 410, height: 410 }, [235, 235, 235]);
    for (let i = 0; i < 4; i++) gradientPanel(r, { x: (i % 2) * 210, y: Math.floor(i / 2) * 210, width: 200, height: 200 }, i, 20, i + 3);
    let seed = 9;
    for (let y = 210; y < 410; y++) {
      for (let x = 210; x < 250; x++) {
        seed = (seed * 1103515245 + 12345) >>> 0;
        const v = y % 40 === 0 ? 60 : 228 - Math.floor((x - 210) / 16) + ((seed >>> 16) % 7) - 3;
        fill(r, { x, y, width: 1, height: 1 }, [v, v, v]);
      }
    }
    const plan = planSplit(r);
    expect(plan).toMatchObject({ ok: true, axis: 'grid' });
    expect(plan.ok ? plan.parts : []).toEqual([
      { x: 0, y: 0, width: 205, height: 205 },
      { x: 205, y: 0, width: 205, height: 205 },
      { x: 0, y: 205, width: 205, height: 205 },
      { x: 205, y: 205, width: 205, height: 205 },
    ]);
  });
});

describe('a mosaic whose small photos share a part of the strip (mosaic.ts)', () => {
  it('splits that part where a seam as wide as the strip\'s spans it alone (independent seed 27005 mix-01)', async () => {
    // Big photo right, two small ones left, 8 px white seams (JPEG q66): the column seam made a
    // strip of two parts, the row seam 168–176 spans only the left one, and the small photos
    // came out as one part. Planned alone, that part splits at y 175 (its rows 160–175 read as
    // seam lines: the photo above ends white).
    const results = await scoreBatch('mosaic-part-seam');
    expect(results.map((r) => r.expected.file)).toEqual(['i27005-mix-01.jpg']);
    expectEveryExact(results);
  });
});
