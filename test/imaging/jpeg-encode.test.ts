import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import jpeg from 'jpeg-js';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeJpeg } from '../../src/imaging/encoders/jpeg.js';
import { buildHuffmanCodes } from '../../src/imaging/encoders/jpeg/huffman.js';
import { CHROMA_AC, CHROMA_DC, LUMA_AC, LUMA_DC, ZIGZAG, scaleQuantTable, LUMA_QUANT_BASE } from '../../src/imaging/encoders/jpeg/tables.js';
import { isImageError } from '../../src/imaging/errors.js';
import type { Raster } from '../../src/imaging/raster.js';
import { corpus } from '../helpers/corpus.js';

async function sharpDecode(bytes: Uint8Array): Promise<Raster> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/** Mean absolute error over R, G, B. */
function mae(a: Raster, b: Raster): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) if ((i & 3) !== 3) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / (a.width * a.height * 3);
}

function flat(width: number, height: number, rgba: [number, number, number, number]): Raster {
  const data = new Uint8Array(width * height * 4);
  for (let p = 0; p < data.length; p += 4) data.set(rgba, p);
  return { width, height, data };
}

const photo = sharpDecode(readFileSync(corpus('jpeg/truecolor.jpg')));

describe('encodeJpeg on a real photo', () => {
  it.each([
    ['444', 1.5],
    ['420', 2.5],
  ] as const)('round-trips through sharp at q90 %s with MAE ≤ %s', async (subsampling, bound) => {
    const source = await photo;
    const bytes = encodeJpeg(source, { quality: 90, subsampling });
    const back = await sharpDecode(bytes);
    expect([back.width, back.height]).toEqual([source.width, source.height]);
    expect(mae(source, back)).toBeLessThanOrEqual(bound);
  });

  it('decodes with jpeg-js to the same pixels sharp sees (within IDCT rounding)', async () => {
    const source = await sharpDecode(readFileSync(corpus('jpeg/tree-rgb.jpg')));
    const bytes = encodeJpeg(source, { quality: 90 });
    const viaSharp = await sharpDecode(bytes);
    const viaJpegJs = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true });
    expect([viaJpegJs.width, viaJpegJs.height]).toEqual([source.width, source.height]);
    expect(mae(viaSharp, { width: viaJpegJs.width, height: viaJpegJs.height, data: viaJpegJs.data })).toBeLessThan(1);
  });

  it('gets smaller and worse as quality drops', async () => {
    const source = await photo;
    const q95 = encodeJpeg(source, { quality: 95 });
    const q50 = encodeJpeg(source, { quality: 50 });
    expect(q50.length).toBeLessThan(q95.length);
    expect(mae(source, await sharpDecode(q50))).toBeGreaterThan(mae(source, await sharpDecode(q95)));
  });
});

