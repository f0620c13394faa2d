/**
 * The PNG IHDR chunk: size, bit depth, colour type, interlace — validated against the combinations
 * the specification allows, so every later stage can trust it.
 */
import { ImageError } from '../../errors.js';

/** PNG colour types: 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA. */
export type PngColorType = 0 | 2 | 3 | 4 | 6;

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: 1 | 2 | 4 | 8 | 16;
  colorType: PngColorType;
  interlaced: boolean;
  /** Bits one pixel occupies in a scanline: samples per pixel × bit depth. */
  bitsPerPixel: number;
}

/** Bit depths each colour type permits (PNG specification, table 11.1). */
const ALLOWED_DEPTHS: Record<PngColorType, readonly number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

/** Samples per pixel for each colour type. */
export const CHANNELS: Record<PngColorType, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

const COLOR_TYPE_NAMES: Record<PngColorType, string> = {
  0: 'greyscale',
  2: 'RGB',
  3: 'palette',
  4: 'greyscale with alpha',
  6: 'RGBA',
};

/** The specification caps each dimension at 2^31 − 1 so it fits a signed 32-bit integer. */
const MAX_DIMENSION = 2 ** 31 - 1;

/** The IHDR data is always exactly 13 bytes. */
export const IHDR_LENGTH = 13;

/**
 * Parses and validates the 13 data bytes of IHDR. Throws `corrupt` naming the offending field.
 *
 * @example
 * ```ts
 * const h = parseIhdr(bytes.subarray(16, 29)); // { width, height, bitDepth, colorType, … }
 * ```
 */
export function parseIhdr(data: Uint8Array): PngHeader {
  if (data.length !== IHDR_LENGTH) {
    throw new ImageError('corrupt', `The PNG header chunk (IHDR) is ${data.length} bytes long instead of 13; the file is damaged.`);
  }
  const width = readU32(data, 0);
  const height = readU32(data, 4);
  const bitDepth = data[8]!;
  const colorType = data[9]!;
  const compression = data[10]!;
  const filter = data[11]!;
  const interlace = data[12]!;
  if (width === 0 || height === 0 || width > MAX_DIMENSION || height > MAX_DIMENSION) {
    throw new ImageError('corrupt', `The PNG header declares an impossible size ${width}×${height}; the file is damaged.`);
  }
  if (!(colorType in ALLOWED_DEPTHS)) {
    throw new ImageError('corrupt', `The PNG header declares colour type ${colorType}, which does not exist (valid: 0, 2, 3, 4, 6); the file is damaged.`);
  }
  const type = colorType as PngColorType;
  if (!ALLOWED_DEPTHS[type].includes(bitDepth)) {
    throw new ImageError(
      'corrupt',
      `The PNG header declares bit depth ${bitDepth} for ${COLOR_TYPE_NAMES[type]} pictures, which allow only ${ALLOWED_DEPTHS[type].join(', ')}; the file is damaged.`,
    );
  }
  if (compression !== 0) throw new ImageError('corrupt', `The PNG header names compression method ${compression}; only 0 (deflate) exists.`);
  if (filter !== 0) throw new ImageError('corrupt', `The PNG header names filter method ${filter}; only 0 exists.`);
  if (interlace > 1) throw new ImageError('corrupt', `The PNG header names interlace method ${interlace}; only 0 (none) and 1 (Adam7) exist.`);
  return {
    width,
    height,
    bitDepth: bitDepth as PngHeader['bitDepth'],
    colorType: type,
    interlaced: interlace === 1,
    bitsPerPixel: CHANNELS[type] * bitDepth,
  };
}

/** Big-endian unsigned 32-bit read; the caller has checked the bounds. */
export function readU32(b: Uint8Array, at: number): number {
  return ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
}
