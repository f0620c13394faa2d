/**
 * A deliberately plain BMP writer for tests: it lays out headers and pixel bytes exactly as the
 * format describes, from values the test chose, so decoded pixels can be checked against the
 * test's own expectations rather than against the decoder's logic.
 */

export type BmpHeaderKind = 'core' | 'info' | 'v3' | 'v4' | 'v5';

export interface BmpSpec {
  width: number;
  /** Positive; use `topDown` for a negative biHeight. */
  height: number;
  bitCount: 1 | 2 | 4 | 8 | 16 | 24 | 32;
  header?: BmpHeaderKind;
  topDown?: boolean;
  /** 0 BI_RGB, 1 RLE8, 2 RLE4, 3 BITFIELDS, 6 ALPHABITFIELDS. */
  compression?: number;
  /** R, G, B, A masks for bitfields (A ignored when the header has no room and compression is 3). */
  masks?: [number, number, number, number];
  /** [r, g, b] entries, written B, G, R(, 0). */
  palette?: [number, number, number][];
  /** biClrUsed; defaults to the palette length. */
  colorsUsed?: number;
  /** The pixel array exactly as stored (rows padded, bottom-up unless topDown), or RLE data. */
  pixelData: Uint8Array;
}

const HEADER_SIZES: Record<BmpHeaderKind, number> = { core: 12, info: 40, v3: 56, v4: 108, v5: 124 };

/** Builds a BMP file from a spec. */
export function writeBmp(spec: BmpSpec): Uint8Array {
  const kind = spec.header ?? 'info';
  const headerSize = HEADER_SIZES[kind];
  const compression = spec.compression ?? 0;
  const palette = spec.palette ?? [];
  const entrySize = kind === 'core' ? 3 : 4;
  const masksAfterHeader = kind === 'info' && (compression === 3 || compression === 6) ? (compression === 6 ? 16 : 12) : 0;
  const pixelOffset = 14 + headerSize + masksAfterHeader + palette.length * entrySize;
  const file = new Uint8Array(pixelOffset + spec.pixelData.length);
  const view = new DataView(file.buffer);
  file[0] = 0x42;
  file[1] = 0x4d;
  view.setUint32(2, file.length, true);
  view.setUint32(10, pixelOffset, true);
  view.setUint32(14, headerSize, true);
  if (kind === 'core') {
    view.setUint16(18, spec.width, true);
    view.setUint16(20, spec.height, true);
    view.setUint16(22, 1, true);
    view.setUint16(24, spec.bitCount, true);
  } else {
    view.setInt32(18, spec.width, true);
    view.setInt32(22, spec.topDown ? -spec.height : spec.height, true);
    view.setUint16(26, 1, true);
    view.setUint16(28, spec.bitCount, true);
    view.setUint32(30, compression, true);
    view.setUint32(34, spec.pixelData.length, true);
    view.setUint32(46, spec.colorsUsed ?? palette.length, true);
    if (spec.masks) {
      const at = kind === 'info' ? 14 + headerSize : 54;
      const count = kind === 'info' ? masksAfterHeader / 4 : 4;
      for (let i = 0; i < count; i++) view.setUint32(at + i * 4, spec.masks[i]!, true);
    }
  }
  let p = 14 + headerSize + masksAfterHeader;
  for (const [r, g, b] of palette) {
    file[p] = b;
    file[p + 1] = g;
    file[p + 2] = r;
    p += entrySize;
  }
  file.set(spec.pixelData, pixelOffset);
  return file;
}

/** Bytes per stored row: padded to 4. */
export function stride(width: number, bitCount: number): number {
  return Math.ceil((width * bitCount) / 32) * 4;
}

/**
 * Packs rows of values (palette indices, or whole 16/32-bit pixel values, or [b,g,r] for 24-bit)
 * into a padded pixel array; `rows[0]` is the top row, written last unless `topDown`.
 */
export function packRows(rows: number[][], bitCount: number, topDown = false): Uint8Array {
  const width = rows[0]!.length;
  const s = stride(width, bitCount);
  const out = new Uint8Array(s * rows.length);
  rows.forEach((row, i) => {
    const base = (topDown ? i : rows.length - 1 - i) * s;
    row.forEach((v, x) => {
      if (bitCount < 8) {
        const bitPos = x * bitCount;
        out[base + (bitPos >> 3)]! |= v << (8 - bitCount - (bitPos & 7));
      } else if (bitCount === 8) {
        out[base + x] = v;
      } else if (bitCount === 16) {
        out[base + x * 2] = v & 0xff;
        out[base + x * 2 + 1] = (v >> 8) & 0xff;
      } else if (bitCount === 24) {
        out[base + x * 3] = v & 0xff;
        out[base + x * 3 + 1] = (v >> 8) & 0xff;
        out[base + x * 3 + 2] = (v >> 16) & 0xff;
      } else {
        new DataView(out.buffer).setUint32(base + x * 4, v >>> 0, true);
      }
    });
  });
  return out;
}
