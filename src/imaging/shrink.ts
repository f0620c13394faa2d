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
 * Two passes, separable: each source row is summed horizontally into a row of w output columns,
 * then added with its vertical weight into the one or two output rows it touches. Memory besides
 * the output: three rows of w × 4 doubles and the per-column contributor tables.
 *
 * Speed (bench/shrink-speed.ts), measured on a loaded 2-core machine: at ratios near 1 there is
 * almost one output pixel per source pixel, so the per-output work mattered most — four divisions
 * per pixel became multiplications by a reciprocal (exactly the same integers, see ROUND_HALF_UP).
 * Rows are first summed as if opaque, from one 32-bit load per pixel without premultiplying,
 * straight into the output rows (no row buffer); their alpha, equal in every column, is kept as one
 * number per output row. A row that turns out translucent is taken back out exactly (integer sums)
 * and summed premultiplied. Contributor tables are built once per call, and every output column
 * reads the same number of source pixels (zero-weight padding where its span is shorter), so there
 * is no per-column branch on the span's length; for most ratios up to 3 that number is four and
 * the opaque sums are written out for four pixels without an inner loop. That is the row-fed
 * `AreaShrinker`; an opaque region held whole at a ratio up to 3 is summed down first instead and
 * copies repeated output rows (`resampleOpaqueByArea`, the same bytes).
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
export function fittedSize(width: number, height: number, maxDimension: number): { width: number; height: number } {
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
 * For each output column, a fixed number (`count`) of consecutive source columns from `start[o]`
 * with their weights `weight[o·count + j]` (0 for a padding column outside the span). The same
 * count for every column keeps the inner loop's trip count constant: with a varying count (2 or 3
 * pixels at ratio 1.28) the branch predictor missed on nearly every column, and that, not the
 * arithmetic, made non-integer ratios slow. Three (ratios from about 1.1 to 2) takes
 * `addOpaqueRow3`, four (up to 3) `addOpaqueRow4`. Weights are in 1/targetLength of a source pixel and
 * sum to sourceLength per column; a whole pixel weighs targetLength.
 */
interface Contributors {
  count: number;
  start: Int32Array;
  weight: Int32Array;
}

/**
 * Pixels per column of the widest straight-line opaque kernel. Columns of ratios up to 3 span at
 * most four source pixels. Spans of three used to be padded (zero weights) to four; their own
 * kernel is 1.10× faster at ratio 1.28 (bench/shrink-speed.ts, quarters → 1568) and cut the 25 MP
 * view's render (the shrink at ratio 1.96, then the encode) from 60.6 to 57.6 ms CPU.
 */
const UNROLLED = 4;

/** `minCount` pads shorter spans with zero weights (never past the source's length). */
function contributors(sourceLength: number, targetLength: number, minCount = 1): Contributors {
  let count = Math.min(minCount, sourceLength);
  for (let o = 0; o < targetLength; o++) {
    const f = Math.floor((o * sourceLength) / targetLength);
    const l = Math.floor(((o + 1) * sourceLength - 1) / targetLength);
    count = Math.max(count, l - f + 1);
  }
  // Three keeps its own straight-line kernel (addOpaqueRow3); two stays two (a ratio of exactly 2
  // would read twice the pixels for nothing, slower than the loop).
  const start = new Int32Array(targetLength);
  const weight = new Int32Array(targetLength * count);
  for (let o = 0; o < targetLength; o++) {
    const from = o * sourceLength;
    const to = from + sourceLength;
    const f = Math.floor(from / targetLength);
    // Shifted left at the right edge so no padding column lies outside the row.
    const s = Math.min(f, sourceLength - count);
    start[o] = s;
    for (let j = 0; j < count; j++) {
      const i = s + j;
      weight[o * count + j] = Math.max(0, Math.min((i + 1) * targetLength, to) - Math.max(i * targetLength, from));
    }
  }
  return { count, start, weight };
}

/** Area-averages the `region` of `raster` down to outWidth × outHeight (each ≤ the region's). */
function resampleByArea(raster: Raster, region: Box, outWidth: number, outHeight: number): Raster {
  const opaque = resampleOpaqueByArea(raster, region, outWidth, outHeight);
  if (opaque !== null) return opaque;
  const shrinker = new AreaShrinker(region.width, region.height, outWidth, outHeight);
  shrinker.addRows(raster.data, ((region.y * raster.width + region.x) * 4), raster.width * 4, region.height);
  return shrinker.finish();
}

/**
 * `resampleByArea` for an opaque region held whole (the same bytes, see below), summing each output
 * row's source rows down first, then across: every source row is read once per output row it
 * touches into one row of plain colour sums (integers, written, not added to), and the horizontal
 * taps run once per output row instead of once per source row. The row-fed `AreaShrinker` must go
 * across first and add every source row into one or two Float64 output rows (a read-modify-write
 * per channel). An output row whose source rows all repeat the previous output row's is a copy of
 * it. On the 4K PNG screenshot's view (its 1920×1080 decode shrunk to 1568×882, three taps on
 * both axes) the shrink took 31 → 18.5 ms CPU (A/B alternated against the shrinker, medians of 25;
 * summing down first alone gave about 10 % of that, the copies the rest).
 *
 * The sums are the same exact integers as the shrinker's without its factor 255 of alpha, so
 * sum / (width × height) rounds, through the same ROUND_HALF_UP reciprocal, to the same byte.
 * Returns null when the raster has no word view, when the sums could pass int32 (regions over
 * 8 M rows), or at the first output row that reads a translucent pixel: the premultiplied
 * shrinker then starts over (what was done is lost; a translucent picture usually shows it in its
 * first rows).
 */
