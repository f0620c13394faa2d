import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/imaging/decode.js';
import { corpus } from '../helpers/corpus.js';

/**
 * Callers hand the library whatever Uint8Array they have: Node's readFileSync returns small files
 * as views into a shared 8 KiB pool, and a body sliced out of a larger buffer starts at any offset.
 * (Node's Buffer.slice() is a view, not a copy — a decoder that passes `.buffer` on, or "copies"
 * with slice(), reads its neighbours' bytes.) Every format must decode a view exactly like a copy.
 */
const SMALL_FILES = [
  'webp/alpha_color_cache.webp',
  'webp/bug3.webp',
  'webp/small_13x1.webp',
  'jpeg/redbox.jpg',
  'pngsuite/basn6a08.png',
  'formats/valid/gif/sample.gif',
  'formats/valid/bmp/sample.bmp',
  'webp/grid.tiff',
];

describe('decoding from views of larger buffers', () => {
  it.each(SMALL_FILES)('%s decodes the same from a pooled Buffer, an odd-offset view and a copy', async (file) => {
    const pooled = readFileSync(corpus(file));
    const copy = new Uint8Array(pooled);
    const big = new Uint8Array(copy.length + 13);
    big.fill(0xaa);
    big.set(copy, 7);
    const odd = big.subarray(7, 7 + copy.length);

    const fromCopy = (await decode(copy)).raster;
    for (const view of [pooled, odd]) {
      const fromView = (await decode(view)).raster;
      expect([fromView.width, fromView.height]).toEqual([fromCopy.width, fromCopy.height]);
      expect(Buffer.from(fromView.data).equals(Buffer.from(fromCopy.data))).toBe(true);
    }
  });

  it('leaves the caller’s bytes untouched', async () => {
    const pooled = readFileSync(corpus('webp/alpha_color_cache.webp'));
    const before = Buffer.from(pooled);
    await decode(pooled);
    expect(pooled.equals(before)).toBe(true);
  });
});
