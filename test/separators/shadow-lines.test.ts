/**
 * A drop shadow between a white drawing's own white and the seam (strips.ts, SHADOW_LINES): the
 * two white runs it parts are one seam, however far the generators offset and blur the shadow.
 */
import { describe, expect, it } from 'vitest';
import { createRaster } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { fill, gradientPanel } from './build.js';

describe('a drop shadow offset 7 px and blurred under a white drawing', () => {
  it('is no panel: the stack of three splits at its seams', () => {
    // After independent seed 10203 mix-05 (JPEG q69): three 222 px panels stacked on white with
    // 15 px seams, the middle one a drawing on white whose shadow, 7 rows of grey lightening
    // towards the seam, parted its white bottom rows from the seam's; the rows between read as a
    // 19 px band and the collage was refused.
    const r = createRaster(320, 696);
    fill(r, { x: 0, y: 0, width: 320, height: 696 }, [255, 255, 255]);
    gradientPanel(r, { x: 0, y: 0, width: 320, height: 222 }, 1, 10, 1);
    for (let x = 0; x < 320; x++) {
      // Two crossing strokes over the drawing's upper part: every row of it down to 400 holds ink.
      const y = 240 + Math.round((x * 160) / 319);
      fill(r, { x, y, width: 1, height: 3 }, [30, 30, 30]);
      fill(r, { x: 319 - x, y, width: 1, height: 3 }, [30, 30, 30]);
    }
    // The shadow under the drawing (rows 459–465), darkest first, its left end lighter (offset 7).
    [143, 147, 154, 169, 185, 204, 222].forEach((v, k) => {
      fill(r, { x: 7, y: 459 + k, width: 313, height: 1 }, [v, v, v]);
      for (let e = 0; e < 6; e++) {
        const w = Math.round(v + ((255 - v) * (6 - e)) / 7);
        fill(r, { x: 7 + e, y: 459 + k, width: 1, height: 1 }, [w, w, w]);
      }
    });
    gradientPanel(r, { x: 0, y: 474, width: 320, height: 222 }, 2, 10, 2);
    const plan = planSplit(r);
    expect(plan, JSON.stringify(plan)).toMatchObject({ ok: true, axis: 'vertical', method: 'detected' });
    if (!plan.ok) return;
    expect(plan.parts).toHaveLength(3);
    // Both cuts in seams: 222–237 and, past the drawing (ending at 459) and its shadow, 466–474.
    expect(plan.parts[1]!.y).toBeGreaterThanOrEqual(222);
    expect(plan.parts[1]!.y).toBeLessThanOrEqual(237);
    expect(plan.parts[2]!.y).toBeGreaterThanOrEqual(459);
    expect(plan.parts[2]!.y).toBeLessThanOrEqual(474);
  });
});
