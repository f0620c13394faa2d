/**
 * Seams a collage painted on a gradient shows by their ramp alone. Every rule that reads a seam's
 * colour finds a gradient seam (shading 230→250 along its length) beside a photo's pale flat
 * backdrop as one run with that backdrop, which then fades into the photo (fading-seams.ts) and is
 * dropped; with no other seam standing, no twin vouches for it (shadedTwins, ramp-seams.ts) and a
 * strip of two photos is refused as having no separators. Its lines still say what they are: each
 * shades one way along its length, pale from end to end (margin-profile.ts, `shadedProfile`), the
 * lines of the run alike, and the lines just beyond it are off that profile on both sides — a
 * backdrop is flat where the seam climbs, a photo is anything else.
 *
 * `loneRampSeams` is asked only where the plan would refuse for want of separators, and its seams
 * must divide the picture (inside ramp margins, if any) into parts of one length (`equalParts`):
 * a photo's own pale band bounded both sides is not where a collage's panels meet.
 */
import { equalParts } from './damaged-seams.js';
import { segmentsCutAt } from './grid-completion.js';
import { SHADE_MIN, SHADED_MIN_MEAN } from './classify.js';
import type { LineProfiles } from './line-profiles.js';
import { luma } from './collage-colour.js';
import type { LineStats } from './line-stats.js';
import { meanProfile, profileDistance, shadedProfile, type Profile } from './margin-profile.js';
import type { Interval } from './segments.js';

/*
 * Measured on the 89 gradient collages of independent seeds 47000–50039 and 47200–50211 (24 960
 * pictures, half and full size) that were refused for want of separators: their seams' ramp runs
 * and the photos' pale runs that pass `shadedProfile` as well.
 */
/**
 * Largest profile distance between neighbouring lines of one ramp run. JPEG's blocks shift a
 * seam's lines apart: at q35–q43 neighbouring lines of one seam read 7–15 apart (seed 48018
 * gradient-10, 47512 gradient-03), and a limit of 6 broke those seams into runs of one line.
 */
const RUN_CHAIN = 16;
/** Least profile distance from the run's of a line beyond it, one of the two beyond each end (as ramp-seams.ts's RAMP_OFF). */
const RAMP_OFF = 6;
/** Fewest lines of a seam's ramp run: the narrowest seams read 2 lines shading (3 px seams, their edge lines blended). */
const SEAM_MIN = 2;
/** Most lines of a seam's ramp run, as a share of the axis: the seams read at most 2.9 % (13 of 455 lines). */
const SEAM_MAX_SHARE = 0.04;
/**
 * Largest spread (luma, over its stretches) of a seam's line across a ramp: on the 8 grids whose
 * crossing seams this rule found, 0.0–5.8; seed 50020 gradient-05 (q30) read 4.7–11.8 and stays a
 * strip of two, as at 12 two 2x1 collages' photo lines (seeds 50603, 48501) passed for crossing seams.
 */
const CROSS_FLAT = 6;
/** Largest distance (luma) of a seam's line across a ramp from the ramp where it lies: the crossing seams read within 4.7. */
const CROSS_MATCH = 6;
/**
 * Largest distance of a seam's profile from the straight line through its ends: the seams'
 * runs read 0.0–3.2; photos' pale runs 4.5–22.5, and the runs at the middle of three app
 * screenshots, a text page and a caption collage that passed every other test 6.1–24.4.
 */
const RAMP_BEND = 4;
/**
 * Largest step back of a seam's profile against its ramp: the seam runs step back by under 1; a
 * screenshot's row over its sidebar and page (seed 48004 none-03: 243, 243, 248, 252, 248, 253,
 * 252, 255, bent 4.0) by 4.
 */
const RAMP_STEP_BACK = 2;
/** Largest profile distance from the seams' of a margin line: as MARGIN_PROFILE_CLOSE (margin-profile.ts) with room for JPEG's smear of the panel beside it. */
const MARGIN_CLOSE = 8;
/**
 * Room a sketch's tests (`mayShade`) leave for its few pixels. At 6, 77 of the 78 collages this
 * rule splits with whole profiles are split; at 8 all 78, but a screenshot's rows over its sidebar
 * and page (241 | 255, seed 48004 none-03 and the 1920x1080 bench screenshot) pass too and are
 * read whole: 580 rows, a refusal's time three times over.
 */
const SKETCH_SLACK = 6;
/** The step back `shadedProfile` allows (margin-profile.ts's RAMP_BACK). */
const SKETCH_BACK = 6;
/**
 * Most pixels the whole profiles of the lines whose sketches may shade may cost. In the gradient
 * collages this rule split on the tuning set those lines held at most 0.62 MP on an axis; in the
 * speed bench's 25 MP and 12 MP photos, whose columns shade along a pale sky, 8.6 and 4.1 MP,
 * read for nothing (the 25 MP refusal took 154 ms of CPU instead of 22). A picture with that much
 * pale shading is a photo or a page, not panels on a gradient canvas.
 */
