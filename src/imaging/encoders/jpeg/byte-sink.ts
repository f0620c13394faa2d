/**
 * A growable byte buffer for the marker segments in front of the scan (the entropy-coded data has
 * its own writer, entropy.ts).
 */
export class ByteSink {
  private buffer: Uint8Array;
  private pos = 0;

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

  /** A right-sized copy of the bytes written (so the oversized working buffer can be collected). */
  result(): Uint8Array {
    return this.buffer.slice(0, this.pos);
  }
}
