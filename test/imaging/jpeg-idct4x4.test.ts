/**
 * idct4x4 (the 1/2-scale inverse DCT written out for speed, four samples a word) must give exactly
 * the bytes of the plain 4-point IDCT below (two passes over a workspace, no shortcuts): on random
 * blocks of every sparsity its shortcuts meet (whole zero columns, rows whose terms 1–3 come out
 * zero, dense blocks) and on extreme coefficients that the range limit clips.
 */
import { describe, expect, it } from 'vitest';
import { idct4x4 } from '../../src/imaging/decoders/jpeg/idct-scaled.js';
import { RANGE_LIMIT } from '../../src/imaging/decoders/jpeg/idct.js';

/** The 4-point IDCT of dequantized coefficients as the formula reads: 13 fraction bits, 2 between passes. */
function reference4x4(c: Int32Array, out: Uint8Array, outOffset: number, stride: number): void {
  const [FIX_DC, FIX_C1, FIX_C3] = [2896, 3784, 1567];
  const ws = new Int32Array(16);
  const round1 = 1 << 10;
  for (let u = 0; u < 4; u++) {
    const [f0, f1, f2, f3] = [c[u]!, c[8 + u]!, c[16 + u]!, c[24 + u]!];
    const e0 = (f0 + f2) * FIX_DC;
    const e1 = (f0 - f2) * FIX_DC;
    const o0 = f1 * FIX_C1 + f3 * FIX_C3;
    const o1 = f1 * FIX_C3 - f3 * FIX_C1;
    ws[u] = (e0 + o0 + round1) >> 11;
    ws[4 + u] = (e1 + o1 + round1) >> 11;
    ws[8 + u] = (e1 - o1 + round1) >> 11;
    ws[12 + u] = (e0 - o0 + round1) >> 11;
  }
  const bias = (1 << 14) + (128 << 15);
  for (let y = 0, o = outOffset; y < 16; y += 4, o += stride) {
    const [f0, f1, f2, f3] = [ws[y]!, ws[y + 1]!, ws[y + 2]!, ws[y + 3]!];
    const e0 = (f0 + f2) * FIX_DC;
    const e1 = (f0 - f2) * FIX_DC;
    const o0 = f1 * FIX_C1 + f3 * FIX_C3;
    const o1 = f1 * FIX_C3 - f3 * FIX_C1;
    out[o] = RANGE_LIMIT[((e0 + o0 + bias) >> 15) & 1023]!;
    out[o + 1] = RANGE_LIMIT[((e1 + o1 + bias) >> 15) & 1023]!;
    out[o + 2] = RANGE_LIMIT[((e1 - o1 + bias) >> 15) & 1023]!;
    out[o + 3] = RANGE_LIMIT[((e0 - o0 + bias) >> 15) & 1023]!;
  }
}

function random(seed: number): () => number {
  let s = seed;
  return () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) >>> 8) / 16777216;
}

describe('idct4x4', () => {
  it('writes the bytes the plain 4-point IDCT writes, for sparse, dense and extreme blocks', () => {
    const next = random(12345);
    const stride = 12; // bytes per plane row: the block sits at column 4, row 1
    const wide = new Uint8Array(stride * 6);
    const words = new Uint32Array(wide.buffer);
    const expected = new Uint8Array(stride * 6);
    const quant = new Int32Array(64);
    const coefficients = new Int16Array(64);
    const dequantized = new Int32Array(64);
    let mismatches = 0;
    for (let trial = 0; trial < 20000; trial++) {
      coefficients.fill(0);
      const kind = trial % 5;
      for (let i = 0; i < 64; i++) quant[i] = 1 + Math.floor(next() * (kind === 4 ? 255 : 20));
      const dc = kind === 4 ? Math.floor(next() * 4095) - 2047 : Math.floor(next() * 200) - 100;
      coefficients[0] = dc;
      // 0: DC only; 1: first row only; 2: first column only; 3 and 4: anywhere in the 4×4, few or many.
      const count = kind === 0 ? 0 : 1 + Math.floor(next() * (kind >= 3 ? 15 : 3));
      for (let j = 0; j < count; j++) {
        const u = kind === 2 ? 0 : Math.floor(next() * 4);
        const v = kind === 1 ? 0 : Math.floor(next() * 4);
        const magnitude = kind === 4 ? 2047 : 6;
        coefficients[v * 8 + u] = Math.floor(next() * (2 * magnitude + 1)) - magnitude;
      }
      wide.fill(7);
      expected.fill(7);
      for (let i = 0; i < 64; i++) dequantized[i] = coefficients[i]! * quant[i]!;
      idct4x4(dequantized, words, (stride + 4) >> 2, stride >> 2);
      reference4x4(dequantized, expected, stride + 4, stride);
      for (let i = 0; i < wide.length; i++) if (wide[i] !== expected[i]) mismatches++;
    }
    expect(mismatches).toBe(0);
  });
});
