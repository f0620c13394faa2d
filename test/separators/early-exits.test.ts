/**
 * The pixel tests beside a gap stop reading once their answer is certain (background-gap.ts
 * `countMatches`, fading-seams.ts `probeLines`): the answers must be those of reading every pixel,
 * and a photo beside a seam must be decided after a fraction of its pixels.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRaster, type Box, type Raster } from '../../src/imaging/raster.js';
import { backgroundBeside, GAP_BACKGROUND_SHARE, GAP_COLOUR_TOLERANCE } from '../../src/imaging/separators/background-gap.js';
import { seamAndFade } from '../../src/imaging/separators/fading-seams.js';
import { classifyLines } from '../../src/imaging/separators/classify.js';
import { measureLines } from '../../src/imaging/separators/index.js';
import { overWhite } from '../../src/imaging/separators/line-stats.js';
import { fill, gradientPanel, random, type Rgb } from './build.js';

/** backgroundBeside by its definition: the share of every pixel on lines 2–4 beyond the gap. */
function besideByDefinition(r: Raster, region: Box, axis: 'horizontal' | 'vertical', gap: { start: number; end: number }, side: 'before' | 'after', colour: Rgb): boolean {
  const count = axis === 'horizontal' ? region.width : region.height;
  const length = axis === 'horizontal' ? region.height : region.width;
  const lines = [2, 3, 4].map((d) => (side === 'before' ? gap.start - d : gap.end - 1 + d)).filter((l) => l >= 0 && l < count);
  if (lines.length === 0) return false;
  let matched = 0;
  for (const l of lines) {
    for (let i = 0; i < length; i++) {
      const x = axis === 'horizontal' ? region.x + l : region.x + i;
      const y = axis === 'horizontal' ? region.y + i : region.y + l;
      const p = (y * r.width + x) * 4;
      const a = r.data[p + 3]!;
      const v = [0, 1, 2].map((c) => overWhite(r.data[p + c]!, a));
      if (v.every((c, k) => Math.abs(c - colour[k]!) <= GAP_COLOUR_TOLERANCE)) matched++;
    }
  }
  return matched / (lines.length * length) >= GAP_BACKGROUND_SHARE;
}

/** The raster with its pixel reads counted. */
function counted(r: Raster): { raster: Raster; reads: () => number } {
  let n = 0;
  const data = new Proxy(r.data, {
    get(target, key) {
      if (typeof key === 'string' && /^\d+$/.test(key)) n++;
      const v = Reflect.get(target, key) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
  return { raster: { ...r, data }, reads: () => n };
}

describe('early exits of the pixel tests beside a gap', () => {
  it('backgroundBeside answers as reading every pixel does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 8, max: 40 }),
        fc.integer({ min: 8, max: 40 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 1 << 30 }),
        fc.constantFrom('horizontal' as const, 'vertical' as const),
        fc.constantFrom('before' as const, 'after' as const),
        fc.nat(),
        (w, h, share, seed, axis, side, at) => {
          // Pixels of the test colour at a random share, the rest far from it, some translucent.
          const r = createRaster(w, h);
          const rand = random(seed);
          const colour: Rgb = [200, 190, 180];
          for (let p = 0; p < w * h * 4; p += 4) {
            const near = rand() < share;
            r.data[p] = near ? 200 : 20; r.data[p + 1] = near ? 190 : 40; r.data[p + 2] = near ? 180 : 60;
            r.data[p + 3] = rand() < 0.05 ? 128 : 255;
          }
          const region: Box = { x: 0, y: 0, width: w, height: h };
          const count = axis === 'horizontal' ? w : h;
          const start = at % count;
          const gap = { start, end: Math.min(count, start + 3) };
          expect(backgroundBeside(r, region, axis, gap, side, colour)).toBe(besideByDefinition(r, region, axis, gap, side, colour));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a photo beside a seam is judged after a fraction of its pixels', () => {
    // Two noisy gradient photos either side of a 10 px white seam; the lines beside it are photo.
    const r = createRaster(300, 200);
    gradientPanel(r, { x: 0, y: 0, width: 300, height: 95 }, 0, 20, 3);
    gradientPanel(r, { x: 0, y: 105, width: 300, height: 95 }, 1, 20, 4);
    fill(r, { x: 0, y: 95, width: 300, height: 10 }, [255, 255, 255]);
    const region: Box = { x: 0, y: 0, width: 300, height: 200 };
    const gap = { start: 95, end: 105 };
    const beside = counted(r);
    expect(backgroundBeside(beside.raster, region, 'vertical', gap, 'before', [255, 255, 255])).toBe(false);
    // Every pixel of the three lines is 3 × 300 × 4 reads; the answer is certain after 40 % misses.
    expect(beside.reads()).toBeLessThan(0.5 * 3 * 300 * 4);

    const lines = measureLines(r, region).rows;
    const fade = counted(r);
    expect(seamAndFade(fade.raster, region, 'vertical', lines, classifyLines(lines), gap).fades).toBe(false);
    // Reading the lines 2–4 beyond both ends in full is 2 × 3 × 300 × 4 reads.
    expect(fade.reads()).toBeLessThan(0.5 * 2 * 3 * 300 * 4);
  });
});
