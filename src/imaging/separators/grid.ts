/**
 * Grids (beyond the reference): collages of rows *and* columns, split by recursive guillotine cuts.
 * The region is cut along its full-length separators, then every part is searched for separators
 * spanning that part, and so on. Parts come out in reading order (top→bottom, then left→right).
 *
 * Guards against a photo or a screenshot exploding into panels, and against blank panel padding
 * pulling a cut off its seam:
 * - inner seams must look like the outer seam they hang from: the same colour (within
 *   SEAM_COLOUR_TOLERANCE per channel) and at least half its width (SEAM_WIDTH_RATIO, plus slack
 *   for lossy ringing) — a thin flat line inside a photo is not the collage's gutter. There is no
 *   upper bound: a seam beside a blank screenshot margin of its colour merges with it and widens;
 * - a grid's cuts align: an inner seam that overlaps a seam already seen running the whole
 *   picture (a 2×2 grid's vertical gutter, found by the first strip detection) is narrowed to it,
 *   so the cut goes through the gutter, not through the middle of gutter + blank padding;
 * - a part's outer ends are the picture's own content range (its margins), never a panel's blank
 *   padding: a screenshot panel keeps its white border;
 * - a seam found across the whole picture cuts every panel it lies inside (`throughWholeSeams`):
 *   a part's shorter lines may lose it (heavy JPEG, a badge), the whole picture's lines did not;
 * - paragraph gaps are already rejected by `isGapInsidePanel` at every level;
 * - at most MAX_GRID_DEPTH levels and MAX_GRID_PANELS panels; more than MAX_PARTS (8) only when
 *   the cuts align — the panels form one lattice of rows × columns (the 3×3 … 4×4 photo grid of a
 *   "find these places" task) — as a texture's apparent cells rarely do; otherwise it is texture;
 * - with the collage colour known, every seam at every level has that colour (`collage-colour.ts`),
 *   and a part inherits its outer cut's evidence that the colour is a canvas (`captions.ts`).
 */
import type { Box, Raster } from '../raster.js';
import { measureColumnsOnly, measureRows, type OneAxisStats, type RegionStats } from './line-stats.js';
import { minimumPartSize, type Interval } from './segments.js';
import { COLLAGE_COLOUR_TOLERANCE, type Rgb } from './collage-colour.js';
import { detectStrips, MAX_PARTS, stripBoxes, type PartDetectionOptions, type Separator, type StripDetection } from './strips.js';

/** Same gutter colour: covers JPEG's shift of a thin seam's mean (measured up to ~25) with a margin. */
export const SEAM_COLOUR_TOLERANCE = COLLAGE_COLOUR_TOLERANCE;
/** Most panels of a grid: 4×4. Sixteen pictures is what one tool result can still carry (see enc_split_image). */
export const MAX_GRID_PANELS = 16;
/** An inner seam is at least half as wide as its parent seam… */
const SEAM_WIDTH_RATIO = 2;
/** …give or take the few lines lossy ringing adds to or takes from a seam. */
const SEAM_WIDTH_SLACK = 4;
/**
 * …and at most this many times as wide (plus WIDE_SEAM_SLACK): one collage's gutters are alike, so
 * a band's plain stretch far wider than the seam it was cut out along is a photo's own flat area
 * beside a seam too thin to see there (independent seed 2005 heavy-07: 1 px white seams at q25
 * saved twice; the middle band's white run 448–537, a white photo's edge beside the seam at 446,
 * was cut at 492 through that photo). Captions widen a band's gutters to seam + the caption's
 * padding: 19 px against 6 (red-team caption-13), well inside.
 */
const WIDE_SEAM_RATIO = 4;
const WIDE_SEAM_SLACK = 24;
/** Three levels cover every guillotine layout of up to 8 panels met in practice (rows of columns of rows). */
const MAX_GRID_DEPTH = 3;

export interface GridDetection {
  /** The panels in reading order; null when there are more than MAX_PARTS (texture). */
  panels: Box[] | null;
  /** Every seam used, as rectangles in picture coordinates (for checking that cuts lie inside them). */
  seams: Box[];
}

