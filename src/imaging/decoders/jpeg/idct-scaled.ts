/**
 * Reduced inverse DCTs for decoding at 1/2, 1/4 and 1/8 scale straight from the coefficients: an
 * N-point IDCT (N = 4, 2, 1) of the lowest N×N frequencies gives an N×N block that approximates the
 * 8×8 block averaged down — without computing the 64 samples only to throw most away.
 *
 * The basis keeps the 8-point JPEG IDCT's weights, ½·C(u)·cos((2x + 1)uπ / 2N) with C(0) = 1/√2,
 * so a flat block of level a (DC = 8a) comes out as a at any N and low frequencies keep their amplitude.
 * Integer arithmetic as in the full IDCT: constants with 13 fraction bits, 2 extra bits between passes.
 */
import * as idctModule from './idct.js';
import * as tables from './ycbcr-tables.js';
// Module-level copies of imported constants: TurboFan folds a module's own `const`s into the code
// (immediates, a table's fixed address and length) but re-reads an imported binding, with its type
// and map checks, at every use (see color-420.ts).
const { RANGE_LIMIT } = idctModule;
const { LITTLE_ENDIAN } = tables;

/** Where sample i (0–3) of a row of four goes in a 32-bit word of the host's byte order. */
const SHIFT0 = LITTLE_ENDIAN ? 0 : 24;
const SHIFT1 = LITTLE_ENDIAN ? 8 : 16;
const SHIFT2 = LITTLE_ENDIAN ? 16 : 8;
const SHIFT3 = LITTLE_ENDIAN ? 24 : 0;

const CONST_BITS = 13;
const PASS1_BITS = 2;
const FINAL_SHIFT = CONST_BITS + PASS1_BITS;
// ½·cos(π/4) = ½·C(0), the weight of the DC term (and of u = 2 at N = 4); ½·cos(π/8) and
// ½·cos(3π/8), the weights of u = 1 and u = 3 at N = 4; each × 2^13, rounded.
const FIX_DC = 2896;
const FIX_C1 = 3784;
const FIX_C3 = 1567;

/**
 * The sample a block holding only its DC term gives at any reduced size: DC × q / 8 (`dc` already
 * multiplied by its quantisation step q), level-shifted and limited (the N-point weights multiply
 * to exactly 1/8 for the DC term).
 *
 * @example
 * ```ts
 * plane[offset] = flatScaledSample(dequantized[0]); // a 1/8-scale decode's one sample of a block
 * ```
 */
export function flatScaledSample(dc: number): number {
  return RANGE_LIMIT[(((dc + 4) >> 3) + 128) & 1023]!;
}

/**
 * The reduced IDCT at size 2 or 1 (1/4, 1/8 scale; size 4 is `idct4x4`): a `size`×`size` block
 * from the low frequencies of `dequantized` (coefficient × quantisation step, natural order, as
 * every reduced-scale caller holds them: see `idct4x4`).
 *
 * @example
 * ```ts
 * idctScaled(dequantized, plane, offset, stride, 2); // a 2×2 block: 1/4 scale
 * ```
 */
export function idctScaled(dequantized: Int32Array, out: Uint8Array, outOffset: number, stride: number, size: number): void {
  const c = dequantized;
  const limit = RANGE_LIMIT;
  if (size === 1) {
    out[outOffset] = flatScaledSample(c[0]!);
    return;
  }
  // The 2-point weights multiply to 1/8 in 2-D: each sample is (±f00 ± f01 ± f10 ± f11) / 8.
  const f00 = c[0]!;
  const f01 = c[1]!;
  const f10 = c[8]!;
  const f11 = c[9]!;
  const top = f00 + f10;
  const bottom = f00 - f10;
  const topOdd = f01 + f11;
  const bottomOdd = f01 - f11;
  const bias = 4 + (128 << 3);
  out[outOffset] = limit[((top + topOdd + bias) >> 3) & 1023]!;
  out[outOffset + 1] = limit[((top - topOdd + bias) >> 3) & 1023]!;
  out[outOffset + stride] = limit[((bottom + bottomOdd + bias) >> 3) & 1023]!;
  out[outOffset + stride + 1] = limit[((bottom - bottomOdd + bias) >> 3) & 1023]!;
}

