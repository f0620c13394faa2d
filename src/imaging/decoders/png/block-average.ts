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
  /** Scale 2 from RGB: per output column, the row above's packed channel sums R | G << 10 | B << 20. */
  private readonly pairSums: Uint32Array;

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
    this.pairSums = new Uint32Array(scale === 2 ? out.width : 0);
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
      this.halveRgb(rgb, y);
      return;
    }
    for (let x = 0, s = 0; x < width; x++, s += 3) {
      const k = (x >> shift) << 2;
      sums[k] = sums[k]! + rgb[s]!;
      sums[k + 1] = sums[k + 1]! + rgb[s + 1]!;
      sums[k + 2] = sums[k + 2]! + rgb[s + 2]!;
    }
    this.rowDone(y);
  }

  /**
   * Scale 2 from RGB, the common case (a 4K screenshot viewed at 1568): an even row stores its
   * pixel-pair sums, the odd row below adds its own and writes the pixels with a shift instead of
   * a division, so no sums are cleared or re-read. A last row without a partner is halved alone.
   *
   * Four pixels are read as three little-endian words and a pair's three channel sums (each at
   * most 4 × 255 < 2^10) are kept packed in one number, R | G << 10 | B << 20, so the loop does one
   * load per channel word and one store per output pixel instead of byte moves.
   */
  private halveRgb(rgb: Uint8Array, y: number): void {
    const { width, pairSums } = this;
    const pairs = width >> 1;
    const paired = (y & 1) === 1;
    const storing = !paired && y !== this.height - 1;
    const outAt = (y >> 1) * this.out.width;
    const data = this.out.data;
    let p = 0;
    if (LITTLE_ENDIAN && ((rgb.byteOffset | data.byteOffset) & 3) === 0) {
      const quads = width >> 2;
      const src = new Uint32Array(rgb.buffer, rgb.byteOffset, quads * 3);
      const dst = new Uint32Array(data.buffer, data.byteOffset + outAt * 4, quads * 2);
      for (let q = 0, w = 0; q < quads; q++, w += 3, p += 2) {
        const w0 = src[w]!;
        const w1 = src[w + 1]!;
        const w2 = src[w + 2]!;
        const a = ((w0 & 255) + (w0 >>> 24)) | ((((w0 >>> 8) & 255) + (w1 & 255)) << 10) | ((((w0 >>> 16) & 255) + ((w1 >>> 8) & 255)) << 20);
        const b = (((w1 >>> 16) & 255) + ((w2 >>> 8) & 255)) | (((w1 >>> 24) + ((w2 >>> 16) & 255)) << 10) | (((w2 & 255) + (w2 >>> 24)) << 20);
        if (storing) {
          pairSums[p] = a;
          pairSums[p + 1] = b;
        } else if (paired) {
          dst[p] = unpackQuarter(pairSums[p]! + a);
          dst[p + 1] = unpackQuarter(pairSums[p + 1]! + b);
        } else {
          dst[p] = unpackHalf(a);
          dst[p + 1] = unpackHalf(b);
        }
      }
    }
    // What the word loop left (or everything, on an unaligned row), a pair at a time from bytes.
    for (let s = p * 6; p < pairs; p++, s += 6) {
      const a = (rgb[s]! + rgb[s + 3]!) | ((rgb[s + 1]! + rgb[s + 4]!) << 10) | ((rgb[s + 2]! + rgb[s + 5]!) << 20);
      if (storing) pairSums[p] = a;
      else writeWord(data, (outAt + p) * 4, paired ? unpackQuarter(pairSums[p]! + a) : unpackHalf(a));
    }
    if ((width & 1) === 1) {
      const s = (width - 1) * 3;
      const a = rgb[s]! | (rgb[s + 1]! << 10) | (rgb[s + 2]! << 20);
      // A lone last column has one pixel per row: the pair of rows is halved, a lone corner copied.
      if (storing) pairSums[pairs] = a;
      else writeWord(data, (outAt + pairs) * 4, paired ? unpackHalf(pairSums[pairs]! + a) : unpackCopy(a));
    }
  }

  /** Writes the block row when `y` is its last source row, and clears the sums for the next. */
  private rowDone(y: number): void {
    const { scale, shift, width, height, sums } = this;
    if ((y & (scale - 1)) !== scale - 1 && y !== height - 1) return;
    const rows = y - ((y >> shift) << shift) + 1;
    const data = this.out.data;
    const outWidth = this.out.width;
    let o = (y >> shift) * outWidth * 4;
    // Whole blocks of an opaque picture divide by scale², a power of two: a shift (rounded half up).
    const fullColumns = rows === scale && this.opaque ? width >> shift : 0;
    const blockShift = shift << 1;
    const half = 1 << (blockShift - 1);
    for (let k = 0; k < fullColumns * 4; k += 4, o += 4) {
      data[o] = (sums[k]! + half) >> blockShift;
      data[o + 1] = (sums[k + 1]! + half) >> blockShift;
      data[o + 2] = (sums[k + 2]! + half) >> blockShift;
      data[o + 3] = 255;
    }
    for (let ox = fullColumns, k = fullColumns * 4; ox < outWidth; ox++, k += 4, o += 4) {
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

/** True when a Uint32Array stores its low byte first; the word paths depend on it. */
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** Packed sums of 4 pixels (R | G << 10 | B << 20) to an opaque RGBA word, each channel rounded half up. */
function unpackQuarter(t: number): number {
  const r = t + (2 | (2 << 10) | (2 << 20));
  return ((r >>> 2) & 255) | (((r >>> 12) & 255) << 8) | (((r >>> 22) & 255) << 16) | 0xff000000;
}

/** Packed sums of 2 pixels to an opaque RGBA word, rounded half up. */
function unpackHalf(t: number): number {
  const r = t + (1 | (1 << 10) | (1 << 20));
  return ((r >>> 1) & 255) | (((r >>> 11) & 255) << 8) | (((r >>> 21) & 255) << 16) | 0xff000000;
}

/** One packed pixel to an opaque RGBA word. */
function unpackCopy(t: number): number {
  return (t & 255) | (((t >>> 10) & 255) << 8) | (((t >>> 20) & 255) << 16) | 0xff000000;
}

/** Writes a little-endian RGBA word as four bytes (R first). */
function writeWord(data: Uint8Array, at: number, word: number): void {
  data[at] = word & 255;
  data[at + 1] = (word >>> 8) & 255;
  data[at + 2] = (word >>> 16) & 255;
  data[at + 3] = word >>> 24;
}
