import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode, probe } from '../../src/imaging/decode.js';
import { decodeBmp, probeBmp } from '../../src/imaging/decoders/bmp.js';
import { decodeWebp } from '../../src/imaging/decoders/webp.js';
import { ImageError } from '../../src/imaging/errors.js';
import { packRows, writeBmp } from '../helpers/bmp-writer.js';
import { assertRandomDamageGivesOnlyImageErrors } from '../helpers/damage.js';
import { corpus } from '../helpers/corpus.js';
import { meanAbsoluteError, sharpRgba } from '../helpers/webp-reference.js';

function read(rel: string): Uint8Array {
  return new Uint8Array(readFileSync(corpus(rel)));
}

/** The RGBA of pixel (x, y). */
function pixel(r: { width: number; data: Uint8Array }, x: number, y: number): number[] {
  const i = (y * r.width + x) * 4;
  return Array.from(r.data.subarray(i, i + 4));
}

function allPixels(r: { width: number; height: number; data: Uint8Array }): number[][][] {
  return Array.from({ length: r.height }, (_, y) => Array.from({ length: r.width }, (_, x) => pixel(r, x, y)));
}

describe('BMP: real files against other renderings of the same picture', () => {
  // sharp cannot read BMP, so each BMP is held against the PNG, TIFF or WebP of the same picture
  // from the same test suite, decoded by sharp (PNG/TIFF) or libwebp (WebP).
  it.each([
    ['formats/valid/bmp/sample.bmp', 'formats/valid/png/sample.png'],
    ['webp/grid.bmp', 'webp/grid.png'],
    ['webp/peak.bmp', 'webp/peak.png'],
    ['webp/lossless_color_transform.bmp', 'webp/lossless_color_transform.tiff'],
  ])('%s matches %s', async (bmp, reference) => {
    const bytes = read(bmp);
    const expected = await sharpRgba(corpus(reference));
    expect(probe(bytes)).toMatchObject({ format: 'bmp', width: expected.width, height: expected.height, lossy: false });
    const { raster } = await decode(bytes);
    expect(meanAbsoluteError(raster.data, expected.data)).toBeLessThanOrEqual(2);
  });

  it('lossless_color_transform.bmp equals libwebp’s decode of the .webp exactly', async () => {
    const fromWebp = await decodeWebp(read('webp/lossless_color_transform.webp'));
    const raster = decodeBmp(read('webp/lossless_color_transform.bmp'));
    expect(meanAbsoluteError(raster.data, fromWebp.data)).toBe(0);
  });
});

const RED = [255, 0, 0, 255];
const GREEN = [0, 255, 0, 255];
const BLUE = [0, 0, 255, 255];
const WHITE = [255, 255, 255, 255];
const CLEAR = [0, 0, 0, 0];
const PALETTE: [number, number, number][] = [
  [255, 0, 0],
  [0, 255, 0],
  [0, 0, 255],
  [255, 255, 255],
];

describe('BMP: palette depths', () => {
  // A 5×2 picture: top row R G B W R, bottom row W B G R W — odd width exercises row padding.
  const indices = [
    [0, 1, 2, 3, 0],
    [3, 2, 1, 0, 3],
  ];
  const expected = [
    [RED, GREEN, BLUE, WHITE, RED],
    [WHITE, BLUE, GREEN, RED, WHITE],
  ];

  it.each([1, 2, 4, 8] as const)('%i-bit', (bitCount) => {
    const usable = bitCount === 1 ? 2 : 4;
    const rows = indices.map((r) => r.map((i) => i % usable));
    const bytes = writeBmp({ width: 5, height: 2, bitCount, palette: PALETTE.slice(0, usable), pixelData: packRows(rows, bitCount) });
    const want = rows.map((r) => r.map((i) => [...PALETTE[i]!, 255]));
    expect(allPixels(decodeBmp(bytes))).toEqual(want);
  });

  it.each([1, 4, 8] as const)('%i-bit with a BITMAPCOREHEADER (3-byte palette entries)', (bitCount) => {
    const usable = bitCount === 1 ? 2 : 4;
    const rows = indices.map((r) => r.map((i) => i % usable));
    const fullPalette = Array.from({ length: 2 ** bitCount }, (_, i) => PALETTE[i % 4]!);
    const bytes = writeBmp({ header: 'core', width: 5, height: 2, bitCount, palette: fullPalette, pixelData: packRows(rows, bitCount) });
    expect(allPixels(decodeBmp(bytes))).toEqual(rows.map((r) => r.map((i) => [...PALETTE[i]!, 255])));
  });

  it('top-down (negative height)', () => {
    const bytes = writeBmp({ width: 5, height: 2, bitCount: 8, topDown: true, palette: PALETTE, pixelData: packRows(indices, 8, true) });
    expect(allPixels(decodeBmp(bytes))).toEqual(expected);
  });

  it('an index past a short palette (biClrUsed = 2) is opaque black', () => {
    const bytes = writeBmp({ width: 5, height: 2, bitCount: 8, palette: PALETTE.slice(0, 2), pixelData: packRows(indices, 8) });
    expect(pixel(decodeBmp(bytes), 2, 0)).toEqual([0, 0, 0, 255]);
    expect(pixel(decodeBmp(bytes), 1, 0)).toEqual(GREEN);
  });

  it('a biClrUsed of 4 billion allocates nothing and reads only what the depth can index', () => {
    const bytes = writeBmp({ width: 5, height: 2, bitCount: 1, palette: PALETTE.slice(0, 2), colorsUsed: 0xffffffff, pixelData: packRows(indices.map((r) => r.map((i) => i % 2)), 1) });
    expect(pixel(decodeBmp(bytes), 1, 0)).toEqual(GREEN);
  });
});