/**
 * The 4-point reduced IDCT (1/2 scale, the decode a view of a large photo takes) of `dequantized`:
 * coefficient × quantisation step, natural order, from index 0 (the top-left 4×4, indexes 0–27,
 * is read). The block decoder stores them so (decodeSequentialScaled in scan.ts), a multiplication
 * per coefficient decoded instead of sixteen loads and multiplications per block here (the 25 MP
 * view decode 1.09–1.14×); other callers dequantize the corner first (Component.storeBlock).
 * Written to the byte plane seen as 32-bit words `out` (word offset `outOffset`, rows `stride`
 * words apart): one store per row of four samples. A column whose rows 1–3 are zero, and a row
 * whose terms 1–3 are zero (most of them in a photo), take the constant the full formula gives
 * without its multiplications: the 25 MP photo's 1/2 decode 102.0 → 94.4 ms CPU. Written out in
 * straight lines, the 16 values between the passes in locals instead of a workspace array (stored
 * and reloaded, with bounds checks): 250 000 photo-like blocks 18.2 → 10.8 ms CPU (1.68×,
 * bench/view-idct.ts), the 1/2 decode 1.03×; a helper function per row (not inlined there) made
 * that decode 0.92× instead.
 *
 * @example
 * ```ts
 * idct4x4(dequantized, new Uint32Array(plane.buffer), (row * 4 * stride + col * 4) >> 2, stride >> 2);
 * ```
 */
