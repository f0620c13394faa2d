/**
 * Mosaics: one big photo beside two stacked small ones (grid.ts). Every panel leaves out the
 * picture's margins, and the panels come in reading order by their top-left corners.
 */
import { describe, expect, it } from 'vitest';
import { createRaster } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { fill, gradientPanel } from './build.js';

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
