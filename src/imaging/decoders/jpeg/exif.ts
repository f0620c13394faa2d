/**
 * Reads the EXIF orientation tag (0x0112) from the body of an APP1 segment. Anything unexpected
 * (another APP1 such as XMP, a broken TIFF structure) yields 1: a damaged EXIF block must not make
 * a picture that decodes perfectly well fail.
 */

/** The TIFF tag holding the orientation (1–8) in EXIF IFD0. */
const ORIENTATION_TAG = 0x0112;
/** TIFF field type SHORT: the only type the orientation tag may have. */
const TIFF_SHORT = 3;
/** "Exif\0\0" — the identifier that opens an EXIF APP1 body, before the TIFF header. */
const EXIF_ID = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00];

/**
 * Returns the orientation 1–8 from an APP1 body (`bytes[start, end)`), or 1 when absent or unreadable.
 *
 * @example
 * ```ts
 * readExifOrientation(bytes, segmentStart, segmentEnd); // 6 for a phone held upright
 * ```
 */
export function readExifOrientation(bytes: Uint8Array, start: number, end: number): number {
  if (end - start < EXIF_ID.length + 8) return 1;
  for (let i = 0; i < EXIF_ID.length; i++) if (bytes[start + i] !== EXIF_ID[i]) return 1;
  const tiff = start + EXIF_ID.length;
  const tiffLength = end - tiff;
  let littleEndian: boolean;
  if (bytes[tiff] === 0x49 && bytes[tiff + 1] === 0x49) littleEndian = true;
  else if (bytes[tiff] === 0x4d && bytes[tiff + 1] === 0x4d) littleEndian = false;
  else return 1;
  const u16 = (offset: number): number =>
    littleEndian ? bytes[tiff + offset]! | (bytes[tiff + offset + 1]! << 8) : (bytes[tiff + offset]! << 8) | bytes[tiff + offset + 1]!;
  const u32 = (offset: number): number =>
    littleEndian ? (u16(offset) + u16(offset + 2) * 0x10000) : (u16(offset) * 0x10000 + u16(offset + 2));
  if (u16(2) !== 42) return 1;
  const ifd = u32(4);
  if (ifd < 8 || ifd + 2 > tiffLength) return 1;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiffLength) return 1;
    if (u16(entry) !== ORIENTATION_TAG) continue;
    if (u16(entry + 2) !== TIFF_SHORT) return 1;
    const value = u16(entry + 8);
    return value >= 1 && value <= 8 ? value : 1;
  }
  return 1;
}