export function idct4x4(
  dequantized: Int32Array,
  out: Uint32Array,
  outOffset: number,
  stride: number,
): void {
  const c = dequantized;
  const limit = RANGE_LIMIT;
  const round1 = 1 << (CONST_BITS - PASS1_BITS - 1);
  const shift1 = CONST_BITS - PASS1_BITS;
  const bias = (1 << (FINAL_SHIFT - 1)) + (128 << FINAL_SHIFT);
  let a00 = 0, a10 = 0, a20 = 0, a30 = 0;
  {
    const f0 = c[0]!;
    const f1 = c[8]!;
    const f2 = c[16]!;
    const f3 = c[24]!;
    if ((f1 | f2 | f3) === 0) {
      a00 = a10 = a20 = a30 = (f0 * FIX_DC + round1) >> shift1;
    } else {
      const e0 = (f0 + f2) * FIX_DC;
      const e1 = (f0 - f2) * FIX_DC;
      const o0 = f1 * FIX_C1 + f3 * FIX_C3;
      const o1 = f1 * FIX_C3 - f3 * FIX_C1;
      a00 = (e0 + o0 + round1) >> shift1;
      a10 = (e1 + o1 + round1) >> shift1;
      a20 = (e1 - o1 + round1) >> shift1;
      a30 = (e0 - o0 + round1) >> shift1;
    }
  }
  let a01 = 0, a11 = 0, a21 = 0, a31 = 0;
  {
    const f0 = c[1]!;
    const f1 = c[9]!;
    const f2 = c[17]!;
    const f3 = c[25]!;
    if ((f1 | f2 | f3) === 0) {
      a01 = a11 = a21 = a31 = (f0 * FIX_DC + round1) >> shift1;
    } else {
      const e0 = (f0 + f2) * FIX_DC;
      const e1 = (f0 - f2) * FIX_DC;
      const o0 = f1 * FIX_C1 + f3 * FIX_C3;
      const o1 = f1 * FIX_C3 - f3 * FIX_C1;
      a01 = (e0 + o0 + round1) >> shift1;
      a11 = (e1 + o1 + round1) >> shift1;
      a21 = (e1 - o1 + round1) >> shift1;
      a31 = (e0 - o0 + round1) >> shift1;
    }
  }
  let a02 = 0, a12 = 0, a22 = 0, a32 = 0;
  {
    const f0 = c[2]!;
    const f1 = c[10]!;
    const f2 = c[18]!;
    const f3 = c[26]!;
    if ((f1 | f2 | f3) === 0) {
      a02 = a12 = a22 = a32 = (f0 * FIX_DC + round1) >> shift1;
    } else {
      const e0 = (f0 + f2) * FIX_DC;
      const e1 = (f0 - f2) * FIX_DC;
      const o0 = f1 * FIX_C1 + f3 * FIX_C3;
      const o1 = f1 * FIX_C3 - f3 * FIX_C1;
      a02 = (e0 + o0 + round1) >> shift1;
      a12 = (e1 + o1 + round1) >> shift1;
      a22 = (e1 - o1 + round1) >> shift1;
      a32 = (e0 - o0 + round1) >> shift1;
    }
  }
  let a03 = 0, a13 = 0, a23 = 0, a33 = 0;
  {
    const f0 = c[3]!;
    const f1 = c[11]!;
    const f2 = c[19]!;
    const f3 = c[27]!;
    if ((f1 | f2 | f3) === 0) {
      a03 = a13 = a23 = a33 = (f0 * FIX_DC + round1) >> shift1;
    } else {
      const e0 = (f0 + f2) * FIX_DC;
      const e1 = (f0 - f2) * FIX_DC;
      const o0 = f1 * FIX_C1 + f3 * FIX_C3;
      const o1 = f1 * FIX_C3 - f3 * FIX_C1;
      a03 = (e0 + o0 + round1) >> shift1;
      a13 = (e1 + o1 + round1) >> shift1;
      a23 = (e1 - o1 + round1) >> shift1;
      a33 = (e0 - o0 + round1) >> shift1;
    }
  }
  if ((a01 | a02 | a03) === 0) {
    out[outOffset] = limit[((a00 * FIX_DC + bias) >> FINAL_SHIFT) & 1023]! * 0x01010101;
  } else {
    const e0 = (a00 + a02) * FIX_DC;
    const e1 = (a00 - a02) * FIX_DC;
    const o0 = a01 * FIX_C1 + a03 * FIX_C3;
    const o1 = a01 * FIX_C3 - a03 * FIX_C1;
    out[outOffset] =
      (limit[((e0 + o0 + bias) >> FINAL_SHIFT) & 1023]! << SHIFT0) |
      (limit[((e1 + o1 + bias) >> FINAL_SHIFT) & 1023]! << SHIFT1) |
      (limit[((e1 - o1 + bias) >> FINAL_SHIFT) & 1023]! << SHIFT2) |
      (limit[((e0 - o0 + bias) >> FINAL_SHIFT) & 1023]! << SHIFT3);
  }
  if ((a11 | a12 | a13) === 0) {
    out[outOffset + stride] = limit[((a10 * FIX_DC + bias) >> FINAL_SHIFT) & 1023]! * 0x01010101;
  } else {
    const e0 = (a10 + a12) * FIX_DC;
    const e1 = (a10 - a12) * FIX_DC;
    const o0 = a11 * FIX_C1 + a13 * FIX_C3;
    const o1 = a11 * FIX_C3 - a13 * FIX_C1;
    out[outOffset + stride] =
      (limit[((e0 + o0 + bias) >> FINAL_SHIFT) & 1023]! << SHIFT0) |
      (limit[((e1 + o1 + bias) >> FINAL_SHIFT) & 1023]! << SHIFT1) |
      (limit[((e1 - o1 + bias) >> FINAL_SHIFT) & 1023]! << SHIFT2) |
      (limit[((e0 - o0 + bias) >> FINAL_SHIFT) & 1023]! << SHIFT3);
  }
  if ((a21 | a22 | a23) === 0) {
    out[outOffset + 2 * stride] = limit[((a20 * FIX_DC + bias) >> FINAL_SHIFT) & 1023]! * 0x01010101;
  } else {
    const e0 = (a20 + a22) * FIX_DC;
    const e1 = (a20 - a22) * FIX_DC;
    const o0 = a21 * FIX_C1 + a23 * FIX_C3;
    const o1 = a21 * FIX_C3 - a23 * FIX_C1;
    out[outOffset + 2 * stride] =
      (limit[((e0 + o0 + bias) >> FINAL_SHIFT) & 1023]! << SHIFT0) |
      (limit[((e1 + o1 + bias) >> FINAL_SHIFT) & 1023]! << SHIFT1) |
      (limit[((e1 - o1 + bias) >> FINAL_SHIFT) & 1023]! << SHIFT2) |
      (limit[((e0 - o0 + bias) >> FINAL_SHIFT) & 1023]! << SHIFT3);
  }
  if ((a31 | a32 | a33) === 0) {
    out[outOffset + 3 * stride] = limit[((a30 * FIX_DC + bias) >> FINAL_SHIFT) & 1023]! * 0x01010101;
  } else {
    const e0 = (a30 + a32) * FIX_DC;
    const e1 = (a30 - a32) * FIX_DC;
    const o0 = a31 * FIX_C1 + a33 * FIX_C3;
    const o1 = a31 * FIX_C3 - a33 * FIX_C1;
    out[outOffset + 3 * stride] =
      (limit[((e0 + o0 + bias) >> FINAL_SHIFT) & 1023]! << SHIFT0) |
      (limit[((e1 + o1 + bias) >> FINAL_SHIFT) & 1023]! << SHIFT1) |
      (limit[((e1 - o1 + bias) >> FINAL_SHIFT) & 1023]! << SHIFT2) |
      (limit[((e0 - o0 + bias) >> FINAL_SHIFT) & 1023]! << SHIFT3);
  }
}
