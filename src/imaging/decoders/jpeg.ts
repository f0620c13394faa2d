/**
 * JPEG: header probe (size as displayed, after EXIF orientation) and decode to an upright RGBA raster.
 * Contract: see `../decode.ts`. The decoder itself lives in `./jpeg/`.
 */
import { ImageError } from '../errors.js';
import type { ImageHeader } from '../format.js';
import { applyOrientation, orientedSize } from '../orientation.js';
import type { Raster } from '../raster.js';
import { type JpegScale, decodeJpegPixels } from './jpeg/decoder.js';
import { readJpegHeader } from './jpeg/header.js';

/**
 * Reads size, orientation and variant from the markers before the first scan; no pixel is decoded.
 * Width and height are as displayed: swapped for EXIF orientations 5–8.
 *
 * @example
 * ```ts
 * probeJpeg(bytes); // { format: 'jpeg', width: 3000, height: 4000, lossy: true, orientation: 6 }
 * ```
 */
export function probeJpeg(bytes: Uint8Array): ImageHeader {
  const { frame, orientation } = readJpegHeader(bytes);
  const size = orientedSize(frame.width, frame.height, orientation);
  const header: ImageHeader = { format: 'jpeg', width: size.width, height: size.height, lossy: true };
  if (orientation !== 1) header.orientation = orientation;
  return header;
}

export type { JpegScale };

export interface JpegDecodeOptions {
  /**
   * Decode at 1/scale of each side (rounded up), reading only each block's low frequencies: much
   * cheaper than decoding in full and shrinking afterwards, for callers that will shrink anyway.
   */
  scale?: JpegScale;
}

/**
 * Decodes a JPEG to RGBA, turned upright according to its EXIF orientation. Checks the pixel budget
 * itself before allocating (for every frame header it meets).
 *
 * @example
 * ```ts
 * const raster = decodeJpeg(bytes); // raster.width/height equal probeJpeg(bytes).width/height
 * const small = decodeJpeg(bytes, { scale: 4 }); // a quarter of each side
 * ```
 */
export function decodeJpeg(bytes: Uint8Array, options: JpegDecodeOptions = {}): Raster {
  try {
    const decoded = decodeJpegPixels(bytes, options.scale ?? 1);
    return applyOrientation({ width: decoded.width, height: decoded.height, data: decoded.data }, decoded.orientation);
  } catch (err) {
    if (err instanceof ImageError) throw err;
    // A decoder bug must still reach the caller as an actionable ImageError, never a RangeError.
    const why = err instanceof Error ? err.message : String(err);
    throw new ImageError('corrupt', `The JPEG data is damaged and could not be decoded (${why}).`, { cause: err });
  }
}
