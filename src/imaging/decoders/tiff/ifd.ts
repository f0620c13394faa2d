/**
 * Reads a TIFF's header and image file directories (classic and BigTIFF, either byte order).
 * Every offset and count from the file is checked against the file length before it is followed,
 * so no value in the file can make us read out of bounds or allocate more than the file holds.
 */
import { ImageError } from '../../errors.js';

/** One directory entry: where its values lie, not yet read. */
export interface TiffEntry {
  tag: number;
  type: number;
  count: number;
  /** Absolute offset of the first value byte (inline values point into the entry itself). */
  valueAt: number;
}

export interface TiffFile {
  bytes: Uint8Array;
  littleEndian: boolean;
  bigTiff: boolean;
  firstIfd: number;
}

/** Bytes per value of each TIFF field type (TIFF 6.0 + BigTIFF's LONG8/SLONG8/IFD8). */
const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4, 16: 8, 17: 8, 18: 8 };

/**
 * A page count beyond which counting stops: a multi-page TIFF with more pages than this is not a
 * picture a model is shown, and the walk stays short even for a chain of tiny IFDs.
 */
export const MAX_COUNTED_PAGES = 4096;

/**
 * Reads the 8-byte (classic) or 16-byte (BigTIFF) header.
 *
 * @example
 * ```ts
 * const file = readTiffHeader(bytes); // { littleEndian: true, bigTiff: false, firstIfd: 8, … }
 * ```
 */
export function readTiffHeader(bytes: Uint8Array): TiffFile {
  need(bytes, 0, 8, 'header');
  const littleEndian = bytes[0] === 0x49 && bytes[1] === 0x49;
  if (!littleEndian && !(bytes[0] === 0x4d && bytes[1] === 0x4d)) throw new ImageError('corrupt', 'The TIFF byte-order mark is neither II nor MM.');
  const file: TiffFile = { bytes, littleEndian, bigTiff: false, firstIfd: 0 };
  const version = readUint(file, 2, 2);
  if (version === 42) {
    file.firstIfd = readUint(file, 4, 4);
  } else if (version === 43) {
    need(bytes, 0, 16, 'BigTIFF header');
    if (readUint(file, 4, 2) !== 8) throw new ImageError('corrupt', 'The BigTIFF header does not use 8-byte offsets.');
    file.bigTiff = true;
    file.firstIfd = readUint(file, 8, 8);
  } else {
    throw new ImageError('corrupt', `The TIFF version is ${version}, not 42 (TIFF) or 43 (BigTIFF).`);
  }
  if (file.firstIfd < 8) throw new ImageError('corrupt', 'The TIFF header points to no image directory.');
  return file;
}

/** Reads the directory at `offset`: its entries by tag, and the offset of the next one (0 = none). */
export function readIfd(file: TiffFile, offset: number): { entries: Map<number, TiffEntry>; next: number } {
  const countSize = file.bigTiff ? 8 : 2;
  const entrySize = file.bigTiff ? 20 : 12;
  const offsetSize = file.bigTiff ? 8 : 4;
  need(file.bytes, offset, countSize, 'image directory');
  const count = readUint(file, offset, countSize);
  // Checked before the loop, so a count of 2^64 is refused instead of iterated.
  need(file.bytes, offset + countSize, count * entrySize + offsetSize, 'image directory');
  const entries = new Map<number, TiffEntry>();
  for (let i = 0; i < count; i++) {
    const at = offset + countSize + i * entrySize;
    const tag = readUint(file, at, 2);
    const type = readUint(file, at + 2, 2);
    const valueCount = readUint(file, at + 4, file.bigTiff ? 8 : 4);
    const fieldAt = at + (file.bigTiff ? 12 : 8);
    const size = TYPE_SIZES[type];
    // Unknown types are skipped, as TIFF 6.0 asks readers to do.
    if (size === undefined) continue;
    const inline = valueCount * size <= offsetSize;
    const valueAt = inline ? fieldAt : readUint(file, fieldAt, offsetSize);
    entries.set(tag, { tag, type, count: valueCount, valueAt });
  }
  const next = readUint(file, offset + countSize + count * entrySize, offsetSize);
  return { entries, next };
}

