/**
 * Turns the decoded component planes into RGBA: upsampling (see upsample.ts) and colour conversion
 * fused row by row, so no full-size intermediate plane is ever allocated.
 */
import type { Component } from './component.js';
import { isYcbcr420, ycbcr420ToRgba32, ycbcr420ToRgba32Replicated, ycbcr420ToWords32Replicated } from './color-420.js';
import { RowSource } from './upsample.js';
import * as tables from './ycbcr-tables.js';
// Module-level copies of imported constants: TurboFan folds a module's own `const`s into the code
// (immediates, a table's fixed address and length) but re-reads an imported binding, with its type
// and map checks, at every use. The 4:2:0 conversion alone: 6.05 -> 4.1 ns per pixel.
const { ALPHA, CB_B, CB_G, CLAMP, CLAMP_OFFSET, CR_G, CR_R, LITTLE_ENDIAN, SCALE_BITS } = tables;

/** How the components encode colour, decided from the component count, JFIF/Adobe markers and ids. */
export type ColorModel = 'grey' | 'ycbcr' | 'rgb' | 'cmyk' | 'ycck';

/**
 * What the rows are written as: a colour model converted to RGB, or 'ycbcr-unconverted' — YCbCr
 * left as (Y, Cb, Cr, 255) words for a caller that shrinks first and converts the few pixels
 * left (the view job: 4× fewer pixels to convert for the 25 MP photo decoded at 1/2).
 */
export type RowModel = ColorModel | 'ycbcr-unconverted';

/**
 * Writes rows `y0` up to (not including) `y1` of the `width`×`height` RGBA picture into `out` from
 * the planes of `components`, row y at row y − `base` of `out` (a band buffer holds rows from `base`). Rows can be converted in any order and any number of batches, so the
 * decoder can convert each band while its samples are still in cache.
 * `invertedCmyk`: the file has an Adobe APP14 marker, so its CMYK is stored inverted (255 = no ink),
 * as Photoshop writes it.
 */
export function planesToRgba(
  components: Component[],
  model: RowModel,
  invertedCmyk: boolean,
  width: number,
  height: number,
  maxH: number,
  maxV: number,
  out: Uint8ClampedArray,
  y0 = 0,
  y1 = height,
  base = 0,
): void {
  const out32 = LITTLE_ENDIAN && out.byteOffset % 4 === 0 ? new Uint32Array(out.buffer, out.byteOffset, out.length >> 2) : null;
  if (model === 'ycbcr' && out32 !== null && isYcbcr420(components)) {
    // Decoded smaller, the picture is being shrunk anyway: chroma is replicated, not interpolated.
    if (components[0]!.blockSize < 8) ycbcr420ToRgba32Replicated(components, width, out32, y0, y1, base);
    else ycbcr420ToRgba32(components, width, out32, y0, y1, base);
    return;
  }
  if (model === 'ycbcr-unconverted' && out32 !== null && isYcbcr420(components) && components[0]!.blockSize < 8) {
    ycbcr420ToWords32Replicated(components, width, out32, y0, y1, base);
    return;
  }
  const sources = components.map((c) => new RowSource(c, maxH, maxV, width));
  const s0 = sources[0]!;
  for (let y = y0, o = (y0 - base) * width * 4; y < y1; y++, o += width * 4) {
    if (model === 'grey') {
      greyRow(s0.data, s0.row(y), out, o, width);
      continue;
    }
    const s1 = sources[1]!;
    const s2 = sources[2]!;
    const ao = s0.row(y);
    const bo = s1.row(y);
    const co = s2.row(y);
    if (model === 'ycbcr') {
      if (out32 !== null) ycbcrRow32(s0.data, ao, s1.data, bo, s2.data, co, out32, o >> 2, width);
      else ycbcrRow(s0.data, ao, s1.data, bo, s2.data, co, out, o, width);
    }
    else if (model === 'rgb' || model === 'ycbcr-unconverted') rgbRow(s0.data, ao, s1.data, bo, s2.data, co, out, o, width);
    else {
      const s3 = sources[3]!;
      cmykRow(s0.data, ao, s1.data, bo, s2.data, co, s3.data, s3.row(y), out, o, width, model === 'ycck', invertedCmyk);
    }
  }
}

