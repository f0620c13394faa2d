/**
 * Grid completion (grid-completion.ts): merged blocks of a grid split by their own plan, and only
 * along aligned cuts of the collage colour. The rules are tested with a stub block planner, so each
 * guard is exercised alone; the three committed pictures (fixtures/collages/grid-completion, made
 * by `make-collages.ts --independent-seed 1312 --full-size` and 1301) go through planSplit whole.
 */
import { describe, expect, it } from 'vitest';
import type { Box } from '../../src/imaging/raster.js';
import { createRaster } from '../../src/imaging/raster.js';
import { completeGrid, type BlockPlan } from '../../src/imaging/separators/grid-completion.js';
import { scoreBatch } from './score.js';
import { fill, gradientPanel } from './build.js';

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
    for (const r of results) {
      expect(r.badCuts, r.expected.file).toEqual([]);
      expect(r.exact, `${r.expected.file}: ${r.why}`).toBe(true);
    }
  });
});
