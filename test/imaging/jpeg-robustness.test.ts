/**
 * Hostile input: cut-off files, flipped bytes and random garbage must end in a raster of the
 * promised size or an ImageError — never a RangeError, a hang or an allocation beyond the gate.
 */
import fc from 'fast-check';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { decode } from '../../src/imaging/decode.js';
import { decodeJpeg, probeJpeg } from '../../src/imaging/decoders/jpeg.js';
import { ImageError } from '../../src/imaging/errors.js';
import { encodeBaselineJpeg } from '../helpers/jpeg-test-encoder.js';

/** Runs probe and decode; returns what happened, rethrowing anything that is not an ImageError. */
function outcome(bytes: Uint8Array): 'decoded' | ImageError['code'] {
  try {
    const header = probeJpeg(bytes);
    const raster = decodeJpeg(bytes);
    // Whatever decodes must have the size the header promised and a full buffer.
    expect([raster.width, raster.height]).toEqual([header.width, header.height]);
    expect(raster.data.length).toBe(raster.width * raster.height * 4);
    return 'decoded';
  } catch (err) {
    if (err instanceof ImageError) return err.code;
    throw err;
  }
}

/** Small files (a few hundred bytes to ~2 KB) so that every-7th-byte truncation stays cheap. */
const samples: Record<'baseline' | 'progressive' | 'restarts', Uint8Array> = {
  baseline: new Uint8Array(),
  progressive: new Uint8Array(),
  restarts: encodeBaselineJpeg({
    width: 24,
    height: 16,
    components: [[2, 2], [1, 1], [1, 1]],
    restartInterval: 1,
    samples: (x, y) => [x * 10, y * 15, 99],
  }),
};

/** A 40×24 gradient as libjpeg-turbo writes it, 4:2:0. */
async function smallSharpJpeg(progressive: boolean): Promise<Uint8Array> {
  const raw = Buffer.alloc(40 * 24 * 3);
  for (let i = 0; i < 40 * 24; i++) raw.set([(i * 7) & 255, (i >> 2) & 255, 200 - (i % 40) * 4], i * 3);
  const out = await sharp(raw, { raw: { width: 40, height: 24, channels: 3 } }).jpeg({ quality: 80, progressive }).toBuffer();
  return new Uint8Array(out);
}

beforeAll(async () => {
  samples.baseline = await smallSharpJpeg(false);
  samples.progressive = await smallSharpJpeg(true);
});

describe('truncation', () => {
  it.each(Object.keys(samples) as (keyof typeof samples)[])('%s cut at every 7th byte gives a raster or an ImageError', (name) => {
    const bytes = samples[name];
    const seen = new Set<string>();
    for (let end = 0; end < bytes.length; end += 7) seen.add(outcome(bytes.subarray(0, end)));
    // Cuts inside the header must be reported as truncated; cuts in the scan data decode partially.
    expect(seen.has('truncated')).toBe(true);
    expect(seen.has('decoded')).toBe(true);
  });

  it('a file cut inside its scan data still decodes to the full size (the rest left grey)', async () => {
    const bytes = samples.baseline;
    const { raster } = await decode(bytes.subarray(0, Math.floor(bytes.length * 0.8)));
    expect([raster.width, raster.height]).toEqual([40, 24]);
    // The last pixel lies in data that was cut off: libjpeg leaves such blocks mid-grey.
    expect(Array.from(raster.data.subarray(raster.data.length - 4))).toEqual([128, 128, 128, 255]);
  });
});

describe('random damage (fast-check)', () => {
  it('flipped bytes anywhere never escape as anything but an ImageError', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...(Object.keys(samples) as (keyof typeof samples)[])),
        fc.array(fc.record({ at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }), { minLength: 1, maxLength: 12 }),
        (name, edits) => {
          const bytes = samples[name].slice();
          for (const { at, value } of edits) bytes[at % bytes.length] = value;
          outcome(bytes);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('garbage after a valid SOI never escapes as anything but an ImageError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (tail) => {
        outcome(new Uint8Array([0xff, 0xd8, ...tail]));
      }),
      { numRuns: 300 },
    );
  });

  it('a header spliced onto random scan bytes decodes or fails cleanly, mostly decoding', () => {
    const sos = samples.restarts.findIndex((b, i) => b === 0xff && samples.restarts[i + 1] === 0xda);
    const header = samples.restarts.subarray(0, sos + 14);
    const seen: string[] = [];
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 400 }), (scan) => {
        seen.push(outcome(new Uint8Array([...header, ...scan])));
      }),
      { numRuns: 200 },
    );
    // Random bytes are mostly valid-looking entropy data: most must decode (tolerantly), not fail.
    expect(seen.filter((o) => o === 'decoded').length).toBeGreaterThan(seen.length / 2);
  });
});

describe('resource limits', () => {
  it('refuses a file that repeats scan headers hundreds of times as corrupt', () => {
    const bytes = samples.restarts;
    const sos = bytes.findIndex((b, i) => b === 0xff && bytes[i + 1] === 0xda);
    const scanHeader = Array.from(bytes.subarray(sos, sos + 14));
    const repeated: number[] = Array.from(bytes.subarray(0, sos));
    // 600 scans of one data byte each: a 9 KB file asking for 600 passes over the picture.
    for (let i = 0; i < 600; i++) repeated.push(...scanHeader, 0x00);
    repeated.push(0xff, 0xd9);
    expect(outcome(new Uint8Array(repeated))).toBe('corrupt');
  });
});
