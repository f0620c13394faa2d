/**
 * A frame around the whole collage, of another colour than its seams (plan.ts, insideFrame):
 * every line across the picture crosses the frame, so no line is plain until the frame is set aside.
 */
import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { fill, gradientPanel, stripCollage, type Rgb } from './build.js';

/** `inner` pasted inside a `frame` px border of `colour`. */
function framed(inner: Raster, frame: number, colour: Rgb): Raster {
  const r = createRaster(inner.width + 2 * frame, inner.height + 2 * frame);
  fill(r, { x: 0, y: 0, width: r.width, height: r.height }, colour);
  for (let y = 0; y < inner.height; y++) r.data.set(inner.data.subarray(y * inner.width * 4, (y + 1) * inner.width * 4), ((y + frame) * r.width + frame) * 4);
  return r;
}

describe('a frame around the collage', () => {
  it('a stack of 3 photos with 6 px grey seams inside an 8 px olive frame splits at its seams, the frame as margin', () => {
    const { raster: inner } = stripCollage({ axis: 'vertical', panels: [150, 160, 150], cross: 300, separator: 6, separatorColour: [30, 30, 30], noise: 20 });
    const plan = planSplit(framed(inner, 8, [105, 94, 52]));
    expect(plan).toMatchObject({ ok: true, axis: 'vertical', method: 'detected' });
    if (!plan.ok) return;
    // Cuts through the middle of each seam (frame offset 8); the frame's rows are margin, its columns kept.
    expect(plan.parts).toEqual([
      { x: 0, y: 8, width: 316, height: 153 },
      { x: 0, y: 161, width: 316, height: 166 },
      { x: 0, y: 327, width: 316, height: 153 },
    ]);
  });

  it('a framed single photo is still refused', () => {
    const inner = createRaster(300, 200);
    gradientPanel(inner, { x: 0, y: 0, width: 300, height: 200 }, 0, 20, 3);
    expect(planSplit(framed(inner, 8, [105, 94, 52])).ok).toBe(false);
  });
});
