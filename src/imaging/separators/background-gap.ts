/**
 * Screenshots are not collages. A screenshot of text has full-length blank lines between its
 * paragraphs and text lines, and a stacked collage with a screenshot panel would be shredded into
 * paragraphs if every blank run were a seam. The rule that tells them apart:
 *
 *   A paragraph gap sits *inside* a panel whose background is the gap's own colour: the content
 *   just beyond the gap, on both sides, is mostly that colour (text is sparse ink on background).
 *   A collage seam is bordered by panels: photographs on at least one side, whose pixels next to
 *   the seam are mostly *other* colours.
 *
 * So a run is rejected when, on both sides, at least GAP_BACKGROUND_SHARE of the pixels on the lines
 * 2–4 px beyond it match the run's colour within GAP_COLOUR_TOLERANCE. Lines 2–4 rather than 1: the
 * first line beside a lossy seam is blended with it. Consequence, accepted and documented: two
 * white-background screenshots pasted with a white seam and no frame read as one screenshot — they
 * are indistinguishable from one by their pixels — so `parts` or a crop is needed there.
 */
import type { Box, Raster } from '../raster.js';
import { overWhite } from './line-stats.js';
import type { Interval } from './segments.js';

/** Share of background-coloured pixels beside a gap above which the gap is inside a panel. */
export const GAP_BACKGROUND_SHARE = 0.6;
/** Per-channel distance to the gap colour still counted as "the same background" (JPEG shifts a seam's mean by up to ~25). */
export const GAP_COLOUR_TOLERANCE = 28;
/** Distances beyond the run that are sampled: past the blended first line, still within a text line's ascender zone. */
const PROBE_DISTANCES = [2, 3, 4] as const;

/**
 * True when the content just beyond `gap` on one side (lines 2–4 past it, relative to `region`
 * along `axis`) is mostly the colour `colour`: that side is a panel whose background the gap shares.
 *
 * @example
 * ```ts
 * backgroundBeside(raster, box, 'vertical', { start: 40, end: 52 }, 'after', [255, 255, 255]);
 * ```
 */
export function backgroundBeside(
  raster: Raster,
  region: Box,
  axis: 'horizontal' | 'vertical',
  gap: Interval,
  side: 'before' | 'after',
  colour: readonly [number, number, number],
): boolean {
  const lineCount = axis === 'horizontal' ? region.width : region.height;
  const length = axis === 'horizontal' ? region.height : region.width;
  const lines = PROBE_DISTANCES.map((d) => (side === 'before' ? gap.start - d : gap.end - 1 + d)).filter((l) => l >= 0 && l < lineCount);
  const total = lines.length * length;
  if (total === 0) return false;
  // The fewest matching pixels that reach the share, found with the very comparison the share
  // test makes (matched / total ≥ GAP_BACKGROUND_SHARE), so stopping early cannot change the answer.
  let need = Math.max(0, Math.floor(GAP_BACKGROUND_SHARE * total) - 1);
  while (need / total < GAP_BACKGROUND_SHARE) need++;
  return countMatches(raster, region, axis, lines, length, colour, need, total) >= need;
}

/**
 * True when the run `gap` is bordered on both sides by content that is mostly the gap's colour —
 * a gap inside one panel, not a seam between two.
 *
 * @example
 * ```ts
 * isGapInsidePanel(raster, box, 'vertical', { start: 40, end: 52 }, [255, 255, 255]);
 * ```
 */
export function isGapInsidePanel(
  raster: Raster,
  region: Box,
  axis: 'horizontal' | 'vertical',
  gap: Interval,
  colour: readonly [number, number, number],
): boolean {
  return backgroundBeside(raster, region, axis, gap, 'before', colour) && backgroundBeside(raster, region, axis, gap, 'after', colour);
}

/**
 * Pixels matching `colour` over the given lines (all in range), composited over white like the
 * line statistics. Stops as soon as the count reaches `need`, or can no longer reach it: the
 * caller only asks whether it does (a text line's ink decides within a few hundred pixels).
 */
function countMatches(
  raster: Raster,
  region: Box,
  axis: 'horizontal' | 'vertical',
  lines: readonly number[],
  length: number,
  colour: readonly [number, number, number],
  need: number,
  total: number,
): number {
  const d = raster.data;
  const step = axis === 'horizontal' ? raster.width * 4 : 4;
  const [c0, c1, c2] = colour;
  let matched = 0;
  // Past `spare` misses the count can no longer reach `need`, whatever the pixels left hold.
  let spare = total - need;
  for (const line of lines) {
    let p = axis === 'horizontal' ? (region.y * raster.width + region.x + line) * 4 : ((region.y + line) * raster.width + region.x) * 4;
    for (let i = 0; i < length; i++, p += step) {
      let r = d[p]!, g = d[p + 1]!, b = d[p + 2]!;
      const a = d[p + 3]!;
      if (a !== 255) { r = overWhite(r, a); g = overWhite(g, a); b = overWhite(b, a); }
      if (Math.abs(r - c0) <= GAP_COLOUR_TOLERANCE && Math.abs(g - c1) <= GAP_COLOUR_TOLERANCE && Math.abs(b - c2) <= GAP_COLOUR_TOLERANCE) {
        if (++matched >= need) return matched;
      } else if (--spare < 0) return matched;
    }
  }
  return matched;
}
