import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isImageError } from '../../src/imaging/errors.js';
import type { Raster } from '../../src/imaging/raster.js';
import { crop } from '../../src/imaging/crop.js';
import { cropAndShrinkToFit, shrinkToFit } from '../../src/imaging/shrink.js';
import { corpus } from '../helpers/corpus.js';

function meanOf(raster: Raster, channel: number): number {
  let sum = 0;
  for (let i = channel; i < raster.data.length; i += 4) sum += raster.data[i]!;
  return sum / (raster.width * raster.height);
}

const opaqueRaster = fc
  .record({ width: fc.integer({ min: 1, max: 60 }), height: fc.integer({ min: 1, max: 60 }) })
  .chain(({ width, height }) =>
    fc.uint8Array({ minLength: width * height * 3, maxLength: width * height * 3 }).map((rgb) => {
      const data = new Uint8Array(width * height * 4);
      for (let p = 0; p < width * height; p++) data.set([rgb[p * 3]!, rgb[p * 3 + 1]!, rgb[p * 3 + 2]!, 255], p * 4);
      return { width, height, data } as Raster;
    }),
  );

/**
 * The definition, computed the slow way: each output pixel sums every source pixel it overlaps,
 * weighted by the overlap area (integer units of 1/outWidth × 1/outHeight of a source pixel),
 * premultiplied, then divides once. Shares no code or tables with shrink.ts.
 */
function referenceShrink(raster: Raster, outWidth: number, outHeight: number): Uint8Array {
  const { width, height, data } = raster;
  const overlap = (i: number, unit: number, o: number, span: number): number => Math.max(0, Math.min((i + 1) * unit, (o + 1) * span) - Math.max(i * unit, o * span));
  const out = new Uint8Array(outWidth * outHeight * 4);
  for (let oy = 0; oy < outHeight; oy++) {
    for (let ox = 0; ox < outWidth; ox++) {
      const sums = [0, 0, 0];
      let alpha = 0;
      for (let sy = 0; sy < height; sy++) {
        const wy = overlap(sy, outHeight, oy, height);
        if (wy === 0) continue;
        for (let sx = 0; sx < width; sx++) {
          const w = overlap(sx, outWidth, ox, width) * wy;
          const p = (sy * width + sx) * 4;
          const a = data[p + 3]!;
          for (let c = 0; c < 3; c++) sums[c]! += data[p + c]! * a * w;
          alpha += a * w;
        }
      }
      if (alpha === 0) continue;
      const q = (oy * outWidth + ox) * 4;
      for (let c = 0; c < 3; c++) out[q + c] = Math.round(sums[c]! / alpha);
      out[q + 3] = Math.round(alpha / (width * height));
    }
  }
  return out;
}

/** Rows that are each either opaque or of random alpha (0 included): shrink.ts treats the two kinds differently. */
const mixedAlphaRaster = fc
  .record({ width: fc.integer({ min: 1, max: 40 }), height: fc.integer({ min: 1, max: 40 }) })
  .chain(({ width, height }) =>
    fc.record({
      bytes: fc.uint8Array({ minLength: width * height * 4, maxLength: width * height * 4 }),
      opaqueRows: fc.array(fc.boolean(), { minLength: height, maxLength: height }),
    }).map(({ bytes, opaqueRows }) => {
      for (let y = 0; y < height; y++) if (opaqueRows[y]) for (let x = 0; x < width; x++) bytes[(y * width + x) * 4 + 3] = 255;
      return { width, height, data: bytes } as Raster;
    }),
  );

