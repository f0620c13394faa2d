/**
 * Margins of a canvas painted as a gradient (`strips.ts`, rampingCanvas): they ramp along their
 * length as its seams do, so a panel's flat white edge at an end of the collage is no margin.
 * Synthetic rasters, no codec: the pattern measured on independent seeds 2300–2306 (a drawing's
 * white page, 124 px of it, first in a strip on a 228→248 canvas), drawn exactly.
 */
import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { fill, gradientPanel, random, setPixel } from './build.js';

/** The whole picture shading 228→248 from top to bottom: every column ramps, every row is flat. */
function gradientCanvas(r: Raster): void {
  for (let y = 0; y < r.height; y++) {
    const v = 228 + Math.round((y * 20) / (r.height - 1));
    for (let x = 0; x < r.width; x++) setPixel(r, x, y, [v, v, v]);
  }
}

/** A drawing: a white page with dark strokes everywhere but its first `blank` columns. */
function drawing(r: Raster, x0: number, width: number, height: number, blank: number): void {
  fill(r, { x: x0, y: 0, width, height }, [255, 255, 255]);
  for (let y = 0; y < height; y++) {
    // Two diagonal strokes crossing the rest of the page, so no other column is all white.
    for (const x of [blank + Math.floor(((width - blank) * y) / height), width - 1 - Math.floor(((width - blank - 1) * y) / height)]) {
      for (let k = 0; k < 3 && x + k < width; k++) setPixel(r, x0 + x + k, y, [30, 30, 30]);
    }
  }
}

/** Three panels side by side with 6 px seams on a gradient canvas; the first is a drawing. */
function strip(margin: number, blank: number): Raster {
  const r = createRaster(2 * margin + 3 * 200 + 2 * 6, 240);
  gradientCanvas(r);
  drawing(r, margin, 200, 240, blank);
  gradientPanel(r, { x: margin + 206, y: 0, width: 200, height: 240 }, 1, 20, 3);
  gradientPanel(r, { x: margin + 412, y: 0, width: 200, height: 240 }, 2, 20, 4);
  return r;
}

/** Columns [x0, x1) of one flat grey with ±`noise` per pixel: a photo's plain backdrop as JPEG leaves it. */
function backdrop(r: Raster, x0: number, x1: number, grey: number, noise: number, seed: number): void {
  const rand = random(seed);
  for (let y = 0; y < r.height; y++) {
    for (let x = x0; x < x1; x++) {
      const v = grey + Math.round((rand() * 2 - 1) * noise);
      setPixel(r, x, y, [v, v, v]);
    }
  }
}

describe('margins of a gradient canvas', () => {
  it("gives a drawing's white edge at the start of the strip to the drawing, not to the margin", () => {
    const plan = planSplit(strip(0, 60));
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    // Without the rule the first part began at x=60, where the drawing's first stroke is.
    expect(plan.parts.map((p) => [p.x, p.width])).toEqual([
      [0, 203],
      [203, 206],
      [409, 203],
    ]);
  });

  it('keeps a margin that shades like the seams, and only it', () => {
    const plan = planSplit(strip(12, 60));
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts[0]!.x).toBe(12);
    expect(plan.parts[2]!.x + plan.parts[2]!.width).toBe(12 + 612);
  });

  it('settles a tie between a seam that ramps and one that reads flat by the margins, which ramp', () => {
    // JPEG's chroma can flatten one seam's middle line (independent seed 8305 gradient-08): with
    // one seam of two ramping, the margins at both ends, ramping, show the canvas does. Without
    // the rule the drawing's 60 white columns were taken for margin and its part began at x=67.
    const r = strip(7, 60);
    // Its blue moves 5 levels top to bottom, under SHADE_MIN, as the teal photo's chroma left it.
    for (let y = 0; y < r.height; y++) {
      const v = 228 + Math.round((y * 20) / (r.height - 1));
      for (let x = 7 + 406; x < 7 + 412; x++) setPixel(r, x, y, [v, v, 236 + Math.round((y * 5) / (r.height - 1))]);
    }
    const plan = planSplit(r);
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts[0]!.x).toBe(7);
    expect(plan.parts[2]!.x + plan.parts[2]!.width).toBe(7 + 612);
  });

  it('keeps the flat margins of a flat canvas', () => {
    const r = createRaster(24 + 3 * 200 + 12, 240);
    fill(r, { x: 0, y: 0, width: r.width, height: r.height }, [240, 240, 240]);
    for (let i = 0; i < 3; i++) gradientPanel(r, { x: 12 + i * 206, y: 0, width: 200, height: 240 }, i, 20, 5 + i);
    const plan = planSplit(r);
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts[0]!.x).toBe(12);
    expect(plan.parts[2]!.x + plan.parts[2]!.width).toBe(12 + 612);
  });

  it("cuts a seam in its shading lines, not through a photo's flat backdrop of a close grey beside it", () => {
    // Four photos with 9 px seams; the third begins with 80 columns of a flat grey backdrop
    // (232 ± 2) against seams at 238 whose columns ramp 228→248: seam and backdrop are one run.
    const r = createRaster(4 * 200 + 3 * 9, 320);
    gradientCanvas(r);
    for (let i = 0; i < 4; i++) gradientPanel(r, { x: i * 209, y: 0, width: 200, height: 320 }, i, 20, 11 + i);
    backdrop(r, 418, 498, 232, 2, 9);
    const plan = planSplit(r);
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    // Each cut in the middle of its seam: 200 + 4, 409 + 4, 618 + 4.
    expect(plan.parts.slice(1).map((p) => p.x)).toEqual([204, 413, 622]);
  });

  it('keeps a margin whose few lines next to a panel do not ramp (JPEG blends them)', () => {
    // A 15 px margin whose inner 3 columns are flat at the canvas's mean: fewer than
    // FLAT_EDGE_MIN, so still margin (stopping at the first flat line gave x=12).
    const r = strip(15, 0);
    for (let y = 0; y < r.height; y++) for (let x = 12; x < 15; x++) setPixel(r, x, y, [238, 238, 238]);
    const plan = planSplit(r);
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts[0]!.x).toBe(15);
  });

  it('trims a flat backdrop whose outermost column ramps by chance', () => {
    // As above, but the backdrop's last column (beside the photo) ramps like the canvas: JPEG's
    // blend of the backdrop with the photo (committed ib-gradient-02, cut through a photo before).
    const r = createRaster(4 * 200 + 3 * 9, 320);
    gradientCanvas(r);
    for (let i = 0; i < 4; i++) gradientPanel(r, { x: i * 209, y: 0, width: 200, height: 320 }, i, 20, 11 + i);
    backdrop(r, 418, 498, 232, 2, 9);
    for (let y = 0; y < r.height; y++) {
      const v = 228 + Math.round((y * 20) / (r.height - 1));
      setPixel(r, 497, y, [v, v, v]);
    }
    const plan = planSplit(r);
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts.slice(1).map((p) => p.x)).toEqual([204, 413, 622]);
  });
});
