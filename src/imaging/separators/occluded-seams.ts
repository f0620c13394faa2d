/**
 * Occluded seams: a separator crossed on a short stretch by a numbered badge (a filled circle with
 * a digit, drawn over a seam or a grid junction) is still a separator. This file holds the line
 * rules behind it; the search that applies them is `damaged-seams.ts`.
 *
 * 1. **A seam line with occluders** (`readSeamLine`): every pixel of the line lies within
 *    NEAR_SEAM_TOLERANCE of the seam colour, except scattered noise (at most NOISE_SHARE of the
 *    line, in bits shorter than BLOB_MIN) and at most MAX_OCCLUDERS *occluders*: stretches of
 *    BLOB_MIN … BLOB_MAX off-colour pixels, none touching an end of a whole-picture line (a seam
 *    runs from edge to edge) unless it is a badge cut off by the picture's edge (at most
 *    EDGE_BADGE_MAX, proven a disc of one fill by `isEdgeBadge`). All off-colour pixels together
 *    stay within OCCLUDED_SHARE of the line. With an occluder present, the rest of the line must
 *    be *tight* (TIGHT_SHARE within TIGHT_TOLERANCE): a badge sits on a clean seam.
 * 2. **A panel line** (`isPanelLine`): a line beside the seam that is off the seam colour at
 *    PANEL_SHARE of the positions *where the seam is visible* (outside its occluders). A seam
 *    separates panels along its whole length; an object of a photo that merely looks like an
 *    occluded seam (a tree trunk on a plain background, a pole against the sky) has the object
 *    itself beside it, and background everywhere else. Beside a seam a badge crosses (tight
 *    around its colour), also a line off by more than CLOSE_PANEL_TOLERANCE at CLOSE_PANEL_SHARE:
 *    a light photo beside a white seam.
 * 3. **Blobs, not panels** (`betweenCrossings`): an occluder whose two ends meet seams crossing it
 *    is a mosaic's panel between two rows whose seams line up, not a badge.
 *
 * **What "short" is.** An occluder is at most BLOB_MAX = 96 px along the line: a badge of radius
 * up to 40 px plus JPEG blur on both rims (measured on the generated badge collages, radius
 * 11–20 px: stretches of 6–52 px on the seam's middle lines, 72 where two badges touch). At most
 * MAX_OCCLUDERS = 6 of them on one line (the three junctions of a 4×4 grid line and a badge
 * between each), and at most OCCLUDED_SHARE = 0.4 of the line in all off-colour pixels (measured:
 * up to 0.26 on the seams of 3-panel strips 130–200 px tall with a badge of radius 20). Inside a
 * grid part a line is a stretch of a seam already found across the whole picture, whose ends
 * carry half a junction badge each: there PART_OCCLUDED_SHARE. A digit drawn in the seam colour
 * does not make a badge two (DIGIT_GAP_IN_LINE, while the joined stretch stays within BLOB_MAX),
 * and a badge is only what crosses every line of the seam for at least BADGE_CHORD = 16 px
 * (`damaged-seams.ts`): a speck of JPEG noise is no badge. Badges that hide more of a seam than
 * these limits allow (large ones, many on a short seam) are found as discs with a glyph and
 * painted out before a second plan (`badges.ts`), whose new cuts must each cross a badge.
 *
 * **Why this cannot shred a page of text, a title bar, a bar chart or a sky** (each case is a
 * test in test/separators/occluded-seams.test.ts, text pages also a fast-check property):
 * - a *text page*: a row through a line of text lies between blank rows, so its run is never
 *   flanked by content, and a run that takes the blank rows in is a gap inside a panel (both
 *   sides mostly page colour, `background-gap.ts`); a column crosses the ink of every text line,
 *   more than MAX_OCCLUDERS of them on a page taller than seven lines; and where a column is clean
 *   enough (a short page, a ragged right edge) the columns beside it are text too, off the page
 *   colour at ≤ 0.29 of the visible positions (measured on every candidate run of the generated
 *   pages), below PANEL_SHARE; ink is far from the page colour, so the closer test beside a badge
 *   seam (CLOSE_PANEL_TOLERANCE) reads the same share there, below CLOSE_PANEL_SHARE (measured:
 *   600 random pages of 1–3 px glyphs and 3–14 px line gaps, one candidate run reached the test,
 *   its weaker side off at 0.31 at both 32 and 48); on a monospaced page, whose glyph columns
 *   line up, the columns beside a blank one can be inked past PANEL_SHARE, and that column then
 *   crosses every gap between the page's text lines, more than MAX_PAGE_GAPS_CROSSED; on a short
 *   page a glyph column inked in every line reads as a dark seam, but its occluders are the
 *   page's line gaps, plain across the picture, which no badge is (MAX_OCCLUDERS_ON_GAPS);
 * - a *title bar*: the rows through its title are flanked by the bar's plain rows, and its
 *   columns are the page's columns with the bar as one more stretch (36–56 px);
 * - a *bar chart*: the gaps between bars are flanked by bars (panels), but a gap is wider than a
 *   seam (NARROW_RINGING_RUN); a chart with narrower, clean gaps is the plain-line rules' case;
 * - a *photo with a plain sky*: a sky's rows are plain or a gradient, its clouds make wide runs of
 *   rows, and a photo's columns are off the sky's colour over the whole landscape, far more than
 *   OCCLUDED_SHARE; a pole against the sky has sky, not a panel, beside it where it is visible.
 */
