/**
 * Grid completion (grid-completion.ts): merged blocks of a grid split by their own plan, and only
 * along aligned cuts of the collage colour. The rules are tested with a stub block planner, so each
 * guard is exercised alone; the three committed pictures (fixtures/collages/grid-completion, made
 * by `make-collages.ts --independent-seed 1312 --full-size` and 1301) go through planSplit whole.
 */
import { describe, expect, it } from 'vitest';
import type { Box } from '../../src/imaging/raster.js';
import { createRaster } from '../../src/imaging/raster.js';
import { completeGrid, completeGridCells, completeStrip, missingSeamPlaces, thinSeamLattice, type BlockPlan } from '../../src/imaging/separators/grid-completion.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { scoreBatch } from './score.js';
import { fill, gradientPanel, random } from './build.js';
import { expectEveryExact } from './expect-exact.js';

const RED = [220, 30, 40] as const;

/**
 * A 3×2 grid of 300×200 photos with 4 px red seams (x 300–304 and 604–608, y 200–204), 908×404;
 * the planner returned the left two columns of each row as one block (606×202).
 */
function picture(): { raster: ReturnType<typeof createRaster>; panels: Box[] } {
  const raster = createRaster(908, 404);
  fill(raster, { x: 0, y: 0, width: 908, height: 404 }, RED);
  for (let i = 0; i < 6; i++) gradientPanel(raster, { x: (i % 3) * 304, y: Math.floor(i / 3) * 204, width: 300, height: 200 }, i, 20, i + 1);
  return {
    raster,
    panels: [
      { x: 0, y: 0, width: 606, height: 202 },
      { x: 606, y: 0, width: 302, height: 202 },
      { x: 0, y: 202, width: 606, height: 202 },
      { x: 606, y: 202, width: 302, height: 202 },
    ],
  };
}

/** A block's own plan: two panels side by side, cut at `cut` (block coordinates); other panels: no plan. */
const cutBlocks = (top: number, bottom: number | null = top) => (box: Box): BlockPlan =>
  box.width !== 606 || (box.y !== 0 && bottom === null)
    ? { ok: false }
    : { ok: true, parts: [{ x: 0, y: 0, width: box.y === 0 ? top : bottom!, height: 202 }, { x: box.y === 0 ? top : bottom!, y: 0, width: 606 - (box.y === 0 ? top : bottom!), height: 202 }] };

