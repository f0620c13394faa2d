/**
 * Gradient canvases (`strips.ts`): a seam a badge or JPEG wore, beside gradient seams, must shade
 * too; and a canvas whose margins ramp at both ends trims a pale photo backdrop off the one wide
 * run that holds its seam. Synthetic rasters, no codec: the line patterns measured on independent
 * seeds 4206 gradient-07 (PNG) and 4204 gradient-02 (JPEG q55), drawn exactly.
 */
import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { measureLines } from '../../src/imaging/separators/line-stats.js';
import { detectStrips } from '../../src/imaging/separators/strips.js';
import { fill, gradientPanel, setPixel } from './build.js';

/** Lines of a seam shading `from`→`to` along its length: rows [a, b) shading along x, or columns shading along y. */
function shade(r: Raster, axis: 'rows' | 'columns', a: number, b: number, from: number, to: number): void {
  const length = axis === 'rows' ? r.width : r.height;
  for (let i = 0; i < length; i++) {
    const v = from + Math.round(((to - from) * i) / (length - 1));
    for (let l = a; l < b; l++) {
      if (axis === 'rows') setPixel(r, i, l, [v, v, v]);
      else setPixel(r, l, i, [v, v, v]);
    }
  }
}

describe('gradient canvases', () => {
  it('drops a worn seam that does not shade when every seam of the axis does', () => {
    // Three stacked panels between 7 px seams shading 230→247 along x; the first a white drawing
    // (two black strokes down it), whose white rows 40–50 a first pass took for a worn seam
    // (independent seed 4206 gradient-07: rows 38–50 of a table drawing, cut off at y 44).
    const r = createRaster(240, 560);
    fill(r, { x: 0, y: 0, width: 240, height: 180 }, [255, 255, 255]);
    fill(r, { x: 60, y: 10, width: 3, height: 160 }, [20, 20, 20]);
    fill(r, { x: 170, y: 10, width: 3, height: 160 }, [20, 20, 20]);
    shade(r, 'rows', 180, 187, 230, 247);
    gradientPanel(r, { x: 0, y: 187, width: 240, height: 180 }, 1, 20, 3);
    shade(r, 'rows', 367, 374, 230, 247);
    gradientPanel(r, { x: 0, y: 374, width: 240, height: 186 }, 2, 20, 5);
    const stats = measureLines(r, { x: 0, y: 0, width: 240, height: 560 });
    const d = detectStrips(r, stats, 'vertical', { colour: [246, 246, 246], damagedFound: [{ start: 40, end: 50, colour: [251, 252, 252] }] });
    expect(d.separators.map((s) => [s.start, s.end])).toEqual([
      [180, 187],
      [367, 374],
    ]);
  });

  it('trims a pale photo backdrop off the seam when the margins at both ends ramp', () => {
    // Two photos side by side on a canvas shading 235→245 down the picture (14 px margins, an
    // 8 px seam); the left photo ends in 100 columns of a flat 234 backdrop, which joins the seam
    // in one run of 108 columns: its middle, the cut, lay in the photo (seed 4204 gradient-02).
    const r = createRaster(820, 300);
    shade(r, 'columns', 0, 820, 235, 245);
    gradientPanel(r, { x: 14, y: 14, width: 300, height: 272 }, 1, 20, 3);
    fill(r, { x: 314, y: 14, width: 100, height: 272 }, [234, 234, 234]);
    gradientPanel(r, { x: 422, y: 14, width: 384, height: 272 }, 2, 20, 5);
    const plan = planSplit(r);
    // Refused or cut inside the seam (414–422): never through the left photo.
    if (plan.ok) {
      expect(plan.parts).toHaveLength(2);
      expect(plan.parts[1]!.x).toBeGreaterThanOrEqual(414);
      expect(plan.parts[1]!.x).toBeLessThanOrEqual(422);
    }
  });
});
