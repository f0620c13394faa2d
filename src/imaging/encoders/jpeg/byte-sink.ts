/**
 * A growable output buffer with the bit-level writer of JPEG entropy-coded data: bits are packed
 * most significant first, and every 0xFF byte produced is followed by a stuffed 0x00 so a decoder
 * never mistakes data for a marker.
 */
export class ByteSink {
  private buffer: Uint8Array;
  private pos = 0;
  /** Pending bits, right-aligned; fewer than 8 between calls, so one write of ≤ 24 bits fits in 31. */
  private bits = 0;
  private bitCount = 0;

  constructor(initialCapacity: number) {
    this.buffer = new Uint8Array(Math.max(1024, initialCapacity));
  }

  /** Makes room for `bytes` more bytes (doubling, so growth is amortised O(1)). */
  ensure(bytes: number): void {
    const needed = this.pos + bytes;
    if (needed <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < needed) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.buffer.subarray(0, this.pos));
    this.buffer = grown;
  }

  byte(value: number): void {
    this.ensure(1);
    this.buffer[this.pos++] = value;
  }

  u16(value: number): void {
    this.ensure(2);
    this.buffer[this.pos++] = value >>> 8;
    this.buffer[this.pos++] = value & 0xff;
  }

  bytes(values: ArrayLike<number>): void {
    this.ensure(values.length);
    for (let i = 0; i < values.length; i++) this.buffer[this.pos++] = values[i]!;
  }

  /**
   * Appends the low `count` (≤ 24) bits of `value`. The caller reserves space with `ensure` once
   * per block, not per call, so this stays a handful of integer operations.
   */
  writeBits(value: number, count: number): void {
    let bits = (this.bits << count) | value;
    let bitCount = this.bitCount + count;
    const buffer = this.buffer;
    while (bitCount >= 8) {
      bitCount -= 8;
      const byte = (bits >>> bitCount) & 0xff;
      buffer[this.pos++] = byte;
      if (byte === 0xff) buffer[this.pos++] = 0;
    }
    this.bits = bits & ((1 << bitCount) - 1);
    this.bitCount = bitCount;
  }

  /** Pads the last partial byte with 1 bits, as T.81 F.1.2.3 asks before a marker. */
  flushBits(): void {
    if (this.bitCount > 0) this.writeBits((1 << (8 - this.bitCount)) - 1, 8 - this.bitCount);
  }

  /** A right-sized copy of the bytes written (so the oversized working buffer can be collected). */
  result(): Uint8Array {
    return this.buffer.slice(0, this.pos);
  }
}