/** The strip detection a region is cut along: the axis with more usable segments; rows first on a tie (reading order). */
export function chooseCut(h: StripDetection, v: StripDetection): StripDetection | null {
  if (!h.usable && !v.usable) return null;
  if (!h.usable) return v;
  if (!v.usable) return h;
  return h.segments.length > v.segments.length ? h : v;
}

/** Narrows `sep` to a known full-length seam it overlaps, then checks it against the parent seam. */
function refineSeam(parent: Separator | undefined, known: readonly Separator[], colour: Rgb | undefined, captionGaps: readonly Interval[]): (sep: Separator) => Separator | null {
  return (found) => {
    // The whole picture joined a caption to its photo across this gap; a part, seeing only its
    // own photo and caption, may judge the caption too inked to be one (a 2-line caption of large
    // type: red-team seed 302 caption-14, the cell's caption band 0.6 light only with more of the
    // seam in it) and cut between them.
    if (captionGaps.some((g) => g.start < found.end && found.start < g.end)) return null;
    const aligned = known.find((k) => k.start < found.end && found.start < k.end);
    const sep = aligned ? { start: Math.max(found.start, aligned.start), end: Math.min(found.end, aligned.end), colour: found.colour } : found;
    if (parent === undefined) return sep;
    const w = sep.end - sep.start;
    // The width test is for a thin flat line inside a photo; a seam that continues a gutter running
    // the whole picture is that gutter. Captions make the two axes' seams differ: a 2×2 grid with
    // captions under its photos has 6 px columns but 19 px rows (seam + the caption's padding;
    // red-team caption-13), and its columns failed the test (6·2 + 4 < 19): the grid fell to 2 rows.
    if (!aligned && w * SEAM_WIDTH_RATIO + SEAM_WIDTH_SLACK < parent.end - parent.start) return null;
    if (!aligned && w > WIDE_SEAM_RATIO * (parent.end - parent.start) + WIDE_SEAM_SLACK) return null;
    const reference = colour ?? parent.colour;
    for (let c = 0; c < 3; c++) if (Math.abs(sep.colour[c]! - reference[c]!) > SEAM_COLOUR_TOLERANCE) return null;
    return sep;
  };
}

/** The content range along an axis, from its whole-picture detection (null: nothing to bound by). */
function contentOf(d: StripDetection | undefined): Interval | undefined {
  const first = d?.segments[0];
  const last = d?.segments[d.segments.length - 1];
  return first && last ? { start: first.start, end: last.end } : undefined;
}

/**
 * Splits the picture into grid panels. `top` is the whole-picture statistics already measured for
 * strip detection, reused so the first level costs no extra pass. Below it, a part cut along one
 * axis is only searched across the *other* axis: its lines along the cut axis are its parent's
 * lines, already judged there (searching them again with the part's smaller sliver size would
 * only re-cut slivers the parent folded). So a part cut out of rows needs only column statistics
 * and a part cut out of columns only row statistics.
 *
 * @example
 * ```ts
 * const { panels } = detectGrid(raster, measureLines(raster, fullBox)); // 2×2 → four boxes
 * ```
 */
