/**
 * Which lines are plain background. Two tiers:
 *
 * - **plain** (the reference rule, checked over every pixel, not 256 samples): for each of R, G, B,
 *   max − min over the whole line ≤ 16. This is what a lossless collage's separator and margin are.
 * - **ringing** (lossy rescue): a line whose spread is above 16 but whose standard deviation is at
 *   most 10 in every channel and whose spread stays within 64: one colour with a minority of
 *   moderate deviations, which is what JPEG and lossy WebP leave of a thin separator. Such lines
 *   count only in *narrow* runs flanked by content, or as the same-coloured edges of a run of
 *   plain lines (see `runs.ts`) — never as margins and never as a wide band on their own, so a
 *   flat sky or a gentle gradient (wide, all "ringing") is not mistaken for a seam.
 *
 * Measured (sharp/libjpeg 4:2:0 and libwebp, five corpus photos side by side at 240 px high,
 * separators white/black/grey 128 of 2, 3 and 4 px; each figure is the *best* column of a separator,
 * as spread / standard deviation of its worst channel):
 *
 * | codec    | 2 px white        | 2 px grey         | 3–4 px, any colour |
 * |----------|-------------------|-------------------|--------------------|
 * | JPEG q50 | 26/6.9 … 37/8.9   | 48/9.1 … 39/9.6   | ≤ 34/7.6           |
 * | WebP q50 | 28/5.5 … 21/5.1   | 31/5.5 … 41/7.3   | ≤ 29/7.0           |
 * | WebP q75 | 16/4.8 … 29/8.7   | 30/4.8 … 17/4.8   | ≤ 23/6.3           |
 *
 * So at quality 50 not one column of a 2 px separator stays within the plain spread of 16 (the
 * reference finds nothing there), yet every separator keeps a column with σ ≤ 9.6 and spread ≤ 48.
 * Content columns of the same photos have σ far above 10 except where the photo itself is flat,
 * and a line with a few dark specks on white (text, a thin drawn line) fails the spread cap of 64.
 * test/separators/lossy-seams.test.ts re-checks this on every commit: 18 collages (JPEG q50 and
 * WebP q50 × seams of 2/3/4 px × white/black/grey) all split exactly, while the plain rule alone
 * splits 3 of them; each photo alone stays unsplit.
 */
import type { Box, Raster } from '../raster.js';
import type { LineStats } from './line-stats.js';

/** The reference's per-channel tolerance: absorbs the mild JPEG ringing of a quality-75+ collage. */
export const PLAIN_SPREAD = 16;

/** Largest per-channel σ of a ringing separator line: the worst measured separator needs 9.6. */
export const RINGING_STDDEV = 10;

/**
 * Largest per-channel spread of a ringing separator line: the worst measured best-column is 48;
 * 64 leaves headroom while a single black speck on white (spread 255) still counts as content.
 */
export const RINGING_SPREAD = 64;

/** Line kinds as small integers so a whole axis fits one Uint8Array (a plain object, not an enum, for Deno/esbuild). */
export const LineKind = {
  Content: 0,
  /** Every pixel within PLAIN_SPREAD per channel. */
  Plain: 1,
  /** One colour with ringing; part of a separator only in a narrow run or beside plain lines of its colour. */
  Ringing: 2,
} as const;

/**
 * Classifies every line of `stats`.
 *
 * @example
 * ```ts
 * const kinds = classifyLines(measureLines(r, box).columns); // Uint8Array of LineKind
 * ```
 */