import type { Box, Raster } from '../raster.js';
import { overWhite } from './line-stats.js';
import { isGapInsidePanel } from './background-gap.js';
import { BLEND_LINES, sameSeamColour, type Rgb } from './collage-colour.js';
import type { Interval } from './segments.js';

/** Per-channel distance from the seam colour still "on" the seam: q25 ringing reaches ~48 on a 1 px seam. */
export const NEAR_SEAM_TOLERANCE = 48;
/** Scattered off-colour pixels a seam line may have: JPEG noise (measured ≤ 4 % on the best line at 48). */
export const NOISE_SHARE = 0.05;
/** An occluder is at least this long (shorter off-colour bits are noise or thin strokes, counted in NOISE_SHARE)… */
export const BLOB_MIN = 8;
/** …and at most this long: a badge of radius up to 40 px, plus blur. */
export const BLOB_MAX = 96;
/** Occluders per line: the junctions of a 4×4 grid line, plus badges between them. */
export const MAX_OCCLUDERS = 6;
/** Off-colour pixels in all (occluders and noise) on a line of the whole picture. */
export const OCCLUDED_SHARE = 0.4;
/**
 * The same inside a grid part, where the line continues a seam found across the whole picture: a
 * part of one panel's length (130 px) can carry half a junction badge at each end and a badge
 * between (measured up to 0.62 with badges of radius 20).
 */
export const PART_OCCLUDED_SHARE = 0.75;
/**
 * A line with an occluder must be *tight* around its colour elsewhere: TIGHT_SHARE of its other
 * pixels within TIGHT_TOLERANCE. A badge sits on a clean seam; a line that is only loosely one
 * colour (a panel's smooth gradient next to half a seam) with a blob in it is no seam.
 */
const TIGHT_TOLERANCE = 24;
const TIGHT_SHARE = 0.9;
/** Off-colour bits closer than this merge into one stretch (a digit inside a badge, JPEG blur at its rim). */
export const BLOB_GAP = 3;
/**
 * A digit drawn in the seam's colour splits a badge's stretch on a seam line: glyph strokes of
 * 3 px (badges of radius 18–20) leave gaps of 3–21 px of seam colour between parts of the fill
 * of 5–12 px, and without joining them a line of a 130–150 px strip counts the parts as more than
 * NOISE_SHARE of noise (measured on white seams under black badges at q95). A gap up to
 * DIGIT_GAP_IN_LINE joins the stretch while at least DIGIT_DENSITY of the joined stretch is off
 * the seam colour: scattered JPEG noise (bits of 1–3 px, far apart) stays noise.
 */
const DIGIT_GAP_IN_LINE = 21;
const DIGIT_DENSITY = 0.5;
/**
 * Share of the visible positions (outside the occluders) at which a panel line is off the seam
 * colour. Measured on the generated badge collages: the best of the three lines beside a badge
 * seam is off at 0.35–1.0 of them (0.35 and 0.39 the two lowest of 90 seams, photos with a bright
 * band along a white seam); beside the candidate runs of text pages at most 0.29, and beside the
 * runs a photo's own objects make (a tree trunk on a plain background, a pole against the sky) at
 * most 0.02 — there the "occluder" *is* the content beside, and the rest is background.
 */
export const PANEL_SHARE = 0.35;
/**
 * Longest digit of a badge filled with the seam colour, along the seam: 7 glyph rows of 3 px
 * (badges of radius 18–20) plus JPEG blur at both ends, measured 21–26 px on the generated white
 * badges on white seams. A longer occluder with seam colour at both ends is a panel between
 * crossing seams.
 */
const DIGIT_MAX = 32;
/**
 * How far beside the run the fill of such a badge is looked for, and how many lines of it in a
 * row: the digit (up to 15 px wide) may cover the first lines beside a thin seam, and the fill
 * reaches r − w/2 ≥ 5 px beyond the seam (radius ≥ 11, seams ≤ 12 px).
 */
const FILL_REACH = 24;
const FILL_LINES = 3;
/**
 * A panel line beside a seam a badge crosses may also be off the seam colour by more than
 * CLOSE_PANEL_TOLERANCE at CLOSE_PANEL_SHARE of the visible positions: such a seam is tight
 * (TIGHT_SHARE within TIGHT_TOLERANCE), and a light photo beside a white seam, a dark one beside
 * a black seam, stays within NEAR_SEAM_TOLERANCE of it in most places. Measured on the badge
 * seams of the tuned, unseen and eight scratch batches that carry a blob and reach this test
 * (194 real, 49 not seams): of the real ones missing PANEL_SHARE at 48, the best line beside on
 * the weaker side is off by more than 32 at 0.42–1.0 (one 0.34); of the candidates that are no
 * seam (bands of gradients and photos, heavy-JPEG bands) at most 0.36, most below 0.30.
 */
