/**
 * Turns one strip or tile's stored bytes into its uncompressed, un-predicted samples — bounded to
 * exactly the size the directory implies, so a block cannot decode into more than the page.
 */
import { ImageError } from '../../errors.js';
import { inflateInto } from '../../inflate.js';
import { decodeTiffLzw } from './lzw.js';
import { unpackBits } from './packbits.js';
import type { TiffBlock, TiffPage } from './page.js';
import { undoHorizontalPredictor } from './predictor.js';

/**
 * Decodes the block's sample data (all planes interleaved into chunky order). JPEG blocks are not
 * handled here (see `jpeg-block.ts`).
 *
 * @example
 * ```ts
 * const samples = await decodeBlockSamples(bytes, page, true, page.blocks[0]);
 * ```
 */
export async function decodeBlockSamples(bytes: Uint8Array, page: TiffPage, littleEndian: boolean, block: TiffBlock): Promise<Uint8Array> {
  const samplesPerPlane = page.planar ? 1 : page.samplesPerPixel;
  const planeRowBytes = Math.ceil((block.width * samplesPerPlane * page.bitsPerSample) / 8);
  const expected = planeRowBytes * block.rows;
  const planes: Uint8Array[] = [];
  for (const range of block.ranges) {
    const plane = await decompress(bytes, page, range, expected);
    if (page.predictor) undoHorizontalPredictor(plane, block.width, block.rows, samplesPerPlane, page.bitsPerSample as 8 | 16, littleEndian);
    planes.push(plane);
  }
  return page.planar ? interleave(planes, block.width * block.rows, page.bitsPerSample / 8) : planes[0]!;
}

async function decompress(bytes: Uint8Array, page: TiffPage, range: { offset: number; length: number }, expected: number): Promise<Uint8Array> {
  let stored = bytes.subarray(range.offset, range.offset + range.length);
  // FillOrder 2: bits are stored least significant first in every byte of the block.
  if (page.lsbFirst) stored = stored.map(reverseBits);
  switch (page.compression) {
    case 'none': {
      if (stored.length >= expected) return stored.slice(0, expected);
      // Some writers under-report byte counts of uncompressed strips; the pixels may still be there.
      if (range.offset + expected <= bytes.length && !page.lsbFirst) return bytes.slice(range.offset, range.offset + expected);
      throw new ImageError('truncated', `An uncompressed TIFF block holds ${stored.length} bytes, ${expected} are needed. Fetch the whole file again.`);
    }
    case 'packbits':
      return unpackBits(stored, expected);
    case 'lzw':
      return decodeTiffLzw(stored, expected);
    case 'deflate':
      return inflateBlock(stored, expected);
    default:
      throw new ImageError('unsupported_format', `TIFF ${page.compression} blocks are not decoded here.`);
  }
}

/**
 * A deflate block (zlib framing) inflated by the same synchronous inflater as PNG, so every runtime
 * decodes it alike. Once the block is full the rest of the stream is not needed, as in libtiff,
 * which stops inflating there and never reads the checksum after it.
 */
function inflateBlock(stored: Uint8Array, expected: number): Uint8Array {
  const out = new Uint8Array(expected);
  // The inflater stops with `corrupt` before a piece would pass `expected`, so `set` always fits.
  let filled = 0;
  const { produced, failure } = inflateInto([stored], expected, (piece) => {
    out.set(piece, filled);
    filled += piece.length;
  });
  if (produced === expected) return out;
  if (failure === undefined) {
    throw new ImageError('corrupt', `A deflate-compressed TIFF block inflates to ${produced} bytes; its directory entry promises ${expected}.`);
  }
  // A stream cut off mid-way is a file that did not arrive whole; anything else is damage.
  const cutShort = /unexpected end/i.test(failure);
  throw new ImageError(
    cutShort ? 'truncated' : 'corrupt',
    `A deflate-compressed TIFF block ${cutShort ? 'ends' : `is damaged (${failure})`} after ${produced} of the ${expected} bytes its directory entry promises.`,
  );
}

/** Planar configuration 2 → chunky: sample s of pixel i comes from plane s. */
function interleave(planes: Uint8Array[], pixels: number, bytesPerSample: number): Uint8Array {
  const count = planes.length;
  const out = new Uint8Array(pixels * count * bytesPerSample);
  for (let p = 0; p < count; p++) {
    const plane = planes[p]!;
    for (let i = 0; i < pixels; i++) {
      for (let k = 0; k < bytesPerSample; k++) out[(i * count + p) * bytesPerSample + k] = plane[i * bytesPerSample + k]!;
    }
  }
  return out;
}

function reverseBits(byte: number): number {
  let r = 0;
  for (let i = 0; i < 8; i++) r |= ((byte >> i) & 1) << (7 - i);
  return r;
}