export function detectGrid(raster: Raster, top: RegionStats, topH?: StripDetection, topV?: StripDetection, colour?: Rgb): GridDetection {
  const seams: Box[] = [];
  const panels: Box[] = [];
  let overflow = false;

  const unusable = (axis: StripDetection['axis']): StripDetection => ({ axis, segments: [], separators: [], apparent: 0, usable: false, trusted: false, captions: 0, damaged: 0, damagedSeams: [] });
  const topOptions: PartDetectionOptions = colour ? { colour } : {};
  const hTop = topH ?? detectStrips(raster, top, 'horizontal', topOptions);
  const vTop = topV ?? detectStrips(raster, top, 'vertical', topOptions);
  const bounds = { horizontal: contentOf(hTop), vertical: contentOf(vTop) };
  // A lattice of at least LATTICE_SHORTCUT × LATTICE_SHORTCUT cells whose seams all run the whole
  // picture is a photo grid: each cell between them is a panel, so the cells are not searched
  // again. On the bench's 4×4 grid that search was 72 % of the detection (7.2 → 2.0 ms CPU), and
  // on 1806 pictures it changed no panel count: 68 plans moved a cut by 1–4 px from one band's
  // reading of a seam to the whole seam's middle (one more exact, none less). A cell split again
  // inside itself (a collage nested in a grid cell) stays one panel.
  const full = hTop.segments.length >= LATTICE_SHORTCUT && vTop.segments.length >= LATTICE_SHORTCUT ? latticeOf(hTop, vTop) : null;
  if (full) {
    readingOrder(full);
    return { panels: full, seams: [] };
  }

  /** `across`: the only axis still worth searching in this part (undefined at the top: both). */
  const visit = (
    stats: RegionStats | OneAxisStats,
    depth: number,
    parent: Separator | undefined,
    trusted: boolean,
    across?: StripDetection['axis'],
    h?: StripDetection,
    v?: StripDetection,
  ): void => {
    if (overflow) return;
    const region = stats.region;
    const options = (axis: StripDetection['axis']): PartDetectionOptions => {
      const known = axis === 'horizontal' ? hTop.separators : vTop.separators;
      const range = bounds[axis];
      const gaps = (axis === 'horizontal' ? hTop.captionGaps : vTop.captionGaps) ?? [];
      // The width of the seam cut along tells a part's one seam its width (strips.ts,
      // narrowPaddedSeams), but not where the whole picture has captions on the part's axis: a
      // seam there holds a caption's gap (independent seed 20026 caption-02, lossless: 8 px column
      // seam, 27 px row seam below a caption on the seam's grey; narrowed to 8, cut 10 rows low).
      const captioned = (axis === 'horizontal' ? hTop.captions : vTop.captions) > 0;
      const base: PartDetectionOptions = { refine: refineSeam(parent, known, colour, gaps), trusted, damagedWithin: known, ...(colour ? { colour } : {}), ...(parent && !captioned ? { parentWidth: parent.end - parent.start } : {}) };
      return range ? { ...base, bounds: range } : base;
    };
    let cut: StripDetection | null = null;
    if (depth < MAX_GRID_DEPTH) {
      const hd = h ?? (across === 'vertical' ? unusable('horizontal') : detectStrips(raster, stats, 'horizontal', options('horizontal')));
      const vd = v ?? (across === 'horizontal' ? unusable('vertical') : detectStrips(raster, stats, 'vertical', options('vertical')));
      cut = chooseCut(hd, vd);
    }
    if (cut === null) {
      panels.push(withinContent(region, bounds.horizontal, bounds.vertical));
      if (panels.length > MAX_GRID_PANELS) overflow = true;
      return;
    }
    for (const sep of cut.separators) {
      seams.push(
        cut.axis === 'horizontal'
          ? { x: sep.start, y: region.y, width: sep.end - sep.start, height: region.height }
          : { x: region.x, y: sep.start, width: region.width, height: sep.end - sep.start },
      );
    }
    const childParent = cut.separators[0] ?? parent;
    const childTrusted = trusted || cut.trusted;
    for (const box of stripBoxes(region, cut.axis, cut.segments)) {
      // Cut out of rows (vertical) → search across columns next, and the other way round.
      if (cut.axis === 'vertical') visit(measureColumnsOnly(raster, box), depth + 1, childParent, childTrusted, 'horizontal');
      else visit(measureRows(raster, box), depth + 1, childParent, childTrusted, 'vertical');
      if (overflow) return;
    }
  };

  visit(top, 0, undefined, false, undefined, hTop, vTop);
  if (!overflow) {
    const whole = throughWholeSeams(panels, hTop, vTop, raster);
    if (whole.length > MAX_GRID_PANELS) overflow = true;
    panels.splice(0, panels.length, ...whole);
  }
  readingOrder(panels);
  if (overflow || (panels.length > MAX_PARTS && !isLattice(panels))) {
    // Both axes have seams running the whole picture: every cell between them is a panel, so the
    // lattice of the two strip detections is a grid whatever a cell's inside looked like (a badge
    // or a dark photo may hide a seam inside one band, never across the whole picture).
    const lattice = latticeOf(hTop, vTop);
    return lattice ? { panels: lattice, seams } : { panels: null, seams };
  }
  // The same when the parts missed a seam of the whole picture inside one band: each panel found
  // is whole cells of the lattice, and the lattice is finer. Seams running the whole picture on
  // both axes passed every rule over their whole length; applied again inside one band a rule may
  // drop one there — junction badges hide its ends, or it reads as the fade of a light photo edge
  // beside it (measured: a 2×2 with 24 px grey gutters and captions under gave 3 panels of 4).
  const lattice = latticeOf(hTop, vTop);
  if (lattice && lattice.length > panels.length && panels.every((p) => coversCells(p, hTop, vTop))) return { panels: lattice, seams };
  return { panels, seams };
}

