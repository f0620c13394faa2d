/**
 * A detected layout that no collage has is refused (layout-checks.ts): a two-part strip whose
 * parts differ by more than 4:1. fixtures/collages/layout-checks holds two independent-generator
 * pictures that were cut so: a framed 1×3 at JPEG q63 planned as 1181 and 264 px (seed 6214), and
 * a 1×2 with captions on a dark seam, lossy WebP, as 1196 and 235 px (seed 6502).
 */
import { describe, expect, it } from 'vitest';
import type { Box } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { layoutRefusal } from '../../src/imaging/separators/layout-checks.js';
import { stripCollage } from './build.js';
import { scoreBatch } from './score.js';

const box = (x: number, y: number, width: number, height: number): Box => ({ x, y, width, height });

describe('layoutRefusal', () => {
  it('refuses a pair over 4:1 either way round, and keeps one at 4:1', () => {
    expect(layoutRefusal([box(0, 0, 500, 90), box(500, 0, 100, 90)])).toMatch(/parts of 500 and 100 px differ more than 4:1/);
    expect(layoutRefusal([box(0, 0, 90, 50), box(0, 50, 90, 401)])).toMatch(/parts of 50 and 401 px/);
    expect(layoutRefusal([box(0, 0, 400, 90), box(400, 0, 100, 90)])).toBeUndefined();
  });

  it('leaves grids alone, whatever their cells\' offsets (rows of photos each at its own widths)', () => {
    const rows = [box(0, 0, 300, 300), box(300, 0, 300, 300), box(0, 300, 304, 300), box(304, 300, 296, 300)];
    expect(layoutRefusal(rows)).toBeUndefined();
  });

  it('planSplit refuses a drawn lopsided pair with both lengths; splits an unequal one; a request keeps its rule', () => {
    const lopsided = stripCollage({ axis: 'horizontal', panels: [450, 100], cross: 120, separator: 8 });
    const plan = planSplit(lopsided.raster);
    expect(plan.ok).toBe(false);
    expect(plan.ok ? '' : plan.reason).toMatch(/parts of 454 and 104 px differ more than 4:1/);
    const unequal = stripCollage({ axis: 'vertical', panels: [390, 100], cross: 120, separator: 8 });
    expect(planSplit(unequal.raster)).toMatchObject({ ok: true, method: 'detected', parts: [{ y: 0, height: 394 }, { y: 394, height: 104 }] });
    expect(planSplit(lopsided.raster, { parts: 2 })).toMatchObject({ ok: true, method: 'detected' });
  });
});

describe('pictures once cut at a line inside a photo', () => {
  it('are refused, each for its reason', async () => {
    const results = await scoreBatch('layout-checks');
    const byFile = new Map(results.map((r) => [r.expected.file, r]));
    expect([...byFile.keys()].sort()).toEqual(['i6214-mix-08.jpg', 'i6502-caption-05.webp']);
    const reason = (file: string) => {
      const r = byFile.get(file)!;
      expect(r.badCuts, file).toEqual([]);
      return r.plan.ok ? '' : r.plan.reason;
    };
    expect(reason('i6214-mix-08.jpg')).toMatch(/parts of 1181 and 264 px differ more than 4:1/);
    // Its line is the tree photo's horizon, which horizons.ts now refuses before the layout checks.
    expect(reason('i6502-caption-05.webp')).toMatch(/a photo's sky meeting its ground/);
  });
});