describe('completeGrid', () => {
  it('splits merged blocks along cuts that have the seam colour and align with each other', () => {
    const { raster, panels } = picture();
    const done = completeGrid(raster, panels, [220, 30, 40], cutBlocks(302));
    expect(done).toEqual([
      { x: 0, y: 0, width: 302, height: 202 },
      { x: 302, y: 0, width: 304, height: 202 },
      { x: 606, y: 0, width: 302, height: 202 },
      { x: 0, y: 202, width: 302, height: 202 },
      { x: 302, y: 202, width: 304, height: 202 },
      { x: 606, y: 202, width: 302, height: 202 },
    ]);
  });

  it('keeps the blocks when their cuts lie inside the photos (not the seam colour), aligned or not', () => {
    const { raster, panels } = picture();
    expect(completeGrid(raster, panels, [220, 30, 40], cutBlocks(150))).toBeNull();
  });

  it('keeps a block whose seam-coloured cut aligns with no other panel', () => {
    const { raster, panels } = picture();
    // A red stripe down the top-left photo at x 149–152: its colour passes, but nothing else has
    // an edge or a cut near x 150, and carried across the bottom block it meets no seam line there.
    fill(raster, { x: 149, y: 0, width: 4, height: 200 }, RED);
    expect(completeGrid(raster, panels, [220, 30, 40], cutBlocks(150, null))).toBeNull();
  });

  it('plans no block without a line of the seam\'s luma across it (photos found whole)', () => {
    const { raster } = picture();
    // The six photos found whole, light (luma ≈ 190 against the red seam's 88): no line inside
    // one is seam-like, so none is planned again.
    for (let i = 0; i < 6; i++) fill(raster, { x: (i % 3) * 304, y: Math.floor(i / 3) * 204, width: 300, height: 200 }, [150, 200, 250]);
    const cells = [0, 1, 2, 3, 4, 5].map((i) => ({ x: (i % 3) * 304, y: Math.floor(i / 3) * 204, width: 302, height: 202 }));
    let planned = 0;
    expect(completeGrid(raster, cells, [220, 30, 40], () => (planned++, { ok: false }))).toBeNull();
    expect(planned).toBe(0);
    // A red line across the top row: its photos are planned.
    fill(raster, { x: 0, y: 100, width: 908, height: 2 }, RED);
    completeGrid(raster, cells, [220, 30, 40], () => (planned++, { ok: false }));
    expect(planned).toBe(3);
  });

  it('makes no sliver panel (a cut along the edge of a wide seam)', () => {
    const { raster, panels } = picture();
    // A red band across the whole top row at y 18–22, and a top block whose plan cuts there: the
    // cut has the colour, and carried across the top-right panel it meets the band; the 20 px
    // rows it would leave are no panels.
    fill(raster, { x: 0, y: 18, width: 908, height: 5 }, RED);
    const sliver = (box: Box): BlockPlan => (box.width === 606 && box.y === 0 ? { ok: true, parts: [{ x: 0, y: 0, width: 606, height: 20 }, { x: 0, y: 20, width: 606, height: 182 }] } : { ok: false });
    expect(completeGrid(raster, panels, [220, 30, 40], sliver)).toBeNull();
  });

  it('refuses a completion of more than 16 panels', () => {
    const { raster, panels } = picture();
    // Every panel "splits" into 3×3 at its thirds; painted all red, every cut has the seam colour
    // and aligns with the same cut of the panel above or below: only the count stops 4 × 9 panels.
    fill(raster, { x: 0, y: 0, width: 908, height: 404 }, RED);
    const nine = (box: Box): BlockPlan => ({
      ok: true,
      parts: [0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => ({ x: (i % 3) * Math.floor(box.width / 3), y: Math.floor(i / 3) * Math.floor(box.height / 3), width: Math.floor(box.width / 3), height: Math.floor(box.height / 3) })),
    });
    expect(completeGrid(raster, panels, [220, 30, 40], nine)).toBeNull();
  });
});

describe('completeGrid carrying a cut across its band', () => {
  /** Three columns of two 200 px rows (widths 300, 300, 400; 4 px red seams), each returned as one block. */
  function columns(): { raster: ReturnType<typeof createRaster>; panels: Box[] } {
    const raster = createRaster(1008, 404);
    fill(raster, { x: 0, y: 0, width: 1008, height: 404 }, RED);
    const xs = [0, 304, 608];
    const ws = [300, 300, 400];
    for (let i = 0; i < 6; i++) gradientPanel(raster, { x: xs[i % 3]!, y: Math.floor(i / 3) * 204, width: ws[i % 3]!, height: 200 }, i, 20, i + 1);
    return { raster, panels: [{ x: 0, y: 0, width: 302, height: 404 }, { x: 302, y: 0, width: 304, height: 404 }, { x: 606, y: 0, width: 402, height: 404 }] };
  }
  /** Only the first column's own plan finds its seam (y 202); the others' plans lose it. */
  const firstOnly = (box: Box): BlockPlan => (box.x === 0 ? { ok: true, parts: [{ x: 0, y: 0, width: 302, height: 202 }, { x: 0, y: 202, width: 302, height: 202 }] } : { ok: false });

  it('cuts the other columns of the band where each shows a seam line', () => {
    const { raster, panels } = columns();
    expect(completeGrid(raster, panels, [220, 30, 40], firstOnly)).toEqual([
      { x: 0, y: 0, width: 302, height: 202 },
      { x: 302, y: 0, width: 304, height: 202 },
      { x: 606, y: 0, width: 402, height: 202 },
      { x: 0, y: 202, width: 302, height: 202 },
      { x: 302, y: 202, width: 304, height: 202 },
      { x: 606, y: 202, width: 402, height: 202 },
    ]);
  });

  it('cuts nothing when one column of the band has no seam line there (one tall photo)', () => {
    const { raster, panels } = columns();
    gradientPanel(raster, { x: 608, y: 0, width: 400, height: 404 }, 7, 20, 9);
    expect(completeGrid(raster, panels, [220, 30, 40], firstOnly)).toBeNull();
  });
});

