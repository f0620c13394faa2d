/**
 * A frame JPEG rang all through (strips.ts, frameDepth): its lines are no plain margin, only one
 * colour with ringing, yet they are a frame round the collage, set aside as a plain one is.
 */
import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { gradientPanel, random, setPixel, stripCollage, type Rgb } from './build.js';
import { scoreBatch } from './score.js';

/** `inner` inside a `frame` px border of `colour`, each pixel off by up to ±`ring` a channel: ringing, not plain. */
function rungFrame(inner: Raster, frame: number, colour: Rgb, ring: number): Raster {
  const r = createRaster(inner.width + 2 * frame, inner.height + 2 * frame);
  const rand = random(17);
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      const off = Math.round((rand() * 2 - 1) * ring);
      setPixel(r, x, y, [colour[0] + off, colour[1] + off, colour[2] + off]);
    }
  }
  for (let y = 0; y < inner.height; y++) r.data.set(inner.data.subarray(y * inner.width * 4, (y + 1) * inner.width * 4), ((y + frame) * r.width + frame) * 4);
  return r;
}

describe('a frame rung all through', () => {
  it('a row of 3 photos with white seams inside a 10 px purple frame of ringing lines splits at its seams', () => {
    const { raster: inner } = stripCollage({ axis: 'horizontal', panels: [200, 210, 200], cross: 260, separator: 10, separatorColour: [255, 255, 255], noise: 20 });
    const plan = planSplit(rungFrame(inner, 10, [118, 116, 175], 14));
    expect(plan).toMatchObject({ ok: true, axis: 'horizontal' });
    if (!plan.ok) return;
    // Cuts through the middle of each seam (frame offset 10).
    expect(plan.parts.slice(1).map((p) => p.x)).toEqual([215, 435]);
  });

  it('a single photo in such a frame is still refused', () => {
    const inner = createRaster(300, 200);
    gradientPanel(inner, { x: 0, y: 0, width: 300, height: 200 }, 0, 20, 3);
    expect(planSplit(rungFrame(inner, 10, [118, 116, 175], 14)).ok).toBe(false);
  });

  it('splits a framed JPEG collage exactly, and reads no neutral margin as a frame', async () => {
    // fixtures/collages/rung-frame (independent generator, `--independent-seed 7309` and `7311`,
    // `--full-size`): mix-05, 2×3 photos in a 9 px purple frame rung all through (q49), refused
    // before; badge-05, a 1×3 collage on an 11 px grey margin, refused, which read as a frame was
    // planned without it and cut through its white drawing.
    const results = await scoreBatch('rung-frame');
    expect(results.map((r) => r.expected.file).sort()).toEqual(['i7309-mix-05.jpg', 'i7311-badge-05.jpg']);
    for (const r of results) expect(r.badCuts, r.expected.file).toEqual([]);
    expect(results.find((r) => r.expected.file === 'i7309-mix-05.jpg')!.exact).toBe(true);
  });
});
