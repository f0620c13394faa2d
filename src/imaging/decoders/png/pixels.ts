/**
 * Converts unfiltered PNG scanlines of any colour type and bit depth to 8-bit RGBA: expands
 * sub-byte samples, looks up palettes, applies tRNS (palette alpha or grey/RGB colour key) and
 * rounds 16-bit samples to 8 bits (v / 257, rounded).
 */
import type { Raster } from '../../raster.js';
import { BlockAverager, type PngScale } from './block-average.js';
import type { PngHeader } from './header.js';
import type { Pass } from './scanlines.js';

/** Writes `count` pixels of `row` as contiguous RGBA into `out` from index 0. */
type RowConverter = (row: Uint8Array, count: number, out: Uint8Array) => void;

/**
 * A 16-bit sample rounded to 8 bits: round(v / 257). 257 is odd, so v / 257 is never exactly
 * half-way and floor((v + 128) / 257) is the same rounding in integers.
 */
export function to8(v16: number): number {
  return ((v16 + 128) / 257) | 0;
}

/** Palette entries beyond PLTE read as opaque black, as browsers show them: never out of bounds. */
function paletteTable(plte: Uint8Array, trns: Uint8Array | undefined): Uint8Array {
  const table = new Uint8Array(256 * 4);
  for (let i = 0; i < 256; i++) table[i * 4 + 3] = 255;
  const entries = Math.min(256, Math.floor(plte.length / 3));
  for (let i = 0; i < entries; i++) {
    table[i * 4] = plte[i * 3]!;
    table[i * 4 + 1] = plte[i * 3 + 1]!;
    table[i * 4 + 2] = plte[i * 3 + 2]!;
  }
  if (trns) for (let i = 0; i < Math.min(256, trns.length); i++) table[i * 4 + 3] = trns[i]!;
  return table;
}

function u16(b: Uint8Array, at: number): number {
  return (b[at]! << 8) | b[at + 1]!;
}

/** True when a Uint32Array stores its low byte first; the word-wide RGB expansion below assumes it. */
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** Alpha 255 in the top byte of a little-endian RGBA word. */
const OPAQUE = 0xff000000;

/**
 * 8-bit RGB without a colour key to opaque RGBA (little-endian only). Four pixels are three source
 * words (R0G0B0R1 G1B1R2G2 B2R3G3B3) and four destination words, instead of seven byte moves
 * and a key comparison per pixel: the screenshot path's hottest loop after inflation. Unaligned
 * views fall back to bytes.
 */
function rgbToRgba(row: Uint8Array, count: number, out: Uint8Array): void {
  let i = 0;
  if (((row.byteOffset | out.byteOffset) & 3) === 0) {
    const groups = count >> 2;
    const src = new Uint32Array(row.buffer, row.byteOffset, groups * 3);
    const dst = new Uint32Array(out.buffer, out.byteOffset, groups * 4);
    for (let g = 0, s = 0, d = 0; g < groups; g++, s += 3, d += 4) {
      const w0 = src[s]!;
      const w1 = src[s + 1]!;
      const w2 = src[s + 2]!;
      dst[d] = w0 | OPAQUE;
      dst[d + 1] = (w0 >>> 24) | ((w1 & 0xffff) << 8) | OPAQUE;
      dst[d + 2] = (w1 >>> 16) | ((w2 & 0xff) << 16) | OPAQUE;
      dst[d + 3] = (w2 >>> 8) | OPAQUE;
    }
    i = groups * 4;
  }
  for (let s = i * 3, o = i * 4; i < count; i++, s += 3, o += 4) {
    out[o] = row[s]!;
    out[o + 1] = row[s + 1]!;
    out[o + 2] = row[s + 2]!;
    out[o + 3] = 255;
  }
}

