/**
 * Expands BMP RLE8 / RLE4 pixel data. Pixels the stream never writes (skipped by a delta or by an
 * early end of line / end of bitmap) stay transparent black: the format has no colour for them, and
 * transparent is what browsers show, so a model sees "nothing there" rather than an invented colour.
 */
import { ImageError } from '../../errors.js';
import type { Raster } from '../../raster.js';
import type { BmpLayout } from './header.js';
import { writePaletteEntry } from './pixels.js';

/** Escape codes following a zero count byte. */
const END_OF_LINE = 0;
const END_OF_BITMAP = 1;
const DELTA = 2;

/**
 * Fills `raster` (which must start zeroed) from RLE data. Work is bounded by the input: every step
 * consumes at least two bytes and writes at most one row's worth of pixels. Throws `truncated`
 * when the data ends before the last row is reached without an end-of-bitmap code.
 */
export function expandBmpRle(bytes: Uint8Array, layout: BmpLayout, raster: Raster): void {
  const { width, height, palette, paletteSize, pixelOffset, topDown } = layout;
  const nibbles = layout.encoding === 'rle4';
  const out = raster.data;
  let pos = pixelOffset;
  let x = 0;
  let y = 0;
  const put = (index: number): void => {
    if (x < width) {
      const row = topDown ? y : height - 1 - y;
      writePaletteEntry(palette, paletteSize, index, out, (row * width + x) * 4);
    }
    x++;
  };

  while (y < height) {
    if (pos + 2 > bytes.length) {
      throw new ImageError('truncated', `The BMP's ${nibbles ? 'RLE4' : 'RLE8'} data ends at row ${y} of ${height} without an end-of-bitmap code. Fetch the whole file again.`);
    }
    const count = bytes[pos]!;
    const value = bytes[pos + 1]!;
    pos += 2;
    if (count > 0) {
      // Encoded run: one index (RLE8) or two alternating nibbles (RLE4), clipped at the row's end.
      const n = Math.min(count, Math.max(0, width - x));
      for (let i = 0; i < n; i++) put(nibbles ? (i & 1 ? value & 0x0f : value >> 4) : value);
      x += count - n;
      continue;
    }
    if (value === END_OF_LINE) {
      x = 0;
      y++;
    } else if (value === END_OF_BITMAP) {
      return;
    } else if (value === DELTA) {
      if (pos + 2 > bytes.length) throw new ImageError('truncated', 'The BMP RLE data ends inside a delta code.');
      x += bytes[pos]!;
      y += bytes[pos + 1]!;
      pos += 2;
    } else {
      // Absolute run of `value` literal pixels, padded to a 16-bit boundary.
      const dataBytes = nibbles ? Math.ceil(value / 2) : value;
      if (pos + dataBytes > bytes.length) throw new ImageError('truncated', 'The BMP RLE data ends inside a literal run.');
      const n = Math.min(value, Math.max(0, width - x));
      for (let i = 0; i < n; i++) {
        put(nibbles ? (i & 1 ? bytes[pos + (i >> 1)]! & 0x0f : bytes[pos + (i >> 1)]! >> 4) : bytes[pos + i]!);
      }
      x += value - n;
      pos += dataBytes + (dataBytes & 1);
    }
  }
}
