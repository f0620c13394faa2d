/**
 * A lone gradient seam beside a pale panel: the canvas's margins shade as it does, and vouch for
 * it as a twin seam would (fading-seams.ts, marginShading, shadedAsMargins, shadingMargins).
 */
import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { marginShading, shadedAsMargins, shadingMargins } from '../../src/imaging/separators/fading-seams.js';
import { measureLines } from '../../src/imaging/separators/line-stats.js';
import { fill, gradientPanel, random, setPixel } from './build.js';

/**
 * Two panels stacked on a canvas shading 227→249 along x (14 px margins, a 13 px seam): on top a
 * white drawing with sparse dark strokes, below a photo-like panel, the seam's rows next
 * to it tinted as JPEG left them. Independent seed 9302
 * gradient-05 in small.
 */
function stacked(canvasShades: boolean): Raster {
  const r = createRaster(400, 14 + 200 + 13 + 200 + 14);
  for (let x = 0; x < r.width; x++) {
    const v = canvasShades ? 227 + Math.round((x * 22) / (r.width - 1)) : 238;
    for (let y = 0; y < r.height; y++) setPixel(r, x, y, [v, v, v]);
  }
  fill(r, { x: 14, y: 14, width: 372, height: 200 }, [252, 252, 252]);
  const rand = random(3);
  for (let k = 0; k < 40; k++) {
    const x0 = 30 + Math.floor(rand() * 320);
    const y0 = 30 + Math.floor(rand() * 160);
    for (let d = 0; d < 12; d++) setPixel(r, x0 + d, y0 + (d >> 2), [40, 40, 40]);
  }
  // JPEG's 4:2:0 chroma tints the seam's last 5 rows with the teal photo below.
  const tint = random(4);
  for (let y = 222; y < 227; y++) for (let x = 0; x < r.width; x++) setPixel(r, x, y, [205 + Math.round(tint() * 30), 245, 244]);
  // The drawing's last rows hold ink up to the seam, as the photo's did.
  for (let y = 14; y < 214; y++) for (let k = 0; k < 3; k++) setPixel(r, 14 + Math.floor(rand() * 372), y, [60, 60, 60]);
  gradientPanel(r, { x: 14, y: 227, width: 372, height: 200 }, 2, 30, 7);
  return r;
}

describe('a lone gradient seam vouched for by the margins', () => {
  it('splits two panels whose one seam shades as both margins do', () => {
    // Without the margins' word the seam fades into the white drawing above (its 238 mean is
    // within a fade of the page's 252) and has no twin: the collage was refused.
    const plan = planSplit(stacked(true));
    expect(plan, JSON.stringify(plan)).toMatchObject({ ok: true, axis: 'vertical' });
    const cut = plan.ok ? plan.parts[1]!.y : -1;
    expect(cut).toBeGreaterThanOrEqual(214);
    expect(cut).toBeLessThan(227);
  });

  it('finds the stretch of a run that shades as the margins do, and none in a flat gap', () => {
    // Independent seed 9304 gradient-05 in small: a canvas shading 233→246 down the picture, 13 px
    // margins, and a run of 10 columns whose first 7 shade as the canvas does (with JPEG's noise on
    // every other pixel) and whose last 3 are flat, as a pale photo backdrop merged into it is.
    const r = createRaster(13 + 200 + 10 + 200 + 13, 300);
    const rand = random(8);
    for (let y = 0; y < r.height; y++) {
      const v = 233 + Math.round((y * 13) / (r.height - 1));
      for (let x = 0; x < r.width; x++) setPixel(r, x, y, [v, v, v]);
      for (let x = 213; x < 220; x++) if ((x + y) % 2 === 0) setPixel(r, x, y, [v + Math.round(rand() * 4) - 2, v, v]);
      for (let x = 220; x < 223; x++) setPixel(r, x, y, [240, 239, 239]);
    }
    for (const x0 of [13, 223]) gradientPanel(r, { x: x0, y: 13, width: 200, height: 274 }, x0, 30, 9);
    const box = { x: 0, y: 0, width: r.width, height: r.height };
    const lines = measureLines(r, box).columns;
    const ends = marginShading(r, box, 'horizontal', lines, 13, 423);
    expect(ends).not.toBeNull();
    expect(shadedAsMargins(r, box, 'horizontal', lines, { start: 213, end: 223 }, ends!)).toEqual({ start: 213, end: 220 });
    // A flat gap (a page's) shades as nothing: no stretch, whatever the margins.
    expect(shadedAsMargins(r, box, 'horizontal', lines, { start: 220, end: 223 }, ends!)).toBeNull();
    expect(shadingMargins(r, box, 'horizontal', lines, [{ start: 213, end: 223 }], ends)).toBe(true);
    expect(shadingMargins(r, box, 'horizontal', lines, [{ start: 220, end: 223 }], ends)).toBe(false);
  });
});