export const CLOSE_PANEL_TOLERANCE = 32;
export const CLOSE_PANEL_SHARE = 0.4;
/** JPEG blur around an occluder: positions this close to one are not "visible" either. */
const RIM = 4;

/** Where one line lies: its index across `axis` of `region`, and its length along it. */
export interface LineAt {
  raster: Raster;
  region: Box;
  axis: 'horizontal' | 'vertical';
  line: number;
  length: number;
}

/**
 * Byte offset of pixel 0 of the line and the byte step from one pixel of it to the next.
 *
 * @example
 * ```ts
 * const [p0, step] = lineWalk({ raster, region, axis: 'horizontal', line: 12, length: region.height }); // column 12: step = width · 4
 * ```
 */
export function lineWalk({ raster, region, axis, line }: LineAt): [number, number] {
  const x = axis === 'horizontal' ? region.x + line : region.x;
  const y = axis === 'horizontal' ? region.y : region.y + line;
  return [(y * raster.width + x) * 4, axis === 'horizontal' ? raster.width * 4 : 4];
}

/**
 * Largest per-channel distance of the pixel at byte `p` (composited over white) from `k`.
 *
 * @example
 * ```ts
 * pixelDistance(raster.data, p0, [255, 255, 255]); // 0 on a white pixel
 * ```
 */
export function pixelDistance(d: Uint8Array, p: number, k: Readonly<Rgb>): number {
  let r = d[p]!, g = d[p + 1]!, b = d[p + 2]!;
  const a = d[p + 3]!;
  if (a !== 255) { r = overWhite(r, a); g = overWhite(g, a); b = overWhite(b, a); }
  const dr = r > k[0] ? r - k[0] : k[0] - r;
  const dg = g > k[1] ? g - k[1] : k[1] - g;
  const db = b > k[2] ? b - k[2] : k[2] - b;
  return dr > dg ? (dr > db ? dr : db) : dg > db ? dg : db;
}

/**
 * The occluders of a seam line of colour `k` (possibly none), or null when the line is no seam
 * line (rule 1 above). `maxShare`: OCCLUDED_SHARE, or PART_OCCLUDED_SHARE inside a grid part.
 * `edgeBlob`: the longest occluder let through at an end of a whole-picture line (a badge on the
 * picture's edge, EDGE_BADGE_MAX), which the caller must then prove a badge (`isEdgeBadge`); 0
 * keeps every such line out.
 * Reads the line once and stops at the first proof that it is no seam line.
 *
 * @example
 * ```ts
 * readSeamLine({ raster, region, axis: 'horizontal', line: 204, length: 354 }, [255, 255, 255], OCCLUDED_SHARE);
 * // [{ start: 158, end: 197 }] — one badge crossing the column
 * ```
 */
export function readSeamLine(at: LineAt, k: Rgb, maxShare: number, interior: boolean, visible?: Uint8Array, edgeBlob = 0): Interval[] | null {
  const { length } = at;
  const maxNoise = NOISE_SHARE * length;
  const maxBlocked = maxShare * length;
  const d = at.raster.data;
  const [p0, step] = lineWalk(at);
  const occluders: Interval[] = [];
  let blocked = 0;
  let noise = 0;
  let stretchStart = -1;
  let stretchOff = 0;
  let lastOff = -BLOB_GAP - 1;
  // The last digit join of the current stretch: where the gap began and ended, and the stretch's
  // off-colour pixels before it (to undo the join if the stretch outgrows one badge).
  let joinFrom = -1;
  let joinTo = -1;
  let joinOff = 0;
  const closeStretch = (end = lastOff, off = stretchOff): boolean => {
    if (stretchStart < 0) return true;
    const len = end - stretchStart + 1;
    if (len >= BLOB_MIN) {
      occluders.push({ start: stretchStart, end: end + 1 });
      if (occluders.length > MAX_OCCLUDERS) return false;
    } else noise += off;
    stretchStart = -1;
    stretchOff = 0;
    joinFrom = -1;
    return noise <= maxNoise;
  };
  let tight = 0;
  for (let t = 0, p = p0; t < length; t++, p += step) {
    if (visible && visible[t] === 0) {
      // Inside a blob the other lines of the seam show: occluded, whatever this line has there.
      if (++blocked > maxBlocked) return null;
      continue;
    }
    const dist = pixelDistance(d, p, k);
    if (dist <= NEAR_SEAM_TOLERANCE) {
      if (dist <= TIGHT_TOLERANCE) tight++;
      continue;
    }
    if (++blocked > maxBlocked) return null;
    // A gap of seam colour inside a badge is its digit (drawn in the seam's colour): it joins
    // the stretches either side while they stay mostly off-colour across it.
    const near = t - lastOff <= BLOB_GAP;
    const digit = !near && t - lastOff <= DIGIT_GAP_IN_LINE && stretchStart >= 0 && stretchOff + 1 >= DIGIT_DENSITY * (t - stretchStart + 1);
    if (!near && !digit && !closeStretch()) return null;
    if (digit) {
      joinFrom = lastOff;
      joinTo = t;
      joinOff = stretchOff;
    }
    if (stretchStart < 0) stretchStart = t;
    stretchOff++;
    lastOff = t;
    if (t - stretchStart + 1 > BLOB_MAX) {
      // Two badges close together are two occluders, not one too long: undo the last join.
      if (joinFrom < 0) return null;
      const after = stretchOff - joinOff;
      const from = joinTo;
      if (!closeStretch(joinFrom, joinOff)) return null;
      stretchStart = from;
      stretchOff = after;
      if (t - stretchStart + 1 > BLOB_MAX) return null;
    }
  }
  if (!closeStretch()) return null;
  if (interior && occluders.some((o) => (o.start === 0 || o.end === length) && o.end - o.start > edgeBlob)) return null;
  return occluders.length === 0 || tight >= TIGHT_SHARE * (length - blocked) ? occluders : null;
}

