/**
 * A minimal classic-TIFF writer for tests: the test names every tag and supplies the block bytes,
 * so hostile layouts (huge sizes, offsets past the end, lying byte counts) are easy to build.
 */

export interface TiffTag {
  tag: number;
  /** 3 SHORT or 4 LONG (or 7 UNDEFINED for raw bytes). */
  type: 3 | 4 | 7;
  values: number[];
}

/**
 * Lays out: header, blocks, out-of-line tag values, then the IFD. Tags whose value is the string
 * 'blocks' are not supported; pass StripOffsets/TileOffsets via `blockOffsetsTag` instead: the
 * writer fills in the offsets of `blocks` (and their byte counts, if `byteCountsTag` is given).
 */
export function writeTiff(opts: {
  littleEndian?: boolean;
  /** BigTIFF layout: 16-byte header, 8-byte counts and offsets, 20-byte entries. */
  bigTiff?: boolean;
  tags: TiffTag[];
  blocks: Uint8Array[];
  blockOffsetsTag?: number;
  byteCountsTag?: number;
}): Uint8Array {
  const le = opts.littleEndian ?? true;
  const parts: number[] = [];
  const u16 = (v: number) => (le ? [v & 0xff, (v >> 8) & 0xff] : [(v >> 8) & 0xff, v & 0xff]);
  const u32 = (v: number) => (le ? [v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff] : [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff]);
  const big = opts.bigTiff ?? false;
  // Offsets stay below 2^32 in tests, so the high word of an 8-byte value is 0.
  const u64 = (v: number) => (le ? [...u32(v), 0, 0, 0, 0] : [0, 0, 0, 0, ...u32(v)]);
  const offsetField = big ? u64 : u32;
  const inlineBytes = big ? 8 : 4;
  if (big) parts.push(...(le ? [0x49, 0x49] : [0x4d, 0x4d]), ...u16(43), ...u16(8), ...u16(0), ...u64(0));
  else parts.push(...(le ? [0x49, 0x49] : [0x4d, 0x4d]), ...u16(42), ...u32(0));
  const offsets: number[] = [];
  for (const b of opts.blocks) {
    offsets.push(parts.length);
    parts.push(...b);
    if (parts.length & 1) parts.push(0);
  }
  const tags = [...opts.tags];
  if (opts.blockOffsetsTag !== undefined) tags.push({ tag: opts.blockOffsetsTag, type: 4, values: offsets });
  if (opts.byteCountsTag !== undefined) tags.push({ tag: opts.byteCountsTag, type: 4, values: opts.blocks.map((b) => b.length) });
  tags.sort((a, b) => a.tag - b.tag);
  const encode = (t: TiffTag) => t.values.flatMap((v) => (t.type === 3 ? u16(v) : t.type === 4 ? u32(v) : [v & 0xff]));
  const valueAt = new Map<TiffTag, number>();
  for (const t of tags) {
    const bytes = encode(t);
    if (bytes.length > inlineBytes) {
      valueAt.set(t, parts.length);
      parts.push(...bytes);
      if (parts.length & 1) parts.push(0);
    }
  }
  const ifd = parts.length;
  if (big) parts.splice(8, 8, ...u64(ifd));
  else parts.splice(4, 4, ...u32(ifd));
  parts.push(...(big ? u64(tags.length) : u16(tags.length)));
  for (const t of tags) {
    parts.push(...u16(t.tag), ...u16(t.type), ...(big ? u64(t.values.length) : u32(t.values.length)));
    const bytes = encode(t);
    if (bytes.length > inlineBytes) parts.push(...offsetField(valueAt.get(t)!));
    else parts.push(...bytes, ...new Array<number>(inlineBytes - bytes.length).fill(0));
  }
  parts.push(...offsetField(0));
  return new Uint8Array(parts);
}

/** Baseline tag numbers used by the tests. */
export const T = {
  width: 256,
  height: 257,
  bitsPerSample: 258,
  compression: 259,
  photometric: 262,
  stripOffsets: 273,
  samplesPerPixel: 277,
  rowsPerStrip: 278,
  stripByteCounts: 279,
  colourMap: 320,
  tileWidth: 322,
  tileLength: 323,
  tileOffsets: 324,
  tileByteCounts: 325,
} as const;
