/**
 * A heavy-JPEG grid whose seams across one axis no pass found: the strip of the other axis stands
 * (its seams found, often only by the damaged-seam rules), and each of its parts is crossed at the
 * same line by a 1–3 px seam of the strip's seams' luma. 4:2:0 takes a thin seam's chroma, so a
 * blue, red or grey seam keeps only its luma, and along a whole line that luma is shared by enough
 * of the photos it crosses (and lost where the seam blends into them) for `lumaSeams`
 * (damaged-seams.ts) to miss it; read part by part against the luma the found seams show, it
 * stands in every part. Asked by `planIn` (plan.ts) of a strip whose other axis has no seam.
 */
import type { Box, Raster } from '../raster.js';
import { THIN_SEAM, type Rgb } from './collage-colour.js';
import { equalParts, medianLuma, pixelLuma } from './damaged-seams.js';
import { MAX_GRID_PANELS } from './grid.js';
import { lineWalk } from './occluded-seams.js';
import type { Interval } from './segments.js';
import type { Separator, StripAxis, StripDetection } from './strips.js';

/** A pixel is of the seams' luma within this many levels (LUMA_TOLERANCE of damaged-seams.ts). */
const CROSSING_LUMA_TOLERANCE = 16;
/**
 * Least share of a line's pixels within CROSSING_LUMA_TOLERANCE of the strip's seams' luma inside
 * each part of the strip it crosses. Measured on the 47 heavy grids of the 520 regression batches
 * (scratch-independent-20000…28519) planned as a strip of one axis, and 2 of tuning seeds
 * 39000–39039: the true crossing seam's best line keeps 0.59–0.98 in its worst part (one, seed
 * 21007 heavy-09, 0.02: missed); every other line of those pictures at most 0.49 in its worst
 * part, but for a flat band of the seams' luma through every part (0.84–1.00, 3 pictures), which
 * the side and equal-parts tests keep out.
 */
const CROSSING_PART_SHARE = 0.6;
/** Lines kept out of each part at both ends when it is read: the strip's seam and its blended edges (THIN_SEAM). */
const PART_EDGE = THIN_SEAM;
/**
 * Least share of a line beside the seam off its luma, on each side one of the two lines beyond:
 * the panels on both sides differ from a seam; a flat band does not end so. The lines beside the
 * true seams above keep 0.00–0.67 of the seam's luma (a 1 px seam's chroma block blends it into
 * the line beside); at 0.5 (LUMA_OFF_SHARE of damaged-seams.ts) regression seeds 21502 heavy-04
 * (0.63) and 24001 heavy-06 (0.65) were missed.
 */
const CROSSING_OFF_SHARE = 0.3;
/** Most parts the crossing seams may divide their axis into: heavy-JPEG grids are 2 or 3 panels along an axis (LUMA_MAX_PARTS of damaged-seams.ts allows 5 for strips). */
const CROSSING_MAX_PARTS = 4;
/** Lines at each end where a run is a margin's edge, not a seam: the widest heavy margin with its blended line (LUMA_MARGIN_MAX + THIN_SEAM of damaged-seams.ts). */
const CROSSING_EDGE_ZONE = 13;

/** The whole picture as a region: the lines read here run its full width or height. */
const whole = (raster: Raster): Box => ({ x: 0, y: 0, width: raster.width, height: raster.height });

/** Start byte and step of line `line` of the whole picture along `axis` (a column for 'horizontal'). */
function walk(raster: Raster, axis: StripAxis, line: number): [number, number] {
  return lineWalk({ raster, region: whole(raster), axis, line, length: 0 });
}

/** Share of the pixels of `line` (along `axis`) from `from` to `to` within CROSSING_LUMA_TOLERANCE of `m`. */
function share(raster: Raster, axis: StripAxis, line: number, from: number, to: number, m: number): number {
  if (to <= from) return 0;
  const [p0, step] = walk(raster, axis, line);
  const d = raster.data;
  let hits = 0;
  for (let t = from, p = p0 + from * step; t < to; t++, p += step) if (Math.abs(pixelLuma(d, p) - m) <= CROSSING_LUMA_TOLERANCE) hits++;
  return hits / (to - from);
}

/**
 * The luma of seam `s` along `axis` (lines `length` long): the median of its line most within
 * CROSSING_LUMA_TOLERANCE of its own median. A worn seam's interval may hold a blended line beside
 * the seam (regression seed 20030 heavy-08: a 1 px red seam, luma 76, read at its interval's
 * middle line 190).
 */
function seamLuma(raster: Raster, axis: StripAxis, s: Separator, length: number): number {
  let best = { share: -1, m: 0 };
  for (let l = s.start; l < s.end; l++) {
    const m = medianLuma(raster, whole(raster), axis, l, length);
    const own = share(raster, axis, l, 0, length, m);
    if (own > best.share) best = { share: own, m };
  }
  return best.m;
}

