/**
 * Shrinking a fragment so its longer side fits a limit, by area averaging — every source pixel
 * contributes, never nearest-neighbour (small text survives as grey strokes instead of vanishing).
 *
 * Method: output pixel x covers the source span [x·W/w, (x+1)·W/w). Measured in units of 1/w of a
 * source pixel, source pixel i spans [i·w, (i+1)·w) and output pixel x spans [x·W, (x+1)·W), so
 * every overlap is an integer weight and, because W ≥ w, a source pixel touches at most two output
 * pixels. For integer ratios this is exactly the reference's floor blocks; for other ratios the
 * border pixels are shared by weight instead of being given wholly to one block, which keeps the
 * mean colour of the picture unchanged.
 *
 * Averaging happens on premultiplied colour (colour × alpha), so fully transparent pixels — whose
 * RGB is often black garbage — do not darken the edges of what is visible; the result is then
 * un-premultiplied. Sums are exact integers held in Float64Array (exact up to 2^53; the largest
 * possible sum, 25 MP × 255 × 255 × weights ≤ W·H·65025 ≈ 1.7·10^12, is far below).
 *
 * Two passes, separable: each source row is summed horizontally into a row of w output columns
 * (whole interior pixels summed unweighted in registers, only the two border pixels weighted), then
 * added with its vertical weight into the one or two output rows it touches. Memory besides the
 * output: three rows of w × 4 doubles.
 */
import { assertBoxInside, crop } from './crop.js';
import { ImageError } from './errors.js';
import type { Box, Raster } from './raster.js';

/**
 * Shrinks by area averaging so the longer side is at most `maxDimension`; returns the input itself
 * (no copy) when it already fits. New size: scale = maxDimension / longer side,
 * w = max(1, round(W·scale)), h = max(1, round(H·scale)).
 *
 * @example
 * ```ts
 * const small = shrinkToFit(raster, 1568); // a 4000×3000 picture becomes 1568×1176
 * ```
 */
export function shrinkToFit(raster: Raster, maxDimension: number): Raster {
  assertMaxDimension(maxDimension);
  const { width, height } = raster;
  if (Math.max(width, height) <= maxDimension) return raster;
  const size = fittedSize(width, height, maxDimension);
  return resampleByArea(raster, { x: 0, y: 0, width, height }, size.width, size.height);
}

/**
 * `shrinkToFit(crop(raster, box), maxDimension)` without the intermediate full-resolution copy:
 * when the box needs shrinking, it is averaged straight out of the source (a 6 MP part of a 25 MP
 * photo then costs no extra 24 MB); when it fits, it is cropped (a copy, or the raster itself for
 * the whole-picture box). Throws `invalid_argument` like `crop` and `shrinkToFit`.
 *
 * @example
 * ```ts
 * const part = cropAndShrinkToFit(raster, plan.parts[0], 1568);
 * ```
 */
export function cropAndShrinkToFit(raster: Raster, box: Box, maxDimension: number): Raster {
  assertMaxDimension(maxDimension);
  assertBoxInside(raster, box);
  if (Math.max(box.width, box.height) <= maxDimension) return crop(raster, box);
  const size = fittedSize(box.width, box.height, maxDimension);
  return resampleByArea(raster, box, size.width, size.height);
}

function assertMaxDimension(maxDimension: number): void {
  if (!Number.isInteger(maxDimension) || maxDimension < 1) {
    throw new ImageError('invalid_argument', `max_dimension has to be a whole number of pixels of at least 1, got ${maxDimension}`);
  }
}

/** scale = limit / longer side; each side max(1, round(side·scale)), never more than the source. */
function fittedSize(width: number, height: number, maxDimension: number): { width: number; height: number } {
  const scale = maxDimension / Math.max(width, height);
  return {
    width: Math.min(width, Math.max(1, Math.round(width * scale))),
    height: Math.min(height, Math.max(1, Math.round(height * scale))),
  };
}

/** For each source index along one axis: the first output index it feeds and its weight there (the rest goes to the next). */
interface AxisWeights {
  target: Int32Array;
  firstWeight: Int32Array;
}

function axisWeights(sourceLength: number, targetLength: number): AxisWeights {
  const target = new Int32Array(sourceLength);
  const firstWeight = new Int32Array(sourceLength);
  for (let i = 0; i < sourceLength; i++) {
    const start = i * targetLength;
    const o = Math.floor(start / sourceLength);
    target[i] = o;
    firstWeight[i] = Math.min(start + targetLength, (o + 1) * sourceLength) - start;
  }
  return { target, firstWeight };
}

/**
 * For each output column: its first and last source column and their weights. Columns strictly
 * between are covered whole and all weigh `outWidth`, so they are summed unweighted and scaled once.
 */
interface ColumnSpans {
  first: Int32Array;
  last: Int32Array;
  firstWeight: Int32Array;
  lastWeight: Int32Array;
}

