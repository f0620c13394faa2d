/**
 * Property: for random flat-graphics and photo-like collages — strips and grids up to 4×4, random
 * separator colour and width, panel backgrounds that differ from the separator — every panel lies
 * whole inside one part of the plan (no cut crosses a panel), and a detected plan has one part per
 * panel.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRaster, type Box } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { fill, gradientPanel, type Rgb } from './build.js';

const rgb = fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }));
const seamColour = fc.oneof(fc.constant<Rgb>([255, 255, 255]), fc.constant<Rgb>([0, 0, 0]), fc.constant<Rgb>([128, 128, 128]), rgb);

/** Farther than the collage colour tolerance (40) in some channel, with room to spare. */
function differs(a: Rgb, b: Rgb): boolean {
  return Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]), Math.abs(a[2] - b[2])) > 80;
}

const contains = (part: Box, panel: Box): boolean =>
  panel.x >= part.x && panel.y >= part.y && panel.x + panel.width <= part.x + part.width && panel.y + panel.height <= part.y + part.height;

describe('every panel whole (random flat and photo collages)', () => {
  it('strips and grids up to 4×4: each panel inside one part, one part per panel', () => {
    fc.assert(
      fc.property(
        fc.record({
          cols: fc.integer({ min: 1, max: 4 }),
          rows: fc.integer({ min: 1, max: 4 }),
          width: fc.integer({ min: 50, max: 110 }),
          height: fc.integer({ min: 45, max: 100 }),
          seam: fc.integer({ min: 2, max: 14 }),
          colour: seamColour,
          flat: fc.boolean(),
          backgrounds: fc.array(rgb, { minLength: 16, maxLength: 16 }),
          seed: fc.integer({ min: 1, max: 1 << 30 }),
        }),
        (c) => {
          fc.pre(c.cols * c.rows >= 2);
          const w = c.cols * c.width + (c.cols - 1) * c.seam;
          const h = c.rows * c.height + (c.rows - 1) * c.seam;
          const r = createRaster(w, h);
          fill(r, { x: 0, y: 0, width: w, height: h }, c.colour);
          const panels: Box[] = [];
          for (let i = 0; i < c.rows; i++) {
            for (let j = 0; j < c.cols; j++) {
              const box = { x: j * (c.width + c.seam), y: i * (c.height + c.seam), width: c.width, height: c.height };
              panels.push(box);
              const k = i * c.cols + j;
              if (c.flat) {
                // A solid background of the panel's own colour with a shape inside (an icon, a flag).
                let bg = c.backgrounds[k]! as Rgb;
                if (!differs(bg, c.colour)) bg = [(c.colour[0] + 128) % 256, (c.colour[1] + 128) % 256, (c.colour[2] + 128) % 256];
                fill(r, box, bg);
                const s = Math.floor(Math.min(c.width, c.height) / 2);
                fill(r, { x: box.x + Math.floor((c.width - s) / 2), y: box.y + Math.floor((c.height - s) / 2), width: s, height: s }, [(bg[0] + 90) % 256, (bg[1] + 170) % 256, (bg[2] + 50) % 256]);
              } else {
                gradientPanel(r, box, k, 6, c.seed + k);
              }
            }
          }
          const plan = planSplit(r);
          expect(plan.ok).toBe(true);
          if (!plan.ok) return;
          expect(plan.parts).toHaveLength(panels.length);
          for (const panel of panels) expect(plan.parts.some((p) => contains(p, panel)), JSON.stringify(panel)).toBe(true);
        },
      ),
      { numRuns: 120 },
    );
  });
});

describe('every panel whole (cases fast-check found)', () => {
  it('a 2 px black seam between a dark blue and a dark green panel votes black, not the green edge, and cuts between them', () => {
    const r = createRaster(50, 92);
    fill(r, { x: 0, y: 0, width: 50, height: 92 }, [0, 0, 0]);
    const panels: Box[] = [
      { x: 0, y: 0, width: 50, height: 45 },
      { x: 0, y: 47, width: 50, height: 45 },
    ];
    const backgrounds: Rgb[] = [
      [0, 0, 81],
      [0, 81, 0],
    ];
    panels.forEach((box, i) => {
      const bg = backgrounds[i]!;
      fill(r, box, bg);
      fill(r, { x: box.x + 14, y: box.y + 11, width: 22, height: 22 }, [(bg[0] + 90) % 256, (bg[1] + 170) % 256, (bg[2] + 50) % 256]);
    });
    const plan = planSplit(r);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts).toEqual([
      { x: 0, y: 0, width: 50, height: 46 },
      { x: 0, y: 46, width: 50, height: 46 },
    ]);
    expect(plan.reason).toContain('rgb(0,0,0)');
  });

  it('a 2 px grey seam between flat green and purple panels, near the mix of the two, is drawn exactly and stays a seam', () => {
    const r = createRaster(102, 63);
    fill(r, { x: 0, y: 0, width: 102, height: 63 }, [128, 128, 128]);
    const backgrounds: Rgb[] = [
      [10, 176, 0],
      [101, 12, 230],
    ];
    backgrounds.forEach((bg, j) => {
      const box = { x: j * 52, y: 0, width: 50, height: 63 };
      fill(r, box, bg);
      fill(r, { x: box.x + 12, y: box.y + 19, width: 25, height: 25 }, [(bg[0] + 90) % 256, (bg[1] + 170) % 256, (bg[2] + 50) % 256]);
    });
    const plan = planSplit(r);
    expect(plan.ok && plan.parts).toEqual([
      { x: 0, y: 0, width: 51, height: 63 },
      { x: 51, y: 0, width: 51, height: 63 },
    ]);
  });
});
