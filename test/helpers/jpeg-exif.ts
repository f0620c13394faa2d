/**
 * Builds EXIF APP1 segments and splices them into JPEG files, for orientation tests.
 */

/**
 * An APP1 segment (marker included) holding a minimal EXIF block: a TIFF header in the chosen byte
 * order and IFD0 with a single entry, Orientation (0x0112, SHORT) = `orientation`.
 */
export function exifOrientationSegment(orientation: number, littleEndian: boolean): Uint8Array {
  const tiff = new Uint8Array(8 + 2 + 12 + 4);
  const view = new DataView(tiff.buffer);
  tiff.set(littleEndian ? [0x49, 0x49] : [0x4d, 0x4d], 0);
  view.setUint16(2, 42, littleEndian);
  view.setUint32(4, 8, littleEndian); // IFD0 right after the header
  view.setUint16(8, 1, littleEndian); // one entry
  view.setUint16(10, 0x0112, littleEndian);
  view.setUint16(12, 3, littleEndian); // SHORT
  view.setUint32(14, 1, littleEndian); // count
  view.setUint16(18, orientation, littleEndian);
  view.setUint32(22, 0, littleEndian); // no next IFD
  const body = new Uint8Array([0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff]); // "Exif\0\0" + TIFF
  const segment = new Uint8Array(4 + body.length);
  segment.set([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff], 0);
  segment.set(body, 4);
  return segment;
}

/** Inserts `segment` right after SOI (FF D8). */
export function insertAfterSoi(jpeg: Uint8Array, segment: Uint8Array): Uint8Array {
  const out = new Uint8Array(jpeg.length + segment.length);
  out.set(jpeg.subarray(0, 2), 0);
  out.set(segment, 2);
  out.set(jpeg.subarray(2), 2 + segment.length);
  return out;
}

/** Offset of the first marker FF `code` in `jpeg` (searching from SOI onwards), or -1. */
export function findMarkerOffset(jpeg: Uint8Array, code: number): number {
  for (let i = 0; i + 1 < jpeg.length; i++) if (jpeg[i] === 0xff && jpeg[i + 1] === code) return i;
  return -1;
}