export function classifyLines(stats: LineStats): Uint8Array {
  const kinds = new Uint8Array(stats.count);
  const n = stats.length;
  const { sum, sumSq } = stats;
  for (let i = 0; i < stats.count; i++) {
    const k = i * 3;
    const spread = lineSpread(stats, i);
    if (spread <= PLAIN_SPREAD) {
      kinds[i] = LineKind.Plain;
      continue;
    }
    // σ only for a line the spread leaves undecided: every other line is settled without it (and
    // the line statistics store sums of squares for no other line, see `line-stats.ts`).
    if (spread > RINGING_SPREAD) {
      kinds[i] = LineKind.Content;
      continue;
    }
    let variance = 0;
    for (let c = k; c < k + 3; c++) {
      const mean = sum[c]! / n;
      const v = sumSq[c]! / n - mean * mean;
      if (v > variance) variance = v;
    }
    kinds[i] = variance <= RINGING_STDDEV * RINGING_STDDEV ? LineKind.Ringing : LineKind.Content;
  }
  return kinds;
}

/**
 * Whether every pixel of lines [start, end) of `stats` equals the pixels of line `reference`,
 * itself one exact colour (min = max in every channel): drawn, not compressed, or a flat area JPEG
 * decoded exactly. Used for drawn seams (`seams.ts`, `runs.ts`) and their exact twins
 * (`exact-twins.ts`).
 *
 * @example
 * ```ts
 * exactLines(stats.columns, 349, 370, 349); // true on a 21 px seam drawn in one exact white
 * ```
 */
export function exactLines(stats: LineStats, start: number, end: number, reference: number): boolean {
  const { min, max } = stats;
  const r = reference * 3;
  for (let c = 0; c < 3; c++) if (min[r + c] !== max[r + c]) return false;
  for (let i = start; i < end; i++) {
    const k = i * 3;
    for (let c = 0; c < 3; c++) if (min[k + c] !== max[k + c] || min[k + c] !== min[r + c]) return false;
  }
  return true;
}

/**
 * The largest per-channel spread (max − min) of line `i` of `stats`: how far from one colour it is.
 *
 * @example
 * ```ts
 * lineSpread(measureLines(r, box).columns, 12) <= PLAIN_SPREAD; // column 12 is plain
 * ```
 */
export function lineSpread(stats: LineStats, i: number): number {
  const { min, max } = stats;
  const k = i * 3;
  return Math.max(max[k]! - min[k]!, max[k + 1]! - min[k + 1]!, max[k + 2]! - min[k + 2]!);
}

/** Mean colour of lines [start, end) of `stats`, rounded (the colour a separator run shows). */
export function meanColour(stats: LineStats, start: number, end: number): [number, number, number] {
  const out: [number, number, number] = [0, 0, 0];
  const pixels = (end - start) * stats.length;
  for (let c = 0; c < 3; c++) {
    let s = 0;
    for (let i = start; i < end; i++) s += stats.sum[i * 3 + c]!;
    out[c] = Math.round(s / pixels);
  }
  return out;
}

/**
 * Largest per-channel difference between the mean colours of lines that count as "one colour": a
 * seam is one colour from edge to edge, so a run whose lines change colour (a grey seam meeting a
 * screenshot's white padding, a header bar meeting a white page) is cut into one-colour pieces
 * (`seams.ts`), and ringing lines only widen a plain run when they match it (`runs.ts`). 32 covers
 * the measured JPEG q50 shift of a thin seam's edge lines (up to ~25 below white) against its centre.
 */
export const RUN_COLOUR_AGREEMENT = 32;

/**
 * How far from either end of the axis, and how wide an interior run of non-content lines, is
 * searched for lines that shade slowly along their length (see `shadeLines`). A gradient seam is
 * one colour shading along its length, ~20 levels from end to end (measured on red-team gradient
 * collages: 225–235 → 245–252, so spread 17–27 per line plus JPEG, σ 5–8: "ringing", never
 * "plain"); its seams are 3–14 px wide, up to 20 lines with JPEG's edge lines, and a seam's run
 * may hold a photo's pale edge too (rt-gradient-02 of batch A: 7 px of seam + 19 rows of a
 * yellowish photo edge = 26 lines; at 24 the run went unread and its collage lost 2 seams), so
 * SHADED_SEAM_MAX is 32; its margins, shaded too, up to 24 px plus a panel's light edge (SHADED_MARGIN_MAX). A wider
 * band of ringing lines inside the picture is a photo's flat region (sky, wall, a 40-row band of
 * gentle gradient in rules.test.ts), left as it was.
 */