describe('big photo grids with thin ringing seams, planned whole', () => {
  it('split exactly, with no cut through a panel', async () => {
    const results = await scoreBatch('grid-completion');
    expect(results.map((r) => r.expected.file).sort()).toEqual(['i1301-grid-08.jpg', 'i1312-heavy-10.jpg', 'i1312-heavy-11.jpg']);
    expectEveryExact(results);
  });
});

/**
 * A grid of gradient photos (`widths` × `heights`) with 1 px seams of `seam` whose chroma is
 * scattered as 4:2:0 JPEG leaves it (red and blue ±60, green making up the luma): every seam line
 * spreads far over 64 (no plain or ringing line) and keeps ~20 % of its pixels over 48 off the
 * colour (no damaged seam), while its luma stays within a few levels.
 */
function thinGrid(widths: number[], heights: number[], seam: readonly [number, number, number] = [128, 128, 128], seed = 3): { raster: ReturnType<typeof createRaster>; panels: Box[] } {
  const width = widths.reduce((a, b) => a + b) + widths.length - 1;
  const height = heights.reduce((a, b) => a + b) + heights.length - 1;
  const raster = createRaster(width, height);
  const rand = random(seed);
  for (let p = 0; p < width * height * 4; p += 4) {
    const dr = Math.round((rand() * 2 - 1) * 60);
    const db = Math.round((rand() * 2 - 1) * 60);
    const dg = Math.round(-(0.299 * dr + 0.114 * db) / 0.587);
    raster.data.set([seam[0] + dr, seam[1] + dg, seam[2] + db, 255].map((v) => Math.max(0, Math.min(255, v))), p);
  }
  const panels: Box[] = [];
  let y = 0;
  heights.forEach((h, j) => {
    let x = 0;
    widths.forEach((w, i) => {
      gradientPanel(raster, { x, y, width: w, height: h }, j * widths.length + i, 20, j * widths.length + i + 1);
      panels.push({ x: i === 0 ? 0 : x - 1, y: j === 0 ? 0 : y - 1, width: w + (i === 0 ? 0 : 1), height: h + (j === 0 ? 0 : 1) });
      x += w + 1;
    });
    y += h + 1;
  });
  return { raster, panels };
}

