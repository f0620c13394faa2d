/**
 * Seams a gradient canvas shows by their ramp alone (lone-ramp-seams.ts): a lone gradient seam
 * beside a photo's pale backdrop, which every colour rule drops, and the flat seams across it.
 */
import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../src/imaging/raster.js';
import { crossRampSeams, loneRampSeams } from '../../src/imaging/separators/lone-ramp-seams.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { lineProfiles } from '../../src/imaging/separators/line-profiles.js';
import { profileOf } from '../../src/imaging/separators/margin-profile.js';
import { expectEveryExact } from './expect-exact.js';
import { scoreBatch } from './score.js';

/** A grey picture painted by `paint(x, y)`. */
function painted(width: number, height: number, paint: (x: number, y: number) => number): Raster {
  const r = createRaster(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = paint(x, y);
      r.data.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return r;
}

/** The canvas's ramp along x: 230 at the left edge to 250 at the right. */
const rampX = (x: number, width: number): number => Math.round(230 + (20 * x) / (width - 1));
const photo = (x: number, y: number): number => (x * 37 + y * 91) % 200;

describe('line profiles (line-profiles.ts)', () => {
  it('reads each column and row, and runs of them together, as profileOf does, alpha over white included', () => {
    // 37x23: stretches of unequal length both ways; pseudo-random colours and alpha.
    const r = createRaster(37, 23);
    for (let i = 0; i < r.data.length; i++) r.data[i] = (i * 7919 + (i >> 2) * 104729) % 256;
    const whole = { x: 0, y: 0, width: 37, height: 23 };
    for (const axis of ['horizontal', 'vertical'] as const) {
      const lines = lineProfiles(r, axis);
      expect(lines.count).toBe(axis === 'horizontal' ? 37 : 23);
      for (let l = 0; l < lines.count; l++) expect(lines.profile(l)).toEqual(profileOf(r, whole, axis, [l]));
      // Lines together, from their own profiles: the same sums in the same order as profileOf's.
      expect(lines.meanOf({ start: 2, end: 7 })).toEqual(profileOf(r, whole, axis, [2, 3, 4, 5, 6]));
    }
  });

  it('sketches a line as its profile where each stretch is one colour, and reads a few pixels of it', () => {
    // 80x64, half transparent: every pixel's grey is its column's eighth (x >> 3 of 80 / 8 = 10 px) times 20.
    const r = painted(80, 64, (x) => ((x / 10) | 0) * 20);
    for (let i = 3; i < r.data.length; i += 4) r.data[i] = 128;
    const whole = { x: 0, y: 0, width: 80, height: 64 };
    const rows = lineProfiles(r, 'vertical');
    for (let y = 0; y < 64; y++) {
      const want = profileOf(r, whole, 'vertical', [y]);
      Array.from(rows.sketch(y)).forEach((v, k) => expect(v).toBeCloseTo(want[k]!, 9));
    }
    // Columns are one colour along their length: a sketch of any column is flat at its profile.
    const columns = lineProfiles(r, 'horizontal');
    for (const x of [0, 39, 79]) Array.from(columns.sketch(x)).forEach((v, k) => expect(v).toBeCloseTo(profileOf(r, whole, 'horizontal', [x])[k]!, 9));
  });
});

describe('lone ramp seams (lone-ramp-seams.ts)', () => {
  // Two photos stacked, 200x310: the upper one's last 40 rows a flat 240 backdrop, then a 10 px
  // seam shading along x at rows 150–159 (when `seam`; else the backdrop runs on), then a photo.
  const stack = (seam: boolean, paintSeam = rampX): Raster =>
    painted(200, 310, (x, y) => (y >= 150 && y < 160 ? (seam ? paintSeam(x, 200) : 240) : y >= 110 && y < 150 ? 240 : photo(x, y)));

  it('finds the seam that shades along its length beside a flat pale backdrop', () => {
    const found = loneRampSeams(lineProfiles(stack(true), 'vertical'));
    expect(found?.segments).toEqual([
      { start: 0, end: 155 },
      { start: 155, end: 310 },
    ]);
    expect(loneRampSeams(lineProfiles(stack(true), 'horizontal'))).toBeNull();
  });

  it('finds nothing in a flat backdrop, nor in a band that does not climb along a straight line', () => {
    expect(loneRampSeams(lineProfiles(stack(false), 'vertical'))).toBeNull();
    // Flat for half its length, then climbing: a photo's pale band, not a painted ramp.
    const bent = (x: number): number => (x < 100 ? 230 : 230 + Math.round((x - 100) / 5));
    expect(loneRampSeams(lineProfiles(stack(true, bent), 'vertical'))).toBeNull();
  });

  it('refuses a seam that cuts parts of unequal length', () => {
    const low = painted(200, 310, (x, y) => (y >= 220 && y < 230 ? rampX(x, 200) : y >= 180 && y < 220 ? 240 : photo(x, y)));
    expect(loneRampSeams(lineProfiles(low, 'vertical'))).toBeNull();
  });

  it('reads flat seams of the canvas colour across the ramp seam as the rows of a grid', () => {
    // 2x2 on a canvas shading along y: the column seam at x 195–204 shades, the row seam at
    // y 150–159 is flat at the canvas's luma there.
    const canvas = (y: number): number => Math.round(230 + (20 * y) / 309);
    const grid = painted(400, 310, (x, y) => ((x >= 195 && x < 205) || (y >= 150 && y < 160) ? canvas(y) : photo(x, y)));
    const strip = loneRampSeams(lineProfiles(grid, 'horizontal'));
    expect(strip?.segments).toEqual([
      { start: 0, end: 200 },
      { start: 200, end: 400 },
    ]);
    expect(crossRampSeams(lineProfiles(grid, 'vertical'), strip!)).toEqual([
      { start: 0, end: 155 },
      { start: 155, end: 310 },
    ]);
    const plan = planSplit(grid);
    expect(plan.ok && plan.axis).toBe('grid');
  });

  it('splits the collages every other rule refused for want of seams (independent seeds 47007, 47512, 50036)', async () => {
    // 47007 gradient-07: 2x2, 8 px seams 227→251 along y, q84; 47512 gradient-03: 1x2, 8 px seam
    // 225→245 along x, margin 6, q43; 50036 gradient-01: 1x2, 7 px seam 227→250, q95, beside a
    // product shot's pale backdrop. Each was refused: "no separators were found".
    const results = await scoreBatch('lone-ramp-seams');
    expect(results.map((r) => r.expected.file)).toEqual(['i47007-gradient-07.jpg', 'i47512-gradient-03.jpg', 'i50036-gradient-01.jpg']);
    expectEveryExact(results);
    for (const r of results) expect(r.plan.ok ? r.plan.reason : '', r.expected.file).toContain('found by that ramp alone');
  });
});
