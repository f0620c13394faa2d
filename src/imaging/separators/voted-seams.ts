/**
 * Seams that JPEG's 4:2:0 chroma blurred, told by their hue: the colour pass holds every seam to
 * the collage colour the seams vote, and a 1–3 px coloured seam's colour drifts along it and from
 * rows to columns, so some seams (and a margin of their colour) fail it though the vote found them.
 *
 * - `withVotedSeams`: a strip's thin seams the vote found and the colour pass dropped, restored
 *   when they lie midway and have the hue of a kept seam.
 * - `votedCrossing`: a grid whose seams across one axis only the vote kept.
 * - `huedMargins`: margins of the seams' hue cut off the end parts.
 *
 * Each is asked by `planIn` (plan.ts); each threshold below carries its measurement.
 */
import type { Box, Raster } from '../raster.js';
import { lineMean } from './classify.js';
import { cb, chromaOf, cr, THIN_SEAM } from './collage-colour.js';
import { equalParts } from './damaged-seams.js';
import { gridShape, MAX_GRID_PANELS } from './grid.js';
import { cutOf } from './runs.js';
import { MAX_PARTS, type Separator, type StripAxis, type StripDetection } from './strips.js';

/** Most lines between a cut of the colour pass and the vote pass's cut through the same seam (a thin run's middle moves by a line or two once its edges are held to the colour). */
const VOTED_SEAM_SHIFT = 3;
/**
 * Most lines off the middle of its two neighbouring cuts (or content ends) a seam restored from
 * the vote may lie. Measured on independent seeds 21000-21039 and 21500-21519: the 8 restored
 * seams of heavy collages lay 0-1.75 lines off it; a gradient seam's neighbour (seed 21003
 * gradient-05, a 1x5: a photo's line at 454-457 beside the seam at 450-453) lay 4.5 off, and
 * restored it cut that photo.
 */
const VOTED_SEAM_MIDWAY = 3;

/** Least chroma (|Cb, Cr|) of a kept seam for its hue to be read (a white or grey seam has none to match). */
const VOTED_HUE_CHROMA = 20;
/**
 * Most degrees between the hue (Cb, Cr angle) of a seam restored from the vote and the nearest
 * kept seam's. 4:2:0 washes a thin seam's chroma out toward grey but keeps its hue: the restored
 * seams of seeds 21004 heavy-10, 21029 heavy-03 and 21037 heavy-07 lay 0–6° off the kept ones
 * (their chroma 21–48 apart). A 3-line olive run (118,103,20) beside 2 px red seams (173,35,43),
 * 57° off, was a panel's edge 2 lines above the seam and cut it (seed 20516 heavy-08).
 */
const VOTED_HUE_DEGREES = 30;

/** Whether `colour` (a seam from the vote) has the hue of one of `kept` where their hue is read (VOTED_HUE_CHROMA). */
function votedHue(colour: readonly number[] | undefined, kept: readonly Separator[]): boolean {
  if (colour === undefined) return true;
  const hue = (c: readonly number[]): { angle: number; chroma: number } => {
    const b = cb(c[0]!, c[1]!, c[2]!);
    const r = cr(c[0]!, c[1]!, c[2]!);
    return { angle: (Math.atan2(r, b) * 180) / Math.PI, chroma: Math.hypot(b, r) };
  };
  const own = hue(colour);
  const read = kept.flatMap((s) => (s.colour === undefined ? [] : [hue(s.colour)])).filter((h) => h.chroma >= VOTED_HUE_CHROMA);
  if (read.length === 0) return true;
  return read.some((h) => {
    const off = Math.abs(h.angle - own.angle) % 360;
    return Math.min(off, 360 - off) <= VOTED_HUE_DEGREES;
  });
}

/**
 * `d` (a strip's detection held to the collage colour) with the seams of `voted` (the first
 * pass's, without a colour) it lacks, when the vote's seams divide the axis of `count` lines
 * into equal parts (`equalParts`), include every cut of `d` (within VOTED_SEAM_SHIFT), and each
 * seam added is thin (THIN_SEAM lines) and lies midway between its neighbours
 * (VOTED_SEAM_MIDWAY); else `d`. Under 4:2:0 a 1-3 px seam's colour depends on where its lines
 * fall in the 2x2 chroma blocks and on the panels beside it, so one seam of a collage may read
 * far from the colour another voted: independent seed 21037 heavy-07, 2 px blue seams at q32,
 * read (16,4,191) and (26,17,103), Cb 48.5 apart against SEAM_CHROMA_TOLERANCE 48; seed 21004
 * heavy-10, 2 px red, the voted colour a blended (106,35,40) and the other seam (203,21,30), 20
 * apart in luma. The colour pass dropped the one and the collage came out in 2 parts of 3. The
 * seams' places vouch for them instead, as they do for luma seams (damaged-seams.ts). Wider runs
 * are never added: dropped for their colour they were a white backdrop beside grey, green or
 * dark seams (seeds 21002 heavy-07, 21014 badge-02, 21034 badge-01, 21000 badge-02: runs of 10,
 * 11, 22 and 25 lines; restored they cut those photos), or a 6-line run whose middle lay 3 px
 * inside a photo (21013 heavy-08). Only for a strip (no seam across the other axis): a grid's
 * cells are weighed by grid.ts.
 */
