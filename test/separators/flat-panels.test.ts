/**
 * A separator belongs to the collage, not to a panel (strips.ts, splitAtFlatPanels): a flag's
 * stripes are plain lines from edge to edge, and must not join the seams beside them.
 */
import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { fill, gradientPanel } from './build.js';
import { expectEveryExact } from './expect-exact.js';
import { scoreBatch } from './score.js';

/**
 * Panels side by side, 200 × 180 each, between 6 px black seams; the panels at `flags` are
 * two-stripe flags (orange | pink), every column of them plain.
 */
function strip(count: number, flags: number[]): Raster {
  const r = createRaster(count * 200 + (count - 1) * 6, 180);
  fill(r, { x: 0, y: 0, width: r.width, height: r.height }, [0, 0, 0]);
  for (let i = 0; i < count; i++) {
    const x = i * 206;
    if (flags.includes(i)) {
      fill(r, { x, y: 0, width: 100, height: 180 }, [230, 140, 60]);
      fill(r, { x: x + 100, y: 0, width: 100, height: 180 }, [245, 115, 190]);
    } else gradientPanel(r, { x, y: 0, width: 200, height: 180 }, i, 20, i + 3);
  }
  return r;
}

/** The cuts of a plan (each part's start after the first). */
function cuts(raster: Raster): number[] {
  const plan = planSplit(raster);
  expect(plan).toMatchObject({ ok: true, axis: 'horizontal' });
  return plan.ok ? plan.parts.slice(1).map((p) => p.x) : [];
}

describe('a flag is a panel, not part of a seam', () => {
  it('a flag between two seams: each seam is cut, not the flag through its middle', () => {
    // The run [seam | flag | seam] was one seam, cut through the flag.
    expect(cuts(strip(5, [1]))).toEqual([203, 409, 615, 821]);
  });

  it('a flag as the first panel is a panel, not a margin', () => {
    // The flag's plain columns and the seam beside it were taken for a margin: 3 parts of 4.
    expect(cuts(strip(4, [0]))).toEqual([203, 409, 615]);
  });

  it('a flag as the last panel is a panel, not a margin', () => {
    expect(cuts(strip(4, [3]))).toEqual([203, 409, 615]);
  });

  it('a pale band under a plain sky at the top of a photo is not a seam: it is wider than the collage\'s seams', () => {
    // Two photos stacked with a 6 px white seam; the first has 40 rows of plain blue sky, then 24
    // rows of white haze (within the collage colour's tolerance), then its landscape.
    const r = createRaster(300, 406);
    fill(r, { x: 0, y: 0, width: 300, height: 406 }, [255, 255, 255]);
    gradientPanel(r, { x: 0, y: 0, width: 300, height: 200 }, 0, 20, 5);
    fill(r, { x: 0, y: 0, width: 300, height: 40 }, [120, 170, 230]);
    fill(r, { x: 0, y: 40, width: 300, height: 24 }, [236, 240, 246]);
    gradientPanel(r, { x: 0, y: 206, width: 300, height: 200 }, 1, 20, 6);
    const plan = planSplit(r);
    expect(plan).toMatchObject({ ok: true, axis: 'vertical' });
    expect(plan.ok ? plan.parts.map((p) => p.y) : []).toEqual([0, 203]);
  });

  it('a flag between two seams that are the axis\'s only seams: the twin seams vouch for each other', () => {
    // Independent seed 1201 flat-02 in small: glyph | flag | glyph on one pale ground, 9 px green
    // seams. The ground beside the glyphs is plain too, so both seams and the flag are one run,
    // with no other seam to vouch for its green stretches: it was cut through the flag.
    const r = createRaster(3 * 200 + 2 * 9, 160);
    fill(r, { x: 0, y: 0, width: r.width, height: r.height }, [20, 120, 60]);
    for (const x of [0, 418]) {
      fill(r, { x, y: 0, width: 200, height: 160 }, [235, 230, 220]);
      fill(r, { x: x + 60, y: 40, width: 80, height: 80 }, [40, 40, 160]);
    }
    fill(r, { x: 209, y: 0, width: 100, height: 160 }, [230, 140, 60]);
    fill(r, { x: 309, y: 0, width: 100, height: 160 }, [245, 115, 190]);
    expect(cuts(r)).toEqual([204, 413]);
  });

  it('one flat panel between the only two seams: the seams win the colour vote, not the panel', () => {
    // Independent seed 9303 mix-08 in small: three panels stacked on a grey canvas, 4 px seams, the
    // middle one a plain teal sky. Its rows and both seams were one run, the teal won the vote as
    // the collage colour, and the run was cut through the sky's middle.
    const r = createRaster(300, 3 * 200 + 2 * 4);
    fill(r, { x: 0, y: 0, width: r.width, height: r.height }, [128, 128, 128]);
    gradientPanel(r, { x: 0, y: 0, width: 300, height: 200 }, 0, 20, 5);
    fill(r, { x: 0, y: 204, width: 300, height: 200 }, [0, 105, 107]);
    gradientPanel(r, { x: 0, y: 408, width: 300, height: 200 }, 1, 20, 6);
    const plan = planSplit(r);
    expect(plan).toMatchObject({ ok: true, axis: 'vertical' });
    expect(plan.ok ? plan.parts.map((p) => p.y) : []).toEqual([0, 202, 406]);
  });

  it('one flat panel between the only two seams, a panel\'s plain ground beside one of them: the seams still win the vote (fixtures/collages/flat-panel-backdrop)', async () => {
    // Independent seeds 22002 flat-08 (JPEG q55: a two-stripe flag between 14 px yellow seams,
    // the run opening with 37 rows of the panel above's green ground) and 22012 flat-02 (WebP q82,
    // side by side, 4 px white seams, one teal ground for all, the flag's first stripe teal too):
    // a panel's colour won the vote and the cut went through the flag.
    const results = await scoreBatch('flat-panel-backdrop');
    expect(results.length).toBe(2);
    expectEveryExact(results);
  });
});
