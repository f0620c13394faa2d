/**
 * The common case fused: 4:2:0 YCbCr straight to RGBA words. Chroma is upsampled with the same
 * triangle filter as `upsample.ts` ('h2v2'), but each pair of chroma values goes directly into the
 * colour conversion of its two pixels instead of through row buffers.
 */
import type { Component } from './component.js';
import * as tables from './ycbcr-tables.js';
// Module-level copies of imported constants: TurboFan folds a module's own `const`s into the code
// (immediates, a table's fixed address and length) but re-reads an imported binding, with its type
// and map checks, at every use. The 4:2:0 conversion alone: 6.05 -> 4.1 ns per pixel.
const { ALPHA, B_ADD, B_CB, CB_B, CB_G, CLAMP, CLAMP_OFFSET, CR_G, CR_R, G_ADD, G_CB, G_CR, R_ADD, R_CR, SCALE_BITS } = tables;

/** True when `components` is Y at 2×2 with Cb and Cr at 1×1: the layout `ycbcr420ToRgba32` handles. */
export function isYcbcr420(components: ReadonlyArray<{ readonly h: number; readonly v: number }>): boolean {
  const [y, cb, cr] = components;
  return components.length === 3 && y!.h === 2 && y!.v === 2 && cb!.h === 1 && cb!.v === 1 && cr!.h === 1 && cr!.v === 1;
}

/**
 * Converts rows `y0` up to (not including) `y1` of 4:2:0 planes to RGBA `width` pixels wide, one
 * 32-bit little-endian word per pixel; row y goes to row y − `base` of `out`.
 *
 * @example
 * ```ts
 * if (isYcbcr420(components)) ycbcr420ToRgba32(components, width, new Uint32Array(rgba.buffer), 0, height);
 * ```
 */
export function ycbcr420ToRgba32(components: Component[], width: number, out: Uint32Array, y0: number, y1: number, base = 0): void {
  const [luma, cb, cr] = components as [Component, Component, Component];
  const lastRow = cb.sampleHeight - 1;
  // Planes may be rings (Component.planeRows): row r at (r % planeRows) × stride. A ring holds
  // whole MCU rows, an even number of luma rows, so rows y and y + 1 (y even) stay adjacent.
  const lumaRows = luma.planeRows;
  const chromaRows = cb.planeRows;
  const chromaStride = cb.stride;
  for (let y = y0; y < y1; ) {
    const cy = y >> 1;
    const chroma = (cy % chromaRows) * chromaStride;
    if ((y & 1) === 0 && y + 1 < y1) {
      // Both rows of this chroma row at once: they share its samples and the loop around them.
      const above = (Math.max(cy - 1, 0) % chromaRows) * chromaStride;
      const below = (Math.min(cy + 1, lastRow) % chromaRows) * chromaStride;
      rows420(luma.plane, (y % lumaRows) * luma.stride, luma.stride, cb.plane, cr.plane, chroma, above, below, cb.sampleWidth, out, (y - base) * width, width);
      y += 2;
      continue;
    }
    // The nearer neighbouring chroma row: above for even rows, below for odd ones (edges repeat).
    const ny = Math.min(Math.max((y & 1) === 1 ? cy + 1 : cy - 1, 0), lastRow);
    row420(luma.plane, (y % lumaRows) * luma.stride, cb.plane, cr.plane, chroma, (ny % chromaRows) * chromaStride, cb.sampleWidth, out, (y - base) * width, width);
    y++;
  }
}

