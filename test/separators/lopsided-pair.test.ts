/**
 * A detected two-part strip whose parts differ by more than 4:1 is refused (plan.ts,
 * LOPSIDED_PAIR_RATIO): its one seam is rather a plain line inside a photo than a collage's seam.
 * fixtures/collages/lopsided-pair holds two independent-generator pictures that were cut so: a
 * framed 1×3 at JPEG q63 planned as 1181 and 264 px (seed 6214), and a 1×2 with captions on a dark
 * seam, lossy WebP, as 1196 and 235 px (seed 6502).
 */
import { describe, expect, it } from 'vitest';
import { planSplit } from '../../src/imaging/separators/index.js';
import { stripCollage } from './build.js';
import { scoreBatch } from './score.js';

describe('a lopsided two-part strip', () => {
  it('is refused with both lengths when one part is over four times the other; split when it is not', () => {
    const lopsided = stripCollage({ axis: 'horizontal', panels: [450, 100], cross: 120, separator: 8 });
    const plan = planSplit(lopsided.raster);
    expect(plan.ok).toBe(false);
    expect(plan.ok ? '' : plan.reason).toMatch(/parts of 454 and 104 px, more than 4:1/);
    const unequal = stripCollage({ axis: 'vertical', panels: [390, 100], cross: 120, separator: 8 });
    expect(planSplit(unequal.raster)).toMatchObject({ ok: true, method: 'detected', parts: [{ y: 0, height: 394 }, { y: 394, height: 104 }] });
    // A request keeps its own rule: the detected parts are what was asked for.
    expect(planSplit(lopsided.raster, { parts: 2 })).toMatchObject({ ok: true, method: 'detected' });
  });

  it('the pictures once cut at a line inside a photo are refused', async () => {
    const results = await scoreBatch('lopsided-pair');
    expect(results.map((r) => r.expected.file).sort()).toEqual(['i6214-mix-08.jpg', 'i6502-caption-05.webp']);
    for (const r of results) {
      expect(r.badCuts, r.expected.file).toEqual([]);
      expect(r.plan.ok ? '' : r.plan.reason, r.expected.file).toMatch(/more than 4:1: rather a line inside a photo/);
    }
  });
});
