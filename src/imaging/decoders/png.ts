/**
 * PNG decoder: every colour type and bit depth, PLTE/tRNS, Adam7, all five filters, split IDATs.
 * Gamma and ICC chunks are ignored (pixels are taken as sRGB). Apple's iOS-optimised variant
 * (CgBI: raw deflate, BGRA, premultiplied alpha) is decoded too — such files circulate on the web.
 *
 * Bomb safety: the IHDR implies exactly how many bytes the inflated data holds; inflation streams
 * straight into the row assembler and stops with `corrupt` the moment it would exceed that, so no
 * more than the raster, two rows and the inflater's 544 KiB window is ever held.
 */
import { ImageError } from '../errors.js';
import type { ImageHeader } from '../format.js';
import { assertPixelBudget } from '../limits.js';
import { createRaster, type Raster } from '../raster.js';
import { inflateInto } from '../inflate.js';
import { readPngChunks, readPngHeader } from './png/chunks.js';
import { BlockAverager, type PngScale } from './png/block-average.js';
import { canBeOpaqueOnly, fromAppleCgbi, rowWriter, shrinkingRowWriter } from './png/pixels.js';
import { inflatedSize, passesFor, ScanlineAssembler } from './png/scanlines.js';

/**
 * Reads size from the signature and IHDR (CRC-checked) without touching image data.
 *
 * @example
 * ```ts
 * probePng(bytes); // { format: 'png', width: 32, height: 32, lossy: false }
 * ```
 */
export function probePng(bytes: Uint8Array): ImageHeader {
  const h = readPngHeader(bytes);
  return { format: 'png', width: h.width, height: h.height, lossy: false };
}

export type { PngScale };

export interface PngDecodeOptions {
  /**
   * Decode at 1/scale of each side (rounded up), each output pixel the average of its
   * scale × scale block (colour weighted by alpha): for a picture that will be shrunk anyway.
   * Default 1, full size.
   */
  scale?: PngScale;
}

/**
 * Decodes a PNG to RGBA (16-bit samples rounded to 8 bits). Throws `corrupt` for bad CRCs,
 * impossible headers, damaged or oversized compressed data, and `truncated` when the file stops
 * before its image data does. A file missing only its IEND chunk decodes.
 *
 * @example
 * ```ts
 * const raster = await decodePng(bytes);
 * const half = await decodePng(bytes, { scale: 2 }); // a 3840×2160 screenshot as 1920×1080
 * ```
 */
export async function decodePng(bytes: Uint8Array, options: PngDecodeOptions = {}): Promise<Raster> {
  const png = readPngChunks(bytes);
  const h = png.header;
  const scale = options.scale ?? 1;
  if (scale !== 1 && scale !== 2 && scale !== 4 && scale !== 8) {
    throw new ImageError('invalid_argument', `A PNG can be decoded at scale 1, 2, 4 or 8, not ${String(scale)}.`);
  }
  // The dispatcher gated the header already; repeated so a direct call is just as safe.
  assertPixelBudget(h.width, h.height, 'PNG header');
  const passes = passesFor(h.width, h.height, h.interlaced);
  const expected = inflatedSize(passes, h.bitsPerPixel);
  // Plain pictures are averaged row by row as they arrive; Adam7 (rows come in passes) and Apple's
  // variant (converted after the fact) are decoded at full size and averaged at the end.
  const streamed = scale > 1 && !h.interlaced && !png.apple;
  const raster = streamed ? createRaster(Math.ceil(h.width / scale), Math.ceil(h.height / scale)) : createRaster(h.width, h.height);
  const sink = streamed
    ? shrinkingRowWriter(h, raster, png.palette, png.transparency, scale)
    : rowWriter(h, raster, png.palette, png.transparency);
  const rows = new ScanlineAssembler(passes, h.bitsPerPixel, sink);
  const format = png.apple ? 'deflate-raw' : 'deflate';
  const { produced, failure } = inflateInto(png.imageData, expected, (piece) => rows.push(piece), format);
  if (produced === expected) {
    // Every byte arrived: a complaint can only be about what follows the stream (trailing bytes); browsers show such files too.
    // Apple converts only the RGB(A) types; grey and palette pixels are stored as usual.
    if (png.apple && (h.colorType === 2 || h.colorType === 6)) fromAppleCgbi(raster.data);
    if (scale === 1 || streamed) return raster;
    const small = createRaster(Math.ceil(h.width / scale), Math.ceil(h.height / scale));
    // Apple's pixels may be translucent whatever the colour type says (they were premultiplied).
    const blocks = new BlockAverager(h.width, h.height, scale, small, !png.apple && canBeOpaqueOnly(h, png.transparency));
    const stride = h.width * 4;
    for (let y = 0; y < h.height; y++) blocks.addRgba(raster.data.subarray(y * stride, (y + 1) * stride), y);
    return small;
  }
  if (!png.reachedEnd) {
    throw new ImageError(
      'truncated',
      `The PNG file ends before its image data is complete (${produced} of ${expected} bytes); fetch the whole file.`,
    );
  }
  throw new ImageError(
    'corrupt',
    failure === undefined
      ? `The PNG image data ends early: it inflates to ${produced} of the ${expected} bytes the header implies; the file is damaged.`
      : `The PNG image data is damaged (${failure}) after ${produced} of ${expected} bytes; the file cannot be decoded.`,
  );
}
