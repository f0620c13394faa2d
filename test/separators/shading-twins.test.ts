/**
 * Seams that shade alike (fading-seams.ts, shadingTwins): two or more seams painted as one
 * gradient, lossy, are evidence enough that their colour is the canvas between pictures, as two
 * solid panels are — beside pale photos too, which alone would have the trust rule drop them.
 */
import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { gradientPanel, random, setPixel } from './build.js';

/** Rows [y0, y1) of a seam shading (250 − `range`)→250 across the picture, each pixel off by up to ±`noise` (JPEG). */
function shadingSeam(r: Raster, y0: number, y1: number, noise: number, rand: () => number, range = 23): void {
  for (let y = y0; y < y1; y++) {
    for (let x = 0; x < r.width; x++) {
      const v = 250 - range + Math.round((x * range) / (r.width - 1)) + Math.round((rand() * 2 - 1) * noise);
      setPixel(r, x, y, [v, v, v - 2]);
    }
  }
}

/**
 * Rows [y0, y1) of a pale photo: a 236–244 backdrop, mostly, with a darker figure over the middle
 * fifth of it, widening to the middle three fifths within 30 rows of its top and bottom edges (so
 * the seams beside it are bordered by the figure, not by the backdrop).
 */
function palePhoto(r: Raster, y0: number, y1: number, rand: () => number): void {
  for (let y = y0; y < y1; y++) {
    const edge = y < y0 + 30 || y >= y1 - 30;
    const [from, to] = edge ? [0.2 * r.width, 0.8 * r.width] : [0.4 * r.width, 0.6 * r.width];
    for (let x = 0; x < r.width; x++) {
      const v = x >= from && x < to ? 150 + Math.round(rand() * 60) : 236 + Math.round(rand() * 8);
      setPixel(r, x, y, [v, v - 6, v - 14]);
    }
  }
}

/** A stack of four panels, 200 rows each, with 6 px shading seams: three pale photos and one solid panel. */
function paleStack(noise: number, range = 23): Raster {
  const r = createRaster(400, 4 * 200 + 3 * 6);
  const rand = random(5);
  for (let k = 0; k < 4; k++) {
    const y0 = k * 206;
    if (k === 1) gradientPanel(r, { x: 0, y: y0, width: 400, height: 200 }, 2, 30, 9);
    else palePhoto(r, y0, y0 + 200, rand);
    if (k < 3) shadingSeam(r, y0 + 200, y0 + 206, noise, rand, range);
  }
  return r;
}

describe('seams shading alike', () => {
  it('a stack of three pale photos and one solid panel splits at its three lossy gradient seams', () => {
    const plan = planSplit(paleStack(1));
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts.slice(1).map((p) => p.y)).toEqual([203, 409, 615]);
  });

  it('plain seams there are no such evidence: the stack stays refused by the trust rule', () => {
    // The same collage with seams of one flat colour (240): nothing shades, nothing vouches.
    expect(planSplit(paleStack(1, 0)).ok).toBe(false);
  });
});
