import fc from 'fast-check';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodePng } from '../../src/imaging/decoders/png.js';
import { encodePng } from '../../src/imaging/encoders/png.js';
import { isImageError } from '../../src/imaging/errors.js';
import type { Raster } from '../../src/imaging/raster.js';

/** Colour type byte of an encoded PNG (IHDR data starts at 16; colour type is its 10th byte). */
const colorTypeOf = (png: Uint8Array) => png[25];

function gradient(width: number, height: number, alpha: (x: number, y: number) => number): Raster {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      data.set([(x * 7) & 255, (y * 13) & 255, (x * y) & 255, alpha(x, y)], o);
    }
  }
  return { width, height, data };
}

describe('encodePng', () => {
  it('writes RGB (colour type 2) when every pixel is opaque, and round-trips through ours, pngjs and sharp', async () => {
    const raster = gradient(61, 37, () => 255);
    const png = await encodePng(raster);
    expect(colorTypeOf(png)).toBe(2);
    expect(Array.from((await decodePng(png)).data)).toEqual(Array.from(raster.data));
    expect(Buffer.from(PNG.sync.read(Buffer.from(png)).data).equals(Buffer.from(raster.data))).toBe(true);
    const viaSharp = await sharp(png).ensureAlpha().raw().toBuffer();
    expect(viaSharp.equals(Buffer.from(raster.data))).toBe(true);
  });

  it('writes RGBA (colour type 6) when any pixel is translucent', async () => {
    const raster = gradient(20, 9, (x, y) => (x === 19 && y === 8 ? 254 : 255));
    const png = await encodePng(raster);
    expect(colorTypeOf(png)).toBe(6);
    expect(Buffer.from(PNG.sync.read(Buffer.from(png)).data).equals(Buffer.from(raster.data))).toBe(true);
  });

  it('uses more than one filter type on a varied picture (adaptive choice)', async () => {
    const raster = gradient(128, 64, (x) => (x < 64 ? 255 : x * 2));
    const png = await encodePng(raster);
    // Read the filter bytes back: inflate the single IDAT (right after signature and IHDR) with Node's zlib.
    const { inflateSync } = await import('node:zlib');
    const idatStart = 8 + 25 + 8;
    const idatLength = new DataView(png.buffer, png.byteOffset).getUint32(8 + 25);
    const filtered = inflateSync(png.subarray(idatStart, idatStart + idatLength));
    const rowLength = 1 + 128 * 4;
    const filters = new Set<number>();
    for (let y = 0; y < 64; y++) filters.add(filtered[y * rowLength]!);
    expect(filters.size).toBeGreaterThan(1);
    expect([...filters].every((f) => f <= 4)).toBe(true);
  });

  it('round-trips random small rasters exactly (ours and pngjs)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 24 }),
        fc.boolean(),
        fc.infiniteStream(fc.integer({ min: 0, max: 255 })),
        async (width, height, opaque, stream) => {
          const data = new Uint8Array(width * height * 4);
          const it = stream[Symbol.iterator]();
          for (let i = 0; i < data.length; i++) data[i] = opaque && i % 4 === 3 ? 255 : it.next().value!;
          const png = await encodePng({ width, height, data });
          const back = await decodePng(png);
          expect([back.width, back.height]).toEqual([width, height]);
          expect(Buffer.from(back.data).equals(Buffer.from(data))).toBe(true);
          expect(Buffer.from(PNG.sync.read(Buffer.from(png)).data).equals(Buffer.from(data))).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('encodes a 1×1 picture', async () => {
    const png = await encodePng({ width: 1, height: 1, data: Uint8Array.of(1, 2, 3, 4) });
    expect(Array.from((await decodePng(png)).data)).toEqual([1, 2, 3, 4]);
  });

  it('refuses a raster whose buffer does not match its size', async () => {
    const err = await encodePng({ width: 2, height: 2, data: new Uint8Array(15) }).catch((e: unknown) => e);
    expect(isImageError(err, 'invalid_argument')).toBe(true);
  });
});
