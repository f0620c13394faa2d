/**
 * Reads what a JPEG's header promises — size, components, progressive, EXIF orientation — without
 * touching entropy-coded data.
 */
import { readExifOrientation } from './exif.js';
import {
  APP1,
  EOI,
  SOI,
  SOS,
  corrupt,
  findMarker,
  isDecodedSof,
  parseFrame,
  refuseUnsupportedSof,
  segmentEnd,
  truncated,
  type FrameHeader,
} from './markers.js';

export interface JpegHeaderInfo {
  frame: FrameHeader;
  /** EXIF orientation 1–8 (1 when absent). */
  orientation: number;
}

/** True for markers without a length field: SOI, EOI, RST0–7, TEM. */
export function isStandalone(marker: number): boolean {
  return marker === SOI || marker === EOI || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;
}

/**
 * Walks the segments from SOI to the first SOS and returns the frame header and orientation.
 *
 * @example
 * ```ts
 * const { frame, orientation } = readJpegHeader(bytes); // frame.width, frame.height as stored
 * ```
 */
export function readJpegHeader(bytes: Uint8Array): JpegHeaderInfo {
  if (bytes.length < 4) throw truncated('header');
  if (bytes[0] !== 0xff || bytes[1] !== SOI) throw corrupt('it does not start with the SOI marker FF D8');
  let frame: FrameHeader | null = null;
  let orientation = 1;
  let at = 2;
  for (;;) {
    const found = findMarker(bytes, at);
    if (found === null) {
      if (frame !== null) return { frame, orientation };
      throw truncated('header (no frame header before the end of the file)');
    }
    const { marker, next } = found;
    if (isStandalone(marker)) {
      if (marker === EOI) {
        if (frame !== null) return { frame, orientation };
        throw corrupt('the image ends (EOI) before any frame header');
      }
      at = next;
      continue;
    }
    if (marker === SOS) {
      if (frame === null) throw corrupt('image data (SOS) starts before the frame header');
      return { frame, orientation };
    }
    const end = segmentEnd(bytes, next, `segment FF ${marker.toString(16).toUpperCase()}`);
    refuseUnsupportedSof(marker);
    if (isDecodedSof(marker)) {
      if (frame === null) frame = parseFrame(bytes, marker, next + 2, end);
    } else if (marker === APP1 && orientation === 1) {
      orientation = readExifOrientation(bytes, next + 2, end);
    }
    at = end;
  }
}