describe('thinSeamLattice: a grid of thin seams seen only in their luma', () => {
  const GREY: [number, number, number] = [128, 128, 128];
  it('splits a 1883 px 4x4 grid of 1 px seams, beyond the damaged-seam search (refused without it)', () => {
    const { raster } = thinGrid([470, 470, 470, 470], [470, 470, 470, 470]);
    const plan = planSplit(raster);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.axis).toBe('grid');
    expect(plan.reason).toContain('thin seams');
    // Cut at each seam's line: a 1 px seam's middle.
    const at = [0, 470, 941, 1412, 1883];
    expect(plan.parts).toEqual([0, 1, 2, 3].flatMap((j) => [0, 1, 2, 3].map((i) => ({ x: at[i]!, y: at[j]!, width: at[i + 1]! - at[i]!, height: at[j + 1]! - at[j]! }))));
  });

  it('finds a 3x3 lattice directly, and refines a plan whose cuts lie on it', () => {
    const { raster } = thinGrid([300, 300, 300], [250, 250, 250]);
    expect(thinSeamLattice(raster, [], GREY)).toHaveLength(9);
    // Without a collage colour only a picture beyond the damaged-seam search is searched.
    expect(thinSeamLattice(raster, [], undefined)).toBeNull();
    // The rows found already (cut at y 250 and 501): the lattice adds the columns.
    const rows = [{ x: 0, y: 0, width: 902, height: 250 }, { x: 0, y: 250, width: 902, height: 251 }, { x: 0, y: 501, width: 902, height: 251 }];
    expect(thinSeamLattice(raster, rows, GREY)).toHaveLength(9);
  });

  it('keeps a plan that has a cut off the lattice, or as many panels', () => {
    const { raster } = thinGrid([300, 300, 300], [250, 250, 250]);
    expect(thinSeamLattice(raster, [{ x: 0, y: 0, width: 450, height: 752 }, { x: 450, y: 0, width: 452, height: 752 }], GREY)).toBeNull();
    const nine = thinSeamLattice(raster, [], GREY)!;
    expect(thinSeamLattice(raster, nine, GREY)).toBeNull();
  });

  it('takes no lattice of unequal cells, of one seam on an axis, or of more than three', () => {
    expect(thinSeamLattice(thinGrid([300, 140, 300], [250, 250, 250]).raster, [], GREY)).toBeNull();
    expect(thinSeamLattice(thinGrid([300, 300, 300], [380, 380]).raster, [], GREY)).toBeNull();
    expect(thinSeamLattice(thinGrid([150, 150, 150, 150, 150], [250, 250, 250]).raster, [], GREY)).toBeNull();
  });

  it('takes no lattice whose seams differ in luma, or of another luma than the collage colour', () => {
    const { raster } = thinGrid([300, 300, 300], [250, 250, 250]);
    expect(thinSeamLattice(raster, [], [128, 128, 128])).toHaveLength(9);
    expect(thinSeamLattice(raster, [], [255, 255, 255])).toBeNull();
    // The second column seam (x 601) drawn dark.
    fill(raster, { x: 601, y: 0, width: 1, height: 752 }, [40, 40, 40]);
    expect(thinSeamLattice(raster, [], GREY)).toBeNull();
  });

  it('takes no lattice of a wide band of one luma (a sky), only thin seams flanked by photos', () => {
    const { raster } = thinGrid([300, 300, 300], [250, 250, 250]);
    // The top row's photos shade into a band of the seam's grey (rows 100–129): the row seams
    // stay, but a 30-line band is no seam, and its own edges are flanked by grey on one side.
    fill(raster, { x: 0, y: 100, width: 902, height: 30 }, [128, 128, 128]);
    expect(thinSeamLattice(raster, [], GREY)).toHaveLength(9);
    // A speckled grey band (rows 140–169, a tenth of its pixels dark: none of its rows one luma)
    // with one clean row inside (155): a line of one luma, but flanked by the band, not by photos.
    const rand = random(9);
    for (let y = 140; y < 170; y++) for (let x = 0; x < 902; x++) raster.data.set(y !== 155 && rand() < 0.1 ? [20, 20, 20] : [128, 128, 128], (y * 902 + x) * 4);
    expect(thinSeamLattice(raster, [], GREY)).toHaveLength(9);
    // Each column seam widened by grey on both sides to 31 px: a band, not a seam.
    for (const x of [285, 586]) fill(raster, { x, y: 0, width: 31, height: 752 }, [128, 128, 128]);
    expect(thinSeamLattice(raster, [], GREY)).toBeNull();
  });

  it('refuses a table: white cells ruled by thin black lines make an equal lattice, but no photos', () => {
    const raster = createRaster(902, 752);
    fill(raster, { x: 0, y: 0, width: 902, height: 752 }, [255, 255, 255]);
    for (const x of [300, 601]) fill(raster, { x, y: 0, width: 1, height: 752 }, [0, 0, 0]);
    for (const y of [250, 501]) fill(raster, { x: 0, y, width: 902, height: 1 }, [0, 0, 0]);
    // A word in every cell.
    for (let i = 0; i < 9; i++) fill(raster, { x: (i % 3) * 301 + 20, y: Math.floor(i / 3) * 251 + 20, width: 60, height: 8 }, [0, 0, 0]);
    expect(thinSeamLattice(raster, [], [0, 0, 0])).toBeNull();
  });
});

