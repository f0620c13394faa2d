/**
 * Seams beside a panel whose edge is plain in the seam's colour (`damaged-seams.ts`, seamsAtEnds):
 * a 1 px white seam between a photo and a white drawing reads as one run of white columns, the
 * seam and the drawing's blank edge together; its middle cuts through the drawing.
 */
import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { seamsAtEnds, seamsAtEndsFramed } from '../../src/imaging/separators/damaged-seams.js';
import { fill, gradientPanel, type Rgb } from './build.js';
import { expectEveryExact } from './expect-exact.js';
import { scoreBatch } from './score.js';

const WHITE: Rgb = [255, 255, 255];

/** A white page with diagonal dark strokes from `inkFrom` (relative to the box) to its far side: a line drawing with a blank edge. */
function drawing(r: Raster, box: { x: number; y: number; width: number; height: number }, inkFrom: number): void {
  fill(r, box, WHITE);
  for (let k = 0; k < 12; k++) {
    for (let t = 0; t < box.height; t++) {
      const x = box.x + inkFrom + ((k * 37 + Math.floor(t / 2)) % (box.width - inkFrom - 1));
      fill(r, { x, y: box.y + t, width: 2, height: 1 }, [40, 40, 40]);
    }
  }
}

/** A photo of `left` px, a 1 px white seam, and a white drawing of `right` px whose ink starts `blank` px from the seam. */
function photoAndDrawing(left: number, right: number, blank: number): Raster {
  const height = 300;
  const r = createRaster(left + 1 + right, height);
  gradientPanel(r, { x: 0, y: 0, width: left, height }, 0, 20, 3);
  fill(r, { x: left, y: 0, width: 1, height }, WHITE);
  drawing(r, { x: left + 1, y: 0, width: right, height }, blank);
  return r;
}

describe('seams beside a panel of their colour', () => {
  it('cuts at the photo edge of a seam run that holds a drawing’s blank edge, where the parts come out equal', () => {
    const plan = planSplit(photoAndDrawing(400, 400, 120));
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts.length).toBe(2);
    // The middle of the 121-column white run (x 400–521) would cut at 460, 60 px into the drawing.
    expect(Math.abs(plan.parts[1]!.x - 400)).toBeLessThanOrEqual(3);
  });

  it('keeps the middle of a wide seam between equal panels, and of a thin one', () => {
    expect(seamsAtEnds([{ start: 388, end: 412 }], 0, 800)).toBeNull(); // a 24 px seam, 400 against 400
    expect(seamsAtEnds([{ start: 300, end: 305 }], 0, 800)).toBeNull(); // thin: no room for a panel's edge
  });

  it('moves only to the ends where the parts come out equal, and only when the middles are far from it', () => {
    // Run 416–570 of 835 (independent seed 4000 heavy-04): 416 against 419 at its start.
    expect(seamsAtEnds([{ start: 416, end: 570 }], 0, 835)).toEqual([{ start: 416, end: 417 }]);
    // Run 351–402 of 799 (seed 4004 heavy-04): at its end.
    expect(seamsAtEnds([{ start: 351, end: 402 }], 0, 799)).toEqual([{ start: 401, end: 402 }]);
    // Runs 296–355 and 513–596 of 899 (seed 4016 heavy-03): the first at its start, the second at its end.
    expect(seamsAtEnds([{ start: 296, end: 355 }, { start: 513, end: 596 }], 0, 899)).toEqual([{ start: 296, end: 297 }, { start: 595, end: 596 }]);
    // Two 12 px seams between panels of 217, 205 and 221 (unseen new-flat-06): drawn alike, they stand.
    expect(seamsAtEnds([{ start: 211, end: 223 }, { start: 416, end: 428 }], 0, 643)).toBeNull();
    // Unequal panels either way: the middle stands.
    expect(seamsAtEnds([{ start: 200, end: 260 }], 0, 800)).toBeNull();
    // Middle within twice the slack of equal: it stands (parts 400 and 386 at the middle, 7 px off their mean).
    expect(seamsAtEnds([{ start: 393, end: 407 }], 0, 786)).toBeNull();
  });

  it('with two seams or more, takes the ends where the parts come out as unequal as a collage’s panels are (LONE_END_SHARE_MANY)', () => {
    // Runs 133–146 and 259–266 of 403 rows (independent seed 21037 heavy-03, a 1x3 of 2 px white
    // seams beside white backdrops): 133/132/137 at the ends, 3.7 px off their mean of 134.3.
    expect(seamsAtEnds([{ start: 133, end: 146, colour: [253, 253, 252] }, { start: 259, end: 266, colour: [254, 254, 254] }], 0, 403)).toEqual([{ start: 133, end: 134 }, { start: 265, end: 266 }]);
    // A thin seam among them says the same (seed 21003 heavy-02: a 3 px red seam, runs of 1 and 116).
    expect(seamsAtEnds([{ start: 108, end: 111 }, { start: 219, end: 220 }, { start: 220, end: 336 }], 0, 449)).toEqual([{ start: 108, end: 111 }, { start: 219, end: 220 }, { start: 335, end: 336 }]);
    // One seam keeps the tight share: a 9 px seam between panels of 173 and 193 px (seed 21031
    // mix-05) is 6.5 px off their mean at its end, and its middle stands.
    expect(seamsAtEnds([{ start: 173, end: 182 }], 0, 375)).toBeNull();
    // Wide dark runs and no thin seam (frame-no-margin/i18002-mix-10 inside its frame: runs of 16
    // and 10 lines of 17 px seams at 30): the seams' width is unknown, and the middles stand.
    expect(seamsAtEnds([{ start: 168, end: 184, colour: [30, 30, 30] }, { start: 368, end: 378, colour: [30, 30, 30] }], 0, 544)).toBeNull();
  });

  it('heavy-JPEG strips of 3–4 roughly equal panels are cut at their seam runs’ ends (seeds 21037 heavy-03, 21003 heavy-02)', async () => {
    // 21003 heavy-02: a 1x4 of 3 px red seams at q38 resaved q47 whose last seam ran on into a
    // photo's flat band (rows 220–336), cut at 278 through that photo; at the run's end, 335.
    const results = await scoreBatch('seam-ends-unequal-panels');
    expect(results.length).toBe(2);
    expectEveryExact(results);
  });

  it('takes a margin that holds a drawing’s blank edge as wide as the margin at the other end (seamsAtEndsFramed)', () => {
    // Independent seed 7208 heavy-06: a 1x4 of 2 px white seams in 6 px margins of 862 rows, two
    // white drawings; the top run 0–23 is margin and drawing, the runs hold the drawings' edges.
    const runs = [{ start: 195, end: 216 }, { start: 424, end: 448 }, { start: 621, end: 641 }];
    expect(seamsAtEndsFramed(runs, 23, 856, { start: 0, end: 862 })).toEqual({ seams: [{ start: 215, end: 216 }, { start: 424, end: 425 }, { start: 640, end: 641 }], first: 6, last: 856 });
    // Margins alike: runs of one width stand as drawn seams (the rule of seamsAtEnds).
    expect(seamsAtEndsFramed(runs, 6, 856, { start: 0, end: 862 })).toBeNull();
    // A moved end may not reach into a seam run.
    expect(seamsAtEndsFramed([{ start: 10, end: 40 }, { start: 424, end: 448 }], 60, 856, { start: 0, end: 862 })).toBeNull();
  });
});
