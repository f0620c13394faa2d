import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampBox, crop } from '../../src/imaging/crop.js';
import { isImageError } from '../../src/imaging/errors.js';
import type { Box, Raster } from '../../src/imaging/raster.js';

/** A raster whose every byte is distinct enough to catch an off-by-one row or column. */
function patterned(width: number, height: number, seed: number): Raster {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i++) data[i] = (i * 31 + seed * 7 + (i >> 7)) & 0xff;
  return { width, height, data };
}

/** Writes `part` into `target` at (x, y), the inverse of crop. */
function paste(target: Raster, part: Raster, x: number, y: number): void {
  for (let row = 0; row < part.height; row++) {
    const from = row * part.width * 4;
    target.data.set(part.data.subarray(from, from + part.width * 4), ((y + row) * target.width + x) * 4);
  }
}

const rasterAndBox = fc
  .record({ width: fc.integer({ min: 1, max: 40 }), height: fc.integer({ min: 1, max: 40 }), seed: fc.nat(1000) })
  .chain(({ width, height, seed }) =>
    fc
      .record({ x: fc.nat(width - 1), y: fc.nat(height - 1) })
      .chain(({ x, y }) =>
        fc.record({ x: fc.constant(x), y: fc.constant(y), width: fc.integer({ min: 1, max: width - x }), height: fc.integer({ min: 1, max: height - y }) }),
      )
      .map((box) => ({ raster: patterned(width, height, seed), box })),
  );

describe('crop', () => {
  it('cropping a box and pasting it back over a blanked copy restores the raster', () => {
    fc.assert(
      fc.property(rasterAndBox, ({ raster, box }) => {
        const part = crop(raster, box);
        expect([part.width, part.height]).toEqual([box.width, box.height]);
        const restored: Raster = { width: raster.width, height: raster.height, data: raster.data.slice() };
        // Blank the box, then paste the crop: only a faithful crop gives back the original.
        paste(restored, { width: box.width, height: box.height, data: new Uint8Array(box.width * box.height * 4) }, box.x, box.y);
        paste(restored, part, box.x, box.y);
        expect(restored.data).toEqual(raster.data);
      }),
    );
  });

  it('copies: writing to the crop leaves the source untouched', () => {
    const raster = patterned(10, 10, 1);
    const before = raster.data.slice();
    const part = crop(raster, { x: 2, y: 3, width: 4, height: 5 });
    part.data.fill(9);
    expect(raster.data).toEqual(before);
  });

  it('returns the raster itself for the whole-picture box', () => {
    const raster = patterned(7, 3, 2);
    expect(crop(raster, { x: 0, y: 0, width: 7, height: 3 })).toBe(raster);
  });

  it.each<[string, Box]>([
    ['over the right edge', { x: 5, y: 0, width: 6, height: 1 }],
    ['over the bottom edge', { x: 0, y: 8, width: 1, height: 3 }],
    ['negative x', { x: -1, y: 0, width: 2, height: 2 }],
    ['zero width', { x: 0, y: 0, width: 0, height: 2 }],
    ['negative height', { x: 0, y: 0, width: 2, height: -2 }],
    ['fractional', { x: 0.5, y: 0, width: 2, height: 2 }],
    ['NaN', { x: Number.NaN, y: 0, width: 2, height: 2 }],
  ])('refuses a box %s with invalid_argument', (_name, box) => {
    let caught: unknown;
    try {
      crop(patterned(10, 10, 3), box);
    } catch (err) {
      caught = err;
    }
    expect(isImageError(caught, 'invalid_argument')).toBe(true);
    expect((caught as Error).message).toContain('10x10');
  });
});

describe('clampBox', () => {
  it('trims a box hanging over the edges', () => {
    expect(clampBox({ x: -10, y: 5, width: 50, height: 100 }, 20, 30)).toEqual({ x: 0, y: 5, width: 20, height: 25 });
  });

  it('returns null for a box entirely outside', () => {
    expect(clampBox({ x: 25, y: 0, width: 5, height: 5 }, 20, 20)).toBeNull();
    expect(clampBox({ x: -5, y: 0, width: 5, height: 5 }, 20, 20)).toBeNull();
  });

  it('always yields a box crop accepts, inside the picture and inside the request', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 50 }),
        fc.record({ x: fc.integer({ min: -80, max: 80 }), y: fc.integer({ min: -80, max: 80 }), width: fc.integer({ min: 1, max: 120 }), height: fc.integer({ min: 1, max: 120 }) }),
        (width, height, box) => {
          const clamped = clampBox(box, width, height);
          const overlaps = box.x < width && box.y < height && box.x + box.width > 0 && box.y + box.height > 0;
          expect(clamped !== null).toBe(overlaps);
          if (clamped === null) return;
          expect(clamped.x).toBeGreaterThanOrEqual(Math.max(0, box.x));
          expect(clamped.y).toBeGreaterThanOrEqual(Math.max(0, box.y));
          expect(clamped.x + clamped.width).toBe(Math.min(width, box.x + box.width));
          expect(clamped.y + clamped.height).toBe(Math.min(height, box.y + box.height));
          expect(() => crop({ width, height, data: new Uint8Array(width * height * 4) }, clamped)).not.toThrow();
        },
      ),
    );
  });
});
