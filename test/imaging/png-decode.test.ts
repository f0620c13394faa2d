import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync, inflateRawSync } from 'node:zlib';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode, probe } from '../../src/imaging/decode.js';
import { decodePng, probePng } from '../../src/imaging/decoders/png.js';
import { to8 } from '../../src/imaging/decoders/png/pixels.js';
import { isImageError } from '../../src/imaging/errors.js';
import { rejection } from '../helpers/damage.js';
import { corpus, CORPUS_DIR } from '../helpers/corpus.js';
import { buildPng, fixCrcs, ihdr, pngChunk, PNG_SIGNATURE, concatBytes, rgbaPng, zlibOf } from '../helpers/png-build.js';

const SUITE = join(CORPUS_DIR, 'pngsuite');
const suiteFiles = readdirSync(SUITE).filter((f) => f.endsWith('.png'));
const valid = suiteFiles.filter((f) => !f.startsWith('x'));
const broken = suiteFiles.filter((f) => f.startsWith('x'));

const read = (path: string) => new Uint8Array(readFileSync(path));


describe('PngSuite conformance against pngjs', () => {
  it('has the whole suite to test against', () => {
    expect(valid.length).toBeGreaterThan(150);
    expect(broken.length).toBe(14);
  });

  it.each(valid)('%s decodes like pngjs', async (name) => {
    const bytes = read(join(SUITE, name));
    const ours = await decodePng(bytes);
    const ref = PNG.sync.read(Buffer.from(bytes));
    expect([ours.width, ours.height]).toEqual([ref.width, ref.height]);
    // pngjs reduces 16-bit samples with Math.round(v * 255 / 65535) — the same rounding — but allow the brief's 1.
    const tolerance = /16\.png$/.test(name) || ref.depth === 16 ? 1 : 0;
    let worst = 0;
    for (let i = 0; i < ref.data.length; i += 4) {
      // pngjs blanks the colour of colour-key (tRNS) transparent pixels to 0,0,0,0; libpng/sharp keep it.
      // Both are fully transparent, so only alpha is compared there.
      const keyedOut = ref.data[i + 3] === 0 && ours.data[i + 3] === 0;
      for (let c = keyedOut ? 3 : 0; c < 4; c++) worst = Math.max(worst, Math.abs(ours.data[i + c]! - ref.data[i + c]!));
    }
    expect(worst).toBeLessThanOrEqual(tolerance);
  });

  it('keeps the colour of colour-key transparent pixels, as sharp (libvips/libpng) does', async () => {
    for (const name of ['tbrn2c08.png', 'tbbn0g04.png', 'tbwn0g16.png']) {
      const bytes = read(join(SUITE, name));
      const ours = await decodePng(bytes);
      const ref = await sharp(bytes).ensureAlpha().raw().toBuffer();
      // libvips reduces 16-bit samples its own way: allow 1 there, exact for 8-bit and below.
      const tolerance = name.includes('16') ? 1 : 0;
      let worst = 0;
      for (let i = 0; i < ref.length; i++) worst = Math.max(worst, Math.abs(ours.data[i]! - ref[i]!));
      expect(worst, name).toBeLessThanOrEqual(tolerance);
      expect(ours.data.some((v, i) => i % 4 === 3 && v === 0), `${name} has keyed-out pixels`).toBe(true);
    }
  });
});

describe('probe', () => {
  it.each(valid)('%s: probe reports the size decode produces', async (name) => {
    const bytes = read(join(SUITE, name));
    const header = probePng(bytes);
    const raster = await decodePng(bytes);
    expect([header.format, header.width, header.height, header.lossy]).toEqual(['png', raster.width, raster.height, false]);
  });
});

describe('PngSuite x* files are refused as corrupt, each for its own reason', () => {
  const reasons: Record<string, RegExp> = {
    'xc1n0g08.png': /colour type 1\b/,
    'xc9n2c08.png': /colour type 9\b/,
    'xcrn0g04.png': /CR\/LF|line endings/,
    'xlfn0g04.png': /CR\/LF|line endings/,
    'xcsn0g01.png': /"IDAT" fails its CRC/,
    'xhdn0g08.png': /"IHDR" fails its CRC/,
    'xd0n2c08.png': /bit depth 0\b/,
    'xd3n2c08.png': /bit depth 3\b/,
    'xd9n2c08.png': /bit depth 99\b/,
    'xdtn0g01.png': /no image data/,
    'xs1n0g01.png': /high bit/,
    'xs2n0g01.png': /signature/,
    'xs4n0g01.png': /signature/,
    'xs7n0g01.png': /signature/,
  };
  it('covers every x* file', () => expect(Object.keys(reasons).sort()).toEqual([...broken].sort()));
  it.each(broken)('%s', async (name) => {
    const err = await rejection(decodePng(read(join(SUITE, name))));
    expect(err.code).toBe('corrupt');
    expect(err.message).toMatch(reasons[name]!);
  });
});