/**
 * True when TIGHT_SHARE of the line lies within TIGHT_TOLERANCE of `k`: as clean as the rest of
 * a seam line a badge crosses. Stops once decided.
 *
 * @example
 * ```ts
 * isTightLine({ raster, region, axis: 'horizontal', line: 204, length: 354 }, [0, 0, 0]); // true on a drawn black seam
 * ```
 */
export function isTightLine(at: LineAt, k: Readonly<Rgb>, tolerance = TIGHT_TOLERANCE, share = TIGHT_SHARE): boolean {
  const d = at.raster.data;
  const [p0, step] = lineWalk(at);
  const maxLoose = (1 - share) * at.length;
  let loose = 0;
  for (let t = 0, p = p0; t < at.length; t++, p += step) if (pixelDistance(d, p, k) > tolerance && ++loose > maxLoose) return false;
  return true;
}

/**
 * The positions along a line where a seam with these occluders is visible: 1 outside every
 * occluder widened by RIM, 0 inside.
 *
 * @example
 * ```ts
 * visibleMask(354, [{ start: 158, end: 197 }]); // 0 at 154…200, 1 elsewhere
 * ```
 */
export function visibleMask(length: number, occluders: readonly Interval[]): Uint8Array {
  const mask = new Uint8Array(length).fill(1);
  for (const o of occluders) mask.fill(0, Math.max(0, o.start - RIM), Math.min(length, o.end + RIM));
  return mask;
}

/**
 * True when the line is off the colour `k` at PANEL_SHARE or more of the positions where the
 * seam beside it is visible (`visible`, from `visibleMask`): rule 2 above. Stops once decided.
 *
 * @example
 * ```ts
 * isPanelLine({ raster, region, axis: 'horizontal', line: 202, length: 354 }, [255, 255, 255], visibleMask(354, [])); // true beside a photo
 * ```
 */
export function isPanelLine(at: LineAt, k: Rgb, visible: Uint8Array, tolerance = NEAR_SEAM_TOLERANCE, share = PANEL_SHARE): boolean {
  let total = 0;
  for (let t = 0; t < at.length; t++) total += visible[t]!;
  const need = Math.max(1, Math.ceil(share * total));
  const d = at.raster.data;
  const [p0, step] = lineWalk(at);
  let off = 0;
  let left = total;
  for (let t = 0, p = p0; t < at.length; t++, p += step) {
    if (visible[t] === 0) continue;
    left--;
    if (pixelDistance(d, p, k) > tolerance && ++off >= need) return true;
    if (off + left < need) return false;
  }
  return false;
}

/**
 * The flat-seam probe tests (`flatProbes`, `flatStep`, `nearPanelProbed`): a drawn seam's line is
 * within FLAT_SEAM_TOLERANCE (the plain spread) of its colour, as a photo's band, a sky's gradient
 * or a lossy text row is not; beside it a line off by more than that at NEAR_PANEL_SHARE of its
 * probes is a panel. Measured on the 4 committed and 12 scratch batches (independent seeds
 * 6400–6409, project 6450–6451): lines beside real seams off at 0.5–0.9, those of a JPEG q26 text
 * page (seed 6409 none-04) at 0.3–0.4.
 */
export const FLAT_SEAM_TOLERANCE = 16;
export const NEAR_PANEL_SHARE = 0.6;

/** Probes of line `j` (`probes` of R, G, B each per line in `probed`) farther than FLAT_SEAM_TOLERANCE from `k`, counted up to `limit` + 1. */
function probesOff(probed: Uint8Array, probes: number, j: number, k: Rgb, limit: number): number {
  let off = 0;
  for (let s = 0, q = j * probes * 3; s < probes && off <= limit; s++, q += 3) {
    if (Math.abs(probed[q]! - k[0]) > FLAT_SEAM_TOLERANCE || Math.abs(probed[q + 1]! - k[1]) > FLAT_SEAM_TOLERANCE || Math.abs(probed[q + 2]! - k[2]) > FLAT_SEAM_TOLERANCE) off++;
  }
  return off;
}

