/**
 * A worn seam that splits one of a strip's panels of one length (plan.ts, withoutMisplacedSeam):
 * dropped, rather than the strip refused.
 */
import { describe, expect, it } from 'vitest';
import { planSplit } from '../../src/imaging/separators/index.js';
import { fill, stripCollage } from './build.js';

describe('a worn seam inside one of the panels of one length', () => {
  it('is dropped, and the strip splits at its plain seams', () => {
    // After independent seed 10200 mix-07 (lossless): six panels 140 px apart with 15 px seams of
    // 240 grey; the third panel holds a 7 px pale column crossed low down by a dark blob, found as
    // a worn seam that split its part in two: refused as unequal.
    const { raster, separators } = stripCollage({ axis: 'horizontal', panels: [148, 140, 140, 140, 140, 148], cross: 171, separator: 15, separatorColour: [240, 240, 240], noise: 20 });
    const x = separators[2]!.end + 54;
    fill(raster, { x, y: 0, width: 7, height: 171 }, [236, 236, 238]);
    fill(raster, { x: x - 3, y: 100, width: 13, height: 26 }, [60, 50, 40]);
    const plan = planSplit(raster);
    expect(plan, JSON.stringify(plan)).toMatchObject({ ok: true, axis: 'horizontal', method: 'detected' });
    if (!plan.ok) return;
    // Cuts through the middle of the five plain seams.
    expect(plan.parts.slice(1).map((p) => p.x)).toEqual(separators.map((s) => s.start + 7));
  });
});
