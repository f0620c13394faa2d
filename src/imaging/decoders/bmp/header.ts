/**
 * Parses a BMP's file header, DIB header (BITMAPCOREHEADER, OS/2 2.x, BITMAPINFOHEADER and its
 * V2–V5 extensions), channel masks and palette — everything but the pixel array.
 * Nothing is allocated from a count in the file beyond the 256-entry palette ceiling.
 */
import { ImageError } from '../../errors.js';

/** How the pixel array is stored. Values of biCompression (Windows) that we decode. */
export type BmpEncoding = 'rgb' | 'rle8' | 'rle4' | 'bitfields';

/** Where a channel lives inside a 16- or 32-bit pixel. */
export interface ChannelMask {
  mask: number;
  /** Position of the mask's lowest set bit. */
  shift: number;
  /** Width of the mask in bits (0 = channel absent). */
  bits: number;
}

export interface BmpLayout {
  width: number;
  height: number;
  /** Rows stored top row first (negative biHeight); BMPs are bottom-up otherwise. */
  topDown: boolean;
  bitCount: number;
  encoding: BmpEncoding;
  /** R, G, B, A masks for 16/32-bit pixels (bitfields, or the defaults for BI_RGB). */
  masks: readonly [ChannelMask, ChannelMask, ChannelMask, ChannelMask];
  /** Palette as RGBA quadruples (alpha 255), for bit counts up to 8. */
  palette: Uint8Array;
  /** Number of palette entries actually present. */
  paletteSize: number;
  /** Offset of the pixel array. */
  pixelOffset: number;
}

const FILE_HEADER = 14;
/** BITMAPCOREHEADER: 16-bit sizes, 3-byte palette entries. */
const CORE_HEADER = 12;
/** OS/2 2.x short form: the INFO layout cut after the bit count; compression is implied BI_RGB. */
const OS2_SHORT_HEADER = 16;
/** OS/2 2.x full header: compression 3 and 4 mean Huffman-1D and RLE24 there, not bitfields. */
const OS2_HEADER = 64;
const INFO_HEADER = 40;
/** V2 adds R/G/B masks inside the header, V3 the alpha mask. */
const V2_HEADER = 52;
const V3_HEADER = 56;
/** V4 adds colour-space fields, V5 an ICC profile link; neither changes how pixels are read. */
const V4_HEADER = 108;
const V5_HEADER = 124;
/** The most palette entries any ≤8-bit BMP can index. */
const MAX_PALETTE = 256;

const BI_RGB = 0;
const BI_RLE8 = 1;
const BI_RLE4 = 2;
const BI_BITFIELDS = 3;
const BI_JPEG = 4;
const BI_PNG = 5;
const BI_ALPHABITFIELDS = 6;

/** BI_RGB 16-bit is 5-5-5 with the top bit unused. */
const DEFAULT_16 = [0x7c00, 0x03e0, 0x001f, 0] as const;
/** BI_RGB 32-bit is B, G, R, and a fourth byte many writers leave 0 (see `decodeBmp`). */
const DEFAULT_32 = [0x00ff0000, 0x0000ff00, 0x000000ff, 0xff000000] as const;

/**
 * Reads everything before the pixel array. Throws `truncated` if the file ends inside the headers
 * or palette, `corrupt` for impossible values and `unsupported_format` for JPEG/PNG-in-BMP,
 * OS/2 Huffman/RLE24 and 64-bit BMPs.
 *
 * @example
 * ```ts
 * const layout = readBmpLayout(bytes); // { width, height, bitCount: 24, encoding: 'rgb', … }
 * ```
 */