/**
 * Whether `needed` of the probes of line `j` lie within FLAT_SEAM_TOLERANCE of its colour `k`:
 * flat as a drawn seam's line (the rest may be a badge).
 *
 * @example
 * ```ts
 * flatProbes(probed, 16, 12, j, [255, 255, 255]); // true on a white seam's column with a badge over 2 probes
 * ```
 */
export function flatProbes(probed: Uint8Array, probes: number, needed: number, j: number, k: Rgb): boolean {
  return probesOff(probed, probes, j, k, probes - needed) <= probes - needed;
}

/**
 * Whether neighbouring lines `a` and `b` (probe rows, colours `ka`, `kb`) are two flat things side
 * by side: both flat (`flatProbes`) and more than FLAT_SEAM_TOLERANCE apart in a channel. The
 * damaged-seam search chains lines whose colours step by less than its CORE_STEP (20) into one
 * run, and a wide run is no seam; a sky's or a wall's flat lines drift 2–3 levels from one to
 * the next, while a drawn seam beside a photo's pale edge steps at once. Measured on independent
 * seed 6403 badge-06 (WebP q83): a 5 px white seam with a corner badge read 254 beside the
 * photo's edge columns at 235 (both flat: 12 and more of 16 probes within 6 of their colour),
 * 19 apart; the 62 columns chained as one run and the seam was lost.
 *
 * @example
 * ```ts
 * flatStep(probed, 16, 12, 373, [235, 235, 235], 374, [254, 255, 254]); // true
 * ```
 */
export function flatStep(probed: Uint8Array, probes: number, needed: number, a: number, ka: Rgb, b: number, kb: Rgb): boolean {
  const apart = Math.abs(ka[0] - kb[0]) > FLAT_SEAM_TOLERANCE || Math.abs(ka[1] - kb[1]) > FLAT_SEAM_TOLERANCE || Math.abs(ka[2] - kb[2]) > FLAT_SEAM_TOLERANCE;
  return apart && flatProbes(probed, probes, needed, a, ka) && flatProbes(probed, probes, needed, b, kb);
}

/**
 * Whether one of `distance` lines from line `from` (by `step`) is off `k` by more than
 * FLAT_SEAM_TOLERANCE at NEAR_PANEL_SHARE of its probes (`probeIndex`: a line's probe row, −1 if
 * none): the probe test of the near-panel rule beside a flat seam (see FLAT_SEAM_TOLERANCE). A
 * line without probes counts as a panel, as the other probe tests of the search take it.
 *
 * @example
 * ```ts
 * nearPanelProbed(probed, 16, probeIndex, 373, -1, 2, [254, 255, 254]); // true beside a white seam: the photo's edge at 235
 * ```
 */
export function nearPanelProbed(probed: Uint8Array, probes: number, probeIndex: Int32Array, from: number, step: number, distance: number, k: Rgb): boolean {
  const need = Math.ceil(NEAR_PANEL_SHARE * probes);
  for (let d = 0; d < distance; d++) {
    const j = probeIndex[from + step * d] ?? -1;
    if (j < 0 || probesOff(probed, probes, j, k, need) >= need) return true;
  }
  return false;
}

/**
 * True when an occluder of the seam in lines [start, end) lies between two seams crossing it: at
 * both of its ends the lines beside the run show the seam colour too. That is a panel of a mosaic
 * between two rows whose seams line up across it, not a badge (whose ends lie in the panels).
 *
 * @example
 * ```ts
 * betweenCrossings(raster, region, 'horizontal', 40, 43, 124, { start: 43, end: 83 }, [0, 0, 0]); // true
 * ```
 */
export function betweenCrossings(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', start: number, end: number, length: number, o: Interval, k: Rgb): boolean {
  const d = raster.data;
  const seamAt = (line: number, t: number): boolean => {
    if (t < 0 || t >= length) return true;
    const [p0, step] = lineWalk({ raster, region, axis, line, length });
    return pixelDistance(d, p0 + t * step, k) <= NEAR_SEAM_TOLERANCE;
  };
  const count = axis === 'horizontal' ? region.width : region.height;
  // A crossing seam runs on beyond the JPEG blend of the run's edge lines (BLEND_LINES): a badge's
  // rim next to a seam whose edge lines read narrower than drawn (a 9 px red seam at q71 4:2:0
  // found as 7 lines, the lines beside it within 43 of its colour, the next ones 71 off) met the
  // seam's own edge lines there, not a crossing seam.
  const beyond = (line: number, t: number): boolean => line < 0 || line >= count || seamAt(line, t);
  const crossing = (t: number): boolean => seamAt(start - 1, t) && seamAt(end, t) && beyond(start - 1 - BLEND_LINES, t) && beyond(end + BLEND_LINES, t);
  if (!crossing(o.start - 2) || !crossing(o.end + 1)) return false;
  // A badge filled with the seam's own colour shows on the seam only as its digit, and its fill
  // meets the lines beside the run at both ends of the digit, as crossing seams would. Across the
  // digit's middle the fill shows beside the run on both sides; a panel crossing the run fills
  // the lines beside it there.
  if (o.end - o.start > DIGIT_MAX) return true;
  const middle = (o.start + o.end) >> 1;
  const fillBeside = (from: number, step: number): boolean => {
    let on = 0;
    for (let j = 0; j < FILL_REACH; j++) {
      const line = from + step * j;
      if (line < 0 || line >= count) return false;
      on = seamAt(line, middle) ? on + 1 : 0;
      if (on >= FILL_LINES) return true;
    }
    return false;
  };
  return !(fillBeside(start - 1, -1) && fillBeside(end, 1));
}