function resampleOpaqueByArea(raster: Raster, region: Box, outWidth: number, outHeight: number): Raster | null {
  const pixels = pixelWords(raster.data);
  const weightPerOutput = region.width * region.height;
  // Column sums are at most 255 × region.height (the vertical weights of a row add up to it).
  if (pixels === null || weightPerOutput > MAX_RECIPROCAL_DIVISOR || OPAQUE * region.height > 0x7fffffff) return null;
  // Spans of two are padded to three: with loops for two, 1600×1200 → 1568 (ratio 1.02) took 54 ms
  // against the shrinker's 50; padded, the two tie (33.7–35.6 vs 33.5–34.0, alternated, noisy host).
  const columns = contributors(region.width, outWidth, 3);
  const rows = contributors(region.height, outHeight, 3);
  // Spans of more than four pixels (ratios above 3) would go through loops, and there the shrinker
  // was faster: 6000×4000 → 1568 (five taps) took 148 ms with it, 193 ms summing down first. With
  // three or four taps this path is faster on random (photo-like) pixels too: 4000×3000 → 1568
  // 75–77 → 62–64 ms, 2000×1500 → 1568 41–48 → 38–44 ms.
  if (columns.count > UNROLLED || rows.count > UNROLLED) return null;
  const sums = new Int32Array(region.width * 3);
  const out = new Uint8Array(outWidth * outHeight * 4);
  const outWords = new Uint32Array(out.buffer, 0, outWidth * outHeight);
  const inverse = 1 / weightPerOutput;
  const sameAsAbove = new RepeatedRows(pixels, raster.width, region);
  for (let oy = 0; oy < outHeight; oy++) {
    const at = oy * outWidth;
    if (oy > 0 && sameAsAbove.allFrom(rows.start[oy - 1]!, rows.start[oy]! + rows.count - 1)) {
      // Every source row both output rows read is the same row, so are their sums: copy the row above.
      outWords.copyWithin(at, at - outWidth, at);
      continue;
    }
    const firstRow = (region.y + rows.start[oy]!) * raster.width + region.x;
    if (!sumRowsDown(pixels, firstRow, raster.width, region.width, rows, oy, sums)) return null;
    sumAcrossAndWrite(sums, columns, outWidth, inverse, outWords, at);
  }
  return { width: outWidth, height: outHeight, data: out };
}

/**
 * Which rows of a region repeat the row above, each compared once, when first asked. Screenshots
 * repeat rows a lot (blank margins, panels, space between lines): 576 of the 1080 rows of the bench
 * screenshot equal the one above.
 */
class RepeatedRows {
  /** Per region row: 1 repeats the row above, 0 does not, 2 not compared yet. */
  private readonly known: Uint8Array;

  constructor(
    private readonly pixels: Uint32Array,
    private readonly stride: number,
    private readonly region: Box,
  ) {
    this.known = new Uint8Array(region.height).fill(2);
  }

  /** Whether region rows `first`..`last` (inclusive) are all the same row. */
  allFrom(first: number, last: number): boolean {
    for (let y = last; y > first; y--) if (!this.repeatsAbove(y)) return false;
    return true;
  }

  private repeatsAbove(y: number): boolean {
    const seen = this.known[y]!;
    if (seen !== 2) return seen === 1;
    const { pixels, stride, region } = this;
    const a = (region.y + y) * stride + region.x;
    const b = a - stride;
    let same = 1;
    for (let x = 0; x < region.width; x++) {
      if (pixels[a + x] !== pixels[b + x]) {
        same = 0;
        break;
      }
    }
    this.known[y] = same;
    return same === 1;
  }
}

/**
 * Plain colour sums of output row `oy`'s source rows, weighted by their vertical weights, into
 * `sums` (R, G, B per source column). Returns false when one of the pixels read is translucent.
 */
function sumRowsDown(pixels: Uint32Array, firstRow: number, stride: number, width: number, rows: Contributors, oy: number, sums: Int32Array): boolean {
  const { count, weight } = rows;
  const wi = oy * count;
  let all = -1; // AND of every pixel word; its top byte is 255 exactly when every alpha is
  if (count === 3) {
    // Straight-line code for the ratios from about 1.1 to 2 (the screenshot views), as addOpaqueRow3.
    const v0 = weight[wi]!;
    const v1 = weight[wi + 1]!;
    const v2 = weight[wi + 2]!;
    for (let x = 0, a = firstRow, k = 0; x < width; x++, a++, k += 3) {
      const p0 = pixels[a]!;
      const p1 = pixels[a + stride]!;
      const p2 = pixels[a + 2 * stride]!;
      all &= p0 & p1 & p2;
      sums[k] = (p0 & 0xff) * v0 + (p1 & 0xff) * v1 + (p2 & 0xff) * v2;
      sums[k + 1] = ((p0 >>> 8) & 0xff) * v0 + ((p1 >>> 8) & 0xff) * v1 + ((p2 >>> 8) & 0xff) * v2;
      sums[k + 2] = ((p0 >>> 16) & 0xff) * v0 + ((p1 >>> 16) & 0xff) * v1 + ((p2 >>> 16) & 0xff) * v2;
    }
    return all >>> 24 === OPAQUE;
  }
  if (count === 4) {
    const v0 = weight[wi]!;
    const v1 = weight[wi + 1]!;
    const v2 = weight[wi + 2]!;
    const v3 = weight[wi + 3]!;
    for (let x = 0, a = firstRow, k = 0; x < width; x++, a++, k += 3) {
      const p0 = pixels[a]!;
      const p1 = pixels[a + stride]!;
      const p2 = pixels[a + 2 * stride]!;
      const p3 = pixels[a + 3 * stride]!;
      all &= p0 & p1 & p2 & p3;
      sums[k] = (p0 & 0xff) * v0 + (p1 & 0xff) * v1 + (p2 & 0xff) * v2 + (p3 & 0xff) * v3;
      sums[k + 1] = ((p0 >>> 8) & 0xff) * v0 + ((p1 >>> 8) & 0xff) * v1 + ((p2 >>> 8) & 0xff) * v2 + ((p3 >>> 8) & 0xff) * v3;
      sums[k + 2] = ((p0 >>> 16) & 0xff) * v0 + ((p1 >>> 16) & 0xff) * v1 + ((p2 >>> 16) & 0xff) * v2 + ((p3 >>> 16) & 0xff) * v3;
    }
    return all >>> 24 === OPAQUE;
  }
  sums.fill(0);
  for (let j = 0, row = firstRow; j < count; j++, row += stride) {
    const v = weight[wi + j]!;
    for (let x = 0, a = row, k = 0; x < width; x++, a++, k += 3) {
      const p = pixels[a]!;
      all &= p;
      sums[k] += (p & 0xff) * v;
      sums[k + 1] += ((p >>> 8) & 0xff) * v;
      sums[k + 2] += ((p >>> 16) & 0xff) * v;
    }
  }
  return all >>> 24 === OPAQUE;
}

