/**
 * Numbered badges (badges.ts): found as flat discs with a glyph, painted out, and the picture
 * planned again — a seam hidden under many badges is a seam; nothing that is not a badge is
 * painted, and painting never adds a cut that crosses no badge.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRaster, type Box, type Raster } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { badgesExplain, eraseBadges, findBadges } from '../../src/imaging/separators/badges.js';
import { badge, fill, gradientPanel, type Rgb } from './build.js';

const WHITE: Rgb = [255, 255, 255];

/** A cols × rows grid of noisy gradient panels on a `seam`-coloured canvas; the panel boxes. */
function grid(cols: number, rows: number, cell: number, seam: number, colour: Rgb = WHITE, seed = 3): { raster: Raster; panels: Box[] } {
  const width = cols * cell + (cols - 1) * seam;
  const height = rows * cell + (rows - 1) * seam;
  const raster = createRaster(width, height);
  fill(raster, { x: 0, y: 0, width, height }, colour);
  const panels: Box[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const box = { x: c * (cell + seam), y: r * (cell + seam), width: cell, height: cell };
      gradientPanel(raster, box, r * cols + c, 12, seed + r * cols + c);
      panels.push(box);
    }
  }
  return { raster, panels };
}

describe('findBadges', () => {
  it('finds each disc with a glyph, at its centre and size', () => {
    const { raster } = grid(3, 2, 200, 8);
    const drawn = [
      { cx: 100, cy: 204, r: 12 },
      { cx: 304, cy: 204, r: 20 },
      { cx: 516, cy: 300, r: 30 },
    ];
    for (const d of drawn) badge(raster, d.cx, d.cy, d.r);
    const found = findBadges(raster).sort((a, b) => a.cx - b.cx);
    expect(found).toHaveLength(3);
    found.forEach((f, i) => {
      expect(Math.abs(f.cx - drawn[i]!.cx)).toBeLessThanOrEqual(1.5);
      expect(Math.abs(f.cy - drawn[i]!.cy)).toBeLessThanOrEqual(1.5);
      expect(Math.abs(f.r - drawn[i]!.r)).toBeLessThanOrEqual(2);
      expect(f.fill).toEqual([220, 30, 30]);
    });
  });

  it('takes no plain disc (a ball, a sun), no ring without a glyph, and nothing in photo-like panels', () => {
    const { raster } = grid(3, 2, 200, 8);
    // A disc of one colour with nothing inside: a sun or a ball, not a badge.
    for (let y = 60; y <= 100; y++) for (let x = 80; x <= 120; x++) if ((x - 100) ** 2 + (y - 80) ** 2 <= 400) fill(raster, { x, y, width: 1, height: 1 }, [250, 200, 0]);
    expect(findBadges(raster)).toEqual([]);
  });

  it('takes no disc bigger than a badge (a round sign, a plate)', () => {
    const { raster } = grid(2, 1, 300, 8);
    badge(raster, 150, 150, 70);
    expect(findBadges(raster)).toEqual([]);
  });
});

describe('planSplit with badges painted out', () => {
  it('splits a grid whose seam is mostly hidden under badges', () => {
    const { raster, panels } = grid(3, 2, 150, 6);
    // Five badges of radius 24 hide 240 of the 462 px of the middle seam (0.52 of it: above the
    // 0.4 a seam line may have off its colour) and cross both vertical seams.
    for (const cx of [40, 153, 230, 309, 400]) badge(raster, cx, 153, 24);
    const plan = planSplit(raster);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts).toHaveLength(6);
    expect(plan.reason).toMatch(/5 numbered badges painted out/);
    for (const [i, part] of plan.parts.entries()) {
      const panel = panels[i]!;
      expect(part.x).toBeLessThanOrEqual(panel.x);
      expect(part.y).toBeLessThanOrEqual(panel.y);
      expect(part.x + part.width).toBeGreaterThanOrEqual(panel.x + panel.width);
      expect(part.y + part.height).toBeGreaterThanOrEqual(panel.y + panel.height);
    }
  });

  it('paints a badge on a seam with the seam colour along the seam, and leaves the panels beside it content', () => {
    const { raster } = grid(2, 2, 150, 6);
    badge(raster, 75, 153, 20);
    const [found] = findBadges(raster);
    expect(found).toBeDefined();
    const clean = eraseBadges(raster, [found!]);
    const at = (x: number, y: number): number[] => Array.from(clean.data.subarray((y * clean.width + x) * 4, (y * clean.width + x) * 4 + 3));
    for (let x = 50; x <= 100; x++) expect(at(x, 153)).toEqual([255, 255, 255]);
    // Inside the disc but in the panel above: the panel's colours, not the badge's red.
    expect(at(75, 138)).not.toEqual([220, 30, 30]);
    expect(at(75, 138)).not.toEqual([255, 255, 255]);
    // The input is not touched.
    expect(Array.from(raster.data.subarray((153 * raster.width + 75) * 4, (153 * raster.width + 75) * 4 + 3))).not.toEqual([255, 255, 255]);
  });

  it('keeps the picture\'s own plan when painting gives no more parts', () => {
    const { raster } = grid(3, 1, 150, 8);
    badge(raster, 154, 75, 14);
    const plan = planSplit(raster);
    expect(plan.ok && plan.parts.length).toBe(3);
    expect(plan.ok && plan.reason).not.toMatch(/painted out/);
  });
});

