/**
 * Per-line colour statistics of a rectangle, for every row and every column: per channel min,
 * max, sum and sum of squares. Everything the separator rules need (spread, mean, standard
 * deviation) derives from these.
 *
 * Every pixel of a line is checked until the line is *proven* content — a channel spread above
 * RINGING_SPREAD, which no later pixel can undo — and then the line is dropped: its min and max
 * stay partial and its sums 0, but its kind (content) is already certain and no rule reads more
 * of a content line. A line that is not content has had every pixel read, and exact min, max and
 * sums; sums of squares are kept where σ is asked (spread above PLAIN_SPREAD) and for lines of one
 * colour. Nothing is sampled: test/separators/line-stats.test.ts checks all of this against a
 * reference that reads every pixel.
 *
 * What makes it fast (the target is ≥ 1000 MP/s), each measured with bench/separators-speed.ts:
 * - probes: a line is first read at 32 spread-out pixels, which prove nearly every line of a
 *   photograph at once (in-order reading needed ~600 pixels per row, ~320 per column); row probing
 *   backs off along runs of rows it fails on, since each probe of a row is a cache miss;
 * - a row is then read in order as 32-bit words, eight at a time: eight equal words (and the run
 *   of equal blocks after them) cost one XOR test and one box test; otherwise the branch-light
 *   lane test of `inBox` is ANDed over the eight while their lanes are summed; only a block that
 *   fails (a pixel outside the current min–max box, or not opaque) is read pixel by pixel;
 * - sums in the same pass, two channels per addition in 16-bit lanes, kept only for lines that
 *   are not content; a line of one colour needs none (sum = length·colour); sums of squares only
 *   where σ is asked;
 * - columns are never read down the picture (a column touches one page per pixel): row 0 and the
 *   first four probe rows are read across all columns at once (`quickSpan`, no decision per
 *   pixel), then the other probe rows across the columns still live, then the survivors swept
 *   row-major together, eight rows per column per step, in two passes: first each column's eight
 *   words are only compared with a word known inside its box (`inside`), and a block of copies of
 *   it is just counted, then the blocks that are not copies are read; sums, and squares from the
 *   block where a column's spread first exceeds SQUARES_EARLY (from the first row in a small sweep,
 *   SQUARES_FROM_START), in the same sweep; rows of one colour, already read in full by the row
 *   pass, enter every column as one aggregate, so a blank picture costs one pass; the pass's
 *   scratch arrays are kept between calls (a grid's parts are many small passes).
 *
 * Measured (Node 20, median CPU time, this code against the previous one alternated in one
 * process on a shared 2-core machine under a load of 10–13; bench/separators-speed.ts): the
 * line statistics of the 25 MP photo (6144×4096, 2124 smooth columns and 212 rows read in full)
 * ≈ 39–50 ms against ≈ 110–150 ms before; of the 4000×3000 grid ≈ 3.5 ms against ≈ 6.5 ms, of the
 * 4×4 grid ≈ 2 ms against ≈ 4–6 ms. Slowest is a picture whose every line is plain yet no two
 * neighbours are equal (white with ±4 noise): ≈ 220–280 ms for 25 MP (was ≈ 630–800).
 * Round 2 (issue 17; planSplit, this code against the round-1 code alternated in one process
 * under a load of 6–10): the 25 MP photo ≈ 20 ms against ≈ 24–25 (its 1124 left-margin columns
 * spread 11 and no longer sum squares; 95 % of its column blocks are eight equal words), the 4×4
 * grid ≈ 5.8 ms against ≈ 7.0, of which its four band column passes ≈ 1.3 ms against ≈ 1.6.
 * Round 3 (issue 17; planSplit against round 2, bench/separators-speed.ts, alternated, medians
 * of 21–41 under a load of 2–8): the 25 MP photo ≈ 19–20 ms against ≈ 23–24.5 (the column sweep's
 * first pass only compares, copies are counted, not summed per block; the margin columns sum
 * squares again, which for copies is free), the grids and screenshots unchanged (0.97–1.02×).
 */
import type { Box, Raster } from '../raster.js';
import { PLAIN_SPREAD, RINGING_SPREAD } from './classify.js';

