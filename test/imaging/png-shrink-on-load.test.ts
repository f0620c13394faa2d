/**
 * PNG shrink-on-load: decoding at 1/2, 1/4, 1/8 of each side must give exactly the block average
 * (colour weighted by alpha, rounded half up) of the full-size decode, for every colour type, bit
 * depth, tRNS form and interlacing in PngSuite, at sizes that leave partial blocks at the edges.
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/imaging/decode.js';
import { decodePng, type PngScale } from '../../src/imaging/decoders/png.js';
import { encodePng } from '../../src/imaging/encoders/png.js';
import type { Raster } from '../../src/imaging/raster.js';
import { CORPUS_DIR } from '../helpers/corpus.js';

/** The obvious per-block average, written independently of the decoder's streaming sums. */
function blockAverage(full: Raster, scale: number): Raster {
  const width = Math.ceil(full.width / scale);
  const height = Math.ceil(full.height / scale);
  const data = new Uint8Array(width * height * 4);
  for (let by = 0; by < height; by++) {
    for (let bx = 0; bx < width; bx++) {
      let r = 0, g = 0, b = 0, a = 0, count = 0;
      for (let y = by * scale; y < Math.min(full.height, (by + 1) * scale); y++) {
        for (let x = bx * scale; x < Math.min(full.width, (bx + 1) * scale); x++) {
          const i = (y * full.width + x) * 4;
          const alpha = full.data[i + 3]!;
          r += full.data[i]! * alpha;
          g += full.data[i + 1]! * alpha;
          b += full.data[i + 2]! * alpha;
          a += alpha;
          count++;
        }
      }
      const o = (by * width + bx) * 4;
      if (a === 0) continue;
      data[o] = Math.floor((r + Math.floor(a / 2)) / a);
      data[o + 1] = Math.floor((g + Math.floor(a / 2)) / a);
      data[o + 2] = Math.floor((b + Math.floor(a / 2)) / a);
      data[o + 3] = Math.floor((a + Math.floor(count / 2)) / count);
    }
  }
  return { width, height, data };
}

const suite = `${CORPUS_DIR}/pngsuite`;
const valid = readdirSync(suite).filter((name) => name.endsWith('.png') && !name.startsWith('x'));

describe('decodePng with a scale', () => {
  it('covers the suite', () => expect(valid.length).toBeGreaterThan(150));

  for (const name of valid) {
    it(`${name}: 1/2, 1/4 and 1/8 are the block averages of the full decode`, async () => {
      const bytes = new Uint8Array(readFileSync(`${suite}/${name}`));
      const full = await decodePng(bytes);
      for (const scale of [2, 4, 8] as const) {
        const small = await decodePng(bytes, { scale });
        const expected = blockAverage(full, scale);
        expect([small.width, small.height]).toEqual([expected.width, expected.height]);
        expect(Buffer.from(small.data).equals(Buffer.from(expected.data)), `${name} at 1/${scale}`).toBe(true);
      }
    });
  }

  it('matches the block average on random opaque and translucent pictures of any size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 37 }),
        fc.integer({ min: 1, max: 23 }),
        fc.boolean(),
        fc.constantFrom<PngScale>(2, 4, 8),
        fc.integer(),
        async (width, height, translucent, scale, seed) => {
          const data = new Uint8Array(width * height * 4);
          let s = seed | 0;
          for (let i = 0; i < data.length; i++) {
            s = (Math.imul(s, 1103515245) + 12345) | 0;
            data[i] = (s >>> 16) & 0xff;
          }
          if (!translucent) for (let i = 3; i < data.length; i += 4) data[i] = 255;
          const raster = { width, height, data };
          const small = await decodePng(await encodePng(raster), { scale });
          expect(Buffer.from(small.data).equals(Buffer.from(blockAverage(raster, scale).data))).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses a scale it does not support', async () => {
    const png = await encodePng({ width: 1, height: 1, data: new Uint8Array([1, 2, 3, 255]) });
    await expect(decodePng(png, { scale: 3 as PngScale })).rejects.toMatchObject({ code: 'invalid_argument' });
  });

  it('decode() shrinks a PNG on load only as far as the target size allows', async () => {
    const raster = { width: 400, height: 100, data: new Uint8Array(400 * 100 * 4).fill(200) };
    const png = await encodePng(raster);
    const viewed = await decode(png, { maxDimension: 150 });
    expect([viewed.scale, viewed.raster.width, viewed.raster.height]).toEqual([2, 200, 50]);
    const split = await decode(png);
    expect([split.scale, split.raster.width]).toEqual([1, 400]);
    expect((await decode(png, { maxDimension: 90 })).scale).toBe(4);
  });
});