const RAMP_READ_BUDGET = 2_000_000;
/** Rounding room for a mean read from sums. */
const EPSILON = 1e-6;
/** Largest distance between the profiles of two seams of one canvas (as ramp-seams.ts's RAMP_SEAMS_AGREE). */
const SEAMS_AGREE = 6;

/**
 * Which lines of `lines` (the line statistics of one axis, line-stats.ts) may shade as a seam's
 * ramp does: not content (their sums exact), pale on average (every stretch of a ramp is) and
 * spread by SHADE_MIN or more in some channel (a ramp's ends are SHADE_MIN apart in luma, which no
 * line spread less in every channel shows). Its statistics already read, a picture pays for the
 * ramp search only on such lines: without this, the refusals of the speed bench's 25 MP photo and
 * noise took 170 and 8.2 ms of CPU instead of 23 and 2.1, a sketch or a profile read on every line;
 * with it, one of the 77 collages this rule split on the tuning set (a seam line read as content)
 * is refused again.
 *
 * @example
 * ```ts
 * lineProfiles(raster, 'horizontal', mayRamp(measureLines(raster, whole).columns));
 * ```
 */
export function mayRamp(lines: LineStats): (line: number) => boolean {
  return (line) => {
    const k = line * 3;
    const [r, g, b] = [lines.sum[k]! / lines.length, lines.sum[k + 1]! / lines.length, lines.sum[k + 2]! / lines.length];
    if (luma(r, g, b) < SHADED_MIN_MEAN - EPSILON) return false;
    return Math.max(lines.max[k]! - lines.min[k]!, lines.max[k + 1]! - lines.min[k + 1]!, lines.max[k + 2]! - lines.min[k + 2]!) >= SHADE_MIN;
  };
}

/** Lone ramp seams along one axis: the segments they cut and their shared ramp. */
export interface RampStrip {
  /** The parts along the axis, margins at its ends left out. */
  segments: Interval[];
  /** The seams' mean profile along their length (margin-profile.ts). */
  ramp: Profile;
}

/**
 * The lone ramp seams among `lines` (one axis of a picture; see the module comment), or null
 * when there is none, they shade apart, or the parts they cut are not of one length.
 *
 * @example
 * ```ts
 * loneRampSeams(lineProfiles(raster, 'vertical'))?.segments; // [{ start: 0, end: 378 }, { start: 378, end: 757 }]
 * ```
 */
export function loneRampSeams(lines: LineProfiles): RampStrip | null {
  const { count } = lines;
  const widest = Math.max(SEAM_MIN, Math.round(count * SEAM_MAX_SHARE));
  // Its sketch tells a line that cannot shade as `shadedProfile` asks without reading all of it.
  const sketched = new Uint8Array(count);
  let reads = 0;
  for (let l = 0; l < count; l++) if (lines.may(l) && mayShade(lines.sketch(l))) (sketched[l] = 1), (reads += lines.length);
  if (reads > RAMP_READ_BUDGET) return null;
  const ramps = (l: number): boolean => sketched[l] === 1 && shadedProfile(lines.profile(l));
  const runs: { run: Interval; profile: Profile }[] = [];
  for (let l = 0; l < count; l++) {
    if (!ramps(l)) continue;
    const start = l;
    while (l + 1 < count && ramps(l + 1) && profileDistance(lines.profile(l + 1), lines.profile(l)) <= RUN_CHAIN) l++;
    const run = { start, end: l + 1 };
    runs.push({ run, profile: lines.meanOf(run) });
  }
  const off = (line: number, p: Profile): boolean => line >= 0 && line < count && profileDistance(lines.profile(line), p) > RAMP_OFF;
  const bounded = ({ run, profile }: { run: Interval; profile: Profile }): boolean =>
    (off(run.start - 1, profile) || off(run.start - 2, profile)) && (off(run.end, profile) || off(run.end + 1, profile));
  const seams = runs.filter((r) => evenRamp(r.profile) && r.run.start > 0 && r.run.end < count && r.run.end - r.run.start >= SEAM_MIN && r.run.end - r.run.start <= widest && bounded(r));
  if (seams.length === 0) return null;
  const ramp = meanProfile(seams.map((s) => s.profile));
  if (seams.some((s) => profileDistance(s.profile, ramp) > SEAMS_AGREE)) return null;
  // Margins: the lines from each end of the picture shading as the seams do.
  const segments = equalSegments(count, seams.map((s) => s.run), (line) => profileDistance(lines.profile(line), ramp) <= MARGIN_CLOSE);
  return segments && { segments, ramp };
}