/** Sums `sums` across with the column weights and writes the output row as opaque RGBA words from `at`. */
function sumAcrossAndWrite(sums: Int32Array, columns: Contributors, outWidth: number, inverse: number, out: Uint32Array, at: number): void {
  const { count, start, weight } = columns;
  if (count === 3) {
    for (let o = 0, wi = 0; o < outWidth; o++, wi += 3) {
      const k = start[o]! * 3;
      const x0 = weight[wi]!;
      const x1 = weight[wi + 1]!;
      const x2 = weight[wi + 2]!;
      const r = sums[k]! * x0 + sums[k + 3]! * x1 + sums[k + 6]! * x2;
      const g = sums[k + 1]! * x0 + sums[k + 4]! * x1 + sums[k + 7]! * x2;
      const b = sums[k + 2]! * x0 + sums[k + 5]! * x1 + sums[k + 8]! * x2;
      const red = (r * inverse + ROUND_HALF_UP) | 0;
      const green = (g * inverse + ROUND_HALF_UP) | 0;
      const blue = (b * inverse + ROUND_HALF_UP) | 0;
      out[at + o] = red | (green << 8) | (blue << 16) | 0xff000000;
    }
    return;
  }
  if (count === 4) {
    for (let o = 0, wi = 0; o < outWidth; o++, wi += 4) {
      const k = start[o]! * 3;
      const x0 = weight[wi]!;
      const x1 = weight[wi + 1]!;
      const x2 = weight[wi + 2]!;
      const x3 = weight[wi + 3]!;
      const r = sums[k]! * x0 + sums[k + 3]! * x1 + sums[k + 6]! * x2 + sums[k + 9]! * x3;
      const g = sums[k + 1]! * x0 + sums[k + 4]! * x1 + sums[k + 7]! * x2 + sums[k + 10]! * x3;
      const b = sums[k + 2]! * x0 + sums[k + 5]! * x1 + sums[k + 8]! * x2 + sums[k + 11]! * x3;
      const red = (r * inverse + ROUND_HALF_UP) | 0;
      const green = (g * inverse + ROUND_HALF_UP) | 0;
      const blue = (b * inverse + ROUND_HALF_UP) | 0;
      out[at + o] = red | (green << 8) | (blue << 16) | 0xff000000;
    }
    return;
  }
  for (let o = 0, wi = 0; o < outWidth; o++, wi += count) {
    let r = 0;
    let g = 0;
    let b = 0;
    for (let j = 0, k = start[o]! * 3; j < count; j++, k += 3) {
      const w = weight[wi + j]!;
      r += sums[k]! * w;
      g += sums[k + 1]! * w;
      b += sums[k + 2]! * w;
    }
    const red = (r * inverse + ROUND_HALF_UP) | 0;
    const green = (g * inverse + ROUND_HALF_UP) | 0;
    const blue = (b * inverse + ROUND_HALF_UP) | 0;
    out[at + o] = red | (green << 8) | (blue << 16) | 0xff000000;
  }
}

/**
 * The area average fed row by row: a `width`×`height` source, given top to bottom in batches of
 * rows, becomes `outWidth`×`outHeight`. A decoder can hand over each band of rows as it converts
 * it into a small reused buffer, so the source picture is never held whole (the 25 MP photo's
 * view decodes at 1/2 and shrinks that way without a 25 MB intermediate raster). The result is
 * the same bytes however the rows are batched: each row is added on its own.
 *
 * @example
 * ```ts
 * const shrinker = new AreaShrinker(3072, 2048, 1568, 1045);
 * shrinker.addRows(band, 0, 3072 * 4, 16); // rows 0–15, then the next 16 …
 * const small = shrinker.finish();
 * ```
 */
export class AreaShrinker {
  private readonly out: Uint8Array;
  private readonly columns: Contributors;
  private readonly rows: AxisWeights;
  /** Horizontal weights sum to `width` per output column and vertical ones to `height` per row. */
  private readonly weightPerOutput: number;
  /** What one opaque source row adds to the alpha sum of every output column, per unit of vertical weight. */
  private readonly opaqueRowAlpha: number;
  private readonly rowSums: Float64Array;
  private current: Float64Array;
  private next: Float64Array;
  // Alpha of opaque rows is the same in every column, so it is kept as one number per output row.
  private currentOpaqueAlpha = 0;
  private nextOpaqueAlpha = 0;
  private currentRow = 0;
  /** The next source row to be added. */
  private sourceRow = 0;
  // Try the cheaper opaque summing while rows keep being opaque; after a translucent row go
  // straight to the premultiplied one (which reports opacity too), so a translucent picture does
  // not pay for both.
  private expectOpaque = true;

  /**
   * `ycbcr`: the rows are full-range YCbCr (JFIF) in the R, G, B bytes, converted to RGB only when
   * an output row is written — from the unrounded averages, so 4× fewer pixels are converted for
   * a 25 MP photo decoded at 1/2 than converting before the shrink, with one rounding instead of two.
   */
  constructor(
    readonly width: number,
    readonly height: number,
    readonly outWidth: number,
    readonly outHeight: number,
    readonly ycbcr = false,
  ) {
    this.out = new Uint8Array(outWidth * outHeight * 4);
    this.columns = contributors(width, outWidth);
    this.rows = axisWeights(height, outHeight);
    this.weightPerOutput = width * height;
    this.opaqueRowAlpha = OPAQUE * width;
    this.rowSums = new Float64Array(outWidth * 4);
    this.current = new Float64Array(outWidth * 4);
    this.next = new Float64Array(outWidth * 4);
  }