/**
 * Counts the pages by following the IFD chain (stops at a loop, a broken link or MAX_COUNTED_PAGES).
 * Only each directory's entry count and next-link are read — O(1) per page — so overlapping
 * directories that each claim thousands of entries cannot make counting slow.
 */
export function countPages(file: TiffFile): number {
  const seen = new Set<number>();
  let offset = file.firstIfd;
  while (offset !== 0 && !seen.has(offset) && seen.size < MAX_COUNTED_PAGES) {
    seen.add(offset);
    const next = nextIfdOffset(file, offset);
    if (next === null) break;
    offset = next;
  }
  return Math.max(seen.size, 1);
}

/** The link to the directory after the one at `offset`, or null when it lies outside the file. */
function nextIfdOffset(file: TiffFile, offset: number): number | null {
  const countSize = file.bigTiff ? 8 : 2;
  const entrySize = file.bigTiff ? 20 : 12;
  const offsetSize = file.bigTiff ? 8 : 4;
  if (!(offset + countSize <= file.bytes.length)) return null;
  const linkAt = offset + countSize + readUint(file, offset, countSize) * entrySize;
  if (!(linkAt + offsetSize <= file.bytes.length)) return null;
  return readUint(file, linkAt, offsetSize);
}

/**
 * Reads an entry's values as numbers (integer types; RATIONAL as numerator/denominator).
 * Throws `truncated` when they run past the end of the file.
 */
export function readValues(file: TiffFile, entry: TiffEntry): number[] {
  const size = TYPE_SIZES[entry.type]!;
  need(file.bytes, entry.valueAt, entry.count * size, `values of tag ${entry.tag}`);
  const out = new Array<number>(entry.count);
  for (let i = 0; i < entry.count; i++) {
    const at = entry.valueAt + i * size;
    switch (entry.type) {
      case 5:
      case 10:
        out[i] = readUint(file, at, 4) / (readUint(file, at + 4, 4) || 1);
        break;
      case 6:
        out[i] = (readUint(file, at, 1) << 24) >> 24;
        break;
      case 8:
        out[i] = (readUint(file, at, 2) << 16) >> 16;
        break;
      case 9:
        out[i] = readUint(file, at, 4) | 0;
        break;
      case 11:
        out[i] = new DataView(file.bytes.buffer, file.bytes.byteOffset + at, 4).getFloat32(0, file.littleEndian);
        break;
      case 12:
        out[i] = new DataView(file.bytes.buffer, file.bytes.byteOffset + at, 8).getFloat64(0, file.littleEndian);
        break;
      default:
        out[i] = readUint(file, at, size);
    }
  }
  return out;
}

/** The raw bytes of an entry (UNDEFINED/BYTE payloads such as JPEGTables). */
export function readBytes(file: TiffFile, entry: TiffEntry): Uint8Array {
  const length = entry.count * TYPE_SIZES[entry.type]!;
  need(file.bytes, entry.valueAt, length, `values of tag ${entry.tag}`);
  return file.bytes.subarray(entry.valueAt, entry.valueAt + length);
}

/** An unsigned integer of 1, 2, 4 or 8 bytes in the file's byte order (8-byte values above 2^53 lose precision, but they point past any file anyway). */
export function readUint(file: TiffFile, at: number, size: number): number {
  const b = file.bytes;
  if (size === 1) return b[at]!;
  if (size === 8) {
    const lo = readUint(file, file.littleEndian ? at : at + 4, 4);
    const hi = readUint(file, file.littleEndian ? at + 4 : at, 4);
    return hi * 2 ** 32 + lo;
  }
  let v = 0;
  for (let i = 0; i < size; i++) v = v * 256 + b[file.littleEndian ? at + size - 1 - i : at + i]!;
  return v;
}

function need(bytes: Uint8Array, at: number, length: number, what: string): void {
  if (!(at + length <= bytes.length)) {
    throw new ImageError('truncated', `The TIFF file ends inside its ${what} (needs bytes up to ${at + length}, the file has ${bytes.length}). Fetch the whole file again.`);
  }
}
