import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import sharp, { type Sharp, type TiffOptions } from 'sharp';
import { describe, expect, it } from 'vitest';
import { decode, probe } from '../../src/imaging/decode.js';
import { decodeTiff, probeTiff } from '../../src/imaging/decoders/tiff.js';
import { MAX_COUNTED_PAGES } from '../../src/imaging/decoders/tiff/ifd.js';
import { ImageError } from '../../src/imaging/errors.js';
import { assertRandomDamageGivesOnlyImageErrors } from '../helpers/damage.js';
import { corpus } from '../helpers/corpus.js';
import { T, writeTiff } from '../helpers/tiff-writer.js';
import { meanAbsoluteError, sharpRgba } from '../helpers/webp-reference.js';

function read(rel: string): Uint8Array {
  return new Uint8Array(readFileSync(corpus(rel)));
}

async function expectLikeSharp(bytes: Uint8Array, maxError = 2): Promise<void> {
  const expected = await sharpRgba(bytes);
  const { raster, header } = await decode(bytes);
  expect(header).toMatchObject({ format: 'tiff', width: expected.width, height: expected.height });
  expect([raster.width, raster.height]).toEqual([expected.width, expected.height]);
  expect(meanAbsoluteError(raster.data, expected.data)).toBeLessThanOrEqual(maxError);
}

describe('TIFF: corpus files against sharp', () => {
  it.each([
    'formats/valid/tiff/little-endian.tiff',
    'formats/valid/tiff/big-endian.tiff',
    'formats/valid/tiff/bigtiff-little-endian.tiff',
    'formats/valid/tiff/bigtiff-big-endian.tiff',
    'formats/valid/tiff/jpeg.tiff',
    'formats/valid/tiff/bigtiff-jpeg.tiff',
    'webp/grid.tiff',
    'webp/peak.tiff',
    'webp/lossless_color_transform.tiff',
  ])('%s', async (rel) => {
    await expectLikeSharp(read(rel));
  });
});

/** A TIFF written by sharp (libtiff) from a corpus picture, with the given options. */
async function sharpTiff(source: string, options: TiffOptions, prepare: (s: Sharp) => Sharp = (s) => s): Promise<Uint8Array> {
  return new Uint8Array(await prepare(sharp(corpus(source))).tiff(options).toBuffer());
}

describe('TIFF: written by libtiff (via sharp) with every compression and layout', () => {
  const cases: [string, string, TiffOptions, ((s: Sharp) => Sharp)?][] = [
    ['RGB, none, strips', 'webp/peak.png', { compression: 'none' }],
    ['RGB, LZW, strips', 'webp/peak.png', { compression: 'lzw' }],
    ['RGB, LZW + horizontal predictor', 'webp/peak.png', { compression: 'lzw', predictor: 'horizontal' }],
    ['RGB, deflate + horizontal predictor', 'webp/peak.png', { compression: 'deflate', predictor: 'horizontal' }],
    ['RGB, deflate, 16×16 tiles', 'webp/peak.png', { compression: 'deflate', tile: true, tileWidth: 16, tileHeight: 16 }],
    ['RGB, LZW, 48×32 tiles overhanging the edge', 'webp/peak.png', { compression: 'lzw', tile: true, tileWidth: 48, tileHeight: 32 }],
    ['RGB, PackBits', 'webp/peak.png', { compression: 'packbits' }],
    ['RGB, JPEG strips', 'webp/peak.png', { compression: 'jpeg', quality: 90 }],
    ['RGB, JPEG tiles', 'webp/peak.png', { compression: 'jpeg', quality: 90, tile: true, tileWidth: 64, tileHeight: 64 }],
    ['RGBA, LZW', 'webp/grid.png', { compression: 'lzw' }],
    ['RGBA, deflate tiles + predictor', 'webp/grid.png', { compression: 'deflate', predictor: 'horizontal', tile: true, tileWidth: 16, tileHeight: 16 }],
    ['greyscale 8-bit', 'webp/peak.png', { compression: 'lzw' }, (s) => s.greyscale()],
    ['greyscale 4-bit', 'webp/peak.png', { compression: 'none', bitdepth: 4 }, (s) => s.toColourspace('b-w')],
    ['greyscale 2-bit, min-is-white', 'webp/peak.png', { compression: 'packbits', bitdepth: 2, miniswhite: true }, (s) => s.toColourspace('b-w')],
    ['black and white 1-bit, deflate', 'webp/peak.png', { compression: 'deflate', predictor: 'none', bitdepth: 1 }, (s) => s.threshold(128).toColourspace('b-w')],
    ['RGB 16-bit, LZW + predictor', 'webp/peak.png', { compression: 'lzw', predictor: 'horizontal' }, (s) => s.toColourspace('rgb16')],
    ['big-endian source re-encoded', 'formats/valid/tiff/big-endian.tiff', { compression: 'deflate' }],
  ];
  it.each(cases)('%s', async (_label, source, options, prepare) => {
    await expectLikeSharp(await sharpTiff(source, options, prepare));
  });
});