  /** Adds `count` source rows (at most those left), the first at byte `start` of RGBA `data`, rows `stride` bytes apart. */
  addRows(data: Uint8Array, start: number, stride: number, count: number): void {
    const pixels = pixelWords(data);
    const { columns, rows, outWidth, outHeight } = this;
    const end = Math.min(this.height, this.sourceRow + count);
    for (let sy = this.sourceRow, rowStart = start; sy < end; sy++, rowStart += stride) {
      const target = rows.target[sy]!;
      while (this.currentRow < target) this.emitRow();
      const v1 = rows.firstWeight[sy]!;
      const v2 = outHeight - v1;
      if (this.expectOpaque && pixels !== null) {
        // Plain colour sums lack the factor alpha = 255 of premultiplied ones; it is folded into the
        // vertical weight (exact: every product stays an integer below 2^53).
        const w1 = v1 * OPAQUE;
        const w2 = v2 * OPAQUE;
        const rowWord = rowStart / 4; // not >> 2: a byte offset may exceed int32 in a huge raster
        if (addOpaqueRow(pixels, rowWord, columns, outWidth, this.current, w1, this.next, w2)) {
          this.currentOpaqueAlpha += this.opaqueRowAlpha * v1;
          this.nextOpaqueAlpha += this.opaqueRowAlpha * v2;
          continue;
        }
        // Not opaque after all: take the row back out. The sums are exact integers, so adding the
        // same products negated restores them exactly.
        addOpaqueRow(pixels, rowWord, columns, outWidth, this.current, -w1, this.next, -w2);
      }
      this.expectOpaque = sumPremultipliedRow(data, rowStart, columns, outWidth, this.rowSums);
      addAllWeighted(this.rowSums, this.current, v1, this.next, v2);
    }
    this.sourceRow = end;
  }

  /** The shrunk picture; rows never added count as transparent. */
  finish(): Raster {
    while (this.currentRow < this.outHeight) this.emitRow();
    return { width: this.outWidth, height: this.outHeight, data: this.out };
  }

  /** Writes the current output row out and moves on to the next. */
  private emitRow(): void {
    if (this.ycbcr) writeRowYcbcr(this.current, this.currentOpaqueAlpha, this.out, this.currentRow, this.outWidth, this.weightPerOutput);
    else writeRow(this.current, this.currentOpaqueAlpha, this.out, this.currentRow, this.outWidth, this.weightPerOutput);
    const done = this.current;
    this.current = this.next;
    this.next = done;
    done.fill(0);
    this.currentOpaqueAlpha = this.nextOpaqueAlpha;
    this.nextOpaqueAlpha = 0;
    this.currentRow++;
  }
}

/** Alpha of an opaque pixel: the factor an opaque row's plain colour sums lack. */
const OPAQUE = 255;

/** Whether a Uint32Array over RGBA bytes holds R in its low byte and A in its high byte. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * The raster's bytes as one 32-bit word per pixel (one load instead of four), or null when that
 * view is unavailable — a big-endian machine, or bytes not 4-aligned in their buffer — and the
 * byte-wise premultiplied path is used for every row instead.
 */
function pixelWords(data: Uint8Array): Uint32Array | null {
  if (!LITTLE_ENDIAN || data.byteOffset % 4 !== 0) return null;
  return new Uint32Array(data.buffer, data.byteOffset, Math.floor(data.length / 4));
}

/**
 * Sums one source row per output column as if it were opaque — plain colour × horizontal weight —
 * and adds the sums straight into the output row it falls in (× w1) and the next one (× w2, often
 * 0), without a row buffer in between. The alpha slots are left alone; the caller accounts for
 * them. Returns whether every pixel of the row was opaque; when not, what was added is wrong.
 */
function addOpaqueRow(
  pixels: Uint32Array,
  rowStart: number,
  columns: Contributors,
  outWidth: number,
  current: Float64Array,
  w1: number,
  next: Float64Array,
  w2: number,
): boolean {
  const { count, start, weight } = columns;
  if (count === UNROLLED) return addOpaqueRow4(pixels, rowStart, columns, outWidth, current, w1, next, w2);
  if (count === 3) return addOpaqueRow3(pixels, rowStart, columns, outWidth, current, w1, next, w2);
  let all = -1; // AND of every pixel word; its top byte is 255 exactly when every alpha is
  for (let o = 0, k = 0, wi = 0; o < outWidth; o++, k += 4) {
    let i = rowStart + start[o]!;
    let r = 0;
    let g = 0;
    let b = 0;
    for (const end = wi + count; wi < end; wi++, i++) {
      const px = pixels[i]!;
      const w = weight[wi]!;
      all &= px;
      r += (px & 0xff) * w;
      g += ((px >>> 8) & 0xff) * w;
      b += ((px >>> 16) & 0xff) * w;
    }
    addColumn(current, next, k, r, g, b, w1, w2);
  }
  return all >>> 24 === OPAQUE;
}

/** Adds one column's opaque sums × w1 into the current output row and × w2 (often 0) into the next (small enough to be inlined). */
function addColumn(current: Float64Array, next: Float64Array, k: number, r: number, g: number, b: number, w1: number, w2: number): void {
  current[k] += r * w1;
  current[k + 1] += g * w1;
  current[k + 2] += b * w1;
  if (w2 !== 0) {
    next[k] += r * w2;
    next[k + 1] += g * w2;
    next[k + 2] += b * w2;
  }
}

/**
 * `addOpaqueRow` for columns of exactly UNROLLED pixels, in straight-line code: with the inner
 * loop gone (and its trip count, loads of the loop bound and back edge per pixel) the whole row
 * sums 1.1–1.3× faster at the ratios the tools use (1.28 for a quarter of a 4000×3000 photo,
 * 1.96 for a 25 MP photo decoded at half size, 2.55 for a whole 4000×3000 photo).
 */
function addOpaqueRow4(
  pixels: Uint32Array,
  rowStart: number,
  columns: Contributors,
  outWidth: number,
  current: Float64Array,
  w1: number,
  next: Float64Array,
  w2: number,
): boolean {
  const { start, weight } = columns;
  let all = -1;
  for (let o = 0, k = 0, wi = 0; o < outWidth; o++, k += 4, wi += 4) {
    const i = rowStart + start[o]!;
    const p0 = pixels[i]!;
    const p1 = pixels[i + 1]!;
    const p2 = pixels[i + 2]!;
    const p3 = pixels[i + 3]!;
    const x0 = weight[wi]!;
    const x1 = weight[wi + 1]!;
    const x2 = weight[wi + 2]!;
    const x3 = weight[wi + 3]!;
    all &= p0 & p1 & p2 & p3;
    const r = (p0 & 0xff) * x0 + (p1 & 0xff) * x1 + (p2 & 0xff) * x2 + (p3 & 0xff) * x3;
    const g = ((p0 >>> 8) & 0xff) * x0 + ((p1 >>> 8) & 0xff) * x1 + ((p2 >>> 8) & 0xff) * x2 + ((p3 >>> 8) & 0xff) * x3;
    const b = ((p0 >>> 16) & 0xff) * x0 + ((p1 >>> 16) & 0xff) * x1 + ((p2 >>> 16) & 0xff) * x2 + ((p3 >>> 16) & 0xff) * x3;
    addColumn(current, next, k, r, g, b, w1, w2);
  }
  return all >>> 24 === OPAQUE;
}