describe('badgesExplain', () => {
  const badges = [{ cx: 100, cy: 50, r: 20, fill: [220, 30, 30] as [number, number, number] }];
  const left = { x: 0, y: 0, width: 100, height: 100 };
  const right = { x: 100, y: 0, width: 100, height: 100 };

  it('lets a cut stand that crosses a badge', () => {
    expect(badgesExplain([left, right], [], badges)).toBe(true);
  });

  it('refuses a cut that crosses no badge and that the picture\'s own plan lacks', () => {
    const far = [{ x: 0, y: 0, width: 160, height: 100 }, { x: 160, y: 0, width: 40, height: 100 }];
    expect(badgesExplain(far, [], badges)).toBe(false);
    expect(badgesExplain(far, far, badges)).toBe(true);
  });

  it('reads a grid seam as one line, so one badge explains it in every column', () => {
    const cells = [0, 1, 2].flatMap((c) => [0, 1].map((r) => ({ x: c * 100, y: r * 100, width: 100, height: 100 })));
    const onSeam = [{ cx: 50, cy: 100, r: 15, fill: [0, 0, 0] as [number, number, number] }];
    const columnsOwn = [0, 1, 2].map((c) => ({ x: c * 100, y: 0, width: 100, height: 200 }));
    expect(badgesExplain(cells, columnsOwn, onSeam)).toBe(true);
  });
});

describe('property: badges on seams never lead to a cut through a panel', () => {
  it('holds for random grids, seam colours and badges', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 3, max: 12 }),
        fc.constantFrom<Rgb>([255, 255, 255], [0, 0, 0], [30, 60, 190], [245, 235, 215]),
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 10, max: 30 }), fc.boolean()), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 1000 }),
        (cols, rows, seam, colour, spots, seed) => {
          const cell = 140;
          const { raster, panels } = grid(cols, rows, cell, seam, colour, seed);
          for (const [t, radius, vertical] of spots) {
            if (vertical || rows === 1) {
              const c = 1 + Math.floor(t * (cols - 1)) % (cols - 1);
              badge(raster, c * (cell + seam) - seam / 2, Math.round(t * raster.height), radius, [20, 150, 60]);
            } else {
              const r = 1 + Math.floor(t * (rows - 1)) % (rows - 1);
              badge(raster, Math.round(t * raster.width), r * (cell + seam) - seam / 2, radius, [20, 150, 60]);
            }
          }
          const plan = planSplit(raster);
          if (!plan.ok) return;
          for (const part of plan.parts) {
            for (const p of panels) {
              const overlapsX = part.x < p.x + p.width && part.x + part.width > p.x;
              const overlapsY = part.y < p.y + p.height && part.y + part.height > p.y;
              if (!overlapsX || !overlapsY) continue;
              // A part that touches a panel holds all of it (a lossless raster: no slack).
              expect(part.x <= p.x && part.y <= p.y && part.x + part.width >= p.x + p.width && part.y + part.height >= p.y + p.height).toBe(true);
            }
          }
        },
      ),
      { numRuns: 40, seed: 12 },
    );
  });
});