/** Tags of a simple uncompressed single-strip page. */
function baseTags(width: number, height: number, bits: number[], photometric: number, extra: { tag: number; type: 3 | 4 | 7; values: number[] }[] = []) {
  return [
    { tag: T.width, type: 4 as const, values: [width] },
    { tag: T.height, type: 4 as const, values: [height] },
    { tag: T.bitsPerSample, type: 3 as const, values: bits },
    { tag: T.compression, type: 3 as const, values: [1] },
    { tag: T.photometric, type: 3 as const, values: [photometric] },
    { tag: T.samplesPerPixel, type: 3 as const, values: [bits.length] },
    { tag: T.rowsPerStrip, type: 4 as const, values: [height] },
    ...extra,
  ];
}

function rgbaAt(r: { width: number; data: Uint8Array }, x: number, y: number): number[] {
  const i = (y * r.width + x) * 4;
  return Array.from(r.data.subarray(i, i + 4));
}

describe('TIFF: lossless round trip through libtiff', () => {
  it('any small RGB(A) picture, any lossless compression, strips or tiles, decodes to exactly its pixels', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom(3 as const, 4 as const),
        fc.constantFrom('none' as const, 'lzw' as const, 'deflate' as const, 'packbits' as const),
        fc.boolean(),
        fc.boolean(),
        fc.infiniteStream(fc.integer({ min: 0, max: 255 })),
        async (width, height, channels, compression, predictor, tile, values) => {
          const iterator = values[Symbol.iterator]();
          const pixels = Uint8Array.from({ length: width * height * channels }, () => iterator.next().value as number);
          // Alpha 0 would let libtiff/sharp drop the colour under it; keep alpha ≥ 1 so every byte counts.
          if (channels === 4) for (let i = 3; i < pixels.length; i += 4) pixels[i] = Math.max(1, pixels[i]!);
          const bytes = new Uint8Array(
            await sharp(pixels, { raw: { width, height, channels } })
              .tiff({ compression, predictor: predictor && compression !== 'none' ? 'horizontal' : 'none', tile, tileWidth: 16, tileHeight: 16 })
              .toBuffer(),
          );
          const raster = await decodeTiff(bytes);
          const expected = new Uint8Array(width * height * 4);
          for (let i = 0; i < width * height; i++) {
            expected.set(pixels.subarray(i * channels, i * channels + 3), i * 4);
            expected[i * 4 + 3] = channels === 4 ? pixels[i * 4 + 3]! : 255;
          }
          expect(Buffer.from(raster.data).equals(Buffer.from(expected))).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('TIFF: hand-made colour models', () => {
  it('8-bit palette with a 16-bit colour map', async () => {
    const map = new Array<number>(3 * 256).fill(0);
    // Entry 1 = (0x1234, 0xabcd, 0xffff) → high bytes (0x12, 0xab, 0xff); entry 2 = white.
    [map[1], map[256 + 1], map[512 + 1]] = [0x1234, 0xabcd, 0xffff];
    [map[2], map[256 + 2], map[512 + 2]] = [0xffff, 0xffff, 0xffff];
    const bytes = writeTiff({
      tags: baseTags(3, 1, [8], 3, [{ tag: T.colourMap, type: 3, values: map }]),
      blocks: [new Uint8Array([1, 2, 0])],
      blockOffsetsTag: T.stripOffsets,
      byteCountsTag: T.stripByteCounts,
    });
    const raster = await decodeTiff(bytes);
    expect([rgbaAt(raster, 0, 0), rgbaAt(raster, 1, 0), rgbaAt(raster, 2, 0)]).toEqual([
      [0x12, 0xab, 0xff, 255],
      [255, 255, 255, 255],
      [0, 0, 0, 255],
    ]);
  });

  it('4-bit palette, big-endian file, odd width (rows padded to a byte)', async () => {
    const map = new Array<number>(3 * 16).fill(0);
    map[3] = 0xff00; // entry 3: red
    map[16 + 5] = 0xff00; // entry 5: green
    // Row 0: 3 5 3 (+pad nibble), row 1: 5 3 5.
    const bytes = writeTiff({
      littleEndian: false,
      tags: baseTags(3, 2, [4], 3, [{ tag: T.colourMap, type: 3, values: map }]),
      blocks: [new Uint8Array([0x35, 0x30, 0x53, 0x50])],
      blockOffsetsTag: T.stripOffsets,
      byteCountsTag: T.stripByteCounts,
    });
    const raster = await decodeTiff(bytes);
    expect([rgbaAt(raster, 0, 0), rgbaAt(raster, 1, 0), rgbaAt(raster, 2, 1)]).toEqual([
      [255, 0, 0, 255],
      [0, 255, 0, 255],
      [0, 255, 0, 255],
    ]);
  });

  it('CMYK (naive conversion: R = (255 − C)(255 − K) / 255)', async () => {
    const bytes = writeTiff({
      tags: baseTags(3, 1, [8, 8, 8, 8], 5),
      blocks: [new Uint8Array([255, 0, 0, 0, 0, 0, 0, 255, 0, 128, 255, 51])],
      blockOffsetsTag: T.stripOffsets,
      byteCountsTag: T.stripByteCounts,
    });
    const raster = await decodeTiff(bytes);
    // (0,128,255,51): R = 255·204/255 = 204, G = 127·204/255 = 101.6 → 102, B = 0.
    expect([rgbaAt(raster, 0, 0), rgbaAt(raster, 1, 0), rgbaAt(raster, 2, 0)]).toEqual([
      [0, 255, 255, 255],
      [0, 0, 0, 255],
      [204, 102, 0, 255],
    ]);
  });

  it('RGBA with premultiplied (associated) alpha is returned straight', async () => {
    const bytes = writeTiff({
      tags: baseTags(2, 1, [8, 8, 8, 8], 2, [{ tag: 338, type: 3, values: [1] }]),
      // (100, 50, 0) premultiplied by alpha 128 → straight (199, 100, 0).
      blocks: [new Uint8Array([100, 50, 0, 128, 10, 20, 30, 255])],
      blockOffsetsTag: T.stripOffsets,
      byteCountsTag: T.stripByteCounts,
    });
    const raster = await decodeTiff(bytes);
    expect([rgbaAt(raster, 0, 0), rgbaAt(raster, 1, 0)]).toEqual([
      [199, 100, 0, 128],
      [10, 20, 30, 255],
    ]);
  });

  it('old-style JPEG (compression 6) is unsupported_format', async () => {
    const tags = baseTags(2, 2, [8, 8, 8], 6).map((t) => (t.tag === T.compression ? { ...t, values: [6] } : t));
    const bytes = writeTiff({ tags, blocks: [new Uint8Array(12)], blockOffsetsTag: T.stripOffsets, byteCountsTag: T.stripByteCounts });
    await expect(decode(bytes)).rejects.toMatchObject({ code: 'unsupported_format' });
  });
});

/** A 3×2 RGB BigTIFF in two strips, values 0..17 in order. */
function bigTiffSample(littleEndian: boolean): Uint8Array {
  const tags = baseTags(3, 2, [8, 8, 8], 2).map((t) => (t.tag === T.rowsPerStrip ? { ...t, values: [1] } : t));
  const rows = [new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8]), new Uint8Array([9, 10, 11, 12, 13, 14, 15, 16, 17])];
  return writeTiff({ bigTiff: true, littleEndian, tags, blocks: rows, blockOffsetsTag: T.stripOffsets, byteCountsTag: T.stripByteCounts });
}

describe('TIFF: hand-made BigTIFF', () => {
  it.each([true, false])('little-endian %s: two strips in order', async (littleEndian) => {
    const raster = await decodeTiff(bigTiffSample(littleEndian));
    expect([raster.width, raster.height]).toEqual([3, 2]);
    expect(rgbaAt(raster, 0, 0)).toEqual([0, 1, 2, 255]);
    expect(rgbaAt(raster, 2, 1)).toEqual([15, 16, 17, 255]);
  });
});

describe('TIFF: pages', () => {
  it('probe counts the pages of a multi-page file and decode returns the first', async () => {
    const red = await sharp({ create: { width: 8, height: 4, channels: 3, background: '#f00' } }).png().toBuffer();
    const blue = await sharp({ create: { width: 8, height: 4, channels: 3, background: '#00f' } }).png().toBuffer();
    const bytes = new Uint8Array(await sharp([red, blue, red], { join: { animated: true } }).tiff().toBuffer());
    expect(probeTiff(bytes)).toMatchObject({ width: 8, height: 4, frames: 3 });
    const raster = await decodeTiff(bytes);
    // sharp reads the first page by default; it is the red one (not the blue second page).
    expect(Array.from(raster.data)).toEqual(Array.from((await sharpRgba(bytes)).data));
    const [r, , b] = rgbaAt(raster, 7, 3);
    expect(r).toBeGreaterThan(250);
    expect(b).toBeLessThan(5);
  });

  it('page counting stops at MAX_COUNTED_PAGES on a chain of 5000 empty directories', () => {
    const page = writeTiff({ tags: baseTags(1, 1, [8], 1), blocks: [new Uint8Array([7])], blockOffsetsTag: T.stripOffsets, byteCountsTag: T.stripByteCounts });
    // Each empty directory: entry count 0, then the link to the next (6 bytes).
    const chain = new Uint8Array(5000 * 6);
    const chainView = new DataView(chain.buffer);
    for (let i = 0; i < 5000; i++) chainView.setUint32(i * 6 + 2, i < 4999 ? page.length + (i + 1) * 6 : 0, true);
    const bytes = new Uint8Array(page.length + chain.length);
    bytes.set(page);
    bytes.set(chain, page.length);
    const view = new DataView(bytes.buffer);
    const ifd = view.getUint32(4, true);
    view.setUint32(ifd + 2 + view.getUint16(ifd, true) * 12, page.length, true);
    expect(probeTiff(bytes).frames).toBe(MAX_COUNTED_PAGES);
  });

  it('a directory chain that loops back on itself is counted once', () => {
    const bytes = writeTiff({ tags: baseTags(1, 1, [8], 1), blocks: [new Uint8Array([7])], blockOffsetsTag: T.stripOffsets, byteCountsTag: T.stripByteCounts });
    const view = new DataView(bytes.buffer);
    const ifd = view.getUint32(4, true);
    const entries = view.getUint16(ifd, true);
    view.setUint32(ifd + 2 + entries * 12, ifd, true);
    expect(probeTiff(bytes).frames).toBe(1);
  });
});

describe('TIFF: hostile and broken input', () => {
  const stripTags = (width: number, height: number, compression: number) =>
    baseTags(width, height, [8], 1).map((t) => (t.tag === T.compression ? { ...t, values: [compression] } : t));

  it('a 20000×20000 page is too_large at probe, before anything is read', () => {
    const bytes = writeTiff({ tags: stripTags(20000, 20000, 1), blocks: [new Uint8Array(4)], blockOffsetsTag: T.stripOffsets, byteCountsTag: T.stripByteCounts });
    expect(() => probe(bytes)).toThrow(expect.objectContaining({ code: 'too_large' }));
  });

  it('a 2×2 page whose deflate strip inflates to 8 MiB is refused as corrupt', async () => {
    const bomb = new Uint8Array(deflateSync(new Uint8Array(8 * 2 ** 20)));
    const bytes = writeTiff({ tags: stripTags(2, 2, 8), blocks: [bomb], blockOffsetsTag: T.stripOffsets, byteCountsTag: T.stripByteCounts });
    await expect(decode(bytes)).rejects.toMatchObject({ code: 'corrupt' });
  });

  it('a deflate strip is judged by its pixels: a bad checksum after a full strip decodes (as libtiff), a cut or short one is refused', async () => {
    const grey = Uint8Array.from({ length: 16 }, (_, i) => i * 16);
    const strip = (z: Uint8Array) => decode(writeTiff({ tags: stripTags(4, 4, 8), blocks: [z], blockOffsetsTag: T.stripOffsets, byteCountsTag: T.stripByteCounts }));
    const z = new Uint8Array(deflateSync(grey));
    const badSum = z.slice();
    badSum[badSum.length - 1]! ^= 0xff;
    const { raster } = await strip(badSum);
    expect(Array.from({ length: 16 }, (_, i) => raster.data[i * 4])).toEqual(Array.from(grey));
    await expect(strip(z.subarray(0, z.length - 8))).rejects.toMatchObject({ code: 'truncated' });
    await expect(strip(new Uint8Array(deflateSync(grey.subarray(0, 12))))).rejects.toMatchObject({ code: 'corrupt', message: expect.stringContaining('inflates to 12 bytes') });
  });

  it('LZW and PackBits strips that decode to more than the page are refused as corrupt', async () => {
    // PackBits: 0x81 = repeat next byte 128 times, for a 2×2 page.
    const packbits = writeTiff({ tags: stripTags(2, 2, 32773), blocks: [new Uint8Array([0x81, 7])], blockOffsetsTag: T.stripOffsets, byteCountsTag: T.stripByteCounts });
    await expect(decode(packbits)).rejects.toMatchObject({ code: 'corrupt' });
    // LZW from libtiff of a 16×16 grey picture, relabelled as 2×2.
    const lzw = await sharpTiff('webp/peak.png', { compression: 'lzw' }, (s) => s.resize(16, 16).toColourspace('b-w'));
    const file = lzw.slice();
    const view = new DataView(file.buffer);
    const ifd = view.getUint32(4, true);
    for (let i = 0; i < view.getUint16(ifd, true); i++) {
      const at = ifd + 2 + i * 12;
      const tag = view.getUint16(at, true);
      if (tag === T.width || tag === T.height || tag === T.rowsPerStrip) {
        if (view.getUint16(at + 2, true) === 3) view.setUint16(at + 8, 2, true);
        else view.setUint32(at + 8, 2, true);
      }
    }
    expect(probeTiff(file)).toMatchObject({ width: 2, height: 2 });
    await expect(decode(file)).rejects.toMatchObject({ code: 'corrupt' });
  });

  it('a JPEG strip larger than the page it belongs to is refused before decoding', async () => {
    const jpeg = new Uint8Array(await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } }).jpeg().toBuffer());
    const tags = baseTags(16, 16, [8, 8, 8], 6).map((t) => (t.tag === T.compression ? { ...t, values: [7] } : t));
    const bytes = writeTiff({ tags, blocks: [jpeg], blockOffsetsTag: T.stripOffsets, byteCountsTag: T.stripByteCounts });
    await expect(decode(bytes)).rejects.toMatchObject({ code: 'corrupt', message: expect.stringContaining('64×64') });
  });

  it('a 10×10 page with 65536×65536 tiles is refused as too_large before allocating a tile', async () => {
    const tags = [
      ...stripTags(10, 10, 1).filter((t) => t.tag !== T.rowsPerStrip),
      { tag: T.tileWidth, type: 4 as const, values: [65536] },
      { tag: T.tileLength, type: 4 as const, values: [65536] },
    ];
    const bytes = writeTiff({ tags, blocks: [new Uint8Array(16)], blockOffsetsTag: T.tileOffsets, byteCountsTag: T.tileByteCounts });
    await expect(decode(bytes)).rejects.toMatchObject({ code: 'too_large' });
  });

  it('a strip pointing past the end of the file is truncated', async () => {
    const bytes = writeTiff({
      tags: [...stripTags(4, 4, 1), { tag: T.stripOffsets, type: 4, values: [8] }, { tag: T.stripByteCounts, type: 4, values: [1_000_000] }],
      blocks: [new Uint8Array(16)],
    });
    await expect(decode(bytes)).rejects.toMatchObject({ code: 'truncated' });
  });

  it('fewer strips than the rows need is corrupt', async () => {
    const tags = stripTags(4, 4, 1).map((t) => (t.tag === T.rowsPerStrip ? { ...t, values: [1] } : t));
    const bytes = writeTiff({ tags, blocks: [new Uint8Array(4), new Uint8Array(4)], blockOffsetsTag: T.stripOffsets, byteCountsTag: T.stripByteCounts });
    await expect(decode(bytes)).rejects.toMatchObject({ code: 'corrupt' });
  });

  it('a directory claiming 65535 entries in a small file is truncated', () => {
    const bytes = writeTiff({ tags: stripTags(1, 1, 1), blocks: [new Uint8Array(1)], blockOffsetsTag: T.stripOffsets, byteCountsTag: T.stripByteCounts });
    const view = new DataView(bytes.buffer);
    view.setUint16(view.getUint32(4, true), 65535, true);
    expect(() => probeTiff(bytes)).toThrow(expect.objectContaining({ code: 'truncated' }));
  });

  it.each([
    ['LZW strips', () => sharpTiff('webp/grid.png', { compression: 'lzw' })],
    ['JPEG tiles', () => sharpTiff('webp/peak.png', { compression: 'jpeg', tile: true, tileWidth: 64, tileHeight: 64 }, (s) => s.resize(64, 64))],
    ['hand-made big-endian BigTIFF', async () => bigTiffSample(false)],
  ])('%s cut at every 7th byte gives only ImageError', async (_label, make) => {
    const bytes = await make();
    for (let cut = 0; cut < bytes.length; cut += 7) {
      const err = await decode(bytes.subarray(0, cut)).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ImageError);
    }
  });

  it('random damage to a tiled deflate TIFF never escapes as anything but ImageError', async () => {
    const original = await sharpTiff('webp/grid.png', { compression: 'deflate', predictor: 'horizontal', tile: true, tileWidth: 16, tileHeight: 16 });
    await assertRandomDamageGivesOnlyImageErrors(original, { numRuns: 300, maxEdits: 6 });
  });
});