/**
 * `addOpaqueRow4` for columns of three pixels (ratios from about 1.5 to 2, e.g. 1.96 for a 25 MP
 * photo decoded at half size): padding them to four read and weighed a fourth pixel for nothing.
 */
function addOpaqueRow3(
  pixels: Uint32Array,
  rowStart: number,
  columns: Contributors,
  outWidth: number,
  current: Float64Array,
  w1: number,
  next: Float64Array,
  w2: number,
): boolean {
  const { start, weight } = columns;
  let all = -1;
  for (let o = 0, k = 0, wi = 0; o < outWidth; o++, k += 4, wi += 3) {
    const i = rowStart + start[o]!;
    const p0 = pixels[i]!;
    const p1 = pixels[i + 1]!;
    const p2 = pixels[i + 2]!;
    const x0 = weight[wi]!;
    const x1 = weight[wi + 1]!;
    const x2 = weight[wi + 2]!;
    all &= p0 & p1 & p2;
    const r = (p0 & 0xff) * x0 + (p1 & 0xff) * x1 + (p2 & 0xff) * x2;
    const g = ((p0 >>> 8) & 0xff) * x0 + ((p1 >>> 8) & 0xff) * x1 + ((p2 >>> 8) & 0xff) * x2;
    const b = ((p0 >>> 16) & 0xff) * x0 + ((p1 >>> 16) & 0xff) * x1 + ((p2 >>> 16) & 0xff) * x2;
    addColumn(current, next, k, r, g, b, w1, w2);
  }
  return all >>> 24 === OPAQUE;
}

/**
 * Sums one source row per output column premultiplied: (R·A, G·A, B·A, A) × horizontal weight.
 * Returns whether the row was opaque after all.
 */
function sumPremultipliedRow(data: Uint8Array, rowStart: number, columns: Contributors, outWidth: number, sums: Float64Array): boolean {
  const { count, start, weight } = columns;
  let allAlpha = OPAQUE;
  for (let o = 0, k = 0, wi = 0; o < outWidth; o++, k += 4) {
    let p = rowStart + start[o]! * 4;
    let r = 0;
    let g = 0;
    let b = 0;
    let alpha = 0;
    for (const end = wi + count; wi < end; wi++, p += 4) {
      const a = data[p + 3]!;
      const aw = a * weight[wi]!;
      allAlpha &= a;
      r += data[p]! * aw;
      g += data[p + 1]! * aw;
      b += data[p + 2]! * aw;
      alpha += aw;
    }
    sums[k] = r;
    sums[k + 1] = g;
    sums[k + 2] = b;
    sums[k + 3] = alpha;
  }
  return allAlpha === OPAQUE;
}

/** Adds one row of column sums into the output row it falls in (× v1) and the next one (× v2, often 0). */
function addAllWeighted(sums: Float64Array, current: Float64Array, v1: number, next: Float64Array, v2: number): void {
  const n = sums.length;
  if (v2 === 0) {
    for (let k = 0; k < n; k++) current[k] += sums[k]! * v1;
    return;
  }
  for (let k = 0; k < n; k++) {
    const s = sums[k]!;
    current[k] += s * v1;
    next[k] += s * v2;
  }
}

/**
 * Un-premultiplies one row of weighted sums (plus the opaque rows' alpha, common to all columns)
 * into 8-bit RGBA. Divisions dominated this step, so each ratio is a multiplication by a reciprocal
 * (one per distinct divisor; for an opaque pixel the divisor is known) rounded as explained at
 * ROUND_HALF_UP, which gives exactly Math.round(n / d).
 */
function writeRow(sums: Float64Array, opaqueAlpha: number, out: Uint8Array, row: number, outWidth: number, weightPerOutput: number): void {
  let q = row * outWidth * 4;
  const opaqueSum = OPAQUE * weightPerOutput;
  if (opaqueSum > MAX_RECIPROCAL_DIVISOR) {
    writeRowDividing(sums, opaqueAlpha, out, q, outWidth, weightPerOutput);
    return;
  }
  const opaqueInverse = 1 / opaqueSum;
  const perOutputInverse = 1 / weightPerOutput;
  for (let k = 0; k < outWidth * 4; k += 4, q += 4) {
    const alphaSum = sums[k + 3]! + opaqueAlpha;
    if (alphaSum === opaqueSum) {
      // The common case for photos: the divisor and the alpha are known.
      out[q] = (sums[k]! * opaqueInverse + ROUND_HALF_UP) | 0;
      out[q + 1] = (sums[k + 1]! * opaqueInverse + ROUND_HALF_UP) | 0;
      out[q + 2] = (sums[k + 2]! * opaqueInverse + ROUND_HALF_UP) | 0;
      out[q + 3] = OPAQUE;
      continue;
    }
    if (alphaSum === 0) continue; // fully transparent: leave 0,0,0,0
    const alphaInverse = 1 / alphaSum;
    // Colour sums carry one factor of alpha more than alphaSum, so their ratio is the straight colour.
    out[q] = (sums[k]! * alphaInverse + ROUND_HALF_UP) | 0;
    out[q + 1] = (sums[k + 1]! * alphaInverse + ROUND_HALF_UP) | 0;
    out[q + 2] = (sums[k + 2]! * alphaInverse + ROUND_HALF_UP) | 0;
    out[q + 3] = (alphaSum * perOutputInverse + ROUND_HALF_UP) | 0;
  }
}

