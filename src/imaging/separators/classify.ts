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
  const { min, max, sum, sumSq } = stats;
  for (let i = 0; i < stats.count; i++) {
    const k = i * 3;
    const spread = Math.max(max[k]! - min[k]!, max[k + 1]! - min[k + 1]!, max[k + 2]! - min[k + 2]!);
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
