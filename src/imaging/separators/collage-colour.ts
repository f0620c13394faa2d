/**
 * A separator belongs to the collage, not to a panel: the separators and margins of one collage
 * share one background colour (the colour the organiser filled the canvas with before pasting the
 * panels). A run of plain lines of another colour is the plain edge of a panel — a flag, an icon on
 * a solid background, a rebus — and is content: never a margin, never part of a cut.
 *
 * The colour is found from the collage itself: the separators a first pass finds on both axes are
 * grouped by colour, and the group with the most members wins. On a tie the narrower group wins:
 * a first-pass seam that swallowed a flat panel's plain edge is wider than the bare gaps (the
 * demo collage: a 10 px white seam against 58 px of green panel edge and seam together). A flat
 * panel's own plain edge is found on one side of one seam at most, while the collage colour shows
 * between every pair of panels, so the vote cannot go to a panel colour unless the panels
 * outnumber the seams — which a collage never does.
 */
import type { Separator } from './strips.js';

export type Rgb = [number, number, number];

/**
 * Per-channel distance within which two seam colours are the same collage colour. Measured: JPEG
 * q50 shifts the mean of a 2 px white seam by up to ~25 (its edge lines blend with the panels);
 * a gradient seam shading 230→250 along its length has one mean (240) on every line. 40 keeps a
 * margin over both while white (255) and light grey (200) or black and dark grey (60) stay apart.
 */
export const COLLAGE_COLOUR_TOLERANCE = 40;

/**
 * True when `a` and `b` are the same collage colour.
 *
 * @example
 * ```ts
 * sameColour([255, 255, 255], [236, 240, 238]); // true
 * ```
 */
export function sameColour(a: readonly number[], b: readonly number[], tolerance = COLLAGE_COLOUR_TOLERANCE): boolean {
  return Math.abs(a[0]! - b[0]!) <= tolerance && Math.abs(a[1]! - b[1]!) <= tolerance && Math.abs(a[2]! - b[2]!) <= tolerance;
}

/**
 * The collage colour voted by `separators` (see the module comment), or undefined when there are none.
 *
 * @example
 * ```ts
 * collageColour([{ start: 200, end: 210, colour: [255, 255, 255] }, { start: 410, end: 420, colour: [250, 252, 251] }]); // [253, 254, 253]
 * ```
 */
export function collageColour(separators: readonly Separator[]): Rgb | undefined {
  let best: { count: number; width: number; sum: Rgb } | undefined;
  for (const seed of separators) {
    const group = separators.filter((s) => sameColour(s.colour, seed.colour));
    const width = group.reduce((a, s) => a + s.end - s.start, 0);
    if (best && (group.length < best.count || (group.length === best.count && width >= best.width))) continue;
    const sum: Rgb = [0, 0, 0];
    for (const s of group) for (let c = 0; c < 3; c++) sum[c] += s.colour[c]! * (s.end - s.start);
    best = { count: group.length, width, sum };
  }
  if (!best) return undefined;
  const { sum, width } = best;
  return [Math.round(sum[0] / width), Math.round(sum[1] / width), Math.round(sum[2] / width)];
}