/**
 * The panels, each cut again along every seam of the whole picture that lies entirely inside it.
 * A seam found across the whole picture separates panels along its whole length, so a part that
 * still holds one is two panels whose seam the part's own, shorter lines lost (a 1 px seam of a
 * JPEG saved twice at q27, clean over the whole picture but, over one band of a 3×3 grid, too
 * noisy for the part's damaged-seam probes; measured: seeds 701–708, 2 heavy grids of 9 and 4
 * panels gave 8 and 3). The cut is the whole picture's: the boundary of its strip segments.
 * No cut leaves a sliver (`minimumPartSize` of the picture's side): where a band read the same
 * blurred seam a few lines off the whole picture's cut, the panel edges beside it move onto that
 * cut instead, as the whole picture read the seam over its whole length (heavy seed 4052
 * heavy-05: a 1 px white seam at q29 saved twice, at 237 for the whole picture and at 239 and 240
 * for two of three column bands, gave 2–3 px panels between the readings, and without them cuts
 * 2 lines inside the photos below).
 */
function throughWholeSeams(panels: readonly Box[], h: StripDetection, v: StripDetection, picture: { width: number; height: number }): Box[] {
  let out = [...panels];
  const cuts = (d: StripDetection): { sep: Separator; at: number }[] => (d.usable ? d.separators.map((sep, i) => ({ sep, at: d.segments[i + 1]!.start })) : []);
  for (const { sep, at } of cuts(h)) out = out.flatMap((p) => cutAlong(p, 'x', 'width', sep, at, minimumPartSize(picture.width)));
  for (const { sep, at } of cuts(v)) out = out.flatMap((p) => cutAlong(p, 'y', 'height', sep, at, minimumPartSize(picture.height)));
  return out;
}

/** `throughWholeSeams` for one panel and one whole-picture cut along one axis. */
function cutAlong(p: Box, pos: 'x' | 'y', size: 'width' | 'height', sep: Separator, at: number, minimum: number): Box[] {
  const start = p[pos];
  const end = p[pos] + p[size];
  if (start < sep.start && sep.end < end) {
    if (at - start >= minimum && end - at >= minimum) return [{ ...p, [size]: at - start }, { ...p, [pos]: at, [size]: end - at }];
    // One piece would be a sliver: the panel's edge on that side is the band's reading of this seam.
    return at - start < minimum ? [{ ...p, [pos]: at, [size]: end - at }] : [{ ...p, [size]: at - start }];
  }
  // The panel beyond such an edge: its edge moves onto the cut too, so the two stay adjacent.
  if (start !== at && Math.abs(start - at) < minimum && end - at >= minimum) return [{ ...p, [pos]: at, [size]: end - at }];
  if (end !== at && Math.abs(end - at) < minimum && at - start >= minimum) return [{ ...p, [size]: at - start }];
  return [p];
}

/**
 * A grid panel without the picture's margins: a part cut out along one axis spans its parent
 * across the other, margins included, and stays so when nothing cuts it further — the big panel
 * of a mosaic (one big photo beside two stacked small ones). Measured on red-team mosaics of seeds
 * 300 and 301: the big panel kept the 14 px (20 px) margin above it, so it also sorted before the
 * small panel to its left (y 0 < 13) — reading order is by the panels' top-left corners.
 */
function withinContent(box: Box, xs: Interval | undefined, ys: Interval | undefined): Box {
  const x0 = xs ? Math.max(box.x, xs.start) : box.x;
  const x1 = xs ? Math.min(box.x + box.width, xs.end) : box.x + box.width;
  const y0 = ys ? Math.max(box.y, ys.start) : box.y;
  const y1 = ys ? Math.min(box.y + box.height, ys.end) : box.y + box.height;
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : box;
}

