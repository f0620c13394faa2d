/**
 * Huffman tables (DHT) prepared for fast decoding: codes up to LOOKUP_BITS long resolve with one
 * table read; longer ones fall back to the canonical per-length ranges.
 */
import { corrupt } from './markers.js';

/**
 * Codes up to 9 bits cover nearly every symbol in real files, but `fast` needs the code and its
 * value bits together within LOOKUP_BITS: at 11 (2048 entries, 8 KB per fast table, still in L1)
 * more coefficients decode in one read. 9 -> 11 made the 25 MP photo's 1/8 decode (almost all
 * Huffman) 1.12x faster (48.1 -> 43.1 ms CPU); 10 and 12 measured the same as 11 within ±2 %.
 */
export const LOOKUP_BITS = 11;

export class HuffmanTable {
  /** Indexed by the next LOOKUP_BITS bits: (code length << 8) | symbol, or 0 when the code is longer. */
  readonly lookup = new Uint16Array(1 << LOOKUP_BITS);
  /** Per code length 1–16: the largest code of that length, or -1 when there is none. */
  readonly maxCode = new Int32Array(18).fill(-1);
  /** Per code length: index into `symbols` of the first code of that length, minus that code. */
  readonly valueOffset = new Int32Array(18);
  readonly symbols: Uint8Array;
  /**
   * Indexed like `lookup`, for a code whose code and s value bits (s = the symbol's low nibble, the
   * size) together fit in LOOKUP_BITS: (value << 16) | (run << 8) | (bits used << 4) | s, bits used
   * being the code length + s (what the decoder consumes, in one field: two operations fewer per
   * coefficient than adding length and s), the value
   * already sign-extended (0 when s = 0: an AC table's end of block or run of 16 zeros, a DC table's
   * zero difference); 0 when the code is longer. One read then decodes a whole coefficient.
   */
  readonly fast = new Int32Array(1 << LOOKUP_BITS);

  /** `counts[i]` is the number of codes of length i + 1; `symbols` in code order. */
  constructor(counts: Uint8Array, symbols: Uint8Array) {
    this.symbols = symbols;
    let code = 0;
    let k = 0;
    for (let length = 1; length <= 16; length++) {
      const n = counts[length - 1]!;
      if (n > 0) {
        this.valueOffset[length] = k - code;
        for (let i = 0; i < n; i++, k++, code++) {
          if (length <= LOOKUP_BITS) {
            // Every LOOKUP_BITS-bit pattern that starts with this code resolves to it.
            const shift = LOOKUP_BITS - length;
            const base = code << shift;
            const entry = (length << 8) | symbols[k]!;
            for (let j = 0; j < 1 << shift; j++) this.lookup[base + j] = entry;
          }
        }
        this.maxCode[length] = code - 1;
        // A code that no longer fits in `length` bits means the counts describe an impossible tree.
        if (code > 1 << length) throw corrupt('a Huffman table (DHT) declares more codes than its lengths allow');
      }
      code <<= 1;
    }
    for (let bits = 0; bits < 1 << LOOKUP_BITS; bits++) {
      const entry = this.lookup[bits]!;
      const length = entry >> 8;
      const size = entry & 15;
      if (entry === 0 || length + size > LOOKUP_BITS) continue;
      if (size === 0) {
        this.fast[bits] = ((entry & 0xf0) << 4) | (length << 4);
        continue;
      }
      const raw = (bits >> (LOOKUP_BITS - length - size)) & ((1 << size) - 1);
      // The "extend" step of F.2.2.1: a leading 0 bit means a negative value.
      const value = raw < 1 << (size - 1) ? raw - (1 << size) + 1 : raw;
      this.fast[bits] = (value << 16) | ((entry & 0xf0) << 4) | ((length + size) << 4) | size;
    }
  }
}

/**
 * Parses every table in a DHT body `bytes[start, end)` into `dc`/`ac` (indexed by table id 0–3).
 */
export function parseHuffmanTables(
  bytes: Uint8Array,
  start: number,
  end: number,
  dc: (HuffmanTable | null)[],
  ac: (HuffmanTable | null)[],
): void {
  let at = start;
  while (at < end) {
    if (at + 17 > end) throw corrupt('a Huffman table (DHT) is shorter than its header');
    const tableClass = bytes[at]! >> 4;
    const id = bytes[at]! & 15;
    if (tableClass > 1 || id > 3) throw corrupt(`a Huffman table (DHT) has class ${tableClass} and id ${id}`);
    const counts = bytes.subarray(at + 1, at + 17);
    let total = 0;
    for (let i = 0; i < 16; i++) total += counts[i]!;
    // 256 symbols is the most an 8-bit alphabet can hold.
    if (total > 256 || at + 17 + total > end) throw corrupt('a Huffman table (DHT) declares more symbols than it holds');
    const table = new HuffmanTable(counts, bytes.slice(at + 17, at + 17 + total));
    (tableClass === 0 ? dc : ac)[id] = table;
    at += 17 + total;
  }
}