/**
 * Occluders of a seam that are page gaps, not badges: none is let through. A short page of
 * monospaced text (three or four lines) has glyph columns inked in every line, strokes of ink
 * that read as a dark seam whose occluders are the gaps between the lines (`occludersOnGaps`),
 * fewer than MAX_OCCLUDERS. A badge is compact and never spans the picture. Measured: on 6000
 * random 420×90 and 420×115 pages of 3 px dots planSplit cut 5 in two at such a column, and cuts
 * none with this rule; the 1709 committed and held-out collage pictures keep every plan. What it
 * costs, by construction: a badge of the same colour as a row of panels it touches, that row
 * plain across the picture (a white badge over white-backed drawings), may lose its seam.
 */
export const MAX_OCCLUDERS_ON_GAPS = 0;

/**
 * How many of the `occluders` of the seam in lines [start, end), colour `k` (each once: those
 * of all its lines, overlapping ones merged), hold a line across the whole region in one plain
 * colour other than `k` (within NEAR_SEAM_TOLERANCE but for NOISE_SHARE, `isTightLine`), that
 * colour also where it crosses the seam: the gap between two lines of a page.
 *
 * @example
 * ```ts
 * occludersOnGaps(raster, region, 'horizontal', 180, 183, [{ start: 21, end: 36 }, { start: 45, end: 60 }], [30, 30, 30]); // 2
 * ```
 */
export function occludersOnGaps(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', start: number, end: number, occluders: readonly Interval[], k: Readonly<Rgb>): number {
  const d = raster.data;
  const count = axis === 'horizontal' ? region.width : region.height;
  const across: 'horizontal' | 'vertical' = axis === 'horizontal' ? 'vertical' : 'horizontal';
  const middle = (start + end) >> 1;
  const plainGap = (t: number): boolean => {
    const at: LineAt = { raster, region, axis: across, line: t, length: count };
    const [p0, step] = lineWalk(at);
    const p = p0 + middle * step;
    const own: Rgb = [d[p]!, d[p + 1]!, d[p + 2]!];
    // A crossing seam is no gap, though JPEG moved its colour at the junction (4:2:0 smears a
    // blue seam's chroma there: independent seed 8001 grid-09).
    if (pixelDistance(d, p, k) <= NEAR_SEAM_TOLERANCE || sameSeamColour(own, k)) return false;
    return isTightLine(at, own, NEAR_SEAM_TOLERANCE, 1 - NOISE_SHARE);
  };
  let gaps = 0;
  for (const o of occluders) {
    let t = o.start;
    while (t < o.end && !plainGap(t)) t++;
    if (t < o.end) gaps++;
  }
  return gaps;
}

/**
 * Most text-line gaps a seam may cross: lines of the seam colour across the whole region that are
 * gaps inside a panel (`isGapInsidePanel`: both sides mostly that colour, as between lines of
 * text), away from the seam's ends. A page of monospaced text (a code screenshot) aligns its
 * glyphs on one grid of columns, so a column between two glyph columns can be blank in most text
 * lines and read as a seam crossed by the glyphs of the others, each under BLOB_MAX, with glyph
 * columns beside it inked at PANEL_SHARE; it crosses every gap between its text lines.
 *
 * Measured on 420×300 pages (the text-page property's): of 6000 with 3 px glyph dots and 3–5 px
 * line gaps, 7 columns reached this test, each crossing 10 gaps (so did the 8 pages fast-check
 * had found); of 6000 with 1–3 px dots and 3–14 px gaps, none did. On the 1709 committed and
 * held-out collage pictures, real seams cross 0 or 1, candidates inside panels up to 3. A grid
 * with captions of two or three lines crosses one gap per line break in each row of captions:
 * past the limit its badged column seam is left to grid completion and the badge pass, which
 * gave the same parts on all 12 drawn grids that went past it (of 16: 3–4 rows of two- and
 * three-line captions, light and dark, a badge in a band or on a junction). Shorter pages cross
 * fewer gaps and are not caught here: on 2000 random 420×90 pages of 3 px dots (three text
 * lines, two gaps) the first pass still finds a blank column on 208, on 420×115 (four) on 63, on
 * 420×140 none; planSplit, after its later rules, cut none of those 4000.
 */
