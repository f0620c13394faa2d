/**
 * Per-line colour statistics of a rectangle, for every row and every column: per channel min,
 * max, sum and sum of squares. Everything the separator rules need (spread, mean, standard
 * deviation) derives from these.
 *
 * Every pixel of a line is checked until the line is *proven* content — a channel spread above
 * RINGING_SPREAD, which no later pixel can undo — and then the line is dropped: its statistics
 * stay partial, but its kind (content) is already certain. Rows stop early on their own; columns
 * are tracked in a shrinking list of live columns, so after the first rows of a photograph only
 * seams, margins and flat stretches are still read. Each pixel is read at most once per axis, and
 * a plain line (a seam or a margin) is always read in full — nothing is sampled.
 *
 * Measured (Node 20, best of 5, CPU time, on a shared 2-core machine under load): planSplit on the
 * decoded 4000×3000 JPEG grid fixture takes 120–155 ms (≈ 80–100 MP/s, grid recursion included;
 * the first sweep alone ≈ 55 ms, ≈ 220 MP/s). The worst case — a blank or smooth picture where no
 * line is ever proven content, so every pixel is read once per axis — is ≈ 300–430 ms (≈ 30–40
 * MP/s). Before the early exit, one full sweep of both axes cost ≈ 260–300 ms on the same grid.
 */
import type { Box, Raster } from '../raster.js';
import { RINGING_SPREAD } from './classify.js';

/** Statistics of `count` parallel lines, three channels (R, G, B) per line, laid out line-major. */
export interface LineStats {
  /** Number of lines (rows: region height; columns: region width). */
  readonly count: number;
  /** Pixels on each line (rows: region width; columns: region height). */
  readonly length: number;
  readonly min: Uint8Array;
  readonly max: Uint8Array;
  readonly sum: Float64Array;
  /** Float64: a 25-megapixel line of 255s squares to 1.7e12, beyond 32-bit counters. */
  readonly sumSq: Float64Array;
}

/** Row and column statistics of one rectangle of a raster. */
export interface RegionStats {
  readonly region: Box;
  readonly rows: LineStats;
  readonly columns: LineStats;
}

/** Statistics of one axis alone (see `measureRows`, `measureColumnsOnly`); the other is absent. */
export interface OneAxisStats {
  readonly region: Box;
  readonly rows?: LineStats;
  readonly columns?: LineStats;
}

function emptyStats(count: number, length: number): LineStats {
  return {
    count,
    length,
    min: new Uint8Array(count * 3).fill(255),
    max: new Uint8Array(count * 3),
    sum: new Float64Array(count * 3),
    sumSq: new Float64Array(count * 3),
  };
}

/** How often (in pixels) a row checks whether it is already proven content: rare enough to cost nothing. */
const ROW_PROOF_INTERVAL = 16;

/**
 * Measures rows and columns of the rectangle. Transparent pixels are composited over white first:
 * the RGB stored under alpha 0 is arbitrary (often black, often leftovers of an editor), while a
 * transparent gap is shown as the page background — white in browsers and chat clients — so a
 * transparent gutter reads as one plain colour whatever bytes hide under it.
 * Allocates O(width + height), never per pixel.
 *
 * @example
 * ```ts
 * const { rows, columns } = measureLines(raster, { x: 0, y: 0, width: raster.width, height: raster.height });
 * ```
 */
export function measureLines(raster: Raster, region: Box): RegionStats {
  return { region, rows: measureRows(raster, region).rows, columns: measureColumns(raster, region) };
}

/**
 * Row statistics only, each row read until it is proven content.
 *
 * @example
 * ```ts
 * const { rows } = measureRows(raster, panelBox);
 * ```
 */
