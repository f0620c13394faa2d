import type { HuffmanSpec } from './tables.js';

/** Code and length per symbol (0–255), looked up directly while entropy coding. */
export interface HuffmanCodes {
  code: Uint16Array;
  length: Uint8Array;
}

/**
 * Assigns canonical codes to a DHT-style table (T.81 Annex C): within each length, consecutive
 * codes in symbol order; moving to the next length appends a zero bit.
 *
 * @example
 * ```ts
 * const dc = buildHuffmanCodes(LUMA_DC); // dc.length[0] === 2, dc.code[0] === 0b00
 * ```
 */
export function buildHuffmanCodes(spec: HuffmanSpec): HuffmanCodes {
  const code = new Uint16Array(256);
  const length = new Uint8Array(256);
  let next = 0;
  let k = 0;
  for (let bits = 1; bits <= 16; bits++) {
    const count = spec.counts[bits - 1]!;
    for (let i = 0; i < count; i++) {
      const symbol = spec.symbols[k++]!;
      code[symbol] = next++;
      length[symbol] = bits;
    }
    next <<= 1;
  }
  return { code, length };
}
