/**
 * A gradient seam merged with a panel's flat edge. In a collage whose seams shade along their
 * length (a gradient canvas), a seam beside a photo's pale flat backdrop or a drawing's white page
 * makes one plain run of both: the run's lines on the seam's side shade evenly, the panel's are
 * flat. Cut through the run's middle, the plan cuts the panel. Where the collage's seams or its
 * margins shade evenly, its seams are the shading lines: a cut on a flat line, in a run whose
 * lines shade from one end to within a few lines of it, moves to the middle of those shading
 * lines (`withShadedSeams`).
 *
 * Measured on main's plans of the 520 regression batches (41 600 pictures): 11 pictures no longer
 * cut (6 of them now exact), 2 more with one of their two wrong cuts moved onto its seam; none
 * lost, no cut added. Without `flatAlong` the rule moved cuts that lay on a seam whose lines JPEG
 * (q27–q61) kept from shading evenly: 7 exact pictures lost, 2 cut (a 3–4 px seam's cut moved
 * 15–27 lines into a photo's shaded edge).
 */
import type { Box, Raster } from '../raster.js';
import { cutsOf, type Cut } from './badges.js';
import { classifyLines, LineKind, lineMean, SHADE_MIN } from './classify.js';
import { luma } from './collage-colour.js';
import { measureColumnsOnly, measureRows } from './line-stats.js';

/**
 * Fewest flat lines between a cut and the shading lines for the cut to move. With the cut line
 * itself next to the shading lines (as JPEG smears a seam's middle lines flat), the rule moved 3
 * cuts that lay inside their seam by 2–8 lines and lost those exact pictures (independent seeds
 * 24035 gradient-05, 26008 gradient-03, 26032 gradient-01); every cut it took off a panel had 2
 * or more flat lines between.
 */
const OFF_SEAM_LINES = 2;
/** Narrowest part a move may leave (segments.ts folds parts under 8 px into a neighbour). */
const MIN_MOVED_PART = 8;

/**
 * Fewest lines of a run for the rule: a seam's shading lines, OFF_SEAM_LINES flat ones and the
 * cut. Of the 57 wrong cuts in the 46 gradient pictures main cut over the 520 batches, 43 lay in
 * runs of 6 lines or more.
 */
const SHADED_RUN_MIN = 6;

/**
 * Stretches a line is read in, and the largest share of its end-to-end change one step between
 * neighbouring stretches may take for the line to shade evenly. classify.ts's shadesEvenly reads
 * the channel that changes most and allows a third; under JPEG q31 4:2:0 chroma noise moved a
 * 10 px gradient seam's red by 10 of 22 in one step (independent seed 20005 gradient-08), its luma
 * by at most 5.5 of 22, while the flat backdrop beside it (232 over the photo, the gradient in the
 * margins above and below) steps 11 of 15 at the margin.
 */
const SHADE_STRETCHES = 8;
const SHADE_STEP_SHARE = 0.5;
/** Luma a stretch may move back against the line's direction (JPEG noise on a gradient seam). */
const SHADE_BACKSTEP = 2;

/**
 * The luma of line `line` of `span` over SHADE_STRETCHES equal stretches of its length, or null
 * when the line is too short to read so.
 */
function stretchLumas(raster: Raster, span: Box, axis: 'horizontal' | 'vertical', line: number): number[] | null {
  const length = axis === 'horizontal' ? span.height : span.width;
  if (length < 2 * SHADE_STRETCHES) return null;
  const lumas: number[] = [];
  for (let k = 0; k < SHADE_STRETCHES; k++) {
    const [r, g, b] = lineMean(raster, span, axis, line, Math.floor((k * length) / SHADE_STRETCHES), Math.floor(((k + 1) * length) / SHADE_STRETCHES));
    lumas.push(luma(r!, g!, b!));
  }
  return lumas;
}

/** Whether a line whose stretches read `lumas` (`stretchLumas`) shades evenly along its length (see above). */
function shadesEvenly(lumas: readonly number[] | null): boolean {
  if (!lumas) return false;
  const total = lumas[SHADE_STRETCHES - 1]! - lumas[0]!;
  if (Math.abs(total) < SHADE_MIN) return false;
  const sign = Math.sign(total);
  for (let k = 1; k < SHADE_STRETCHES; k++) {
    const step = sign * (lumas[k]! - lumas[k - 1]!);
    if (step < -SHADE_BACKSTEP || step > SHADE_STEP_SHARE * Math.abs(total)) return false;
  }
  return true;
}