/**
 * Gradient photos side by side (`widths`, 400 tall; four of 300 px by default) with 8 px white
 * seams (x 300–308, 608–616, 916–924 by default), and a red badge-like disc of radius 22 over the
 * first seam's top end that the picture's edge cuts off. Segments as a strip detection that lost
 * the first seam returns them: the first two photos as one.
 */
/** A filled disc of `colour` centred at (cx, cy), clipped to the raster. */
function disc(raster: ReturnType<typeof createRaster>, cx: number, cy: number, radius: number, colour: readonly [number, number, number]): void {
  for (let y = Math.max(0, cy - radius); y <= Math.min(raster.height - 1, cy + radius); y++) {
    for (let x = Math.max(0, cx - radius); x <= Math.min(raster.width - 1, cx + radius); x++) {
      if ((x - cx) ** 2 + (y - cy) ** 2 <= radius * radius) raster.data.set([...colour, 255], (y * raster.width + x) * 4);
    }
  }
}

function badgeStrip(widths = [300, 300, 300, 300]): { raster: ReturnType<typeof createRaster>; segments: { start: number; end: number }[]; seams: { start: number; end: number }[] } {
  const width = widths.reduce((a, b) => a + b) + 8 * (widths.length - 1);
  const raster = createRaster(width, 400);
  fill(raster, { x: 0, y: 0, width, height: 400 }, [255, 255, 255]);
  const xs = widths.map((_, i) => widths.slice(0, i).reduce((a, b) => a + b, 0) + 8 * i);
  widths.forEach((w, i) => gradientPanel(raster, { x: xs[i]!, y: 0, width: w, height: 400 }, i, 20, i + 1));
  const first = xs[1]! - 8;
  for (let y = 0; y < 22; y++) for (let x = first - 18; x < first + 26; x++) if ((x - first - 4) ** 2 + y ** 2 <= 22 ** 2) raster.data.set([200, 30, 40, 255], (y * width + x) * 4);
  const seams = xs.slice(2).map((x) => ({ start: x - 8, end: x }));
  const cuts = seams.map((s) => s.start + 4);
  return { raster, segments: [0, ...cuts].map((c, i) => ({ start: c, end: cuts[i] ?? width })), seams };
}

