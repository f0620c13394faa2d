/**
 * A growable byte buffer for the marker segments in front of the scan (the entropy-coded data has
 * its own writer, entropy.ts).
 */
/**
 * Returns `buffer`, or a copy of its first `used` bytes in one at least twice as large, so that
 * `extra` more bytes fit (doubling keeps growth amortised O(1)). Shared by both JPEG writers.
 */
export function withRoom(buffer: Uint8Array, used: number, extra: number): Uint8Array {
  const needed = used + extra;
  if (needed <= buffer.length) return buffer;
  let size = buffer.length * 2;
  while (size < needed) size *= 2;
  const grown = new Uint8Array(size);
  grown.set(buffer.subarray(0, used));
  return grown;
}

export class ByteSink {
  private buffer: Uint8Array;
  private pos = 0;

  constructor(initialCapacity: number) {
    this.buffer = new Uint8Array(Math.max(1024, initialCapacity));
  }

  /** Makes room for `bytes` more bytes. */
  ensure(bytes: number): void {
    this.buffer = withRoom(this.buffer, this.pos, bytes);
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
