/**
 * GIF decoder: the first frame, composed onto a transparent canvas the size of the logical screen
 * (see `readGifStructure` for screens smaller than the frame), with local/global colour tables,
 * the transparent index and interlacing. LZW is our own (`gif/lzw.ts`), bounded by the frame size.
 *
 * Truncation: a GIF cut inside its first frame's image data decodes to the part that arrived, the
 * rest left transparent — browsers show such files the same way, and they are common on the web.
 * A file cut before any pixel data is `truncated`.
 */
import { ImageError } from '../errors.js';
import type { ImageHeader } from '../format.js';
import { assertPixelBudget } from '../limits.js';
import { createRaster, type Raster } from '../raster.js';
import { decodeLzw } from './gif/lzw.js';
import { countFrames, readGifStructure, type GifFrame } from './gif/structure.js';

/**
 * Reads the canvas size and counts frames without decoding pixels.
 *
 * @example
 * ```ts
 * probeGif(bytes); // { format: 'gif', width: 123, height: 456, frames: 1, lossy: false }
 * ```
 */
export function probeGif(bytes: Uint8Array): ImageHeader {
  const gif = readGifStructure(bytes);
  const header: ImageHeader = { format: 'gif', width: gif.width, height: gif.height, lossy: false };
  header.frames = countFrames(bytes, gif.frame.dataStart);
  return header;
}

/**
 * Decodes the first frame to RGBA. Throws `corrupt` for invalid LZW codes or structure,
 * `too_large` for a frame beyond the pixel budget, `truncated` for a file without pixel data.
 *
 * @example
 * ```ts
 * const raster = await decodeGif(bytes);
 * ```
 */
export async function decodeGif(bytes: Uint8Array): Promise<Raster> {
  const gif = readGifStructure(bytes);
  const frame = gif.frame;
  assertPixelBudget(gif.width, gif.height, 'GIF screen');
  const raster = createRaster(gif.width, gif.height);
  if (frame.width === 0 || frame.height === 0) return raster; // an empty frame draws nothing
  // The frame may claim more than the screen: gate it before allocating its index buffer.
  assertPixelBudget(frame.width, frame.height, 'GIF frame');
  if (!frame.colorTable) {
    throw new ImageError('corrupt', 'The GIF frame has neither a local nor a global colour table, so its pixels have no colours; the file is damaged.');
  }
  const data = gatherSubBlocks(bytes, frame.dataStart);
  if (data.length === 0) {
    throw new ImageError('truncated', 'The GIF file ends before the pixel data of its first frame; fetch the whole file.');
  }
  const indices = new Uint8Array(frame.width * frame.height);
  const { written } = decodeLzw(data, frame.minCodeSize, indices);
  compose(frame, indices, written, raster);
  return raster;
}

/**
 * Concatenates the image-data sub-blocks from `at` up to the zero terminator or the end of the
 * file (a partial last block is kept). The result is never longer than the file.
 */
function gatherSubBlocks(b: Uint8Array, at: number): Uint8Array {
  let total = 0;
  let p = at;
  while (p < b.length && b[p] !== 0) {
    const n = Math.min(b[p]!, b.length - p - 1);
    total += n;
    p += 1 + n;
  }
  const out = new Uint8Array(total);
  let o = 0;
  p = at;
  while (p < b.length && b[p] !== 0) {
    const n = Math.min(b[p]!, b.length - p - 1);
    out.set(b.subarray(p + 1, p + 1 + n), o);
    o += n;
    p += 1 + n;
  }
  return out;
}

/** Rows of an interlaced frame in the order they are stored: every 8th from 0, every 8th from 4, every 4th from 2, every 2nd from 1. */
function interlacedRowOrder(height: number): Uint32Array {
  const order = new Uint32Array(height);
  let i = 0;
  for (const [start, step] of [
    [0, 8],
    [4, 8],
    [2, 4],
    [1, 2],
  ] as const) {
    for (let y = start; y < height; y += step) order[i++] = y;
  }
  return order;
}

/**
 * Draws the first `written` decoded indices onto the canvas, clipped to it. Transparent-index
 * pixels and pixels never decoded stay transparent; indices past the colour table are opaque black.
 */
function compose(frame: GifFrame, indices: Uint8Array, written: number, raster: Raster): void {
  const palette = new Uint8Array(256 * 4);
  const table = frame.colorTable!;
  for (let i = 0; i < 256; i++) {
    if (i * 3 + 2 < table.length) palette.set(table.subarray(i * 3, i * 3 + 3), i * 4);
    palette[i * 4 + 3] = i === frame.transparentIndex ? 0 : 255;
  }
  const order = frame.interlaced ? interlacedRowOrder(frame.height) : undefined;
  const { width: canvasWidth, height: canvasHeight, data } = raster;
  const visibleWidth = Math.max(0, Math.min(frame.width, canvasWidth - frame.left));
  const rowsDecoded = Math.ceil(written / frame.width);
  for (let r = 0; r < rowsDecoded; r++) {
    const y = frame.top + (order ? order[r]! : r);
    if (y >= canvasHeight) continue;
    const rowStart = r * frame.width;
    const count = Math.min(visibleWidth, written - rowStart);
    let o = (y * canvasWidth + frame.left) * 4;
    for (let x = 0; x < count; x++, o += 4) {
      const p = indices[rowStart + x]! * 4;
      if (palette[p + 3] === 0) continue;
      data[o] = palette[p]!;
      data[o + 1] = palette[p + 1]!;
      data[o + 2] = palette[p + 2]!;
      data[o + 3] = 255;
    }
  }
}
