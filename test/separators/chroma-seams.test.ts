/**
 * Thin coloured seams under 4:2:0 chroma (`collage-colour.ts`, sameSeamColour): JPEG keeps a 1–3 px
 * seam's luma but mixes its chroma with the panel beside, so its lines differ in colour from one
 * another and from the collage colour while their luma agrees. Synthetic rasters, no codec: the
 * line colours are the ones measured on heavy-JPEG collages, drawn with JPEG-like noise so that
 * every seam line is content for the plain rules (spread above 64) and only the damaged-seam
 * search can find it.
 */
import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { sameSeamColour } from '../../src/imaging/separators/collage-colour.js';
import { gradientPanel, random, type Rgb } from './build.js';

/**
 * Column `x` of colour `c`, each pixel ±12 and one in 25 ±`peak`: with `peak` 40 the spread is
 * above 64 (a content line, left to the damaged-seam search), with 30 it is "ringing".
 */
function noisyColumn(r: Raster, x: number, c: Rgb, rand: () => number, peak: number): void {
  for (let y = 0; y < r.height; y++) {
    const n = Math.round((rand() * 2 - 1) * (rand() < 0.04 ? peak : 12));
    const p = (y * r.width + x) * 4;
    for (let k = 0; k < 3; k++) r.data[p + k] = Math.max(0, Math.min(255, c[k]! + n));
    r.data[p + 3] = 255;
  }
}

/** A strip of photos side by side with seams whose columns have the given colours. */
function strip(width: number, height: number, panel: number, seams: Rgb[][], peak: number): { raster: Raster; seams: [number, number][] } {
  const r = createRaster(width, height);
  const rand = random(5);
  const out: [number, number][] = [];
  let x = 0;
  seams.forEach((columns, i) => {
    gradientPanel(r, { x, y: 0, width: panel, height }, i, 40, i + 3);
    x += panel;
    out.push([x, x + columns.length]);
    for (const c of columns) noisyColumn(r, x++, c, rand, peak);
  });
  gradientPanel(r, { x, y: 0, width: width - x, height }, seams.length, 40, 9);
  return { raster: r, seams: out };
}

function expectCutsInside(raster: Raster, seams: [number, number][]): void {
  const plan = planSplit(raster, { axis: 'horizontal' });
  expect(plan.ok, JSON.stringify(plan)).toBe(true);
  if (!plan.ok) return;
  expect(plan.method).toBe('detected');
  const cuts = plan.parts.slice(1).map((p) => p.x);
  expect(cuts).toHaveLength(seams.length);
  cuts.forEach((cut, i) => {
    expect(cut).toBeGreaterThanOrEqual(seams[i]![0]);
    expect(cut).toBeLessThan(seams[i]![1]);
  });
}

describe('thin coloured seams under 4:2:0 chroma', () => {
  it('same seam colour: luma within 12 and chroma within 48, or the plain per-channel tolerance', () => {
    expect(sameSeamColour([149, 55, 47], [210, 23, 42], 48)).toBe(true);
    expect(sameSeamColour([236, 213, 96], [228, 227, 44], 40)).toBe(true);
    expect(sameSeamColour([255, 255, 255], [236, 240, 238], 40)).toBe(true);
    // Light grey of a yellow's luma is no yellow; blue is no red; a darker red is another colour.
    expect(sameSeamColour([206, 206, 206], [228, 227, 44], 40)).toBe(false);
    expect(sameSeamColour([20, 40, 210], [220, 20, 20], 40)).toBe(false);
    expect(sameSeamColour([150, 20, 20], [220, 20, 20], 40)).toBe(false);
  });

  it('a 3 px red seam whose edge line took half its chroma from the panel is one damaged seam', () => {
    // The lines measured on a q38 collage: edge (149,55,47), middle (210,23,42), edge (197,28,39);
    // 61 apart in red, luma 82/81/80.
    const red: Rgb[] = [[149, 55, 47], [210, 23, 42], [197, 28, 39]];
    const { raster, seams } = strip(3 * 220 + 6, 420, 220, [red, red], 40);
    expectCutsInside(raster, seams);
  });

  it('a 2 px yellow seam whose chroma drifted still has the collage colour voted by the other seams', () => {
    // Two seams of (230,226,42); the third's lines read (236,213,96): 54 off in blue, luma 206.5
    // against 206 (measured on a q36 collage). Ringing lines: the plain rules find all three, and
    // the third must still count as the collage colour.
    const yellow: Rgb[] = [[228, 227, 44], [232, 225, 40]];
    const drifted: Rgb[] = [[236, 213, 96], [234, 215, 92]];
    const { raster, seams } = strip(4 * 190 + 6, 400, 190, [yellow, yellow, drifted], 30);
    expectCutsInside(raster, seams);
  });

  it('a damaged yellow seam whose chroma drifted is kept by the second pass, which holds seams to the collage colour', () => {
    // As above, with content lines (spread above 64): the damaged seams of the first pass are
    // kept in the second only when they have the collage colour.
    const yellow: Rgb[] = [[228, 227, 44], [232, 225, 40]];
    const drifted: Rgb[] = [[236, 213, 96], [234, 215, 92]];
    const { raster, seams } = strip(4 * 190 + 6, 400, 190, [yellow, yellow, drifted], 40);
    expectCutsInside(raster, seams);
  });
});

describe('thin damaged seams beside a photo with a flat band', () => {
  it("a photo's flat band, no seam itself, does not hold 1 px seams to its width", () => {
    // Three stacked photos, 1 px green seams whose rows are content (damaged-seam search); the
    // first photo has 10 flat rows (200,220,230) inside haze of their colour — a band of the
    // photo, refused as a seam (a gap inside one panel), whose run of plain rows is still 10 wide.
    const r = createRaster(300, 600);
    gradientPanel(r, { x: 0, y: 0, width: 300, height: 250 }, 1, 40, 3);
    const rand = random(11);
    for (let y = 90; y < 200; y++) {
      for (let x = 0; x < 300; x++) {
        const p = (y * 300 + x) * 4;
        // Around the band, haze of its colour ± 10 with specks (a photo shades; a page is exact).
        const haze = y < 120 || y >= 130;
        const speck = haze && rand() < 0.05;
        const n = haze ? Math.round((rand() * 2 - 1) * 10) : 0;
        const c = speck ? [40, 50, 40] : [200 + n, 220 + n, 230 + n];
        r.data[p] = c[0]!; r.data[p + 1] = c[1]!; r.data[p + 2] = c[2]!; r.data[p + 3] = 255;
      }
    }
    gradientPanel(r, { x: 0, y: 251, width: 300, height: 199 }, 2, 40, 4);
    gradientPanel(r, { x: 0, y: 451, width: 300, height: 149 }, 3, 40, 5);
    const noise = random(12);
    for (const y of [250, 450]) {
      for (let x = 0; x < 300; x++) {
        const n = Math.round((noise() * 2 - 1) * (noise() < 0.04 ? 40 : 12));
        const p = (y * 300 + x) * 4;
        r.data[p] = Math.max(0, n); r.data[p + 1] = 160 + n; r.data[p + 2] = 70 + n; r.data[p + 3] = 255;
      }
    }
    const plan = planSplit(r, { axis: 'vertical' });
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.method).toBe('detected');
    expect(plan.parts.slice(1).map((p) => p.y)).toEqual([250, 450]);
  });
});