/** Statistics of `count` parallel lines, three channels (R, G, B) per line, laid out line-major. */
export interface LineStats {
  /** Number of lines (rows: region height; columns: region width). */
  readonly count: number;
  /** Pixels on each line (rows: region width; columns: region height). */
  readonly length: number;
  readonly min: Uint8Array;
  readonly max: Uint8Array;
  /** Exact for every line that is not content; 0 for a content line. */
  readonly sum: Float64Array;
  /**
   * Exact for lines whose spread exceeds PLAIN_SPREAD without being content (the only lines whose
   * σ is asked) and for lines of one colour; 0 elsewhere. Float64: a 25-megapixel line of 255s
   * squares to 1.7e12, beyond 32-bit counters.
   */
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

/**
 * One ArrayBuffer for the four arrays of a LineStats: sums first (8-byte aligned), then min and
 * max. A grid's recursion measures some twenty parts; four separate buffers of a part's few
 * hundred lines cost more to allocate (and collect) than to fill (measured: allocation was 8 % of
 * the row statistics of the 4×4 photo grid's 16 panels).
 */
function emptyStats(count: number, length: number): LineStats {
  const n = count * 3;
  const buffer = new ArrayBuffer(n * 18);
  const min = new Uint8Array(buffer, n * 16, n).fill(255);
  return { count, length, min, max: new Uint8Array(buffer, n * 17, n), sum: new Float64Array(buffer, 0, n), sumSq: new Float64Array(buffer, n * 8, n) };
}

/**
 * The raster's pixels as one 32-bit word each: an unchanged pixel then costs one comparison, and
 * a changed one is tested against the line's colour box in a few integer operations (`inBox`).
 * A typed-array view needs 4-byte alignment: a raster whose bytes start mid-word (a subarray of
 * some larger buffer) is copied.
 */
function words(data: Uint8Array): Int32Array {
  if (data.byteOffset % 4 === 0) return new Int32Array(data.buffer, data.byteOffset, data.length >> 2);
  return new Int32Array(new Uint8Array(data).buffer);
}

/**
 * Byte order decides which bits of a word hold R, G, B and A; Deno, Node and browsers run
 * little-endian in practice, but the big-endian layout costs nothing to support.
 */
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;
/** The alpha byte of a word: a pixel is opaque when all its bits are set. */
const ALPHA = LITTLE_ENDIAN ? 0xff000000 | 0 : 0xff;
/** Shift that brings R, G or B to the low byte of a word. */
const R_SHIFT = LITTLE_ENDIAN ? 0 : 24;
const G_SHIFT = LITTLE_ENDIAN ? 8 : 16;
const B_SHIFT = LITTLE_ENDIAN ? 16 : 8;
/** Bytes 0 and 2 of a word (`w & EVEN`) or 1 and 3 (`(w >>> 8) & EVEN`), each in a 16-bit lane. */
const EVEN = 0x00ff00ff;
/** Bit 8 of each 16-bit lane: set before a lane subtraction, it survives exactly when no lane went below zero. */
const LANE = 0x01000100;

/**
 * R, G, B (and A = 255) packed into the two lane words of `inBox`: `packEven` holds the bytes at
 * word bits 0 and 16, `packOdd` those at bits 8 and 24 (shifted down by 8).
 */
function packEven(r: number, g: number, b: number): number {
  return LITTLE_ENDIAN ? r | (b << 16) : 255 | (g << 16);
}
function packOdd(r: number, g: number, b: number): number {
  return LITTLE_ENDIAN ? g | (255 << 16) : b | (r << 16);
}

/**
 * True when every byte of the opaque pixel `u` lies within the packed bounds: then it moves no
 * channel's min or max. Each lane computes (0x100 + v − lo) and (0x100 + hi − v), which keep bit 8
 * only when v ≥ lo and v ≤ hi; lanes are 16 bits wide, so no borrow crosses them. A pixel that is
 * not fully opaque fails on its alpha lane (bounds 255..255) and takes the compositing path.
 */
function inBox(u: number, loE: number, hiE: number, loO: number, hiO: number): boolean {
  const e = u & EVEN;
  const o = (u >>> 8) & EVEN;
  return (((e | LANE) - loE) & ((hiE | LANE) - e) & ((o | LANE) - loO) & ((hiO | LANE) - o) & LANE) === LANE;
}

/**
 * One channel composited over white: v·a/255 + 255·(1 − a/255), rounded. The float expression is
 * kept exactly as written so every caller (the line statistics and `background-gap.ts`) rounds the
 * same way.
 */
export function overWhite(v: number, a: number): number {
  return ((v * a) / 255 + (255 - a) + 0.5) | 0;
}

/**
 * How many spread-out pixels a line is probed at before it is read in order. A photograph is
 * locally smooth, so neighbouring pixels along a line rarely differ by more than RINGING_SPREAD
 * and an in-order read of a content line needs hundreds of pixels to prove it (measured on the
 * 4000×3000 grid fixture: 600 per row, 320 per column on average), while pixels far apart usually
 * differ by that much at once (with 32 probes, all but the 20 plain rows and 20 plain columns of
 * that fixture are proven by the probes alone). Probing costs at most this many extra reads on a
 * line that turns out not to be content (under 1 % of a 4000-pixel line) and can only prove a line
 * content, which reading the whole line would prove too: the same decision, reached sooner.
 */
const PROBES = 32;

/**
 * Lines skipped from probing, at most, after a run of lines the probes did not prove. A probe
 * lands on a line not yet in cache, so each costs a memory round trip (measured: 32 probes ≈ 4 µs
 * per row, doubling the time of a blank 25 MP picture, whose every line is read in full anyway).
 * After a line the probes failed on, the next 1, 3, 7 … 63 lines are read in order without
 * probing; any line proven content re-enables probing at once. Only speed depends on this.
 */
const MAX_PROBE_BACKOFF = 63;
const NO_PROBES = new Int32Array(0);

/**
 * Positions 0 … n−1 of the PROBES probes along a line of n pixels, coarse to fine (the middle,
 * then the quarters, then the eighths…: the bit-reversed slot order), so the first probes are the
 * farthest apart. Empty for a line too short for probing to save anything.
 */
function probeOrder(n: number): Int32Array {
  if (n < PROBES * 4) return new Int32Array(0);
  const bits = Math.log2(PROBES);
  const out = new Int32Array(PROBES);
  for (let i = 0; i < PROBES; i++) {
    let rev = 0;
    for (let b = 0; b < bits; b++) if (i & (1 << b)) rev |= 1 << (bits - 1 - b);
    out[i] = Math.floor(((rev + 0.5) * n) / PROBES);
  }
  return out;
}


/**
 * Min and max of one row (`n` pixels from word `start`), stopping once some channel spread
 * exceeds RINGING_SPREAD. Returns PROVEN when the row is proven content (`span` then partial), else
 * `span` holds the exact per-channel min and max over every pixel and `sums` its exact per-channel
 * sums. Order of reading: the two pixels of `hint` (see HINT_AFTER), the PROBES spread-out pixels,
 * then every pixel in order (`scanInOrder`). `hint` is updated for the next row.
 */
function scanRow(data: Uint8Array, px: Int32Array, start: number, n: number, probes: Int32Array, span: Int32Array, sums: Float64Array, squares: Float64Array, squaresLikely: boolean, hint: Int32Array): number {
  let q = start * 4;
  let r = data[q]!, g = data[q + 1]!, b = data[q + 2]!;
  let a = data[q + 3]!;
  if (a !== 255) { r = overWhite(r, a); g = overWhite(g, a); b = overWhite(b, a); }
  let rMin = r, rMax = r, gMin = g, gMax = g, bMin = b, bMax = b;
  // Offsets along the row of each channel's min and max so far: the next row's hint.
  let rLo = 0, rHi = 0, gLo = 0, gHi = 0, bLo = 0, bHi = 0;
  let proven = false;
  if (hint[0]! >= 0 && probes.length > 0) {
    for (let t = 0; t < 2 && !proven; t++) {
      const p = hint[t]!;
      q = (start + p) * 4;
      r = data[q]!; g = data[q + 1]!; b = data[q + 2]!;
      a = data[q + 3]!;
      if (a !== 255) { r = overWhite(r, a); g = overWhite(g, a); b = overWhite(b, a); }
      if (r < rMin) { rMin = r; rLo = p; } else if (r > rMax) { rMax = r; rHi = p; }
      if (g < gMin) { gMin = g; gLo = p; } else if (g > gMax) { gMax = g; gHi = p; }
      if (b < bMin) { bMin = b; bLo = p; } else if (b > bMax) { bMax = b; bHi = p; }
      proven = rMax - rMin > RINGING_SPREAD || gMax - gMin > RINGING_SPREAD || bMax - bMin > RINGING_SPREAD;
    }
    if (proven) {
      span[0] = rMin; span[1] = gMin; span[2] = bMin; span[3] = rMax; span[4] = gMax; span[5] = bMax;
      return PROVEN;
    }
  }
  let t = 0;
  for (; t < probes.length && !proven; t++) {
    const p = probes[t]!;
    q = (start + p) * 4;
    r = data[q]!; g = data[q + 1]!; b = data[q + 2]!;
    a = data[q + 3]!;
    if (a !== 255) { r = overWhite(r, a); g = overWhite(g, a); b = overWhite(b, a); }
    // min ≤ max always holds, so a value below min cannot also be above max.
    if (r < rMin) { rMin = r; rLo = p; } else if (r > rMax) { rMax = r; rHi = p; }
    if (g < gMin) { gMin = g; gLo = p; } else if (g > gMax) { gMax = g; gHi = p; }
    if (b < bMin) { bMin = b; bLo = p; } else if (b > bMax) { bMax = b; bHi = p; }
    proven = rMax - rMin > RINGING_SPREAD || gMax - gMin > RINGING_SPREAD || bMax - bMin > RINGING_SPREAD;
  }
  span[0] = rMin; span[1] = gMin; span[2] = bMin; span[3] = rMax; span[4] = gMax; span[5] = bMax;
  if (proven) {
    if (t <= HINT_AFTER) hint[0] = -1;
    else if (rMax - rMin > RINGING_SPREAD) { hint[0] = rLo; hint[1] = rHi; }
    else if (gMax - gMin > RINGING_SPREAD) { hint[0] = gLo; hint[1] = gHi; }
    else { hint[0] = bLo; hint[1] = bHi; }
    return PROVEN;
  }
  hint[0] = -1;
  // Spread already above PLAIN_SPREAD: unless the row is content, σ will be asked, so its squares
  // are summed in the same read (spreads only grow).
  if (squaresLikely || rMax - rMin > PLAIN_SPREAD || gMax - gMin > PLAIN_SPREAD || bMax - bMin > PLAIN_SPREAD) {
    return scanInOrderSquared(data, px, start, start + n, span, sums, squares) ? PROVEN : SQUARED;
  }
  return scanInOrder(data, px, start, start + n, span, sums) ? PROVEN : READ;
}

/**
 * Probes after which a row's proof is handed to the next row as its hint: the two pixels holding
 * the proving channel's min and max. A photograph is coherent down the picture, so where a smooth
 * row needed many probes the row below is usually proven by the same two pixels — two reads, each
 * a cache miss, instead of the probes' many (the 4000×3000 grid's smooth top-left panel: median
 * 4 probes a row, 159 rows of 1500 beyond 32). A row proven within HINT_AFTER probes gets none: its
 * first probes will do for the next row too, and a hint there only adds reads. A hint can only
 * prove a row content, which reading the whole row would prove too; only the partial min and max
 * of a content row depend on it (test/separators/line-stats-oracle.ts compares everything else).
 * Measured (measureRows alone, this against no hint alternated in one process under a load of
 * 8–13, median CPU ms of 31): the 25 MP photo's rows 23.4 → 15.7, the WebP grid's four panels
 * 9.0 → 7.4, the JPEG grid's 10.5 → 10.3, the 4×4 grid's rows 1.18 → 1.11 (with a hint after every
 * proof, 0.55 → 0.68 there: most of its rows fall to the first two probes).
 */
const HINT_AFTER = 2;

/** What `scanRow` did: proved the row content, read it (min, max, sums), or read it with its squares too. */
const PROVEN = 0, READ = 1, SQUARED = 2;

/**
 * `scanInOrder` that also sums the squares of every pixel into `squares[0…2]`, for a row whose
 * probes already spread over PLAIN_SPREAD: one read instead of `scanInOrder` then `squaresOf`.
 * Measured on the 4×4 photo grid's first band (335 of its 1960 rows of 485 px are ringing, read in
 * full, most of them without probes, as probing backs off along them): its row statistics 0.725 →
 * 0.56 ms CPU (median of 200 calls), of which squares summed for rows whose probes spread over
 * PLAIN_SPREAD alone 0.725 → 0.77 (noise: few such rows), with the previous row's need too 0.56.
 */
function scanInOrderSquared(data: Uint8Array, px: Int32Array, start: number, end: number, span: Int32Array, sums: Float64Array, squares: Float64Array): boolean {
  let loE = packEven(span[0]!, span[1]!, span[2]!), loO = packOdd(span[0]!, span[1]!, span[2]!);
  let hiE = packEven(span[3]!, span[4]!, span[5]!) | LANE, hiO = packOdd(span[3]!, span[4]!, span[5]!) | LANE;
  sums[0] = 0; sums[1] = 0; sums[2] = 0;
  squares[0] = 0; squares[1] = 0; squares[2] = 0;
  let evenSum = 0, oddSum = 0;
  // Squares of opaque pixels in int32 between flushes (LANE_FLUSH × 255² < 2^31).
  let r2 = 0, g2 = 0, b2 = 0;
  let i = start;
  while (i < end) {
    const stop = Math.min(end, i + LANE_FLUSH);
    for (; i + 8 <= stop; i += 8) {
      const u0 = px[i]!, u1 = px[i + 1]!, u2 = px[i + 2]!, u3 = px[i + 3]!, u4 = px[i + 4]!, u5 = px[i + 5]!, u6 = px[i + 6]!, u7 = px[i + 7]!;
      const e0 = u0 & EVEN, o0 = (u0 >>> 8) & EVEN;
      if (((u1 ^ u0) | (u2 ^ u0) | (u3 ^ u0) | (u4 ^ u0) | (u5 ^ u0) | (u6 ^ u0) | (u7 ^ u0)) === 0) {
        if (((((e0 | LANE) - loE) & (hiE - e0) & ((o0 | LANE) - loO) & (hiO - o0)) & LANE) === LANE) {
          evenSum += e0 * 8;
          oddSum += o0 * 8;
          const r = (u0 >>> R_SHIFT) & 255, g = (u0 >>> G_SHIFT) & 255, b = (u0 >>> B_SHIFT) & 255;
          r2 = (r2 + 8 * r * r) | 0; g2 = (g2 + 8 * g * g) | 0; b2 = (b2 + 8 * b * b) | 0;
          continue;
        }
      } else {
        const e1 = u1 & EVEN, e2 = u2 & EVEN, e3 = u3 & EVEN, e4 = u4 & EVEN, e5 = u5 & EVEN, e6 = u6 & EVEN, e7 = u7 & EVEN;
        const o1 = (u1 >>> 8) & EVEN, o2 = (u2 >>> 8) & EVEN, o3 = (u3 >>> 8) & EVEN;
        const o4 = (u4 >>> 8) & EVEN, o5 = (u5 >>> 8) & EVEN, o6 = (u6 >>> 8) & EVEN, o7 = (u7 >>> 8) & EVEN;
        const test =
          ((e0 | LANE) - loE) & (hiE - e0) & ((o0 | LANE) - loO) & (hiO - o0) &
          ((e1 | LANE) - loE) & (hiE - e1) & ((o1 | LANE) - loO) & (hiO - o1) &
          ((e2 | LANE) - loE) & (hiE - e2) & ((o2 | LANE) - loO) & (hiO - o2) &
          ((e3 | LANE) - loE) & (hiE - e3) & ((o3 | LANE) - loO) & (hiO - o3) &
          ((e4 | LANE) - loE) & (hiE - e4) & ((o4 | LANE) - loO) & (hiO - o4) &
          ((e5 | LANE) - loE) & (hiE - e5) & ((o5 | LANE) - loO) & (hiO - o5) &
          ((e6 | LANE) - loE) & (hiE - e6) & ((o6 | LANE) - loO) & (hiO - o6) &
          ((e7 | LANE) - loE) & (hiE - e7) & ((o7 | LANE) - loO) & (hiO - o7);
        if ((test & LANE) === LANE) {
          evenSum += e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7;
          oddSum += o0 + o1 + o2 + o3 + o4 + o5 + o6 + o7;
          r2 = (r2 + squares8(u0, u1, u2, u3, u4, u5, u6, u7, R_SHIFT)) | 0;
          g2 = (g2 + squares8(u0, u1, u2, u3, u4, u5, u6, u7, G_SHIFT)) | 0;
          b2 = (b2 + squares8(u0, u1, u2, u3, u4, u5, u6, u7, B_SHIFT)) | 0;
          continue;
        }
      }
      if (scanSlowSquared(data, px, i, i + 8, span, sums, squares)) return true;
      loE = packEven(span[0]!, span[1]!, span[2]!); loO = packOdd(span[0]!, span[1]!, span[2]!);
      hiE = packEven(span[3]!, span[4]!, span[5]!) | LANE; hiO = packOdd(span[3]!, span[4]!, span[5]!) | LANE;
    }
    if (i < stop) {
      if (scanSlowSquared(data, px, i, stop, span, sums, squares)) return true;
      loE = packEven(span[0]!, span[1]!, span[2]!); loO = packOdd(span[0]!, span[1]!, span[2]!);
      hiE = packEven(span[3]!, span[4]!, span[5]!) | LANE; hiO = packOdd(span[3]!, span[4]!, span[5]!) | LANE;
      i = stop;
    }
    addLanes(sums, 0, evenSum, oddSum);
    evenSum = 0;
    oddSum = 0;
    squares[0] += r2; squares[1] += g2; squares[2] += b2;
    r2 = 0; g2 = 0; b2 = 0;
  }
  return false;
}

/** `scanSlow` that also sums each pixel's squares into `squares[0…2]` (see `scanInOrderSquared`). */
function scanSlowSquared(data: Uint8Array, px: Int32Array, from: number, to: number, span: Int32Array, sums: Float64Array, squares: Float64Array): boolean {
  for (let i = from; i < to; i++) {
    const q = i * 4;
    let r = data[q]!, g = data[q + 1]!, b = data[q + 2]!;
    const a = data[q + 3]!;
    if (a !== 255) { r = overWhite(r, a); g = overWhite(g, a); b = overWhite(b, a); }
    sums[0] += r; sums[1] += g; sums[2] += b;
    squares[0] += r * r; squares[1] += g * g; squares[2] += b * b;
    if (r < span[0]!) span[0] = r; else if (r > span[3]!) span[3] = r;
    if (g < span[1]!) span[1] = g; else if (g > span[4]!) span[4] = g;
    if (b < span[2]!) span[2] = b; else if (b > span[5]!) span[5] = b;
    if (span[3]! - span[0]! > RINGING_SPREAD || span[4]! - span[1]! > RINGING_SPREAD || span[5]! - span[2]! > RINGING_SPREAD) return true;
  }
  return false;
}

/**
 * The in-order step of `scanRow`: words `start` … `end − 1`, min and max in `span`, sums in `sums`,
 * both in one pass. A function of its own so the hot loop is compiled for itself (inside `scanRow`
 * it ran about half as fast on a blank picture, measured). Eight words at a time: eight equal
 * words (a margin, a seam, flat fill) cost one XOR test and one box test; otherwise the `inBox`
 * lane test is ANDed over the eight, summing their lanes on the way, and only a block that fails —
 * a pixel outside the box or not opaque — is read again pixel by pixel (`scanSlow`).
 */
function scanInOrder(data: Uint8Array, px: Int32Array, start: number, end: number, span: Int32Array, sums: Float64Array): boolean {
  let loE = packEven(span[0]!, span[1]!, span[2]!), loO = packOdd(span[0]!, span[1]!, span[2]!);
  let hiE = packEven(span[3]!, span[4]!, span[5]!) | LANE, hiO = packOdd(span[3]!, span[4]!, span[5]!) | LANE;
  sums[0] = 0; sums[1] = 0; sums[2] = 0;
  let evenSum = 0, oddSum = 0;
  let i = start;
  while (i < end) {
    const stop = Math.min(end, i + LANE_FLUSH);
    for (; i + 8 <= stop; i += 8) {
      const u0 = px[i]!, u1 = px[i + 1]!, u2 = px[i + 2]!, u3 = px[i + 3]!, u4 = px[i + 4]!, u5 = px[i + 5]!, u6 = px[i + 6]!, u7 = px[i + 7]!;
      const e0 = u0 & EVEN, o0 = (u0 >>> 8) & EVEN;
      if (((u1 ^ u0) | (u2 ^ u0) | (u3 ^ u0) | (u4 ^ u0) | (u5 ^ u0) | (u6 ^ u0) | (u7 ^ u0)) === 0) {
        if (((((e0 | LANE) - loE) & (hiE - e0) & ((o0 | LANE) - loO) & (hiO - o0)) & LANE) === LANE) {
          // A run: the next blocks equal to the same word need one XOR test each, summed at the end.
          let run = 8;
          while (i + 16 <= end && ((px[i + 8]! ^ u0) | (px[i + 9]! ^ u0) | (px[i + 10]! ^ u0) | (px[i + 11]! ^ u0) | (px[i + 12]! ^ u0) | (px[i + 13]! ^ u0) | (px[i + 14]! ^ u0) | (px[i + 15]! ^ u0)) === 0) {
            i += 8;
            run += 8;
          }
          addRun(sums, u0, run);
          continue;
        }
      } else {
        const e1 = u1 & EVEN, e2 = u2 & EVEN, e3 = u3 & EVEN, e4 = u4 & EVEN, e5 = u5 & EVEN, e6 = u6 & EVEN, e7 = u7 & EVEN;
        const o1 = (u1 >>> 8) & EVEN, o2 = (u2 >>> 8) & EVEN, o3 = (u3 >>> 8) & EVEN;
        const o4 = (u4 >>> 8) & EVEN, o5 = (u5 >>> 8) & EVEN, o6 = (u6 >>> 8) & EVEN, o7 = (u7 >>> 8) & EVEN;
        const test =
          ((e0 | LANE) - loE) & (hiE - e0) & ((o0 | LANE) - loO) & (hiO - o0) &
          ((e1 | LANE) - loE) & (hiE - e1) & ((o1 | LANE) - loO) & (hiO - o1) &
          ((e2 | LANE) - loE) & (hiE - e2) & ((o2 | LANE) - loO) & (hiO - o2) &
          ((e3 | LANE) - loE) & (hiE - e3) & ((o3 | LANE) - loO) & (hiO - o3) &
          ((e4 | LANE) - loE) & (hiE - e4) & ((o4 | LANE) - loO) & (hiO - o4) &
          ((e5 | LANE) - loE) & (hiE - e5) & ((o5 | LANE) - loO) & (hiO - o5) &
          ((e6 | LANE) - loE) & (hiE - e6) & ((o6 | LANE) - loO) & (hiO - o6) &
          ((e7 | LANE) - loE) & (hiE - e7) & ((o7 | LANE) - loO) & (hiO - o7);
        if ((test & LANE) === LANE) {
          evenSum += e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7;
          oddSum += o0 + o1 + o2 + o3 + o4 + o5 + o6 + o7;
          continue;
        }
      }
      if (scanSlow(data, px, i, i + 8, span, sums)) return true;
      loE = packEven(span[0]!, span[1]!, span[2]!); loO = packOdd(span[0]!, span[1]!, span[2]!);
      hiE = packEven(span[3]!, span[4]!, span[5]!) | LANE; hiO = packOdd(span[3]!, span[4]!, span[5]!) | LANE;
    }
    if (i < stop) {
      if (scanSlow(data, px, i, stop, span, sums)) return true;
      loE = packEven(span[0]!, span[1]!, span[2]!); loO = packOdd(span[0]!, span[1]!, span[2]!);
      hiE = packEven(span[3]!, span[4]!, span[5]!) | LANE; hiO = packOdd(span[3]!, span[4]!, span[5]!) | LANE;
      i = stop;
    }
    addLanes(sums, 0, evenSum, oddSum);
    evenSum = 0;
    oddSum = 0;
  }
  return false;
}

/**
 * Words `from` … `to − 1` of a row one by one: each summed into `sums` (composited when not
 * opaque) and widening `span`. True once the row is proven content.
 */
function scanSlow(data: Uint8Array, px: Int32Array, from: number, to: number, span: Int32Array, sums: Float64Array): boolean {
  for (let i = from; i < to; i++) {
    const q = i * 4;
    let r = data[q]!, g = data[q + 1]!, b = data[q + 2]!;
    const a = data[q + 3]!;
    if (a !== 255) { r = overWhite(r, a); g = overWhite(g, a); b = overWhite(b, a); }
    sums[0] += r; sums[1] += g; sums[2] += b;
    if (r < span[0]!) span[0] = r; else if (r > span[3]!) span[3] = r;
    if (g < span[1]!) span[1] = g; else if (g > span[4]!) span[4] = g;
    if (b < span[2]!) span[2] = b; else if (b > span[5]!) span[5] = b;
    if (span[3]! - span[0]! > RINGING_SPREAD || span[4]! - span[1]! > RINGING_SPREAD || span[5]! - span[2]! > RINGING_SPREAD) return true;
  }
  return false;
}

/** Adds two lane words (`u & EVEN` and `(u >>> 8) & EVEN` summed) to the R, G, B sums at `sums[k…k+2]`. */
function addLanes(sums: Float64Array, k: number, even: number, odd: number): void {
  if (LITTLE_ENDIAN) {
    sums[k] += even & 0xffff; sums[k + 2] += even >>> 16; sums[k + 1] += odd & 0xffff;
  } else {
    sums[k + 1] += even >>> 16; sums[k + 2] += odd & 0xffff; sums[k] += odd >>> 16;
  }
}

/** Adds `run` copies of the opaque word `u` to the R, G, B sums at `sums[0…2]`. */
function addRun(sums: Float64Array, u: number, run: number): void {
  sums[0] += (LITTLE_ENDIAN ? u & 255 : u >>> 24) * run;
  sums[1] += (LITTLE_ENDIAN ? (u >>> 8) & 255 : (u >>> 16) & 255) * run;
  sums[2] += (LITTLE_ENDIAN ? (u >>> 16) & 255 : (u >>> 8) & 255) * run;
}

/**
 * Opaque pixels summed per lane between flushes: a 16-bit lane holds 128 × 255 and the top lane
 * then stays below 2^31, so the lane sums remain 32-bit integers.
 */
const LANE_FLUSH = 128;

/**
 * Per-channel sums of squares of the `n` words of a row from `start`, composited over white where
 * not opaque, into `out[k…k+2]`. Channels are taken from the word (opaque pixels) and squared in
 * 32-bit integers, flushed before they could overflow.
 */
function squaresOf(data: Uint8Array, px: Int32Array, start: number, n: number, out: Float64Array, k: number): void {
  let rSq = 0, gSq = 0, bSq = 0;
  const end = start + n;
  for (let i0 = start; i0 < end; i0 += SQUARE_FLUSH) {
    const i1 = Math.min(end, i0 + SQUARE_FLUSH);
    let r2 = 0, g2 = 0, b2 = 0;
    let i = i0;
    // Four opaque words at a time, channels shifted out of the word and squared in int32 (`| 0`:
    // no overflow checks; SQUARE_FLUSH keeps the sums below 2^31). Four words with a translucent
    // one, and the last few, go one by one below.
    let slowTo = i0;
    while (i < i1) {
      if (i >= slowTo && i + 4 <= i1) {
        const u0 = px[i]!, u1 = px[i + 1]!, u2 = px[i + 2]!, u3 = px[i + 3]!;
        if ((u0 & u1 & u2 & u3 & ALPHA) !== ALPHA) { slowTo = i + 4; continue; }
        const r0 = (u0 >>> R_SHIFT) & 255, r1 = (u1 >>> R_SHIFT) & 255, r_2 = (u2 >>> R_SHIFT) & 255, r3 = (u3 >>> R_SHIFT) & 255;
        const g0 = (u0 >>> G_SHIFT) & 255, g1 = (u1 >>> G_SHIFT) & 255, g_2 = (u2 >>> G_SHIFT) & 255, g3 = (u3 >>> G_SHIFT) & 255;
        const c0 = (u0 >>> B_SHIFT) & 255, c1 = (u1 >>> B_SHIFT) & 255, c2 = (u2 >>> B_SHIFT) & 255, c3 = (u3 >>> B_SHIFT) & 255;
        r2 = (r2 + r0 * r0 + r1 * r1 + r_2 * r_2 + r3 * r3) | 0;
        g2 = (g2 + g0 * g0 + g1 * g1 + g_2 * g_2 + g3 * g3) | 0;
        b2 = (b2 + c0 * c0 + c1 * c1 + c2 * c2 + c3 * c3) | 0;
        i += 4;
        continue;
      }
      const u = px[i]!;
      let r: number, g: number, b: number;
      if ((u & ALPHA) === ALPHA) {
        r = (u >>> R_SHIFT) & 255;
        g = (u >>> G_SHIFT) & 255;
        b = (u >>> B_SHIFT) & 255;
      } else {
        const q = i * 4;
        const a = data[q + 3]!;
        r = overWhite(data[q]!, a); g = overWhite(data[q + 1]!, a); b = overWhite(data[q + 2]!, a);
      }
      r2 = (r2 + r * r) | 0; g2 = (g2 + g * g) | 0; b2 = (b2 + b * b) | 0;
      i++;
    }
    rSq += r2; gSq += g2; bSq += b2;
  }
  out[k] = rSq; out[k + 1] = gSq; out[k + 2] = bSq;
}

/** Squares summed in 32-bit integers between flushes: 32 768 × 255² < 2^31. */
const SQUARE_FLUSH = 32_768;

/** What `store` leaves to be summed: nothing (content), nothing (one colour), sums, sums and squares. */
const NONE = 0, ONE_COLOUR = 1, SUMS = 2, WITH_SQUARES = 3;

/**
 * Stores min and max of line `line` from `span`, and says what else the line needs: a content
 * line nothing (no rule reads more of it than its kind); a line of one colour nothing either (every
 * pixel holds it, so its sums are length·colour, stored here exactly); any other line its sums,
 * and its sums of squares only when its spread exceeds PLAIN_SPREAD: σ is asked of no other line
 * (`classifyLines`).
 */
function store(stats: LineStats, line: number, proven: boolean, span: Int32Array): number {
  const k = line * 3;
  const { min, max } = stats;
  min[k] = span[0]!; min[k + 1] = span[1]!; min[k + 2] = span[2]!;
  max[k] = span[3]!; max[k + 1] = span[4]!; max[k + 2] = span[5]!;
  if (proven) return NONE;
  const n = stats.length;
  if (span[0] === span[3] && span[1] === span[4] && span[2] === span[5]) {
    for (let c = 0; c < 3; c++) {
      stats.sum[k + c] = n * span[c]!;
      stats.sumSq[k + c] = n * span[c]! * span[c]!;
    }
    return ONE_COLOUR;
  }
  return span[3]! - span[0]! > PLAIN_SPREAD || span[4]! - span[1]! > PLAIN_SPREAD || span[5]! - span[2]! > PLAIN_SPREAD ? WITH_SQUARES : SUMS;
}

/**
 * Row statistics of `region` (see `scanRow` and `store`). A content row keeps partial min and max
 * and zero sums: no rule reads more of a content line than its kind. `uniform[y]` is set to 1 for
 * a row of one colour (see `measureColumnLines`).
 */
function measureRowLines(data: Uint8Array, px: Int32Array, stride: number, region: Box, uniform?: Uint8Array): LineStats {
  const { x: x0, y: y0, width: w, height: h } = region;
  const rows = emptyStats(h, w);
  if (w === 0) return rows;
  const probes = probeOrder(w);
  const span = new Int32Array(6);
  const sums = new Float64Array(3);
  const squares = new Float64Array(3);
  // Two offsets along a row (see HINT_AFTER); −1: none.
  const hint = Int32Array.of(-1, -1);
  let backoff = 0, wait = 0;
  // Whether the last row read in full needed its squares: a photo's flat band (sky, wall) is
  // hundreds of such rows, read without probes once probing backs off (see `scanRow`).
  let squaredBefore = false;
  for (let y = 0; y < h; y++) {
    const start = (y0 + y) * stride + x0;
    const probing = wait === 0;
    if (!probing) wait--;
    const read = scanRow(data, px, start, w, probing ? probes : NO_PROBES, span, sums, squares, squaredBefore, hint);
    const proven = read === PROVEN;
    if (proven) backoff = wait = 0;
    else if (probing) wait = backoff = Math.min(backoff * 2 + 1, MAX_PROBE_BACKOFF);
    const need = store(rows, y, proven, span);
    if (!proven) squaredBefore = need === WITH_SQUARES;
    if (need === ONE_COLOUR) {
      if (uniform) uniform[y] = 1;
    } else if (need !== NONE) {
      const k = y * 3;
      rows.sum[k] = sums[0]!; rows.sum[k + 1] = sums[1]!; rows.sum[k + 2] = sums[2]!;
      if (need === WITH_SQUARES) {
        if (read === SQUARED) { rows.sumSq[k] = squares[0]!; rows.sumSq[k + 1] = squares[1]!; rows.sumSq[k + 2] = squares[2]!; }
        else squaresOf(data, px, start, w, rows.sumSq, k);
      }
    }
  }
  return rows;
}

/**
 * Column statistics of `region`, read row-major throughout (a column read down the picture
 * touches one page per pixel; a row of columns is one sequential read):
 * (1) every column starts from the uniform rows' aggregate or its first walked pixel, then the
 *     PROBES probe rows are read across all columns still live, which proves most columns of a
 *     photograph after a few rows;
 * (2) the rest are swept together over every walked row, eight rows at a time (`sweepColumns`):
 *     min, max and sums at once;
 * (3) sums stored, sums of squares where needed.
 *
 * `known`, when given, is the rows of the same region with their `uniform` flags: a row of one
 * colour puts that same colour into every column, so its pixels — every one already read by the
 * row pass — enter every column's statistics as one precomputed aggregate (min, max, sum and sum
 * of squares over the uniform rows), and only the other rows are walked. On a blank picture that
 * is every row, and the column pass costs nothing beyond the row pass.
 */
function measureColumnLines(
  data: Uint8Array,
  px: Int32Array,
  stride: number,
  region: Box,
  known?: { rows: LineStats; uniform: Uint8Array },
): LineStats {
  const { x: x0, y: y0, width: w, height: h } = region;
  const columns = emptyStats(w, h);
  if (h === 0) return columns;
  const { min, max } = columns;

  // Word offsets of the rows to walk, and the aggregate of the uniform rows that need no walking.
  const pool = scratch(h + 15 * w, 6 * w);
  const walk = pool.ints.subarray(0, h);
  let m = 0;
  let uniformRows = 0;
  const lo = [255, 255, 255];
  const hi = [0, 0, 0];
  const seed = new Float64Array(6);
  for (let y = 0; y < h; y++) {
    if (known === undefined || known.uniform[y] === 0) {
      walk[m++] = (y0 + y) * stride + x0;
      continue;
    }
    uniformRows++;
    for (let c = 0; c < 3; c++) {
      const v = known.rows.min[y * 3 + c]!;
      if (v < lo[c]!) lo[c] = v;
      if (v > hi[c]!) hi[c] = v;
      seed[c] += v;
      seed[3 + c] += v * v;
    }
  }

  // Step 1: the starting box of every column, then the probe rows across the live columns.
  const live = pool.ints.subarray(h, h + w);
  let liveCount = 0;
  const box = pool.ints.subarray(h + w, h + 5 * w);
  const seedProven = hi[0]! - lo[0]! > RINGING_SPREAD || hi[1]! - lo[1]! > RINGING_SPREAD || hi[2]! - lo[2]! > RINGING_SPREAD;
  const probes = probeOrder(m);
  // Rows 0 and the first QUICK_PROBES probe rows, read across every column before any decision:
  // five sequential streams, no branch per pixel but one per column (see `quickSpan`).
  const quick = uniformRows === 0 && probes.length >= QUICK_PROBES;
  const q0 = walk[0]!, q1 = quick ? walk[probes[0]!]! : 0, q2 = quick ? walk[probes[1]!]! : 0, q3 = quick ? walk[probes[2]!]! : 0, q4 = quick ? walk[probes[3]!]! : 0;
  const span = new Int32Array(6);
  for (let x = 0; x < w; x++) {
    const k = x * 3;
    if (quick) {
      const spread = quickSpan(px[q0 + x]!, px[q1 + x]!, px[q2 + x]!, px[q3 + x]!, px[q4 + x]!, span);
      if (spread >= 0) {
        for (let c = 0; c < 3; c++) { min[k + c] = span[c]!; max[k + c] = span[3 + c]!; }
        if (spread > RINGING_SPREAD) continue;
        packBox(box, x, min, max);
        live[liveCount++] = x;
        continue;
      }
    }
    if (uniformRows > 0) {
      min[k] = lo[0]!; min[k + 1] = lo[1]!; min[k + 2] = lo[2]!;
      max[k] = hi[0]!; max[k + 1] = hi[1]!; max[k + 2] = hi[2]!;
      if (seedProven) continue;
    } else {
      const q = (walk[0]! + x) * 4;
      let r = data[q]!, g = data[q + 1]!, b = data[q + 2]!;
      const a = data[q + 3]!;
      if (a !== 255) { r = overWhite(r, a); g = overWhite(g, a); b = overWhite(b, a); }
      min[k] = max[k] = r; min[k + 1] = max[k + 1] = g; min[k + 2] = max[k + 2] = b;
    }
    packBox(box, x, min, max);
    live[liveCount++] = x;
  }
  for (let t = 0; t < probes.length && liveCount > 0; t++) {
    const base = walk[probes[t]!]!;
    let kept = 0;
    for (let j = 0; j < liveCount; j++) {
      const x = live[j]!;
      const b = x * 4;
      const u = px[base + x]!;
      if (inBox(u, box[b]!, box[b + 1]!, box[b + 2]!, box[b + 3]!) || !widenColumn(data, (base + x) * 4, box, x, min, max)) live[kept++] = x;
    }
    liveCount = kept;
  }

  // Squares are summed by the sweep from the block where a column's spread first exceeds
  // SQUARES_EARLY (`squaresFrom`; −1: not yet); the rows before it are caught up afterwards.
  const sums = pool.floats.subarray(0, 3 * w).fill(0);
  const squares = pool.floats.subarray(3 * w, 6 * w).fill(0);
  const squaresFrom = pool.ints.subarray(h + 5 * w, h + 6 * w).fill(-1);
  const squaresEarly = liveCount * m <= SQUARES_FROM_START ? -1 : SQUARES_EARLY;
  for (let t = 0; t < liveCount; t++) if (spreadAbove(min, max, live[t]!, squaresEarly)) squaresFrom[live[t]!] = 0;
  if (liveCount > 0) {
    const lanes = pool.ints.subarray(h + 6 * w, h + 8 * w).fill(0);
    const inside = pool.ints.subarray(h + 8 * w, h + 9 * w);
    for (let t = 0; t < liveCount; t++) inside[live[t]!] = opaqueWord(min, live[t]! * 3);
    const copiesFrom = pool.ints.subarray(h + 9 * w, h + 10 * w).fill(0);
    const readApart = pool.ints.subarray(h + 10 * w, h + 11 * w).fill(0);
    const misses = pool.ints.subarray(h + 11 * w, h + 12 * w);
    const spans = pool.ints.subarray(h + 12 * w, h + 15 * w);
    liveCount = sweepColumns({ data, px, box, min, max, sums, squares, squaresFrom, squaresEarly, lanes, inside, copiesFrom, readApart, misses, spans }, walk, m, live, liveCount);
  }

  // Step 3: the columns that are not content get their sums (the sweep's plus the uniform rows'),
  // and those whose spread exceeds PLAIN_SPREAD their sums of squares.
  const squareList = new Int32Array(liveCount);
  let squareCount = 0;
  for (let t = 0; t < liveCount; t++) {
    const x = live[t]!;
    const k = x * 3;
    for (let c = 0; c < 3; c++) { span[c] = min[k + c]!; span[3 + c] = max[k + c]!; }
    const need = store(columns, x, false, span);
    if (need === ONE_COLOUR || need === NONE) continue;
    for (let c = 0; c < 3; c++) columns.sum[k + c] = sums[k + c]! + seed[c]!;
    if (need !== WITH_SQUARES) continue;
    for (let c = 0; c < 3; c++) columns.sumSq[k + c] = squares[k + c]! + seed[3 + c]!;
    if (squaresFrom[x]! > 0) squareList[squareCount++] = x;
  }
  if (squareCount > 0) catchUpSquares(data, px, walk, columns, squareList, squareCount, squaresFrom);
  return columns;
}

/** Probe rows read, with row 0, across every column before the probing proper (`quickSpan`). */
const QUICK_PROBES = 4;

/**
 * Per-channel min and max of five opaque words into `span` and their largest channel spread,
 * or −1 (span untouched) when one of them is not fully opaque. Straight-line code: the column
 * pass calls it on row 0 and the first QUICK_PROBES probe rows of every column, which proves
 * most columns of a photograph at once (their probing before began with a box of one pixel that
 * every probe widened, one call of `widenColumn` each). A content column keeps these five as its
 * partial min and max; any other column starts its probes and sweep from them: five of its own
 * pixels, so its final min and max are still exact.
 */
function quickSpan(u0: number, u1: number, u2: number, u3: number, u4: number, span: Int32Array): number {
  if ((u0 & u1 & u2 & u3 & u4 & ALPHA) !== ALPHA) return -1;
  let spread = 0;
  for (let c = 0; c < 3; c++) {
    const shift = c === 0 ? R_SHIFT : c === 1 ? G_SHIFT : B_SHIFT;
    const v0 = (u0 >>> shift) & 255, v1 = (u1 >>> shift) & 255, v2 = (u2 >>> shift) & 255, v3 = (u3 >>> shift) & 255, v4 = (u4 >>> shift) & 255;
    let lo = v0 < v1 ? v0 : v1, hi = v0 < v1 ? v1 : v0;
    if (v2 < lo) lo = v2; else if (v2 > hi) hi = v2;
    if (v3 < lo) lo = v3; else if (v3 > hi) hi = v3;
    if (v4 < lo) lo = v4; else if (v4 > hi) hi = v4;
    span[c] = lo; span[3 + c] = hi;
    if (hi - lo > spread) spread = hi - lo;
  }
  return spread;
}

/**
 * Scratch arrays of the column pass (row offsets, live list, boxes, lane sums, sums, squares),
 * kept from one call to the next. Freshly allocated they cost more than the pass itself on a grid
 * part: ~270 KB of new zeroed memory for a 1960-column band, measured at ~65 µs of each band's
 * column pass on the 4×4 photo grid (see the commit). Up to SCRATCH_MAX_BYTES are kept; a larger
 * call allocates its own. Not re-entrant, which the synchronous pass never is.
 */
const SCRATCH_MAX_BYTES = 4 << 20;
let scratchInts = new Int32Array(0);
let scratchFloats = new Float64Array(0);
function scratch(ints: number, floats: number): { ints: Int32Array; floats: Float64Array } {
  if (ints * 4 + floats * 8 > SCRATCH_MAX_BYTES) return { ints: new Int32Array(ints), floats: new Float64Array(floats) };
  if (scratchInts.length < ints) scratchInts = new Int32Array(ints);
  if (scratchFloats.length < floats) scratchFloats = new Float64Array(floats);
  return { ints: scratchInts, floats: scratchFloats };
}

/**
 * Packs column `x`'s min and max into its four box words: low bounds as `packEven`/`packOdd`, high
 * bounds with LANE already set (the form `sweepColumns` subtracts from).
 */
function packBox(box: Int32Array, x: number, min: Uint8Array, max: Uint8Array): void {
  const k = x * 3;
  const b = x * 4;
  box[b] = packEven(min[k]!, min[k + 1]!, min[k + 2]!);
  box[b + 1] = packEven(max[k]!, max[k + 1]!, max[k + 2]!) | LANE;
  box[b + 2] = packOdd(min[k]!, min[k + 1]!, min[k + 2]!);
  box[b + 3] = packOdd(max[k]!, max[k + 1]!, max[k + 2]!) | LANE;
}

/**
 * Widens column `x`'s min and max by the pixel at byte `q` (composited when not opaque) and
 * repacks its box. True once some channel spread exceeds RINGING_SPREAD: the column is content.
 */
function widenColumn(data: Uint8Array, q: number, box: Int32Array, x: number, min: Uint8Array, max: Uint8Array): boolean {
  let r = data[q]!, g = data[q + 1]!, b = data[q + 2]!;
  const a = data[q + 3]!;
  if (a !== 255) { r = overWhite(r, a); g = overWhite(g, a); b = overWhite(b, a); }
  const k = x * 3;
  let rMin = min[k]!, gMin = min[k + 1]!, bMin = min[k + 2]!, rMax = max[k]!, gMax = max[k + 1]!, bMax = max[k + 2]!;
  if (r < rMin) rMin = r; else if (r > rMax) rMax = r;
  if (g < gMin) gMin = g; else if (g > gMax) gMax = g;
  if (b < bMin) bMin = b; else if (b > bMax) bMax = b;
  min[k] = rMin; min[k + 1] = gMin; min[k + 2] = bMin;
  max[k] = rMax; max[k + 1] = gMax; max[k + 2] = bMax;
  if (rMax - rMin > RINGING_SPREAD || gMax - gMin > RINGING_SPREAD || bMax - bMin > RINGING_SPREAD) return true;
  packBox(box, x, min, max);
  return false;
}

/**
 * Spread from which the sweep sums a column's squares: half of PLAIN_SPREAD, beyond which σ is
 * asked, so a column that passes PLAIN_SPREAD late has mostly been squared on the way; the rows
 * before are caught up afterwards (`catchUpSquares`), re-read cold, one cache miss (and often one
 * page) per row. Since the sweep only counts a block of copies, squaring copies costs nothing but
 * at a change of word, and half of PLAIN_SPREAD now wins: on the 25 MP photo, whose 7 columns at
 * the edge of its left margin pass PLAIN_SPREAD late (21 560 rows to catch up), the catch-up took
 * 1.16 ms per column pass against 0.003 ms, and its planSplit 20.5 → 20.0 ms (bench/separators-
 * speed.ts, 41 alternated rounds; 18.7 → 18.4 in another run of 21). With the previous
 * sweep (a box test per block of copies) PLAIN_SPREAD had won: 21.0 against 23.4 ms on that photo.
 * A smooth page of ±4 noise (spread 7) stays below both. Summing from the first row (no catch-up
 * at all) lost on the 4000×3000 JPEG grid (3.50 → 3.74).
 */
const SQUARES_EARLY = PLAIN_SPREAD / 2;

/**
 * Pixels a sweep reads (live columns after probing × walked rows) up to which every column sums
 * its squares from the first row, needed or not: there the catch-up's second, cold read of a
 * column costs more than squaring pixels in vain. Measured (alternated in one process, 31 rounds,
 * median CPU ms): the 4×4 grid's four band passes (~125 columns × 488 rows each) 1.585 → 1.331
 * summing from the start against from PLAIN_SPREAD, its planSplit 6.87 → 6.13; the 25 MP photo
 * (2163 columns × 4096 rows) lost 23.4 → 24.7 summing from the start (with the sweep before the
 * copies were only counted), so it keeps SQUARES_EARLY.
 */
const SQUARES_FROM_START = 1 << 20;

/** Rows a sweep block reads per live column before it touches the column's state. */
const BLOCK = 8;

/**
 * Step 2 of `measureColumnLines`: every walked row, row-major over the columns still live, BLOCK
 * rows at a time, in two passes per block. First `blockMisses`: each column's BLOCK words are
 * compared with its `inside` word, one XOR each, and nothing else is touched — on a plain or smooth
 * column most blocks are copies of one word (95 % of the 25 MP photo's margin blocks), and such a
 * block is left to be counted later (`flushCopies`). Then `readMisses` reads the other blocks:
 * eight equal words of a new colour inside the box become the column's `inside` word; a block
 * inside the box has its lanes summed (two channels per addition, the `inBox` lane test ANDed over
 * the block); any other block is read pixel by pixel (`sweepSlow`), which widens the box,
 * composites translucent pixels and drops the column once proven content. Lane sums are flushed
 * every LANE_FLUSH rows. Returns how many columns survive, listed first in `live`.
 *
 * Why two passes (measured on the 25 MP photo, its 2163 columns swept after probing, the sweep's
 * CPU time alternated in one process, median of 21): a compare loop with no call and no store but
 * the rare miss keeps V8's array checks out of the way; the single loop with every path inline,
 * where each block also counted its copies (`hits[x]++`), took 19.1 ms against 17.4 ms for the two
 * passes over the live list, and 14.6 → 13.4 ms more for walking runs of consecutive columns
 * (`spansOf`) instead of the list; reading the misses inline rather than through a call, 17.2 → 16.1.
 */
/** What the column sweep reads and updates, per column: see `measureColumnLines`. */
interface SweepState {
  readonly data: Uint8Array;
  readonly px: Int32Array;
  readonly box: Int32Array;
  readonly min: Uint8Array;
  readonly max: Uint8Array;
  readonly sums: Float64Array;
  readonly squares: Float64Array;
  readonly squaresFrom: Int32Array;
  /** SQUARES_EARLY, or −1 (squares from the first row) for a small sweep (SQUARES_FROM_START). */
  readonly squaresEarly: number;
  /** Two lane words per column (`u & EVEN`, `(u >>> 8) & EVEN` summed), flushed into `sums`. */
  readonly lanes: Int32Array;
  /**
   * Per column, a word known to lie inside its box (opaque, within bounds: boxes only grow),
   * starting with its min colour, opaque. Not 0 or any other "no word" sentinel: every 32-bit
   * value is some pixel (0 is transparent black, which composites to white).
   */
  readonly inside: Int32Array;
  /** Per column, the walked row from which the copies of its `inside` word are not yet in `sums`. */
  readonly copiesFrom: Int32Array;
  /** Per column, the walked rows since `copiesFrom` that were read as something else than copies. */
  readonly readApart: Int32Array;
  /** Scratch: the positions in `live` of the columns whose block was no copies of `inside`. */
  readonly misses: Int32Array;
  /** Scratch: the live columns as runs of consecutive ones (`spansOf`). */
  readonly spans: Int32Array;
}

function sweepColumns(state: SweepState, walk: Int32Array, m: number, live: Int32Array, liveCount: number): number {
  const { spans } = state;
  const bases = new Int32Array(BLOCK);
  let spanCount = spansOf(live, liveCount, spans);
  // Whether blocks are read without the first pass, until the next LANE_FLUSH row (see MISSES_MAX).
  let readAll = false;
  let j = 0;
  while (j < m && liveCount > 0) {
    const rows = Math.min(BLOCK, m - j);
    for (let r = 0; r < rows; r++) bases[r] = walk[j + r]!;
    let dropped = 0;
    if (rows === BLOCK && readAll) dropped = readMisses(state, bases, j, live, liveCount, true);
    else if (rows === BLOCK) {
      const count = blockMisses(state, bases, spanCount);
      readAll = count > liveCount * MISSES_MAX;
      dropped = readMisses(state, bases, j, live, count, false);
    } else {
      for (let t = 0; t < liveCount; t++) {
        if (!sweepSlow(state, bases, rows, live[t]!, j)) { live[t] = -1; dropped++; }
      }
    }
    if (dropped > 0) {
      liveCount = withoutDropped(live, liveCount);
      spanCount = spansOf(live, liveCount, spans);
    }
    j += rows;
    if (j % LANE_FLUSH === 0 || j === m) {
      flushLanes(state.lanes, live, liveCount, state.sums);
      readAll = false;
    }
  }
  for (let t = 0; t < liveCount; t++) flushCopies(state, live[t]!, m, state.squaresFrom[live[t]!]! >= 0);
  return liveCount;
}

/**
 * The first pass of a block (rows at `bases`): lists in `misses` the position in `live` of every
 * column whose BLOCK words are not all its `inside` word, and returns how many.
 */
function blockMisses(state: SweepState, bases: Int32Array, spanCount: number): number {
  const { px, inside, misses, spans } = state;
  const b0 = bases[0]!, b1 = bases[1]!, b2 = bases[2]!, b3 = bases[3]!, b4 = bases[4]!, b5 = bases[5]!, b6 = bases[6]!, b7 = bases[7]!;
  let count = 0;
  for (let s = 0; s < spanCount; s++) {
    const start = spans[s * 3]!, end = spans[s * 3 + 1]!, offset = spans[s * 3 + 2]!;
    for (let x = start; x < end; x++) {
      const w = inside[x]!;
      if (((px[b0 + x]! ^ w) | (px[b1 + x]! ^ w) | (px[b2 + x]! ^ w) | (px[b3 + x]! ^ w) | (px[b4 + x]! ^ w) | (px[b5 + x]! ^ w) | (px[b6 + x]! ^ w) | (px[b7 + x]! ^ w)) !== 0) misses[count++] = x - offset;
    }
  }
  return count;
}

/**
 * Share of the live columns above which a block's first pass found so few copies that it costs
 * more than it saves: the blocks up to the next LANE_FLUSH row are then read at once (`readMisses`
 * over every live column; a block of copies read so only restarts its count). Measured (planSplit,
 * bench/separators-speed.ts, 21 alternated rounds, against the single pass it replaced): white
 * with ±4 noise (every block a miss) took 179 ms against 147 with no such limit, 163 against 163
 * with it; the 25 MP photo (10 % misses) is not affected. A limit of 0.25 was no faster on the
 * 4×4 grid's whole-picture sweep (34 % misses; measureLines alternated both ways, median of 301).
 */
const MISSES_MAX = 0.5;

/**
 * The second pass of a block (walked rows from `j`, at `bases`): reads the `count` columns listed
 * in `misses` (see `sweepColumns`), or with `all` the first `count` of `live`, marks those proven
 * content −1 in `live` and returns how many.
 */
function readMisses(state: SweepState, bases: Int32Array, j: number, live: Int32Array, count: number, all: boolean): number {
  const { px, box, inside, misses, lanes, squares, squaresFrom, readApart } = state;
  const b0 = bases[0]!, b1 = bases[1]!, b2 = bases[2]!, b3 = bases[3]!, b4 = bases[4]!, b5 = bases[5]!, b6 = bases[6]!, b7 = bases[7]!;
  let dropped = 0;
  for (let i = 0; i < count; i++) {
    const t = all ? i : misses[i]!;
    const x = live[t]!;
    const b = x * 4;
    const u0 = px[b0 + x]!, u1 = px[b1 + x]!, u2 = px[b2 + x]!, u3 = px[b3 + x]!, u4 = px[b4 + x]!, u5 = px[b5 + x]!, u6 = px[b6 + x]!, u7 = px[b7 + x]!;
    const loE = box[b]!, hiE = box[b + 1]!, loO = box[b + 2]!, hiO = box[b + 3]!;
    const e0 = u0 & EVEN, o0 = (u0 >>> 8) & EVEN;
    if (((u1 ^ u0) | (u2 ^ u0) | (u3 ^ u0) | (u4 ^ u0) | (u5 ^ u0) | (u6 ^ u0) | (u7 ^ u0)) === 0) {
      // Eight copies of a new word inside the box (a gutter, flat fill changing shade): the copies
      // of the old word are summed and this word's copies counted from here.
      if (((((e0 | LANE) - loE) & (hiE - e0) & ((o0 | LANE) - loO) & (hiO - o0)) & LANE) === LANE) {
        flushCopies(state, x, j, squaresFrom[x]! >= 0);
        inside[x] = u0;
        continue;
      }
    }
    const e1 = u1 & EVEN, e2 = u2 & EVEN, e3 = u3 & EVEN, e4 = u4 & EVEN, e5 = u5 & EVEN, e6 = u6 & EVEN, e7 = u7 & EVEN;
    const o1 = (u1 >>> 8) & EVEN, o2 = (u2 >>> 8) & EVEN, o3 = (u3 >>> 8) & EVEN;
    const o4 = (u4 >>> 8) & EVEN, o5 = (u5 >>> 8) & EVEN, o6 = (u6 >>> 8) & EVEN, o7 = (u7 >>> 8) & EVEN;
    const test =
      ((e0 | LANE) - loE) & (hiE - e0) & ((o0 | LANE) - loO) & (hiO - o0) &
      ((e1 | LANE) - loE) & (hiE - e1) & ((o1 | LANE) - loO) & (hiO - o1) &
      ((e2 | LANE) - loE) & (hiE - e2) & ((o2 | LANE) - loO) & (hiO - o2) &
      ((e3 | LANE) - loE) & (hiE - e3) & ((o3 | LANE) - loO) & (hiO - o3) &
      ((e4 | LANE) - loE) & (hiE - e4) & ((o4 | LANE) - loO) & (hiO - o4) &
      ((e5 | LANE) - loE) & (hiE - e5) & ((o5 | LANE) - loO) & (hiO - o5) &
      ((e6 | LANE) - loE) & (hiE - e6) & ((o6 | LANE) - loO) & (hiO - o6) &
      ((e7 | LANE) - loE) & (hiE - e7) & ((o7 | LANE) - loO) & (hiO - o7);
    if ((test & LANE) !== LANE) {
      if (!sweepSlow(state, bases, BLOCK, x, j)) { live[t] = -1; dropped++; }
      continue;
    }
    const l = x * 2;
    lanes[l] += e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7;
    lanes[l + 1] += o0 + o1 + o2 + o3 + o4 + o5 + o6 + o7;
    if (squaresFrom[x]! >= 0) {
      // From the eight words already loaded (measured against `addSquares` over `bases`: see the commit).
      const k = x * 3;
      squares[k] += squares8(u0, u1, u2, u3, u4, u5, u6, u7, R_SHIFT);
      squares[k + 1] += squares8(u0, u1, u2, u3, u4, u5, u6, u7, G_SHIFT);
      squares[k + 2] += squares8(u0, u1, u2, u3, u4, u5, u6, u7, B_SHIFT);
    }
    readApart[x] += BLOCK;
  }
  return dropped;
}

/**
 * The live columns as runs of consecutive ones, three ints each in `spans`: first column, end
 * (exclusive), and first column minus its position in `live` (so a column's position is `x − that`).
 * Returns how many runs.
 */
function spansOf(live: Int32Array, count: number, spans: Int32Array): number {
  let n = 0;
  let t = 0;
  while (t < count) {
    const start = live[t]!;
    let end = start + 1;
    let u = t + 1;
    while (u < count && live[u] === end) { end++; u++; }
    spans[n * 3] = start; spans[n * 3 + 1] = end; spans[n * 3 + 2] = start - t;
    n++;
    t = u;
  }
  return n;
}

/** Removes the columns marked −1 from the first `count` of `live`, keeping the order; returns how many remain. */
function withoutDropped(live: Int32Array, count: number): number {
  let kept = 0;
  for (let t = 0; t < count; t++) {
    const x = live[t]!;
    if (x >= 0) live[kept++] = x;
  }
  return kept;
}

/**
 * Adds to column `x`'s sums (and to its squares when `squared`) the copies of its `inside` word
 * that `blockMisses` passed over: every walked row from `copiesFrom[x]` to `j` that was not read
 * as something else (`readApart[x]`). Counting starts again at `j`.
 */
function flushCopies(state: SweepState, x: number, j: number, squared: boolean): void {
  const { sums, squares, inside, copiesFrom, readApart } = state;
  const count = j - copiesFrom[x]! - readApart[x]!;
  copiesFrom[x] = j;
  readApart[x] = 0;
  if (count === 0) return;
  const u = inside[x]!;
  const k = x * 3;
  const r = (u >>> R_SHIFT) & 255, g = (u >>> G_SHIFT) & 255, b = (u >>> B_SHIFT) & 255;
  sums[k] += r * count; sums[k + 1] += g * count; sums[k + 2] += b * count;
  if (squared) { squares[k] += r * r * count; squares[k + 1] += g * g * count; squares[k + 2] += b * b * count; }
}

/**
 * One block of column `x` (walked rows from `j`) read pixel by pixel: opaque pixels summed in
 * lanes, the others composited over white and summed exactly; any pixel outside the box widens
 * it. Once the column's spread exceeds SQUARES_EARLY its squares are summed from this block on
 * (`squaresFrom`). False once the column is proven content (its sums are then of no use).
 */
function sweepSlow(state: SweepState, bases: Int32Array, rows: number, x: number, j: number): boolean {
  const { data, px, box, min, max, lanes, sums, squares, squaresFrom } = state;
  const b = x * 4;
  const l = x * 2;
  const k = x * 3;
  let opaque = true;
  for (let r = 0; r < rows; r++) {
    const i = bases[r]! + x;
    const u = px[i]!;
    if ((u & ALPHA) === ALPHA) {
      lanes[l] += u & EVEN;
      lanes[l + 1] += (u >>> 8) & EVEN;
    } else {
      opaque = false;
      const q = i * 4;
      const a = data[q + 3]!;
      sums[k] += overWhite(data[q]!, a); sums[k + 1] += overWhite(data[q + 1]!, a); sums[k + 2] += overWhite(data[q + 2]!, a);
    }
    if (inBox(u, box[b]!, box[b + 1]!, box[b + 2]!, box[b + 3]!)) continue;
    if (widenColumn(data, i * 4, box, x, min, max)) return false;
  }
  if (squaresFrom[x]! < 0 && spreadAbove(min, max, x, state.squaresEarly)) {
    // The copies counted so far lie before `j`: summed now, their squares left to the catch-up.
    flushCopies(state, x, j, false);
    squaresFrom[x] = j;
  }
  state.readApart[x] += rows;
  if (squaresFrom[x]! < 0) return true;
  if (opaque) addSquares(px, bases, rows, x, squares);
  else for (let r = 0; r < rows; r++) addSquare(data, (bases[r]! + x) * 4, squares, k);
  return true;
}

/** The opaque word of the colour at `min[k…k+2]`: inside the box of that line. */
function opaqueWord(min: Uint8Array, k: number): number {
  return (min[k]! << R_SHIFT) | (min[k + 1]! << G_SHIFT) | (min[k + 2]! << B_SHIFT) | ALPHA;
}

/** True when some channel of line `x` spreads more than `limit` (max − min). */
function spreadAbove(min: Uint8Array, max: Uint8Array, x: number, limit: number): boolean {
  const k = x * 3;
  return max[k]! - min[k]! > limit || max[k + 1]! - min[k + 1]! > limit || max[k + 2]! - min[k + 2]! > limit;
}

/** Sum of the squares of the byte at `shift` of eight words. */
function squares8(u0: number, u1: number, u2: number, u3: number, u4: number, u5: number, u6: number, u7: number, shift: number): number {
  const v0 = (u0 >>> shift) & 255, v1 = (u1 >>> shift) & 255, v2 = (u2 >>> shift) & 255, v3 = (u3 >>> shift) & 255;
  const v4 = (u4 >>> shift) & 255, v5 = (u5 >>> shift) & 255, v6 = (u6 >>> shift) & 255, v7 = (u7 >>> shift) & 255;
  return v0 * v0 + v1 * v1 + v2 * v2 + v3 * v3 + v4 * v4 + v5 * v5 + v6 * v6 + v7 * v7;
}

/** Adds the squares of the opaque words at `bases[0…rows−1] + x` to column `x`'s sums of squares. */
function addSquares(px: Int32Array, bases: Int32Array, rows: number, x: number, squares: Float64Array): void {
  let r2 = 0, g2 = 0, b2 = 0;
  for (let r = 0; r < rows; r++) {
    const u = px[bases[r]! + x]!;
    const rv = LITTLE_ENDIAN ? u & 255 : u >>> 24;
    const gv = LITTLE_ENDIAN ? (u >>> 8) & 255 : (u >>> 16) & 255;
    const bv = LITTLE_ENDIAN ? (u >>> 16) & 255 : (u >>> 8) & 255;
    r2 += rv * rv; g2 += gv * gv; b2 += bv * bv;
  }
  const k = x * 3;
  squares[k] += r2; squares[k + 1] += g2; squares[k + 2] += b2;
}

/** Adds the squares of the pixel at byte `q`, composited over white, to `squares[k…k+2]`. */
function addSquare(data: Uint8Array, q: number, squares: Float64Array, k: number): void {
  let r = data[q]!, g = data[q + 1]!, b = data[q + 2]!;
  const a = data[q + 3]!;
  if (a !== 255) { r = overWhite(r, a); g = overWhite(g, a); b = overWhite(b, a); }
  squares[k] += r * r; squares[k + 1] += g * g; squares[k + 2] += b * b;
}

/** Moves the lane sums of the live columns into their exact sums and clears them. */
function flushLanes(lanes: Int32Array, live: Int32Array, liveCount: number, sums: Float64Array): void {
  for (let t = 0; t < liveCount; t++) {
    const x = live[t]!;
    addLanes(sums, x * 3, lanes[x * 2]!, lanes[x * 2 + 1]!);
    lanes[x * 2] = 0;
    lanes[x * 2 + 1] = 0;
  }
}

/**
 * The squares the sweep did not sum: for each listed column, the walked rows before
 * `squaresFrom` (where its spread first exceeded SQUARES_EARLY), added to its `sumSq`. Row-major
 * like the sweep. The columns are taken longest catch-up first, so row j visits only the prefix
 * of them that still needs it, and opaque pixels are squared from their word.
 */
function catchUpSquares(data: Uint8Array, px: Int32Array, walk: Int32Array, columns: LineStats, list: Int32Array, count: number, squaresFrom: Int32Array): void {
  const order = Int32Array.from(list.subarray(0, count)).sort((a, b) => squaresFrom[b]! - squaresFrom[a]!);
  const rows = squaresFrom[order[0]!]!;
  const squares = new Float64Array(count * 3);
  let active = count;
  for (let j = 0; j < rows; j++) {
    while (active > 0 && squaresFrom[order[active - 1]!]! <= j) active--;
    const rowBase = walk[j]!;
    for (let t = 0; t < active; t++) {
      const i = rowBase + order[t]!;
      const u = px[i]!;
      if ((u & ALPHA) !== ALPHA) {
        addSquare(data, i * 4, squares, t * 3);
        continue;
      }
      const r = (u >>> R_SHIFT) & 255, g = (u >>> G_SHIFT) & 255, b = (u >>> B_SHIFT) & 255;
      squares[t * 3] += r * r; squares[t * 3 + 1] += g * g; squares[t * 3 + 2] += b * b;
    }
  }
  for (let t = 0; t < count; t++) {
    const k = order[t]! * 3;
    for (let c = 0; c < 3; c++) columns.sumSq[k + c] += squares[t * 3 + c]!;
  }
}

/**
 * Measures rows and columns of the rectangle. Transparent pixels are composited over white first:
 * the RGB stored under alpha 0 is arbitrary (often black, often leftovers of an editor), while a
 * transparent gap is shown as the page background — white in browsers and chat clients — so a
 * transparent gutter reads as one plain colour whatever bytes hide under it.
 * Allocates O(width + height), never per pixel (plus one copy of the pixels if they are not 4-byte aligned).
 *
 * @example
 * ```ts
 * const { rows, columns } = measureLines(raster, { x: 0, y: 0, width: raster.width, height: raster.height });
 * ```
 */
export function measureLines(raster: Raster, region: Box): RegionStats {
  const px = words(raster.data);
  const uniform = new Uint8Array(region.height);
  const rows = measureRowLines(raster.data, px, raster.width, region, uniform);
  return { region, rows, columns: measureColumnLines(raster.data, px, raster.width, region, { rows, uniform }) };
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
  return { region, rows: measureRowLines(raster.data, words(raster.data), raster.width, region) };
}

/**
 * Column statistics only, each column read until it is proven content.
 *
 * @example
 * ```ts
 * const { columns } = measureColumnsOnly(raster, rowBox);
 * ```
 */
export function measureColumnsOnly(raster: Raster, region: Box): { region: Box; columns: LineStats } {
  return { region, columns: measureColumnLines(raster.data, words(raster.data), raster.width, region) };
}
