import { deflateRawSync, deflateSync, inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ImageError } from '../../src/imaging/errors.js';
import { deflate, inflateStream } from '../../src/imaging/zlib.js';

/** The whole output of a platform inflate, or its complaint. */
async function inflateAll(data: Uint8Array, maxOutput: number, format: 'deflate' | 'deflate-raw' = 'deflate') {
  const pieces: Uint8Array[] = [];
  const { produced, failure } = await inflateStream([data], maxOutput, (piece) => pieces.push(piece), format);
  return { bytes: Buffer.concat(pieces), produced, failure };
}

describe('zlib over web streams', () => {
  it('inflates what Node deflates and the other way round', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 5000 }), async (data) => {
        expect((await inflateAll(new Uint8Array(deflateSync(data)), data.length)).bytes.equals(Buffer.from(data))).toBe(true);
        expect(Buffer.from(inflateSync(await deflate([data]))).equals(Buffer.from(data))).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('handles raw deflate', async () => {
    const text = new TextEncoder().encode('raw deflate '.repeat(50));
    expect((await inflateAll(new Uint8Array(deflateRawSync(text)), text.length, 'deflate-raw')).bytes.toString()).toBe('raw deflate '.repeat(50));
  });

  it('never hands the consumer more than the limit, and stops a bomb with corrupt', async () => {
    const bomb = new Uint8Array(deflateSync(new Uint8Array(8_000_000)));
    let received = 0;
    const err = await inflateStream([bomb], 10_000, (piece) => {
      received += piece.length;
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageError);
    expect((err as ImageError).code).toBe('corrupt');
    expect(received).toBeLessThanOrEqual(10_000);
  });

  it('reports truncated, damaged and badly summed streams as a failure, not a raw error', async () => {
    const data = new Uint8Array(10_000).map((_, i) => i * 7);
    const z = new Uint8Array(deflateSync(data));
    const cut = await inflateAll(z.subarray(0, z.length >> 1), 10_000);
    expect(cut.produced).toBeLessThan(10_000);
    const damaged = Uint8Array.from(z);
    damaged[0] = 0x00; // not a zlib header
    expect((await inflateAll(damaged, 10_000)).failure).toBeDefined();
    const badSum = Uint8Array.from(z);
    badSum[badSum.length - 1]! ^= 1;
    // How much output comes before the complaint differs between runtimes; the complaint does not.
    expect((await inflateAll(badSum, 10_000)).failure).toBeDefined();
  });

  it('passes a consumer error through and stops', async () => {
    const z = new Uint8Array(deflateSync(new Uint8Array(100_000)));
    const boom = new ImageError('corrupt', 'consumer says no');
    await expect(inflateStream([z], 100_000, () => { throw boom; })).rejects.toBe(boom);
  });
});
