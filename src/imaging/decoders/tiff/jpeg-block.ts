/**
 * New-style JPEG-in-TIFF (compression 7): each strip or tile is an abbreviated JPEG stream whose
 * tables may sit once in the JPEGTables tag. We splice the tables in and hand the result to the
 * project's JPEG decoder — after checking that the stream's frame fits the block it claims to be.
 */
import { ImageError } from '../../errors.js';
import type { Raster } from '../../raster.js';
import { decodeJpeg, probeJpeg } from '../jpeg.js';
import type { TiffBlock } from './page.js';

/**
 * Decodes one JPEG block to RGBA. Throws `corrupt` when its frame is larger than the block.
 * `storedAsRgb` (Photometric = RGB) means the three components are R, G, B, not YCbCr.
 *
 * @example
 * ```ts
 * const tile = decodeJpegBlock(bytes, page.jpegTables, page.blocks[0]);
 * ```
 */
export function decodeJpegBlock(bytes: Uint8Array, tables: Uint8Array | null, block: TiffBlock, storedAsRgb: boolean): Raster {
  const range = block.ranges[0]!;
  const spliced = withTables(bytes.subarray(range.offset, range.offset + range.length), tables);
  const stream = storedAsRgb ? withAdobeNoTransform(spliced) : spliced;
  const header = probeJpeg(stream);
  if (header.width > block.width || header.height > block.rows) {
    throw new ImageError(
      'corrupt',
      `A JPEG block inside the TIFF is ${header.width}×${header.height}, larger than the ${block.width}×${block.rows} its directory declares; it was refused before decoding.`,
    );
  }
  return decodeJpeg(stream);
}

/** Tables stream minus its EOI, then the block minus its SOI: one complete JPEG. */
function withTables(block: Uint8Array, tables: Uint8Array | null): Uint8Array {
  if (tables === null || tables.length < 4) return block;
  const tablesEnd = tables[tables.length - 2] === 0xff && tables[tables.length - 1] === 0xd9 ? tables.length - 2 : tables.length;
  const blockStart = block[0] === 0xff && block[1] === 0xd8 ? 2 : 0;
  const merged = new Uint8Array(tablesEnd + block.length - blockStart);
  merged.set(tables.subarray(0, tablesEnd), 0);
  merged.set(block.subarray(blockStart), tablesEnd);
  return merged;
}

/**
 * A JPEG decoder assumes three components are YCbCr unless an Adobe APP14 marker says otherwise;
 * with Photometric = RGB the TIFF stored plain RGB, so we add that marker (transform 0) after SOI.
 */
function withAdobeNoTransform(stream: Uint8Array): Uint8Array {
  if (stream[0] !== 0xff || stream[1] !== 0xd8) return stream;
  // FF EE, length 14, "Adobe", version 100, flags0 0, flags1 0, transform 0 (none).
  const app14 = [0xff, 0xee, 0x00, 0x0e, 0x41, 0x64, 0x6f, 0x62, 0x65, 0x00, 0x64, 0x00, 0x00, 0x00, 0x00, 0x00];
  const out = new Uint8Array(stream.length + app14.length);
  out.set(stream.subarray(0, 2), 0);
  out.set(app14, 2);
  out.set(stream.subarray(2), 2 + app14.length);
  return out;
}
