/**
 * A picture on a white background beside a white seam (strips.ts, narrowPaddedSeams): the run of
 * plain lines is the seam and the picture's blank edge; with other seams to give the seam width,
 * the blank edge goes with its picture.
 */
import { describe, expect, it } from 'vitest';
import { createRaster } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { fill, gradientPanel } from './build.js';
import { expectEveryExact } from './expect-exact.js';
import { scoreBatch } from './score.js';

describe('a white-background drawing beside a white seam', () => {
  it('keeps its blank edge: the cut goes through the seam of the usual width, not the middle of edge + seam', () => {
    // Four 200 px panels, 10 px white seams. Panel 0 is a curve drawn on white over its first
    // 140 columns, its last 60 blank: the run of white is 70 px (130..210 would be cut at 175).
    const r = createRaster(4 * 200 + 3 * 10, 180);
    fill(r, { x: 0, y: 0, width: r.width, height: r.height }, [255, 255, 255]);
    for (let x = 0; x < 140; x++) {
      const y = Math.round(90 + 60 * Math.sin(x / 15));
      fill(r, { x, y: y - 1, width: 1, height: 3 }, [30, 30, 120]);
    }
    for (let i = 1; i < 4; i++) gradientPanel(r, { x: i * 210, y: 0, width: 200, height: 180 }, i, 20, i + 3);
    const plan = planSplit(r);
    expect(plan).toMatchObject({ ok: true, axis: 'horizontal' });
    expect(plan.ok ? plan.parts.map((p) => p.x) : []).toEqual([0, 205, 415, 625]);
  });
});

describe('white seams beside white backdrops, the usual width told by the seams with none (fixtures/collages/padded-seam-width)', () => {
  it('two of three seams padded: the unpadded one gives the width (independent seed 22019 mix-05)', async () => {
    // Lossless, 11 px white seams; a drawing's white backdrop widens the second to 42 and the
    // third to 90 columns. The median of the others was the other padded one's width: both cuts
    // ran through the drawing.
    const results = (await scoreBatch('padded-seam-width')).filter((r) => r.expected.file === 'i22019-mix-05.webp');
    expect(results.length).toBe(1);
    expectEveryExact(results);
  });

  it('a grid part with one seam: the seam it was cut out along gives the width (independent seeds 22032 mix-06, 22028 mix-04)', async () => {
    // Mosaics, JPEG: the small panels' one seam (9 and 10 px white) merged with a drawing's white
    // backdrop into runs of 24 and 57 lines, cut inside the drawing's panel.
    const results = (await scoreBatch('padded-seam-width')).filter((r) => r.expected.file !== 'i22019-mix-05.webp');
    expect(results.length).toBe(2);
    expectEveryExact(results);
  });
});

describe('white seams padded to just over twice their width (fixtures/collages/padded-seam-twice-width)', () => {
  it('gives the blank edge to its panel: runs 2.15–2.3 times the usual width (independent seeds 33006 caption-09, 33032 mix-06, 33036 mix-06)', async () => {
    // Lossless WebP, white seams: a caption's and a drawing's blank edge made runs of 43 columns
    // beside 20 px seams, 30 rows beside 13 (a mosaic's small panels) and 25 columns beside 11 (a
    // framed strip); under SEAM_WIDTH_FACTOR's 2× + 4 each was cut at its middle, inside the panel.
    const results = await scoreBatch('padded-seam-twice-width');
    expect(results.map((r) => r.expected.file)).toEqual(['i33006-caption-09.webp', 'i33032-mix-06.webp', 'i33036-mix-06.webp']);
    for (const r of results) expect(r.badCuts, r.expected.file).toEqual([]);
    expectEveryExact(results);
  });
});

describe('runs padded on one side with no unpadded seam beside them (fixtures/collages/padded-seam-unvouched)', () => {
  it('are not narrowed below twice the other run: its width is a blank edge, no seam (independent seed 21039 badge-01)', async () => {
    // Lossless, 9 px white seams, the badge's seam lost: runs of 51 and 100 columns beside white
    // drawings. Narrowed to the 51 at 1.5×, the 100 moved its cut and the 51 was cut at its
    // middle, inside a drawing; with no unpadded seam to tell the width the picture stays refused.
    const results = await scoreBatch('padded-seam-unvouched');
    expect(results.map((r) => r.expected.file)).toEqual(['i21039-badge-01.webp']);
    expect(results[0]!.badCuts).toEqual([]);
  });
});

