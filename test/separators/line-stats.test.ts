/**
 * The optimised line statistics (probes, word comparisons, lane sums, the uniform-row aggregate
 * for columns) against a reference that reads every pixel of every line the obvious way. What
 * must agree is what any rule reads: every line's kind; for a line that is not proven content its
 * exact min, max and sums; and sums of squares wherever σ is asked (spread above PLAIN_SPREAD).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Box, Raster } from '../../src/imaging/raster.js';
import {
  backgroundBeside,
  classifyLines,
  measureColumnsOnly,
  measureLines,
  measureRows,
  PLAIN_SPREAD,
  RINGING_SPREAD,
  type LineStats,
} from '../../src/imaging/separators/index.js';
import { GAP_BACKGROUND_SHARE, GAP_COLOUR_TOLERANCE } from '../../src/imaging/separators/background-gap.js';

/** Every pixel of every line, composited over white, no early exit. */
function reference(raster: Raster, region: Box, axis: 'rows' | 'columns'): LineStats {
  const count = axis === 'rows' ? region.height : region.width;
  const length = axis === 'rows' ? region.width : region.height;
  const stats = {
    count,
    length,
    min: new Uint8Array(count * 3).fill(255),
    max: new Uint8Array(count * 3),
    sum: new Float64Array(count * 3),
    sumSq: new Float64Array(count * 3),
  };
  for (let line = 0; line < count; line++) {
    for (let i = 0; i < length; i++) {
      const x = region.x + (axis === 'rows' ? i : line);
      const y = region.y + (axis === 'rows' ? line : i);
      const p = (y * raster.width + x) * 4;
      const a = raster.data[p + 3]!;
      for (let c = 0; c < 3; c++) {
        const raw = raster.data[p + c]!;
        const v = a === 255 ? raw : Math.round((raw * a) / 255 + (255 - a));
        const k = line * 3 + c;
        stats.min[k] = Math.min(stats.min[k]!, v);
        stats.max[k] = Math.max(stats.max[k]!, v);
        stats.sum[k] += v;
        stats.sumSq[k] += v * v;
      }
    }
  }
  return stats;
}

function spreadOf(s: LineStats, line: number): number {
  let spread = 0;
  for (let c = line * 3; c < line * 3 + 3; c++) spread = Math.max(spread, s.max[c]! - s.min[c]!);
  return spread;
}

/** Asserts that `got` agrees with `want` wherever a rule can tell the difference. */
function expectEquivalent(got: LineStats, want: LineStats, label: string): void {
  expect(got.count, label).toBe(want.count);
  expect(got.length, label).toBe(want.length);
  expect(Array.from(classifyLines(got)), `${label}: kinds`).toEqual(Array.from(classifyLines(want)));
  for (let line = 0; line < want.count; line++) {
    const spread = spreadOf(want, line);
    if (spread > RINGING_SPREAD) {
      expect(spreadOf(got, line), `${label} line ${line}: proven content`).toBeGreaterThan(RINGING_SPREAD);
      continue;
    }
    const k = line * 3;
    const pick = (s: LineStats, field: 'min' | 'max' | 'sum' | 'sumSq'): number[] => [s[field][k]!, s[field][k + 1]!, s[field][k + 2]!];
    expect(pick(got, 'min'), `${label} line ${line}: min`).toEqual(pick(want, 'min'));
    expect(pick(got, 'max'), `${label} line ${line}: max`).toEqual(pick(want, 'max'));
    expect(pick(got, 'sum'), `${label} line ${line}: sum`).toEqual(pick(want, 'sum'));
    if (spread > PLAIN_SPREAD) expect(pick(got, 'sumSq'), `${label} line ${line}: sumSq`).toEqual(pick(want, 'sumSq'));
  }
}

/** Deterministic noise source for the raster builder. */
function xorshift(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s;
  };
}

