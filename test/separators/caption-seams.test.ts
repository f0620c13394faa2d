/**
 * A seam between a caption (or page) and a photo whose edge beside the seam is light (`seams.ts`,
 * PAGE_DEVIATION): the caption side shows the seam's very colour, the photo side only comes near
 * it, so the seam is no gap inside one page. Synthetic raster, no codec.
 */
import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { fill, gradientPanel, type Rgb } from './build.js';

function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s / 4294967296;
  };
}

function setPixel(r: Raster, x: number, y: number, [cr, cg, cb]: Rgb): void {
  const p = (y * r.width + x) * 4;
  r.data[p] = cr; r.data[p + 1] = cg; r.data[p + 2] = cb; r.data[p + 3] = 255;
}

/** Two rows of "letters" (every other column of a word is ink) on white, from y0. */
function caption(r: Raster, y0: number): void {
  for (const y of [y0, y0 + 16]) {
    for (let x = 4; x < r.width - 40; x += 46) for (let gx = x; gx < x + 30; gx += 2) fill(r, { x: gx, y, width: 1, height: 10 }, [25, 25, 25]);
  }
}

describe('a seam beside a caption and a light photo', () => {
  it('is a seam, so the caption stays with its photo and the cut lies in the seam', () => {
    // Photo, 4 px white gap, a two-line caption (rows 164–189), an 18 px white seam (190–207), then
    // a photo whose top 30 rows are a light haze (232 ± 6, 4 % dark specks) above its content.
    const r = createRaster(400, 420);
    fill(r, { x: 0, y: 0, width: 400, height: 420 }, [255, 255, 255]);
    gradientPanel(r, { x: 0, y: 0, width: 400, height: 160 }, 1, 30, 3);
    caption(r, 164);
    const rand = random(4);
    for (let y = 208; y < 238; y++) {
      for (let x = 0; x < 400; x++) {
        const v = 232 + Math.round((rand() * 2 - 1) * 6);
        setPixel(r, x, y, rand() < 0.04 ? [40, 50, 40] : [v, v, v - 2]);
      }
    }
    gradientPanel(r, { x: 0, y: 238, width: 400, height: 182 }, 2, 30, 5);
    const plan = planSplit(r);
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts).toHaveLength(2);
    expect(plan.parts[1]!.y).toBeGreaterThanOrEqual(190);
    expect(plan.parts[1]!.y).toBeLessThan(208);
  });
});

describe('the gap between the two lines of a caption', () => {
  it('stays inside the caption even where JPEG left a halo around the letters', () => {
    // Photo, 8 px gap, caption line 1 (rows 168–189), 9 px gap, line 2 (199–220), a 28 px white
    // seam, a photo. The strokes of the letters have a light grey halo between them (238 in the
    // first line, 249 in the second), so the first line's rows match white only loosely (a q70
    // caption read 4.7–5.3), the second's closely; both sides of the line gap are the caption.
    const r = createRaster(400, 460);
    fill(r, { x: 0, y: 0, width: 400, height: 460 }, [255, 255, 255]);
    gradientPanel(r, { x: 0, y: 0, width: 400, height: 160 }, 1, 30, 3);
    for (const y0 of [168, 199]) {
      for (let x = 4; x < 360; x += 46) {
        for (let gx = x; gx < x + 30; gx += 2) {
          fill(r, { x: gx, y: y0, width: 1, height: 21 }, [25, 25, 25]);
          fill(r, { x: gx + 1, y: y0, width: 1, height: 21 }, y0 === 168 ? [238, 238, 238] : [249, 249, 249]);
        }
      }
    }
    gradientPanel(r, { x: 0, y: 248, width: 400, height: 212 }, 2, 30, 5);
    const plan = planSplit(r);
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts.map((p) => p.y)).toHaveLength(2);
    expect(plan.parts[1]!.y).toBeGreaterThanOrEqual(220);
    expect(plan.parts[1]!.y).toBeLessThan(248);
  });
});