/**
 * The seams along `axis` (lines of `count`, each `length` long) crossing every part of `parts`
 * (intervals along the lines) in the luma `m`: runs of at most THIN_SEAM lines each keeping
 * CROSSING_PART_SHARE of every part in that luma, off it on both sides (CROSSING_OFF_SHARE),
 * together dividing the axis into 2–CROSSING_MAX_PARTS equal parts (`equalParts`); null unless
 * every such run fits.
 */
function seamsAcross(raster: Raster, axis: StripAxis, count: number, length: number, parts: readonly Interval[], m: number): Interval[] | null {
  const passes = (l: number): boolean => parts.every((p) => share(raster, axis, l, p.start + PART_EDGE, p.end - PART_EDGE, m) >= CROSSING_PART_SHARE);
  const off = (l: number): boolean => l >= 0 && l < count && 1 - share(raster, axis, l, 0, length, m) >= CROSSING_OFF_SHARE;
  const found: Interval[] = [];
  for (let l = CROSSING_EDGE_ZONE; l < count - CROSSING_EDGE_ZONE; ) {
    if (!passes(l)) {
      l++;
      continue;
    }
    const start = l;
    while (l < count && passes(l)) l++;
    const end = l;
    if (end - start > THIN_SEAM || end > count - CROSSING_EDGE_ZONE) continue;
    if (!(off(start - 1) || off(start - 2)) || !(off(end) || off(end + 1))) continue;
    found.push({ start, end });
  }
  if (found.length === 0 || found.length + 1 > CROSSING_MAX_PARTS || !equalParts(found, count)) return null;
  return found;
}

/**
 * The cells of a grid whose seams across one axis (`b`, no seam found) cross every part of the
 * other axis's strip (`a`, seams found, no caption, not refused by `unequal`) in the luma its seams
 * show (`seamsAcross`), with `b`'s margins and cuts from `again` (a detection along `b` given
 * those seams as worn ones of the collage colour); else null. Independent seed 39000 heavy-10: a
 * 2x2 of 1 px blue (30,60,190) seams in a 4 px margin, JPEG q31 resaved q26, its column seam read
 * (63,63,78), luma 66 like the rows' seam but 0.92 of its 371 px within 16 of it and no chroma
 * left: planned as 2 stacked parts. Tuning seeds 39000–39039: heavy 340 → 345 of 400 (cuts 13 →
 * 11), badge 332 → 333, none lost; the 180 regression batches: 13 327 → 13 345 exact, 111 → 109
 * with a cut, none lost, no cut added.
 */
export function crossingSeams(
  raster: Raster,
  h: StripDetection,
  v: StripDetection,
  colour: Rgb,
  unequal: (d: StripDetection) => boolean,
  again: (axis: StripAxis, seams: Separator[]) => StripDetection,
): Box[] | null {
  for (const [a, b] of [[h, v], [v, h]] as const) {
    if (b.separators.length > 0 || a.separators.length === 0 || !a.usable || a.captions > 0 || a.captionGaps?.length) continue;
    if (unequal(a)) continue;
    // Only a strip of thin seams, some worn by compression (found only by the damaged-seam rules):
    // seams that JPEG left whole across one axis are found across the other too. A 7 px yellow
    // seam between a flag and a diagram, read as 3 plain lines (regression seed 22014 flat-08, JPEG
    // q76), was crossed at the flag's edge, which the diagram's connector line continued at the
    // seam's luma.
    if (a.damaged === 0 || a.separators.some((s) => s.end - s.start > THIN_SEAM)) continue;
    // The lines of `b` run along `a`'s lines' length: columns (b horizontal) are the picture's height long.
    const count = b.axis === 'horizontal' ? raster.width : raster.height;
    const length = b.axis === 'horizontal' ? raster.height : raster.width;
    // A grid's rows (and columns) are drawn equal: a strip of unequal parts lacks a seam of its own
    // (regression seed 20507 heavy-07, a 3x2 read as parts of 295 and 145 px, crossed it came out
    // a 2x2 with a merged cell; completeStrip finds the missing seam, and the strip it completes
    // is asked again).
    if (!equalParts(a.segments.slice(1).map((g) => ({ start: g.start, end: g.start + 1 })), length)) continue;
    // The seams of one collage are painted alike: their lumas agree, and a crossing seam keeps it.
    const lumas = a.separators.map((s) => seamLuma(raster, a.axis, s, count));
    if (Math.max(...lumas) - Math.min(...lumas) > CROSSING_LUMA_TOLERANCE) continue;
    const m = lumas.reduce((x, y) => x + y, 0) / lumas.length;
    const seams = seamsAcross(raster, b.axis, count, length, a.segments, m);
    if (!seams) continue;
    const redone = again(b.axis, seams.map((s) => ({ ...s, colour })));
    if (redone.separators.length !== seams.length || !redone.usable) continue;
    const rows = a.axis === 'vertical' ? a.segments : redone.segments;
    const cols = a.axis === 'horizontal' ? a.segments : redone.segments;
    if (rows.length * cols.length > MAX_GRID_PANELS) continue;
    const cells: Box[] = [];
    for (const r of rows) for (const c of cols) cells.push({ x: c.start, y: r.start, width: c.end - c.start, height: r.end - r.start });
    return cells;
  }
  return null;
}