// One small function per colour model and row: each stays monomorphic and is optimised on its own.

function greyRow(g: Uint8Array, go: number, out: Uint8ClampedArray, o: number, width: number): void {
  for (let x = 0; x < width; x++, o += 4) {
    const v = g[go + x]!;
    out[o] = v;
    out[o + 1] = v;
    out[o + 2] = v;
    out[o + 3] = 255;
  }
}

function ycbcrRow(
  a: Uint8Array, ao: number, b: Uint8Array, bo: number, c: Uint8Array, co: number,
  out: Uint8ClampedArray, o: number, width: number,
): void {
  for (let x = 0; x < width; x++, o += 4) {
    const luma = a[ao + x]!;
    const cb = b[bo + x]!;
    const cr = c[co + x]!;
    out[o] = luma + CR_R[cr]!;
    out[o + 1] = luma + ((CB_G[cb]! + CR_G[cr]!) >> SCALE_BITS);
    out[o + 2] = luma + CB_B[cb]!;
    out[o + 3] = 255;
  }
}

function ycbcrRow32(
  a: Uint8Array, ao: number, b: Uint8Array, bo: number, c: Uint8Array, co: number,
  out: Uint32Array, o: number, width: number,
): void {
  // Module bindings are re-read (with a hole check) on every use inside the loop; locals are not.
  const clamp = CLAMP;
  const crR = CR_R;
  const cbB = CB_B;
  const cbG = CB_G;
  const crG = CR_G;
  for (let x = 0; x < width; x++) {
    const luma = a[ao + x]! + CLAMP_OFFSET;
    const cb = b[bo + x]!;
    const cr = c[co + x]!;
    const red = clamp[luma + crR[cr]!]!;
    const green = clamp[luma + ((cbG[cb]! + crG[cr]!) >> SCALE_BITS)]!;
    const blue = clamp[luma + cbB[cb]!]!;
    out[o + x] = ALPHA | (blue << 16) | (green << 8) | red;
  }
}

function rgbRow(
  a: Uint8Array, ao: number, b: Uint8Array, bo: number, c: Uint8Array, co: number,
  out: Uint8ClampedArray, o: number, width: number,
): void {
  for (let x = 0; x < width; x++, o += 4) {
    out[o] = a[ao + x]!;
    out[o + 1] = b[bo + x]!;
    out[o + 2] = c[co + x]!;
    out[o + 3] = 255;
  }
}

function cmykRow(
  a: Uint8Array, ao: number, b: Uint8Array, bo: number, c: Uint8Array, co: number,
  k: Uint8Array, ko: number, out: Uint8ClampedArray, o: number, width: number, ycck: boolean, inverted: boolean,
): void {
  for (let x = 0; x < width; x++, o += 4) {
    let c0 = a[ao + x]!;
    let c1 = b[bo + x]!;
    let c2 = c[co + x]!;
    let key = k[ko + x]!;
    if (ycck) {
      // YCCK is YCbCr of (255 − C, 255 − M, 255 − Y) with K alongside (libjpeg's definition).
      const luma = c0;
      const cb = c1;
      const cr = c2;
      c0 = 255 - clamp(luma + CR_R[cr]!);
      c1 = 255 - clamp(luma + ((CB_G[cb]! + CR_G[cr]!) >> SCALE_BITS));
      c2 = 255 - clamp(luma + CB_B[cb]!);
    }
    if (!inverted) {
      c0 = 255 - c0;
      c1 = 255 - c1;
      c2 = 255 - c2;
      key = 255 - key;
    }
    // Now 255 means no ink: each channel is the light both its ink and black let through.
    out[o] = (c0 * key) / 255; // the clamped store rounds
    out[o + 1] = (c1 * key) / 255;
    out[o + 2] = (c2 * key) / 255;
    out[o + 3] = 255;
  }
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : v;
}
