/**
 * The GIF flavour of LZW: variable code width from (minimum code size + 1) up to 12 bits, codes
 * packed least-significant bit first, clear and end-of-information codes, no early change.
 */
import { ImageError } from '../../errors.js';

/** GIF codes are at most 12 bits, so the string table never exceeds 4096 entries. */
const MAX_CODES = 4096;
const MAX_CODE_BITS = 12;

/** Why decoding stopped. */
export type LzwEnd = 'filled' | 'end-code' | 'data-ended';

export interface LzwResult {
  /** Pixel indices written to the output, from index 0. */
  written: number;
  end: LzwEnd;
}

/**
 * Decodes `data` (the concatenated sub-blocks of one frame) into colour indices in `out`, stopping
 * when `out` is full, at the end code, or when the data runs out — never reading or writing out of
 * bounds. A code that refers to a table entry that does not exist yet is `corrupt`.
 *
 * @example
 * ```ts
 * const indices = new Uint8Array(width * height);
 * const { written } = decodeLzw(imageData, minCodeSize, indices);
 * ```
 */
export function decodeLzw(data: Uint8Array, minCodeSize: number, out: Uint8Array): LzwResult {
  // Codes are 12 bits at most and the first code size is minCodeSize + 1, so 11 is the largest sensible value.
  if (minCodeSize < 1 || minCodeSize > MAX_CODE_BITS - 1) {
    throw new ImageError('corrupt', `The GIF frame declares an LZW minimum code size of ${minCodeSize} (valid: 2–8); the file is damaged.`);
  }
  const clearCode = 1 << minCodeSize;
  const endCode = clearCode + 1;
  /** For each code: the code of its string without the last byte (−1 for roots), last byte, first byte, length. */
  const prefix = new Int16Array(MAX_CODES);
  const suffix = new Uint8Array(MAX_CODES);
  const first = new Uint8Array(MAX_CODES);
  const length = new Uint16Array(MAX_CODES);
  for (let i = 0; i < clearCode; i++) {
    prefix[i] = -1;
    suffix[i] = i & 0xff;
    first[i] = i & 0xff;
    length[i] = 1;
  }

  let codeSize = minCodeSize + 1;
  let nextCode = endCode + 1;
  let previous = -1;
  let bits = 0;
  let bitCount = 0;
  let pos = 0;
  let written = 0;
  const capacity = out.length;

  for (;;) {
    while (bitCount < codeSize) {
      if (pos >= data.length) return { written, end: 'data-ended' };
      bits |= data[pos++]! << bitCount;
      bitCount += 8;
    }
    const code = bits & ((1 << codeSize) - 1);
    bits >>>= codeSize;
    bitCount -= codeSize;

    if (code === clearCode) {
      codeSize = minCodeSize + 1;
      nextCode = endCode + 1;
      previous = -1;
      continue;
    }
    if (code === endCode) return { written, end: 'end-code' };

    if (previous === -1) {
      if (code >= clearCode) {
        throw new ImageError('corrupt', `The GIF image data starts with LZW code ${code}, which is not defined yet; the file is damaged.`);
      }
    } else if (code > nextCode || (code === nextCode && nextCode >= MAX_CODES)) {
      throw new ImageError('corrupt', `The GIF image data uses LZW code ${code} before it is defined (next is ${nextCode}); the file is damaged.`);
    } else if (nextCode < MAX_CODES) {
      // The new entry is the previous string plus the first byte of the current one; for the
      // not-yet-defined code (code === nextCode) that first byte is the previous string's own.
      const firstByte = code === nextCode ? first[previous]! : first[code]!;
      prefix[nextCode] = previous;
      suffix[nextCode] = firstByte;
      first[nextCode] = first[previous]!;
      length[nextCode] = length[previous]! + 1;
      nextCode++;
      if (nextCode === 1 << codeSize && codeSize < MAX_CODE_BITS) codeSize++;
    }

    // Write the string backwards from its last byte, dropping what falls past the end of `out`.
    const len = length[code]!;
    let c = code;
    for (let i = written + len - 1; i >= written; i--) {
      if (i < capacity) out[i] = suffix[c]!;
      c = prefix[c]!;
    }
    written += len;
    if (written >= capacity) return { written: capacity, end: 'filled' };
    previous = code;
  }
}
