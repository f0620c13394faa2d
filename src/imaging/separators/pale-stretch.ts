/**
 * A thin seam beside a photo's own plain stretch: under heavy JPEG a plain run many lines wide can
 * be a photo's pale backdrop (or sky, or any flat edge) ending at a 1–3 px seam of another colour,
 * the seam itself left out of the run by its colour. Cut through its middle, the run cuts the
 * photo. Where the run ends in the photo, the photo goes on past the run in nearly the run's
 * colour (it only stops being plain); at its other end lies the seam: 1–3 lines, each of one
 * colour along its length but not the run's, and past them the next photo (`seamBesideStretch`).
 * The cut moves to that seam (`withSeamsBesideStretches`).
 */
import type { Raster } from '../raster.js';
import { lineMean } from './classify.js';
import { COLLAGE_COLOUR_TOLERANCE, luma, sameColour, THIN_SEAM, type Rgb } from './collage-colour.js';
import { lineWalk, pixelDistance } from './occluded-seams.js';
import { cutOf } from './runs.js';
import type { Interval } from './segments.js';
import type { Separator, StripAxis, StripDetection } from './strips.js';

/**
 * Fewest lines of a run read as a photo's stretch beside a seam. Measured on the heavy collages
 * (1–3 px seams, q25–40) of the 180 regression batches: of 3 526 separators cut within 3 lines of
 * a painted seam, 3 504 were 1–3 lines wide, 22 were 4–9; of the 31 cut off their seam, 20 were
 * 7–68 lines wide.
 */
const STRETCH_MIN_LINES = 7;
/**
 * Most share of a line just past the run (either of the first two: the first may be the JPEG
 * blend) that differs from the run's colour (by more than COLLAGE_COLOUR_TOLERANCE) for the run to
 * go on into a photo there. Same separators: the wide ones cut off their seam read 0–0.09 on the
 * side of the photo's stretch.
 */
const STRETCH_FADE_SHARE = 0.1;
/**
 * Pixels of a seam line within this of the line's mean, per channel: the damaged-seam search's
 * measure (damaged-seams.ts: the best line of every heavy-JPEG seam keeps ≥ 96 % of its pixels
 * within 48 of the seam colour).
 */
const SEAM_LINE_TOLERANCE = 48;
/** Least share of a line within SEAM_LINE_TOLERANCE of its mean for it to be a seam's line (as above). */
const SEAM_LINE_SHARE = 0.95;
/**
 * Most share of the line past the seam within SEAM_LINE_TOLERANCE of its mean: the next photo,
 * not a flat panel or a gradient seam's shading. Measured on the wide runs with a fading end of
 * the strip plans of tuning seeds 32000–32021 (all kinds) and the regression batches' heavy
 * collages: past the seams of the heavy collages cut inside a photo, 0–0.61; past the uniform
 * line beside a flat panel's seam, a gradient seam or a captioned photo's seam, 0.75–1.
 */
const PHOTO_LINE_SHARE = 0.7;

/**
 * Mean colour of `line` (a column for `horizontal`, a row for `vertical`, across the whole picture)
 * and the share of its pixels within `tolerance` of `colour` (of its own mean when `colour` is
 * omitted), read as the line rules read a line (classify.ts's `lineMean`, occluded-seams.ts's
 * `pixelDistance`: composited over white).
 */
function readLine(raster: Raster, axis: StripAxis, line: number, colour?: Rgb, tolerance = SEAM_LINE_TOLERANCE): { mean: Rgb; share: number } {
  const length = axis === 'horizontal' ? raster.height : raster.width;
  const region = { x: 0, y: 0, width: raster.width, height: raster.height };
  const [r, g, b] = lineMean(raster, region, axis, line, 0, length);
  const mean: Rgb = [r!, g!, b!];
  const [p0, step] = lineWalk({ raster, region, axis, line, length });
  let within = 0;
  for (let t = 0, p = p0; t < length; t++, p += step) if (pixelDistance(raster.data, p, colour ?? mean) <= tolerance) within++;
  return { mean, share: within / length };
}