describe('BMP: 16-, 24- and 32-bit', () => {
  it('16-bit BI_RGB is 5-5-5', () => {
    // 0x7c00 red, 0x03e0 green, 0x001f blue, 0x4210 = (16,16,16) → 16*255/31 rounded = 132.
    const bytes = writeBmp({ width: 4, height: 1, bitCount: 16, pixelData: packRows([[0x7c00, 0x03e0, 0x001f, 0x4210]], 16) });
    expect(allPixels(decodeBmp(bytes))).toEqual([[RED, GREEN, BLUE, [132, 132, 132, 255]]]);
  });

  it('16-bit bitfields 5-6-5', () => {
    // 0x07e0 is green's 6 bits full; 0x0400 is green 32/63 → 130.
    const bytes = writeBmp({ width: 3, height: 1, bitCount: 16, compression: 3, masks: [0xf800, 0x07e0, 0x001f, 0], pixelData: packRows([[0xf800, 0x07e0, 0x0400]], 16) });
    expect(allPixels(decodeBmp(bytes))).toEqual([[RED, GREEN, [0, 130, 0, 255]]]);
  });

  it('16-bit alpha bitfields 4-4-4-4 (V3 header)', () => {
    // 0xf00f: alpha 15 → 255, blue 15 → 255; 0x8f00: alpha 8 → 136, red 15 → 255.
    const bytes = writeBmp({ header: 'v3', width: 2, height: 1, bitCount: 16, compression: 3, masks: [0x0f00, 0x00f0, 0x000f, 0xf000], pixelData: packRows([[0xf00f, 0x8f00]], 16) });
    expect(allPixels(decodeBmp(bytes))).toEqual([[BLUE, [255, 0, 0, 136]]]);
  });

  it('24-bit BGR', () => {
    const bytes = writeBmp({ width: 3, height: 1, bitCount: 24, pixelData: packRows([[0xff0000, 0x00ff00, 0x123456]], 24) });
    // Stored bytes are B, G, R: 0xff0000 as little-endian bytes 00 00 ff = red.
    expect(allPixels(decodeBmp(bytes))).toEqual([[RED, GREEN, [0x12, 0x34, 0x56, 255]]]);
  });

  it('32-bit BI_RGB with the fourth byte all zero is opaque', () => {
    const bytes = writeBmp({ width: 2, height: 1, bitCount: 32, pixelData: packRows([[0x00ff0000, 0x000000ff]], 32) });
    expect(allPixels(decodeBmp(bytes))).toEqual([[RED, BLUE]]);
  });

  it('32-bit BI_RGB with a used fourth byte keeps it as alpha', () => {
    const bytes = writeBmp({ width: 2, height: 1, bitCount: 32, pixelData: packRows([[0x80ff0000, 0x000000ff]], 32) });
    expect(allPixels(decodeBmp(bytes))).toEqual([[[255, 0, 0, 128], [0, 0, 255, 0]]]);
  });

  it('32-bit BI_ALPHABITFIELDS with masks after a 40-byte header', () => {
    const bytes = writeBmp({ width: 2, height: 1, bitCount: 32, compression: 6, masks: [0xff, 0xff00, 0xff0000, 0xff000000], pixelData: packRows([[0x400000ff, 0xffff0000]], 32) });
    expect(allPixels(decodeBmp(bytes))).toEqual([[[255, 0, 0, 64], [0, 0, 255, 255]]]);
  });

  it('32-bit 10-10-10-2 masks keep the top 8 bits of wide fields', () => {
    // Red 1023 → 255, green 512 → 128, blue 0; alpha 3 → 255.
    const px = (3 << 30) | (1023 << 20) | (512 << 10);
    const bytes = writeBmp({ header: 'v5', width: 1, height: 1, bitCount: 32, compression: 3, masks: [0x3ff00000, 0x000ffc00, 0x000003ff, 0xc0000000], pixelData: packRows([[px]], 32) });
    expect(allPixels(decodeBmp(bytes))).toEqual([[[255, 128, 0, 255]]]);
  });
});