function columnSpans(sourceLength: number, targetLength: number): ColumnSpans {
  const first = new Int32Array(targetLength);
  const last = new Int32Array(targetLength);
  const firstWeight = new Int32Array(targetLength);
  const lastWeight = new Int32Array(targetLength);
  for (let o = 0; o < targetLength; o++) {
    const start = o * sourceLength;
    const end = start + sourceLength;
    const f = Math.floor(start / targetLength);
    const l = Math.floor((end - 1) / targetLength);
    first[o] = f;
    last[o] = l;
    firstWeight[o] = Math.min((f + 1) * targetLength, end) - start;
    lastWeight[o] = end - Math.max(l * targetLength, start);
  }
  return { first, last, firstWeight, lastWeight };
}

/** Area-averages the `region` of `raster` down to outWidth × outHeight (each ≤ the region's). */
function resampleByArea(raster: Raster, region: Box, outWidth: number, outHeight: number): Raster {
  const { data } = raster;
  const { width, height } = region;
  const out = new Uint8Array(outWidth * outHeight * 4);
  const spans = columnSpans(width, outWidth);
  const rows = axisWeights(height, outHeight);
  // Horizontal weights sum to `width` per output column and vertical ones to `height` per row.
  const weightPerOutput = width * height;
  let current = new Float64Array(outWidth * 4);
  let next = new Float64Array(outWidth * 4);
  let currentRow = 0;

  for (let sy = 0; sy < height; sy++) {
    const target = rows.target[sy]!;
    while (currentRow < target) {
      writeRow(current, out, currentRow, outWidth, weightPerOutput);
      const done = current;
      current = next;
      next = done;
      next.fill(0);
      currentRow++;
    }
    const v1 = rows.firstWeight[sy]!;
    const rowStart = ((region.y + sy) * raster.width + region.x) * 4;
    addRow(data, rowStart, spans, outWidth, current, v1, next, outHeight - v1);
  }
  while (currentRow < outHeight) {
    writeRow(current, out, currentRow, outWidth, weightPerOutput);
    const done = current;
    current = next;
    next = done;
    next.fill(0);
    currentRow++;
  }
  return { width: outWidth, height: outHeight, data: out };
}

/**
 * Adds one source row's premultiplied sums (R·A, G·A, B·A, A), weighted horizontally per output
 * column, into the output row it falls in (vertical weight v1) and the next one (v2, often 0).
 */
function addRow(
  data: Uint8Array,
  rowStart: number,
  spans: ColumnSpans,
  outWidth: number,
  current: Float64Array,
  v1: number,
  next: Float64Array,
  v2: number,
): void {
  const { first, last, firstWeight, lastWeight } = spans;
  for (let o = 0, k = 0; o < outWidth; o++, k += 4) {
    const f = first[o]!;
    const l = last[o]!;
    let p = rowStart + f * 4;
    let a = data[p + 3]!;
    let w = firstWeight[o]!;
    let r = data[p]! * a * w;
    let g = data[p + 1]! * a * w;
    let b = data[p + 2]! * a * w;
    let alpha = a * w;
    if (l > f) {
      let ir = 0;
      let ig = 0;
      let ib = 0;
      let ia = 0;
      for (p += 4; p < rowStart + l * 4; p += 4) {
        a = data[p + 3]!;
        ir += data[p]! * a;
        ig += data[p + 1]! * a;
        ib += data[p + 2]! * a;
        ia += a;
      }
      // Interior columns weigh the output width (a whole source pixel in 1/outWidth units).
      r += ir * outWidth;
      g += ig * outWidth;
      b += ib * outWidth;
      alpha += ia * outWidth;
      a = data[p + 3]!;
      w = lastWeight[o]!;
      r += data[p]! * a * w;
      g += data[p + 1]! * a * w;
      b += data[p + 2]! * a * w;
      alpha += a * w;
    }
    current[k] += r * v1;
    current[k + 1] += g * v1;
    current[k + 2] += b * v1;
    current[k + 3] += alpha * v1;
    if (v2 !== 0) {
      next[k] += r * v2;
      next[k + 1] += g * v2;
      next[k + 2] += b * v2;
      next[k + 3] += alpha * v2;
    }
  }
}

/** Un-premultiplies one row of weighted sums into 8-bit RGBA. */
function writeRow(sums: Float64Array, out: Uint8Array, row: number, outWidth: number, weightPerOutput: number): void {
  let q = row * outWidth * 4;
  for (let k = 0; k < outWidth * 4; k += 4, q += 4) {
    const alphaSum = sums[k + 3]!;
    if (alphaSum === 0) continue; // fully transparent: leave 0,0,0,0
    // Colour sums carry one factor of alpha more than alphaSum, so their ratio is the straight colour.
    out[q] = Math.round(sums[k]! / alphaSum);
    out[q + 1] = Math.round(sums[k + 1]! / alphaSum);
    out[q + 2] = Math.round(sums[k + 2]! / alphaSum);
    out[q + 3] = Math.round(alphaSum / weightPerOutput);
  }
}
