/**
 * Where a margin painted as a gradient ends. A canvas shading slowly along its lines (230→251 from
 * one end of each line to the other) shades every margin line alike, so a margin line's profile
 * along its length (its mean colour over each of PROFILE_STRETCHES stretches) is the picture's
 * edge line's; a panel's line is not, even a pale one. Two errors this settles, each measured on
 * independent gradient collages:
 *
 * - a panel's pale flat edge beside the margin is plain and near the margin's colour, and was
 *   read as margin (seed 26000 gradient-08, JPEG q53: a 22 px margin shading 227→252 and 10
 *   columns of a product shot's 235–239 backdrop, read as a 32 px margin): its profile is flat
 *   where the margin's climbs, 8.7–14.6 off it, while the margin's lines read within 2.1;
 * - JPEG's blocks smear a photo's colour into the margin lines next to it, which are then neither
 *   plain nor ringing, and the margin was read short (seed 26004 gradient-09, q28: a 23 px margin
 *   read as 18; seed 26007 gradient-01, q39: a 7 px margin read as none), though those lines'
 *   profiles stay within 13.1 of the edge line's, and the panel's first line is 113–152 off it.
 *
 * Measured on independent seeds 26000–26039 (with fading-seams.ts's shadedStretch): gradient
 * 345 → 360 of 400 exact, no collage lost, no cut added; validation seeds 26500–26519 178 → 182.
 */
import type { Box, Raster } from '../raster.js';
import { lineMean, SHADE_MIN, SHADED_MIN_MEAN } from './classify.js';
import { luma } from './collage-colour.js';
import type { LineStats } from './line-stats.js';

/** Stretches a line's profile is read over: 8, as `shadesEvenly` reads a gradient. */
const PROFILE_STRETCHES = 8;
/** Lines at the picture's edge whose mean profile is the margin's reference (JPEG noise averages out). */
const REFERENCE_LINES = 3;
/**
 * Largest difference (luma, any stretch) from the reference of a margin line: measured, the plain
 * margin lines of seed 26000 gradient-08 (q53) read within 2.1 of it, its pale backdrop's lines
 * 8.7–14.6.
 */
export const MARGIN_PROFILE_CLOSE = 6;
/**
 * Largest difference of a margin line JPEG smeared: measured up to 13.1 (seed 26004 gradient-09,
 * q28 4:2:0) and 9.0 (seed 26007 gradient-01, q39), while a photo's first line reads 113–152 off.
 */
export const MARGIN_PROFILE_SMEARED = 30;
/**
 * Least difference of the line that ends a margin widened over smeared lines: a photo's first line
 * reads 113–152 off the edge line; a pale photo edge 22–35 (independent seed 22003 gradient-06,
 * q59: rows 9–16 of a 220 backdrop under a 9 px margin shading 228→247), and is no smear: taken,
 * it moved that margin 3 rows into the photo.
 */
const PANEL_EDGE = 60;
/** Most lines a margin is widened over smeared lines: one JPEG block (seed 26004 gradient-09, q28: 7 lines). */
export const MARGIN_SMEAR_MAX = 8;

/** Levels a stretch's mean may step back against the ramp: strips.ts's RAMP_NOISE, JPEG's noise on such a mean. */
const RAMP_BACK = 6;
/**
 * Fewest lines of a margin's end taken for a panel's pale edge: more than a JPEG block. The margin
 * lines next to a photo read off the ramp by JPEG's smear of the photo (seed 22013 gradient-05,
 * q45: rows 9–12 of a 14 px margin 5.3–6.3 off in luma; read per channel, 3–6 such lines of 7
 * collages of seeds 26000–26039 read 6.3–15.3 off and were cut from their margins at 3); the pale
 * edge of seed 26000 gradient-08 is 10 lines.
 */
const PALE_EDGE_MIN = 9;

/** A line's (or lines') mean luma over each of PROFILE_STRETCHES stretches of its length. */
export type Profile = number[];

/**
 * A profile is read in luma: 4:2:0 JPEG keeps chroma per 16 lines, so a photo's colour tints every
 * margin line of the chroma block it shares with the photo (independent seed 22013 gradient-05,
 * q45: rows 3–13 of its 14 px top margin read up to 17 off the edge rows in a channel, within 6.3
 * in luma), while the ramp and a pale edge's flatness show in luma.
 */
export function profileOf(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', lines: readonly number[]): Profile {
  const length = axis === 'horizontal' ? region.height : region.width;
  const out: Profile = [];
  for (let k = 0; k < PROFILE_STRETCHES; k++) {
    const from = Math.floor((k * length) / PROFILE_STRETCHES);
    const to = Math.floor(((k + 1) * length) / PROFILE_STRETCHES);
    let sum = 0;
    for (const l of lines) {
      const [r, g, b] = lineMean(raster, region, axis, l, from, to);
      sum += luma(r!, g!, b!);
    }
    out.push(sum / lines.length);
  }
  return out;
}

