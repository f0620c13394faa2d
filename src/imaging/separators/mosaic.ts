/**
 * Mosaic completion: a big photo beside a column (or over a row) of smaller ones. Its one seam
 * across the whole picture makes a strip of two parts, and the seam between the small photos,
 * which spans only their part, is no line of the whole picture, so it is never found: the two
 * small photos came out as one part (independent seed 27005 mix-01, "mosaic big right + two
 * small", 8 px white seams, JPEG q66; 27028 mix-03, big top, 4 px seams, q79).
 *
 * Each part of such a strip is planned as a picture of its own (as grid-completion.ts plans a
 * merged block), and a part that splits in two across the strip is taken when
 * - it is the only part that splits, into exactly two, each at least MIN_COMPLETED_SIDE long;
 * - its cut lies in a band of seam lines of the collage colour (`isTightLine`, as a carried grid
 *   cut is read) as wide as the strip's narrowest seam but for its two edge lines: a photo's own
 *   plain band (a horizon, a white page's rows) is seldom that even in the collage colour.
 * Only a part with such a line MIN_COMPLETED_SIDE inside it is planned (`seamAcross`).
 *
 * Measured on independent seeds 27000-27039: 27005 mix-01 split exactly, 27028 mix-03 split into
 * its three photos (its top margin is still left out, so not exact), no other plan changed.
 */
import type { Box, Raster } from '../raster.js';
import type { Rgb } from './collage-colour.js';
import { damagedSearched } from './damaged-seams.js';
import { CARRIED_SHARE, lineOf, MIN_COMPLETED_SIDE, type BlockPlan } from './grid-completion.js';
import { NEAR_SEAM_TOLERANCE, isTightLine } from './occluded-seams.js';
import type { Interval } from './segments.js';
import { readingOrder } from './grid.js';

/** Most parts of a strip read as a mosaic's: one big photo and one part of the small ones, or a row of three with one merged. */
const MOSAIC_MAX_PARTS = 3;

/**
 * The strip's parts with the one that splits across it replaced by its two halves, in reading
 * order, or null.
 *
 * @example
 * ```ts
 * completeMosaic(raster, 'horizontal', parts, separators, [255, 255, 255], (box) => planBlock(box)); // 3 boxes, or null
 * ```
 */
export function completeMosaic(raster: Raster, axis: 'horizontal' | 'vertical', parts: readonly Box[], seams: readonly Interval[], colour: Rgb, planPart: (box: Box) => BlockPlan): Box[] | null {
  if (parts.length < 2 || parts.length > MOSAIC_MAX_PARTS || seams.length !== parts.length - 1) return null;
  const width = Math.min(...seams.map((s) => s.end - s.start));
  let found: { i: number; halves: Box[] } | null = null;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (!damagedSearched(part) || !seamAcross(raster, axis, part, colour, width)) continue;
    const plan = planPart(part);
    if (!plan.ok || plan.parts.length < 2) continue;
    // Two parts, stacked across the strip (side by side for a vertical strip), filling the part.
    if (found !== null || plan.parts.length !== 2) return null;
    const [a, b] = plan.parts.map((p) => ({ ...p, x: p.x + part.x, y: p.y + part.y }));
    const across = axis === 'horizontal' ? a!.y + a!.height === b!.y : a!.x + a!.width === b!.x;
    if (!across) return null;
    const cut = axis === 'horizontal' ? b!.y : b!.x;
    const halves: Box[] = axis === 'horizontal'
      ? [{ ...part, height: cut - part.y }, { ...part, y: cut, height: part.y + part.height - cut }]
      : [{ ...part, width: cut - part.x }, { ...part, x: cut, width: part.x + part.width - cut }];
    if (halves.some((h) => Math.min(h.width, h.height) < MIN_COMPLETED_SIDE)) return null;
    if (!seamBand(raster, axis, part, cut, width, colour)) return null;
    // A band that runs on through every other part at the cut is a line of the whole picture, no
    // seam of this part alone: the plain gap under a row of captions (25032 caption-02, 17 px white
    // seams, captions above the photos: rows 28–48 white across all three parts, cut at 48).
    if (parts.every((p, j) => j === i || seamBand(raster, axis, p, cut, width, colour))) return null;
    found = { i, halves };
  }
  if (found === null) return null;
  const out = parts.flatMap((p, i) => (i === found!.i ? found!.halves : [p]));
  readingOrder(out);
  return out;
}

/**
 * Line `line` across `part` (a row for a horizontal strip's part, a column for a vertical one's) is
 * a seam line of `colour`: as grid-completion.ts reads a carried cut (CARRIED_SHARE of its pixels
 * within NEAR_SEAM_TOLERANCE).
 */
function seamLine(raster: Raster, axis: 'horizontal' | 'vertical', part: Box, colour: Rgb, line: number): boolean {
  const span = axis === 'horizontal' ? { axis: 'y' as const, from: part.x, to: part.x + part.width } : { axis: 'x' as const, from: part.y, to: part.y + part.height };
  return isTightLine(lineOf(raster, span, line), colour, NEAR_SEAM_TOLERANCE, CARRIED_SHARE);
}

/**
 * Whether the cut lies in a band of at least `width` − 2 consecutive seam lines of `colour` across
 * the part (the interior lines of a seam as wide as the strip's; JPEG blends its edge lines with
 * the photos). The band may run on into a photo's plain edge of the colour, and the part's plan
 * cuts the middle of both (27005 mix-01: rows 160–175 read as seam lines, the seam is 168–176).
 */
function seamBand(raster: Raster, axis: 'horizontal' | 'vertical', part: Box, cut: number, width: number, colour: Rgb): boolean {
  const tight = (line: number): boolean => seamLine(raster, axis, part, colour, line);
  const need = Math.max(1, width - 2);
  let start = tight(cut) ? cut : tight(cut - 1) ? cut - 1 : -1;
  if (start < 0) return false;
  let end = start + 1;
  while (end - start < need && tight(end)) end++;
  while (end - start < need && tight(start - 1)) start--;
  return end - start >= need;
}

/** Whether some line across `part`, MIN_COMPLETED_SIDE or more inside it, is a seam line of `colour`: a part without one is not planned. */
function seamAcross(raster: Raster, axis: 'horizontal' | 'vertical', part: Box, colour: Rgb, width: number): boolean {
  const [from, to] = axis === 'horizontal' ? [part.y, part.y + part.height] : [part.x, part.x + part.width];
  // A seam as wide as the strip's has a line every `step` lines (at least one line of it is read).
  const step = Math.max(1, width - 2);
  for (let line = from + MIN_COMPLETED_SIDE; line < to - MIN_COMPLETED_SIDE; line += step) {
    if (seamLine(raster, axis, part, colour, line)) return true;
  }
  return false;
}
