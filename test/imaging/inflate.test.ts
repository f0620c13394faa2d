/**
 * The synchronous inflater against Node's zlib (an independent implementation): every level and
 * strategy, raw and zlib-framed, streams split across pieces; and the bounds that make it safe on
 * hostile input — the output budget, truncation, damage — never a raw exception or a hang.
 */
import { constants, deflateRawSync, deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ImageError } from '../../src/imaging/errors.js';
import { inflateInto } from '../../src/imaging/inflate.js';

/** Runs the inflater and keeps a copy of every piece (pieces are only valid during the call). */
function inflateAll(pieces: Uint8Array[], maxOutput: number, format: 'deflate' | 'deflate-raw' = 'deflate') {
  const parts: Uint8Array[] = [];
  const outcome = inflateInto(pieces, maxOutput, (piece) => parts.push(piece.slice()), format);
  return { ...outcome, bytes: Buffer.concat(parts) };
}

const STRATEGIES = [constants.Z_DEFAULT_STRATEGY, constants.Z_FILTERED, constants.Z_FIXED, constants.Z_HUFFMAN_ONLY, constants.Z_RLE];

/** Data that deflate codes in every way: noise, few symbols, short-period runs, long repeats. */
const compressible = fc.oneof(
  fc.uint8Array({ maxLength: 3000 }),
  fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 6000 }).map((a) => Uint8Array.from(a)),
  fc
    .tuple(fc.uint8Array({ minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 40_000 }))
    .map(([pattern, n]) => Uint8Array.from({ length: n }, (_, i) => pattern[i % pattern.length]!)),
  fc.tuple(fc.uint8Array({ minLength: 1, maxLength: 2000 }), fc.integer({ min: 1, max: 60 })).map(([block, times]) => {
    const out = new Uint8Array(block.length * times);
    for (let t = 0; t < times; t++) out.set(block, t * block.length);
    return out;
  }),
);

describe('inflateInto', () => {
  it('inflates what Node deflates, at every level and strategy, split anywhere', () => {
    fc.assert(
      fc.property(compressible, fc.integer({ min: 0, max: 9 }), fc.constantFrom(...STRATEGIES), fc.boolean(), fc.nat(), (data, level, strategy, raw, cut) => {
        const z = new Uint8Array(raw ? deflateRawSync(data, { level, strategy }) : deflateSync(data, { level, strategy }));
        const at = z.length === 0 ? 0 : cut % z.length;
        const { produced, failure, bytes } = inflateAll([z.subarray(0, at), z.subarray(at)], data.length, raw ? 'deflate-raw' : 'deflate');
        expect(failure).toBeUndefined();
        expect(produced).toBe(data.length);
        expect(bytes.equals(Buffer.from(data))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('carries matches across the output window (more than 512 KiB, long-distance repeats)', () => {
    const block = Uint8Array.from({ length: 30_000 }, (_, i) => (i * 2654435761) >>> 24);
    const data = new Uint8Array(3_000_000);
    for (let at = 0; at < data.length; at += block.length) data.set(block.subarray(0, Math.min(block.length, data.length - at)), at);
    for (let i = 0; i < data.length; i += 997) data[i] = i & 255;
    const { produced, failure, bytes } = inflateAll([new Uint8Array(deflateSync(data))], data.length);
    expect([produced, failure]).toEqual([data.length, undefined]);
    expect(bytes.equals(Buffer.from(data))).toBe(true);
  });

  it('fills one-byte runs of every value, across the output window, exactly', () => {
    // Runs of one byte (distance-1 matches, mostly 258 long) are filled in one step; runs of
    // changing values and lengths over 1.5 MB check that the byte, start and end are right.
    const data = new Uint8Array(1_500_000);
    for (let at = 0, k = 0; at < data.length; k++) {
      const n = Math.min(data.length - at, 1 + ((k * 7919) % 1500));
      data.fill((k * 37 + 1) & 255, at, at + n);
      at += n;
    }
    for (const strategy of [constants.Z_DEFAULT_STRATEGY, constants.Z_RLE]) {
      const { produced, failure, bytes } = inflateAll([new Uint8Array(deflateSync(data, { strategy }))], data.length);
      expect([produced, failure]).toEqual([data.length, undefined]);
      expect(bytes.equals(Buffer.from(data))).toBe(true);
    }
  });

  it('stops a bomb with corrupt before handing over more than the budget', () => {
    const bomb = new Uint8Array(deflateSync(new Uint8Array(20_000_000)));
    let received = 0;
    let error: unknown;
    try {
      inflateInto([bomb], 100_000, (piece) => (received += piece.length));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ImageError);
    expect((error as ImageError).code).toBe('corrupt');
    expect(received).toBeLessThanOrEqual(100_000);
  });

  it('reports a stream cut short as a failure after the bytes it did hold', () => {
    const data = Uint8Array.from({ length: 200_000 }, (_, i) => (i * 31) ^ (i >> 7));
    const z = new Uint8Array(deflateSync(data));
    for (const keep of [0, 1, 2, 3, 10, z.length >> 1, z.length - 5]) {
      const { produced, failure, bytes } = inflateAll([z.subarray(0, keep)], data.length);
      expect(failure, `cut at ${keep}`).toMatch(/end of file/);
      // Only the last cut may leave every data byte decoded (it takes the end-of-block code and the trailer).
      if (keep < z.length >> 1) expect(produced).toBeLessThan(data.length);
      expect(bytes.equals(Buffer.from(data.subarray(0, produced)))).toBe(true);
    }
  });

  it('turns any damage into a failure or a budget error, never a raw exception or a hang', () => {
    const data = Uint8Array.from({ length: 20_000 }, (_, i) => (i % 97 < 40 ? 7 : (i * 13) & 255));
    const z = new Uint8Array(deflateSync(data));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 6 }), (hits) => {
        const damaged = Uint8Array.from(z);
        for (const [at, flip] of hits) damaged[at % damaged.length]! ^= flip;
        try {
          const { produced } = inflateInto([damaged], data.length, () => undefined);
          expect(produced).toBeLessThanOrEqual(data.length);
        } catch (err) {
          expect(err).toBeInstanceOf(ImageError);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('refuses a bad zlib header and a dictionary it does not have', () => {
    expect(inflateInto([Uint8Array.of(0x00, 0x00, 0x03, 0x00)], 10, () => undefined).failure).toMatch(/header/);
    expect(inflateInto([Uint8Array.of(0x78, 0xbb, 0, 0, 0, 0)], 10, () => undefined).failure).toMatch(/dictionary/);
  });

  it('passes a consumer error through', () => {
    const boom = new ImageError('corrupt', 'consumer says no');
    expect(() =>
      inflateInto([new Uint8Array(deflateSync(new Uint8Array(1000)))], 1000, () => {
        throw boom;
      }),
    ).toThrow(boom);
  });
});