function row420(
  lumaPlane: Uint8Array,
  lumaOffset: number,
  cbPlane: Uint8Array,
  crPlane: Uint8Array,
  base: number,
  neighbour: number,
  n: number,
  out: Uint32Array,
  o: number,
  width: number,
): void {
  // Module bindings are re-read (with a hole check) on every use inside the loop; locals are not.
  const clamp = CLAMP;
  const crR = CR_R;
  const cbB = CB_B;
  const cbG = CB_G;
  const crG = CR_G;
  let cbCur = 3 * cbPlane[base]! + cbPlane[neighbour]!;
  let crCur = 3 * crPlane[base]! + crPlane[neighbour]!;
  let cbPrev = cbCur;
  let crPrev = crCur;
  // Two pixels per chroma pair; the pair after the last is the last again (the edge repeats), and
  // an odd width's final pair writes only its left pixel. One loop with no edge branch but the
  // clamp of `next`, so the optimiser sees a single steady shape.
  const pairs = width >> 1;
  let x = 0;
  for (let i = 0; i < pairs; i++, x += 2) {
    const j = i + 1 < n ? i + 1 : i;
    const cbNext = 3 * cbPlane[base + j]! + cbPlane[neighbour + j]!;
    const crNext = 3 * crPlane[base + j]! + crPlane[neighbour + j]!;
    let blue = (3 * cbCur + cbPrev + 8) >> 4;
    let red = (3 * crCur + crPrev + 8) >> 4;
    let l = lumaPlane[lumaOffset + x]! + 384;
    out[o + x] =
      -0x1000000 | (clamp[l + cbB[blue]!]! << 16) | (clamp[l + ((cbG[blue]! + crG[red]!) >> 16)]! << 8) | clamp[l + crR[red]!]!;
    blue = (3 * cbCur + cbNext + 7) >> 4;
    red = (3 * crCur + crNext + 7) >> 4;
    l = lumaPlane[lumaOffset + x + 1]! + 384;
    out[o + x + 1] =
      -0x1000000 | (clamp[l + cbB[blue]!]! << 16) | (clamp[l + ((cbG[blue]! + crG[red]!) >> 16)]! << 8) | clamp[l + crR[red]!]!;
    cbPrev = cbCur;
    crPrev = crCur;
    cbCur = cbNext;
    crCur = crNext;
  }
  if (x < width) {
    const blue = (3 * cbCur + cbPrev + 8) >> 4;
    const red = (3 * crCur + crPrev + 8) >> 4;
    const l = lumaPlane[lumaOffset + x]! + 384;
    out[o + x] =
      -0x1000000 | (clamp[l + cbB[blue]!]! << 16) | (clamp[l + ((cbG[blue]! + crG[red]!) >> 16)]! << 8) | clamp[l + crR[red]!]!;
  }
}

/**
 * Converts an even output row and the odd one below it, which share chroma row `base` (see row420).
 * Interpolated chroma differs per pixel, so its colour terms are multiply-adds (R_CR … G_ADD, exact
 * equivalents of the tables) rather than four table reads per pixel: full decodes 1.07–1.13×
 * faster (grid 4×4 40.7 → 46.1, strip 39.1 → 41.7, 25 MP photo 54.2 → 59.8 MP/CPU-s, alternated).
 */
function rows420(
  lumaPlane: Uint8Array,
  lumaOffset: number,
  lumaStride: number,
  cbPlane: Uint8Array,
  crPlane: Uint8Array,
  base: number,
  above: number,
  below: number,
  n: number,
  out: Uint32Array,
  o: number,
  width: number,
): void {
  const clamp = CLAMP;
  const alpha = ALPHA;
  const shift = SCALE_BITS;
  const rCr = R_CR;
  const rAdd = R_ADD;
  const bCb = B_CB;
  const bAdd = B_ADD;
  const gCb = G_CB;
  const gCr = G_CR;
  const gAdd = G_ADD;
  const lumaBelow = lumaOffset + lumaStride;
  const oBelow = o + width;
  // Vertically blended chroma (3 × this row + the neighbour) of the current column, upper and lower.
  let cbMid = 3 * cbPlane[base]!;
  let crMid = 3 * crPlane[base]!;
  let cbUp = cbMid + cbPlane[above]!;
  let crUp = crMid + crPlane[above]!;
  let cbDown = cbMid + cbPlane[below]!;
  let crDown = crMid + crPlane[below]!;
  let cbUpPrev = cbUp;
  let crUpPrev = crUp;
  let cbDownPrev = cbDown;
  let crDownPrev = crDown;
  const pairs = width >> 1;
  let x = 0;
  for (let i = 0; i < pairs; i++, x += 2) {
    // The column after the last is the last again (the edge repeats).
    const j = i + 1 < n ? i + 1 : i;
    cbMid = 3 * cbPlane[base + j]!;
    crMid = 3 * crPlane[base + j]!;
    const cbUpNext = cbMid + cbPlane[above + j]!;
    const crUpNext = crMid + crPlane[above + j]!;
    const cbDownNext = cbMid + cbPlane[below + j]!;
    const crDownNext = crMid + crPlane[below + j]!;

    let blue = (3 * cbUp + cbUpPrev + 8) >> 4;
    let red = (3 * crUp + crUpPrev + 8) >> 4;
    let l = lumaPlane[lumaOffset + x]!;
    out[o + x] =
      alpha |
      (clamp[l + ((Math.imul(blue, bCb) + bAdd) >> shift)]! << 16) |
      (clamp[l + ((gAdd - Math.imul(blue, gCb) - Math.imul(red, gCr)) >> shift)]! << 8) |
      clamp[l + ((Math.imul(red, rCr) + rAdd) >> shift)]!;
    blue = (3 * cbUp + cbUpNext + 7) >> 4;
    red = (3 * crUp + crUpNext + 7) >> 4;
    l = lumaPlane[lumaOffset + x + 1]!;
    out[o + x + 1] =
      alpha |
      (clamp[l + ((Math.imul(blue, bCb) + bAdd) >> shift)]! << 16) |
      (clamp[l + ((gAdd - Math.imul(blue, gCb) - Math.imul(red, gCr)) >> shift)]! << 8) |
      clamp[l + ((Math.imul(red, rCr) + rAdd) >> shift)]!;

    blue = (3 * cbDown + cbDownPrev + 8) >> 4;
    red = (3 * crDown + crDownPrev + 8) >> 4;
    l = lumaPlane[lumaBelow + x]!;
    out[oBelow + x] =
      alpha |
      (clamp[l + ((Math.imul(blue, bCb) + bAdd) >> shift)]! << 16) |
      (clamp[l + ((gAdd - Math.imul(blue, gCb) - Math.imul(red, gCr)) >> shift)]! << 8) |
      clamp[l + ((Math.imul(red, rCr) + rAdd) >> shift)]!;
    blue = (3 * cbDown + cbDownNext + 7) >> 4;
    red = (3 * crDown + crDownNext + 7) >> 4;
    l = lumaPlane[lumaBelow + x + 1]!;
    out[oBelow + x + 1] =
      alpha |
      (clamp[l + ((Math.imul(blue, bCb) + bAdd) >> shift)]! << 16) |
      (clamp[l + ((gAdd - Math.imul(blue, gCb) - Math.imul(red, gCr)) >> shift)]! << 8) |
      clamp[l + ((Math.imul(red, rCr) + rAdd) >> shift)]!;

    cbUpPrev = cbUp;
    crUpPrev = crUp;
    cbDownPrev = cbDown;
    crDownPrev = crDown;
    cbUp = cbUpNext;
    crUp = crUpNext;
    cbDown = cbDownNext;
    crDown = crDownNext;
  }
  if (x < width) {
    // An odd width: the final pair has only its left pixel.
    let blue = (3 * cbUp + cbUpPrev + 8) >> 4;
    let red = (3 * crUp + crUpPrev + 8) >> 4;
    let l = lumaPlane[lumaOffset + x]!;
    out[o + x] =
      alpha |
      (clamp[l + ((Math.imul(blue, bCb) + bAdd) >> shift)]! << 16) |
      (clamp[l + ((gAdd - Math.imul(blue, gCb) - Math.imul(red, gCr)) >> shift)]! << 8) |
      clamp[l + ((Math.imul(red, rCr) + rAdd) >> shift)]!;
    blue = (3 * cbDown + cbDownPrev + 8) >> 4;
    red = (3 * crDown + crDownPrev + 8) >> 4;
    l = lumaPlane[lumaBelow + x]!;
    out[oBelow + x] =
      alpha |
      (clamp[l + ((Math.imul(blue, bCb) + bAdd) >> shift)]! << 16) |
      (clamp[l + ((gAdd - Math.imul(blue, gCb) - Math.imul(red, gCr)) >> shift)]! << 8) |
      clamp[l + ((Math.imul(red, rCr) + rAdd) >> shift)]!;
  }
}

