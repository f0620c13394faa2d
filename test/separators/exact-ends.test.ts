/**
 * A seam's exact end (seams.ts, exactEnd): in a lossless collage a seam is one exact colour on
 * every line, and a pale photo backdrop merged into its run is not — the cut goes through the
 * exact stretch, not through the middle of the run.
 */
import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { fill, gradientPanel, random, setPixel } from './build.js';

/**
 * Two photos side by side, a 9 px seam at x 300–308 whose columns are exact (240, then 241: a
 * canvas shading across the picture), and the right photo's first `backdrop` columns a pale
 * backdrop of 233–241 that changes along the column but not across it, as a studio backdrop does.
 */
function pair(backdrop: number, clip = false): Raster {
  const r = createRaster(620, 300);
  gradientPanel(r, { x: 0, y: 0, width: 300, height: 300 }, 1, 30, 3);
  fill(r, { x: 300, y: 0, width: 5, height: 300 }, clip ? [255, 255, 255] : [240, 240, 240]);
  fill(r, { x: 305, y: 0, width: 4, height: 300 }, clip ? [255, 255, 255] : [241, 241, 241]);
  const rand = random(11);
  for (let y = 0; y < 300; y++) {
    const v = 233 + Math.floor(rand() * 9);
    for (let x = 309; x < 309 + backdrop; x++) setPixel(r, x, y, [v, v, v]);
  }
  gradientPanel(r, { x: 309 + backdrop, y: 0, width: 311 - backdrop, height: 300 }, 2, 30, 5);
  return r;
}

describe("a seam's exact end", () => {
  it('cuts through the exact stretch of a run that holds a pale backdrop', () => {
    const plan = planSplit(pair(20));
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts.map((p) => p.x)).toEqual([0, 304]);
  });

  it('takes no clipped white stretch for the seam: a photo is exact only where clipped', () => {
    // The same run with the seam at 255 is no evidence: it stays as the other rules read it.
    const plan = planSplit(pair(20, true));
    const cuts = plan.ok ? plan.parts.slice(1).map((p) => p.x) : [];
    expect(cuts).not.toContain(304);
  });
});