/**
 * The thin seam beside `run` (a separator of a strip along `axis`, STRETCH_MIN_LINES or wider)
 * when the run goes on into a photo at one end (STRETCH_FADE_SHARE) and, at the other, the first
 * or second line past it starts 1–THIN_SEAM lines of one colour that is not the run's
 * (SEAM_LINE_SHARE), followed by a photo's line (PHOTO_LINE_SHARE); else null.
 *
 * @example
 * ```ts
 * // independent seed 20028 heavy-05: columns 147–157 of a drawing's white backdrop, a 1 px black seam at 146
 * seamBesideStretch(raster, 'horizontal', { start: 147, end: 158, colour: [254, 253, 252] }); // { start: 146, end: 147, ... }
 * ```
 */
export function seamBesideStretch(raster: Raster, axis: StripAxis, run: Separator): Separator | null {
  if (run.end - run.start < STRETCH_MIN_LINES) return null;
  const count = axis === 'horizontal' ? raster.width : raster.height;
  const inside = (line: number): boolean => line >= 0 && line < count;
  const fades = (step: 1 | -1): boolean => {
    for (let k = 0; k < 2; k++) {
      const line = step > 0 ? run.end + k : run.start - 1 - k;
      if (inside(line) && 1 - readLine(raster, axis, line, run.colour, COLLAGE_COLOUR_TOLERANCE).share <= STRETCH_FADE_SHARE) return true;
    }
    return false;
  };
  const seamPast = (step: 1 | -1): Separator | null => {
    const from = step > 0 ? run.end : run.start - 1;
    for (let k = 0; k < 2; k++) {
      const first = from + step * k;
      if (!inside(first)) return null;
      const head = readLine(raster, axis, first);
      if (head.share < SEAM_LINE_SHARE || sameColour(head.mean, run.colour)) continue;
      // The seam's lines, then the next photo's first line past them.
      let lines = 1;
      for (;;) {
        const line = first + step * lines;
        if (!inside(line)) return null;
        const past = readLine(raster, axis, line);
        if (lines < THIN_SEAM && past.share >= SEAM_LINE_SHARE && sameColour(past.mean, head.mean)) lines++;
        else if (past.share < PHOTO_LINE_SHARE) break;
        else return null;
      }
      const start = step > 0 ? first : first - lines + 1;
      return { start, end: start + lines, colour: head.mean };
    }
    return null;
  };
  // The seam lies past one end, the photo's stretch goes on past the other.
  const before = seamPast(-1);
  const after = seamPast(1);
  if (before && !after && fades(1)) return before;
  if (after && !before && fades(-1)) return after;
  return null;
}

/**
 * `d` (a strip's detection) with its one separator STRETCH_MIN_LINES or wider, when every other
 * is THIN_SEAM lines at most and it is a photo's stretch beside a thin seam (`seamBesideStretch`),
 * replaced by that seam, its cut moved there; else `d` itself.
 */
export function withSeamsBesideStretches(raster: Raster, d: StripDetection): StripDetection {
  // One wide run alone or among thin seams (THIN_SEAM lines at most): where the strip's other
  // seams are wide, the wide run is one of its seams (regression batches: the 16–17 px seams of
  // flat, mix and gradient strips of 3–5 panels beside a flat panel's or a drop shadow's uniform
  // edge line; a 1x3 of 10 px gradient seams, seed 21505 gradient-06, whose other seam read 4 lines).
  const wide = d.separators.filter((s) => s.end - s.start > THIN_SEAM);
  if (wide.length !== 1 || wide[0]!.end - wide[0]!.start < STRETCH_MIN_LINES) return d;
  let moved = false;
  const separators = d.separators.map((s) => {
    const seam = seamBesideStretch(raster, d.axis, s);
    if (seam) moved = true;
    return seam ?? s;
  });
  if (!moved) return d;
  const cuts = d.segments.slice(1).map((seg) => seg.start);
  const bounds = [d.segments[0]!.start, ...cuts, d.segments[d.segments.length - 1]!.end];
  d.separators.forEach((s, k) => {
    if (separators[k] === s) return;
    // The cut of this separator: the segment bound nearest its middle.
    let nearest = 1;
    for (let i = 1; i < bounds.length - 1; i++) if (Math.abs(bounds[i]! - cutOf(s)) < Math.abs(bounds[nearest]! - cutOf(s))) nearest = i;
    bounds[nearest] = cutOf(separators[k]!);
  });
  for (let i = 1; i < bounds.length; i++) if (bounds[i]! <= bounds[i - 1]!) return d;
  const segments: Interval[] = bounds.slice(1).map((end, i) => ({ start: bounds[i]!, end }));
  return { ...d, segments, separators };
}

