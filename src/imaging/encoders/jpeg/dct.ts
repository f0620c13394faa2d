/**
 * Forward 8×8 DCT with quantisation fused in.
 *
 * The transform is the Arai–Agui–Nakajima factorisation: 5 multiplications per 8-point pass instead
 * of 64, at the price of leaving every output scaled by a known factor s(u)·s(v)·8. That factor is
 * folded into the quantisation divisors once per table (`quantReciprocals`), so quantising costs
 * one multiplication per coefficient and the scaling costs nothing.
 */

/** cos(π/4): the even-part rotation. */
const C4 = Math.SQRT1_2;
/** Odd-part rotation constants: AAN shares one product (z5) between the two rotated outputs. */
const C6 = 0.3826834323650898; // cos(3π/8)
const C2_MINUS_C6 = 0.5411961001461969; // cos(π/8) − cos(3π/8)
const C2_PLUS_C6 = 1.3065629648763766; // cos(π/8) + cos(3π/8)

/** AAN output scale per frequency k: 1 for DC, cos(kπ/16)·√2 otherwise. */
const AAN_SCALE: Float64Array = (() => {
  const s = new Float64Array(8);
  s[0] = 1;
  for (let k = 1; k < 8; k++) s[k] = Math.cos((k * Math.PI) / 16) * Math.SQRT2;
  return s;
})();

/**
 * Reciprocal divisors in natural order: coefficient (u, v) comes out of the AAN passes scaled by
 * s(u)·s(v)·8, so it is multiplied by 1 / (quant·s(u)·s(v)·8).
 */
export function quantReciprocals(quant: Uint8Array): Float64Array {
  const r = new Float64Array(64);
  for (let u = 0; u < 8; u++) {
    for (let v = 0; v < 8; v++) r[u * 8 + v] = 1 / (quant[u * 8 + v]! * AAN_SCALE[u]! * AAN_SCALE[v]! * 8);
  }
  return r;
}

/**
 * Rounding without Math.round: adding OFFSET + ½ makes every quantised value positive, so `| 0`
 * (truncation) is floor, and floor(v + ½) is round-half-up. 16384 exceeds any quantised coefficient:
 * DCT coefficients of 8-bit samples stay within ±2048 (T.81 A.3.3) and every divisor is ≥ 1.
 */
const ROUND_OFFSET = 16384;
const ROUND_BIAS = ROUND_OFFSET + 0.5;

/**
 * The quantised DC of a block whose 64 samples all equal `sample`: 64·sample, exactly what the
 * passes compute for it (every difference is 0, so every AC coefficient is 0).
 *
 * @example
 * ```ts
 * coefficients[0] = flatDc(-128, quantReciprocals(table)); // a black block
 * ```
 */
export function flatDc(sample: number, reciprocals: Float64Array): number {
  return ((64 * sample * reciprocals[0]! + ROUND_BIAS) | 0) - ROUND_OFFSET;
}

/**
 * Transforms the 8×8 block of level-shifted samples (−128..127) whose top-left sample is
 * plane[start], rows `stride` apart, using `d` (64 doubles) as scratch, and writes the quantised
 * coefficients to `out` in natural (row-major) order; the entropy coder reads them in zig-zag order.
 * Returns how far in zig-zag order the coder has to look: 1 when every AC coefficient is zero, 25
 * when every nonzero coefficient lies in the top-left 4×4 (whose cells all have zig-zag positions
 * ≤ 24), else 64. The coder reads nothing from that zig-zag position on, which is what lets the
 * flat shortcut below write out[0] alone (the rest of `out` keeps the previous block's values).
 *
 * A flat block (every sample equal: most of a screenshot) skips the transform: its only nonzero
 * output is DC = 64·sample, which is exactly what the passes would compute (all differences are 0).
 *
 * The two passes are written out in full (no helper, no stride arithmetic): this function runs
 * once per 64 pixels and is the encoder's hottest code.
 *
 * @example
 * ```ts
 * const end = forwardDctQuantize(plane, 0, width, new Float64Array(64), quantReciprocals(table), coefficients);
 * ```
 */
