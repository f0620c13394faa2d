/**
 * Hand-made JPEGs for the cases the corpus does not cover: tiny and odd sizes, every sampling
 * layout, restart intervals (clean and damaged), fill bytes, trailing bytes, missing EOI. Each is
 * held against libjpeg-turbo (via sharp) decoding the very same bytes.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeJpeg } from '../../src/imaging/decoders/jpeg.js';
import { encodeBaselineJpeg, type EncodeSpec } from '../helpers/jpeg-test-encoder.js';
import { meanAbsoluteError, referenceDecode } from '../helpers/jpeg-reference.js';

/** The tolerance against the reference decoder, mean absolute error per channel. */
const MAX_MEAN_ERROR = 2;

/** An asymmetric colour pattern: red grows rightwards, green downwards, a blue top-left quarter. */
function pattern(width: number, height: number): (x: number, y: number) => number[] {
  return (x, y) => [
    Math.round((x * 255) / Math.max(1, width - 1)),
    Math.round((y * 255) / Math.max(1, height - 1)),
    x < width / 2 && y < height / 2 ? 230 : 20,
  ];
}

function rawPattern(width: number, height: number, channels: 1 | 3): Buffer {
  const f = pattern(width, height);
  const out = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = f(x, y) as [number, number, number];
      if (channels === 1) out[y * width + x] = Math.round((r + g + b) / 3);
      else out.set([r, g, b], (y * width + x) * 3);
    }
  }
  return out;
}

async function sharpJpeg(
  width: number,
  height: number,
  channels: 1 | 3,
  options: { chromaSubsampling?: string; progressive?: boolean },
): Promise<Uint8Array> {
  const buffer = await sharp(rawPattern(width, height, channels), { raw: { width, height, channels } })
    .jpeg({ quality: 90, ...options })
    .toBuffer();
  return new Uint8Array(buffer);
}

async function expectLikeLibjpeg(bytes: Uint8Array): Promise<void> {
  const reference = await referenceDecode(bytes);
  const raster = decodeJpeg(bytes);
  expect([raster.width, raster.height]).toEqual([reference.width, reference.height]);
  for (const channelError of meanAbsoluteError(raster.data, reference.data)) expect(channelError).toBeLessThanOrEqual(MAX_MEAN_ERROR);
}

describe('JPEGs made by libjpeg-turbo (sharp)', () => {
  it.each([
    ['1×1 colour', 1, 1, 3, { chromaSubsampling: '4:2:0' }],
    ['17×9 4:2:0', 17, 9, 3, { chromaSubsampling: '4:2:0' }],
    ['17×9 4:4:4', 17, 9, 3, { chromaSubsampling: '4:4:4' }],
    ['33×47 4:2:0 progressive', 33, 47, 3, { chromaSubsampling: '4:2:0', progressive: true }],
    ['64×48 4:4:4 progressive', 64, 48, 3, { chromaSubsampling: '4:4:4', progressive: true }],
    ['1×1 greyscale', 1, 1, 1, {}],
    ['23×5 greyscale', 23, 5, 1, {}],
    ['40×30 greyscale progressive', 40, 30, 1, { progressive: true }],
  ] as const)('%s decodes like libjpeg', async (_name, width, height, channels, options) => {
    const bytes = await sharpJpeg(width, height, channels, options);
    await expectLikeLibjpeg(bytes);
  });
});

