/**
 * A heavy-JPEG strip whose seams some line rule found, with one part two or three photos long:
 * the missing seams are found at the places the found ones predict, by the found seams' luma or,
 * beside a panel's flat edge as dark as the seam, by the seam's chroma ridge
 * (worn-strip-completion.ts).
 */
import { describe, expect, it } from 'vitest';
import { createRaster } from '../../src/imaging/raster.js';
import { completeWornStrip } from '../../src/imaging/separators/worn-strip-completion.js';
import { scoreBatch } from './score.js';
import { expectEveryExact } from './expect-exact.js';

/** A 451×71 strip of grey noise (60–250) with 1 px dark (40) seams at the columns `seams`. */
function noisyStrip(seams: readonly number[]) {
  const r = createRaster(451, 71);
  let state = 7;
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      state = (state * 1103515245 + 12345) >>> 0;
      const v = seams.includes(x) ? 40 : 60 + ((state >>> 16) % 191);
      r.data.set([v, v, v, 255], (y * r.width + x) * 4);
    }
  }
  return r;
}

describe('a worn strip with a part of several photos', () => {
  it('is cut at the seams of the found seam’s luma where the equal panels put them, and not without them', () => {
    // The seam at 112 found; the part 113–451 is three panels of 112 px with their seams.
    const segments = [{ start: 0, end: 112 }, { start: 112, end: 451 }];
    const found = [{ start: 112, end: 113 }];
    expect(completeWornStrip(noisyStrip([112, 223, 335]), 'horizontal', segments, found)).toEqual([
      { start: 0, end: 112 },
      { start: 112, end: 223 },
      { start: 223, end: 335 },
      { start: 335, end: 451 },
    ]);
    // One of the two missing seams absent: nothing is cut.
    expect(completeWornStrip(noisyStrip([112, 335]), 'horizontal', segments, found)).toBeNull();
  });

  it('splits heavy-JPEG strips refused or short of a seam exactly (independent seeds 48002, 48005, 48007 heavy)', async () => {
    // 48002 heavy-07: 1x4 of 2 px red seams at q26, 3 parts (112, 110, 224 px): the last seam,
    // beside a dark panel of its luma, is found by its Cr ridge. 48005 heavy-08: 4x1 of 2 px blue
    // seams at q27, refused as unequal worn seams (111, 225, 114 px): the seam at 222–223 is found
    // by its luma. 48007 heavy-09: 4x1 of 1 px blue seams at q40, refused (112, 339 px): one seam
    // by its luma, one beside a teal panel by its Cb ridge.
    const results = await scoreBatch('worn-strip-completion');
    expect(results.map((r) => r.expected.file)).toEqual(['i48002-heavy-07.jpg', 'i48005-heavy-08.jpg', 'i48007-heavy-09.jpg']);
    expectEveryExact(results);
    // The plan says how the missing seams were found.
    for (const r of results) expect(r.plan.ok ? r.plan.reason : '', r.expected.file).toContain("heavy JPEG smeared, found by the other seams' luma or its chroma");
  });
});