/**
 * Fewest lines of a stray stretch (`strayStretch`). Measured over the 180 regression batches
 * (scratch-independent-20000…22519) with runs of 7 lines and more: the 41 exact plans refused
 * had runs of 7–15 lines (gradient, mix and flat seams of 7–15 px beside a pale photo edge, but
 * one badge collage of 40), while the heavy collages cut through a panel over the 520 batches
 * had runs of 7–79 lines, 11 of 23 of 18 or more.
 */
const STRAY_MIN_LINES = 16;

/**
 * Most share of either of the two lines past a stray stretch's end (`strayStretch`) that differs
 * from the run's colour (by more than COLLAGE_COLOUR_TOLERANCE) for the run to go on into a photo
 * there: both lines, as the photo's stretch only stops being plain, not the one blended line
 * beside a painted seam. Measured on the 126 heavy collages cut through a panel over the 520
 * regression batches, runs of 7 lines and more with no other condition: 0.3 refuses 45 of them
 * (0.1: 29); 0.5 also refused an exact heavy collage of tuning seed 36007.
 */
const STRAY_FADE_SHARE = 0.3;

/**
 * Least `blockEdgeRatio` of a picture whose stray stretch (`strayStretch`) refuses its plan: a
 * heavy JPEG. Measured on tuning seeds 36000-36013: the exact plans such a run would refuse, a
 * lossless WebP mix (7 px seam), a q94 mix (16 px seam) and a q65 gradient, read 1.04-1.17; the
 * heavy collages (q25-40) cut through a panel over the regression batches read 1.12-2.45, most
 * above 1.3.
 */
const HEAVY_BLOCK_RATIO = 1.25;

/**
 * Whether `run` (a strip's separator along `axis`) is a photo's own plain stretch: STRAY_MIN_LINES
 * or wider, and past one of its ends the first two lines both keep all but STRAY_FADE_SHARE of
 * their pixels within COLLAGE_COLOUR_TOLERANCE of the run's colour (the photo goes on there).
 */
export function strayStretch(raster: Raster, axis: StripAxis, run: Separator): boolean {
  if (run.end - run.start < STRAY_MIN_LINES) return false;
  const ends = ([1, -1] as const).filter((step) => strayGoesOn(raster, axis, run, step));
  return ends.length > 0 && !paintedSeam(raster, axis, run, ends);
}

/** The first two lines past `run`'s end (`step` 1) or start (-1), within the picture. */
function linesPast(raster: Raster, axis: StripAxis, run: Separator, step: 1 | -1): number[] | undefined {
  const count = axis === 'horizontal' ? raster.width : raster.height;
  const lines = [0, 1].map((k) => (step > 0 ? run.end + k : run.start - 1 - k));
  return lines.every((line) => line >= 0 && line < count) ? lines : undefined;
}

/** Whether the photo goes on past `run`'s end or start (`strayStretch`, STRAY_FADE_SHARE). */
function strayGoesOn(raster: Raster, axis: StripAxis, run: Separator, step: 1 | -1): boolean {
  const lines = linesPast(raster, axis, run, step);
  return lines !== undefined && lines.every((line) => 1 - readLine(raster, axis, line, run.colour, COLLAGE_COLOUR_TOLERANCE).share <= STRAY_FADE_SHARE);
}

/**
 * Fewest lines of a run, every pixel of them the run's colour exactly, for it to be a painted seam
 * (`paintedSeam`). Over the 520 regression batches the two wide seams (22 and 24 px) the stray rule
 * refused held 14 such lines each; the photo stretches it refused held 0-1, or 7-31 beside a
 * photo of the run's own colour (PAINTED_SIDE_SHARE).
 */