/** Picks the converter for one colour type / bit depth combination. */
function converterFor(h: PngHeader, plte: Uint8Array | undefined, trns: Uint8Array | undefined): RowConverter {
  const depth = h.bitDepth;
  switch (h.colorType) {
    case 0: {
      const key = trns ? u16(trns, 0) : -1;
      if (depth === 16) {
        return (row, count, out) => {
          for (let i = 0, o = 0; i < count; i++, o += 4) {
            const v = u16(row, i * 2);
            const g = to8(v);
            out[o] = g;
            out[o + 1] = g;
            out[o + 2] = g;
            out[o + 3] = v === key ? 0 : 255;
          }
        };
      }
      // Depths 1, 2, 4, 8: scale the sample to 0–255 (×255, ×85, ×17, ×1).
      const max = (1 << depth) - 1;
      const scale = 255 / max;
      const perByte = 8 / depth;
      return (row, count, out) => {
        for (let i = 0, o = 0; i < count; i++, o += 4) {
          const shift = 8 - depth * ((i % perByte) + 1);
          const v = (row[(i / perByte) | 0]! >> shift) & max;
          const g = v * scale;
          out[o] = g;
          out[o + 1] = g;
          out[o + 2] = g;
          out[o + 3] = v === key ? 0 : 255;
        }
      };
    }
    case 2: {
      const keyR = trns ? u16(trns, 0) : -1;
      const keyG = trns ? u16(trns, 2) : -1;
      const keyB = trns ? u16(trns, 4) : -1;
      if (depth === 16) {
        return (row, count, out) => {
          for (let i = 0, o = 0; i < count; i++, o += 4) {
            const r = u16(row, i * 6);
            const g = u16(row, i * 6 + 2);
            const b = u16(row, i * 6 + 4);
            out[o] = to8(r);
            out[o + 1] = to8(g);
            out[o + 2] = to8(b);
            out[o + 3] = r === keyR && g === keyG && b === keyB ? 0 : 255;
          }
        };
      }
      if (!trns && LITTLE_ENDIAN) return rgbToRgba;
      return (row, count, out) => {
        for (let i = 0, s = 0, o = 0; i < count; i++, s += 3, o += 4) {
          const r = row[s]!;
          const g = row[s + 1]!;
          const b = row[s + 2]!;
          out[o] = r;
          out[o + 1] = g;
          out[o + 2] = b;
          out[o + 3] = r === keyR && g === keyG && b === keyB ? 0 : 255;
        }
      };
    }
    case 3: {
      const table = paletteTable(plte ?? new Uint8Array(0), trns);
      const max = (1 << depth) - 1;
      const perByte = 8 / depth;
      return (row, count, out) => {
        for (let i = 0, o = 0; i < count; i++, o += 4) {
          const index = depth === 8 ? row[i]! : (row[(i / perByte) | 0]! >> (8 - depth * ((i % perByte) + 1))) & max;
          const t = index * 4;
          out[o] = table[t]!;
          out[o + 1] = table[t + 1]!;
          out[o + 2] = table[t + 2]!;
          out[o + 3] = table[t + 3]!;
        }
      };
    }
    case 4:
      if (depth === 16) {
        return (row, count, out) => {
          for (let i = 0, o = 0; i < count; i++, o += 4) {
            const g = to8(u16(row, i * 4));
            out[o] = g;
            out[o + 1] = g;
            out[o + 2] = g;
            out[o + 3] = to8(u16(row, i * 4 + 2));
          }
        };
      }
      return (row, count, out) => {
        for (let i = 0, o = 0; i < count; i++, o += 4) {
          const g = row[i * 2]!;
          out[o] = g;
          out[o + 1] = g;
          out[o + 2] = g;
          out[o + 3] = row[i * 2 + 1]!;
        }
      };
    case 6:
      if (depth === 16) {
        return (row, count, out) => {
          for (let i = 0; i < count * 4; i++) out[i] = to8(u16(row, i * 2));
        };
      }
      return (row, count, out) => out.set(row.subarray(0, count * 4));
  }
}

