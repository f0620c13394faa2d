/**
 * Reads the entropy-coded bits of a scan: removes stuffed zero bytes (FF 00) and stops at the next
 * marker. Past a marker or the end of the data it supplies zero bits and remembers that it did,
 * so the decoder can leave the rest of the interval blank, as libjpeg does, instead of failing.
 */
import * as huffmanModule from './huffman.js';
import type { HuffmanTable } from './huffman.js';
// A module-level copy: TurboFan folds a module's own `const`s but re-reads an imported binding at every use (see color-420.ts).
const { LOOKUP_BITS } = huffmanModule;

export class BitReader {
  /**
   * Up to 32 buffered bits, the next one at bit `count - 1`. Public for scan.ts's sequential block
   * decoder, which keeps both in locals for a whole block and writes them back (see there).
   */
  buffer = 0;
  count = 0;
  /** How many zero bits were supplied after the data ran out; they sit at the bottom of `buffer`. */
  private padding = 0;
  /** True once a code that matches no Huffman code was seen (the data is damaged). */
  badCode = false;

  /**
   * No byte from `position` up to here is 0xFF (the next 0xFF, or the end of the data): the
   * block decoders in scan.ts read two bytes at a time inline while `position + 1 < safe`, without
   * fill()'s per-byte tests for stuffing, markers and the end. 0 until fill() first finds it.
   */
  safe = 0;

  constructor(
    /** The file; public for scan.ts's inline refill (see `safe`). */
    readonly data: Uint8Array,
    /** Index of the next byte to read. */
    public position: number,
  ) {}

  /** True once the decoder has used bits that were not in the file. */
  exhausted(): boolean {
    return this.count < this.padding;
  }

  /** Tops the buffer up to more than 24 bits. */
  fill(): void {
    // Locals, written back once: the loop runs once per byte of the scan.
    const data = this.data;
    const length = data.length;
    let buffer = this.buffer;
    let count = this.count;
    let position = this.position;
    let padding = this.padding;
    while (count <= 24) {
      let byte = 0;
      if (padding === 0 && position < length) {
        byte = data[position]!;
        if (byte !== 0xff) {
          position++;
        } else if (position + 1 < length && data[position + 1] === 0x00) {
          position += 2; // a stuffed zero byte
        } else {
          byte = 0; // a marker (or the end): stay on it, supply zeros from now on
          padding = 8;
        }
      } else {
        padding += 8;
      }
      buffer = (buffer << 8) | byte;
      count += 8;
    }
    this.buffer = buffer;
    this.count = count;
    this.position = position;
    this.padding = padding;
    if (position >= this.safe && padding === 0) {
      // Past the last 0xFF found (stuffed, or a marker being reached): look for the next one.
      const next = data.indexOf(0xff, position);
      this.safe = next < 0 ? length : next;
    }
  }

  /** Discards buffered bits, e.g. at a restart marker; `position` is where reading resumes. */
  reset(position: number): void {
    this.buffer = 0;
    this.count = 0;
    this.padding = 0;
    this.position = position;
    this.safe = 0;
  }

  /** Marks the data as used up: every further read supplies zeros and `exhausted()` is true. */
  exhaust(): void {
    this.count = 0;
    this.padding = 1;
    this.safe = 0;
  }

  /** Reads `n` (0–16) bits as an unsigned number. */
  bits(n: number): number {
    if (this.count < n) this.fill();
    this.count -= n;
    return (this.buffer >>> this.count) & ((1 << n) - 1);
  }

  bit(): number {
    if (this.count < 1) this.fill();
    this.count--;
    return (this.buffer >>> this.count) & 1;
  }

  /** Reads `n` bits as a JPEG magnitude category value (the "extend" step of F.2.2.1). */
  receiveExtend(n: number): number {
    if (n === 0) return 0;
    if (n > 16) n = 16; // impossible in valid data; keeps the shift arithmetic defined
    const value = this.bits(n);
    return value < 1 << (n - 1) ? value - (1 << n) + 1 : value;
  }

  /** The next LOOKUP_BITS bits, not consumed: an index into a table's `lookup` or `fast`. */
  peek(): number {
    if (this.count < 16) this.fill();
    return (this.buffer >>> (this.count - LOOKUP_BITS)) & ((1 << LOOKUP_BITS) - 1);
  }

  /** Consumes `n` bits already seen through `peek` (n ≤ LOOKUP_BITS). */
  skip(n: number): void {
    this.count -= n;
  }

  /** Decodes one Huffman symbol; an invalid code yields 0 (libjpeg's choice) and sets `badCode`. */
  decode(table: HuffmanTable): number {
    if (this.count < 16) this.fill();
    const entry = table.lookup[(this.buffer >>> (this.count - LOOKUP_BITS)) & ((1 << LOOKUP_BITS) - 1)]!;
    if (entry !== 0) {
      this.count -= entry >> 8;
      return entry & 0xff;
    }
    for (let length = LOOKUP_BITS + 1; length <= 16; length++) {
      const code = (this.buffer >>> (this.count - length)) & ((1 << length) - 1);
      if (code <= table.maxCode[length]!) {
        this.count -= length;
        return table.symbols[table.valueOffset[length]! + code] ?? 0;
      }
    }
    this.badCode = true;
    this.count -= 16;
    return 0;
  }
}
