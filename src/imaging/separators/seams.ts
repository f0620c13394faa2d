/**
 * From a run of background lines to the seam inside it, if any.
 *
 * A run may hold several colours: a grey collage seam followed by the white top padding of a
 * screenshot panel, or a screenshot's blue header bar meeting its white page. The run is split into
 * one-colour sub-runs (consecutive lines whose mean colours agree within RUN_COLOUR_AGREEMENT), and
 *
 * - a single-colour run is a seam unless the content on *both* sides has its colour as background
 *   (then it is a paragraph gap inside one panel, see `background-gap.ts`);
 * - in a multi-colour run, an outer sub-run whose colour is the background of the content on its
 *   outer side is that panel's padding, not the seam; the seam spans the remaining sub-runs. A run
 *   that is all padding (header bar + page) is no seam at all.
 * - with the collage colour known, the seam is the span of the pieces of that colour and the other
 *   pieces are panel edges (a flat panel's plain border beside the seam); a run without that colour
 *   is no seam.
 */
import type { Box, Raster } from '../raster.js';
import { backgroundBeside, isGapInsidePanel } from './background-gap.js';
import { meanColour, RUN_COLOUR_AGREEMENT } from './classify.js';
import { sameColour } from './collage-colour.js';
import type { LineStats } from './line-stats.js';
import type { Interval } from './segments.js';

type Rgb = [number, number, number];

/** Splits lines [run.start, run.end) into consecutive sub-runs of one mean colour. */
export function oneColourPieces(lines: LineStats, run: Interval): Interval[] {
  const pieces: Interval[] = [];
  let start = run.start;
  let ref = meanColour(lines, start, start + 1);
  for (let i = run.start + 1; i < run.end; i++) {
    const c = meanColour(lines, i, i + 1);
    if (Math.abs(c[0] - ref[0]) > RUN_COLOUR_AGREEMENT || Math.abs(c[1] - ref[1]) > RUN_COLOUR_AGREEMENT || Math.abs(c[2] - ref[2]) > RUN_COLOUR_AGREEMENT) {
      pieces.push({ start, end: i });
      start = i;
      ref = c;
    }
  }
  pieces.push({ start, end: run.end });
  return pieces;
}

/**
 * The seam inside `run` (line indices relative to `region`), with its colour, or null when the run
 * is padding or a gap inside a panel.
 *
 * @example
 * ```ts
 * seamOfRun(raster, box, 'vertical', stats.rows, { start: 220, end: 252 }); // { start: 220, end: 228, colour: [128,128,128] }
 * ```
 */
export function seamOfRun(
  raster: Raster,
  region: Box,
  axis: 'horizontal' | 'vertical',
  lines: LineStats,
  run: Interval,
  collage?: Rgb,
): (Interval & { colour: Rgb }) | null {
  const pieces = oneColourPieces(lines, run);
  if (collage !== undefined) {
    const own = pieces.filter((p) => sameColour(meanColour(lines, p.start, p.end), collage));
    if (own.length === 0) return null;
    const seam = { start: own[0]!.start, end: own[own.length - 1]!.end };
    const colour = meanColour(lines, seam.start, seam.end);
    if (pieces.length === 1) return isGapInsidePanel(raster, region, axis, seam, colour) ? null : { ...seam, colour };
    // Beside another colour, a piece at an end of the run whose outer side has the collage colour
    // for background is a panel's padding (a page under its coloured header bar), not a seam.
    if (seam.start === run.start && backgroundBeside(raster, region, axis, run, 'before', colour)) return null;
    if (seam.end === run.end && backgroundBeside(raster, region, axis, run, 'after', colour)) return null;
    return { ...seam, colour };
  }
  if (pieces.length === 1) {
    const colour = meanColour(lines, run.start, run.end);
    return isGapInsidePanel(raster, region, axis, run, colour) ? null : { ...run, colour };
  }
  let first = 0;
  let last = pieces.length - 1;
  if (backgroundBeside(raster, region, axis, run, 'before', meanColour(lines, pieces[0]!.start, pieces[0]!.end))) first++;
  if (backgroundBeside(raster, region, axis, run, 'after', meanColour(lines, pieces[last]!.start, pieces[last]!.end))) last--;
  if (first > last) return null;
  const seam = { start: pieces[first]!.start, end: pieces[last]!.end };
  return { ...seam, colour: meanColour(lines, seam.start, seam.end) };
}