/**
 * Returns the sink that writes each unfiltered row (of a pass) into the raster.
 *
 * @example
 * ```ts
 * const rows = new ScanlineAssembler(passes, h.bitsPerPixel, rowWriter(h, raster, plte, trns));
 * ```
 */
export function rowWriter(
  h: PngHeader,
  raster: Raster,
  plte: Uint8Array | undefined,
  trns: Uint8Array | undefined,
): (row: Uint8Array, pass: Pass, rowIndex: number) => void {
  const convert = converterFor(h, plte, trns);
  const stride = raster.width * 4;
  const data = raster.data;
  /** Interlaced rows are converted here first, then spread with the pass's step. */
  const scratch = h.interlaced ? new Uint8Array(Math.ceil(raster.width / 2) * 4 + 4) : new Uint8Array(0);
  return (row, pass, rowIndex) => {
    const y = pass.y0 + rowIndex * pass.dy;
    if (pass.dx === 1) {
      convert(row, pass.width, data.subarray(y * stride, y * stride + pass.width * 4));
      return;
    }
    convert(row, pass.width, scratch);
    let o = y * stride + pass.x0 * 4;
    const step = pass.dx * 4;
    for (let i = 0; i < pass.width; i++, o += step) {
      data[o] = scratch[i * 4]!;
      data[o + 1] = scratch[i * 4 + 1]!;
      data[o + 2] = scratch[i * 4 + 2]!;
      data[o + 3] = scratch[i * 4 + 3]!;
    }
  };
}

/**
 * Like `rowWriter`, for a non-interlaced picture decoded at 1/`scale` of each side: each row is
 * averaged into `out` (ceil(width / scale) × ceil(height / scale)) block by block as it arrives.
 * 8-bit RGB rows are summed straight from the scanline; other types go through one RGBA row.
 *
 * @example
 * ```ts
 * const rows = new ScanlineAssembler(passes, h.bitsPerPixel, shrinkingRowWriter(h, small, plte, trns, 2));
 * ```
 */
export function shrinkingRowWriter(
  h: PngHeader,
  out: Raster,
  plte: Uint8Array | undefined,
  trns: Uint8Array | undefined,
  scale: PngScale,
): (row: Uint8Array, pass: Pass, rowIndex: number) => void {
  const blocks = new BlockAverager(h.width, h.height, scale, out, canBeOpaqueOnly(h, trns));
  if (h.colorType === 2 && h.bitDepth === 8 && !trns) return (row, _pass, y) => blocks.addRgb(row, y);
  const convert = converterFor(h, plte, trns);
  const rgba = new Uint8Array(h.width * 4);
  return (row, _pass, y) => {
    convert(row, h.width, rgba);
    blocks.addRgba(rgba, y);
  };
}

/** True when no pixel of the picture can be translucent: no alpha channel and no tRNS chunk. */
export function canBeOpaqueOnly(h: PngHeader, trns: Uint8Array | undefined): boolean {
  return h.colorType !== 4 && h.colorType !== 6 && !trns;
}

/**
 * Turns Apple CgBI pixels (BGR(A), alpha premultiplied) into ordinary RGBA in place: swaps red and
 * blue and divides colour by alpha (rounded, clamped — premultiplied data can hold colour > alpha).
 *
 * @example
 * ```ts
 * if (png.apple) fromAppleCgbi(raster.data);
 * ```
 */
export function fromAppleCgbi(data: Uint8Array): void {
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3]!;
    const b = data[i]!;
    let r = data[i + 2]!;
    let g = data[i + 1]!;
    let bl = b;
    if (a === 0) {
      r = g = bl = 0;
    } else if (a < 255) {
      r = Math.min(255, Math.round((r * 255) / a));
      g = Math.min(255, Math.round((g * 255) / a));
      bl = Math.min(255, Math.round((bl * 255) / a));
    }
    data[i] = r;
    data[i + 1] = g;
    data[i + 2] = bl;
  }
}