describe('a grey seam beside a pale product shot', () => {
  it("splits at both seams: the shot's backdrop, 36 levels off the seam's grey, is not more of the seam", () => {
    // Independent seed 6312 mix-07 (q83): photo | 9 px grey 200 seam | a product shot on a 236
    // backdrop | 9 px seam | photo. The backdrop is within the collage tolerance (40) of the grey,
    // so each run read as all seam, then as the shot's padding, and the collage was refused.
    const r = createRaster(1200, 400);
    gradientPanel(r, { x: 0, y: 0, width: 400, height: 400 }, 1, 30, 1);
    fill(r, { x: 400, y: 0, width: 9, height: 400 }, [200, 200, 200]);
    fill(r, { x: 409, y: 0, width: 380, height: 400 }, [236, 236, 236]);
    // The shot's edges are sparse (sleeves): its first and last columns are mostly backdrop.
    gradientPanel(r, { x: 460, y: 100, width: 30, height: 80 }, 2, 30, 2);
    gradientPanel(r, { x: 490, y: 30, width: 220, height: 370 }, 2, 30, 2);
    gradientPanel(r, { x: 710, y: 200, width: 30, height: 80 }, 2, 30, 2);
    fill(r, { x: 789, y: 0, width: 9, height: 400 }, [200, 200, 200]);
    gradientPanel(r, { x: 798, y: 0, width: 402, height: 400 }, 3, 30, 3);
    const plan = planSplit(r);
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts.map((p) => p.x)).toEqual([0, 404, 793]);
  });
});

describe('a wide seam that is no padding keeps its width (fixtures/collages/padded-seam-width-kept)', () => {
  it('a captioned grid: a part\'s row seam is not narrowed to the column seam cut along (independent seed 20026 caption-02)', async () => {
    // Lossless 2x2 with a caption under each photo: 8 px grey column seam, 27 px row seam below the
    // captions, whose ground is the seam's grey. Narrowed to 8 px the right column was cut 10 rows low.
    const results = (await scoreBatch('padded-seam-width-kept')).filter((r) => r.expected.file === 'i20026-caption-02.webp');
    expect(results.length).toBe(1);
    expectEveryExact(results);
  });

  it('a damaged seam does not tell the usual width (independent seed 21019 heavy-07)', async () => {
    // JPEG q33 resaved, 3 px white seams read 11, 6 and (damaged) 3 px: told by the damaged one the
    // 11 px reading was narrowed on the wrong side and the first cut moved 1 px off the seam.
    const results = (await scoreBatch('padded-seam-width-kept')).filter((r) => r.expected.file === 'i21019-heavy-07.jpg');
    expect(results.length).toBe(1);
    expectEveryExact(results);
  });
});

describe('a run narrowed below twice the seam width keeps a steady, light seam (fixtures/collages/padded-seam-unsteady)', () => {
  const scored = async (file: string) => (await scoreBatch('padded-seam-unsteady')).filter((r) => r.expected.file === file);

  it('a dark seam is no blank edge: the 2x2 grid is cut at its seams (independent seed 25014 caption-03)', async () => {
    // JPEG q27, captions above, 16 px rgb(30,30,30) seams: the column seam's 15 px run in the top
    // row, told 7 px by the row seam, was narrowed beside the dark photo and its photo split.
    const results = await scored('i25014-caption-03.jpg');
    expect(results.length).toBe(1);
    expectEveryExact(results);
  });

  it('kept lines with a step in colour are no seam: no cut through a panel (independent seeds 27005 mix-10, 26002 gradient-08)', async () => {
    // 27005: a 19 px white seam and a panel's 15 px pale grey edge, narrowed to its white part's
    // side and cut inside the panel. 26002: an 8 px gradient seam kept with 22 lines of the
    // middle panel's pale backdrop, the width told by a seam padded by that backdrop too.
    for (const file of ['i27005-mix-10.jpg', 'i26002-gradient-08.webp']) {
      const results = await scored(file);
      expect(results.length).toBe(1);
      expect(results[0]!.badCuts, file).toEqual([]);
    }
  });
});
