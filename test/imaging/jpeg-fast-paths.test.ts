/**
 * The decoder's fast paths, held bit-exact against libjpeg-turbo on pictures made to reach them:
 * flat blocks (only a DC term: the IDCT is skipped), busy blocks, 4:2:0 converted two rows at a time
 * with odd widths and heights (the pair loop's edges), and the band-by-band colour conversion that
 * runs behind the scan (band edges fall inside the picture once it is taller than one MCU row).
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeJpeg } from '../../src/imaging/decoders/jpeg.js';
import { referenceDecode } from '../helpers/jpeg-reference.js';

/** Flat squares (DC-only blocks) beside hashed noise (every coefficient used) and smooth gradients. */
function photoLike(width: number, height: number, channels: 1 | 3): Buffer {
  const out = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const region = ((x >> 4) + (y >> 4)) % 3;
      for (let c = 0; c < channels; c++) {
        const noise = (Math.imul(x * 7919 + y * 104729 + c * 31, 2654435761) >>> 24) & 255;
        const v = region === 0 ? 40 + 70 * c : region === 1 ? noise : (x * 3 + y * 5 + c * 60) & 255;
        out[(y * width + x) * channels + c] = v;
      }
    }
  }
  return out;
}

async function makeJpeg(width: number, height: number, channels: 1 | 3, subsampling: '4:2:0' | '4:4:4', progressive: boolean): Promise<Uint8Array> {
  const buffer = await sharp(photoLike(width, height, channels), { raw: { width, height, channels } })
    .jpeg({ quality: 85, chromaSubsampling: subsampling, progressive })
    .toBuffer();
  return new Uint8Array(buffer);
}

/** Index of the first byte that differs, or -1: a readable failure instead of a 100 000-element diff. */
function firstDifference(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

// Sizes: single pixel, odd×odd below one MCU, odd widths across several MCU rows (band edges), and
// one wide enough for many pairs per row.
const SIZES: [number, number][] = [[1, 1], [2, 3], [3, 2], [17, 9], [33, 47], [250, 171]];

describe('JPEG decoder fast paths match libjpeg-turbo bit for bit', () => {
  for (const [width, height] of SIZES) {
    for (const subsampling of ['4:2:0', '4:4:4'] as const) {
      for (const progressive of [false, true]) {
        it(`${width}×${height} ${subsampling}${progressive ? ' progressive' : ''}`, async () => {
          const bytes = await makeJpeg(width, height, 3, subsampling, progressive);
          const ours = decodeJpeg(bytes);
          const reference = await referenceDecode(bytes);
          expect([ours.width, ours.height]).toEqual([reference.width, reference.height]);
          expect(firstDifference(ours.data, reference.data)).toBe(-1);
        });
      }
    }
    it(`${width}×${height} greyscale`, async () => {
      const bytes = await makeJpeg(width, height, 1, '4:4:4', false);
      const ours = decodeJpeg(bytes);
      const reference = await referenceDecode(bytes);
      expect(firstDifference(ours.data, reference.data)).toBe(-1);
    });
  }
});