describe('real files against sharp', () => {
  it.each(['formats/valid/png/sample.png', 'webp/peak.png', 'webp/grid.png'])('%s', async (rel) => {
    const bytes = read(corpus(rel));
    const { raster, header } = await decode(bytes);
    const { data, info } = await sharp(Buffer.from(bytes)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([header.format, raster.width, raster.height]).toEqual(['png', info.width, info.height]);
    let sum = 0;
    for (let i = 0; i < data.length; i++) sum += Math.abs(data[i]! - raster.data[i]!);
    expect(sum / data.length).toBeLessThanOrEqual(2);
  });
});

describe('16-bit reduction', () => {
  it('to8 is round(v / 257) for every 16-bit value', () => {
    for (let v = 0; v <= 0xffff; v++) if (to8(v) !== Math.round(v / 257)) expect.fail(`to8(${v}) = ${to8(v)}`);
    expect(to8(0xffff)).toBe(255);
  });
});

describe('hand-made edge cases', () => {
  it('refuses an IHDR declaring 20000×20000 at probe time, before any allocation', () => {
    const bytes = buildPng({ width: 20000, height: 20000 }, [pngChunk('IDAT', zlibOf(new Uint8Array(10)))]);
    expect(probePng(bytes)).toMatchObject({ width: 20000, height: 20000 });
    expect(() => probe(bytes)).toThrowError(expect.objectContaining({ code: 'too_large' }));
  });

  it('stops a deflate bomb: a 100×100 IHDR whose IDAT inflates to 20 MB is corrupt', async () => {
    const bomb = new Uint8Array(deflateSync(new Uint8Array(20_000_000)));
    expect(bomb.length).toBeLessThan(40_000);
    const bytes = buildPng({ width: 100, height: 100 }, [pngChunk('IDAT', bomb)]);
    const err = await rejection(decode(bytes));
    expect(err.code).toBe('corrupt');
    expect(err.message).toMatch(/more than the 40100 bytes/);
  });

  it('reports image data that ends early as corrupt when the file itself is complete', async () => {
    const short = zlibOf(new Uint8Array(3 * (1 + 3 * 4))); // 3 of 4 rows
    const err = await rejection(decodePng(buildPng({ width: 3, height: 4 }, [pngChunk('IDAT', short)])));
    expect(err.code).toBe('corrupt');
  });

  it('decodes a 1×1 pixel with alpha exactly', async () => {
    const raster = await decodePng(rgbaPng(1, 1, Uint8Array.of(10, 20, 30, 40)));
    expect([raster.width, raster.height, ...raster.data]).toEqual([1, 1, 10, 20, 30, 40]);
  });

  it('joins image data split over many IDAT chunks', async () => {
    const pixels = Uint8Array.from({ length: 7 * 5 * 4 }, (_, i) => (i * 37) & 255);
    const raster = await decodePng(rgbaPng(7, 5, pixels, 9));
    expect(Array.from(raster.data)).toEqual(Array.from(pixels));
  });

  it('tolerates a missing IEND after complete data', async () => {
    const pixels = Uint8Array.from({ length: 4 * 4 * 4 }, (_, i) => (i * 11) & 255);
    const full = rgbaPng(4, 4, pixels);
    const withoutIend = full.subarray(0, full.length - 12);
    const raster = await decodePng(withoutIend);
    expect(Array.from(raster.data)).toEqual(Array.from(pixels));
  });

  it('rejects a bad CRC on IDAT and on PLTE as corrupt', async () => {
    const idat = pngChunk('IDAT', zlibOf(new Uint8Array(1 + 4)), true);
    expect((await rejection(decodePng(buildPng({ width: 1, height: 1 }, [idat])))).code).toBe('corrupt');
    const plte = pngChunk('PLTE', Uint8Array.of(1, 2, 3), true);
    const bytes = buildPng({ width: 1, height: 1, colorType: 3 }, [plte, pngChunk('IDAT', zlibOf(new Uint8Array(2)))]);
    const err = await rejection(decodePng(bytes));
    expect([err.code, /PLTE/.test(err.message)]).toEqual(['corrupt', true]);
  });

  it('rejects an invalid filter type as corrupt', async () => {
    const bytes = buildPng({ width: 1, height: 1 }, [pngChunk('IDAT', zlibOf(Uint8Array.of(9, 1, 2, 3, 4)))]);
    const err = await rejection(decodePng(bytes));
    expect([err.code, /filter type 9/.test(err.message)]).toEqual(['corrupt', true]);
  });

  it('maps palette indices beyond PLTE to opaque black and applies palette alpha', async () => {
    const plte = pngChunk('PLTE', Uint8Array.of(200, 100, 50));
    const trns = pngChunk('tRNS', Uint8Array.of(77));
    const bytes = buildPng({ width: 2, height: 1, colorType: 3 }, [plte, trns, pngChunk('IDAT', zlibOf(Uint8Array.of(0, 0, 5)))]);
    const raster = await decodePng(bytes);
    expect(Array.from(raster.data)).toEqual([200, 100, 50, 77, 0, 0, 0, 255]);
  });

  it('truncating a small PNG at every 7th byte gives only ImageErrors (or a picture)', async () => {
    const bytes = read(join(SUITE, 'basi6a08.png'));
    let refusals = 0;
    for (let cut = 0; cut < bytes.length; cut += 7) {
      try {
        const raster = await decodePng(bytes.subarray(0, cut));
        expect(raster.data.length).toBe(32 * 32 * 4);
      } catch (err) {
        if (!isImageError(err)) throw err;
        expect(['truncated', 'corrupt']).toContain(err.code);
        refusals++;
      }
    }
    expect(refusals).toBeGreaterThan(bytes.length / 7 - 3);
  });

  it('calls a file that stops right after its header truncated, not corrupt', async () => {
    const headerOnly = concatBytes([PNG_SIGNATURE, pngChunk('IHDR', ihdr({ width: 2, height: 2 }))]);
    expect((await rejection(decodePng(headerOnly))).code).toBe('truncated');
    expect((await rejection(decodePng(headerOnly.subarray(0, 20)))).code).toBe('truncated');
  });

  it('rejects an unknown critical chunk and a second IHDR', async () => {
    const idat = pngChunk('IDAT', zlibOf(new Uint8Array(5)));
    const unknown = await rejection(decodePng(buildPng({ width: 1, height: 1 }, [pngChunk('ZZZZ', new Uint8Array(1)), idat])));
    expect(unknown.message).toMatch(/unknown critical chunk "ZZZZ"/);
    const twice = await rejection(decodePng(buildPng({ width: 1, height: 1 }, [pngChunk('IHDR', ihdr({ width: 1, height: 1 })), idat])));
    expect(twice.message).toMatch(/second header/);
  });

  it('skips unknown ancillary chunks', async () => {
    const idat = pngChunk('IDAT', zlibOf(Uint8Array.of(0, 1, 2, 3, 4)));
    const raster = await decodePng(concatBytes([PNG_SIGNATURE, pngChunk('IHDR', ihdr({ width: 1, height: 1 })), pngChunk('zzZz', new Uint8Array(3)), idat]));
    expect(Array.from(raster.data)).toEqual([1, 2, 3, 4]);
  });
});

describe("Apple's iOS-optimised PNG (CgBI)", () => {
  it('decodes sample_fried.png like pngjs decodes the same data re-wrapped as a standard PNG', async () => {
    const bytes = read(corpus('formats/valid/png/sample_fried.png'));
    // Re-wrap: drop CgBI, turn the raw-deflate IDAT stream into a zlib one, keep IHDR as is.
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    const idat: Uint8Array[] = [];
    let ihdrChunk: Uint8Array | undefined;
    for (let at = 8; at + 12 <= bytes.length; ) {
      const length = view.getUint32(at);
      const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
      if (type === 'IHDR') ihdrChunk = bytes.subarray(at, at + 12 + length);
      if (type === 'IDAT') idat.push(bytes.subarray(at + 8, at + 8 + length));
      at += 12 + length;
    }
    const zlibData = new Uint8Array(deflateSync(inflateRawSync(concatBytes(idat))));
    const standard = concatBytes([PNG_SIGNATURE, ihdrChunk!, pngChunk('IDAT', zlibData), pngChunk('IEND', new Uint8Array(0))]);
    const ref = PNG.sync.read(Buffer.from(standard));
    // CgBI pixels are BGRA with premultiplied alpha: undo both on the reference.
    const expected = new Uint8Array(ref.data.length);
    for (let i = 0; i < ref.data.length; i += 4) {
      const a = ref.data[i + 3]!;
      const unpremultiply = (c: number) => (a === 0 ? 0 : Math.min(255, Math.round((c * 255) / a)));
      expected.set([unpremultiply(ref.data[i + 2]!), unpremultiply(ref.data[i + 1]!), unpremultiply(ref.data[i]!), a], i);
    }
    const { raster, header } = await decode(bytes);
    expect([header.width, header.height, raster.width, raster.height]).toEqual([ref.width, ref.height, ref.width, ref.height]);
    expect(Buffer.from(raster.data).equals(Buffer.from(expected))).toBe(true);
    expect(raster.data.some((v, i) => i % 4 === 3 && v > 0)).toBe(true);
  });
});

describe('hostile input', () => {
  /** Small files covering palette, interlace, 16-bit and sub-byte paths. */
  const seeds = ['basi3p02.png', 'basn6a16.png', 'basi0g04.png', 'tbrn2c08.png'].map((n) => read(join(SUITE, n)));

  it('random byte damage (with CRCs repaired, so it reaches inflate and unfiltering) only ever yields ImageError or a picture', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: seeds.length - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        async (seed, edits, repair) => {
          const damaged = Uint8Array.from(seeds[seed]!);
          for (const [pos, value] of edits) damaged[8 + (pos % (damaged.length - 8))] = value;
          const bytes = repair ? fixCrcs(damaged) : damaged;
          try {
            const raster = await decodePng(bytes);
            expect(raster.data.length).toBe(raster.width * raster.height * 4);
          } catch (err) {
            if (!isImageError(err)) throw err;
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
