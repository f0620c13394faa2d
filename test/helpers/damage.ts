/**
 * Shared checks that damaged input fails only in the typed way: every decoder promises an
 * ImageError for bad bytes, never a RangeError, a hang or a crash.
 */
import fc from 'fast-check';
import { decode } from '../../src/imaging/decode.js';
import { ImageError } from '../../src/imaging/errors.js';

/** Awaits a promise that must reject with an ImageError, and returns that error. */
export async function rejection(p: Promise<unknown>): Promise<ImageError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ImageError) return err;
    throw new Error(`expected an ImageError, got ${String(err)}`);
  }
  throw new Error('expected a rejection, the decode succeeded');
}

/**
 * fast-check: overwriting up to `maxEdits` random bytes of `original` makes `decode` either
 * succeed or reject with an ImageError — nothing else escapes.
 */
export async function assertRandomDamageGivesOnlyImageErrors(original: Uint8Array, options: { numRuns: number; maxEdits: number }): Promise<void> {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(fc.nat(original.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: options.maxEdits }),
      async (edits) => {
        // A fresh copy each run (Buffer.slice() would be a view and let damage accumulate).
        const damaged = new Uint8Array(original);
        for (const [at, value] of edits) damaged[at] = value;
        await decode(damaged).catch((e: unknown) => {
          if (!(e instanceof ImageError)) throw e;
        });
      },
    ),
    { numRuns: options.numRuns },
  );
}
