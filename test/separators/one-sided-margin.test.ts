/**
 * A margin at one end of an axis only (`strips.ts`, marginsOf): on a canvas with no border across
 * the axis, it is the plain edge of the panel at that end (a drawing's white page on a white
 * canvas), and belongs to that panel's box. Synthetic rasters: the layouts of independent seeds
 * 2303 mix-02 and 2307 mix-03, drawn exactly.
 */
import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { fill, gradientPanel, setPixel } from './build.js';

/** A drawing: a white page with two dark diagonal strokes, none in its last `blank` columns. */
function drawing(r: Raster, x0: number, y0: number, width: number, height: number, blank: number): void {
  fill(r, { x: x0, y: y0, width, height }, [255, 255, 255]);
  const span = width - blank - 3;
  for (let y = 0; y < height; y++) {
    for (const x of [Math.floor((span * y) / height), span - Math.floor((span * y) / height)]) {
      for (let k = 0; k < 3; k++) setPixel(r, x0 + x + k, y0 + y, [30, 30, 30]);
    }
  }
}

/** Two photos and a drawing last (no strokes in its last `blank` columns), side by side with 6 px white seams, on a white canvas with `border` on top and bottom and at the left. */
function row(border: number, blank = 40): Raster {
  const r = createRaster(border + 3 * 200 + 2 * 6, 2 * border + 240);
  fill(r, { x: 0, y: 0, width: r.width, height: r.height }, [255, 255, 255]);
  gradientPanel(r, { x: border, y: border, width: 200, height: 240 }, 0, 20, 3);
  gradientPanel(r, { x: border + 206, y: border, width: 200, height: 240 }, 1, 20, 4);
  drawing(r, border + 412, border, 200, 240, blank);
  return r;
}

describe('a margin at one end only', () => {
  it("is the drawing's white edge when nothing borders the collage across the axis", () => {
    const plan = planSplit(row(0));
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    // Without the rule the last part ended at x=572, where the drawing's strokes stop.
    expect(plan.parts.map((p) => [p.x, p.x + p.width])).toEqual([
      [0, 203],
      [203, 409],
      [409, 612],
    ]);
  });

  it('stays margin when the canvas borders the collage across the axis at both ends', () => {
    // A border on the left, top and bottom; the drawing's strokes reach the right edge.
    const plan = planSplit(row(10, 0), { axis: 'horizontal' });
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts[0]!.x).toBe(10);
  });
});
