/**
 * A grid's panels are never slivers (fixtures/collages/grid-slivers, `make-collages.ts --seed 4052`,
 * heavy-05): a 3x2 grid of 1 px white seams at q29 saved twice, whose horizontal seam one column
 * band reads at y 237 and the whole picture at 239–240. Cutting the band's panels again along the
 * whole picture's seam (`grid.ts`, throughWholeSeams) gave 2–3 px panels between the two readings.
 */
import { describe, expect, it } from 'vitest';
import { scoreBatch } from './score.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { decode } from '../../src/imaging/decode.js';
import { readFile } from 'node:fs/promises';

describe('grid panels are never slivers', () => {
  it('a 3x2 grid of a blurred 1 px seam read a few lines apart by its bands comes out as 6 panels, none thinner than 8 px', async () => {
    const [result] = await scoreBatch('grid-slivers');
    expect(result!.badCuts).toEqual([]);
    expect(result!.exact, result!.why).toBe(true);
    const { raster } = await decode(new Uint8Array(await readFile(new URL('../../fixtures/collages/grid-slivers/s4052-heavy-05.jpg', import.meta.url))));
    const plan = planSplit(raster);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts).toHaveLength(6);
    for (const part of plan.parts) expect(Math.min(part.width, part.height)).toBeGreaterThanOrEqual(8);
    expect(plan.reason).toMatch(/^a 2x3 grid/);
  });
});
