/**
 * Reduced inverse DCTs for decoding at 1/2, 1/4 and 1/8 scale straight from the coefficients: an
 * N-point IDCT (N = 4, 2, 1) of the lowest N×N frequencies gives an N×N block that approximates the
 * 8×8 block averaged down — without computing the 64 samples only to throw most away.
 *
 * The basis keeps the 8-point JPEG IDCT's weights, ½·C(u)·cos((2x + 1)uπ / 2N) with C(0) = 1/√2,
 * so a flat block of level a (DC = 8a) comes out as a at any N and low frequencies keep their amplitude.
 */

// ½·cos(π/4) = ½·C(0): the weight of the DC term (and of u = 2 at N = 4).
const HALF_SQRT_HALF = 0.5 * Math.SQRT1_2;
// ½·cos(π/8) and ½·cos(3π/8): the weights of u = 1 and u = 3 at N = 4.
const HALF_COS_PI_8 = 0.5 * Math.cos(Math.PI / 8);
const HALF_COS_3PI_8 = 0.5 * Math.cos((3 * Math.PI) / 8);

/** Column-pass results, 4×4 at most. */
const workspace = new Float64Array(16);

function limit(v: number): number {
  const r = Math.round(v) + 128;
  return r < 0 ? 0 : r > 255 ? 255 : r;
}

/**
 * Like `idct8x8`, but writes a `size`×`size` block (size 4, 2 or 1) from the low frequencies.
 *
 * @example
 * ```ts
 * idctScaled(coefficients, 0, quant, plane, offset, stride, 2); // a 2×2 block: 1/4 scale
 * ```
 */
export function idctScaled(
  coefficients: Int16Array,
  offset: number,
  quant: Int32Array,
  out: Uint8Array,
  outOffset: number,
  stride: number,
  size: number,
): void {
  const c = coefficients;
  const q = quant;
  if (size === 1) {
    out[outOffset] = limit((c[offset]! * q[0]!) / 8);
    return;
  }
  const ws = workspace;
  if (size === 2) {
    // Columns u = 0, 1 over rows v = 0, 1; then rows.
    for (let u = 0; u < 2; u++) {
      const f0 = c[offset + u]! * q[u]!;
      const f1 = c[offset + 8 + u]! * q[8 + u]!;
      ws[u] = HALF_SQRT_HALF * (f0 + f1);
      ws[2 + u] = HALF_SQRT_HALF * (f0 - f1);
    }
    for (let y = 0; y < 2; y++) {
      const f0 = ws[y * 2]!;
      const f1 = ws[y * 2 + 1]!;
      const o = outOffset + y * stride;
      out[o] = limit(HALF_SQRT_HALF * (f0 + f1));
      out[o + 1] = limit(HALF_SQRT_HALF * (f0 - f1));
    }
    return;
  }
  // size 4: even part from u = 0, 2, odd part from u = 1, 3.
  for (let u = 0; u < 4; u++) {
    const f0 = c[offset + u]! * q[u]!;
    const f1 = c[offset + 8 + u]! * q[8 + u]!;
    const f2 = c[offset + 16 + u]! * q[16 + u]!;
    const f3 = c[offset + 24 + u]! * q[24 + u]!;
    const e0 = HALF_SQRT_HALF * (f0 + f2);
    const e1 = HALF_SQRT_HALF * (f0 - f2);
    const o0 = HALF_COS_PI_8 * f1 + HALF_COS_3PI_8 * f3;
    const o1 = HALF_COS_3PI_8 * f1 - HALF_COS_PI_8 * f3;
    ws[u] = e0 + o0;
    ws[4 + u] = e1 + o1;
    ws[8 + u] = e1 - o1;
    ws[12 + u] = e0 - o0;
  }
  for (let y = 0; y < 4; y++) {
    const f0 = ws[y * 4]!;
    const f1 = ws[y * 4 + 1]!;
    const f2 = ws[y * 4 + 2]!;
    const f3 = ws[y * 4 + 3]!;
    const e0 = HALF_SQRT_HALF * (f0 + f2);
    const e1 = HALF_SQRT_HALF * (f0 - f2);
    const o0 = HALF_COS_PI_8 * f1 + HALF_COS_3PI_8 * f3;
    const o1 = HALF_COS_3PI_8 * f1 - HALF_COS_PI_8 * f3;
    const o = outOffset + y * stride;
    out[o] = limit(e0 + o0);
    out[o + 1] = limit(e1 + o1);
    out[o + 2] = limit(e1 - o1);
    out[o + 3] = limit(e0 - o0);
  }
}