/**
 * The mean of `profiles`, stretch by stretch: of lines' own profiles, what `profileOf` reads for
 * those lines together (the same sums in the same order), without reading their pixels again.
 *
 * @example
 * ```ts
 * meanProfile([profileOf(r, box, 'horizontal', [4]), profileOf(r, box, 'horizontal', [5])]); // profileOf(r, box, 'horizontal', [4, 5])
 * ```
 */
export function meanProfile(profiles: readonly Profile[]): Profile {
  return profiles[0]!.map((_, k) => profiles.reduce((sum, p) => sum + p[k]!, 0) / profiles.length);
}

/** Largest difference between two profiles, over their stretches. */
export function profileDistance(a: Profile, b: Profile): number {
  let worst = 0;
  for (let k = 0; k < a.length; k++) worst = Math.max(worst, Math.abs(a[k]! - b[k]!));
  return worst;
}

/** Whether a profile is a pale gradient: every stretch pale, its ends SHADE_MIN apart, and no step going back by more than noise. */
export function shadedProfile(p: Profile): boolean {
  if (!p.every((v) => v >= SHADED_MIN_MEAN)) return false;
  const total = p[p.length - 1]! - p[0]!;
  if (Math.abs(total) < SHADE_MIN) return false;
  // A painted ramp moves one way, each step a fraction of the whole (1/7 on average), give or take
  // JPEG's noise on a stretch's mean (RAMP_BACK: seed 26007 gradient-01, q39, stepped back by 4.8).
  for (let k = 1; k < p.length; k++) {
    const step = Math.sign(total) * (p[k]! - p[k - 1]!);
    if (step < -RAMP_BACK || step > Math.abs(total) / 2) return false;
  }
  return true;
}

/**
 * One end of the content (`at`: the first content line from `edge`'s side), moved to where the
 * shaded margin at `edge` (0 or count − 1) really ends, or `at` as it was (see the module comment).
 * `plain(i)`: whether line i may be margin (not content); `limit`: the farthest line the content end may move to.
 */
export function shadedMarginEnd(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', lines: LineStats, edge: number, at: number, limit: number, plain: (i: number) => boolean): number {
  const step = edge === 0 ? 1 : -1;
  if (lines.count < 2 * REFERENCE_LINES) return at;
  // From the line statistics first, no pixel read: the edge line must spread SHADE_MIN or more (a
  // flat margin cannot shade) and be pale (its sums are kept: a line spread beyond RINGING_SPREAD
  // is content, summed 0, as a photo at the picture's edge is). A flat white canvas or a collage
  // without a margin costs nothing more (bench/separators-speed.ts: reading the edge lines of
  // every pale collage cost its strip and grids 0.86–0.89x).
  const e = edge * 3;
  if ([0, 1, 2].every((c) => lines.max[e + c]! - lines.min[e + c]! < SHADE_MIN)) return at;
  if ([0, 1, 2].some((c) => lines.sum[e + c]! < SHADED_MIN_MEAN * lines.length)) return at;
  const refLines = Array.from({ length: REFERENCE_LINES }, (_, k) => edge + step * k);
  const ref = profileOf(raster, region, axis, refLines);
  if (!shadedProfile(ref)) return at;
  const off = (i: number): number => profileDistance(profileOf(raster, region, axis, [i]), ref);
  // Inside the margin: its plain lines from the first that leaves the ramp on are a panel's edge,
  // when every one of them does (else JPEG's noise, and the margin may go on beyond).
  const margin = step * (at - edge);
  if (margin > REFERENCE_LINES) {
    let i = edge + step * REFERENCE_LINES;
    while (i !== at && off(i) <= MARGIN_PROFILE_CLOSE) i += step;
    if (i !== at) {
      let k = i;
      while (k !== at && plain(k) && off(k) > MARGIN_PROFILE_CLOSE) k += step;
      if (k === at && step * (at - i) >= PALE_EDGE_MIN) return i;
    }
  }
  // Beyond it: lines JPEG smeared, up to a line that is far off (the panel's first).
  // A panel's pale edge is off it by less than a photo's first line (PANEL_EDGE), and is not taken.
  let i = at;
  for (let n = 0; n <= MARGIN_SMEAR_MAX && i !== limit; n++, i += step) {
    const d = off(i);
    if (d > MARGIN_PROFILE_SMEARED) return d > PANEL_EDGE ? i : at;
  }
  return at;
}
