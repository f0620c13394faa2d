/**
 * Builds small GIF files by hand. The LZW stream uses the "uncompressed" scheme: every pixel is
 * sent as its own root code and a clear code is sent before the table would widen the code size,
 * so the encoder stays trivially correct and independent of the decoder under test.
 */

export interface GifFrameSpec {
  left?: number;
  top?: number;
  width: number;
  height: number;
  /** Colour indices, row by row in display order (width × height). */
  indices: Uint8Array;
  localTable?: Uint8Array;
  interlaced?: boolean;
  transparentIndex?: number;
  /** Override the LZW bytes (for corrupt-data tests). */
  rawData?: Uint8Array;
}

export interface GifSpec {
  screenWidth: number;
  screenHeight: number;
  /** RGB triplets; length must be 3 × a power of two (2–256 entries). */
  globalTable?: Uint8Array;
  frame: GifFrameSpec;
}

/** Minimum code size for this palette size: 2 at least, as the specification asks. */
export function minCodeSizeFor(entries: number): number {
  let bits = 2;
  while (1 << bits < entries) bits++;
  return bits;
}

/** LZW-encodes indices with fixed-width literal codes and periodic clear codes. */
export function lzwLiteral(indices: Uint8Array, minCodeSize: number): Uint8Array {
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  const codeSize = minCodeSize + 1;
  // After a clear, each literal after the first adds a table entry; clear before the table reaches 2^codeSize.
  const perRun = (1 << codeSize) - (clear + 2) - 1;
  const codes: number[] = [clear];
  let inRun = 0;
  for (const v of indices) {
    if (inRun === perRun) {
      codes.push(clear);
      inRun = 0;
    }
    codes.push(v);
    inRun++;
  }
  codes.push(end);
  const bytes: number[] = [];
  let acc = 0;
  let n = 0;
  for (const c of codes) {
    acc |= c << n;
    n += codeSize;
    while (n >= 8) {
      bytes.push(acc & 0xff);
      acc >>>= 8;
      n -= 8;
    }
  }
  if (n > 0) bytes.push(acc & 0xff);
  return Uint8Array.from(bytes);
}

function tableBits(table: Uint8Array): number {
  const entries = table.length / 3;
  let bits = 0;
  while (2 << bits < entries) bits++;
  return bits;
}

/** Splits data into ≤255-byte sub-blocks with a zero terminator. */
export function subBlocks(data: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < data.length; i += 255) {
    const part = data.subarray(i, i + 255);
    out.push(part.length, ...part);
  }
  out.push(0);
  return out;
}

/** Display-order rows rearranged into the order an interlaced frame stores them. */
export function interlaceRows(indices: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(indices.length);
  let r = 0;
  for (const [start, step] of [
    [0, 8],
    [4, 8],
    [2, 4],
    [1, 2],
  ] as const) {
    for (let y = start; y < height; y += step) out.set(indices.subarray(y * width, (y + 1) * width), width * r++);
  }
  return out;
}

const le16 = (v: number) => [v & 0xff, (v >> 8) & 0xff];

/** A GIF89a with one frame. */
export function buildGif(spec: GifSpec): Uint8Array {
  const bytes: number[] = [...'GIF89a'].map((c) => c.charCodeAt(0));
  const g = spec.globalTable;
  bytes.push(...le16(spec.screenWidth), ...le16(spec.screenHeight), g ? 0x80 | tableBits(g) : 0, 0, 0);
  if (g) bytes.push(...g);
  const f = spec.frame;
  if (f.transparentIndex !== undefined) bytes.push(0x21, 0xf9, 4, 1, 0, 0, f.transparentIndex, 0);
  const local = f.localTable;
  bytes.push(0x2c, ...le16(f.left ?? 0), ...le16(f.top ?? 0), ...le16(f.width), ...le16(f.height));
  bytes.push((local ? 0x80 | tableBits(local) : 0) | (f.interlaced ? 0x40 : 0));
  if (local) bytes.push(...local);
  const entries = (local ?? g ?? new Uint8Array(12)).length / 3;
  const mcs = minCodeSizeFor(entries);
  const stored = f.interlaced ? interlaceRows(f.indices, f.width, f.height) : f.indices;
  bytes.push(mcs, ...subBlocks(f.rawData ?? lzwLiteral(stored, mcs)), 0x3b);
  return Uint8Array.from(bytes);
}