/** R, G and B of one pixel at `q` from its Y and centred Cb' and Cr' (clamped stores round and limit to 0–255). */
function storeRgbOfYcbcr(out: Uint8ClampedArray, q: number, luma: number, cb: number, cr: number): void {
  out[q] = luma + 1.402 * cr;
  out[q + 1] = luma - 0.34414 * cb - 0.71414 * cr;
  out[q + 2] = luma + 1.772 * cb;
}

/**
 * `writeRow` for sums of YCbCr: each average is converted to RGB as JFIF defines it
 * (R = Y + 1.402 Cr', G = Y − 0.34414 Cb' − 0.71414 Cr', B = Y + 1.772 Cb', Cb' = Cb − 128)
 * before its one rounding. The shrink is linear and the conversion affine, so this equals
 * converting every pixel first and averaging, except where the conversion would clamp a pixel
 * (saturated colours) and for the per-pixel rounding it skips.
 */
function writeRowYcbcr(sums: Float64Array, opaqueAlpha: number, bytes: Uint8Array, row: number, outWidth: number, weightPerOutput: number): void {
  // Clamped stores round (half to even) and limit to 0–255: no branches per channel.
  const out = new Uint8ClampedArray(bytes.buffer, bytes.byteOffset, bytes.length);
  let q = row * outWidth * 4;
  const opaqueSum = OPAQUE * weightPerOutput;
  const opaqueInverse = 1 / opaqueSum;
  const perOutputInverse = 1 / weightPerOutput;
  for (let k = 0; k < outWidth * 4; k += 4, q += 4) {
    const alphaSum = sums[k + 3]! + opaqueAlpha;
    if (alphaSum === 0) continue; // fully transparent: leave 0,0,0,0
    const inverse = alphaSum === opaqueSum ? opaqueInverse : 1 / alphaSum;
    const luma = sums[k]! * inverse;
    const cb = sums[k + 1]! * inverse - 128;
    const cr = sums[k + 2]! * inverse - 128;
    storeRgbOfYcbcr(out, q, luma, cb, cr);
    out[q + 3] = alphaSum === opaqueSum ? OPAQUE : alphaSum * perOutputInverse;
  }
}

/**
 * Rounding n·(1/d) for integers 0 ≤ n ≤ 255·d: the computed product is within 1e-13 of n/d (two
 * roundings of relative size 2^-53 on a value ≤ 255, one more when adding). If n/d + 0.5 is a
 * whole number, adding this slightly-more-than-half lifts it onto that number despite the error;
 * otherwise it is at least 1/(2d) below the next whole number, and for d ≤ MAX_RECIPROCAL_DIVISOR
 * that gap (≥ 7·10^-12) exceeds 10^-12 plus the error, so truncating gives round-half-up exactly.
 */
const ROUND_HALF_UP = 0.5 + 1e-12;
/** 2^36: keeps 1/(2d) ≥ 7.3·10^-12, above ROUND_HALF_UP's 10^-12 plus the product's error. Any raster the decoders admit (25·2^20 pixels, so d ≤ 255·25·2^20 < 2^33) is well inside. */
const MAX_RECIPROCAL_DIVISOR = 2 ** 36;

/** writeRow by plain division, for a region so large that the reciprocal's rounding margin is not guaranteed. */
function writeRowDividing(sums: Float64Array, opaqueAlpha: number, out: Uint8Array, start: number, outWidth: number, weightPerOutput: number): void {
  for (let k = 0, q = start; k < outWidth * 4; k += 4, q += 4) {
    const alphaSum = sums[k + 3]! + opaqueAlpha;
    if (alphaSum === 0) continue;
    out[q] = Math.round(sums[k]! / alphaSum);
    out[q + 1] = Math.round(sums[k + 1]! / alphaSum);
    out[q + 2] = Math.round(sums[k + 2]! / alphaSum);
    out[q + 3] = Math.round(alphaSum / weightPerOutput);
  }
}

/**
 * `box` of `raster` resampled by area averaging to exactly `width`×`height` (each at most the
 * box's own side): the step `renderPart` needs when the raster was decoded smaller than the
 * picture and the output size is fixed by the picture's full-size box.
 *
 * @example
 * ```ts
 * const part = cropAndShrinkTo(raster, { x: 0, y: 0, width: 3072, height: 2048 }, 1568, 1045);
 * ```
 */
export function cropAndShrinkTo(raster: Raster, box: Box, width: number, height: number): Raster {
  assertBoxInside(raster, box);
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width > box.width || height > box.height) {
    throw new ImageError('invalid_argument', `cannot shrink a ${box.width}x${box.height} box to ${width}x${height}`);
  }
  if (width === box.width && height === box.height) return crop(raster, box);
  return resampleByArea(raster, box, width, height);
}

/**
 * `AreaShrinker(width, height, outWidth, outHeight, true)` fed with 4:2:0 YCbCr as a JPEG decoded
 * at a reduced scale holds it — a luma plane and two chroma planes of half the size, each chroma
 * sample standing for its 2×2 pixels — read straight from the planes instead of from packed
 * (Y, Cb, Cr, 255) words. The same bytes (the sums are the same exact integers, then the same
 * conversion), but less work per pixel:
 * - vertical first: each output row sums its two or three source rows into one row of integers,
 *   then sums that horizontally, so no source row is added into two Float64 output rows with a
 *   read-modify-write per channel (what the row-fed shrinker does, and where its time went);
 * - chroma at its own resolution, with the luma weights of its two columns (rows) added: a quarter
 *   of the samples and two taps a column instead of three.
 * Rows are taken as the decoder finishes them (`addPlanes`); an output row is written as soon as
 * all its source rows are there, while they are still in cache.
 *
 * @example
 * ```ts
 * const shrinker = new Ycbcr420Shrinker(3072, 2048, 1568, 1045);
 * shrinker.addPlanes(y.plane, y.stride, cb.plane, cr.plane, cb.stride, 8); // luma rows 0–7 are final
 * const small = shrinker.finish(); // after addPlanes(…, 2048)
 * ```
 */