describe('JPEGs from the test encoder (layouts sharp cannot write)', () => {
  const colour = (components: EncodeSpec['components'], width = 37, height = 21, restartInterval = 0): EncodeSpec => ({
    width,
    height,
    components,
    restartInterval,
    samples: pattern(width, height),
  });
  it.each([
    ['4:4:4', colour([[1, 1], [1, 1], [1, 1]])],
    ['4:2:2 (h2v1)', colour([[2, 1], [1, 1], [1, 1]])],
    ['4:4:0 (h1v2)', colour([[1, 2], [1, 1], [1, 1]])],
    ['4:2:0', colour([[2, 2], [1, 1], [1, 1]])],
    ['4:1:1 (h4v1)', colour([[4, 1], [1, 1], [1, 1]])],
    ['h3v1 (odd factor)', colour([[3, 1], [1, 1], [1, 1]])],
    ['h3v2 with chroma 1×1 and 1×2 (mixed)', colour([[3, 2], [1, 1], [1, 2]])],
    ['chroma sampled finer than luma', colour([[1, 1], [2, 2], [1, 1]])],
    ['4:2:0 with a restart every MCU', colour([[2, 2], [1, 1], [1, 1]], 37, 21, 1)],
    ['4:4:4 with a restart every 3 MCUs', colour([[1, 1], [1, 1], [1, 1]], 37, 21, 3)],
    ['4:4:4 with more than 8 restarts (RST numbers wrap)', colour([[1, 1], [1, 1], [1, 1]], 80, 24, 2)],
    ['greyscale 9×13 with restarts', { width: 9, height: 13, components: [[1, 1]], restartInterval: 1, samples: (x: number, y: number) => [x * 20 + y * 3] }],
    [
      'Adobe CMYK (transform 0, stored inverted)',
      {
        width: 19,
        height: 11,
        components: [[1, 1], [1, 1], [1, 1], [1, 1]],
        adobeTransform: 0,
        samples: (x: number, y: number) => [255 - x * 12, 255 - y * 20, 200, 255 - ((x + y) % 5) * 30],
      },
    ],
  ] as [string, EncodeSpec][])('%s decodes like libjpeg', async (_name, spec) => {
    await expectLikeLibjpeg(encodeBaselineJpeg(spec));
  });
});

describe('damaged and unusual byte streams', () => {
  const width = 32;
  const height = 32;
  // One MCU row (4 MCUs of 8×8, 4:4:4) per restart interval, so damage stays inside its rows.
  const clean = encodeBaselineJpeg({
    width,
    height,
    components: [[1, 1], [1, 1], [1, 1]],
    restartInterval: 4,
    samples: pattern(width, height),
  });
  const rstOffsets: number[] = [];
  for (let i = 0; i + 1 < clean.length; i++) if (clean[i] === 0xff && clean[i + 1]! >= 0xd0 && clean[i + 1]! <= 0xd7) rstOffsets.push(i);

  /** Rows 16–31 (the last two restart intervals) of an RGBA picture 32 wide. */
  const lowerHalf = (data: Uint8Array): Uint8Array => data.subarray(16 * width * 4);

  it('the fixture really has three restart markers', () => {
    expect(rstOffsets.length).toBe(3);
  });

  it('resynchronises at the next restart marker after garbage inside an interval', () => {
    const damaged = clean.slice();
    // Scribble over the middle of the first interval (non-FF bytes, so no fake markers).
    for (let i = rstOffsets[0]! - 20; i < rstOffsets[0]! - 5; i++) damaged[i] = 0x5a;
    const good = decodeJpeg(clean);
    const raster = decodeJpeg(damaged);
    expect(raster.width).toBe(width);
    expect(Array.from(lowerHalf(raster.data))).toEqual(Array.from(lowerHalf(good.data)));
  });

  it('resynchronises when bytes are missing inside an interval (the marker comes early)', () => {
    const cut = rstOffsets[0]! - 12;
    const damaged = new Uint8Array([...clean.subarray(0, cut), ...clean.subarray(cut + 8)]);
    const good = decodeJpeg(clean);
    const raster = decodeJpeg(damaged);
    expect(Array.from(lowerHalf(raster.data))).toEqual(Array.from(lowerHalf(good.data)));
  });

  it('ignores fill bytes (extra FF) before markers, restart markers included', () => {
    const parts: number[] = [];
    for (let i = 0; i < clean.length; i++) {
      if (clean[i] === 0xff && i > 0 && clean[i + 1] !== 0x00) parts.push(0xff, 0xff); // two fill bytes
      parts.push(clean[i]!);
    }
    expect(Array.from(decodeJpeg(new Uint8Array(parts)).data)).toEqual(Array.from(decodeJpeg(clean).data));
  });

  it('ignores bytes after EOI', () => {
    const trailing = new Uint8Array([...clean, 0x00, 0x12, 0xff, 0xd8, 0xff, 0xe0, 0x99]);
    expect(Array.from(decodeJpeg(trailing).data)).toEqual(Array.from(decodeJpeg(clean).data));
  });

  it('decodes a file whose EOI is missing', () => {
    expect(clean[clean.length - 2]).toBe(0xff);
    expect(clean[clean.length - 1]).toBe(0xd9);
    const noEoi = clean.subarray(0, clean.length - 2);
    expect(Array.from(decodeJpeg(noEoi).data)).toEqual(Array.from(decodeJpeg(clean).data));
  });
});
