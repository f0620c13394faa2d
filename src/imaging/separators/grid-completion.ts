/**
 * Grid completion: the cells of a big photo grid that the recursion returned in pieces.
 *
 * A grid's parts are searched with the rules of a part (`grid.ts`): a damaged seam counts there
 * only where it continues a seam of the whole picture, and pictures beyond DAMAGED_SEARCH_MAX_PIXELS
 * and _SIDE are never searched for damaged seams at all. So a grid whose thin seams ring under JPEG
 * on part of their length comes back with some cells merged: a 2358×1962 4×4 grid with 2 px red
 * seams at q70 gave a 2×2 of 3×2, 1×2, … blocks (the seams spread 60–73 over the picture's whole
 * height, 20–53 within one band); a 3×3 grid with 2 px yellow seams under 4:2:0 gave 4 panels.
 * Each merged block, searched as a picture of its own, splits right (its seams ring less over
 * its shorter lines, and the damaged-seam search reaches it).
 *
 * What keeps this from cutting a photo (a block is planned as a picture would be, with every rule
 * of a whole picture, and then):
 * - a block is planned only when some line across it is seam-like in luma (`crossedBySeamLine`,
 *   32 probes a line): the photos of a strip or grid found whole cost a probe, not a plan. (A
 *   first version skipped every grid of equal cells instead; probing them too found 2 more of
 *   1276 tuning pictures, a 2×2 found as two tall columns among them, at no measurable cost);
 * - every cut a block's plan adds has the collage colour on its middle line
 *   (`sameSeamColour`, the test of a thin seam under 4:2:0) and is **aligned**: another panel has
 *   a cut or an edge at the same place (within ALIGN_SLACK). A grid's cuts run through rows and
 *   columns of cells; a photo's inner edge (a horizon, a pole) lines up with no other panel's;
 * - a cut that aligns with nothing yet is *carried* across the band instead: every other panel it
 *   would have to cut for the grid to stay rows and columns must show a seam line there (90 % of
 *   its pixels near the collage colour, `seamLineAt`), or nothing is cut;
 * - a block's cuts are taken all or none; the completed grid holds at most MAX_GRID_PANELS panels,
 *   more than MAX_PARTS only as one lattice (`isLattice`), as any grid, and no sliver.
 *
 * Measured on seven batches of the independent generator (seeds 1300–1303 and 1310–1312, 640
 * pictures): exact 506 → 515 (grids 64 → 68 of 80, heavy 53 → 56, badges 50 → 52), no new cut;
 * then, untouched while tuning, independent seeds 1320–1321 and project seeds 1350–1352 (424
 * pictures): 358 → 361 (grids 49 → 52 of 56), no new cut. Carrying cuts, on all twelve: 876 → 878
 * (seed 1311 grid-11, 1320 grid-01). No committed or bench plan changed.
 *
 * **Thin-seam lattices** (`thinSeamLattice`, tried by plan.ts when the plan has fewer than 16
 * panels): a 3–4 × 3–4 photo grid with 1–2 px seams that JPEG smeared past every line rule
 * (refused, or a few merged blocks; pictures over DAMAGED_SEARCH_MAX_SIDE are never searched for
 * damaged seams) is found whole from the luma of its seam lines near the places of an equal
 * division. Measured on independent seeds 2400–2407, project seeds 2450–2451 and the committed
 * batches (836 pictures): exact 711 → 725 (grids 90 → 102 of 108), no new cut, no committed plan
 * changed; 0.01 ms on the bench strip, 0.03 ms on the 12 MP bench grid.
 *
 * **Strip completion** (`completeStrip`, tried by plan.ts on a strip of the collage colour): a
 * strip of panels of one length but for a few exactly two to four of them long is cut where their
 * seams are, when each is there (a seam a badge crosses at the picture's edge or in the seam's
 * colour, that the damaged-seam search missed). On the same 836 pictures: exact 725 → 745 (badge
 * 86 → 94, flat 100 → 104, heavy 80 → 85, gradient 89 → 92), no new cut; then, untouched while
 * tuning both rules, independent seeds 2408–2413 and project seed 2452 (440 pictures): 385 → 397
 * (grid 50 → 55, badge 45 → 48), no new cut, none worse. A strip of equal panels costs nothing.
 */
import type { Box, Raster } from '../raster.js';
import { luma, sameSeamColour, type Rgb } from './collage-colour.js';
import { damagedSearched } from './damaged-seams.js';
import { CLOSE_PANEL_SHARE, CLOSE_PANEL_TOLERANCE, isPanelLine, isTightLine, NEAR_SEAM_TOLERANCE, OCCLUDED_SHARE, readSeamLine, type LineAt } from './occluded-seams.js';
import type { Interval } from './segments.js';
import { lineMean, PLAIN_SPREAD } from './classify.js';
import { isLattice, MAX_GRID_PANELS, readingOrder } from './grid.js';
import { MAX_PARTS } from './strips.js';
import { NARROW_RINGING_RUN } from './runs.js';
import type { Profile } from './margin-profile.js';
import { rampSeamNear, seamRamp } from './ramp-seams.js';
import { lineProfiles } from './line-profiles.js';

/** A plan of one block, as planSplit makes it for a whole picture. */
export type BlockPlan = { ok: true; parts: Box[] } | { ok: false };

/** How far (px) a block's cut may be from another panel's cut or edge and still align: a seam's middle moves by up to its width under JPEG. */
const ALIGN_SLACK = 4;
/**
 * Narrowest panel a completion may make: two blocks cutting one wide seam at its two edges leave
 * a sliver of seam between their cuts (measured: a 12 px yellow seam at q25 with a junction badge,
 * seed 1310 badge-10, gave two 9 px rows); the cells of a 4×4 quest grid are ≥ 120 px.
 */