export function measureRows(raster: Raster, region: Box): { region: Box; rows: LineStats } {
  const { x: x0, y: y0, width: w, height: h } = region;
  const rows = emptyStats(h, w);
  const data = raster.data;
  for (let y = 0; y < h; y++) {
    let rMin = 255, gMin = 255, bMin = 255;
    let rMax = 0, gMax = 0, bMax = 0;
    let rSum = 0, gSum = 0, bSum = 0;
    let rSq = 0, gSq = 0, bSq = 0;
    const start = ((y0 + y) * raster.width + x0) * 4;
    const end = start + w * 4;
    for (let p = start, n = 1; p < end; p += 4, n++) {
      let r = data[p]!;
      let g = data[p + 1]!;
      let b = data[p + 2]!;
      const a = data[p + 3]!;
      if (a !== 255) {
        // Over white: v·a/255 + 255·(1 − a/255), rounded.
        const white = 255 - a;
        r = ((r * a) / 255 + white + 0.5) | 0;
        g = ((g * a) / 255 + white + 0.5) | 0;
        b = ((b * a) / 255 + white + 0.5) | 0;
      }
      if (r < rMin) rMin = r;
      if (r > rMax) rMax = r;
      if (g < gMin) gMin = g;
      if (g > gMax) gMax = g;
      if (b < bMin) bMin = b;
      if (b > bMax) bMax = b;
      rSum += r; gSum += g; bSum += b;
      rSq += r * r; gSq += g * g; bSq += b * b;
      if (n % ROW_PROOF_INTERVAL === 0 && (rMax - rMin > RINGING_SPREAD || gMax - gMin > RINGING_SPREAD || bMax - bMin > RINGING_SPREAD)) break;
    }
    const k = y * 3;
    rows.min[k] = rMin; rows.min[k + 1] = gMin; rows.min[k + 2] = bMin;
    rows.max[k] = rMax; rows.max[k + 1] = gMax; rows.max[k + 2] = bMax;
    rows.sum[k] = rSum; rows.sum[k + 1] = gSum; rows.sum[k + 2] = bSum;
    rows.sumSq[k] = rSq; rows.sumSq[k + 1] = gSq; rows.sumSq[k + 2] = bSq;
  }
  return { region, rows };
}

/**
 * Column statistics only (see `measureColumns`).
 *
 * @example
 * ```ts
 * const { columns } = measureColumnsOnly(raster, rowBox);
 * ```
 */
export function measureColumnsOnly(raster: Raster, region: Box): { region: Box; columns: LineStats } {
  return { region, columns: measureColumns(raster, region) };
}

/**
 * Column statistics, sweeping rows top to bottom over a list of live columns that drops every
 * column as soon as it is proven content.
 */
function measureColumns(raster: Raster, region: Box): LineStats {
  const { x: x0, y: y0, width: w, height: h } = region;
  const columns = emptyStats(w, h);
  const { min, max, sum, sumSq } = columns;
  const data = raster.data;
  const live = new Int32Array(w);
  for (let i = 0; i < w; i++) live[i] = i;
  let liveCount = w;
  for (let y = 0; y < h && liveCount > 0; y++) {
    const rowBase = ((y0 + y) * raster.width + x0) * 4;
    let kept = 0;
    for (let k = 0; k < liveCount; k++) {
      const x = live[k]!;
      const p = rowBase + x * 4;
      let r = data[p]!;
      let g = data[p + 1]!;
      let b = data[p + 2]!;
      const a = data[p + 3]!;
      if (a !== 255) {
        const white = 255 - a;
        r = ((r * a) / 255 + white + 0.5) | 0;
        g = ((g * a) / 255 + white + 0.5) | 0;
        b = ((b * a) / 255 + white + 0.5) | 0;
      }
      const c = x * 3;
      if (r < min[c]!) min[c] = r;
      if (r > max[c]!) max[c] = r;
      if (g < min[c + 1]!) min[c + 1] = g;
      if (g > max[c + 1]!) max[c + 1] = g;
      if (b < min[c + 2]!) min[c + 2] = b;
      if (b > max[c + 2]!) max[c + 2] = b;
      sum[c] += r; sum[c + 1] += g; sum[c + 2] += b;
      sumSq[c] += r * r; sumSq[c + 1] += g * g; sumSq[c + 2] += b * b;
      const proven = max[c]! - min[c]! > RINGING_SPREAD || max[c + 1]! - min[c + 1]! > RINGING_SPREAD || max[c + 2]! - min[c + 2]! > RINGING_SPREAD;
      if (!proven) live[kept++] = x;
    }
    liveCount = kept;
  }
  return columns;
}

/** Reads one pixel composited over white into `out` (R, G, B); used for the few lines beside a gap. */
export function pixelOverWhite(raster: Raster, x: number, y: number, out: Uint8Array | number[]): void {
  const p = (y * raster.width + x) * 4;
  const d = raster.data;
  const a = d[p + 3]!;
  if (a === 255) {
    out[0] = d[p]!; out[1] = d[p + 1]!; out[2] = d[p + 2]!;
    return;
  }
  const white = 255 - a;
  out[0] = ((d[p]! * a) / 255 + white + 0.5) | 0;
  out[1] = ((d[p + 1]! * a) / 255 + white + 0.5) | 0;
  out[2] = ((d[p + 2]! * a) / 255 + white + 0.5) | 0;
}