const PAINTED_MIN_LINES = 8;

/**
 * Pixels within this of the run's colour, per channel, count as that colour in the lines past a
 * painted seam's end (`paintedSeam`): JPEG leaves a seam's plain lines within 1-2 of its colour.
 */
const PAINTED_SIDE_TOLERANCE = 3;

/**
 * Most share of a line past a painted seam's end within PAINTED_SIDE_TOLERANCE of its colour
 * (`paintedSeam`). Over the 520 regression batches the photo beside the two wide seams the stray
 * rule refused kept 0.04-0.19 of its pixels that close (a pale edge of another shade); the photo
 * stretches with 8+ exact lines it refused, 0.79-0.99 (the photo's own colour going on).
 */
const PAINTED_SIDE_SHARE = 0.5;

/**
 * Whether `run`, going on into a photo past its `ends`, is a wide painted seam beside a pale photo
 * edge rather than that photo's own plain stretch: PAINTED_MIN_LINES or more of its lines are the
 * run's colour exactly, and past each end that goes on the photo is a shade of its own (both lines
 * at most PAINTED_SIDE_SHARE within PAINTED_SIDE_TOLERANCE of the run's colour).
 */
function paintedSeam(raster: Raster, axis: StripAxis, run: Separator, ends: readonly (1 | -1)[]): boolean {
  let exact = 0;
  for (let line = run.start; line < run.end && exact < PAINTED_MIN_LINES; line++) if (readLine(raster, axis, line, run.colour, 0).share >= 1) exact++;
  if (exact < PAINTED_MIN_LINES) return false;
  return ends.every((step) => linesPast(raster, axis, run, step)!.every((line) => readLine(raster, axis, line, run.colour, PAINTED_SIDE_TOLERANCE).share <= PAINTED_SIDE_SHARE));
}

/**
 * The one separator of `d` (a strip's detection, after `withSeamsBesideStretches`) wider than
 * THIN_SEAM when it is a stray stretch (`strayStretch`) in a heavy JPEG (HEAVY_BLOCK_RATIO), else
 * undefined. Under heavy JPEG a 1-3 px seam merges with a photo's pale or flat edge into one
 * plain run whose middle lies inside the photo; when no thin seam of another colour stands beside
 * the run to move the cut to, the plan is refused. Only a run alone or among thin seams: a strip
 * of several wide seams (gradient and flat collages) has wide runs beside pale panels that are
 * its seams (tuning seeds 36000-36013: 45 such exact plans would be refused).
 */
export function strayStretchOf(raster: Raster, d: StripDetection): Separator | undefined {
  const wide = d.separators.filter((s) => s.end - s.start > THIN_SEAM);
  if (wide.length !== 1 || !strayStretch(raster, d.axis, wide[0]!)) return undefined;
  return blockEdgeRatio(raster) >= HEAVY_BLOCK_RATIO ? wide[0] : undefined;
}

/**
 * How much more luma changes across the 8-pixel grid of JPEG blocks than between the pixels
 * inside them (mean step across a block edge over mean step elsewhere, along rows and columns):
 * about 1 for a lossless or lightly compressed picture, more the harder JPEG quantised its blocks.
 */
export function blockEdgeRatio(raster: Raster): number {
  const { width, height, data } = raster;
  let edge = 0;
  let edges = 0;
  let inner = 0;
  let inners = 0;
  const at = (p: number): number => luma(data[p]!, data[p + 1]!, data[p + 2]!);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      const here = at(p);
      if (x + 1 < width) {
        const d = Math.abs(here - at(p + 4));
        if ((x & 7) === 7) (edge += d), edges++;
        else (inner += d), inners++;
      }
      if (y + 1 < height) {
        const d = Math.abs(here - at(p + width * 4));
        if ((y & 7) === 7) (edge += d), edges++;
        else (inner += d), inners++;
      }
    }
  }
  return edges === 0 || inner === 0 ? 1 : edge / edges / (inner / inners);
}