export function forwardDctQuantize(
  plane: Int16Array,
  start: number,
  stride: number,
  d: Float64Array,
  reciprocals: Float64Array,
  out: Int32Array,
): number {
  const first = plane[start]!;
  flat: {
    for (let r = 0, p = start; r < 8; r++, p += stride) {
      for (let c = 0; c < 8; c++) if (plane[p + c] !== first) break flat;
    }
    out[0] = flatDc(first, reciprocals);
    return 1;
  }
  // Pass 1: rows, read straight from the plane.
  for (let i = 0, p = start; i < 64; i += 8, p += stride) {
    const s0 = plane[p]!, s1 = plane[p + 1]!, s2 = plane[p + 2]!, s3 = plane[p + 3]!;
    const s4 = plane[p + 4]!, s5 = plane[p + 5]!, s6 = plane[p + 6]!, s7 = plane[p + 7]!;
    const t0 = s0 + s7;
    const t7 = s0 - s7;
    const t1 = s1 + s6;
    const t6 = s1 - s6;
    const t2 = s2 + s5;
    const t5 = s2 - s5;
    const t3 = s3 + s4;
    const t4 = s3 - s4;
    const e10 = t0 + t3;
    const e13 = t0 - t3;
    const e11 = t1 + t2;
    const e12 = t1 - t2;
    d[i] = e10 + e11;
    d[i + 4] = e10 - e11;
    const z1 = (e12 + e13) * C4;
    d[i + 2] = e13 + z1;
    d[i + 6] = e13 - z1;
    const o10 = t4 + t5;
    const o11 = t5 + t6;
    const o12 = t6 + t7;
    const z5 = (o10 - o12) * C6;
    const z2 = C2_MINUS_C6 * o10 + z5;
    const z4 = C2_PLUS_C6 * o12 + z5;
    const z3 = o11 * C4;
    const z11 = t7 + z3;
    const z13 = t7 - z3;
    d[i + 5] = z13 + z2;
    d[i + 3] = z13 - z2;
    d[i + 1] = z11 + z4;
    d[i + 7] = z11 - z4;
  }
  // Pass 2: columns, quantised as they come out and stored in natural order (a zig-zag scatter here
  // cost a table load per coefficient; the coder walks the zig-zag anyway).
  const q = reciprocals;
  // OR of every coefficient outside the top-left 4×4 (rows 4–7, or columns 4–7): when it is zero,
  // the block's nonzero coefficients all sit within zig-zag positions 0–24 and the coder stops there.
  let outer = 0;
  // OR of every AC coefficient inside that 4×4: when it is zero too, the block is DC only.
  let inner = 0;
  for (let i = 0; i < 8; i++) {
    const t0 = d[i]! + d[i + 56]!;
    const t7 = d[i]! - d[i + 56]!;
    const t1 = d[i + 8]! + d[i + 48]!;
    const t6 = d[i + 8]! - d[i + 48]!;
    const t2 = d[i + 16]! + d[i + 40]!;
    const t5 = d[i + 16]! - d[i + 40]!;
    const t3 = d[i + 24]! + d[i + 32]!;
    const t4 = d[i + 24]! - d[i + 32]!;
    const e10 = t0 + t3;
    const e13 = t0 - t3;
    const e11 = t1 + t2;
    const e12 = t1 - t2;
    const v0 = (((e10 + e11) * q[i]! + ROUND_BIAS) | 0) - ROUND_OFFSET;
    out[i] = v0;
    const v4 = (((e10 - e11) * q[i + 32]! + ROUND_BIAS) | 0) - ROUND_OFFSET;
    out[i + 32] = v4;
    const z1 = (e12 + e13) * C4;
    const v2 = (((e13 + z1) * q[i + 16]! + ROUND_BIAS) | 0) - ROUND_OFFSET;
    out[i + 16] = v2;
    const v6 = (((e13 - z1) * q[i + 48]! + ROUND_BIAS) | 0) - ROUND_OFFSET;
    out[i + 48] = v6;
    const o10 = t4 + t5;
    const o11 = t5 + t6;
    const o12 = t6 + t7;
    const z5 = (o10 - o12) * C6;
    const z2 = C2_MINUS_C6 * o10 + z5;
    const z4 = C2_PLUS_C6 * o12 + z5;
    const z3 = o11 * C4;
    const z11 = t7 + z3;
    const z13 = t7 - z3;
    const v5 = (((z13 + z2) * q[i + 40]! + ROUND_BIAS) | 0) - ROUND_OFFSET;
    out[i + 40] = v5;
    const v3 = (((z13 - z2) * q[i + 24]! + ROUND_BIAS) | 0) - ROUND_OFFSET;
    out[i + 24] = v3;
    const v1 = (((z11 + z4) * q[i + 8]! + ROUND_BIAS) | 0) - ROUND_OFFSET;
    out[i + 8] = v1;
    const v7 = (((z11 - z4) * q[i + 56]! + ROUND_BIAS) | 0) - ROUND_OFFSET;
    out[i + 56] = v7;
    // Rows 4–7 always count; rows 0–3 only in columns 4–7, where −(i >> 2) is −1 (all bits) rather than 0.
    outer |= v4 | v5 | v6 | v7 | ((v0 | v1 | v2 | v3) & -(i >> 2));
    // Row 0 of column 0 is DC: −((i + 7) >> 3) is 0 for column 0 and −1 for the rest.
    inner |= v1 | v2 | v3 | (v0 & -((i + 7) >> 3));
  }
  return outer !== 0 ? 64 : inner !== 0 ? 25 : 1;
}
