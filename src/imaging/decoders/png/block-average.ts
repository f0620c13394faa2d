/**
 * Shrink-on-load for PNG: rows are averaged in scale × scale blocks as they are decoded, so a
 * picture that will be shown shrunk never exists at full size (a 4K screenshot viewed at 1568 is
 * built as a 1920 × 1080 raster: a quarter of the pixels to write, and a quarter for the area
 * average that follows). The last block of a row or column may be narrower; it averages what it has.
 *
 * Colour is averaged premultiplied by alpha, as the area shrink does, so the RGB of transparent
 * pixels (often black garbage) does not darken what is visible. A source that cannot hold
 * transparency skips the alpha work.
 */
import type { Raster } from '../../raster.js';

/** The fractions a PNG may be decoded at: 1/1, 1/2, 1/4, 1/8 of each side (rounded up). */
export type PngScale = 1 | 2 | 4 | 8;

/**
 * Accumulates full-resolution rows into block sums and writes each finished row of blocks into
 * `out`, whose size is ceil(width / scale) × ceil(height / scale).
 *
 * @example
 * ```ts
 * const out = createRaster(Math.ceil(w / 2), Math.ceil(h / 2));
 * const blocks = new BlockAverager(w, h, 2, out, true);
 * for (let y = 0; y < h; y++) blocks.addRgba(rgbaRowOf(y), y);
 * ```
 */
export class BlockAverager {
  private readonly shift: number;
  /** Per output column: R, G, B, A sums (colour premultiplied unless the source is opaque). */
  private readonly sums: Uint32Array;

  constructor(
    private readonly width: number,
    private readonly height: number,
    private readonly scale: PngScale,
    private readonly out: Raster,
    /** True when no pixel can be translucent (no alpha channel and no tRNS): plain colour sums. */
    private readonly opaque: boolean,
  ) {
    this.shift = Math.log2(scale);
    this.sums = new Uint32Array(out.width * 4);
  }

  /** Adds full-resolution row `y` given as `width` RGBA pixels. Rows must come in order. */
  addRgba(rgba: Uint8Array, y: number): void {
    const { sums, shift, width } = this;
    if (this.opaque) {
      for (let x = 0, i = 0; x < width; x++, i += 4) {
        const k = (x >> shift) << 2;
        sums[k] = sums[k]! + rgba[i]!;
        sums[k + 1] = sums[k + 1]! + rgba[i + 1]!;
        sums[k + 2] = sums[k + 2]! + rgba[i + 2]!;
      }
    } else {
      for (let x = 0, i = 0; x < width; x++, i += 4) {
        const k = (x >> shift) << 2;
        const a = rgba[i + 3]!;
        if (a === 0) continue;
        sums[k] = sums[k]! + rgba[i]! * a;
        sums[k + 1] = sums[k + 1]! + rgba[i + 1]! * a;
        sums[k + 2] = sums[k + 2]! + rgba[i + 2]! * a;
        sums[k + 3] = sums[k + 3]! + a;
      }
    }
    this.rowDone(y);
  }

  /**
   * Adds full-resolution row `y` given as `width` packed 8-bit RGB pixels (an opaque source's
   * unfiltered scanline), without the RGBA expansion in between.
   */
  addRgb(rgb: Uint8Array, y: number): void {
    const { sums, shift, width } = this;
    if (shift === 1) {
      // Pairs of pixels: the common case (a 4K screenshot viewed at 1568), one output column per step.
      const pairs = width >> 1;
      for (let p = 0, s = 0, k = 0; p < pairs; p++, s += 6, k += 4) {
        sums[k] = sums[k]! + rgb[s]! + rgb[s + 3]!;
        sums[k + 1] = sums[k + 1]! + rgb[s + 1]! + rgb[s + 4]!;
        sums[k + 2] = sums[k + 2]! + rgb[s + 2]! + rgb[s + 5]!;
      }
      if (width & 1) {
        const s = (width - 1) * 3;
        const k = pairs << 2;
        sums[k] = sums[k]! + rgb[s]!;
        sums[k + 1] = sums[k + 1]! + rgb[s + 1]!;
        sums[k + 2] = sums[k + 2]! + rgb[s + 2]!;
      }
    } else {
      for (let x = 0, s = 0; x < width; x++, s += 3) {
        const k = (x >> shift) << 2;
        sums[k] = sums[k]! + rgb[s]!;
        sums[k + 1] = sums[k + 1]! + rgb[s + 1]!;
        sums[k + 2] = sums[k + 2]! + rgb[s + 2]!;
      }
    }
    this.rowDone(y);
  }

  /** Writes the block row when `y` is its last source row, and clears the sums for the next. */
  private rowDone(y: number): void {
    const { scale, shift, width, height, sums } = this;
    if ((y & (scale - 1)) !== scale - 1 && y !== height - 1) return;
    const rows = y - ((y >> shift) << shift) + 1;
    const data = this.out.data;
    const outWidth = this.out.width;
    let o = (y >> shift) * outWidth * 4;
    for (let ox = 0, k = 0; ox < outWidth; ox++, k += 4, o += 4) {
      const cols = Math.min(scale, width - (ox << shift));
      const count = rows * cols;
      if (this.opaque) {
        const half = count >> 1;
        data[o] = ((sums[k]! + half) / count) | 0;
        data[o + 1] = ((sums[k + 1]! + half) / count) | 0;
        data[o + 2] = ((sums[k + 2]! + half) / count) | 0;
        data[o + 3] = 255;
      } else {
        const alpha = sums[k + 3]!;
        // A block with no visible pixel stays transparent black (the raster is zeroed).
        if (alpha !== 0) {
          const half = alpha >> 1;
          data[o] = ((sums[k]! + half) / alpha) | 0;
          data[o + 1] = ((sums[k + 1]! + half) / alpha) | 0;
          data[o + 2] = ((sums[k + 2]! + half) / alpha) | 0;
          data[o + 3] = ((alpha + (count >> 1)) / count) | 0;
        }
      }
    }
    sums.fill(0);
  }
}