export function readBmpLayout(bytes: Uint8Array): BmpLayout {
  need(bytes, FILE_HEADER + 4, 'file header');
  if (bytes[0] !== 0x42 || bytes[1] !== 0x4d) throw new ImageError('corrupt', 'The file does not start with "BM".');
  const pixelOffsetField = u32(bytes, 10);
  const headerSize = u32(bytes, FILE_HEADER);
  if (![CORE_HEADER, OS2_SHORT_HEADER, INFO_HEADER, V2_HEADER, V3_HEADER, OS2_HEADER, V4_HEADER, V5_HEADER].includes(headerSize)) {
    throw new ImageError('corrupt', `The BMP info header has an unknown size ${headerSize}.`);
  }
  need(bytes, FILE_HEADER + headerSize, 'info header');
  const h = FILE_HEADER;

  let width: number;
  let signedHeight: number;
  let bitCount: number;
  let compression = BI_RGB;
  let colorsUsed = 0;
  if (headerSize === CORE_HEADER) {
    width = u16(bytes, h + 4);
    signedHeight = u16(bytes, h + 6);
    bitCount = u16(bytes, h + 10);
  } else {
    width = i32(bytes, h + 4);
    signedHeight = i32(bytes, h + 8);
    bitCount = u16(bytes, h + 14);
    if (headerSize >= INFO_HEADER) {
      compression = u32(bytes, h + 16);
      colorsUsed = u32(bytes, h + 32);
    }
    if (headerSize === OS2_HEADER && (compression === 3 || compression === 4)) {
      throw new ImageError('unsupported_format', 'This is an OS/2 BMP with Huffman or RLE24 compression, which is not decoded. Ask for PNG or JPEG.');
    }
  }
  if (width <= 0 || signedHeight === 0 || signedHeight === -(2 ** 31)) {
    throw new ImageError('corrupt', `The BMP header declares an impossible size ${width}×${signedHeight}.`);
  }
  const topDown = signedHeight < 0;
  const height = Math.abs(signedHeight);

  const encoding = encodingOf(compression, bitCount);
  if (![1, 2, 4, 8, 16, 24, 32].includes(bitCount)) {
    const hint = bitCount === 64 ? ' (64-bit BMPs are not decoded)' : '';
    throw new ImageError(bitCount === 64 ? 'unsupported_format' : 'corrupt', `The BMP has ${bitCount} bits per pixel${hint}.`);
  }
  if ((encoding === 'rle8' && bitCount !== 8) || (encoding === 'rle4' && bitCount !== 4)) {
    throw new ImageError('corrupt', `The BMP says ${encoding.toUpperCase()} but ${bitCount} bits per pixel.`);
  }
  if (encoding === 'bitfields' && bitCount !== 16 && bitCount !== 32) {
    throw new ImageError('corrupt', `The BMP has channel masks but ${bitCount} bits per pixel (only 16 or 32 can have them).`);
  }

  // Masks: inside the header from V2 on; right after a 40-byte header otherwise.
  let afterHeader = FILE_HEADER + headerSize;
  let maskValues: readonly number[] = bitCount === 16 ? DEFAULT_16 : DEFAULT_32;
  if (encoding === 'bitfields') {
    if (headerSize >= V2_HEADER) {
      const alpha = headerSize >= V3_HEADER ? u32(bytes, h + 52) : 0;
      maskValues = [u32(bytes, h + 40), u32(bytes, h + 44), u32(bytes, h + 48), alpha];
    } else {
      const count = compression === BI_ALPHABITFIELDS ? 4 : 3;
      need(bytes, afterHeader + 4 * count, 'channel masks');
      maskValues = [u32(bytes, afterHeader), u32(bytes, afterHeader + 4), u32(bytes, afterHeader + 8), count === 4 ? u32(bytes, afterHeader + 12) : 0];
      afterHeader += 4 * count;
    }
  } else if (headerSize >= V3_HEADER && bitCount === 32 && encoding === 'rgb') {
    // A V3+ header's alpha mask says whether BI_RGB 32-bit carries alpha in its fourth byte.
    const alpha = u32(bytes, h + 52);
    if (alpha !== 0) maskValues = [DEFAULT_32[0], DEFAULT_32[1], DEFAULT_32[2], alpha];
  }
  const masks = maskValues.map(describeMask) as unknown as BmpLayout['masks'];
  if (encoding === 'bitfields' && masks.slice(0, 3).every((m) => m.bits === 0)) {
    throw new ImageError('corrupt', 'The BMP channel masks are all zero.');
  }

  const entrySize = headerSize === CORE_HEADER ? 3 : 4;
  // A palette cannot reach into the pixel array: old writers leave biClrUsed 0 with a short palette.
  const roomForPalette = pixelOffsetField > afterHeader ? Math.floor((pixelOffsetField - afterHeader) / entrySize) : Infinity;
  const { palette, paletteSize } = readPalette(bytes, afterHeader, bitCount, colorsUsed, entrySize, roomForPalette);
  const paletteEnd = afterHeader + paletteSize * entrySize;
  // Some writers leave bfOffBits 0; the pixels then follow the palette.
  const pixelOffset = pixelOffsetField === 0 ? paletteEnd : pixelOffsetField;
  return { width, height, topDown, bitCount, encoding, masks, palette, paletteSize, pixelOffset };
}

