import { deflateRawSync, deflateSync, inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ImageError } from '../../src/imaging/errors.js';
import { deflate, inflate, inflateStream } from '../../src/imaging/zlib.js';

describe('zlib over web streams', () => {
  it('inflates what Node deflates and the other way round', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 5000 }), async (data) => {
        expect(Buffer.from(await inflate(new Uint8Array(deflateSync(data)), data.length)).equals(Buffer.from(data))).toBe(true);
        expect(Buffer.from(inflateSync(await deflate([data]))).equals(Buffer.from(data))).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('handles raw deflate', async () => {
    const text = new TextEncoder().encode('raw deflate '.repeat(50));
    expect(new TextDecoder().decode(await inflate(new Uint8Array(deflateRawSync(text)), text.length, { format: 'deflate-raw' }))).toBe('raw deflate '.repeat(50));
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

  it('reports truncated and damaged streams without throwing raw errors', async () => {
    const z = new Uint8Array(deflateSync(new Uint8Array(10_000).map((_, i) => i * 7)));
    await expect(inflate(z.subarray(0, z.length >> 1), 10_000, { exact: true })).rejects.toMatchObject({ code: 'truncated' });
    const damaged = Uint8Array.from(z);
    damaged[0] = 0x00; // not a zlib header
    await expect(inflate(damaged, 10_000)).rejects.toMatchObject({ code: 'corrupt' });
  });

  it('refuses a damaged checksum, and accepts trailing bytes after a complete stream in exact mode', async () => {
    const data = new Uint8Array(1000).map((_, i) => i);
    const z = new Uint8Array(deflateSync(data));
    const badSum = Uint8Array.from(z);
    badSum[badSum.length - 1]! ^= 1;
    await expect(inflate(badSum, 1000)).rejects.toMatchObject({ code: 'corrupt' });
    const trailing = new Uint8Array(z.length + 4);
    trailing.set(z);
    expect(Array.from(await inflate(trailing, 1000, { exact: true }))).toEqual(Array.from(data));
  });

  it('passes a consumer error through and stops', async () => {
    const z = new Uint8Array(deflateSync(new Uint8Array(100_000)));
    const boom = new ImageError('corrupt', 'consumer says no');
    await expect(inflateStream([z], 100_000, () => { throw boom; })).rejects.toBe(boom);
  });
});