/**
 * Like `ycbcr420ToRgba32` for a picture decoded at a reduced scale: each chroma sample colours its
 * 2×2 pixels as it is (replicated, not interpolated). The caller shrinks such a picture further by
 * averaging, which smooths chroma more than the interpolation would; the colour terms are then
 * computed once per four pixels instead of per pixel.
 *
 * @example
 * ```ts
 * if (isYcbcr420(components)) ycbcr420ToRgba32Replicated(components, width, new Uint32Array(rgba.buffer), 0, height);
 * ```
 */
export function ycbcr420ToRgba32Replicated(components: Component[], width: number, out: Uint32Array, y0: number, y1: number, base = 0): void {
  const [luma, cb, cr] = components as [Component, Component, Component];
  for (let y = y0; y < y1; ) {
    // An even row and the odd one below share their chroma row: both at once, so each chroma
    // pair's three colour terms serve four pixels instead of two (with the IDCT change, the 25 MP
    // photo's 1/2 decode went from about 94 to 85 ms CPU when this was added).
    const both = (y & 1) === 0 && y + 1 < y1;
    // Ring planes (Component.planeRows) hold whole MCU rows: rows y and y + 1 (y even) stay adjacent.
    const l0 = (y % luma.planeRows) * luma.stride;
    const chroma = ((y >> 1) % cb.planeRows) * cb.stride;
    rowsReplicated(luma.plane, l0, both ? luma.stride : 0, cb.plane, cr.plane, chroma, out, (y - base) * width, both ? width : 0, width);
    y += both ? 2 : 1;
  }
}

/**
 * One output row (`lumaStep` and `oStep` 0: the second row's stores repeat the first's) or two
 * (`lumaStep` = the luma stride, `oStep` = width) coloured by chroma row `chroma`, replicated.
 */