/**
 * Whether a line whose stretches read `lumas` (`stretchLumas`) is flat along its length: its
 * stretches but the two end ones (a gradient margin may cross those) within SHADE_MIN. A panel's
 * flat edge is (20005 gradient-08: 232 on every stretch between the margins); a gradient seam's
 * line that JPEG noise kept from shading evenly still changes by about 3/4 of its 15–25 levels there.
 */
function flatAlong(lumas: readonly number[] | null): boolean {
  if (!lumas) return false;
  const inner = lumas.slice(1, SHADE_STRETCHES - 1);
  return Math.max(...inner) - Math.min(...inner) < SHADE_MIN;
}

/** The run of lines that are not content around `cut` (across its stretch). */
function plainRunAround(raster: Raster, cut: Cut): [number, number] {
  const span = spanOf(raster, cut);
  const kinds = classifyLines(cut.axis === 'x' ? measureColumnsOnly(raster, span).columns : measureRows(raster, span).rows);
  let lo = cut.at;
  let hi = cut.at;
  while (lo > 0 && kinds[lo - 1] !== LineKind.Content) lo--;
  while (hi < kinds.length && kinds[hi] !== LineKind.Content) hi++;
  return [lo, hi];
}

/** The box of the lines across `cut`, over its stretch. */
function spanOf(raster: Raster, cut: Cut): Box {
  return cut.axis === 'x' ? { x: 0, y: cut.from, width: raster.width, height: cut.to - cut.from } : { x: cut.from, y: 0, width: cut.to - cut.from, height: raster.height };
}

/**
 * `parts` (a detected strip along `axis`) with each cut moved to the shading lines of its run
 * when the collage's seams shade (see above); else `parts` itself.
 */
export function withShadedSeams(raster: Raster, axis: 'horizontal' | 'vertical', parts: readonly Box[]): Box[] {
  const cuts = cutsOf(parts);
  if (cuts.length === 0) return [...parts];
  const lumasAt = (cut: Cut, line: number): number[] | null => stretchLumas(raster, spanOf(raster, cut), axis, line);
  const shades = (cut: Cut, line: number): boolean => shadesEvenly(lumasAt(cut, line));
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  const [start, end, count] = axis === 'horizontal' ? [first.x, last.x + last.width, raster.width] : [first.y, last.y + last.height, raster.height];
  // The collage's seams shade: a cut's line, or a margin line (read first: most collages have
  // none, and the rule reads nothing more).
  // Each cut's own line is read once, for the witness and for its move.
  const atCuts = cuts.map((cut) => lumasAt(cut, cut.at));
  const any = cuts[0]!;
  const witness = atCuts.some(shadesEvenly) || (start > 0 && shades(any, start >> 1)) || (end < count && shades(any, (end + count) >> 1));
  if (!witness) return [...parts];
  const moved = cuts.map((cut, i) => {
    const atCut = atCuts[i] ?? null;
    if (shadesEvenly(atCut) || !flatAlong(atCut)) return cut.at;
    const [lo, hi] = plainRunAround(raster, cut);
    if (hi - lo < SHADED_RUN_MIN) return cut.at;
    // The shading lines from each end of the run inward.
    let a = lo;
    while (a < cut.at && shades(cut, a)) a++;
    let b = hi;
    while (b > cut.at && shades(cut, b - 1)) b--;
    const fromStart = a - lo;
    const fromEnd = hi - b;
    if ((fromStart > 0) === (fromEnd > 0)) return cut.at;
    // A cut next to the shading lines is at the seam's edge already (JPEG smears a seam's last
    // lines flat): only one with flat lines between is off the seam.
    if ((fromStart > 0 ? cut.at - a : b - cut.at) < OFF_SEAM_LINES) return cut.at;
    return fromStart > 0 ? (lo + a) >> 1 : (b + hi) >> 1;
  });
  if (moved.every((m, i) => m === cuts[i]!.at)) return [...parts];
  const bounds = [start, ...moved, end];
  for (let i = 1; i < bounds.length; i++) if (bounds[i]! - bounds[i - 1]! < MIN_MOVED_PART) return [...parts];
  return parts.map((p, i) => (axis === 'horizontal' ? { ...p, x: bounds[i]!, width: bounds[i + 1]! - bounds[i]! } : { ...p, y: bounds[i]!, height: bounds[i + 1]! - bounds[i]! }));
}