export class Ycbcr420Shrinker {
  private readonly out: Uint8Array;
  private readonly columns: Contributors;
  private readonly lines: Contributors;
  private readonly chromaColumns: Contributors;
  private readonly chromaLines: Contributors;
  /** One output row's vertical sums: luma `width` wide, chroma `(width + 1) >> 1`. */
  private readonly lumaSums: Int32Array;
  private readonly cbSums: Int32Array;
  private readonly crSums: Int32Array;
  private readonly chromaWidth: number;
  /**
   * Per output column, when luma spans three columns and chroma two (every shrink from a 1/2 or
   * 1/4 decode), eight ints: luma start and three weights, chroma start and two weights, one
   * spare; else null. One array read in order instead of six (see writeRowYcbcr420).
   */
  private readonly taps: Int32Array | null;
  /** The next output row to write. */
  private row = 0;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly outWidth: number,
    readonly outHeight: number,
  ) {
    // Every pixel is opaque: alpha is written here once, not per pixel (writeRowYcbcr420).
    this.out = new Uint8Array(outWidth * outHeight * 4).fill(OPAQUE);
    this.columns = contributors(width, outWidth);
    this.lines = contributors(height, outHeight);
    this.chromaColumns = halved(this.columns, width);
    this.taps = this.columns.count === 3 && this.chromaColumns.count === 2 ? packTaps(this.columns, this.chromaColumns) : null;
    this.chromaLines = halved(this.lines, height);
    // Room for a whole last word of samples (see verticalSums).
    this.chromaWidth = (width + 1) >> 1;
    this.lumaSums = new Int32Array((width + 3) & ~3);
    this.cbSums = new Int32Array((this.chromaWidth + 3) & ~3);
    this.crSums = new Int32Array((this.chromaWidth + 3) & ~3);
  }

  /**
   * Writes every output row whose source rows are all below `available` (luma rows; chroma row r
   * is final with luma row 2r). Planes: `luma` rows `lumaStride` bytes apart, `cb` and `cr` rows
   * `chromaStride` apart, each from byte 0. A plane may be a ring of its last `lumaRows` (chroma:
   * `chromaRows`) rows, row r at (r % rows) × stride: the rows an unwritten output row still
   * needs (at most its source rows' count) must then not have been overwritten yet.
   */
  addPlanes(
    luma: Uint8Array,
    lumaStride: number,
    cb: Uint8Array,
    cr: Uint8Array,
    chromaStride: number,
    available: number,
    lumaRows = Math.ceil(luma.length / lumaStride),
    chromaRows = Math.ceil(cb.length / chromaStride),
  ): void {
    const { lines, chromaLines, chromaWidth } = this;
    const lumaWords = wordsOf(luma, lumaStride);
    const cbWords = wordsOf(cb, chromaStride);
    const crWords = wordsOf(cr, chromaStride);
    while (this.row < this.outHeight) {
      const t = this.row;
      const first = lines.start[t]!;
      if (first + lines.count > Math.min(available, this.height)) return;
      verticalSums(luma, lumaWords, first, lumaStride, lumaRows, lines.weight, t * lines.count, lines.count, this.lumaSums, this.width);
      const chromaFirst = chromaLines.start[t]!;
      const wi = t * chromaLines.count;
      verticalSums(cb, cbWords, chromaFirst, chromaStride, chromaRows, chromaLines.weight, wi, chromaLines.count, this.cbSums, chromaWidth);
      verticalSums(cr, crWords, chromaFirst, chromaStride, chromaRows, chromaLines.weight, wi, chromaLines.count, this.crSums, chromaWidth);
      writeRowYcbcr420(this.lumaSums, this.cbSums, this.crSums, this.columns, this.chromaColumns, this.taps, this.out, t, this.outWidth, this.width * this.height);
      this.row++;
    }
  }

  /** The shrunk picture; call after every row was made available. */
  finish(): Raster {
    if (this.row < this.outHeight) throw new Error(`Ycbcr420Shrinker: rows ${this.row}–${this.outHeight - 1} still lack source rows`);
    return { width: this.outWidth, height: this.outHeight, data: this.out };
  }
}

/**
 * The contributors of a chroma axis sampled at half the luma's resolution: chroma sample r covers
 * luma samples 2r and 2r + 1 (only 2r for the last of an odd length), so its weight in an output
 * pixel is the sum of theirs. Windows are shifted inside the axis like `contributors`' own.
 */
function halved(luma: Contributors, length: number): Contributors {
  const half = (length + 1) >> 1;
  const outputs = luma.start.length;
  let count = 1;
  for (let o = 0; o < outputs; o++) {
    const s = luma.start[o]!;
    count = Math.max(count, ((s + luma.count - 1) >> 1) - (s >> 1) + 1);
  }
  const start = new Int32Array(outputs);
  const weight = new Int32Array(outputs * count);
  for (let o = 0; o < outputs; o++) {
    const s = luma.start[o]!;
    const first = Math.min(s >> 1, half - count);
    start[o] = first;
    for (let j = 0; j < luma.count; j++) weight[o * count + ((s + j) >> 1) - first] += luma.weight[o * luma.count + j]!;
  }
  return { count, start, weight };
}

/**
 * A plane as 32-bit words (four samples a load) when every row starts on a word: a little-endian
 * host and a stride that is a multiple of 4 (always at 1/2 scale, where blocks are 4 samples wide).
 */
function wordsOf(plane: Uint8Array, stride: number): Uint32Array | null {
  if (!LITTLE_ENDIAN || (stride & 3) !== 0 || (plane.byteOffset & 3) !== 0) return null;
  return new Uint32Array(plane.buffer, plane.byteOffset, plane.length >> 2);
}

/**
 * `sums[x]` = Σ_j weight[wi + j] · plane[row(first + j) + x] for x < n, row(r) = (r % rows) ·
 * stride (`rows`: the plane's row count, or a ring's): one output row's source rows added with
 * their vertical weights. Exact in 32 bits: the weights of one output row add up
 * to the source height, so a sum is at most 255 × 65535 (JPEG's largest side). With `words`, two
 * and three rows go four samples a load, up to n rounded up to a word (padding samples inside the
 * stride, summed into `sums`' spare slots): the 25 MP view's shrink 30.8 -> 26.4 ms CPU
 * (bench/view-shrink.ts, 25 rounds alternated).
 */