export const MAX_PAGE_GAPS_CROSSED = 3;

/**
 * How many gaps inside a panel (`isGapInsidePanel`) the seam in lines [start, end) crosses, up to
 * `stopAfter`: stretches of lines across the whole region within NEAR_SEAM_TOLERANCE of the seam
 * colour `k` but for NOISE_SHARE of it, not at the line's ends (margins), stretches at most
 * BLEND_LINES apart counting as one. Only positions where the seam's middle line and the lines
 * either side of the run show `k` are read across, so a seam between photos costs a few pixels
 * a position.
 *
 * @example
 * ```ts
 * pageGapsCrossed(raster, region, 'horizontal', 307, 310, 300, [255, 255, 255]); // 4: a column of a text page
 * ```
 */
export function pageGapsCrossed(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', start: number, end: number, length: number, k: Readonly<Rgb>, stopAfter = MAX_PAGE_GAPS_CROSSED + 1): number {
  const d = raster.data;
  const count = axis === 'horizontal' ? region.width : region.height;
  const across: 'horizontal' | 'vertical' = axis === 'horizontal' ? 'vertical' : 'horizontal';
  // The seam's middle line and the lines either side of it (those inside the region).
  const middle = (start + end) >> 1;
  const seamLines = [middle, start - 1, end].filter((line) => line >= 0 && line < count).map((line) => lineWalk({ raster, region, axis, line, length }));
  const onSeamColour = (t: number): boolean => seamLines.every(([p0, step]) => pixelDistance(d, p0 + t * step, k) <= NEAR_SEAM_TOLERANCE);
  const blankAcross = (t: number): boolean => isTightLine({ raster, region, axis: across, line: t, length: count }, k, NEAR_SEAM_TOLERANCE, 1 - NOISE_SHARE);
  // A stretch that touches an end of the line is a margin, not a gap crossed.
  const pageGap = (first: number, last: number): boolean => first > 0 && last < length - 1 && isGapInsidePanel(raster, region, across, { start: first, end: last + 1 }, k);
  let gaps = 0;
  let first = -1;
  let last = -1;
  for (let t = 0; t < length; t++) {
    if (!onSeamColour(t) || !blankAcross(t)) continue;
    if (first < 0 || t - last > BLEND_LINES + 1) {
      if (first >= 0 && pageGap(first, last) && ++gaps >= stopAfter) return gaps;
      first = t;
    }
    last = t;
  }
  return first >= 0 && pageGap(first, last) ? gaps + 1 : gaps;
}

/**
 * Longest occluder let through at an end of a whole-picture line, when it is a badge on the
 * picture's edge (`isEdgeBadge`): organisers put a badge on a panel's corner, and on a panel at
 * the picture's edge (or its margin) that corner's badge is cut off by the edge. Measured 9–41 px
 * on the lines of the edge badges of 16 batches (radius 10–30); a radius-30 badge on a corner
 * inside a 20 px margin reaches 50, plus blur.
 */
export const EDGE_BADGE_MAX = 56;
/**
 * How far across the lines beside a seam an edge badge's fill may reach: its radius (at most 40,
 * as BLOB_MAX) beyond a seam of up to 12 px, plus blur (measured at most 47 on the lines of the
 * edge badges of 16 batches). A margin and a photo's band ending at the edge (the ground under a
 * pole against the sky) run on along the edge far wider.
 */
const EDGE_REACH = 56;

/**
 * Share of an edge badge's occluder, on the seam's middle line, in its one fill colour (the rest
 * is its digit and rim): measured on the edge badges of 16 batches, 0.47–1.0 on the lines of real
 * seams.
 */
const EDGE_FILL_SHARE = 0.45;

/**
 * True when the occluder `o` at an end of the seam in lines [start, end) is a badge's fill cut
 * off by the picture's edge: on the middle line EDGE_FILL_SHARE of it is one colour, the fill,
 * and where that colour is, it stops within EDGE_REACH lines on both sides of the seam (a disc),
 * where a margin or the band of a photo reaching the edge runs on across the lines beside.
 *
 * @example
 * ```ts
 * isEdgeBadge(raster, region, 'horizontal', 326, 338, 477, { start: 0, end: 22 }, [200, 200, 200]); // true: a badge on the top edge
 * ```
 */
