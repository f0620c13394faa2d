/** PackBits (TIFF compression 32773): a byte-oriented run-length code from the Macintosh. */
import { ImageError } from '../../errors.js';

/**
 * Expands PackBits data into exactly `expected` bytes; throws `corrupt` if it would yield more or
 * fewer.
 *
 * @example
 * ```ts
 * unpackBits(new Uint8Array([0xfe, 0xaa]), 3); // [0xaa, 0xaa, 0xaa]
 * ```
 */
export function unpackBits(input: Uint8Array, expected: number): Uint8Array {
  const out = new Uint8Array(expected);
  let pos = 0;
  let i = 0;
  while (i < input.length && pos < expected) {
    const n = (input[i++]! << 24) >> 24;
    if (n >= 0) {
      // n + 1 literal bytes follow.
      const count = n + 1;
      if (pos + count > expected) throw overflow(expected);
      if (i + count > input.length) break;
      out.set(input.subarray(i, i + count), pos);
      i += count;
      pos += count;
    } else if (n !== -128) {
      // The next byte repeated 1 - n times; -128 is a no-op.
      const count = 1 - n;
      if (pos + count > expected) throw overflow(expected);
      if (i >= input.length) break;
      out.fill(input[i++]!, pos, pos + count);
      pos += count;
    }
  }
  if (pos < expected) throw new ImageError('corrupt', `A TIFF PackBits block decodes to ${pos} bytes; its directory entry promises ${expected}.`);
  return out;
}

function overflow(expected: number): ImageError {
  return new ImageError('corrupt', `A TIFF PackBits block decodes to more than the ${expected} bytes its directory entry allows.`);
}