function verticalSums(
  plane: Uint8Array,
  words: Uint32Array | null,
  first: number,
  stride: number,
  rows: number,
  weight: Int32Array,
  wi: number,
  count: number,
  sums: Int32Array,
  n: number,
): void {
  if (words !== null && count <= 3 && count >= 2) {
    const a = weight[wi]!;
    const b = weight[wi + 1]!;
    const c = count === 3 ? weight[wi + 2]! : 0;
    const r0 = ((first % rows) * stride) >> 2;
    const r1 = (((first + 1) % rows) * stride) >> 2;
    // Two rows read a third that is the second again, weighed 0: one loop for both.
    const r2 = count === 3 ? (((first + 2) % rows) * stride) >> 2 : r1;
    for (let x = 0, i = 0; x < n; x += 4, i++) {
      const p = words[r0 + i]!;
      const q = words[r1 + i]!;
      const r = words[r2 + i]!;
      sums[x] = a * (p & 0xff) + b * (q & 0xff) + c * (r & 0xff);
      sums[x + 1] = a * ((p >>> 8) & 0xff) + b * ((q >>> 8) & 0xff) + c * ((r >>> 8) & 0xff);
      sums[x + 2] = a * ((p >>> 16) & 0xff) + b * ((q >>> 16) & 0xff) + c * ((r >>> 16) & 0xff);
      sums[x + 3] = a * (p >>> 24) + b * (q >>> 24) + c * (r >>> 24);
    }
    return;
  }
  const at = (first % rows) * stride;
  if (count === 3) {
    const a = weight[wi]!;
    const b = weight[wi + 1]!;
    const c = weight[wi + 2]!;
    const r1 = ((first + 1) % rows) * stride;
    const r2 = ((first + 2) % rows) * stride;
    for (let x = 0; x < n; x++) sums[x] = a * plane[at + x]! + b * plane[r1 + x]! + c * plane[r2 + x]!;
    return;
  }
  if (count === 2) {
    const a = weight[wi]!;
    const b = weight[wi + 1]!;
    const r1 = ((first + 1) % rows) * stride;
    for (let x = 0; x < n; x++) sums[x] = a * plane[at + x]! + b * plane[r1 + x]!;
    return;
  }
  const a = weight[wi]!;
  for (let x = 0; x < n; x++) sums[x] = a * plane[at + x]!;
  for (let j = 1; j < count; j++) {
    const r = ((first + j) % rows) * stride;
    const w = weight[wi + j]!;
    for (let x = 0; x < n; x++) sums[x] += w * plane[r + x]!;
  }
}

/** Ycbcr420Shrinker's `taps`: three luma and two chroma contributors per column, eight ints a column. */
function packTaps(columns: Contributors, chroma: Contributors): Int32Array {
  const n = columns.start.length;
  const taps = new Int32Array(n * 8);
  for (let o = 0, t = 0; o < n; o++, t += 8) {
    taps[t] = columns.start[o]!;
    taps[t + 1] = columns.weight[3 * o]!;
    taps[t + 2] = columns.weight[3 * o + 1]!;
    taps[t + 3] = columns.weight[3 * o + 2]!;
    taps[t + 4] = chroma.start[o]!;
    taps[t + 5] = chroma.weight[2 * o]!;
    taps[t + 6] = chroma.weight[2 * o + 1]!;
  }
  return taps;
}

/**
 * Sums one output row's vertical sums horizontally and converts them as `writeRowYcbcr` does an
 * opaque pixel: the sums carry the same factor (255 × the weights, here applied last), so the
 * same operations give the same bytes. Alpha was written when the output was made.
 *
 * `taps` (packTaps), when each output column has three luma and two chroma contributors (every
 * shrink from a 1/2 or 1/4 decode), is read instead of `columns` and `chromaColumns`: one array
 * read in order instead of six; on the 25 MP view's 1568 × 1045 rows 16.4 -> 15.6 ms CPU (a micro
 * bench of the row writer alone, 30 alternated rounds, load ~5 on 2 cores).
 */
function writeRowYcbcr420(
  lumaSums: Int32Array,
  cbSums: Int32Array,
  crSums: Int32Array,
  columns: Contributors,
  chromaColumns: Contributors,
  taps: Int32Array | null,
  bytes: Uint8Array,
  row: number,
  outWidth: number,
  weightPerOutput: number,
): void {
  const out = new Uint8ClampedArray(bytes.buffer, bytes.byteOffset, bytes.length);
  // A local: a module binding is re-read (with a hole check) at every use inside the loop.
  const opaque = OPAQUE;
  const inverse = 1 / (opaque * weightPerOutput);
  if (taps !== null) {
    const end = outWidth * 8;
    for (let t = 0, q = row * outWidth * 4; t < end; t += 8, q += 4) {
      const i = taps[t]!;
      const s = lumaSums[i]! * taps[t + 1]! + lumaSums[i + 1]! * taps[t + 2]! + lumaSums[i + 2]! * taps[t + 3]!;
      const c = taps[t + 4]!;
      const x0 = taps[t + 5]!;
      const x1 = taps[t + 6]!;
      const sb = cbSums[c]! * x0 + cbSums[c + 1]! * x1;
      const sr = crSums[c]! * x0 + crSums[c + 1]! * x1;
      const luma = s * opaque * inverse;
      const cb = sb * opaque * inverse - 128;
      const cr = sr * opaque * inverse - 128;
      storeRgbOfYcbcr(out, q, luma, cb, cr);
    }
    return;
  }
  const { count, start, weight } = columns;
  const chromaCount = chromaColumns.count;
  const chromaStart = chromaColumns.start;
  const chromaWeight = chromaColumns.weight;
  let q = row * outWidth * 4;
  for (let o = 0; o < outWidth; o++, q += 4) {
    let s = 0;
    for (let j = 0, i = start[o]!, w = o * count; j < count; j++) s += lumaSums[i + j]! * weight[w + j]!;
    let sb = 0;
    let sr = 0;
    for (let j = 0, c = chromaStart[o]!, w = o * chromaCount; j < chromaCount; j++) {
      sb += cbSums[c + j]! * chromaWeight[w + j]!;
      sr += crSums[c + j]! * chromaWeight[w + j]!;
    }
    const luma = s * opaque * inverse;
    const cb = sb * opaque * inverse - 128;
    const cr = sr * opaque * inverse - 128;
    storeRgbOfYcbcr(out, q, luma, cb, cr);
  }
}
