/**
 * TIFF: the first page, in our own code (utif needs pako through `require`, is not an ES module and
 * sizes buffers from unchecked tags). Classic and BigTIFF, both byte orders; strips and tiles;
 * none/LZW/deflate/PackBits/JPEG (new-style); horizontal predictor; 1–16-bit greyscale, RGB(A),
 * palette and CMYK. Every page and tile is gated before anything is allocated for it.
 */
import { ImageError } from '../errors.js';
import type { ImageHeader } from '../format.js';
import { assertPixelBudget } from '../limits.js';
import { createRaster, type Raster } from '../raster.js';
import { decodeBlockSamples } from './tiff/block.js';
import { countPages, readTiffHeader } from './tiff/ifd.js';
import { decodeJpegBlock } from './tiff/jpeg-block.js';
import { readFirstPage, readFirstPageSize } from './tiff/page.js';
import { writeBlock } from './tiff/to-rgba.js';

/**
 * Reads the first page's size and counts the pages (walking the directory chain only).
 *
 * @example
 * ```ts
 * probeTiff(bytes); // { format: 'tiff', width: 123, height: 456, lossy: false, frames: 1 }
 * ```
 */
export function probeTiff(bytes: Uint8Array): ImageHeader {
  const file = readTiffHeader(bytes);
  const { width, height, lossy } = readFirstPageSize(file);
  return { format: 'tiff', width, height, lossy, frames: countPages(file) };
}

/**
 * Decodes the first page of a TIFF to RGBA.
 *
 * @example
 * ```ts
 * const raster = await decodeTiff(bytes);
 * ```
 */
export async function decodeTiff(bytes: Uint8Array): Promise<Raster> {
  const file = readTiffHeader(bytes);
  const page = readFirstPage(file);
  assertPixelBudget(page.width, page.height, 'TIFF page');
  const first = page.blocks[0];
  if (first === undefined) throw new ImageError('corrupt', 'The TIFF page has no strips or tiles.');
  // A tile is decoded whole even where it overhangs the page, so its own size must pass the gate too.
  if (page.tiled) assertPixelBudget(first.width, first.rows, 'TIFF tile');
  const raster = createRaster(page.width, page.height);
  for (const block of page.blocks) {
    if (page.compression === 'jpeg') {
      const tile = decodeJpegBlock(bytes, page.jpegTables, block, page.colour === 'rgb');
      copyRgba(tile, block.x, block.y, raster);
    } else {
      const samples = await decodeBlockSamples(bytes, page, file.littleEndian, block);
      writeBlock(page, file.littleEndian, samples, block, raster);
    }
  }
  return raster;
}

/** Copies a decoded JPEG block into the page, clipped at the page's right and bottom edges. */
function copyRgba(tile: Raster, x: number, y: number, raster: Raster): void {
  const width = Math.min(tile.width, raster.width - x);
  const rows = Math.min(tile.height, raster.height - y);
  for (let row = 0; row < rows; row++) {
    const from = row * tile.width * 4;
    raster.data.set(tile.data.subarray(from, from + width * 4), ((y + row) * raster.width + x) * 4);
  }
}