export const SHADED_SEAM_MAX = 32;
export const SHADED_MARGIN_MAX = 40;

/**
 * Windows a shaded line is cut into: every stretch of 2/SHADED_WINDOWS of the line must stay
 * within PLAIN_SPREAD per channel. A ramp of 27 levels over the whole line changes by ~7 within
 * such a stretch, leaving 9 levels for JPEG noise (measured: red-team seam lines at q25–q89 read
 * 2–9 within a stretch); a flat line whose spread comes from noise or specks (a photo's sky at
 * low quality, text) keeps that spread in the stretch that holds it, and stays ringing.
 */
const SHADED_WINDOWS = 16;

/**
 * Darkest channel mean of a line that may shade: gradient seams are pale (both generators draw
 * them 225–252, tinted by at most 6). A dark photo's smooth sky shades slowly too (red-team seed
 * 467 heavy-01: teal rows (3,73,60) shading across a tree photo, taken for a seam and cut through
 * that panel); no pale rule is needed for it.
 */
export const SHADED_MIN_MEAN = 200;

/**
 * Lines at a wide run's end that may be the JPEG blend of a gradient seam with the photo beyond
 * before its shaded lines begin: ringing, yet no shading (independent seed 6308 gradient-02, q82:
 * column 960 of an 8 px seam 227→247 read 216–255 against the photo; the seam's 7 columns shaded,
 * the run of a white drawing beside them was read from that column and left as it was).
 */
const BLEND_EDGE = 2;

/**
 * Upgrades to plain the ringing lines that shade slowly along their length — within PLAIN_SPREAD
 * in every stretch of the line (SHADED_WINDOWS), with the σ cap of a ringing line bounding the
 * whole shading (σ ≤ 10: a ramp of at most ~34 levels). A line is "background" when every pixel
 * stays within 16 of the others; a separator painted as a gradient only does so locally, and is
 * otherwise treated as the plain line it is. Only lines where a separator or margin can lie are
 * read: ringing lines in interior runs of NARROW_RINGING_RUN < length ≤ SHADED_SEAM_MAX non-content
 * lines (narrower runs are separators already), up to SHADED_MARGIN_MAX non-content lines at
 * each end of the axis (margins), and the edges of wider interior runs (see `edge`). Every pixel
 * of such a line is read, until a window fails.
 *
 * `narrow`: the widest run that needs no plain line (runs.ts's NARROW_RINGING_RUN, passed in to
 * keep this module free of imports).
 */