describe('completeStrip: a strip of equal panels with some merged', () => {
  it('cuts a merged panel of two at its seam, a badge on it', () => {
    const { raster, segments, seams } = badgeStrip();
    expect(completeStrip(raster, 'horizontal', segments, seams, [255, 255, 255])).toEqual([
      { start: 0, end: 304 },
      { start: 304, end: 612 },
      { start: 612, end: 920 },
      { start: 920, end: 1224 },
    ]);
  });

  it('cuts a merged panel of two at its seam when a badge on it and the corner badge hide a quarter of it', () => {
    // A red disc of radius 40 on the seam x 300–308 (an 80 px chord) besides the corner badge at
    // its top (22 px): 102 of the 400 px line off white, more than STRIP_SEAM_SHARE allows, but the
    // seam is clean elsewhere (two occluders, `readSeamLine`).
    const { raster, segments, seams } = badgeStrip();
    disc(raster, 304, 200, 40, [200, 30, 40]);
    expect(completeStrip(raster, 'horizontal', segments, seams, [255, 255, 255])).toHaveLength(4);
    // A third blob on it (more than a seam badge and a corner badge): nothing.
    disc(raster, 304, 320, 20, [30, 30, 200]);
    expect(completeStrip(raster, 'horizontal', segments, seams, [255, 255, 255])).toBeNull();
  });

  it('cuts nothing at a seam-like run off the place the equal panels give the seam', () => {
    const { raster, segments, seams } = badgeStrip();
    // The seam at x 300–308 hidden over 30 % of its length; a pale run as wide as a seam 9 columns
    // into the next photo (its middle 17 from the seam's): a photo's own pale band, not the seam.
    fill(raster, { x: 296, y: 150, width: 16, height: 120 }, [40, 40, 40]);
    fill(raster, { x: 317, y: 0, width: 8, height: 400 }, [250, 250, 250]);
    expect(completeStrip(raster, 'horizontal', segments, seams, [255, 255, 255])).toBeNull();
  });

  it('cuts nothing where there is no seam (one photo as long as two and a seam)', () => {
    const { raster, segments, seams } = badgeStrip();
    gradientPanel(raster, { x: 0, y: 0, width: 608, height: 400 }, 5, 20, 9);
    expect(completeStrip(raster, 'horizontal', segments, seams, [255, 255, 255])).toBeNull();
  });

  it('cuts nothing in a panel that is no whole number of the others', () => {
    // The second photo 40 px longer: the seam at x 300 is where a pair's would be, but the merged
    // panel (648 px) is no pair of 300 px photos.
    const { raster, segments, seams } = badgeStrip([300, 340, 300, 300]);
    expect(completeStrip(raster, 'horizontal', segments, seams, [255, 255, 255])).toBeNull();
    const equal = badgeStrip();
    expect(completeStrip(equal.raster, 'horizontal', equal.segments, equal.seams, [255, 255, 255])).toHaveLength(4);
  });

  it('cuts nothing at a white band much wider than the seams, or one reaching past the place', () => {
    const { raster, segments, seams } = badgeStrip();
    fill(raster, { x: 290, y: 0, width: 28, height: 400 }, [255, 255, 255]);
    expect(completeStrip(raster, 'horizontal', segments, seams, [255, 255, 255])).toBeNull();
    const other = badgeStrip();
    // A white band x 250–308: the seam's lines and 50 of the photo's, joined.
    fill(other.raster, { x: 250, y: 0, width: 50, height: 400 }, [255, 255, 255]);
    expect(completeStrip(other.raster, 'horizontal', other.segments, other.seams, [255, 255, 255])).toBeNull();
  });

  it('cuts nothing at the edge of a light band that reaches into the place from a photo', () => {
    const { raster, segments, seams } = badgeStrip();
    // No seam at x 300 (one photo across), but a light grey band (x 200–296, within 48 of white
    // and off it by 40) whose last lines fall where the seam would be.
    gradientPanel(raster, { x: 0, y: 0, width: 608, height: 400 }, 5, 20, 9);
    fill(raster, { x: 200, y: 0, width: 96, height: 400 }, [215, 215, 215]);
    expect(completeStrip(raster, 'horizontal', segments, seams, [255, 255, 255])).toBeNull();
  });

  it('cuts nothing in a merged panel whose seams are not all there', () => {
    // Three photos as one (the first two seams lost), the second of them painted over.
    const { raster, seams } = badgeStrip();
    const three = [{ start: 0, end: 920 }, { start: 920, end: 1224 }];
    expect(completeStrip(raster, 'horizontal', three, seams.slice(1), [255, 255, 255])).toHaveLength(4);
    gradientPanel(raster, { x: 308, y: 0, width: 612, height: 400 }, 6, 20, 11);
    expect(completeStrip(raster, 'horizontal', three, seams.slice(1), [255, 255, 255])).toBeNull();
  });

  it('cuts nothing where no photo shows beside the seam (a white photo edge: no boundary)', () => {
    const { raster, segments, seams } = badgeStrip();
    // The photo's last 40 columns white with dark stripes across 3 rows of every 10: off the seam
    // colour at 0.3, under PANEL_SHARE (and under 0.8 on it: no seam line either).
    fill(raster, { x: 260, y: 0, width: 40, height: 400 }, [250, 250, 250]);
    for (let y = 0; y < 400; y += 10) fill(raster, { x: 260, y, width: 40, height: 3 }, [0, 0, 0]);
    expect(completeStrip(raster, 'horizontal', segments, seams, [255, 255, 255])).toBeNull();
  });

  it('splits the committed strips whose corner badges hid a seam (independent seeds 2403, 2406)', async () => {
    const results = await scoreBatch('strip-completion');
    expect(results.map((r) => r.expected.file).sort()).toEqual(['i2403-badge-04.jpg', 'i2406-badge-02.jpg']);
    expectEveryExact(results);
  });
});