interface Layout {
  width: number;
  height: number;
  /** Per row: a palette index (one exact colour) or, when ≥ palette length, a noisy row of that amplitude. */
  rows: number[];
  palette: [number, number, number][];
  /** Columns painted over everything (a seam, a speck column), with their noise amplitude. */
  columns: { x: number; colour: [number, number, number]; noise: number }[];
  /** Share (0..1) of pixels given a random alpha below 255. */
  transparent: number;
  /** Byte offset of the pixels inside their buffer: 0 (aligned) or 1–3 (forces the copy path). */
  offset: number;
  seed: number;
}

const AMPLITUDES = [1, 4, 8, 20, 40, 128];

function build(l: Layout): Raster {
  const next = xorshift(l.seed);
  const buffer = new Uint8Array(l.width * l.height * 4 + l.offset);
  const data = buffer.subarray(l.offset);
  const clamp = (v: number): number => (v < 0 ? 0 : v > 255 ? 255 : v);
  for (let y = 0; y < l.height; y++) {
    const choice = l.rows[y % l.rows.length]!;
    const colour = l.palette[choice % l.palette.length]!;
    const amplitude = choice < l.palette.length ? 0 : AMPLITUDES[choice % AMPLITUDES.length]!;
    for (let x = 0; x < l.width; x++) {
      const p = (y * l.width + x) * 4;
      for (let c = 0; c < 3; c++) data[p + c] = clamp(colour[c]! + (amplitude ? (next() % (2 * amplitude + 1)) - amplitude : 0));
      data[p + 3] = 255;
    }
  }
  for (const col of l.columns) {
    if (col.x >= l.width) continue;
    for (let y = 0; y < l.height; y++) {
      const p = (y * l.width + col.x) * 4;
      for (let c = 0; c < 3; c++) data[p + c] = clamp(col.colour[c]! + (col.noise ? (next() % (2 * col.noise + 1)) - col.noise : 0));
    }
  }
  if (l.transparent > 0) {
    for (let i = 0; i < l.width * l.height; i++) {
      if (next() / 2 ** 32 < l.transparent) data[i * 4 + 3] = next() % 3 === 0 ? 0 : next() % 255;
    }
  }
  return { width: l.width, height: l.height, data };
}

const colour = fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }));
const layout: fc.Arbitrary<Layout> = fc.record({
  // Up to 300 so lines are long enough for the probes (128 pixels and more) as well as short.
  width: fc.integer({ min: 1, max: 300 }),
  height: fc.integer({ min: 1, max: 300 }),
  rows: fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 40 }),
  palette: fc.array(colour, { minLength: 1, maxLength: 4 }),
  columns: fc.array(fc.record({ x: fc.integer({ min: 0, max: 299 }), colour, noise: fc.constantFrom(0, 3, 12, 60) }), { maxLength: 6 }),
  transparent: fc.constantFrom(0, 0, 0.01, 0.3),
  offset: fc.constantFrom(0, 0, 1, 3),
  seed: fc.integer({ min: 1, max: 1 << 30 }),
});

