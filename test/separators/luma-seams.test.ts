/**
 * Luma seams (`damaged-seams.ts`, lumaSeams): a 1–3 px seam of a saturated colour in a heavily
 * compressed JPEG keeps its luma while 4:2:0 mixes its chroma with the panel beside, so no line of
 * it is near one colour. Synthetic rasters, no codec: each seam pixel is half the painted colour
 * and half the panel pixel beside it, its chroma off by up to ±70 per 8-row block, shifted back to
 * the painted luma (what 4:2:0 leaves of it), with ±3 of luma noise — so the colour rules see nothing and only the luma rule can find the seam.
 */
import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { equalParts } from '../../src/imaging/separators/damaged-seams.js';
import { fill, gradientPanel, random, type Rgb } from './build.js';

const BLUE: Rgb = [30, 60, 190];
const luma = (r: number, g: number, b: number): number => 0.299 * r + 0.587 * g + 0.114 * b;
const clamp = (v: number): number => Math.max(0, Math.min(255, Math.round(v)));

/**
 * Column `x` of `r` (rows [y0, y1)) painted `c` with its chroma half the pixel's at column
 * `beside` and, per 8-row block (JPEG's), a random chroma offset of up to ±70 a channel: what a
 * textured photo beside leaves of a seam's chroma. Its luma stays the painted one, ±3.
 */
function smearedColumn(r: Raster, x: number, beside: number, c: Rgb, rand: () => number, y0 = 0, y1 = r.height): void {
  const target = luma(c[0], c[1], c[2]);
  let offset = [0, 0, 0];
  for (let y = y0; y < y1; y++) {
    if ((y - y0) % 8 === 0) offset = [0, 1, 2].map(() => (rand() * 2 - 1) * 70);
    const q = (y * r.width + beside) * 4;
    const mix = [0, 1, 2].map((k) => (c[k]! + r.data[q + k]!) / 2 + offset[k]!);
    const shift = target - luma(mix[0]!, mix[1]!, mix[2]!) + (rand() * 2 - 1) * 3;
    const p = (y * r.width + x) * 4;
    for (let k = 0; k < 3; k++) r.data[p + k] = clamp(mix[k]! + shift);
    r.data[p + 3] = 255;
  }
}

/** Column `x` of `r` made what heavy JPEG leaves of a thin margin of `c`: its luma, its chroma off by up to ±70 per 8-row block. */
function smearedMargin(r: Raster, x: number, c: Rgb, rand: () => number): void {
  const target = luma(c[0], c[1], c[2]);
  let offset = [0, 0, 0];
  for (let y = 0; y < r.height; y++) {
    if (y % 8 === 0) offset = [0, 1, 2].map(() => (rand() * 2 - 1) * 70);
    const mix = [0, 1, 2].map((k) => c[k]! + offset[k]!);
    const shift = target - luma(mix[0]!, mix[1]!, mix[2]!) + (rand() * 2 - 1) * 3;
    const p = (y * r.width + x) * 4;
    for (let k = 0; k < 3; k++) r.data[p + k] = clamp(mix[k]! + shift);
  }
}

/** Panels of `widths` side by side (inside a `margin` of `c`), 2 px smeared seams of `c` between them. */
function strip(widths: number[], height: number, c: Rgb, margin = 0): { raster: Raster; seams: [number, number][] } {
  const width = widths.reduce((a, b) => a + b, 0) + 2 * (widths.length - 1) + 2 * margin;
  const r = createRaster(width, height + 2 * margin);
  fill(r, { x: 0, y: 0, width, height: height + 2 * margin }, c);
  const rand = random(7);
  const seams: [number, number][] = [];
  let x = margin;
  widths.forEach((w, i) => {
    gradientPanel(r, { x, y: margin, width: w, height }, i, 20, i + 3);
    x += w;
    if (i < widths.length - 1) {
      seams.push([x, x + 2]);
      x += 2;
    }
  });
  // The panels first, then each seam smeared towards the panel on its side.
  for (const [a] of seams) {
    smearedColumn(r, a, a - 1, c, rand, margin, margin + height);
    smearedColumn(r, a + 1, a + 2, c, rand, margin, margin + height);
  }
  return { raster: r, seams };
}

