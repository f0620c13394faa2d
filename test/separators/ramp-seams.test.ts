/**
 * A strip's missing seam found by the canvas's ramp (ramp-seams.ts, used by grid-completion.ts's
 * completeStrip): a gradient seam beside a photo's pale flat backdrop reads as one run with it,
 * too wide for a seam, yet only the seam's lines shade as the standing seams do.
 */
import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../src/imaging/raster.js';
import { lineProfiles } from '../../src/imaging/separators/line-profiles.js';
import { rampSeamNear, seamRamp } from '../../src/imaging/separators/ramp-seams.js';
import { expectEveryExact } from './expect-exact.js';
import { scoreBatch } from './score.js';

/** Columns painted by `paint(x, y)` (grey), 160 rows. */
function columns(width: number, paint: (x: number, y: number) => number): Raster {
  const r = createRaster(width, 160);
  for (let y = 0; y < 160; y++) {
    for (let x = 0; x < width; x++) {
      const v = paint(x, y);
      r.data.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return r;
}

const ramp = (y: number): number => Math.round(230 + (20 * y) / 159);
const photo = (x: number, y: number): number => (x * 37 + y * 91) % 200;

describe('a gradient seam beside a pale backdrop (ramp-seams.ts)', () => {
  // A standing seam at columns 40–45; at 80–109 a photo's flat 240 backdrop, then the missing seam
  // at 110–115 (when `seam`), then the photo again.
  const strip = (seam: boolean): Raster =>
    columns(160, (x, y) => ((x >= 40 && x < 46) || (seam && x >= 110 && x < 116) ? ramp(y) : x >= 80 && x < (seam ? 110 : 116) ? 240 : photo(x, y)));

  it('finds the run that shades as the standing seam, not the backdrop beside it', () => {
    const raster = strip(true);
    const shared = seamRamp(lineProfiles(raster, 'horizontal'), [{ start: 40, end: 46 }]);
    expect(shared).not.toBeNull();
    expect(rampSeamNear(lineProfiles(raster, 'horizontal'), shared!, 113, 6, 6)).toEqual({ start: 110, end: 116 });
  });

  it('finds nothing where the backdrop runs on, and no ramp among flat seams', () => {
    const raster = strip(false);
    const shared = seamRamp(lineProfiles(raster, 'horizontal'), [{ start: 40, end: 46 }]);
    expect(rampSeamNear(lineProfiles(raster, 'horizontal'), shared!, 113, 6, 6)).toBeNull();
    const flat = columns(160, (x, y) => (x >= 40 && x < 46 ? 240 : photo(x, y)));
    expect(seamRamp(lineProfiles(flat, 'horizontal'), [{ start: 40, end: 46 }])).toBeNull();
  });

  it('splits the strips whose part twice the others’ long held such a seam (independent seeds 49010, 49015, 49017, 49028)', async () => {
    // 49010 gradient-02: 1x5 stacked, 3 px seams 229→249 along x, q62; 49015 gradient-02: 4x1,
    // 5 px seams 225→252, margin 21, q43, a white product shot's backdrop beside the third seam;
    // 49017 gradient-02: 5x1, 13 px seams 228→246, lossless, a 232 backdrop beside the fourth;
    // 49028 gradient-08: 5x1 of 112 px panels, 6 px seams, q72, a 252 backdrop beside the third.
    // Each came out one part short, the part with the backdrop twice the others.
    const results = await scoreBatch('ramp-seams');
    expect(results.map((r) => r.expected.file)).toEqual(['i49010-gradient-02.jpg', 'i49015-gradient-02.jpg', 'i49017-gradient-02.webp', 'i49028-gradient-08.jpg']);
    expectEveryExact(results);
    for (const r of results) expect(r.plan.ok ? r.plan.reason : '', r.expected.file).toContain('shading with a gradient canvas');
  });
});