/** True when the box's edges lie on the cuts (or content ends) of both strip detections. */
function coversCells(box: Box, h: StripDetection, v: StripDetection): boolean {
  const onCut = (at: number, segments: readonly Interval[]): boolean => segments.some((s) => Math.abs(s.start - at) <= LATTICE_SLACK || Math.abs(s.end - at) <= LATTICE_SLACK);
  return onCut(box.x, h.segments) && onCut(box.x + box.width, h.segments) && onCut(box.y, v.segments) && onCut(box.y + box.height, v.segments);
}

/** The cells of two usable strip detections (columns × rows), when at most MAX_GRID_PANELS. */
function latticeOf(h: StripDetection, v: StripDetection): Box[] | null {
  if (!h.usable || !v.usable || h.segments.length * v.segments.length > MAX_GRID_PANELS) return null;
  const out: Box[] = [];
  for (const r of v.segments) for (const c of h.segments) out.push({ x: c.start, y: r.start, width: c.end - c.start, height: r.end - r.start });
  return out;
}

/** Fewest rows and columns of a whole-picture lattice taken as the grid without searching its cells (see `detectGrid`). */
const LATTICE_SHORTCUT = 3;

/** How far (px) the same cut may wander between the bands of a lossy grid and still align. */
const LATTICE_SLACK = 2;

/**
 * Sorts panels in reading order: rows top to bottom, each row left to right. A panel whose top is
 * within LATTICE_SLACK of its row's first belongs to that row: the bands of a lossy grid put the
 * same cut a pixel apart (measured: a 4×3 grid with 4 px red seams at q55, seed 708, had its third
 * row's first panel at y=307 and the others at 306; sorted by y alone it came last).
 *
 * @example
 * ```ts
 * const p = [{ x: 9, y: 307, width: 216, height: 148 }, { x: 225, y: 306, width: 218, height: 148 }];
 * readingOrder(p); // p[0].x === 9
 * ```
 */
export function readingOrder(panels: Box[]): void {
  panels.sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: Box[][] = [];
  for (const p of panels) {
    const row = rows[rows.length - 1];
    if (row && p.y - row[0]!.y <= LATTICE_SLACK) row.push(p);
    else rows.push([p]);
  }
  panels.splice(0, panels.length, ...rows.flatMap((row) => row.sort((a, b) => a.x - b.x)));
}

/**
 * True when the panels are the cells of one rows × columns lattice: cut into bands (rows, or
 * columns) with the same number of panels each, whose cuts across the bands align within
 * LATTICE_SLACK pixels.
 *
 * @example
 * ```ts
 * isLattice([{x:0,y:0,width:5,height:5},{x:5,y:0,width:5,height:5}]); // true
 * ```
 */
export function isLattice(panels: readonly Box[]): boolean {
  const aligned = (band: (b: Box) => number, along: (b: Box) => number, size: (b: Box) => number): boolean => {
    const bands = new Map<number, Box[]>();
    for (const p of panels) bands.set(band(p), [...(bands.get(band(p)) ?? []), p]);
    const rows = [...bands.values()].map((r) => [...r].sort((a, b) => along(a) - along(b)));
    const first = rows[0]!;
    return rows.every(
      (r) =>
        r.length === first.length &&
        r.every((p, i) => Math.abs(along(p) - along(first[i]!)) <= LATTICE_SLACK && Math.abs(along(p) + size(p) - along(first[i]!) - size(first[i]!)) <= LATTICE_SLACK),
    );
  };
  return (
    aligned((b) => b.y, (b) => b.x, (b) => b.width) ||
    aligned((b) => b.x, (b) => b.y, (b) => b.height)
  );
}

/** Tops of one grid row, read by different bands of a blurred seam: at most 3 px apart (seed 4052 heavy-05). */
const ROW_TOP_SLACK = 3;

/**
 * Rows of panels in reading order (a lossy grid's cuts may differ by a few pixels from band to
 * band: tops within ROW_TOP_SLACK are one row) and the panels of the first row.
 */
export function gridShape(panels: readonly Box[]): { rows: number; cols: number } {
  const tops = [...new Set(panels.map((p) => p.y))].sort((a, b) => a - b);
  const rows = tops.filter((y, i) => i === 0 || y - tops[i - 1]! > ROW_TOP_SLACK).length;
  return { rows, cols: panels.filter((p) => p.y - panels[0]!.y <= ROW_TOP_SLACK).length };
}