describe('encodeJpeg on edge sizes', () => {
  it.each([
    [1, 1],
    [1, 17],
    [17, 1],
    [15, 15],
    [16, 16],
    [33, 9],
  ])('encodes a flat %ix%i picture both ways and it decodes to that colour', async (width, height) => {
    for (const subsampling of ['420', '444'] as const) {
      const colour: [number, number, number, number] = [200, 40, 90, 255];
      const back = await sharpDecode(encodeJpeg(flat(width, height, colour), { quality: 90, subsampling }));
      expect([back.width, back.height]).toEqual([width, height]);
      for (let p = 0; p < back.data.length; p += 4) {
        for (let c = 0; c < 3; c++) expect(Math.abs(back.data[p + c]! - colour[c]!)).toBeLessThanOrEqual(3);
      }
    }
  });

  it('any size and content yields a decodable JPEG of that size whose smooth content survives', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom('420' as const, '444' as const),
        fc.integer({ min: 1, max: 100 }),
        async (width, height, subsampling, quality) => {
          // A gentle gradient: edge replication and partial MCUs must not add visible error.
          const data = new Uint8Array(width * height * 4);
          for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set([x * 3, y * 3, 128, 255], (y * width + x) * 4);
          const source = { width, height, data };
          const back = await sharpDecode(encodeJpeg(source, { quality, subsampling }));
          expect([back.width, back.height]).toEqual([width, height]);
          if (quality >= 80) expect(mae(source, back)).toBeLessThan(3);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('encodes pure noise at quality 100 (largest coefficients) into a valid file', async () => {
    const data = new Uint8Array(64 * 64 * 4);
    for (let i = 0; i < data.length; i++) data[i] = (i & 3) === 3 ? 255 : (i * 2654435761) >>> 24;
    const source = { width: 64, height: 64, data };
    const back = await sharpDecode(encodeJpeg(source, { quality: 100, subsampling: '444' }));
    expect(mae(source, back)).toBeLessThan(2);
  });
});

describe('encodeJpeg alpha', () => {
  it('composites transparent pixels over white, not black', async () => {
    const back = await sharpDecode(encodeJpeg(flat(16, 16, [0, 0, 0, 0])));
    for (let i = 0; i < back.data.length; i++) expect(back.data[i]!).toBeGreaterThanOrEqual(252);
  });

  it('blends half-transparent red with white to pink', async () => {
    const back = await sharpDecode(encodeJpeg(flat(16, 16, [255, 0, 0, 128]), { subsampling: '444' }));
    // 255·128/255 + 255·127/255 = 255 for red; 0 + 127 for green and blue.
    expect(Math.abs(back.data[0]! - 255)).toBeLessThanOrEqual(3);
    expect(Math.abs(back.data[1]! - 127)).toBeLessThanOrEqual(3);
    expect(Math.abs(back.data[2]! - 127)).toBeLessThanOrEqual(3);
  });

  it('does not modify the caller\'s raster when compositing', () => {
    const raster = flat(4, 4, [10, 20, 30, 40]);
    const before = raster.data.slice();
    encodeJpeg(raster);
    expect(raster.data).toEqual(before);
  });
});

describe('encodeJpeg arguments', () => {
  it.each([0, 101, 50.5, Number.NaN, -1])('refuses quality %s with invalid_argument', (quality) => {
    let caught: unknown;
    try {
      encodeJpeg(flat(2, 2, [0, 0, 0, 255]), { quality });
    } catch (err) {
      caught = err;
    }
    expect(isImageError(caught, 'invalid_argument')).toBe(true);
    expect((caught as Error).message).toMatch(/1 to 100/);
  });

  it('refuses an unknown subsampling with invalid_argument', () => {
    expect(() => encodeJpeg(flat(2, 2, [0, 0, 0, 255]), { subsampling: '422' as '420' })).toThrow(/subsampling/);
  });

  it('refuses a side beyond 65535 with encode_failed before touching pixels', () => {
    let caught: unknown;
    try {
      encodeJpeg({ width: 70_000, height: 1, data: new Uint8Array(70_000 * 4) });
    } catch (err) {
      caught = err;
    }
    expect(isImageError(caught, 'encode_failed')).toBe(true);
  });

  it('writes the sampling factors asked for in SOF0', () => {
    const sofSampling = (bytes: Uint8Array): number => {
      for (let i = 2; i < bytes.length - 1; i++) if (bytes[i] === 0xff && bytes[i + 1] === 0xc0) return bytes[i + 11]!;
      return -1;
    };
    expect(sofSampling(encodeJpeg(flat(8, 8, [1, 2, 3, 255]), { subsampling: '420' }))).toBe(0x22);
    expect(sofSampling(encodeJpeg(flat(8, 8, [1, 2, 3, 255]), { subsampling: '444' }))).toBe(0x11);
  });
});

describe('JPEG tables', () => {
  it.each([
    ['luma AC', LUMA_AC],
    ['chroma AC', CHROMA_AC],
  ])('%s holds every (run, size) symbol exactly once, plus EOB and ZRL', (_name, spec) => {
    const expected = [0x00, 0xf0];
    for (let run = 0; run < 16; run++) for (let size = 1; size <= 10; size++) expected.push((run << 4) | size);
    expect([...spec.symbols].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    expect(spec.counts.reduce((a, b) => a + b, 0)).toBe(spec.symbols.length);
  });

  it.each([
    ['luma DC', LUMA_DC],
    ['luma AC', LUMA_AC],
    ['chroma DC', CHROMA_DC],
    ['chroma AC', CHROMA_AC],
  ])('%s yields a prefix-free code', (_name, spec) => {
    const codes = buildHuffmanCodes(spec);
    const words = spec.symbols.map((s) => codes.code[s]!.toString(2).padStart(codes.length[s]!, '0'));
    const clashes = words.filter((a) => words.some((b) => a !== b && b.startsWith(a)));
    expect(clashes).toEqual([]);
  });

  it('zig-zag visits every position once, starting 0, 1, 8, 16, 9, 2', () => {
    expect(Array.from(ZIGZAG.slice(0, 6))).toEqual([0, 1, 8, 16, 9, 2]);
    expect(new Set(ZIGZAG).size).toBe(64);
    expect(ZIGZAG[63]).toBe(63);
  });

  it('scales quantisation like IJG: q50 is the base table, q100 all ones, q1 clamps at 255', () => {
    expect(Array.from(scaleQuantTable(LUMA_QUANT_BASE, 50))).toEqual([...LUMA_QUANT_BASE]);
    expect(Array.from(scaleQuantTable(LUMA_QUANT_BASE, 100))).toEqual(new Array(64).fill(1));
    expect(Math.max(...scaleQuantTable(LUMA_QUANT_BASE, 1))).toBe(255);
    // q90: percentage 20 → 16·0.2 = 3.2 → 3.
    expect(scaleQuantTable(LUMA_QUANT_BASE, 90)[0]).toBe(3);
  });
});

describe('encodeJpeg pixel access', () => {
  /** Deterministic photo-like RGBA noise with some transparent and half-transparent pixels. */
  function noisy(width: number, height: number, withAlpha: boolean): Raster {
    const data = new Uint8Array(width * height * 4);
    for (let i = 0; i < data.length; i++) data[i] = ((i * 2654435761) >>> 24) ^ (i >> 6);
    if (!withAlpha) for (let p = 3; p < data.length; p += 4) data[p] = 255;
    return { width, height, data };
  }

  it.each(['420', '444'] as const)('gives the same bytes for pixels at an odd byte offset (%s)', (subsampling) => {
    const source = noisy(37, 23, true);
    const shifted = new Uint8Array(source.data.length + 1).subarray(1);
    shifted.set(source.data);
    expect(shifted.byteOffset & 3).toBe(1);
    const a = encodeJpeg(source, { subsampling });
    const b = encodeJpeg({ ...source, data: shifted }, { subsampling });
    expect(Buffer.from(b).equals(Buffer.from(a))).toBe(true);
  });

  it.each(['420', '444'] as const)('composites alpha in the colour pass exactly like compositing first (%s)', (subsampling) => {
    const source = noisy(41, 19, true);
    const flattened = source.data.slice();
    for (let p = 0; p < flattened.length; p += 4) {
      const a = flattened[p + 3]!;
      for (let c = 0; c < 3; c++) flattened[p + c] = Math.floor((flattened[p + c]! * a + 255 * (255 - a) + 127) / 255);
      flattened[p + 3] = 255;
    }
    const a = encodeJpeg(source, { subsampling });
    const b = encodeJpeg({ ...source, data: flattened }, { subsampling });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it.each(['420', '444'] as const)('encodes a block of one repeated pixel like blocks that only look alike (%s)', (subsampling) => {
    // All transparent: one repeated word takes the flat-block shortcut; transparent pixels with
    // differing garbage colour take the full conversion and transform. Both are white once
    // composited, so the bytes must agree — across full blocks and the partial edge blocks of 21×13.
    const repeated = flat(21, 13, [0, 0, 0, 0]);
    const garbage = noisy(21, 13, false);
    for (let p = 3; p < garbage.data.length; p += 4) garbage.data[p] = 0;
    const a = encodeJpeg(repeated, { subsampling });
    const b = encodeJpeg(garbage, { subsampling });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    // And a tinted, non-flat picture does differ, so the comparison can fail.
    garbage.data[3] = 255;
    expect(Buffer.from(encodeJpeg(garbage, { subsampling })).equals(Buffer.from(a))).toBe(false);
  });

  it('stuffs every 0xFF in the scan: no marker between SOS and EOI', () => {
    const bytes = encodeJpeg(noisy(64, 64, false), { quality: 100 });
    let sos = -1;
    for (let i = 0; i < bytes.length - 1; i++) if (bytes[i] === 0xff && bytes[i + 1] === 0xda) { sos = i; break; }
    const scanStart = sos + 2 + ((bytes[sos + 2]! << 8) | bytes[sos + 3]!);
    let ffs = 0;
    for (let i = scanStart; i < bytes.length - 2; i++) {
      if (bytes[i] !== 0xff) continue;
      ffs++;
      expect(bytes[i + 1]).toBe(0);
      i++;
    }
    expect(ffs).toBeGreaterThan(0); // noise at q100 does produce 0xFF bytes, so the check is exercised
    expect(Array.from(bytes.slice(-2))).toEqual([0xff, 0xd9]);
  });
});

describe('encodeJpeg flat and busy blocks side by side', () => {
  it.each(['420', '444'] as const)('round-trips a checkerboard of flat and noisy 16×16 tiles (%s)', async (subsampling) => {
    // Flat tiles take the transform's shortcut, noisy ones the full path, in alternation: a
    // shortcut must not leak coefficients from the block before it.
    const width = 96;
    const height = 64;
    const data = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const p = (y * width + x) * 4;
        const busy = ((x >> 4) + (y >> 4)) % 2 === 1;
        const n = (((p * 2654435761) >>> 26) - 32) | 0;
        data.set(busy ? [128 + n, 100 - n, 90 + (n >> 1), 255] : [30, 160, 220, 255], p);
      }
    }
    const source = { width, height, data };
    const back = await sharpDecode(encodeJpeg(source, { quality: 90, subsampling }));
    let flatError = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (((x >> 4) + (y >> 4)) % 2 === 1 || (x & 15) < 2 || (x & 15) > 13 || (y & 15) < 2 || (y & 15) > 13) continue;
        const p = (y * width + x) * 4;
        flatError = Math.max(flatError, Math.abs(back.data[p]! - 30), Math.abs(back.data[p + 1]! - 160), Math.abs(back.data[p + 2]! - 220));
      }
    }
    // Away from tile edges (where JPEG rings anyway) a flat tile comes back flat.
    expect(flatError).toBeLessThanOrEqual(4);
    // Measured before the shortcut existed: MAE 2.6 at 4:4:4, 10.3 at 4:2:0 (chroma of pure noise
    // cannot survive halving).
    expect(mae(source, back)).toBeLessThan(subsampling === '444' ? 3.5 : 11.5);
  });
});