/**
 * The seams among `lines`, the axis across a lone ramp `strip`'s: on a canvas painted as a
 * gradient, a seam across the ramp is flat, of the canvas's colour where it lies (`strip.ramp`
 * read at its place). The segments they cut, margins at the ends left out: one
 * segment when there is no such seam; null when the seams found cut parts of unequal length.
 *
 * @example
 * ```ts
 * crossRampSeams(lineProfiles(raster, 'vertical'), loneRampSeams(lineProfiles(raster, 'horizontal'))!); // [{ start: 0, end: 396 }, { start: 396, end: 792 }]
 * ```
 */
export function crossRampSeams(lines: LineProfiles, strip: RampStrip): Interval[] | null {
  const { count } = lines;
  const stretch = count / strip.ramp.length;
  // The canvas's luma at line l: the ramp read between the middles of its stretches.
  const canvasAt = (l: number): number => {
    const k = Math.min(strip.ramp.length - 1, Math.max(0, (l + 0.5) / stretch - 0.5));
    const lo = Math.floor(k);
    const hi = Math.min(strip.ramp.length - 1, lo + 1);
    return strip.ramp[lo]! + (strip.ramp[hi]! - strip.ramp[lo]!) * (k - lo);
  };
  const canvas: boolean[] = [];
  for (let l = 0; l < count; l++) {
    const p = lines.profile(l);
    const mean = p.reduce((a, b) => a + b, 0) / p.length;
    canvas.push(Math.max(...p) - Math.min(...p) <= CROSS_FLAT && Math.abs(mean - canvasAt(l)) <= CROSS_MATCH);
  }
  const inside = insideMargins(count, (line) => canvas[line]!);
  const seams: Interval[] = [];
  for (let l = inside.start; l < inside.end; l++) {
    if (!canvas[l]) continue;
    const start = l;
    while (l + 1 < inside.end && canvas[l + 1]) l++;
    if (l + 1 - start >= SEAM_MIN) seams.push({ start, end: l + 1 });
  }
  if (seams.length === 0) return [inside];
  return equalSegments(count, seams, (line) => canvas[line]!);
}

/** The lines between the margins at the ends of `count` lines: those from each end that `margin` accepts. */
function insideMargins(count: number, margin: (line: number) => boolean): Interval {
  let start = 0;
  while (start < count && margin(start)) start++;
  let end = count;
  while (end > start && margin(end - 1)) end--;
  return { start, end };
}

/**
 * The segments `seams` cut (through their middles) between the margins at the ends of `count`
 * lines (`insideMargins`), when they are of one length (`equalParts`); else null.
 */
function equalSegments(count: number, seams: readonly Interval[], margin: (line: number) => boolean): Interval[] | null {
  const inside = insideMargins(count, margin);
  if (seams.some((s) => s.start < inside.start || s.end > inside.end)) return null;
  if (!equalParts(seams.map((s) => ({ start: s.start - inside.start, end: s.end - inside.start })), inside.end - inside.start)) return null;
  return segmentsCutAt([inside], seams.map((s) => s.start + ((s.end - s.start) >> 1)));
}

/**
 * Whether a line's sketch (line-profiles.ts) may be of a line whose profile passes `shadedProfile`:
 * its tests, each with SKETCH_SLACK of room for the few pixels a sketch reads.
 */
function mayShade(s: ArrayLike<number>): boolean {
  const last = s.length - 1;
  const total = s[last]! - s[0]!;
  if (Math.abs(total) < SHADE_MIN - SKETCH_SLACK) return false;
  const sign = Math.sign(total);
  for (let k = 0; k <= last; k++) {
    if (s[k]! < SHADED_MIN_MEAN - SKETCH_SLACK) return false;
    const step = k === 0 ? 0 : sign * (s[k]! - s[k - 1]!);
    if (step < -(SKETCH_BACK + SKETCH_SLACK) || step > Math.abs(total) / 2 + SKETCH_SLACK) return false;
  }
  return true;
}

/**
 * Whether a profile climbs (or falls) along a straight line: no stretch off it by more than
 * RAMP_BEND, and no step back by more than RAMP_STEP_BACK.
 */
function evenRamp(p: Profile): boolean {
  if (rampBend(p) > RAMP_BEND) return false;
  const sign = Math.sign(p[p.length - 1]! - p[0]!);
  for (let k = 1; k < p.length; k++) if (sign * (p[k - 1]! - p[k]!) > RAMP_STEP_BACK) return false;
  return true;
}

/** The largest distance of a stretch of `p` from the straight line through its ends. */
function rampBend(p: Profile): number {
  const last = p.length - 1;
  let worst = 0;
  for (let k = 1; k < last; k++) worst = Math.max(worst, Math.abs(p[k]! - (p[0]! + ((p[last]! - p[0]!) * k) / last)));
  return worst;
}
