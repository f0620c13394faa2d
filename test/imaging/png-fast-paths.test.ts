/**
 * The PNG codec's word-at-a-time paths (RGB packing and expansion, SWAR Up filtering, slice-by-4
 * CRC) against byte-at-a-time references, at the widths and alignments where they hand over to
 * their byte loops: widths that are not a multiple of 4, and rasters not aligned to 4 bytes.
 */
import { inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodePng } from '../../src/imaging/decoders/png.js';
import { crc32 } from '../../src/imaging/decoders/png/crc32.js';
import { encodePng } from '../../src/imaging/encoders/png.js';
import type { Raster } from '../../src/imaging/raster.js';

/** Bit-by-bit CRC-32 (reflected 0xEDB88320): slow and obviously right, the oracle for the table form. */
function crcReference(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

/** The filter type byte of every row of a PNG we wrote (one IDAT right after IHDR). */
function filterTypes(png: Uint8Array, width: number, height: number, channels: number): number[] {
  const idatLength = new DataView(png.buffer, png.byteOffset).getUint32(8 + 25);
  const raw = inflateSync(png.subarray(8 + 25 + 8, 8 + 25 + 8 + idatLength));
  return Array.from({ length: height }, (_, y) => raw[y * (width * channels + 1)]!);
}

/**
 * A raster whose rows repeat in pairs (Up gives all zeros) and otherwise drift downwards (Up is
 * best but not zero), with high-bit bytes so the SWAR lanes see borrows and carries.
 */
function verticalPattern(width: number, height: number, alpha: number): Raster {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      const band = y >> 1;
      data[o] = (x * 97 + band * 3) & 255;
      data[o + 1] = (x * 59 + 200 - band * 5) & 255;
      data[o + 2] = (x * 31 + 128 + band * 7) & 255;
      data[o + 3] = alpha;
    }
  }
  return { width, height, data };
}

describe('crc32 (slice-by-4)', () => {
  it('matches the bit-by-bit CRC for any length and start offset', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), fc.nat(7), (bytes, skip) => {
        const start = Math.min(skip, bytes.length);
        expect(crc32(bytes, start)).toBe(crcReference(bytes.subarray(start)));
      }),
      { numRuns: 200 },
    );
  });

  it('gives the known CRC of an IEND chunk type', () => {
    expect(crc32(new TextEncoder().encode('IEND'))).toBe(0xae426082);
  });
});

describe('encodePng word paths', () => {
  it('round-trips opaque rasters of widths 1–13 whose rows use Up, repeated or not', async () => {
    for (let width = 1; width <= 13; width++) {
      const raster = verticalPattern(width, 12, 255);
      const png = await encodePng(raster);
      expect(Buffer.from(PNG.sync.read(Buffer.from(png)).data).equals(Buffer.from(raster.data))).toBe(true);
      expect(Buffer.from((await decodePng(png)).data).equals(Buffer.from(raster.data))).toBe(true);
      if (width >= 4) expect(filterTypes(png, width, 12, 3)).toContain(2);
    }
  });

  it('encodes a raster that is not 4-byte aligned (byte fallbacks) exactly like an aligned copy', async () => {
    for (const alpha of [255, 128]) {
      const aligned = verticalPattern(9, 10, alpha);
      const backing = new Uint8Array(aligned.data.length + 1);
      backing.set(aligned.data, 1);
      const shifted: Raster = { width: 9, height: 10, data: backing.subarray(1) };
      const png = await encodePng(shifted);
      expect(Buffer.from(png).equals(Buffer.from(await encodePng(aligned)))).toBe(true);
      expect(Buffer.from(PNG.sync.read(Buffer.from(png)).data).equals(Buffer.from(aligned.data))).toBe(true);
    }
  });
});

describe('decodePng word paths', () => {
  it('decodes 8-bit RGB written by pngjs with each filter alone, at widths 1–13, exactly', async () => {
    for (const filterType of [0, 1, 2, 3, 4]) {
      for (let width = 1; width <= 13; width++) {
        const raster = verticalPattern(width, 7, 255);
        // Break the pair repetition on some pixels so Sub, Average and Paeth see real neighbours.
        for (let i = 0; i < raster.data.length; i += 4 * 5) raster.data[i]! ^= 0xa5;
        const source = new PNG({ width, height: 7 });
        source.data = Buffer.from(raster.data);
        const file = PNG.sync.write(source, { colorType: 2, inputHasAlpha: true, filterType });
        const decoded = await decodePng(new Uint8Array(file));
        expect(Buffer.from(decoded.data).equals(Buffer.from(raster.data)), `filter ${filterType}, width ${width}`).toBe(true);
      }
    }
  });
});
