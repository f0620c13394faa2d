import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decode, probe } from '../../src/imaging/decode.js';
import { decodeGif, probeGif } from '../../src/imaging/decoders/gif.js';
import { decodeLzw } from '../../src/imaging/decoders/gif/lzw.js';
import { ImageError, isImageError } from '../../src/imaging/errors.js';
import { rejection } from '../helpers/damage.js';
import { corpus } from '../helpers/corpus.js';
import { buildGif, lzwLiteral, subBlocks } from '../helpers/gif-build.js';

/** Four colours: red, green, blue, white. */
const TABLE4 = Uint8Array.of(255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255);

async function sharpRgba(bytes: Uint8Array): Promise<Buffer> {
  return sharp(Buffer.from(bytes)).ensureAlpha().raw().toBuffer();
}


const pattern = (n: number, colours = 4) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + (i >> 3)) % colours);

describe('GIF decoding', () => {
  it('decodes the corpus sample like sharp', async () => {
    const bytes = new Uint8Array(readFileSync(corpus('formats/valid/gif/sample.gif')));
    const { raster, header } = await decode(bytes);
    const { data, info } = await sharp(Buffer.from(bytes)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([header.format, raster.width, raster.height, header.frames]).toEqual(['gif', info.width, info.height, 1]);
    let sum = 0;
    for (let i = 0; i < data.length; i++) sum += Math.abs(data[i]! - raster.data[i]!);
    expect(sum / data.length).toBeLessThanOrEqual(2);
  });

  it('decodes a plain frame exactly like sharp, with LZW code widths growing past 8 bits', async () => {
    // 256 colours make the literal codes 9 bits wide.
    const table = Uint8Array.from({ length: 256 * 3 }, (_, i) => (i * 53) & 255);
    const gif = buildGif({ screenWidth: 40, screenHeight: 30, globalTable: table, frame: { width: 40, height: 30, indices: pattern(1200, 256) } });
    expect(Buffer.from((await decodeGif(gif)).data).equals(await sharpRgba(gif))).toBe(true);
  });

  it('decodes interlaced frames and local colour tables like sharp', async () => {
    const gif = buildGif({
      screenWidth: 9,
      screenHeight: 13,
      globalTable: Uint8Array.of(0, 0, 0, 9, 9, 9),
      frame: { width: 9, height: 13, indices: pattern(9 * 13), interlaced: true, localTable: TABLE4 },
    });
    expect(Buffer.from((await decodeGif(gif)).data).equals(await sharpRgba(gif))).toBe(true);
  });

  it('places an offset frame on a transparent screen and honours the transparent index', async () => {
    const indices = Uint8Array.of(0, 1, 2, 3);
    const gif = buildGif({ screenWidth: 4, screenHeight: 3, globalTable: TABLE4, frame: { left: 1, top: 1, width: 2, height: 2, indices, transparentIndex: 2 } });
    const { data } = await decodeGif(gif);
    const at = (x: number, y: number) => Array.from(data.subarray((y * 4 + x) * 4, (y * 4 + x) * 4 + 4));
    expect(at(0, 0)).toEqual([0, 0, 0, 0]); // outside the frame
    expect(at(1, 1)).toEqual([255, 0, 0, 255]);
    expect(at(2, 1)).toEqual([0, 255, 0, 255]);
    expect(at(1, 2)).toEqual([0, 0, 0, 0]); // transparent index
    expect(at(2, 2)).toEqual([255, 255, 255, 255]);
    expect(at(3, 2)).toEqual([0, 0, 0, 0]);
  });

  it('clips a frame that sticks out of the screen', async () => {
    const gif = buildGif({ screenWidth: 3, screenHeight: 3, globalTable: TABLE4, frame: { left: 2, top: 2, width: 2, height: 2, indices: Uint8Array.of(3, 3, 3, 3) } });
    const raster = await decodeGif(gif);
    expect([raster.width, raster.height]).toEqual([3, 3]);
    expect(Array.from(raster.data.subarray(32, 36))).toEqual([255, 255, 255, 255]);
    expect(raster.data.filter((_, i) => i % 4 === 3 && raster.data[i] === 255).length).toBe(1);
  });

  it('decodes a 1×1 GIF', async () => {
    const gif = buildGif({ screenWidth: 1, screenHeight: 1, globalTable: TABLE4, frame: { width: 1, height: 1, indices: Uint8Array.of(1) } });
    expect(Array.from((await decodeGif(gif)).data)).toEqual([0, 255, 0, 255]);
  });

  it('grows the canvas to a first frame larger than the screen, and gates that size', async () => {
    const small = buildGif({ screenWidth: 2, screenHeight: 2, globalTable: TABLE4, frame: { left: 5, top: 5, width: 3, height: 2, indices: pattern(6) } });
    expect(probeGif(small)).toMatchObject({ width: 3, height: 2 });
    const raster = await decodeGif(small);
    expect([raster.width, raster.height, raster.data[3]]).toEqual([3, 2, 255]);

    const huge = buildGif({ screenWidth: 10, screenHeight: 10, globalTable: TABLE4, frame: { width: 20000, height: 20000, indices: new Uint8Array(0), rawData: Uint8Array.of(0x04) } });
    expect(() => probe(huge)).toThrowError(expect.objectContaining({ code: 'too_large' }));
    expect((await rejection(decodeGif(huge))).code).toBe('too_large');
  });

  it('refuses LZW codes that are not defined yet as corrupt', async () => {
    // min code size 2: clear = 4, end = 5. After clear, literal 1, then code 7 (next would be 6).
    const codes = [4, 1, 7, 5];
    let acc = 0;
    codes.forEach((c, i) => (acc |= c << (3 * i)));
    const raw = Uint8Array.of(acc & 0xff, (acc >> 8) & 0xff);
    const gif = buildGif({ screenWidth: 2, screenHeight: 2, globalTable: TABLE4, frame: { width: 2, height: 2, indices: new Uint8Array(0), rawData: raw } });
    const err = await rejection(decodeGif(gif));
    expect([err.code, /code 7/.test(err.message)]).toEqual(['corrupt', true]);
  });

  it('returns the part of a frame that arrived when the file is cut inside its image data', async () => {
    const indices = pattern(20 * 20);
    const gif = buildGif({ screenWidth: 20, screenHeight: 20, globalTable: TABLE4, frame: { width: 20, height: 20, indices } });
    const cut = gif.subarray(0, Math.floor(gif.length * 0.6));
    const raster = await decodeGif(cut);
    const opaque = raster.data.filter((v, i) => i % 4 === 3 && v === 255).length;
    expect(opaque).toBeGreaterThan(0);
    expect(opaque).toBeLessThan(400);
    // What arrived is right: the first row equals the full decode's first row.
    const full = await decodeGif(gif);
    expect(Array.from(raster.data.subarray(0, 80))).toEqual(Array.from(full.data.subarray(0, 80)));
  });

  it('truncating a small GIF at every 7th byte gives only ImageErrors or a picture of the right size', async () => {
    const gif = buildGif({ screenWidth: 12, screenHeight: 7, globalTable: TABLE4, frame: { width: 12, height: 7, indices: pattern(84), interlaced: true, transparentIndex: 0 } });
    for (let cut = 0; cut < gif.length; cut += 7) {
      try {
        const raster = await decodeGif(gif.subarray(0, cut));
        expect([raster.width, raster.height]).toEqual([12, 7]);
      } catch (err) {
        if (!isImageError(err)) throw err;
        expect(['truncated', 'corrupt']).toContain(err.code);
      }
    }
    await expect(decodeGif(gif.subarray(0, 10))).rejects.toMatchObject({ code: 'truncated' });
  });

  it('counts frames in probe and decodes only the first', async () => {
    const first = buildGif({ screenWidth: 2, screenHeight: 1, globalTable: TABLE4, frame: { width: 2, height: 1, indices: Uint8Array.of(0, 0) } });
    const second = buildGif({ screenWidth: 2, screenHeight: 1, globalTable: TABLE4, frame: { width: 2, height: 1, indices: Uint8Array.of(2, 2) } });
    // Header (13) + global table (12) precede the frame; the trailer is the last byte.
    const frameOfSecond = second.subarray(13 + 12, second.length - 1);
    const twoFrames = new Uint8Array([...first.subarray(0, first.length - 1), ...frameOfSecond, 0x3b]);
    expect(probeGif(twoFrames).frames).toBe(2);
    expect(Array.from((await decodeGif(twoFrames)).data)).toEqual([255, 0, 0, 255, 255, 0, 0, 255]);
  });

  it('refuses a frame without any colour table', async () => {
    const gif = buildGif({ screenWidth: 2, screenHeight: 1, frame: { width: 2, height: 1, indices: Uint8Array.of(0, 1) } });
    expect((await rejection(decodeGif(gif))).code).toBe('corrupt');
  });
});

describe('LZW', () => {
  it('decodes the literal encoding and the KwKwK case', () => {
    const data = Uint8Array.from({ length: 500 }, (_, i) => (i * 13) % 16);
    const out = new Uint8Array(500);
    expect(decodeLzw(lzwLiteral(data, 4), 4, out)).toEqual({ written: 500, end: 'filled' });
    expect(Array.from(out)).toEqual(Array.from(data));
    // With room to spare the end code is what stops it.
    expect(decodeLzw(lzwLiteral(data, 4), 4, new Uint8Array(501))).toEqual({ written: 500, end: 'end-code' });
    // min size 2: clear 4, then 1, then 6 (= next code: "1" + "1") → 1 1 1, then end 5.
    const codes = [4, 1, 6, 5];
    let acc = 0;
    codes.forEach((c, i) => (acc |= c << (3 * i)));
    const kwk = new Uint8Array(3);
    decodeLzw(Uint8Array.of(acc & 0xff, (acc >> 8) & 0xff), 2, kwk);
    expect(Array.from(kwk)).toEqual([1, 1, 1]);
  });

  it('never writes past the output and stops when it is full', () => {
    const data = new Uint8Array(300).fill(2);
    const out = new Uint8Array(100);
    expect(decodeLzw(lzwLiteral(data, 2), 2, out)).toEqual({ written: 100, end: 'filled' });
  });

  it('keeps sub-block framing out of the pixel data', () => {
    expect(subBlocks(new Uint8Array(300)).length).toBe(300 + 3);
  });
});

describe('hostile GIF input', () => {
  it('random LZW data only ever yields ImageError or a bounded result', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 300 }), (data, minCodeSize, size) => {
        const out = new Uint8Array(size);
        try {
          const { written } = decodeLzw(data, minCodeSize, out);
          expect(written).toBeLessThanOrEqual(size);
        } catch (err) {
          if (!isImageError(err, 'corrupt')) throw err;
        }
      }),
      { numRuns: 300 },
    );
  });

  it('random byte damage to a whole file only ever yields ImageError or a picture', async () => {
    const base = new Uint8Array(readFileSync(corpus('formats/valid/gif/sample.gif'))).subarray(0, 4000);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }), async (edits) => {
        const damaged = Uint8Array.from(base);
        for (const [pos, value] of edits) damaged[6 + (pos % (damaged.length - 6))] = value;
        try {
          probeGif(damaged);
          const raster = await decodeGif(damaged);
          expect(raster.data.length).toBe(raster.width * raster.height * 4);
        } catch (err) {
          if (!isImageError(err)) throw err;
        }
      }),
      { numRuns: 150 },
    );
  });
});