export function shadeLines(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', lines: LineStats, kinds: Uint8Array, narrow: number): void {
  const count = kinds.length;
  const pale = (i: number): boolean => lines.sum[i * 3]! >= SHADED_MIN_MEAN * lines.length && lines.sum[i * 3 + 1]! >= SHADED_MIN_MEAN * lines.length && lines.sum[i * 3 + 2]! >= SHADED_MIN_MEAN * lines.length;
  const check = (from: number, to: number): void => {
    for (let i = from; i < to; i++) if (kinds[i] === LineKind.Ringing && pale(i) && shadesSlowly(raster, region, axis, i)) kinds[i] = LineKind.Plain;
  };
  // A wider run is a photo's pale band (sky, a page-white top), but a gradient seam may lie at its
  // edge: read inward from each end while the lines shade, and where the first line that does not
  // shade is met within SHADED_SEAM_MAX, the shaded lines are plain and that line is content (the
  // band's edge), so the seam is a run of its own and the band is not widened into it (widened, the
  // 60-row white top of gradient-seams.test.ts was cut through). Shading all the way in is a
  // hazy sky, left ringing (cut through too without that, same test file). Measured on independent seeds 1100–1115 and project seeds
  // 1150–1157: 2 more exact (gradient seams of 5 and 11 px beside white-topped photos), 0 new cuts.
  const edge = (from: number, to: number, step: 1 | -1): void => {
    const shaded: number[] = [];
    for (let i = from; i !== to; i += step) {
      if (kinds[i] === LineKind.Plain) continue;
      if (!(pale(i) && shadesSlowly(raster, region, axis, i))) {
        // The run's first line or two may be the blend with the photo beyond (BLEND_EDGE).
        if (shaded.length === 0 && (i - from) * step < BLEND_EDGE) continue;
        if (shaded.length === 0) return;
        for (const k of shaded) kinds[k] = LineKind.Plain;
        kinds[i] = LineKind.Content;
        return;
      }
      shaded.push(i);
    }
  };
  // The ends: margins.
  let head = 0;
  while (head < count && head < SHADED_MARGIN_MAX && kinds[head] !== LineKind.Content) head++;
  check(0, head);
  let tail = count;
  while (tail > head && count - tail < SHADED_MARGIN_MAX && kinds[tail - 1] !== LineKind.Content) tail--;
  check(tail, count);
  for (let i = head; i < tail; ) {
    if (kinds[i] === LineKind.Content) {
      i++;
      continue;
    }
    const start = i;
    while (i < tail && kinds[i] !== LineKind.Content) i++;
    if (start === 0 || i === count) continue;
    if (i - start > narrow && i - start <= SHADED_SEAM_MAX) check(start, i);
    else if (i - start > SHADED_SEAM_MAX) {
      edge(start, Math.min(i, start + SHADED_SEAM_MAX), 1);
      edge(i - 1, Math.max(start, i - SHADED_SEAM_MAX) - 1, -1);
    }
  }
}

/** Whether line `line` of `region` stays within PLAIN_SPREAD per channel in every window of SHADED_WINDOWS (see `shadeLines`). */
export function shadesSlowly(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', line: number): boolean {
  const d = raster.data;
  const length = axis === 'horizontal' ? region.height : region.width;
  const step = axis === 'horizontal' ? raster.width * 4 : 4;
  const p0 = axis === 'horizontal' ? (region.y * raster.width + region.x + line) * 4 : ((region.y + line) * raster.width + region.x) * 4;
  const half = Math.max(1, Math.floor(length / SHADED_WINDOWS));
  // Per stretch of `half` pixels its min and max per channel; a window is two neighbouring stretches.
  let prevLo0 = 0, prevHi0 = 0, prevLo1 = 0, prevHi1 = 0, prevLo2 = 0, prevHi2 = 0;
  let first = true;
  let p = p0;
  for (let s = 0; s < length; s += half) {
    let lo0 = 255, hi0 = 0, lo1 = 255, hi1 = 0, lo2 = 255, hi2 = 0;
    const end = Math.min(length, s + half);
    for (let i = s; i < end; i++, p += step) {
      const a = d[p + 3]!;
      const v0 = a === 255 ? d[p]! : (((d[p]! * a) / 255 + (255 - a) + 0.5) | 0);
      const v1 = a === 255 ? d[p + 1]! : (((d[p + 1]! * a) / 255 + (255 - a) + 0.5) | 0);
      const v2 = a === 255 ? d[p + 2]! : (((d[p + 2]! * a) / 255 + (255 - a) + 0.5) | 0);
      if (v0 < lo0) lo0 = v0;
      if (v0 > hi0) hi0 = v0;
      if (v1 < lo1) lo1 = v1;
      if (v1 > hi1) hi1 = v1;
      if (v2 < lo2) lo2 = v2;
      if (v2 > hi2) hi2 = v2;
    }
    const w0 = first ? hi0 - lo0 : Math.max(hi0, prevHi0) - Math.min(lo0, prevLo0);
    const w1 = first ? hi1 - lo1 : Math.max(hi1, prevHi1) - Math.min(lo1, prevLo1);
    const w2 = first ? hi2 - lo2 : Math.max(hi2, prevHi2) - Math.min(lo2, prevLo2);
    if (w0 > PLAIN_SPREAD || w1 > PLAIN_SPREAD || w2 > PLAIN_SPREAD) return false;
    prevLo0 = lo0; prevHi0 = hi0; prevLo1 = lo1; prevHi1 = hi1; prevLo2 = lo2; prevHi2 = hi2;
    first = false;
  }
  return true;
}