describe('luma seams: thin saturated seams whose chroma 4:2:0 smeared', () => {
  it('the drawn seams are off the painted colour by more than any colour tolerance', () => {
    const { raster, seams } = strip([200, 200, 200], 240, BLUE);
    let far = 0;
    for (let y = 0; y < raster.height; y++) {
      const p = (y * raster.width + seams[0]![0]) * 4;
      if ([0, 1, 2].some((k) => Math.abs(raster.data[p + k]! - BLUE[k]!) > 48)) far++;
    }
    expect(far / raster.height).toBeGreaterThan(0.5);
  });

  it('a strip of three equal panels splits at its two luma seams', () => {
    const { raster, seams } = strip([200, 200, 200], 240, BLUE);
    const plan = planSplit(raster, { axis: 'horizontal' });
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    const cuts = plan.parts.slice(1).map((p) => p.x);
    expect(cuts).toHaveLength(2);
    cuts.forEach((cut, i) => {
      expect(cut).toBeGreaterThanOrEqual(seams[i]![0]);
      expect(cut).toBeLessThanOrEqual(seams[i]![1]);
    });
  });

  it('panels of very different widths are no collage the luma rule vouches for', () => {
    const { raster } = strip([120, 360, 120], 240, BLUE);
    const plan = planSplit(raster, { axis: 'horizontal' });
    expect(plan.ok && plan.parts.length > 1, JSON.stringify(plan)).toBe(false);
  });

  it('six equal parts are more than a heavy-JPEG collage has', () => {
    const { raster } = strip([100, 100, 100, 100, 100, 100], 240, BLUE);
    const plan = planSplit(raster, { axis: 'horizontal' });
    expect(plan.ok && plan.parts.length > 1, JSON.stringify(plan)).toBe(false);
  });

  it('a margin of the seam colour names it, and the parts leave the margin out (along the cuts)', () => {
    const { raster } = strip([200, 200, 200], 240, BLUE, 8);
    const plan = planSplit(raster);
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts, JSON.stringify(plan)).toHaveLength(3);
    expect(plan.parts[0]!.x).toBeGreaterThanOrEqual(6);
  });

  it('equal parts: the parts between seams within 8 % + 2 px, the ends up to a margin longer', () => {
    expect(equalParts([{ start: 300, end: 302 }], 600)).toBe(true);
    expect(equalParts([{ start: 290, end: 292 }], 600)).toBe(true); // 291 against 309: within 8 % of 300 + 2
    expect(equalParts([{ start: 200, end: 202 }], 600)).toBe(false);
    expect(equalParts([{ start: 207, end: 209 }, { start: 407, end: 409 }], 616)).toBe(true); // 8 px margins
    expect(equalParts([{ start: 150, end: 152 }, { start: 407, end: 409 }], 616)).toBe(false);
    expect(equalParts([{ start: 230, end: 232 }, { start: 430, end: 432 }], 600)).toBe(false); // an end 30 px short
  });

  it('a thin margin JPEG smeared on both sides is a margin by its luma (lumaMargins)', () => {
    const { raster } = strip([200, 200, 200], 240, BLUE, 6);
    const rand = random(11);
    for (let x = 0; x < 6; x++) {
      smearedMargin(raster, x, BLUE, rand);
      smearedMargin(raster, raster.width - 1 - x, BLUE, rand);
    }
    const plan = planSplit(raster, { axis: 'horizontal' });
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts).toHaveLength(3);
    expect(plan.parts[0]!.x).toBeGreaterThanOrEqual(4);
    const last = plan.parts[2]!;
    expect(last.x + last.width).toBeLessThanOrEqual(raster.width - 4);
  });

  it('a seam beside a panel edge row JPEG left flat at another luma is one seam, not two touching ones', () => {
    // Independent seed 8207 heavy-07: the white photo's last row (luma 226) read as a 1-line
    // candidate touching the red seam's; two seams with no part between divide nothing equally.
    for (const pale of [200, 226, 235]) {
      const { raster, seams } = strip([200, 200], 240, BLUE);
      const rand = random(pale);
      smearedMargin(raster, seams[0]![0] - 1, [pale, pale, pale], rand);
      const plan = planSplit(raster, { axis: 'horizontal' });
      expect(plan.ok, `${pale}: ${JSON.stringify(plan)}`).toBe(true);
      if (!plan.ok) return;
      expect(plan.parts.map((p) => p.x)).toEqual([0, seams[0]![0]]);
    }
  });

  it('a smeared margin wider than a heavy collage’s is followed to its end (a grid’s 14 px)', () => {
    const { raster } = strip([200, 200, 200], 240, BLUE, 14);
    const rand = random(13);
    for (let x = 0; x < 14; x++) {
      smearedMargin(raster, x, BLUE, rand);
      smearedMargin(raster, raster.width - 1 - x, BLUE, rand);
    }
    const plan = planSplit(raster, { axis: 'horizontal' });
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts).toHaveLength(3);
    expect(plan.parts[0]!.x).toBeGreaterThanOrEqual(12);
    const last = plan.parts[2]!;
    expect(last.x + last.width).toBeLessThanOrEqual(raster.width - 12);
  });

  it('…but not at one end only: a panel edge of the colour luma stays in its part', () => {
    // A 6 px smeared band at the left, the panels reaching the right edge (no margin there).
    const { raster: framed } = strip([200, 200, 200], 240, BLUE, 6);
    const r = createRaster(framed.width - 6, framed.height);
    for (let y = 0; y < r.height; y++) r.data.set(framed.data.subarray((y * framed.width) * 4, (y * framed.width + r.width) * 4), y * r.width * 4);
    const rand = random(11);
    for (let x = 0; x < 6; x++) smearedMargin(r, x, BLUE, rand);
    const plan = planSplit(r, { axis: 'horizontal' });
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts[0]!.x).toBe(0);
  });
});
