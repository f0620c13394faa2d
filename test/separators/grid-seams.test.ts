/**
 * Grid parts and the seams of the whole picture (`grid.ts`, throughWholeSeams): a seam found across
 * the whole picture separates panels along its whole length, even where one band's own lines
 * cannot show it.
 */
import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { readingOrder } from '../../src/imaging/separators/grid.js';
import { fill, gradientPanel, type Rgb } from './build.js';

/** Sparse dark "words" on a white page, lines of text between blank rows (cf. rules.test.ts). */
function textPage(r: Raster, x0: number, y0: number, width: number, height: number, seed: number): void {
  fill(r, { x: x0, y: y0, width, height }, [255, 255, 255]);
  let s = seed;
  const next = (): number => (s = (s * 1103515245 + 12345) >>> 0);
  for (let y = y0 + 10; y + 10 < y0 + height - 6; y += 16) {
    for (let x = x0 + 6; x < x0 + width - 20; ) {
      const word = 10 + (next() % 30);
      for (let gx = x; gx < Math.min(x + word, x0 + width - 6); gx += 2) fill(r, { x: gx, y, width: 1, height: 10 }, [30, 30, 30] as Rgb);
      x += word + 7;
    }
  }
}

describe('grid parts and whole-picture seams', () => {
  it('a 2×2 grid whose top band is two white pages still splits that band at the full-height seam', () => {
    // Over the top band alone the white seam between two unframed white pages reads as a gap
    // inside one page (background-gap.ts); over the whole picture the photos below make it a seam.
    const seam = 8;
    const r = createRaster(2 * 200 + seam, 2 * 160 + seam);
    fill(r, { x: 0, y: 0, width: r.width, height: r.height }, [255, 255, 255]);
    textPage(r, 0, 0, 200, 160, 3);
    textPage(r, 208, 0, 200, 160, 5);
    gradientPanel(r, { x: 0, y: 168, width: 200, height: 160 }, 1, 30, 7);
    gradientPanel(r, { x: 208, y: 168, width: 200, height: 160 }, 2, 30, 8);
    const plan = planSplit(r);
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.axis).toBe('grid');
    expect(plan.parts).toHaveLength(4);
    // Every vertical cut inside the seam (columns 200–207).
    for (const p of plan.parts) if (p.x > 0) expect(p.x >= 200 && p.x < 208, JSON.stringify(p)).toBe(true);
  });
});

describe('reading order of grid panels', () => {
  it('a row whose cuts lie a pixel apart from band to band stays one row, left to right', () => {
    // The third row of a lossy 4×3 grid as measured (seed 708): its first panel starts at y=307,
    // the other three at 306; the second row at 157/158.
    const panels = [
      { x: 661, y: 306, width: 216, height: 148 },
      { x: 9, y: 158, width: 216, height: 149 },
      { x: 225, y: 306, width: 218, height: 148 },
      { x: 225, y: 157, width: 218, height: 149 },
      { x: 9, y: 307, width: 216, height: 147 },
      { x: 443, y: 306, width: 218, height: 148 },
    ];
    readingOrder(panels);
    expect(panels.map((p) => [p.x, p.y])).toEqual([
      [9, 158], [225, 157],
      [9, 307], [225, 306], [443, 306], [661, 306],
    ]);
  });
});

describe('a band’s stretch far wider than its parent seam', () => {
  it('is a photo’s flat edge beside a thin seam, not a gutter: the band is not cut through the photo', () => {
    // One wide photo over two; a 2 px white seam under it and between the two; the right photo's
    // left 80 columns are white. The bottom band reads one 82 px white run, 41× its parent seam.
    const [w, h, seam, flat] = [400, 160, 2, 80];
    const r = createRaster(2 * w + seam, 2 * h + seam);
    fill(r, { x: 0, y: 0, width: r.width, height: r.height }, [255, 255, 255]);
    gradientPanel(r, { x: 0, y: 0, width: r.width, height: h }, 0, 20, 2);
    gradientPanel(r, { x: 0, y: h + seam, width: w, height: h }, 1, 20, 3);
    gradientPanel(r, { x: w + seam + flat, y: h + seam, width: w - flat, height: h }, 2, 20, 4);
    const plan = planSplit(r);
    const right = { x: w + seam, width: w };
    if (plan.ok) for (const p of plan.parts) expect(p.x <= right.x || p.x >= right.x + right.width, `a cut at x=${p.x} runs through the right photo`).toBe(true);
    expect(plan.ok).toBe(true);
  });
});