export function withVotedSeams(d: StripDetection, voted: StripDetection, count: number): StripDetection {
  if (d.separators.length === 0 || d.captions > 0 || !voted.usable || voted.separators.length <= d.separators.length) return d;
  const cuts = d.segments.slice(1).map((s) => s.start);
  const near = (a: number, b: number): boolean => Math.abs(a - b) <= VOTED_SEAM_SHIFT;
  if (!cuts.every((c) => voted.segments.some((w, k) => k > 0 && near(w.start, c)))) return d;
  if (!equalParts(voted.separators, count)) return d;
  const extra = voted.separators.filter((s) => !cuts.some((c) => near(cutOf(s), c)));
  if (extra.length === 0 || extra.some((s) => s.end - s.start > THIN_SEAM)) return d;
  if (extra.some((s) => !votedHue(s.colour, d.separators))) return d;
  const first = d.segments[0]!.start;
  const last = d.segments[d.segments.length - 1]!.end;
  const bounds = [first, ...[...cuts, ...extra.map(cutOf)].sort((a, b) => a - b), last];
  for (let k = 1; k < bounds.length; k++) if (bounds[k]! <= bounds[k - 1]!) return d;
  for (const s of extra) {
    const k = bounds.indexOf(cutOf(s));
    if (Math.abs(cutOf(s) - (bounds[k - 1]! + bounds[k + 1]!) / 2) > VOTED_SEAM_MIDWAY) return d;
  }
  const segments = bounds.slice(1).map((end, k) => ({ start: bounds[k]!, end }));
  const separators = [...d.separators, ...extra].sort((a, b) => a.start - b.start);
  const worn = extra.filter((s) => voted.damagedSeams.some((w) => w.start < s.end && w.end > s.start)).length;
  return { ...d, segments, separators, apparent: segments.length, usable: segments.length >= 2 && segments.length <= MAX_PARTS, damaged: d.damaged + worn };
}

/**
 * The panels of a grid whose seams across one axis (`b`: the colour pass's detection, no seam)
 * only the vote pass (`votedB`) kept, crossed by the other axis's strip (`a`, the colour pass's):
 * each cell of `a`'s segments by `votedB`'s, when `a` has a seam and no caption and passes
 * `unequalDamaged` (plan.ts's `unequalDamagedStrip`), and `votedB`'s seams are each thin (THIN_SEAM), divide their axis into
 * equal parts (`equalParts`) and have the hue of `a`'s seams (`chromaticHue`). Else null. Under
 * 4:2:0 a 1–2 px coloured seam's luma and chroma blur into the panels beside it, differently along
 * the rows and the columns, so a grid's seams across one axis may all read far from the colour the
 * other axis voted, and the colour pass dropped them: independent seed 25000 heavy-07, 1 px blue
 * seams at q34, the rows read (59,55,133) (luma 65), the column (25,13,123) (luma 29); the 2x3
 * came out as 3 stacked parts. Their hue held: on tuning seeds 25000–25039 the six such grids
 * (blue and red, q31–40, some resaved) read 3–27° apart, chroma 30–126. Only chromatic seams are
 * restored (a white, grey or black seam has no hue to vouch for it), and only where the whole
 * axis lacks a seam: a strip of seams of one colour is `withVotedSeams`'s.
 */
export function votedCrossing(
  h: StripDetection,
  v: StripDetection,
  votedH: StripDetection | undefined,
  votedV: StripDetection | undefined,
  width: number,
  height: number,
  unequalDamaged: (d: StripDetection) => boolean,
): Box[] | null {
  for (const [a, b, votedB, count] of [[h, v, votedV, height], [v, h, votedH, width]] as const) {
    if (b.separators.length > 0 || a.separators.length === 0 || !a.usable || a.captions > 0 || votedB === undefined || !votedB.usable || votedB.separators.length === 0) continue;
    if (unequalDamaged(a)) continue;
    if (votedB.separators.some((s) => s.end - s.start > THIN_SEAM)) continue;
    if (!equalParts(votedB.separators, count)) continue;
    if (!chromaticHue(votedB.separators, a.separators)) continue;
    const cells: Box[] = [];
    // The colour pass's one segment across `b` tells its margins, the vote's seams its cuts.
    const ends = b.segments.length === 1 ? b.segments[0]! : { start: votedB.segments[0]!.start, end: votedB.segments[votedB.segments.length - 1]!.end };
    const cuts = votedB.segments.slice(1).map((s) => s.start);
    if (cuts[0]! <= ends.start || cuts[cuts.length - 1]! >= ends.end) continue;
    const across = [ends.start, ...cuts, ends.end].slice(1).map((end, k, all) => ({ start: k === 0 ? ends.start : all[k - 1]!, end }));
    const rows = a.axis === 'vertical' ? a.segments : across;
    const cols = a.axis === 'horizontal' ? a.segments : across;
    if (rows.length * cols.length > MAX_GRID_PANELS) continue;
    for (const r of rows) for (const c of cols) cells.push({ x: c.start, y: r.start, width: c.end - c.start, height: r.end - r.start });
    return cells;
  }
  return null;
}

