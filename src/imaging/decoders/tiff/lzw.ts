/**
 * TIFF's LZW (compression 5): codes of 9–12 bits, most significant bit first, with the code width
 * growing one code early ("early change") as TIFF 6.0 specifies.
 */
import { ImageError } from '../../errors.js';

const CLEAR = 256;
const END_OF_INFORMATION = 257;
const FIRST_FREE = 258;
/** Codes never exceed 12 bits. */
const MAX_CODES = 4096;

/**
 * Decodes one strip or tile into exactly `expected` bytes. Throws `corrupt` when the data would
 * produce more (the directory understated the block) or fewer bytes, or holds an impossible code.
 *
 * @example
 * ```ts
 * const rows = decodeTiffLzw(strip, rowsPerStrip * rowBytes);
 * ```
 */
export function decodeTiffLzw(input: Uint8Array, expected: number): Uint8Array {
  if (input.length >= 2 && input[0] === 0 && (input[1]! & 1) === 1) {
    throw new ImageError('unsupported_format', 'The TIFF uses the pre-6.0 (LSB-first) LZW variant, which is not decoded.');
  }
  const out = new Uint8Array(expected);
  // Each table entry is a prefix code plus one byte; lengths let us write strings back to front.
  const prefix = new Uint16Array(MAX_CODES);
  const suffix = new Uint8Array(MAX_CODES);
  const length = new Uint16Array(MAX_CODES);
  // First byte of each entry's string, kept so the KwKwK case and new entries need no chain walk.
  const first = new Uint8Array(MAX_CODES);
  for (let i = 0; i < 256; i++) {
    suffix[i] = i;
    length[i] = 1;
    first[i] = i;
  }
  let pos = 0;
  let bitBuffer = 0;
  let bitCount = 0;
  let inputPos = 0;
  let width = 9;
  let next = FIRST_FREE;
  let previous = -1;

  while (true) {
    while (bitCount < width && inputPos < input.length) {
      bitBuffer = ((bitBuffer << 8) | input[inputPos++]!) & 0xffffff;
      bitCount += 8;
    }
    // Ran out of input without an end code: accept it when the block is complete (many writers do).
    if (bitCount < width) break;
    const code = (bitBuffer >>> (bitCount - width)) & ((1 << width) - 1);
    bitCount -= width;
    if (code === END_OF_INFORMATION) break;
    if (code === CLEAR) {
      width = 9;
      next = FIRST_FREE;
      previous = -1;
      continue;
    }
    let emitted: number;
    if (previous === -1) {
      if (code > 255) throw new ImageError('corrupt', `The TIFF LZW data starts with code ${code}.`);
      emitted = code;
    } else if (code < next) {
      emitted = code;
      if (next < MAX_CODES) addEntry(previous, first[code]!);
    } else if (code === next && next < MAX_CODES) {
      // The KwKwK case: the new string is the previous one plus its own first byte.
      addEntry(previous, first[previous]!);
      emitted = code;
    } else {
      throw new ImageError('corrupt', `The TIFF LZW data holds code ${code} before it was defined.`);
    }
    const n = length[emitted]!;
    if (pos + n > expected) {
      throw new ImageError('corrupt', `A TIFF LZW block decodes to more than the ${expected} bytes its directory entry allows.`);
    }
    let c = emitted;
    for (let i = n - 1; i >= 0; i--) {
      out[pos + i] = suffix[c]!;
      c = prefix[c]!;
    }
    pos += n;
    previous = emitted;
    // Early change: widen when the next code to assign would need the wider width.
    if (next + 1 >= 1 << width && width < 12) width++;
  }
  if (pos < expected) {
    throw new ImageError('corrupt', `A TIFF LZW block decodes to ${pos} bytes; its directory entry promises ${expected}.`);
  }
  return out;

  function addEntry(base: number, byte: number): void {
    prefix[next] = base;
    suffix[next] = byte;
    length[next] = length[base]! + 1;
    first[next] = first[base]!;
    next++;
  }
}
