/**
 * The common case fused: 4:2:0 YCbCr straight to RGBA words. Chroma is upsampled with the same
 * triangle filter as `upsample.ts` ('h2v2'), but each pair of chroma values goes directly into the
 * colour conversion of its two pixels instead of through row buffers.
 */
import type { Component } from './component.js';
import { ALPHA, CB_B, CB_G, CLAMP, CLAMP_OFFSET, CR_G, CR_R, SCALE_BITS } from './ycbcr-tables.js';

/** True when `components` is Y at 2×2 with Cb and Cr at 1×1: the layout `ycbcr420ToRgba32` handles. */
export function isYcbcr420(components: Component[]): boolean {
  const [y, cb, cr] = components;
  return components.length === 3 && y!.h === 2 && y!.v === 2 && cb!.h === 1 && cb!.v === 1 && cr!.h === 1 && cr!.v === 1;
}

/**
 * Converts 4:2:0 planes to `width`×`height` RGBA, one 32-bit little-endian word per pixel.
 *
 * @example
 * ```ts
 * if (isYcbcr420(components)) ycbcr420ToRgba32(components, width, height, new Uint32Array(rgba.buffer));
 * ```
 */
export function ycbcr420ToRgba32(components: Component[], width: number, height: number, out: Uint32Array): void {
  const [luma, cb, cr] = components as [Component, Component, Component];
  const lastRow = cb.sampleHeight - 1;
  for (let y = 0; y < height; y++) {
    const cy = y >> 1;
    // The nearer neighbouring chroma row: above for even rows, below for odd ones (edges repeat).
    const ny = Math.min(Math.max((y & 1) === 1 ? cy + 1 : cy - 1, 0), lastRow);
    row420(luma.plane, y * luma.stride, cb.plane, cr.plane, cy * cb.stride, ny * cb.stride, cb.sampleWidth, out, y * width, width);
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
  let cbCur = 3 * cbPlane[base]! + cbPlane[neighbour]!;
  let crCur = 3 * crPlane[base]! + crPlane[neighbour]!;
  let cbPrev = cbCur;
  let crPrev = crCur;
  for (let i = 0; i < n; i++) {
    const more = i + 1 < n;
    const cbNext = more ? 3 * cbPlane[base + i + 1]! + cbPlane[neighbour + i + 1]! : cbCur;
    const crNext = more ? 3 * crPlane[base + i + 1]! + crPlane[neighbour + i + 1]! : crCur;
    const x = 2 * i;
    let blue = (3 * cbCur + cbPrev + 8) >> 4;
    let red = (3 * crCur + crPrev + 8) >> 4;
    let l = lumaPlane[lumaOffset + x]! + CLAMP_OFFSET;
    out[o + x] =
      ALPHA |
      (CLAMP[l + CB_B[blue]!]! << 16) |
      (CLAMP[l + ((CB_G[blue]! + CR_G[red]!) >> SCALE_BITS)]! << 8) |
      CLAMP[l + CR_R[red]!]!;
    if (x + 1 < width) {
      blue = (3 * cbCur + cbNext + 7) >> 4;
      red = (3 * crCur + crNext + 7) >> 4;
      l = lumaPlane[lumaOffset + x + 1]! + CLAMP_OFFSET;
      out[o + x + 1] =
        ALPHA |
        (CLAMP[l + CB_B[blue]!]! << 16) |
        (CLAMP[l + ((CB_G[blue]! + CR_G[red]!) >> SCALE_BITS)]! << 8) |
        CLAMP[l + CR_R[red]!]!;
    }
    cbPrev = cbCur;
    crPrev = crCur;
    cbCur = cbNext;
    crCur = crNext;
  }
}