export const MIN_COMPLETED_SIDE = 48;
/** Smallest block worth a search: two panels of the bench's smallest 4×4 cells (120 px). */
const MIN_BLOCK_SIDE = 240;

/** A cut inside a block: vertical (`x`) or horizontal (`y`), at `at`, spanning [from, to) across. */
interface Cut {
  axis: 'x' | 'y';
  at: number;
  from: number;
  to: number;
}

/**
 * The grid with its merged blocks split, or null when nothing changes.
 *
 * @example
 * ```ts
 * const done = completeGrid(raster, grid.parts, colour, (box) => planBlock(box));
 * if (done) grid.parts = done;
 * ```
 */
export function completeGrid(raster: Raster, panels: readonly Box[], colour: Rgb, planBlock: (box: Box) => BlockPlan): Box[] | null {
  if (panels.length < 2 || panels.length >= MAX_GRID_PANELS) return null;
  const splits = new Map<number, { parts: Box[]; cuts: Cut[] }>();
  panels.forEach((panel, i) => {
    if (Math.max(panel.width, panel.height) < MIN_BLOCK_SIDE || !damagedSearched(panel) || !crossedBySeamLine(raster, panel, colour)) return;
    const plan = planBlock(panel);
    if (!plan.ok || plan.parts.length < 2) return;
    const parts = plan.parts.map((p) => toBlockEdges({ x: p.x + panel.x, y: p.y + panel.y, width: p.width, height: p.height }, panel));
    splits.set(i, { parts, cuts: innerCuts(panel, parts) });
  });
  if (splits.size === 0) return null;

  // Per panel: its boxes after completion (itself, or its block's parts).
  const result: Box[][] = panels.map((p) => [p]);
  const unaligned: number[] = [];
  let changed = false;
  panels.forEach((panel, i) => {
    const split = splits.get(i);
    if (split === undefined || split.cuts.length === 0 || !split.cuts.every((c) => seamColoured(raster, c, colour))) return;
    const others = panels.filter((_, j) => j !== i);
    const otherCuts = [...splits.entries()].filter(([j]) => j !== i).flatMap(([, s]) => s.cuts);
    if (split.cuts.every((c) => aligned(c, others, otherCuts))) {
      result[i] = split.parts;
      changed = true;
    } else {
      unaligned.push(i);
    }
  });
  // A block's cut that lines up with nothing found so far is carried across the panels it would
  // have to cut for the grid to stay rows and columns — the other blocks of its row (column) band —
  // when each of them shows a seam line there (`seamLineAt`): a 1 px seam at q31 that the block's
  // own plan found and its neighbours' plans lost.
  for (const i of unaligned) {
    // Already cut by a cut carried from another block: that cut stands.
    if (result[i]!.length > 1) continue;
    const split = splits.get(i)!;
    const carried = new Map<number, Cut[]>();
    const ok = split.cuts.every((c) => {
      const crossed = panels
        .map((p, j) => ({ p, j }))
        .filter(({ p, j }) => j !== i && result[j]!.length === 1 && (c.axis === 'x' ? p.x + ALIGN_SLACK < c.at && c.at < p.x + p.width - ALIGN_SLACK : p.y + ALIGN_SLACK < c.at && c.at < p.y + p.height - ALIGN_SLACK));
      if (crossed.length === 0) return false;
      for (const { p, j } of crossed) {
        const cut: Cut = c.axis === 'x' ? { axis: 'x', at: c.at, from: p.y, to: p.y + p.height } : { axis: 'y', at: c.at, from: p.x, to: p.x + p.width };
        if (!seamLineAt(raster, cut, colour)) return false;
        carried.set(j, [...(carried.get(j) ?? []), cut]);
      }
      return true;
    });
    if (!ok) continue;
    result[i] = split.parts;
    for (const [j, cuts] of carried) result[j] = cutAt(panels[j]!, cuts);
    changed = true;
  }
  return changed ? completedGrid(result.flat()) : null;
}

/** The box cut along every one of `cuts` (each strictly inside it). */
function cutAt(box: Box, cuts: readonly Cut[]): Box[] {
  let out = [box];
  for (const c of cuts) {
    out = out.flatMap((b) =>
      c.axis === 'x'
        ? b.x < c.at && c.at < b.x + b.width ? [{ ...b, width: c.at - b.x }, { ...b, x: c.at, width: b.x + b.width - c.at }] : [b]
        : b.y < c.at && c.at < b.y + b.height ? [{ ...b, height: c.at - b.y }, { ...b, y: c.at, height: b.y + b.height - c.at }] : [b],
    );
  }
  return out;
}

/**
 * Share of a carried line's pixels that must be near the collage colour: the best line of every
 * 1–3 px heavy-JPEG seam keeps ≥ 96 % of its pixels within 48 of it, lines 3 px away 0–54 %
 * (the measurement behind `damaged-seams.ts`); a photo's row or column of that colour from end
 * to end is a plain line, found long before.
 */
export const CARRIED_SHARE = 0.9;
/** Per-channel distance of such a pixel: a thin seam's JPEG ringing (see NEAR_SEAM_TOLERANCE). */
const CARRIED_TOLERANCE = NEAR_SEAM_TOLERANCE;

/** Pixels probed on a line before it is read in full (`crossedBySeamLine`). */
const LINE_PROBES = 32;
/**
 * The probe only saves the block's plan where no seam can be: a line counts when 80 % of its
 * pixels are within 24 of the collage colour's luma — JPEG keeps a thin seam's luma (its lines'
 * means within 7, see SEAM_LUMA_TOLERANCE) while 4:2:0 smears its chroma by up to 86 (a 2 px blue
 * seam at q33 saved again at q52, seed 1312 heavy-11, fails a per-channel test). What the plan
 * then finds is judged by every rule of a picture; a photo row of the seam's luma costs time only.
 */