describe('completeGridCells: a grid with panels of two cells', () => {
  /** A 3×2 grid of 300×250 photos with 8 px white seams (916×508), found as 2×2: the left two columns of each row as one panel. */
  function merged(): { raster: ReturnType<typeof createRaster>; panels: Box[] } {
    const raster = createRaster(916, 508);
    fill(raster, { x: 0, y: 0, width: 916, height: 508 }, [255, 255, 255]);
    for (let i = 0; i < 6; i++) gradientPanel(raster, { x: (i % 3) * 308, y: Math.floor(i / 3) * 258, width: 300, height: 250 }, i, 20, i + 1);
    return {
      raster,
      panels: [
        { x: 0, y: 0, width: 612, height: 254 },
        { x: 612, y: 0, width: 304, height: 254 },
        { x: 0, y: 254, width: 612, height: 254 },
        { x: 612, y: 254, width: 304, height: 254 },
      ],
    };
  }

  it('cuts each panel of two cells at its seam', () => {
    const { raster, panels } = merged();
    expect(completeGridCells(raster, panels, [255, 255, 255], 8)).toEqual([
      { x: 0, y: 0, width: 304, height: 254 },
      { x: 304, y: 0, width: 308, height: 254 },
      { x: 612, y: 0, width: 304, height: 254 },
      { x: 0, y: 254, width: 304, height: 254 },
      { x: 304, y: 254, width: 308, height: 254 },
      { x: 612, y: 254, width: 304, height: 254 },
    ]);
  });

  it('cuts panels of two cells whose seam a badge hides over a fifth of its length', () => {
    // A black badge of radius 30 on the lost seam (x 300–308) in each merged panel: 60 px of its
    // 254 px lines, more than STRIP_SEAM_SHARE allows; the rest of the seam is clean.
    const { raster, panels } = merged();
    disc(raster, 304, 127, 30, [0, 0, 0]);
    disc(raster, 304, 381, 30, [0, 0, 0]);
    expect(completeGridCells(raster, panels, [255, 255, 255], 8)).toHaveLength(6);
  });

  it('cuts none when one of them has no seam (a photo two cells wide)', () => {
    const { raster, panels } = merged();
    gradientPanel(raster, { x: 0, y: 258, width: 608, height: 250 }, 7, 20, 9);
    expect(completeGridCells(raster, panels, [255, 255, 255], 8)).toBeNull();
  });
});

describe('where a strip’s missing seams lie', () => {
  it('places them a photo apart inside a part of whole photos, and finds none where a part is no whole number of them', () => {
    // A 112 px photo, a 1 px seam at 112, then a part of three photos (113–451).
    const seams = [{ start: 112, end: 113 }];
    expect(missingSeamPlaces([{ start: 0, end: 112 }, { start: 112, end: 451 }], seams, 3)).toEqual({ seamWidth: 1, shortest: 112, places: [225, 338] });
    // Three photos where at most two may merge, two and a half photos, and no merged part at all.
    expect(missingSeamPlaces([{ start: 0, end: 112 }, { start: 112, end: 451 }], seams, 2)).toBeNull();
    expect(missingSeamPlaces([{ start: 0, end: 112 }, { start: 112, end: 395 }], seams, 3)).toBeNull();
    expect(missingSeamPlaces([{ start: 0, end: 112 }, { start: 112, end: 225 }], seams, 3)).toBeNull();
  });
});