describe('line statistics', () => {
  it('agree with the every-pixel reference on random rasters, whole picture and sub-boxes, both axes', () => {
    fc.assert(
      fc.property(layout, fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()), (l, [a, b, c, d]) => {
        const raster = build(l);
        const full: Box = { x: 0, y: 0, width: l.width, height: l.height };
        const x = a % l.width;
        const y = b % l.height;
        const sub: Box = { x, y, width: 1 + (c % (l.width - x)), height: 1 + (d % (l.height - y)) };
        for (const [name, box] of [['full', full], ['sub', sub]] as const) {
          const both = measureLines(raster, box);
          expectEquivalent(both.rows, reference(raster, box, 'rows'), `${name} rows`);
          expectEquivalent(both.columns, reference(raster, box, 'columns'), `${name} columns (with uniform rows)`);
          expectEquivalent(measureRows(raster, box).rows, reference(raster, box, 'rows'), `${name} rows only`);
          expectEquivalent(measureColumnsOnly(raster, box).columns, reference(raster, box, 'columns'), `${name} columns only`);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('a row proven late hands its proof to the row below (the hint), which it proves only where that row is content', () => {
    // Rows proven only by a dark speck far down the probe order pass its two pixels on as a hint;
    // the rows below them are content, ringing or plain with the speck's column dark, light or
    // untouched, inside a sub-box whose outside is dark (a hint read out of the box would prove
    // a plain row). Every row must still agree with the every-pixel reference.
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 399 }),
        fc.array(fc.constantFrom('speck', 'plain', 'light', 'ringing'), { minLength: 2, maxLength: 12 }),
        fc.integer({ min: 0, max: 255 }),
        (speck, pattern, base) => {
          const width = 600, height = 48, x0 = 100, w = 400;
          const data = new Uint8Array(width * height * 4);
          const dark = base > 127 ? base - 100 : base + 100;
          for (let y = 0; y < height; y++) {
            const kind = pattern[y % pattern.length]!;
            for (let x = 0; x < width; x++) {
              const inside = x >= x0 && x < x0 + w;
              let v = inside ? base : dark;
              if (inside && x - x0 === speck) v = kind === 'speck' ? dark : kind === 'light' ? (base > 127 ? base - 10 : base + 10) : base;
              if (inside && kind === 'ringing' && x % 5 === 0) v = base > 127 ? base - 30 : base + 30;
              const p = (y * width + x) * 4;
              data[p] = v; data[p + 1] = v; data[p + 2] = v; data[p + 3] = 255;
            }
          }
          const raster: Raster = { width, height, data };
          for (const box of [{ x: x0, y: 0, width: w, height }, { x: 0, y: 0, width, height }]) {
            expectEquivalent(measureRows(raster, box).rows, reference(raster, box, 'rows'), `rows of ${box.width}`);
            expectEquivalent(measureLines(raster, box).rows, reference(raster, box, 'rows'), `both, rows of ${box.width}`);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('read every pixel of a plain line: one odd pixel anywhere on a blank picture moves its row and column', () => {
    const side = 512;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: side - 1 }), fc.integer({ min: 0, max: side - 1 }), fc.integer({ min: 1, max: 16 }), (x, y, dip) => {
        const data = new Uint8Array(side * side * 4).fill(255);
        data[(y * side + x) * 4 + 1] = 255 - dip; // still plain: the line stays background, read in full
        const raster = { width: side, height: side, data };
        const { rows, columns } = measureLines(raster, { x: 0, y: 0, width: side, height: side });
        expect(rows.min[y * 3 + 1]).toBe(255 - dip);
        expect(columns.min[x * 3 + 1]).toBe(255 - dip);
        expect(rows.sum[y * 3 + 1]).toBe(255 * side - dip);
        expect(columns.sum[x * 3 + 1]).toBe(255 * side - dip);
        expect(rows.min[((y + 1) % side) * 3 + 1]).toBe(255);
      }),
      { numRuns: 40 },
    );
  });
});

/**
 * A smooth photo-like background (a gradient plus mild noise: most lines survive the probes and
 * are read in full, their box widening mid-block) with planted lines: plain or ringing rows and
 * columns of one colour, single odd pixels (one proves its line content, one only widens it) and
 * translucent pixels, at positions that fall on and off the eight-pixel blocks of the scans. The
 * every-pixel reference is slow, so the runs are few and the timeout generous for a loaded machine.
 */
interface Planted {
  width: number;
  height: number;
  /** Gradient slope per 100 px and noise amplitude of the background. */
  slope: number;
  noise: number;
  base: [number, number, number];
  lines: { axis: 'row' | 'column'; at: number; colour: [number, number, number]; noise: number }[];
  specks: { x: number; y: number; dip: number; alpha: number }[];
  seed: number;
}

function plant(p: Planted): Raster {
  const next = xorshift(p.seed);
  const data = new Uint8Array(p.width * p.height * 4);
  const clamp = (v: number): number => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));
  const jitter = (a: number): number => (a ? (next() % (2 * a + 1)) - a : 0);
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x++) {
      const q = (y * p.width + x) * 4;
      for (let c = 0; c < 3; c++) data[q + c] = clamp(p.base[c]! + ((x + y) * p.slope) / 100 + jitter(p.noise));
      data[q + 3] = 255;
    }
  }
  for (const line of p.lines) {
    const count = line.axis === 'row' ? p.width : p.height;
    const at = line.at % (line.axis === 'row' ? p.height : p.width);
    for (let i = 0; i < count; i++) {
      const q = line.axis === 'row' ? (at * p.width + i) * 4 : (i * p.width + at) * 4;
      for (let c = 0; c < 3; c++) data[q + c] = clamp(line.colour[c]! + jitter(line.noise));
    }
  }
  for (const s of p.specks) {
    const q = ((s.y % p.height) * p.width + (s.x % p.width)) * 4;
    data[q] = clamp(data[q]! - s.dip);
    data[q + 3] = s.alpha;
  }
  return { width: p.width, height: p.height, data };
}