function encodingOf(compression: number, bitCount: number): BmpEncoding {
  switch (compression) {
    case BI_RGB:
      return 'rgb';
    case BI_RLE8:
      return 'rle8';
    case BI_RLE4:
      return 'rle4';
    case BI_BITFIELDS:
    case BI_ALPHABITFIELDS:
      return 'bitfields';
    case BI_JPEG:
    case BI_PNG:
      throw new ImageError(
        'unsupported_format',
        `This BMP wraps a ${compression === BI_JPEG ? 'JPEG' : 'PNG'} stream (a printer format), which is not decoded. Ask for the picture as PNG or JPEG.`,
      );
    default:
      throw new ImageError('unsupported_format', `The BMP uses compression ${compression} at ${bitCount} bits per pixel, which is not decoded (only uncompressed, RLE4/RLE8 and bitfields).`);
  }
}

/** Finds shift and width of a mask; a mask with holes is treated as spanning its lowest to highest bit. */
function describeMask(mask: number): ChannelMask {
  if (mask === 0) return { mask: 0, shift: 0, bits: 0 };
  const shift = 31 - Math.clz32(mask & -mask);
  const top = 31 - Math.clz32(mask);
  return { mask: mask >>> 0, shift, bits: top - shift + 1 };
}

function readPalette(
  bytes: Uint8Array,
  at: number,
  bitCount: number,
  colorsUsed: number,
  entrySize: 3 | 4,
  room: number,
): { palette: Uint8Array; paletteSize: number } {
  if (bitCount > 8) return { palette: new Uint8Array(0), paletteSize: 0 };
  const capacity = 1 << bitCount;
  // biClrUsed may be 0 (= all) or larger than the bit depth can index: never trust it beyond 256.
  const count = Math.min(colorsUsed === 0 || colorsUsed > capacity ? capacity : colorsUsed, room);
  need(bytes, at + count * entrySize, 'palette');
  const palette = new Uint8Array(Math.min(count, MAX_PALETTE) * 4);
  for (let i = 0; i < count; i++) {
    const p = at + i * entrySize;
    // Entries are B, G, R(, reserved): the reserved byte is not alpha.
    palette[i * 4] = bytes[p + 2]!;
    palette[i * 4 + 1] = bytes[p + 1]!;
    palette[i * 4 + 2] = bytes[p]!;
    palette[i * 4 + 3] = 255;
  }
  return { palette, paletteSize: count };
}

function need(bytes: Uint8Array, length: number, what: string): void {
  if (bytes.length < length) {
    throw new ImageError('truncated', `The BMP file ends inside its ${what} (${bytes.length} bytes, ${length} needed). Fetch the whole file again.`);
  }
}

function u16(b: Uint8Array, at: number): number {
  return b[at]! | (b[at + 1]! << 8);
}

function i32(b: Uint8Array, at: number): number {
  return b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24);
}

function u32(b: Uint8Array, at: number): number {
  return i32(b, at) >>> 0;
}
