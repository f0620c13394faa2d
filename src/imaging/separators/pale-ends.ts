/**
 * A pale panel at an end of a strip: its own background reads as more margin.
 *
 * The margins of a strip are trimmed off its end parts as lines of the collage colour. A panel
 * whose edge is that colour too (a white drawing's page beside a white canvas, a pale backdrop
 * beside a pale gradient) loses its blank edge with the margin, so that end's margin reads wider
 * than the other end's, and the end part shorter. Where the end parts come out the same length
 * once that margin is read as wide as the other end's, the panels are of one size and the extra
 * lines were the panel's: the end part keeps them. Only the outer edge of an end part moves, so no
 * cut between parts changes.
 *
 * Measured on the 180 regression batches (seeds 20000–22519, 14 400 pictures): the generated
 * side-by-side strips all have equal margins at their two ends. Of the detected side-by-side strips
 * whose end margins differ by more than MARGIN_SLACK, 62 come out with end parts of one length once
 * the wider margin is read as the narrower: 31 became exact (12 caption, 13 gradient, 5 mix, 1 heavy;
 * 20 hold the white drawing, 12 the sweater photo on its grey backdrop), 11 were exact and stay so,
 * none was lost.
 * Where a drop shadow past one end narrows that margin (8 and 2 lines, independent seed 20010
 * mix-01), the end parts differ by the shadow, and nothing moves.
 */
import type { Box } from '../raster.js';

/** Margins this close are one margin read through JPEG (a lossy edge line either side); the 31 gained differ by 7 or more. */
const MARGIN_SLACK = 2;
/**
 * End parts this close in length are one panel size: a seam of odd width splits 1 line unevenly.
 * On the regression batches 0 gains 12, 1 gains 31, 2 gains 35, 3 loses 3 (drop-shadow mixes).
 */
const END_LENGTH_SLACK = 1;

/**
 * The parts of a side-by-side strip (in a picture `span` pixels wide)
 * with a wider end margin narrowed to the other end's, when that makes the end parts one length;
 * else the parts as given.
 *
 * @example
 * ```ts
 * evenEndMargins([{ x: 26, y: 0, width: 149, height: 349 }, { x: 175, y: 0, width: 168, height: 349 }, { x: 343, y: 0, width: 164, height: 349 }], 519);
 * // first part from x 12, width 163
 * ```
 */
export function evenEndMargins(parts: Box[], span: number, slack = MARGIN_SLACK): Box[] {
  if (parts.length < 2) return parts;
  const first = parts[0]!;
  // Side by side: one row of parts, each starting where the one before ends.
  if (!parts.every((p, k) => p.y === first.y && p.height === first.height && (k === 0 || p.x === parts[k - 1]!.x + parts[k - 1]!.width))) return parts;
  const last = parts[parts.length - 1]!;
  const lead = first.x;
  const trail = span - last.x - last.width;
  if (Math.abs(lead - trail) <= slack) return parts;
  if (Math.abs(first.width + lead - (last.width + trail)) > END_LENGTH_SLACK) return parts;
  const margin = Math.min(lead, trail);
  const out = parts.map((p) => ({ ...p }));
  const head = out[0]!;
  const tail = out[out.length - 1]!;
  head.width += head.x - margin;
  head.x = margin;
  tail.width = span - margin - tail.x;
  return out;
}

/**
 * Margins of a stacked strip this close are left: a gradient seam's pale end beside JPEG read 2 and
 * 5 lines for a margin of 6 (independent seed 20009 gradient-08), and went wrong by the other end.
 */
const STACKED_MARGIN_SLACK = 3;

/**
 * `evenEndMargins` for a stacked strip (parts one above the other in a picture `span` pixels
 * tall), asked only of one without captions: a caption band over its photo widens that end's
 * margin by its own blank lines (independent seed 22507 caption-06: 32 and 23 lines, truly 32 and 26).
 * Measured on the regression batches after the side-by-side rule: 16 more exact (15 gradient,
 * 1 badge), none lost. Not asked inside a frame (plan.ts): there a JPEG frame's tinted lines set
 * aside unevenly make the narrower margin the wrong one (frame.test.ts, 4:2:0 orange frame).
 */
export function evenStackedEndMargins(parts: Box[], span: number): Box[] {
  const turn = (b: Box): Box => ({ x: b.y, y: b.x, width: b.height, height: b.width });
  const turned = parts.map(turn);
  const even = evenEndMargins(turned, span, STACKED_MARGIN_SLACK);
  return even === turned ? parts : even.map(turn);
}