export function isEdgeBadge(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', start: number, end: number, length: number, o: Interval, k: Rgb): boolean {
  const d = raster.data;
  const count = axis === 'horizontal' ? region.width : region.height;
  const [m0, step] = lineWalk({ raster, region, axis, line: (start + end) >> 1, length });
  // The fill: the off-seam pixel of the occluder that the most of its pixels are near (n² over at
  // most EDGE_BADGE_MAX pixels, on the few lines that get here).
  let at = -1;
  let most = 0;
  for (let c = o.start; c < o.end; c++) {
    const q = m0 + c * step;
    if (pixelDistance(d, q, k) <= NEAR_SEAM_TOLERANCE) continue;
    const f = colourAt(d, q);
    let n = 0;
    for (let t = o.start; t < o.end; t++) if (pixelDistance(d, m0 + t * step, f) <= NEAR_SEAM_TOLERANCE) n++;
    if (n > most) {
      most = n;
      at = c;
    }
  }
  if (at < 0 || most < EDGE_FILL_SHARE * (o.end - o.start)) return false;
  const fill = colourAt(d, m0 + at * step);
  const bounded = (from: number, dir: number): boolean => {
    for (let n = 0, line = from; line >= 0 && line < count; n++, line += dir) {
      if (pixelDistance(d, lineWalk({ raster, region, axis, line, length })[0] + at * step, fill) > NEAR_SEAM_TOLERANCE) return true;
      if (n >= EDGE_REACH) return false;
    }
    return true;
  };
  return bounded(start - 1, -1) && bounded(end, 1);
}

/**
 * Lines an edge-badge seam may be narrower than the narrowest seam found without one. A seam
 * found only by a badge on the picture's edge is the weakest evidence of a seam, and a collage
 * draws its seams alike: measured on the edge-badge seams of 14 batches (committed and scratch), the
 * five real ones are exactly as wide as the narrowest plain or badge-crossed seam of their picture
 * (2, 2, 4, 7, 9 lines); the two false ones, palm trunks from the top of a strip to its ground
 * (cuts, project seed 4151, fixtures/collages/edge-badge), are 1 line beside seams of 3 and 10.
 * One line of slack for a JPEG-blended edge line.
 */
const EDGE_WIDTH_SLACK = 1;

/**
 * True when a run `width` lines wide, found only by an edge badge (`isEdgeBadge`), is drawn as wide
 * as the seams already found (`widths`: the plain ones and those a badge crosses; none: nothing to
 * hold it to).
 *
 * @example
 * ```ts
 * edgeSeamWideEnough(1, [3, 3, 3]); // false: a 1 px trunk beside 3 px seams
 * ```
 */
export function edgeSeamWideEnough(width: number, widths: readonly number[]): boolean {
  return widths.length === 0 || width + EDGE_WIDTH_SLACK >= Math.min(...widths);
}

/**
 * How far an occluder may spread along a run, over the lines it crosses, beyond the longest
 * stretch it makes on one line: a badge sits in one place (its widest chord spans it, 1.0 on the
 * badge runs below), a stroke crossing the run at a slant moves from line to line (2.5–2.6).
 */
const STROKE_SPREAD = 1.5;

/**
 * True when at least half the lines of a run carry occluders although no badge crosses the run
 * (`badgeBlob` found none), and one of them moves along the run from line to line (STROKE_SPREAD,
 * not counting lines `reread` under the others' occluders): strokes crossing it (the rim and legs
 * of a drawing, drawn diagonally), not a seam drawn alike beside the badge seams, whose badges
 * stay in place. Measured on 4 committed and 28 scratch batches (seeds 4100–4121, 4150–4155): two
 * runs of white rows inside a line drawing (7 and 8 of 9 lines crossed, spread 2.5 and 2.6) beside
 * a grey badge seam made the collage colour white and a cut through the drawing (independent-b
 * ib-badge-04); white seams under radius-10 badges that badgeBlob missed (a line of the seam clear
 * under the digit: seeds 4118 badge-03, 4119 badge-08) spread 1.0. No other plan changes.
 *
 * @example
 * ```ts
 * // Three lines of a run, each crossed by a stroke further along: a slanting stroke, no badge.
 * crossedWithoutBadge([[{ start: 10, end: 14 }], [{ start: 13, end: 17 }], [{ start: 16, end: 20 }]], new Uint8Array(3)); // true
 * ```
 */
export function crossedWithoutBadge(lines: readonly (readonly Interval[] | undefined)[], reread: Uint8Array): boolean {
  let crossed = 0;
  const stretches: Interval[] = [];
  for (let l = 0; l < lines.length; l++) {
    const o = lines[l];
    if (o === undefined || o.length === 0) continue;
    crossed++;
    if (reread[l] !== 1) stretches.push(...o);
  }
  if (crossed * 2 < lines.length) return false;
  // Overlapping stretches of different lines are one occluder: its extent against its longest stretch.
  stretches.sort((a, b) => a.start - b.start);
  for (let i = 0; i < stretches.length; ) {
    let end = stretches[i]!.end;
    const start = stretches[i]!.start;
    let longest = 0;
    for (; i < stretches.length && stretches[i]!.start < end; i++) {
      end = Math.max(end, stretches[i]!.end);
      longest = Math.max(longest, stretches[i]!.end - stretches[i]!.start);
    }
    if (end - start > STROKE_SPREAD * longest) return true;
  }
  return false;
}

/** The pixel at byte `p`, composited over white. */
function colourAt(d: Uint8Array, p: number): Rgb {
  const a = d[p + 3]!;
  return a === 255 ? [d[p]!, d[p + 1]!, d[p + 2]!] : [overWhite(d[p]!, a), overWhite(d[p + 1]!, a), overWhite(d[p + 2]!, a)];
}