const PROBE_SHARE = 0.8;
const PROBE_LUMA_TOLERANCE = 24;

/**
 * True when some line across the block, at least MIN_COMPLETED_SIDE inside it, is a seam line of
 * the collage colour (`seamLineAt`'s test): a block without one has no seam for its own plan to
 * find. Each line is probed at LINE_PROBES pixels first and read in full only when the probes
 * allow 90 %. Measured: the bench's 1200×500 strip (three photos, none crossed) was planned again
 * block by block for 3 ms of its 1.6 ms detection; probing its blocks costs ≈ 0.05 ms.
 */
function crossedBySeamLine(raster: Raster, block: Box, colour: Rgb): boolean {
  return seamLikeLine(raster, block, colour, 'y') || seamLikeLine(raster, block, colour, 'x');
}

/**
 * `crossedBySeamLine` along one axis: rows (`y`) or columns (`x`) of the block, at least
 * MIN_COMPLETED_SIDE from its edges. Luma in integer thousandths (299·R + 587·G + 114·B), so a
 * probe is three multiplications and no call: this probe runs over every line of every block, and
 * as closures it was 15 % of the bench strip's planSplit.
 */
function seamLikeLine(raster: Raster, block: Box, colour: Rgb, axis: 'x' | 'y'): boolean {
  const d = raster.data;
  const seamLuma = 299 * colour[0] + 587 * colour[1] + 114 * colour[2];
  const tolerance = PROBE_LUMA_TOLERANCE * 1000;
  const [from, to] = axis === 'y' ? [block.y, block.y + block.height] : [block.x, block.x + block.width];
  const [across0, across1] = axis === 'y' ? [block.x, block.x + block.width] : [block.y, block.y + block.height];
  // Byte offset of pixel `t` across the line at 0, and the byte step from one line to the next.
  const across = axis === 'y' ? 4 : raster.width * 4;
  const along = axis === 'y' ? raster.width * 4 : 4;
  const probes = new Int32Array(LINE_PROBES);
  for (let k = 0; k < LINE_PROBES; k++) probes[k] = (across0 + Math.floor(((k + 0.5) * (across1 - across0)) / LINE_PROBES)) * across;
  const probeMisses = LINE_PROBES - Math.ceil(PROBE_SHARE * LINE_PROBES);
  const length = across1 - across0;
  const lineMisses = length - Math.ceil(PROBE_SHARE * length);
  for (let at = from + MIN_COMPLETED_SIDE; at < to - MIN_COMPLETED_SIDE; at++) {
    const base = at * along;
    let missed = 0;
    for (let k = 0; k < LINE_PROBES && missed <= probeMisses; k++) {
      const o = base + probes[k]!;
      const l = 299 * d[o]! + 587 * d[o + 1]! + 114 * d[o + 2]! - seamLuma;
      if (l > tolerance || l < -tolerance) missed++;
    }
    if (missed > probeMisses) continue;
    missed = 0;
    for (let t = across0, o = base + across0 * across; t < across1 && missed <= lineMisses; t++, o += across) {
      const l = 299 * d[o]! + 587 * d[o + 1]! + 114 * d[o + 2]! - seamLuma;
      if (l > tolerance || l < -tolerance) missed++;
    }
    if (missed <= lineMisses) return true;
  }
  return false;
}

/** True when a line within a pixel or two of the cut (a seam's middle moves under JPEG) is a seam line of the collage colour. */
function seamLineAt(raster: Raster, cut: Cut, colour: Rgb): boolean {
  const lines = cut.axis === 'x' ? raster.width : raster.height;
  for (let line = Math.max(0, cut.at - 2); line <= Math.min(lines - 1, cut.at + 1); line++) {
    if (isTightLine(lineOf(raster, cut, line), colour, CARRIED_TOLERANCE, CARRIED_SHARE)) return true;
  }
  return false;
}

/**
 * A block's part stretched to the block's edges it nearly reaches: planned as a picture, the block
 * leaves out the seam lines at its edges as margins (a 2 px seam cut through its middle leaves a
 * line on each side), while its neighbours' cuts run through that seam.
 */