describe('shrinkToFit', () => {
  it('never exceeds the limit, follows the size rule and keeps the aspect ratio within one pixel', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), fc.integer({ min: 1, max: 3000 }), fc.integer({ min: 1, max: 400 }), (width, height, limit) => {
        // Size logic only: a 1-pixel-per-row raster keeps the test fast while the size is arbitrary.
        const raster: Raster = { width, height, data: new Uint8Array(width * height * 4) };
        const out = shrinkToFit(raster, limit);
        expect(Math.max(out.width, out.height)).toBeLessThanOrEqual(Math.max(limit, 1));
        if (Math.max(width, height) <= limit) {
          expect(out).toBe(raster);
          return;
        }
        const scale = limit / Math.max(width, height);
        expect(out.width).toBe(Math.max(1, Math.round(width * scale)));
        expect(out.height).toBe(Math.max(1, Math.round(height * scale)));
        // Aspect ratio: both sides within one pixel of the exactly scaled size.
        expect(Math.abs(out.width - width * scale)).toBeLessThanOrEqual(1);
        expect(Math.abs(out.height - height * scale)).toBeLessThanOrEqual(1);
        expect(out.data.length).toBe(out.width * out.height * 4);
      }),
      { numRuns: 60 },
    );
  });

  it('preserves the mean colour of an opaque picture within 1 per channel', () => {
    fc.assert(
      fc.property(opaqueRaster, fc.integer({ min: 1, max: 59 }), (raster, limit) => {
        const out = shrinkToFit(raster, limit);
        for (let c = 0; c < 4; c++) expect(Math.abs(meanOf(out, c) - meanOf(raster, c))).toBeLessThanOrEqual(1);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps a uniform block uniform: with an integer ratio, its output pixels are exactly its colour', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 2, max: 6 }),
        fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 255 })),
        fc.nat(10_000),
        (factor, outWidth, outHeight, colour, seed) => {
          const width = outWidth * factor;
          const height = outHeight * factor;
          const data = new Uint8Array(width * height * 4);
          for (let i = 0; i < data.length; i++) data[i] = (i * 131 + seed) % 251; // noisy background
          // Paint output pixel (1, 1)'s source block in the uniform colour.
          for (let y = factor; y < 2 * factor; y++) for (let x = factor; x < 2 * factor; x++) data.set(colour, (y * width + x) * 4);
          const out = shrinkToFit({ width, height, data }, Math.max(outWidth, outHeight));
          expect([out.width, out.height]).toEqual([outWidth, outHeight]);
          const p = (1 * outWidth + 1) * 4;
          expect(Array.from(out.data.subarray(p, p + 4))).toEqual(colour);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('averages premultiplied: transparent black beside opaque white gives half-transparent white, not grey', () => {
    const data = new Uint8Array([255, 255, 255, 255, 0, 0, 0, 0]);
    const out = shrinkToFit({ width: 2, height: 1, data }, 1);
    expect(Array.from(out.data)).toEqual([255, 255, 255, 128]);
  });

  it('leaves a fully transparent area fully transparent', () => {
    const out = shrinkToFit({ width: 4, height: 4, data: new Uint8Array(64) }, 2);
    expect(Array.from(out.data)).toEqual(new Array(16).fill(0));
  });

  it('shares border pixels by area for a non-integer ratio (3 → 2: the middle pixel splits evenly)', () => {
    const data = new Uint8Array([0, 0, 0, 255, 90, 90, 90, 255, 240, 240, 240, 255]);
    const out = shrinkToFit({ width: 3, height: 1, data }, 2);
    // Output 0 covers pixel 0 and half of pixel 1: (0·1 + 90·0.5)/1.5 = 30; output 1: (90·0.5 + 240)/1.5 = 190.
    expect(Array.from(out.data)).toEqual([30, 30, 30, 255, 190, 190, 190, 255]);
  });

  it('agrees with sharp\'s area resampling on a real photo within a small error', async () => {
    const { data, info } = await sharp(readFileSync(corpus('jpeg/truecolor.jpg'))).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const raster: Raster = { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
    const out = shrinkToFit(raster, 500);
    const nearest = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
      .resize(out.width, out.height, { kernel: 'nearest', fit: 'fill' })
      .raw()
      .toBuffer();
    // sharp's reducing linear resize is also an average of each block, so it must land close;
    // nearest-neighbour (one pixel per block) is the "dropping pixels" we must be clearly unlike.
    const sharpArea = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
      .resize(out.width, out.height, { fit: 'fill', kernel: 'linear', fastShrinkOnLoad: false })
      .raw()
      .toBuffer();
    let errArea = 0;
    let errNearest = 0;
    for (let i = 0; i < out.data.length; i++) {
      if ((i & 3) === 3) continue;
      errArea += Math.abs(out.data[i]! - sharpArea[i]!);
      errNearest += Math.abs(out.data[i]! - nearest[i]!);
    }
    const n = (out.data.length / 4) * 3;
    expect(errArea / n).toBeLessThan(3);
    expect(errArea).toBeLessThan(errNearest);
  });

  it('equals the slow exact definition, bit for bit, on rows both opaque and translucent', () => {
    fc.assert(
      fc.property(mixedAlphaRaster, fc.integer({ min: 1, max: 39 }), (raster, limit) => {
        const out = shrinkToFit(raster, limit);
        if (out === raster) return;
        expect(Array.from(out.data)).toEqual(Array.from(referenceShrink(raster, out.width, out.height)));
      }),
      { numRuns: 200 },
    );
  });

  it('equals the slow exact definition on opaque pictures of repeated rows, cropped anywhere', () => {
    // Opaque regions held whole are summed down first and copy an output row whose source rows all
    // repeat the ones above; runs of equal rows (two or three distinct ones) exercise that shortcut.
    const repeatedRows = fc
      .record({ width: fc.integer({ min: 1, max: 30 }), height: fc.integer({ min: 1, max: 70 }) })
      .chain(({ width, height }) =>
        fc.record({
          rows: fc.array(fc.uint8Array({ minLength: width * 3, maxLength: width * 3 }), { minLength: 1, maxLength: 3 }),
          runs: fc.array(fc.integer({ min: 1, max: 12 }), { minLength: height, maxLength: height }),
          box: fc.record({ x: fc.nat(width - 1), y: fc.nat(height - 1), w: fc.integer({ min: 1, max: width }), h: fc.integer({ min: 1, max: height }) }),
        }).map(({ rows, runs, box }) => {
          const data = new Uint8Array(width * height * 4);
          for (let y = 0, run = 0, pick = 0; y < height; y++, run--) {
            if (run <= 0) [run, pick] = [runs[y]!, (pick + runs[y]!) % rows.length];
            for (let x = 0; x < width; x++) data.set([...rows[pick]!.subarray(x * 3, x * 3 + 3), 255], (y * width + x) * 4);
          }
          const x = Math.min(box.x, width - 1);
          const y = Math.min(box.y, height - 1);
          return { raster: { width, height, data } as Raster, box: { x, y, width: Math.min(box.w, width - x), height: Math.min(box.h, height - y) } };
        }),
      );
    fc.assert(
      fc.property(repeatedRows, fc.integer({ min: 1, max: 69 }), ({ raster, box }, limit) => {
        const out = cropAndShrinkToFit(raster, box, limit);
        if (out.width === box.width && out.height === box.height) return;
        expect(Array.from(out.data)).toEqual(Array.from(referenceShrink(crop(raster, box), out.width, out.height)));
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same result when the bytes are not 4-aligned in their buffer (no 32-bit view possible)', () => {
    fc.assert(
      fc.property(opaqueRaster, fc.integer({ min: 1, max: 59 }), (raster, limit) => {
        const buffer = new Uint8Array(raster.data.length + 1);
        buffer.set(raster.data, 1);
        const unaligned: Raster = { width: raster.width, height: raster.height, data: buffer.subarray(1) };
        expect(shrinkToFit(unaligned, limit).data).toEqual(shrinkToFit(raster, limit).data);
      }),
      { numRuns: 50 },
    );
  });

  it.each([0, -3, 1.5, Number.NaN])('refuses max dimension %s with invalid_argument', (limit) => {
    let caught: unknown;
    try {
      shrinkToFit({ width: 2, height: 2, data: new Uint8Array(16) }, limit);
    } catch (err) {
      caught = err;
    }
    expect(isImageError(caught, 'invalid_argument')).toBe(true);
  });
});

describe('cropAndShrinkToFit', () => {
  it('gives exactly shrinkToFit(crop(…)) for any box and limit', () => {
    fc.assert(
      fc.property(
        opaqueRaster.chain((raster) =>
          fc.record({ x: fc.nat(raster.width - 1), y: fc.nat(raster.height - 1) }).chain(({ x, y }) =>
            fc.record({
              raster: fc.constant(raster),
              box: fc.record({ x: fc.constant(x), y: fc.constant(y), width: fc.integer({ min: 1, max: raster.width - x }), height: fc.integer({ min: 1, max: raster.height - y }) }),
              limit: fc.integer({ min: 1, max: 70 }),
            }),
          ),
        ),
        ({ raster, box, limit }) => {
          const direct = cropAndShrinkToFit(raster, box, limit);
          const viaCopy = shrinkToFit(crop(raster, box), limit);
          expect([direct.width, direct.height]).toEqual([viaCopy.width, viaCopy.height]);
          expect(direct.data).toEqual(viaCopy.data);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('refuses a box outside the raster with invalid_argument', () => {
    let caught: unknown;
    try {
      cropAndShrinkToFit({ width: 4, height: 4, data: new Uint8Array(64) }, { x: 2, y: 0, width: 3, height: 1 }, 1);
    } catch (err) {
      caught = err;
    }
    expect(isImageError(caught, 'invalid_argument')).toBe(true);
  });
});
