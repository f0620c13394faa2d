/**
 * BMP: every header generation (CORE, OS/2, INFO, V2–V5), 1/2/4/8/16/24/32 bits, BI_RGB,
 * bitfields with masks of any width, RLE8/RLE4, bottom-up and top-down — in our own code
 * (bmp-js gets alpha, RLE and 16-bit wrong).
 */
import type { ImageHeader } from '../format.js';
import { assertPixelBudget } from '../limits.js';
import { createRaster, type Raster } from '../raster.js';
import { readBmpLayout } from './bmp/header.js';
import { unpackBmpPixels } from './bmp/pixels.js';
import { expandBmpRle } from './bmp/rle.js';

/**
 * Reads the BMP's size from its headers (rows count as positive whether stored top-down or not).
 *
 * @example
 * ```ts
 * probeBmp(bytes); // { format: 'bmp', width: 123, height: 456, lossy: false }
 * ```
 */
export function probeBmp(bytes: Uint8Array): ImageHeader {
  const { width, height } = readBmpLayout(bytes);
  return { format: 'bmp', width, height, lossy: false };
}

/**
 * Decodes a BMP to RGBA. A 32-bit (or masked 16-bit) picture whose alpha channel is zero
 * everywhere is made opaque: most BMP writers leave the fourth byte 0, meaning "no alpha".
 * In RLE pictures, pixels the stream skips (delta, early end of line) stay transparent black.
 *
 * @example
 * ```ts
 * const raster = decodeBmp(bytes);
 * ```
 */
export function decodeBmp(bytes: Uint8Array): Raster {
  const layout = readBmpLayout(bytes);
  assertPixelBudget(layout.width, layout.height, 'BMP header');
  const raster = createRaster(layout.width, layout.height);
  if (layout.encoding === 'rle8' || layout.encoding === 'rle4') {
    expandBmpRle(bytes, layout, raster);
    return raster;
  }
  const { alphaSeen } = unpackBmpPixels(bytes, layout, raster);
  if (layout.masks[3].bits > 0 && layout.bitCount > 8 && !alphaSeen) {
    for (let i = 3; i < raster.data.length; i += 4) raster.data[i] = 255;
  }
  return raster;
}