function toBlockEdges(part: Box, block: Box): Box {
  const x0 = part.x - block.x <= ALIGN_SLACK ? block.x : part.x;
  const y0 = part.y - block.y <= ALIGN_SLACK ? block.y : part.y;
  const x1 = block.x + block.width - (part.x + part.width) <= ALIGN_SLACK ? block.x + block.width : part.x + part.width;
  const y1 = block.y + block.height - (part.y + part.height) <= ALIGN_SLACK ? block.y + block.height : part.y + part.height;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** The cuts between a block's parts: every part edge strictly inside the block, with the span it runs along. */
function innerCuts(block: Box, parts: readonly Box[]): Cut[] {
  const cuts: Cut[] = [];
  for (const p of parts) {
    if (p.x > block.x) cuts.push({ axis: 'x', at: p.x, from: p.y, to: p.y + p.height });
    if (p.y > block.y) cuts.push({ axis: 'y', at: p.y, from: p.x, to: p.x + p.width });
  }
  return cuts;
}

/** Another panel's edge, or another block's cut, lies at the cut's place. */
function aligned(cut: Cut, others: readonly Box[], otherCuts: readonly Cut[]): boolean {
  const near = (v: number): boolean => Math.abs(v - cut.at) <= ALIGN_SLACK;
  if (otherCuts.some((c) => c.axis === cut.axis && near(c.at))) return true;
  return others.some((o) => (cut.axis === 'x' ? near(o.x) || near(o.x + o.width) : near(o.y) || near(o.y + o.height)));
}

/**
 * The cut's line (the part's first line, just past the middle of the seam) has the collage colour
 * on average; its neighbour before it is read too, since a cut through an even seam lands between
 * its two middle lines.
 */
function seamColoured(raster: Raster, cut: Cut, colour: Rgb): boolean {
  return [cut.at - 1, cut.at].some((line) => {
    const at = lineOf(raster, cut, line);
    return sameSeamColour(lineMean(raster, at.region, at.axis, at.line, 0, at.length), colour);
  });
}

/**
 * Line `line` (a column for an `x` cut, a row for a `y` cut) over the cut's span [from, to), as the
 * line rules read it.
 *
 * @example
 * ```ts
 * lineOf(raster, { axis: 'y', from: 0, to: 400 }, 212); // row 212 over columns 0–399
 * ```
 */
export function lineOf(raster: Raster, cut: Pick<Cut, 'axis' | 'from' | 'to'>, line: number): LineAt {
  const length = cut.to - cut.from;
  return cut.axis === 'x'
    ? { raster, region: { x: 0, y: cut.from, width: raster.width, height: length }, axis: 'horizontal', line, length }
    : { raster, region: { x: cut.from, y: 0, width: length, height: raster.height }, axis: 'vertical', line, length };
}

/** A run of thin-seam lines across the whole picture: lines [start, end) of one luma. */
interface LumaRun {
  start: number;
  end: number;
  luma: number;
}

/** Probes of a line before it is read in full, and how many of them may miss. */
const LATTICE_PROBES = 32;
const LATTICE_PROBE_MISSES = 3;
/**
 * A lattice seam line: LATTICE_SHARE of its pixels within LATTICE_LUMA_TOLERANCE of its luma.
 * Luma, because 4:2:0 halves a 1 px seam's chroma: a 1 px red seam at q46 keeps 0.50–0.56 of its
 * pixels within 80 per channel, but 0.988–0.996 within 24 of its luma (seed 2401 grid-05); the
 * 1 px seams of 2–3 MP grids read 0.997–1.000 (seeds 2401 grid-04, 2403 grid-08).
 */
const LATTICE_SHARE = 0.95;
const LATTICE_LUMA_TOLERANCE = 24;
/**
 * The lines beside a seam (within LATTICE_FLANK of its run) hold photos: at least one of them on
 * each side keeps at most LATTICE_FLANK_SHARE within the tolerance of the seam's luma. Measured:
 * beside the 1 px cream seams of seed 2403 grid-08 (light photos) 0.60–0.72; a sky's rows are
 * within it on both sides, and so part of one wide run, never a thin seam.
 */
const LATTICE_FLANK = 3;
const LATTICE_FLANK_SHARE = 0.8;
/**
 * Cells of one lattice axis are equal within this ratio: organisers' grids are of equal cells
 * (measured 0.98 on the 1 px grids of seeds 2401–2404). So each seam is looked for only near its
 * place in an equal division into 3 or 4 (LATTICE_WINDOW of a cell either side): a few hundred
 * lines of a picture are probed, not all of them (all of them cost 5.6 ms on the 1200×500 bench
 * strip, whose detection takes 1.8).
 */
const LATTICE_CELL_RATIO = 0.8;
const LATTICE_WINDOW = 0.12;
/** Widest margin of the seam's luma looked for at a picture's end (the organisers' 4–25 px, and JPEG's ringing lines beside them). */
const LATTICE_MARGIN_MAX = 40;

const lumaOf = (d: Uint8Array, o: number): number => luma(d[o]!, d[o + 1]!, d[o + 2]!);

/** The lines of one axis of a picture (columns for `x`), read for one luma. */
class LumaLines {
  readonly lines: number;
  private readonly length: number;
  private readonly probes = new Float64Array(LATTICE_PROBES);
  /** Byte offset of each probe from the line's first pixel. */
  private readonly steps = new Int32Array(LATTICE_PROBES);
  constructor(private readonly raster: Raster, private readonly axis: 'x' | 'y') {
    this.lines = axis === 'x' ? raster.width : raster.height;
    this.length = axis === 'x' ? raster.height : raster.width;
    for (let k = 0; k < LATTICE_PROBES; k++) this.steps[k] = this.offset(0, Math.floor(((k + 0.5) * this.length) / LATTICE_PROBES));
  }
  private offset(line: number, t: number): number {
    return this.axis === 'x' ? (t * this.raster.width + line) * 4 : (line * this.raster.width + t) * 4;
  }
  /** The luma the line's probes agree on (`luma` when given, else their mean), or -1: more than LATTICE_PROBE_MISSES probes off it. */
  probed(line: number, luma?: number): number {
    const d = this.raster.data;
    const base = this.offset(line, 0);
    let missed = 0;
    if (luma !== undefined) {
      for (let k = 0; k < LATTICE_PROBES; k++) if (Math.abs(lumaOf(d, base + this.steps[k]!) - luma) > LATTICE_LUMA_TOLERANCE && ++missed > LATTICE_PROBE_MISSES) return -1;
      return luma;
    }
    // Unknown luma: one of the first LATTICE_PROBE_MISSES + 1 probes is on the seam if the line is
    // one, so each is tried as the luma, the probes read as needed (a photo's line fails each
    // within a few probes: a sort of all 32 cost 0.12 ms of a refused 1.4 ms photo's plan).
    let read = 0;
    const probe = (k: number): number => {
      for (; read <= k; read++) this.probes[read] = lumaOf(d, base + this.steps[read]!);
      return this.probes[k]!;
    };
    for (let c = 0; c <= LATTICE_PROBE_MISSES; c++) {
      const guess = probe(c);
      missed = 0;
      let sum = 0;
      let on = 0;
      for (let k = 0; k < LATTICE_PROBES; k++) {
        const v = probe(k);
        if (Math.abs(v - guess) > LATTICE_LUMA_TOLERANCE) {
          if (++missed > LATTICE_PROBE_MISSES) break;
        } else {
          sum += v;
          on++;
        }
      }
      // The agreeing probes' mean: the seam's luma, not one probe's noise.
      if (missed <= LATTICE_PROBE_MISSES) return sum / on;
    }
    return -1;
  }
  /** Share of the line's pixels within LATTICE_LUMA_TOLERANCE of `luma`, read until it is known to reach `atLeast` or not. */
  reaches(line: number, luma: number, atLeast: number): boolean {
    const d = this.raster.data;
    const allowed = (1 - atLeast) * this.length;
    let off = 0;
    for (let t = 0; t < this.length; t++) if (Math.abs(lumaOf(d, this.offset(line, t)) - luma) > LATTICE_LUMA_TOLERANCE && ++off > allowed) return false;
    return true;
  }
}

/**
 * The thin seam near `place` (within `reach` lines): a run of lines whose probes agree on one luma
 * (`luma` when known), at most NARROW_RINGING_RUN wide, one line of it LATTICE_SHARE within the
 * tolerance and a photo line beside it on each side (LATTICE_FLANK, LATTICE_FLANK_SHARE). Null
 * when there is none, or more than one.
 */
function seamNear(lines: LumaLines, place: number, reach: number, luma: number | undefined): LumaRun | null {
  const from = Math.max(1, Math.round(place - reach));
  const to = Math.min(lines.lines - 1, Math.round(place + reach));
  let found: LumaRun | null = null;
  for (let line = from; line < to; line++) {
    const k = lines.probed(line, luma);
    if (k < 0) continue;
    // The whole run of agreeing lines, also past the window's ends.
    let start = line;
    while (start > 0 && start > line - NARROW_RINGING_RUN && near(lines.probed(start - 1, k), k)) start--;
    let end = line + 1;
    while (end < lines.lines && end - start <= NARROW_RINGING_RUN && near(lines.probed(end, k), k)) end++;
    line = end;
    if (end - start > NARROW_RINGING_RUN || start === 0 || end === lines.lines) continue;
    let tight = false;
    for (let i = start; i < end && !tight; i++) tight = lines.reaches(i, k, LATTICE_SHARE);
    const photoBeside = (step: 1 | -1): boolean => {
      for (let g = 1; g <= LATTICE_FLANK; g++) {
        const at = step < 0 ? start - g : end - 1 + g;
        if (at >= 0 && at < lines.lines && !lines.reaches(at, k, LATTICE_FLANK_SHARE)) return true;
      }
      return false;
    };
    if (!tight || !photoBeside(-1) || !photoBeside(1)) continue;
    if (found) return null;
    found = { start, end, luma: k };
  }
  return found;
}

const near = (k: number, luma: number): boolean => k >= 0 && Math.abs(k - luma) <= LATTICE_LUMA_TOLERANCE;

/**
 * The cut lines of one axis of a thin-seam lattice between its margins (`head`, `tail`: the first
 * and the last line of the content), as [head, cut…, tail], or null. Tried for 3 and 4 cells;
 * exactly one of the two must find every seam, of one luma.
 */
function latticeAxis(lines: LumaLines, luma: number | undefined): { edges: number[]; luma: number } | null {
  let found: { edges: number[]; luma: number } | null = null;
  for (const cells of [3, 4]) {
    // Margins first when the luma is known; else from the seams' luma, found with the picture's ends as the content's.
    let k = luma;
    let [head, tail] = [0, lines.lines];
    const margins = (): void => {
      head = 0;
      while (head < LATTICE_MARGIN_MAX && near(lines.probed(head, k), k!)) head++;
      tail = lines.lines;
      while (lines.lines - tail < LATTICE_MARGIN_MAX && near(lines.probed(tail - 1, k), k!)) tail--;
    };
    if (k !== undefined) margins();
    let seams: LumaRun[] = [];
    for (let pass = 0; pass < 2; pass++) {
      const cell = (tail - head) / cells;
      seams = [];
      for (let i = 1; i < cells; i++) {
        const seam = seamNear(lines, head + i * cell, LATTICE_WINDOW * cell, k);
        if (seam === null || (k !== undefined && !near(seam.luma, k))) break;
        k ??= seam.luma;
        seams.push(seam);
      }
      if (seams.length < cells - 1 || luma !== undefined || pass === 1) break;
      // The luma found by the seams: now the margins of it, and the seams again between them.
      margins();
    }
    if (seams.length < cells - 1) continue;
    const edges = [head, ...seams.map((r) => r.start + ((r.end - r.start) >> 1)), tail];
    const widths = edges.slice(1).map((e, i) => e - edges[i]!);
    const min = Math.min(...widths);
    if (min < MIN_BLOCK_SIDE / 2 || min < LATTICE_CELL_RATIO * Math.max(...widths)) continue;
    if (found) return null;
    found = { edges, luma: k! };
  }
  return found;
}

/**
 * A photo grid of 3–4 rows and 3–4 columns whose thin seams no plain line shows (1–2 px, every
 * line of them ringing beyond the plain and ringing spreads under JPEG), found as runs of lines
 * of one luma across the whole picture near the places of an equal division (`latticeAxis`), or
 * null. Taken only as a whole lattice: every seam of both axes of one luma (the collage colour's
 * when known), cells of one axis equal within LATTICE_CELL_RATIO and at least MIN_BLOCK_SIDE / 2,
 * none flat (`flatCell`), more panels than `current` (what the other rules found), each of whose
 * cuts lies on one of the lattice's.
 */
export function thinSeamLattice(raster: Raster, current: readonly Box[], colour: Rgb | undefined): Box[] | null {
  // Without a collage colour (a refusal) only beyond the damaged-seam search: every refused grid
  // it split (10, 1.9–3.8 MP) was beyond it, and a refused 400 px photo's 1.4 ms plan paid 0.04 ms.
  if (colour === undefined && damagedSearched(raster)) return null;
  const seamLuma = colour === undefined ? undefined : luma(colour[0], colour[1], colour[2]);
  // The axis the other rules cut less first: a strip's seams are found already, and its other
  // axis, without a seam, ends the search (the bench strip's rows, not its columns).
  const cuts = (axis: 'x' | 'y'): number => new Set(current.map((p) => (axis === 'x' ? p.x : p.y))).size;
  const [first, second]: ('x' | 'y')[] = cuts('y') <= cuts('x') ? ['y', 'x'] : ['x', 'y'];
  const a1 = latticeAxis(new LumaLines(raster, first), seamLuma);
  if (a1 === null) return null;
  const a2 = latticeAxis(new LumaLines(raster, second), seamLuma ?? a1.luma);
  if (a2 === null || !near(a2.luma, a1.luma)) return null;
  const [ex, ey] = first === 'x' ? [a1.edges, a2.edges] : [a2.edges, a1.edges];
  const panels: Box[] = [];
  for (let j = 0; j + 1 < ey.length; j++) for (let i = 0; i + 1 < ex.length; i++) panels.push({ x: ex[i]!, y: ey[j]!, width: ex[i + 1]! - ex[i]!, height: ey[j + 1]! - ey[j]! });
  if (panels.length <= current.length || panels.filter((p) => flatCell(raster, p)).length >= panels.length * FLAT_CELLS_MAX) return null;
  const on = (v: number, at: readonly number[]): boolean => v <= at[0]! + ALIGN_SLACK || v >= at[at.length - 1]! - ALIGN_SLACK || at.some((e) => Math.abs(e - v) <= ALIGN_SLACK);
  if (!current.every((p) => on(p.x, ex) && on(p.x + p.width, ex) && on(p.y, ey) && on(p.y + p.height, ey))) return null;
  return panels;
}

/** Probes of a cell across and down (`flatCell`), and the share of them on one colour that makes it flat. */
const CELL_PROBES = 8;
const FLAT_CELL_SHARE = 0.75;
/**
 * Share of a lattice's cells that may be flat: the white cells of a table or a form, whose thin
 * rules make an equal lattice as a photo grid's seams do, are all flat; a photo grid's product
 * shots on white are flat too, at most 5 of 16 cells (0.31) of the 96 grids of seeds 2400–2407,
 * 2450–2451 and the committed independent batches.
 */
const FLAT_CELLS_MAX = 0.5;

/** True when most of the cell is one colour (CELL_PROBES² probes, FLAT_CELL_SHARE of them within PLAIN_SPREAD of their median). */
function flatCell(raster: Raster, cell: Box): boolean {
  const d = raster.data;
  const at: number[] = [];
  for (let j = 0; j < CELL_PROBES; j++) {
    for (let i = 0; i < CELL_PROBES; i++) {
      const x = cell.x + Math.floor(((i + 0.5) * cell.width) / CELL_PROBES);
      const y = cell.y + Math.floor(((j + 0.5) * cell.height) / CELL_PROBES);
      at.push((y * raster.width + x) * 4);
    }
  }
  const median = [0, 1, 2].map((c) => at.map((o) => d[o + c]!).sort((a, b) => a - b)[at.length >> 1]!);
  const flat = at.filter((o) => [0, 1, 2].every((c) => Math.abs(d[o + c]! - median[c]!) <= PLAIN_SPREAD)).length;
  return flat >= FLAT_CELL_SHARE * at.length;
}

/**
 * A strip's seam line with a badge on it: STRIP_SEAM_SHARE of the line within NEAR_SEAM_TOLERANCE
 * of the collage colour. Measured on the missed badge seams of the strips of seeds 2400–2407 and
 * 2450–2451 (badges of radius 12–26 on 320–463 px lines hide up to 16 % of a line): best lines
 * 0.83–0.98.
 */
const STRIP_SEAM_SHARE = 0.8;
/**
 * …or, where badges hide more of it, a seam line with at most STRIP_SEAM_BADGES occluders
 * (`readSeamLine`: clean around them, each at most BLOB_MAX, all within OCCLUDED_SHARE): a badge
 * on the seam and one on a panel's corner at its end. Measured on seeds 4100–4107, 4150–4151: a
 * 1×4 strip's 320 px green seam under a radius-29 badge and a corner badge (0.25 of it hidden), a
 * 2×3 grid's panel lines of 208 px under radius-30 white badges on a black seam (0.29) and a 4×1
 * strip's 136 px seam were missed; 2 occluders find all three, 1 misses the green strip, 6 finds
 * nothing more.
 */
const STRIP_SEAM_BADGES = 2;
/** How far a merged panel's seam may lie from its place among equal panels: a pixel or two of the generators' rounding, and JPEG's shift of a seam's edge. */
export const STRIP_SEAM_SLACK = 6;

/**
 * A strip whose panels are of one length but for some that are exactly m of them with their seams
 * (m = 2–4), split where those seams are: a seam a badge crosses that the damaged-seam search
 * missed (its badge at the picture's edge, a badge in the seam's colour), in the middle of a
 * photo-and-a-half nowhere else. Each missing seam must lie within STRIP_SEAM_SLACK of its place,
 * as wide as the strip's other seams (give or take THIN_SEAM_SLACK lines), its best line
 * STRIP_SEAM_SHARE on the collage colour, and a panel line beside it on each side (off the colour
 * at PANEL_SHARE, or by CLOSE_PANEL_TOLERANCE at CLOSE_PANEL_SHARE, as beside a badge seam). On
 * a canvas painted as a gradient, a seam so missed (merged with a photo's pale backdrop) may be
 * the run shading as the standing seams do (ramp-seams.ts). The new segments, or null when nothing
 * changes (any merged panel not split whole: nothing).
 */
export function completeStrip(raster: Raster, axis: 'horizontal' | 'vertical', segments: readonly Interval[], seams: readonly Interval[], colour: Rgb): Interval[] | null {
  const missing = missingSeamPlaces(segments, seams, STRIP_MAX_MERGED);
  if (missing === null) return null;
  const { seamWidth: w, shortest: p, places } = missing;
  // The seams' shared ramp when the canvas is a gradient (ramp-seams.ts), read only when needed.
  // One memo of line profiles for the ramp and every missing seam's search (line-profiles.ts).
  const profiles = lineProfiles(raster, axis);
  let ramp: Profile | null | undefined;
  const seamsRamp = (): Profile | null => (ramp === undefined ? (ramp = seamRamp(profiles, seams)) : ramp);
  // Panels under half a block are searched for a ramp's seam alone: its profile along its length is
  // evidence a seam colour within NEAR_SEAM_TOLERANCE is not (3 of the 8 strips ramp-seams.ts
  // completed on its tuning seeds have panels of 100–119 px: seeds 49010 gradient-02, 49015
  // gradient-01, 49028 gradient-08).
  const small = p < MIN_BLOCK_SIDE / 2;
  if (small && seamsRamp() === null) return null;
  const lines = axis === 'horizontal' ? raster.width : raster.height;
  const lineAt = (line: number): LineAt =>
    axis === 'horizontal'
      ? { raster, region: { x: 0, y: 0, width: raster.width, height: raster.height }, axis: 'horizontal', line, length: raster.height }
      : { raster, region: { x: 0, y: 0, width: raster.width, height: raster.height }, axis: 'vertical', line, length: raster.width };
  const cuts: number[] = [];
  const rampSeam = (place: number): Interval | null => {
    const shared = seamsRamp();
    return shared && rampSeamNear(profiles, shared, place + (w >> 1), w, STRIP_SEAM_SLACK);
  };
  for (const place of places) {
    const seam = (small ? null : stripSeamNear(lineAt, lines, place, w, colour)) ?? rampSeam(place);
    if (seam === null) return null;
    cuts.push(seam.start + ((seam.end - seam.start) >> 1));
  }
  const out = segmentsCutAt(segments, cuts);
  return out.length <= MAX_PARTS && out.every((s) => s.end - s.start >= MIN_COMPLETED_SIDE) ? out : null;
}

/** Lines a lossy seam may be wider or narrower than the strip's others: JPEG's blend lines either side. */
const THIN_SEAM_SLACK = 4;

/** Most photos one part of a strip may hold for `completeStrip` to cut it: a 4×1 or 1×4 merged whole. */
const STRIP_MAX_MERGED = 4;

/** Where a strip's missing seams lie (`missingSeamPlaces`), with the measures they were placed by. */
export interface MissingSeams {
  /** The strip's seams' median width. */
  seamWidth: number;
  /** The shortest panel's length: the length of one photo. */
  shortest: number;
  /** Where each missing seam starts, in the order of the panels holding them. */
  places: number[];
}

/**
 * Where the missing seams of a strip (`segments` with their `seams`) lie when its panels are of
 * one length but for some exactly m = 2 to `maxMerged` photos long (each within STRIP_SEAM_SLACK
 * a photo of its place): the panels are measured between the seams, the photo is the shortest
 * panel, and the missing seams are as wide as the found ones (their median). Null when a panel
 * is no whole number of photos, holds more than `maxMerged`, or none is merged.
 *
 * @example
 * ```ts
 * missingSeamPlaces([{ start: 0, end: 112 }, { start: 112, end: 451 }], [{ start: 112, end: 113 }], 3);
 * // { seamWidth: 1, shortest: 112, places: [225, 338] }
 * ```
 */
export function missingSeamPlaces(segments: readonly Interval[], seams: readonly Interval[], maxMerged: number): MissingSeams | null {
  if (segments.length < 2 || seams.length !== segments.length - 1) return null;
  const widths = seams.map((s) => s.end - s.start).sort((a, b) => a - b);
  const w = widths[widths.length >> 1]!;
  // The photo of each segment: between the seams either side, or the segment's outer end.
  const panels = segments.map((s, i) => ({ start: i === 0 ? s.start : seams[i - 1]!.end, end: i === segments.length - 1 ? s.end : seams[i]!.start }));
  const p = Math.min(...panels.map((q) => q.end - q.start));
  const places: number[] = [];
  for (const q of panels) {
    const span = q.end - q.start;
    const m = Math.round((span + w) / (p + w));
    if (m < 2) continue;
    if (m > maxMerged || Math.abs(span - (m * p + (m - 1) * w)) > STRIP_SEAM_SLACK * m) return null;
    for (let k = 1; k < m; k++) places.push(q.start + k * p + (k - 1) * w);
  }
  return places.length === 0 ? null : { seamWidth: w, shortest: p, places };
}

/**
 * `segments` with each one divided at the `cuts` (lines along the axis) that fall inside it.
 *
 * @example
 * ```ts
 * segmentsCutAt([{ start: 0, end: 100 }, { start: 100, end: 400 }], [300, 200]);
 * // [{ start: 0, end: 100 }, { start: 100, end: 200 }, { start: 200, end: 300 }, { start: 300, end: 400 }]
 * ```
 */
export function segmentsCutAt(segments: readonly Interval[], cuts: readonly number[]): Interval[] {
  const out: Interval[] = [];
  for (const s of segments) {
    let start = s.start;
    for (const c of cuts.filter((c) => s.start < c && c < s.end).sort((a, b) => a - b)) {
      out.push({ start, end: c });
      start = c;
    }
    out.push({ start, end: s.end });
  }
  return out;
}

/** The one run of seam lines starting within STRIP_SEAM_SLACK of `place`, about `w` wide and flanked by panel lines (see `completeStrip`), or null. */
function stripSeamNear(lineAt: (line: number) => LineAt, lines: number, place: number, w: number, colour: Rgb): Interval | null {
  const from = Math.max(2, place - STRIP_SEAM_SLACK - THIN_SEAM_SLACK);
  const to = Math.min(lines - 2, place + w + STRIP_SEAM_SLACK + THIN_SEAM_SLACK);
  const seamLine = (l: number): boolean => {
    if (isTightLine(lineAt(l), colour, NEAR_SEAM_TOLERANCE, STRIP_SEAM_SHARE)) return true;
    const occluders = readSeamLine(lineAt(l), colour, OCCLUDED_SHARE, false);
    return occluders !== null && occluders.length > 0 && occluders.length <= STRIP_SEAM_BADGES;
  };
  const all = (l: number): Uint8Array => new Uint8Array(lineAt(l).length).fill(1);
  const panelLine = (l: number): boolean => isPanelLine(lineAt(l), colour, all(l)) || isPanelLine(lineAt(l), colour, all(l), CLOSE_PANEL_TOLERANCE, CLOSE_PANEL_SHARE);
  let found: Interval | null = null;
  for (let l = from; l < to; l++) {
    if (!seamLine(l)) continue;
    // The whole run, also before the window (a band of the colour reaching into it is no seam).
    let start = l;
    while (start > 1 && l - start <= w + THIN_SEAM_SLACK && seamLine(start - 1)) start--;
    while (l < lines - 2 && seamLine(l + 1)) l++;
    const end = l + 1;
    if (Math.abs(end - start - w) > THIN_SEAM_SLACK) continue;
    // Its middle where the equal panels put it: a run found 9–10 lines off (a photo's pale top
    // rows next to a seam a badge hid) cut into that photo (project seeds 1350 badge-01, 2101
    // badge-06).
    if (Math.abs(start + ((end - start) >> 1) - (place + (w >> 1))) > STRIP_SEAM_SLACK) continue;
    if (!(panelLine(start - 1) || panelLine(start - 2)) || !(panelLine(end) || panelLine(end + 1))) continue;
    if (found) return null;
    found = { start, end };
  }
  return found;
}

/**
 * The grid's panels with those exactly 2–4 cells long along an axis (a 2×3 grid found as 2×2)
 * cut where their seams are, as `completeStrip` cuts a strip's, over the panel's own span: the
 * cells' length is the shortest panel's, less the half seams (`w` wide, the strips' median) at
 * its inner sides. Every merged panel must be cut whole, or nothing is; the grid stays a lattice
 * (`isLattice` beyond MAX_PARTS) of at most MAX_GRID_PANELS, without slivers. Null when nothing
 * changes. Measured: committed independent-b ib-heavy-05 (a 3×2 grid of 1 px blue seams at q28,
 * found as 2×2) exact; no other plan of the 1276 tuning and validation pictures changed (the
 * other 2×3 grids found as 2×2 there have a photo nearly the seam's colour beside the lost seam,
 * off it at 0.15–0.19: rightly kept). A grid of equal cells costs nothing.
 */
export function completeGridCells(raster: Raster, panels: readonly Box[], colour: Rgb, w: number): Box[] | null {
  if (panels.length < 2 || panels.length >= MAX_GRID_PANELS || w < 1) return null;
  const result: Box[][] = panels.map((p) => [p]);
  let changed = false;
  for (const axis of ['x', 'y'] as const) {
    const lo = (b: Box): number => (axis === 'x' ? b.x : b.y);
    const len = (b: Box): number => (axis === 'x' ? b.width : b.height);
    const first = Math.min(...panels.map(lo));
    const last = Math.max(...panels.map((b) => lo(b) + len(b)));
    const inner = (b: Box): [number, number] => [lo(b) > first ? w / 2 : 0, lo(b) + len(b) < last ? w / 2 : 0];
    const photo = (b: Box): number => len(b) - inner(b)[0] - inner(b)[1];
    const p = Math.min(...panels.map(photo));
    if (p < MIN_BLOCK_SIDE / 2) continue;
    const lines = axis === 'x' ? raster.width : raster.height;
    for (let i = 0; i < panels.length; i++) {
      const b = panels[i]!;
      const length = photo(b);
      const m = Math.round((length + w) / (p + w));
      if (m < 2) continue;
      if (m > 4 || Math.abs(length - (m * p + (m - 1) * w)) > STRIP_SEAM_SLACK * m) return null;
      const lineAt = (line: number): LineAt =>
        axis === 'x'
          ? { raster, region: { x: 0, y: b.y, width: raster.width, height: b.height }, axis: 'horizontal', line, length: b.height }
          : { raster, region: { x: b.x, y: 0, width: b.width, height: raster.height }, axis: 'vertical', line, length: b.width };
      const cuts: Cut[] = [];
      for (let k = 1; k < m; k++) {
        const seam = stripSeamNear(lineAt, lines, Math.round(lo(b) + inner(b)[0] + k * p + (k - 1) * w), w, colour);
        if (seam === null) return null;
        const at = seam.start + ((seam.end - seam.start) >> 1);
        cuts.push(axis === 'x' ? { axis: 'x', at, from: b.y, to: b.y + b.height } : { axis: 'y', at, from: b.x, to: b.x + b.width });
      }
      result[i] = result[i]!.flatMap((box) => cutAt(box, cuts));
      changed = true;
    }
  }
  return changed ? completedGrid(result.flat()) : null;
}

/** The completed grid in reading order, or null when it has too many panels, is no lattice beyond MAX_PARTS, or has a sliver. */
function completedGrid(out: Box[]): Box[] | null {
  if (out.length > MAX_GRID_PANELS || (out.length > MAX_PARTS && !isLattice(out))) return null;
  if (out.some((b) => Math.min(b.width, b.height) < MIN_COMPLETED_SIDE)) return null;
  readingOrder(out);
  return out;
}