describe('BMP: RLE', () => {
  it('RLE8: runs, literal run with padding, end of line, delta, end of bitmap', () => {
    // 6×3, bottom-up. Row 0 (bottom): 2×idx1, literal [2,3,0], (pad), end of line.
    // Row 1: delta (+2, +0) skipping two pixels, then 4×idx3, end of line.
    // Row 2 (top): 6×idx2 and end of bitmap.
    const data = new Uint8Array([2, 1, 0, 3, 2, 3, 0, 0, 0, 0, 0, 2, 2, 0, 4, 3, 0, 0, 6, 2, 0, 1]);
    const bytes = writeBmp({ width: 6, height: 3, bitCount: 8, compression: 1, palette: PALETTE, pixelData: data });
    expect(allPixels(decodeBmp(bytes))).toEqual([
      [BLUE, BLUE, BLUE, BLUE, BLUE, BLUE],
      [CLEAR, CLEAR, WHITE, WHITE, WHITE, WHITE],
      [GREEN, GREEN, BLUE, WHITE, RED, CLEAR],
    ]);
  });

  it('RLE4: alternating nibbles, end of line, delta across a row, literal run, end of bitmap', () => {
    // 5×3, bottom-up. Bottom row: a run of 5 with nibbles (1,2) → 1 2 1 2 1, end of line.
    // Delta (+1, +1) skips the middle row entirely and lands on column 1 of the top row, where a
    // literal run of 3 nibbles [3,0,3] (2 bytes, already even) is written; then end of bitmap.
    const data = new Uint8Array([5, 0x12, 0, 0, 0, 2, 1, 1, 0, 3, 0x30, 0x30, 0, 1]);
    const bytes = writeBmp({ width: 5, height: 3, bitCount: 4, compression: 2, palette: PALETTE, pixelData: data });
    expect(allPixels(decodeBmp(bytes))).toEqual([
      [CLEAR, WHITE, RED, WHITE, CLEAR],
      [CLEAR, CLEAR, CLEAR, CLEAR, CLEAR],
      [GREEN, BLUE, GREEN, BLUE, GREEN],
    ]);
  });

  it('runs longer than the row are clipped, not wrapped', () => {
    const data = new Uint8Array([255, 1, 0, 0, 3, 2, 0, 1]);
    const bytes = writeBmp({ width: 3, height: 2, bitCount: 8, compression: 1, palette: PALETTE, pixelData: data });
    expect(allPixels(decodeBmp(bytes))).toEqual([
      [BLUE, BLUE, BLUE],
      [GREEN, GREEN, GREEN],
    ]);
  });

  it('RLE data that stops before the last row without end of bitmap is truncated', () => {
    const data = new Uint8Array([3, 1, 0, 0]);
    const bytes = writeBmp({ width: 3, height: 4, bitCount: 8, compression: 1, palette: PALETTE, pixelData: data });
    expect(() => decodeBmp(bytes)).toThrow(expect.objectContaining({ code: 'truncated' }));
  });
});