/**
 * Least difference (a channel) between the two ends of a line for it to shade: the ends are the
 * mean colours of its first and last eighth. A gradient seam of 10–27 levels end to end (the red
 * team's range) reads 9–24 apart, the project's 230→250 seam 17; a plain seam or a flat band, JPEG
 * noise and all, 0–2.
 */
export const SHADE_MIN = 8;

/**
 * Mean colours of the first and last eighth of line `line` of `region` (composited over white):
 * the two ends of a seam line, SHADE_MIN apart in some channel when it shades along its length.
 */
export function lineEnds(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', line: number): [number[], number[]] {
  const length = axis === 'horizontal' ? region.height : region.width;
  const eighth = Math.max(1, length >> 3);
  return [lineMean(raster, region, axis, line, 0, eighth), lineMean(raster, region, axis, line, length - eighth, length)];
}

/**
 * Mean colour of pixels [from, to) along line `line` of `region` (a column for `horizontal`, a row
 * for `vertical`, as in line statistics), composited over white.
 *
 * @example
 * ```ts
 * lineMean(raster, box, 'horizontal', 3, 0, box.height); // the mean of the box's fourth column
 * ```
 */
export function lineMean(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', line: number, from: number, to: number): number[] {
  const d = raster.data;
  const step = axis === 'horizontal' ? raster.width * 4 : 4;
  let p = axis === 'horizontal' ? ((region.y + from) * raster.width + region.x + line) * 4 : ((region.y + line) * raster.width + region.x + from) * 4;
  const sum = [0, 0, 0];
  for (let i = from; i < to; i++, p += step) {
    const a = d[p + 3]!;
    // Over white as line-stats.ts's overWhite (not imported: line-stats.ts imports this module).
    for (let c = 0; c < 3; c++) sum[c] += a === 255 ? d[p + c]! : (((d[p + c]! * a) / 255 + (255 - a) + 0.5) | 0);
  }
  return sum.map((v) => v / Math.max(1, to - from));
}

/**
 * Whether line `line` of `region` shades *evenly* along its length: its mean colour over each of
 * 8 stretches moves, in the channel that changes most, by SHADE_MIN or more from the first
 * stretch to the last, and by at most a third of that between neighbouring stretches. A painted
 * gradient moves ~1/7 of its range per stretch; a line that steps from one flat colour to another
 * (a screenshot's sidebar beside its page: 241 | 255) moves all of it within one or two stretches.
 */
export function shadesEvenly(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', line: number): boolean {
  const length = axis === 'horizontal' ? region.height : region.width;
  if (length < 16) return false;
  const means: number[][] = [];
  for (let k = 0; k < 8; k++) means.push(lineMean(raster, region, axis, line, Math.floor((k * length) / 8), Math.floor(((k + 1) * length) / 8)));
  let channel = 0;
  for (let c = 1; c < 3; c++) if (Math.abs(means[7]![c]! - means[0]![c]!) > Math.abs(means[7]![channel]! - means[0]![channel]!)) channel = c;
  const total = Math.abs(means[7]![channel]! - means[0]![channel]!);
  if (total < SHADE_MIN) return false;
  for (let k = 1; k < 8; k++) if (Math.abs(means[k]![channel]! - means[k - 1]![channel]!) > total / 3) return false;
  return true;
}
