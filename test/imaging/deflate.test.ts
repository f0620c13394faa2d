/**
 * The TypeScript compressor checked by Node's zlib (an independent inflater that also verifies
 * the Adler-32 trailer): data of every kind deflate meets, aligned and unaligned, many blocks,
 * and symbol statistics skewed enough to need the 15-bit code length limit.
 */
import { inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deflateFast } from '../../src/imaging/deflate.js';

function roundTrips(data: Uint8Array): void {
  const z = deflateFast(data);
  expect(Buffer.from(inflateSync(z)).equals(Buffer.from(data))).toBe(true);
}

const compressible = fc.oneof(
  fc.uint8Array({ maxLength: 4000 }),
  fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 8000 }).map((a) => Uint8Array.from(a)),
  fc
    .tuple(fc.uint8Array({ minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 40_000 }))
    .map(([pattern, n]) => Uint8Array.from({ length: n }, (_, i) => pattern[i % pattern.length]!)),
  fc.tuple(fc.uint8Array({ minLength: 1, maxLength: 3000 }), fc.integer({ min: 1, max: 30 }), fc.nat(255)).map(([block, times, noise]) => {
    const out = new Uint8Array(block.length * times);
    for (let t = 0; t < times; t++) out.set(block, t * block.length);
    for (let i = noise; i < out.length; i += 256) out[i] = i & 255;
    return out;
  }),
);

describe('deflateFast', () => {
  it('round-trips through zlib, at any byte offset', () => {
    fc.assert(
      fc.property(compressible, fc.integer({ min: 0, max: 3 }), (data, offset) => {
        const shifted = new Uint8Array(data.length + offset).subarray(offset);
        shifted.set(data);
        roundTrips(shifted);
      }),
      { numRuns: 250 },
    );
  });

  it('writes an empty stream and one-byte streams', () => {
    roundTrips(new Uint8Array(0));
    roundTrips(Uint8Array.of(0));
    roundTrips(Uint8Array.of(255));
  });

  it('spans many blocks and the whole window on a large filtered-screenshot-like buffer', () => {
    const rowLength = 4705;
    const data = new Uint8Array(rowLength * 300);
    for (let y = 0; y < 300; y++) {
      data[y * rowLength] = y % 5 === 0 ? 1 : 2;
      if (y % 7 < 3) for (let x = 1; x < rowLength; x += 1 + (y % 11)) data[y * rowLength + x] = (x * y) & 255;
    }
    roundTrips(data);
    expect(deflateFast(data).length).toBeLessThan(data.length / 4);
  });

  it('codes matches from the far end of the window (distances with 12 and 13 extra bits)', () => {
    let s = 99;
    const noise = () => ((s = (Math.imul(s, 1103515245) + 12345) | 0) >>> 16) & 255;
    const data = new Uint8Array(400_000);
    for (let i = 0; i < data.length; i++) {
      const distance = 16_385 + ((i >> 9) % 16_000);
      data[i] = i >= distance && i % 64 < 48 ? data[i - distance]! : noise();
    }
    roundTrips(data);
  });

  it('keeps code lengths within 15 bits when symbol counts grow like Fibonacci numbers', () => {
    const counts = [1, 1];
    while (counts.length < 26) counts.push(counts[counts.length - 1]! + counts[counts.length - 2]!);
    const bytes: number[] = [];
    counts.forEach((c, symbol) => {
      for (let k = 0; k < Math.min(c, 20_000); k++) bytes.push(symbol * 9 + (k % 2));
    });
    // Shuffle deterministically so matches do not hide the literal statistics.
    let s = 7;
    for (let i = bytes.length - 1; i > 0; i--) {
      s = (Math.imul(s, 1103515245) + 12345) | 0;
      const j = (s >>> 8) % (i + 1);
      [bytes[i], bytes[j]] = [bytes[j]!, bytes[i]!];
    }
    roundTrips(Uint8Array.from(bytes));
  });
});
