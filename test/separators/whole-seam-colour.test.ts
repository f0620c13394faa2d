/**
 * The collage colour of the whole seams (plan.ts, wholeSeamColour): a photo's dark straight
 * edges, read as worn seams, can outvote a collage's plain seams; a plan refused as an unequal
 * worn strip is planned again held to the colour of the whole seams, when those are drawn exactly.
 */
import { describe, expect, it } from 'vitest';
import { planSplit } from '../../src/imaging/separators/index.js';
import { fill, random, stripCollage } from './build.js';

/**
 * After independent seed 10202 mix-01 (lossless): four photos in a row with 7 px grey seams, the
 * first with three dark palm trunks over its whole height, crossed low down by light figures.
 */
function trunksBesideSeams(seamNoise: number) {
  const layout = stripCollage({ axis: 'horizontal', panels: [370, 390, 150, 265], cross: 264, separator: 7, separatorColour: [128, 128, 128], noise: 20 });
  const { raster } = layout;
  for (let b = 0; b < 3; b++) {
    const x = 60 + b * 100;
    fill(raster, { x, y: 0, width: 3, height: 264 }, [8, 9, 10]);
    fill(raster, { x: x - 2, y: 238, width: 7, height: 13 }, [200, 180, 160]);
  }
  // Seams that are not one exact colour (as a lossy picture's are): ±seamNoise per pixel.
  const rand = random(5);
  for (const s of layout.separators) {
    for (let y = 0; y < raster.height; y++) {
      for (let x = s.start; x < s.end; x++) {
        const v = 128 + Math.round((rand() * 2 - 1) * seamNoise);
        fill(raster, { x, y, width: 1, height: 1 }, [v, v, v]);
      }
    }
  }
  return layout;
}

describe('the whole seams’ colour against worn ones', () => {
  it('three dark trunks read as worn seams do not outvote three exact grey seams', () => {
    const { raster, separators } = trunksBesideSeams(0);
    const plan = planSplit(raster);
    expect(plan).toMatchObject({ ok: true, axis: 'horizontal', method: 'detected' });
    if (!plan.ok) return;
    // Cuts through the middle of each 7 px seam.
    expect(plan.parts.slice(1).map((p) => p.x)).toEqual(separators.map((s) => s.start + 3));
  });

  it('with seams that are not drawn exactly, the vote stands and the picture is refused', () => {
    const plan = planSplit(trunksBesideSeams(3).raster);
    expect(plan.ok).toBe(false);
  });
});
