/**
 * PNG decoder: every colour type and bit depth, PLTE/tRNS, Adam7, all five filters, split IDATs.
 * Gamma and ICC chunks are ignored (pixels are taken as sRGB). Apple's iOS-optimised variant
 * (CgBI: raw deflate, BGRA, premultiplied alpha) is decoded too — such files circulate on the web.
 *
 * Bomb safety: the IHDR implies exactly how many bytes the inflated data holds; inflation streams
 * straight into the row assembler and stops with `corrupt` the moment it would exceed that, so no
 * more than the raster plus two rows is ever held.
 */
import { ImageError } from '../errors.js';
import type { ImageHeader } from '../format.js';
import { assertPixelBudget } from '../limits.js';
import { createRaster, type Raster } from '../raster.js';
import { inflateStream } from '../zlib.js';
import { readPngChunks, readPngHeader } from './png/chunks.js';
import { fromAppleCgbi, rowWriter } from './png/pixels.js';
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

/**
 * Decodes a PNG to RGBA (16-bit samples rounded to 8 bits). Throws `corrupt` for bad CRCs,
 * impossible headers, damaged or oversized compressed data, and `truncated` when the file stops
 * before its image data does. A file missing only its IEND chunk decodes.
 *
 * @example
 * ```ts
 * const raster = await decodePng(bytes);
 * ```
 */
export async function decodePng(bytes: Uint8Array): Promise<Raster> {
  const png = readPngChunks(bytes);
  const h = png.header;
  // The dispatcher gated the header already; repeated so a direct call is just as safe.
  assertPixelBudget(h.width, h.height, 'PNG header');
  const passes = passesFor(h.width, h.height, h.interlaced);
  const expected = inflatedSize(passes, h.bitsPerPixel);
  const raster = createRaster(h.width, h.height);
  const rows = new ScanlineAssembler(passes, h.bitsPerPixel, rowWriter(h, raster, png.palette, png.transparency));
  const format = png.apple ? 'deflate-raw' : 'deflate';
  const { produced, failure } = await inflateStream(png.imageData, expected, (piece) => rows.push(piece), format);
  if (produced === expected) {
    // Every byte arrived: a complaint can only be about what follows the stream (trailing bytes); browsers show such files too.
    // Apple converts only the RGB(A) types; grey and palette pixels are stored as usual.
    if (png.apple && (h.colorType === 2 || h.colorType === 6)) fromAppleCgbi(raster.data);
    return raster;
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
