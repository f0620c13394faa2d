/**
 * A badge near the top or bottom edge, found on the first look: the disc painted out (grown by
 * the blur rim) reaches the edge, so the seam's columns under it have one end inside the picture
 * only. They run on from that end (badges.ts, edge columns) instead of taking the row's
 * interpolation between the panels beside the seam, which hid the seam's end again.
 */
import { describe, expect, it } from 'vitest';
import { eraseBadges, findBadges } from '../../src/imaging/separators/badges.js';
import { createRaster } from '../../src/imaging/raster.js';
import { badge, fill, gradientPanel } from './build.js';
import { scoreBatch } from './score.js';
import { expectEveryExact } from './expect-exact.js';

describe('badges whose painted disc reaches the top or bottom edge', () => {
  it('paints the seam under a whole badge near the top edge with the seam colour up to the edge', () => {
    // Three 150 px panels on white 8 px seams; a badge of radius 22 whole inside the picture,
    // centred 26 px below the top edge on the first seam: painted out to radius 27, it reaches the edge.
    const raster = createRaster(466, 150);
    fill(raster, { x: 0, y: 0, width: 466, height: 150 }, [255, 255, 255]);
    for (let c = 0; c < 3; c++) gradientPanel(raster, { x: c * 158, y: 0, width: 150, height: 150 }, c, 12, 3 + c);
    badge(raster, 154, 26, 22);
    const found = findBadges(raster);
    expect(found).toHaveLength(1);
    expect(found[0]!.second).toBeUndefined();
    const clean = eraseBadges(raster, found);
    const at = (x: number, y: number): number[] => Array.from(clean.data.subarray((y * clean.width + x) * 4, (y * clean.width + x) * 4 + 3));
    for (let y = 0; y <= 60; y++) expect(at(154, y), `y ${y}`).toEqual([255, 255, 255]);
    // A panel's column under the disc keeps a panel's colours, not the seam's.
    expect(at(140, 10)).not.toEqual([255, 255, 255]);
  });

  it("splits two collages whose badges' painted discs reach the edge (independent seeds 47005 badge-09, 47008 badge-08)", async () => {
    // 47005 badge-09 (lossless 5×1, 6 px blue seams): a badge of radius 26 at 180,81 on a picture
    // 114 px high: the columns of the seam under it took the panels' colours and the first cut
    // moved 2 px. 47008 badge-08 (2×2, cream 7 px seams, q31): a badge of radius 28 at 294,26 on
    // the vertical seam's top end; with the seam hidden there, the plan was the picture's own 2 parts.
    const results = await scoreBatch('badge-edge-columns');
    expect(results.map((r) => r.expected.file)).toEqual(['i47005-badge-09.webp', 'i47008-badge-08.jpg']);
    expectEveryExact(results);
  });
});
