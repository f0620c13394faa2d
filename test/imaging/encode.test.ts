import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_PNG_FRAGMENT_BYTES, encodeFragment } from '../../src/imaging/encode.js';
import { encodePng } from '../../src/imaging/encoders/png.js';
import type { ImageFormat } from '../../src/imaging/format.js';
import type { Raster } from '../../src/imaging/raster.js';
import { corpus } from '../helpers/corpus.js';

async function sharpDecode(bytes: Uint8Array): Promise<Raster & { format: string }> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { format } = await sharp(bytes).metadata();
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length), format: String(format) };
}

function lineArt(width: number, height: number): Raster {
  const data = new Uint8Array(width * height * 4).fill(255);
  for (let y = 0; y < height; y += 6) for (let x = 0; x < width; x++) data.set([20, 20, 160, 255], (y * width + x) * 4);
  return { width, height, data };
}

/** Incompressible noise: its PNG is about its raw size, well over 1 MiB at 1024×512 RGBA (2 MiB). */
function noise(width: number, height: number): Raster {
  const data = new Uint8Array(width * height * 4);
  let state = 0x9e3779b9;
  for (let i = 0; i < data.length; i++) {
    // xorshift32: no pattern PNG's filters or deflate can exploit.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    data[i] = (i & 3) === 3 ? 255 : state & 0xff;
  }
  return { width, height, data };
}

describe('encodeFragment: lossy sources become JPEG', () => {
  it('a fragment of a real JPEG photo comes back as a faithful JPEG', async () => {
    const photo = await sharpDecode(readFileSync(corpus('jpeg/tree-rgb.jpg')));
    const out = await encodeFragment(photo, { format: 'jpeg', lossy: true });
    expect(out.format).toBe('jpeg');
    expect(out.mimeType).toBe('image/jpeg');
    const back = await sharpDecode(out.bytes);
    expect(back.format).toBe('jpeg');
    let err = 0;
    for (let i = 0; i < back.data.length; i++) if ((i & 3) !== 3) err += Math.abs(back.data[i]! - photo.data[i]!);
    expect(err / (photo.width * photo.height * 3)).toBeLessThan(2);
  });

  it('a lossy WebP fragment becomes JPEG even when it is line art', async () => {
    const out = await encodeFragment(lineArt(40, 30), { format: 'webp', lossy: true });
    expect(out.format).toBe('jpeg');
    expect((await sharpDecode(out.bytes)).format).toBe('jpeg');
  });
});

describe('encodeFragment: lossless sources become PNG unless heavy', () => {
  it.each<ImageFormat>(['png', 'gif', 'webp', 'bmp', 'tiff'])('line art from %s stays PNG, pixel-exact', async (format) => {
    const art = lineArt(64, 48);
    const out = await encodeFragment(art, { format, lossy: false });
    expect(out.format).toBe('png');
    expect(out.mimeType).toBe('image/png');
    const back = await sharpDecode(out.bytes);
    expect(back.format).toBe('png');
    expect(back.data).toEqual(art.data);
  });

  it('a PNG heavier than 1 MiB (a photograph) falls back to JPEG', async () => {
    const photoLike = noise(1024, 512);
    expect((await encodePng(photoLike)).length).toBeGreaterThan(MAX_PNG_FRAGMENT_BYTES);
    const out = await encodeFragment(photoLike, { format: 'png', lossy: false });
    expect(out.format).toBe('jpeg');
    expect((await sharpDecode(out.bytes)).format).toBe('jpeg');
  });

  it('the threshold is the reference\'s 1 MiB', () => {
    expect(MAX_PNG_FRAGMENT_BYTES).toBe(1024 * 1024);
  });
});