describe('BMP: hostile and broken input', () => {
  const small = writeBmp({ width: 5, height: 3, bitCount: 24, pixelData: packRows([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 14, 15]], 24) });

  it('a 20000×20000 header is too_large at probe', () => {
    const bomb = writeBmp({ width: 20000, height: 20000, bitCount: 24, pixelData: new Uint8Array(0) });
    expect(() => probe(bomb)).toThrow(expect.objectContaining({ code: 'too_large' }));
    expect(() => decodeBmp(bomb)).toThrow(expect.objectContaining({ code: 'too_large' }));
  });

  it('a header under the gate with missing pixel data is truncated', () => {
    const bytes = writeBmp({ width: 4000, height: 4000, bitCount: 24, pixelData: new Uint8Array(100) });
    expect(() => decodeBmp(bytes)).toThrow(expect.objectContaining({ code: 'truncated' }));
  });

  it('width 0, height INT_MIN and an unknown bit depth are corrupt', () => {
    const zero = writeBmp({ width: 0, height: 1, bitCount: 24, pixelData: new Uint8Array(4) });
    expect(() => probeBmp(zero)).toThrow(expect.objectContaining({ code: 'corrupt' }));
    const minHeight = small.slice();
    new DataView(minHeight.buffer).setInt32(22, -(2 ** 31), true);
    expect(() => probeBmp(minHeight)).toThrow(expect.objectContaining({ code: 'corrupt' }));
    const depth = small.slice();
    depth[28] = 7;
    expect(() => probeBmp(depth)).toThrow(expect.objectContaining({ code: 'corrupt' }));
  });

  it('JPEG-in-BMP is unsupported_format', () => {
    const bytes = writeBmp({ width: 2, height: 2, bitCount: 24, compression: 4, pixelData: new Uint8Array(16) });
    expect(() => probeBmp(bytes)).toThrow(expect.objectContaining({ code: 'unsupported_format' }));
  });

  it.each([
    ['24-bit', small],
    ['corpus grid.bmp', read('webp/grid.bmp')],
    ['RLE8', writeBmp({ width: 6, height: 3, bitCount: 8, compression: 1, palette: PALETTE, pixelData: new Uint8Array([2, 1, 0, 3, 2, 3, 0, 0, 0, 0, 0, 2, 2, 0, 4, 3, 0, 0, 6, 2, 0, 1]) })],
  ])('%s cut at every 7th byte gives only ImageError (and truncated past the headers)', async (_label, bytes) => {
    for (let cut = 0; cut < bytes.length; cut += 7) {
      const err = await decode(bytes.subarray(0, cut)).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ImageError);
      if (cut >= 18) expect((err as ImageError).code).toBe('truncated');
    }
  });

  it('random header and data damage never escapes as anything but ImageError', async () => {
    const original = read('webp/grid.bmp');
    await assertRandomDamageGivesOnlyImageErrors(original, { numRuns: 300, maxEdits: 6 });
  });
});

describe('BMP: invariants', () => {
  it('any 24-bit picture written bottom-up or top-down decodes to the values written', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }).chain((w) => fc.tuple(fc.constant(w), fc.array(fc.array(fc.integer({ min: 0, max: 0xffffff }), { minLength: w, maxLength: w }), { minLength: 1, maxLength: 6 }))),
        fc.boolean(),
        ([width, rows], topDown) => {
          const bytes = writeBmp({ width, height: rows.length, bitCount: 24, topDown, pixelData: packRows(rows, 24, topDown) });
          const want = rows.map((r) => r.map((v) => [(v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff, 255]));
          expect(allPixels(decodeBmp(bytes))).toEqual(want);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('any palette picture (1/2/4/8 bits, any width) decodes each index to its palette entry', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1 as const, 2 as const, 4 as const, 8 as const),
        fc.integer({ min: 1, max: 19 }),
        fc.integer({ min: 1, max: 4 }),
        fc.boolean(),
        fc.infiniteStream(fc.nat()),
        (bitCount, width, height, topDown, randomness) => {
          const size = 2 ** bitCount;
          const iterator = randomness[Symbol.iterator]();
          const next = () => iterator.next().value as number;
          const palette = Array.from({ length: size }, () => [next() % 256, next() % 256, next() % 256] as [number, number, number]);
          const rows = Array.from({ length: height }, () => Array.from({ length: width }, () => next() % size));
          const bytes = writeBmp({ width, height, bitCount, topDown, palette, pixelData: packRows(rows, bitCount, topDown) });
          expect(allPixels(decodeBmp(bytes))).toEqual(rows.map((r) => r.map((i) => [...palette[i]!, 255])));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a 5-bit field v becomes round(v · 255 / 31) in every 5-5-5 channel', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 31 }), fc.integer({ min: 0, max: 31 }), fc.integer({ min: 0, max: 31 }), (r, g, b) => {
        const bytes = writeBmp({ width: 1, height: 1, bitCount: 16, pixelData: packRows([[(r << 10) | (g << 5) | b]], 16) });
        const scale = (v: number) => Math.round((v * 255) / 31);
        expect(allPixels(decodeBmp(bytes))).toEqual([[[scale(r), scale(g), scale(b), 255]]]);
      }),
    );
  });
});
