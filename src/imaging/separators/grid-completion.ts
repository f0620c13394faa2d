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
 */
import type { Box, Raster } from '../raster.js';
import { sameSeamColour, type Rgb } from './collage-colour.js';
import { damagedSearched } from './damaged-seams.js';
import { isTightLine, NEAR_SEAM_TOLERANCE, type LineAt } from './occluded-seams.js';
import { lineMean } from './classify.js';
import { isLattice, MAX_GRID_PANELS, readingOrder } from './grid.js';
import { MAX_PARTS } from './strips.js';

/** A plan of one block, as planSplit makes it for a whole picture. */
export type BlockPlan = { ok: true; parts: Box[] } | { ok: false };

/** How far (px) a block's cut may be from another panel's cut or edge and still align: a seam's middle moves by up to its width under JPEG. */
const ALIGN_SLACK = 4;
/**
 * Narrowest panel a completion may make: two blocks cutting one wide seam at its two edges leave
 * a sliver of seam between their cuts (measured: a 12 px yellow seam at q25 with a junction badge,
 * seed 1310 badge-10, gave two 9 px rows); the cells of a 4×4 quest grid are ≥ 120 px.
 */
const MIN_COMPLETED_SIDE = 48;
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
  const out = result.flat();
  if (!changed || out.length > MAX_GRID_PANELS || (out.length > MAX_PARTS && !isLattice(out))) return null;
  if (out.some((b) => Math.min(b.width, b.height) < MIN_COMPLETED_SIDE)) return null;
  readingOrder(out);
  return out;
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
const CARRIED_SHARE = 0.9;
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
  const d = raster.data;
  const luma = (r: number, g: number, b: number): number => 0.299 * r + 0.587 * g + 0.114 * b;
  const seamLuma = luma(colour[0], colour[1], colour[2]);
  const near = (o: number): boolean => Math.abs(luma(d[o]!, d[o + 1]!, d[o + 2]!) - seamLuma) <= PROBE_LUMA_TOLERANCE;
  const allowed = (n: number): number => n - Math.ceil(PROBE_SHARE * n);
  const lines = (axis: 'x' | 'y'): boolean => {
    const [from, to] = axis === 'y' ? [block.y, block.y + block.height] : [block.x, block.x + block.width];
    const [across0, across1] = axis === 'y' ? [block.x, block.x + block.width] : [block.y, block.y + block.height];
    const offset = (at: number, t: number): number => (axis === 'y' ? (at * raster.width + t) * 4 : (t * raster.width + at) * 4);
    for (let at = from + MIN_COMPLETED_SIDE; at < to - MIN_COMPLETED_SIDE; at++) {
      let missed = 0;
      for (let k = 0; k < LINE_PROBES && missed <= allowed(LINE_PROBES); k++) if (!near(offset(at, across0 + Math.floor(((k + 0.5) * (across1 - across0)) / LINE_PROBES)))) missed++;
      if (missed > allowed(LINE_PROBES)) continue;
      missed = 0;
      for (let t = across0; t < across1 && missed <= allowed(across1 - across0); t++) if (!near(offset(at, t))) missed++;
      if (missed <= allowed(across1 - across0)) return true;
    }
    return false;
  };
  return lines('y') || lines('x');
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

/** Line `line` (a column for an `x` cut, a row for a `y` cut) over the cut's span, as the line rules read it. */
function lineOf(raster: Raster, cut: Cut, line: number): LineAt {
  const length = cut.to - cut.from;
  return cut.axis === 'x'
    ? { raster, region: { x: 0, y: cut.from, width: raster.width, height: length }, axis: 'horizontal', line, length }
    : { raster, region: { x: cut.from, y: 0, width: length, height: raster.height }, axis: 'vertical', line, length };
}