/** Whether every seam of `voted` has the hue of one of `kept`, at least one of which has a hue to read (VOTED_HUE_CHROMA). */
function chromaticHue(voted: readonly Separator[], kept: readonly Separator[]): boolean {
  if (!kept.some((s) => chromaOf(s.colour) >= VOTED_HUE_CHROMA)) return false;
  return voted.every((s) => chromaOf(s.colour) >= VOTED_HUE_CHROMA && votedHue(s.colour, kept));
}

/**
 * Least share of a margin line within HUED_MARGIN_TOLERANCE (per channel) of its own mean
 * (`huedMargins`); 48 is what a heavy seam's best line keeps (damaged-seams.ts). Measured on the
 * heavy collages of tuning seeds 25000–25039 with 2–8 px red and blue margins: their lines 0.95–1.00
 * (the last one, blended into the panel, 0.95–0.99), the panel's first line beside them 0.02–0.56.
 */
const HUED_MARGIN_SHARE = 0.95;
const HUED_MARGIN_TOLERANCE = 48;
/** Widest margin `huedMargins` follows: the generators' margins reach 14 px at q25–40 (see SMEARED_MARGIN_MAX in damaged-seams.ts); a run to 20 is a panel of the seams' hue. */
const HUED_MARGIN_MAX = 20;

/** Whether line `line` of the picture along `axis` is one colour (HUED_MARGIN_SHARE within HUED_MARGIN_TOLERANCE of its mean) with the hue of `seams` (`chromaticHue`). */
function huedLine(raster: Raster, axis: StripAxis, line: number, seams: readonly Separator[], crossings: readonly number[]): boolean {
  const full = { x: 0, y: 0, width: raster.width, height: raster.height };
  const length = axis === 'horizontal' ? raster.height : raster.width;
  const mean = lineMean(raster, full, axis, line, 0, length);
  if (!chromaticHue([{ start: 0, end: 1, colour: [mean[0]!, mean[1]!, mean[2]!] }], seams)) return false;
  const d = raster.data;
  const step = axis === 'horizontal' ? raster.width * 4 : 4;
  let p = axis === 'horizontal' ? line * 4 : line * raster.width * 4;
  // Where the plan's cuts across it meet the line, a margin shows its own colour: a seam stops at
  // it. A flat panel's plain edge of the seams' hue is crossed by the seams running on to the picture's edge.
  for (const at of crossings) {
    for (const t of [at - 1, at]) {
      const q = p + t * step;
      if (Math.abs(d[q]! - mean[0]!) > HUED_MARGIN_TOLERANCE || Math.abs(d[q + 1]! - mean[1]!) > HUED_MARGIN_TOLERANCE || Math.abs(d[q + 2]! - mean[2]!) > HUED_MARGIN_TOLERANCE) return false;
    }
  }
  const misses = Math.floor((1 - HUED_MARGIN_SHARE) * length);
  let off = 0;
  for (let t = 0; t < length; t++, p += step) {
    if (Math.abs(d[p]! - mean[0]!) > HUED_MARGIN_TOLERANCE || Math.abs(d[p + 1]! - mean[1]!) > HUED_MARGIN_TOLERANCE || Math.abs(d[p + 2]! - mean[2]!) > HUED_MARGIN_TOLERANCE) {
      if (++off > misses) return false;
    }
  }
  return true;
}