function rowsReplicated(
  lumaPlane: Uint8Array,
  l0: number,
  lumaStep: number,
  cbPlane: Uint8Array,
  crPlane: Uint8Array,
  chroma: number,
  out: Uint32Array,
  o: number,
  oStep: number,
  width: number,
): void {
  const clamp = CLAMP;
  const crR = CR_R;
  const cbB = CB_B;
  const cbG = CB_G;
  const crG = CR_G;
  const alpha = ALPHA;
  const offset = CLAMP_OFFSET;
  const shift = SCALE_BITS;
  const pairs = width >> 1;
  const l1 = l0 + lumaStep;
  const o1 = o + oStep;
  let x = 0;
  for (let i = 0; i < pairs; i++, x += 2) {
    const blue = cbPlane[chroma + i]!;
    const red = crPlane[chroma + i]!;
    const rOffset = crR[red]! + offset;
    const gOffset = ((cbG[blue]! + crG[red]!) >> shift) + offset;
    const bOffset = cbB[blue]! + offset;
    let l = lumaPlane[l0 + x]!;
    out[o + x] = alpha | (clamp[l + bOffset]! << 16) | (clamp[l + gOffset]! << 8) | clamp[l + rOffset]!;
    l = lumaPlane[l0 + x + 1]!;
    out[o + x + 1] = alpha | (clamp[l + bOffset]! << 16) | (clamp[l + gOffset]! << 8) | clamp[l + rOffset]!;
    l = lumaPlane[l1 + x]!;
    out[o1 + x] = alpha | (clamp[l + bOffset]! << 16) | (clamp[l + gOffset]! << 8) | clamp[l + rOffset]!;
    l = lumaPlane[l1 + x + 1]!;
    out[o1 + x + 1] = alpha | (clamp[l + bOffset]! << 16) | (clamp[l + gOffset]! << 8) | clamp[l + rOffset]!;
  }
  if (x < width) {
    // An odd width: the last chroma sample colours one pixel of each row.
    const blue = cbPlane[chroma + pairs]!;
    const red = crPlane[chroma + pairs]!;
    let l = lumaPlane[l0 + x]! + offset;
    out[o + x] = alpha | (clamp[l + cbB[blue]!]! << 16) | (clamp[l + ((cbG[blue]! + crG[red]!) >> shift)]! << 8) | clamp[l + crR[red]!]!;
    l = lumaPlane[l1 + x]! + offset;
    out[o1 + x] = alpha | (clamp[l + cbB[blue]!]! << 16) | (clamp[l + ((cbG[blue]! + crG[red]!) >> shift)]! << 8) | clamp[l + crR[red]!]!;
  }
}

/**
 * `ycbcr420ToRgba32Replicated` without the colour conversion: each pixel becomes the word
 * (Y, Cb, Cr, 255), chroma replicated over its 2×2 pixels, for a caller that shrinks first and
 * converts afterwards (`RowModel` 'ycbcr-unconverted').
 */
export function ycbcr420ToWords32Replicated(components: Component[], width: number, out: Uint32Array, y0: number, y1: number, base = 0): void {
  const [luma, cb, cr] = components as [Component, Component, Component];
  for (let y = y0; y < y1; ) {
    const both = (y & 1) === 0 && y + 1 < y1;
    const l0 = (y % luma.planeRows) * luma.stride;
    const chroma = ((y >> 1) % cb.planeRows) * cb.stride;
    wordsReplicated(luma.plane, l0, both ? luma.stride : 0, cb.plane, cr.plane, chroma, out, (y - base) * width, both ? width : 0, width);
    y += both ? 2 : 1;
  }
}

/** `rowsReplicated` without the conversion: one or two rows of (Y, Cb, Cr, 255) words. */
function wordsReplicated(
  lumaPlane: Uint8Array,
  l0: number,
  lumaStep: number,
  cbPlane: Uint8Array,
  crPlane: Uint8Array,
  chroma: number,
  out: Uint32Array,
  o: number,
  oStep: number,
  width: number,
): void {
  const alpha = ALPHA;
  const pairs = width >> 1;
  const l1 = l0 + lumaStep;
  const o1 = o + oStep;
  let x = 0;
  for (let i = 0; i < pairs; i++, x += 2) {
    const c = alpha | (crPlane[chroma + i]! << 16) | (cbPlane[chroma + i]! << 8);
    out[o + x] = c | lumaPlane[l0 + x]!;
    out[o + x + 1] = c | lumaPlane[l0 + x + 1]!;
    out[o1 + x] = c | lumaPlane[l1 + x]!;
    out[o1 + x + 1] = c | lumaPlane[l1 + x + 1]!;
  }
  if (x < width) {
    const c = alpha | (crPlane[chroma + pairs]! << 16) | (cbPlane[chroma + pairs]! << 8);
    out[o + x] = c | lumaPlane[l0 + x]!;
    out[o1 + x] = c | lumaPlane[l1 + x]!;
  }
}