const planted: fc.Arbitrary<Planted> = fc.record({
  width: fc.integer({ min: 1, max: 320 }),
  height: fc.integer({ min: 1, max: 320 }),
  slope: fc.constantFrom(0, 1, 3, 10),
  noise: fc.constantFrom(0, 1, 3, 6),
  base: colour,
  lines: fc.array(
    fc.record({ axis: fc.constantFrom<'row' | 'column'>('row', 'column'), at: fc.nat(), colour, noise: fc.constantFrom(0, 0, 4, 12, 30) }),
    { maxLength: 8 },
  ),
  specks: fc.array(fc.record({ x: fc.nat(), y: fc.nat(), dip: fc.constantFrom(5, 20, 60, 200), alpha: fc.constantFrom(255, 255, 128, 0) }), { maxLength: 6 }),
  seed: fc.integer({ min: 1, max: 1 << 30 }),
});

describe('line statistics on smooth pictures with planted lines', () => {
  it('agree with the every-pixel reference, whole picture and a sub-box, both axes', () => {
    fc.assert(
      fc.property(planted, fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()), (p, [a, b, c, d]) => {
        const raster = plant(p);
        const full: Box = { x: 0, y: 0, width: p.width, height: p.height };
        const x = a % p.width;
        const y = b % p.height;
        const sub: Box = { x, y, width: 1 + (c % (p.width - x)), height: 1 + (d % (p.height - y)) };
        for (const [name, box] of [['full', full], ['sub', sub]] as const) {
          const both = measureLines(raster, box);
          expectEquivalent(both.rows, reference(raster, box, 'rows'), `${name} rows`);
          expectEquivalent(both.columns, reference(raster, box, 'columns'), `${name} columns`);
          expectEquivalent(measureColumnsOnly(raster, box).columns, reference(raster, box, 'columns'), `${name} columns only`);
          expectEquivalent(measureRows(raster, box).rows, reference(raster, box, 'rows'), `${name} rows only`);
        }
      }),
      { numRuns: 50 },
    );
  }, 120_000);

  it('a content line keeps zero sums, and every line of one colour has exact sums of squares', () => {
    fc.assert(
      fc.property(planted, (p) => {
        const raster = plant(p);
        const box: Box = { x: 0, y: 0, width: p.width, height: p.height };
        const { rows, columns } = measureLines(raster, box);
        for (const [got, want] of [[rows, reference(raster, box, 'rows')], [columns, reference(raster, box, 'columns')]] as const) {
          for (let line = 0; line < want.count; line++) {
            const k = line * 3;
            const spread = spreadOf(want, line);
            if (spread > RINGING_SPREAD) expect([got.sum[k], got.sum[k + 1], got.sum[k + 2], got.sumSq[k]]).toEqual([0, 0, 0, 0]);
            if (spread === 0) expect([got.sumSq[k], got.sumSq[k + 1], got.sumSq[k + 2]]).toEqual([want.sumSq[k], want.sumSq[k + 1], want.sumSq[k + 2]]);
          }
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});

describe('line statistics of a large smooth picture', () => {
  // A sweep over more than 2^20 pixels sums squares only from where a column's spread exceeds
  // PLAIN_SPREAD and catches up the rows before (line-stats.ts, SQUARES_FROM_START); the random
  // rasters above are all smaller, so this picture is what exercises that path: mild noise whose
  // columns pass a spread of 16 only at row 700 (a lighter row that no probe row hits), with
  // planted columns and translucent specks. Checked: with the catch-up disabled this test fails.
  it('agree with the every-pixel reference, columns and rows', () => {
    const p: Planted = {
      width: 1200,
      height: 1000,
      slope: 0,
      noise: 3,
      base: [120, 140, 160],
      lines: [
        { axis: 'column', at: 300, colour: [250, 250, 250], noise: 0 },
        { axis: 'column', at: 301, colour: [250, 250, 250], noise: 12 },
        { axis: 'row', at: 700, colour: [140, 160, 180], noise: 0 },
      ],
      specks: [{ x: 700, y: 900, dip: 20, alpha: 128 }, { x: 301, y: 10, dip: 60, alpha: 0 }],
      seed: 20261201,
    };
    const raster = plant(p);
    const box: Box = { x: 0, y: 0, width: p.width, height: p.height };
    const columns = reference(raster, box, 'columns');
    expectEquivalent(measureColumnsOnly(raster, box).columns, columns, 'columns only');
    const both = measureLines(raster, box);
    expectEquivalent(both.columns, columns, 'columns');
    expectEquivalent(both.rows, reference(raster, box, 'rows'), 'rows');
  }, 60_000);
});

describe('line statistics of columns of copies', () => {
  // The column sweep only counts a block of eight copies of a column's remembered word and sums
  // the copies when the word changes or the sweep ends; once a column's spread passes the point
  // where the sweep starts squaring (half of PLAIN_SPREAD) mid-sweep, the copies before must be
  // summed without squares (the catch-up squares those rows).
  // Columns here are each one shade down the picture (copies throughout), 1100 × 1000 so that the
  // sweep is past SQUARES_FROM_START, with a band of lighter rows (spread 20) between probe rows.
  // Checked: summing those copies with their squares makes this test fail.
  it('agree with the every-pixel reference where a band passes PLAIN_SPREAD after runs of copies', () => {
    const width = 1100, height = 1000;
    const data = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++) {
      const band = y >= 680 && y < 684 ? 20 : 0;
      for (let x = 0; x < width; x++) {
        const p = (y * width + x) * 4;
        data[p] = 100 + (x % 8) + band; data[p + 1] = 120 + band; data[p + 2] = 140 + ((x >> 3) % 5) + band; data[p + 3] = 255;
      }
    }
    const raster = { width, height, data };
    const box: Box = { x: 0, y: 0, width, height };
    const columns = reference(raster, box, 'columns');
    expect(Math.min(...Array.from({ length: width }, (_, x) => spreadOf(columns, x)))).toBeGreaterThan(PLAIN_SPREAD);
    expectEquivalent(measureColumnsOnly(raster, box).columns, columns, 'columns only');
    expectEquivalent(measureLines(raster, box).columns, columns, 'columns');
  }, 60_000);
});

describe('line statistics with transparent black', () => {
  // The word of a transparent black pixel is 0: a shortcut keyed on a remembered word (the column
  // sweep's "inside its box" word) must never take it for an opaque pixel. Blocks of eight and more
  // equal words down a column are what take the sweep's equal-block path.
  it('agree with the every-pixel reference where runs of [0, 0, 0, 0] cross plain and smooth lines', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 130, max: 260 }),
        fc.integer({ min: 16, max: 200 }),
        fc.array(fc.record({ x: fc.nat(), y: fc.nat(), w: fc.integer({ min: 1, max: 12 }), h: fc.integer({ min: 1, max: 40 }) }), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(0, 3),
        fc.integer({ min: 1, max: 1 << 30 }),
        (width, height, holes, noise, seed) => {
          const next = xorshift(seed);
          const data = new Uint8Array(width * height * 4);
          for (let i = 0; i < data.length; i += 4) {
            for (let c = 0; c < 3; c++) data[i + c] = 250 - (noise ? next() % (noise + 1) : 0);
            data[i + 3] = 255;
          }
          for (const hole of holes) {
            for (let y = hole.y % height; y < Math.min(height, (hole.y % height) + hole.h); y++) {
              for (let x = hole.x % width; x < Math.min(width, (hole.x % width) + hole.w); x++) data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 4);
            }
          }
          const raster = { width, height, data };
          const box: Box = { x: 0, y: 0, width, height };
          const both = measureLines(raster, box);
          expectEquivalent(both.rows, reference(raster, box, 'rows'), 'rows');
          expectEquivalent(both.columns, reference(raster, box, 'columns'), 'columns');
          expectEquivalent(measureColumnsOnly(raster, box).columns, reference(raster, box, 'columns'), 'columns only');
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});

describe('background beside a gap', () => {
  /** The share of matching pixels over lines 2–4 beyond the gap, every pixel counted. */
  function referenceBeside(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', gap: { start: number; end: number }, side: 'before' | 'after', colour: [number, number, number]): boolean {
    const lineCount = axis === 'horizontal' ? region.width : region.height;
    const length = axis === 'horizontal' ? region.height : region.width;
    let matched = 0;
    let total = 0;
    for (const d of [2, 3, 4]) {
      const line = side === 'before' ? gap.start - d : gap.end - 1 + d;
      if (line < 0 || line >= lineCount) continue;
      for (let i = 0; i < length; i++) {
        const x = axis === 'horizontal' ? region.x + line : region.x + i;
        const y = axis === 'horizontal' ? region.y + i : region.y + line;
        const p = (y * raster.width + x) * 4;
        const a = raster.data[p + 3]!;
        const ok = [0, 1, 2].every((c) => {
          const raw = raster.data[p + c]!;
          const v = a === 255 ? raw : Math.round((raw * a) / 255 + (255 - a));
          return Math.abs(v - colour[c]!) <= GAP_COLOUR_TOLERANCE;
        });
        total++;
        if (ok) matched++;
      }
    }
    return total > 0 && matched / total >= GAP_BACKGROUND_SHARE;
  }

  it('stopping the count early gives the same answer as counting every pixel', () => {
    fc.assert(
      fc.property(layout, fc.nat(), fc.nat(), fc.constantFrom<'horizontal' | 'vertical'>('horizontal', 'vertical'), fc.constantFrom<'before' | 'after'>('before', 'after'), colour, (l, a, b, axis, side, c) => {
        const raster = build(l);
        const region: Box = { x: 0, y: 0, width: l.width, height: l.height };
        const lineCount = axis === 'horizontal' ? l.width : l.height;
        const start = a % lineCount;
        const gap = { start, end: start + 1 + (b % Math.max(1, lineCount - start)) };
        // Half the time the colour of the gap's first line, so both answers occur often.
        const p = axis === 'horizontal' ? start * 4 : start * l.width * 4;
        const probe: [number, number, number] = a % 2 === 0 ? [raster.data[p]!, raster.data[p + 1]!, raster.data[p + 2]!] : c;
        expect(backgroundBeside(raster, region, axis, gap, side, probe)).toBe(referenceBeside(raster, region, axis, gap, side, probe));
      }),
      { numRuns: 200 },
    );
  });
});