/**
 * `parts` (a strip along `axis`, or a grid) inside the margins of the seams' hue its outer boxes
 * reach into: along each axis where the parts run from the picture's first line to its last, the
 * lines from each end that are one colour of the hue of `seams` (`huedLine`), when both ends have
 * such a margin, under HUED_MARGIN_MAX lines, and the two agree within HUED_MARGIN_MATCH (a canvas
 * frames a collage alike). A 2–8 px red or blue margin at q25–40 reads nearly its painted colour,
 * (251,1,4) for 255,0,0, while the collage colour is voted from 1–2 px seams JPEG blended into
 * their panels, (166,60,82) there, 18 off its luma: the margin fails the colour and the luma tests
 * (`marginsOf` in strips.ts, `lumaMargins`) and stays in the end parts (independent seed 25004
 * heavy-07, a 3x2 of 1 px red seams in an 8 px margin at q38: every outer part 8 px too long). Only
 * chromatic seams (a white, grey or black one has no hue to match), only in a plan of the picture's
 * own choosing (`axis` auto) without captions. On tuning seeds 25000–25039:
 * heavy 350 → 354 of 400, four exact plans moved to within a line of their margins. Without the
 * crossing test (`huedLine`) three 3x2 grids of flat panels on one backdrop of the seams' hue
 * (seeds 20003 flat-07, 22020 flat-04, 22512 flat-06: 10–19 lines of it at each side) lost their edges.
 */
export function huedMargins(raster: Raster, parts: Box[], axis: StripAxis | 'grid', seams: readonly Separator[]): Box[] {
  if (!seams.some((s) => chromaOf(s.colour) >= VOTED_HUE_CHROMA)) return parts;
  // A grid only as a whole lattice of two rows and columns or more: a row or column of panels is a
  // strip, whose parts span the picture across it, and a grid of unequal blocks may hold a margin
  // read as a part (independent seed 6412 heavy-08, fixture narrow-parts: its 8 px bottom margin a
  // part of 369x8, folded into the panel above once the grid became a strip).
  if (axis === 'grid') {
    const { rows, cols } = gridShape(parts);
    if (rows < 2 || cols < 2 || rows * cols !== parts.length) return parts;
  }
  let out = parts;
  for (const lines of ['horizontal', 'vertical'] as const) {
    if (axis !== 'grid' && axis !== lines) continue;
    const count = lines === 'horizontal' ? raster.width : raster.height;
    const lo = Math.min(...out.map((b) => (lines === 'horizontal' ? b.x : b.y)));
    const hi = Math.max(...out.map((b) => (lines === 'horizontal' ? b.x + b.width : b.y + b.height)));
    if (lo !== 0 || hi !== count) continue;
    // The cuts across these lines: the other axis's part starts inside the picture.
    const across = [...new Set(out.map((box) => (lines === 'horizontal' ? box.y : box.x)))].filter((c) => c > 0);
    let a = 0;
    while (a < HUED_MARGIN_MAX && huedLine(raster, lines, a, seams, across)) a++;
    let b = 0;
    while (b < HUED_MARGIN_MAX && huedLine(raster, lines, count - 1 - b, seams, across)) b++;
    if (a === 0 || b === 0 || a >= HUED_MARGIN_MAX || b >= HUED_MARGIN_MAX || Math.abs(a - b) > HUED_MARGIN_MATCH) continue;
    // A canvas's margin is painted the seams' colour, and JPEG only takes chroma from thin seams
    // blended into their panels: a margin far paler than the seams is a panel's own backdrop.
    if (Math.min(lineChroma(raster, lines, 0), lineChroma(raster, lines, count - 1)) < HUED_MARGIN_CHROMA_SHARE * Math.max(...seams.map((s) => chromaOf(s.colour)))) continue;
    out = out.map((box) => {
      const start = lines === 'horizontal' ? box.x : box.y;
      let end = start + (lines === 'horizontal' ? box.width : box.height);
      const from = start === 0 ? a : start;
      if (end === count) end = count - b;
      return lines === 'horizontal' ? { ...box, x: from, width: end - from } : { ...box, y: from, height: end - from };
    });
  }
  return out;
}

/**
 * Least chroma of a hued margin's outer lines, as a share of the seams' (`huedMargins`). Measured
 * on the 420 batches of seeds 20000–27519, where the rule trims: the margins of heavy-JPEG seams
 * read 0.87–4.9 times their seams' chroma (1–4 px seams blended into their panels); the pink
 * backdrop of a lossless 5x1 of flat panels with 13 px red seams (27019 flat-02, 10 columns of it
 * at each end) 0.64, and a lossless mix with 15 px seams (27501 mix-09) 0.36.
 */
const HUED_MARGIN_CHROMA_SHARE = 0.75;

/** Chroma of the mean of line `line` along `axis` (a column for 'horizontal', as `huedLine` reads it). */
function lineChroma(raster: Raster, axis: 'horizontal' | 'vertical', line: number): number {
  const full = { x: 0, y: 0, width: raster.width, height: raster.height };
  return chromaOf(lineMean(raster, full, axis, line, 0, axis === 'horizontal' ? raster.height : raster.width));
}

/** Most lines the two margins of one canvas may differ by (`huedMargins`): MARGIN_MATCH of damaged-seams.ts, a margin's last line blended into the panel on either side and a 4:2:0 block one more; measured 0–1 apart on the margins above. */
const HUED_MARGIN_MATCH = 3;
