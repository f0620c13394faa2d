/**
 * Huffman coding of quantised blocks straight into the output bytes.
 *
 * The bit state lives in locals for the whole block (loaded from and stored back to the writer
 * once per block, not per symbol), bits are gathered in a 32-bit accumulator and leave four bytes
 * at a time, and the 0xFF-stuffing check is one word-wide test for those four bytes instead of a
 * compare per byte. Code and value bits are sent as one symbol (≤ 27 bits), so a nonzero
 * coefficient costs one accumulator step.
 */
import { buildHuffmanCodes } from './huffman.js';
import { ZIGZAG, type HuffmanSpec } from './tables.js';
import { withRoom } from './byte-sink.js';

/**
 * Packed Huffman table: entry = code << 5 | length (codes ≤ 16 bits, lengths ≤ 16, so 21 bits);
 * one typed-array load gives both.
 */
export function packHuffman(spec: HuffmanSpec): Int32Array {
  const { code, length } = buildHuffmanCodes(spec);
  const table = new Int32Array(256);
  for (let symbol = 0; symbol < 256; symbol++) table[symbol] = (code[symbol]! << 5) | length[symbol]!;
  return table;
}

/** Largest magnitude a baseline AC coefficient may take (category 10); guards quality 100 overshoot. */
const MAX_AC = 1023;

/**
 * Worst case bytes for one block: 64 symbols × 27 bits, doubled for 0xFF stuffing, plus the four
 * accumulator bytes; callers reserve this per block (×6 per MCU) so the coder never checks capacity.
 */
export const BLOCK_RESERVE = Math.ceil((64 * 27 * 2) / 8) + 8;

/** Growable output with a 32-bit bit accumulator; fields are public so the block coder can load them into locals. */
export class EntropyWriter {
  buffer: Uint8Array;
  pos: number;
  /** Pending bits, right-aligned in the low (32 − free) bits; higher bits are stale and shift out. */
  acc = 0;
  /** Free bit slots left in the accumulator (1–32). */
  free = 32;

  /** Starts with `head` (the marker segments) already in place. */
  constructor(head: Uint8Array, capacity: number) {
    this.buffer = new Uint8Array(Math.max(capacity, head.length + 1024));
    this.buffer.set(head);
    this.pos = head.length;
  }

  /** Makes room for `bytes` more bytes. */
  ensure(bytes: number): void {
    this.buffer = withRoom(this.buffer, this.pos, bytes);
  }

  /**
   * Pads the pending bits to a byte with 1 bits (T.81 F.1.2.3), emits them with stuffing, appends
   * EOI and returns a right-sized copy.
   */
  finish(): Uint8Array {
    this.ensure(16);
    const buffer = this.buffer;
    let pos = this.pos;
    let pending = 32 - this.free;
    let acc = this.acc;
    if (pending & 7) {
      const pad = 8 - (pending & 7);
      acc = (acc << pad) | ((1 << pad) - 1);
      pending += pad;
    }
    while (pending > 0) {
      pending -= 8;
      const byte = (acc >>> pending) & 0xff;
      buffer[pos++] = byte;
      if (byte === 0xff) buffer[pos++] = 0;
    }
    buffer[pos++] = 0xff;
    buffer[pos++] = 0xd9; // EOI
    return buffer.slice(0, pos);
  }
}

/** Writes a full accumulator word big-endian, stuffing a 0x00 after each 0xFF byte. Returns the new position. */
function putWord(buffer: Uint8Array, pos: number, word: number): number {
  // A 0xFF byte in word is a zero byte in ~word; (v − 0x01010101) & ~v & 0x80808080 is nonzero
  // exactly when v has a zero byte. Word-wide, so the common case costs no per-byte branches.
  if ((((~word - 0x01010101) & word & 0x80808080) | 0) === 0) {
    buffer[pos] = word >>> 24;
    buffer[pos + 1] = word >>> 16;
    buffer[pos + 2] = word >>> 8;
    buffer[pos + 3] = word;
    return pos + 4;
  }
  for (let shift = 24; shift >= 0; shift -= 8) {
    const byte = (word >>> shift) & 0xff;
    buffer[pos++] = byte;
    if (byte === 0xff) buffer[pos++] = 0;
  }
  return pos;
}

/**
 * Huffman-codes one block of quantised coefficients in natural order (`zz`, read in zig-zag order), DC as the difference
 * from `previousDc`, and returns this block's DC (the next predictor). The caller has reserved
 * BLOCK_RESERVE bytes. Coefficients from zig-zag position `end` on are known to be zero.
 */
export function codeBlock(w: EntropyWriter, zz: Int32Array, end: number, previousDc: number, dcTable: Int32Array, acTable: Int32Array): number {
  const buffer = w.buffer;
  let pos = w.pos;
  let acc = w.acc;
  let free = w.free;
  let bits: number;
  let n: number;

  // DC difference: category from the bit length, then the value bits (negatives as diff − 1 in
  // `size` bits, T.81 F.1.2.1), sent together with the code.
  const dcValue = zz[0]!;
  const diff = dcValue - previousDc;
  {
    const magnitude = diff < 0 ? -diff : diff;
    const size = 32 - Math.clz32(magnitude);
    const entry = dcTable[size]!;
    const valueBits = (diff < 0 ? diff - 1 : diff) & ((1 << size) - 1);
    bits = ((entry >>> 5) << size) | valueBits;
    n = (entry & 31) + size;
    if (n < free) {
      acc = (acc << n) | bits;
      free -= n;
    } else {
      const rest = n - free;
      pos = putWord(buffer, pos, (acc << free) | (bits >>> rest));
      acc = bits;
      free = 32 - rest;
    }
  }

  // Zeros only extend the run: ZRL is sent only when a nonzero follows, and zeros still pending at
  // the end are covered by EOB, so there is no separate search for the last nonzero coefficient.
  const order = ZIGZAG;
  let run = 0;
  for (let k = 1; k < end; k++) {
    let v = zz[order[k]!]!;
    if (v === 0) {
      run++;
      continue;
    }
    while (run > 15) {
      const zrl = acTable[0xf0]!; // ZRL: sixteen zeros
      bits = zrl >>> 5;
      n = zrl & 31;
      if (n < free) {
        acc = (acc << n) | bits;
        free -= n;
      } else {
        const rest = n - free;
        pos = putWord(buffer, pos, (acc << free) | (bits >>> rest));
        acc = bits;
        free = 32 - rest;
      }
      run -= 16;
    }
    if (v > MAX_AC) v = MAX_AC;
    else if (v < -MAX_AC) v = -MAX_AC;
    const magnitude = v < 0 ? -v : v;
    const size = 32 - Math.clz32(magnitude);
    const entry = acTable[(run << 4) | size]!;
    bits = ((entry >>> 5) << size) | ((v < 0 ? v - 1 : v) & ((1 << size) - 1));
    n = (entry & 31) + size;
    if (n < free) {
      acc = (acc << n) | bits;
      free -= n;
    } else {
      const rest = n - free;
      pos = putWord(buffer, pos, (acc << free) | (bits >>> rest));
      acc = bits;
      free = 32 - rest;
    }
    run = 0;
  }
  if (run > 0 || end < 64) {
    const eob = acTable[0]!;
    bits = eob >>> 5;
    n = eob & 31;
    if (n < free) {
      acc = (acc << n) | bits;
      free -= n;
    } else {
      const rest = n - free;
      pos = putWord(buffer, pos, (acc << free) | (bits >>> rest));
      acc = bits;
      free = 32 - rest;
    }
  }
  w.pos = pos;
  w.acc = acc;
  w.free = free;
  return dcValue;
}
