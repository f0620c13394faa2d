/**
 * idct4x4 (the 1/2-scale inverse DCT written out for speed, four samples a word) must give exactly
 * the bytes of the general idctScaled at size 4: on random blocks of every sparsity its shortcuts
 * meet (whole zero columns, rows whose terms 1–3 come out zero, dense blocks) and on extreme
 * coefficients that the range limit clips.
 */
import { describe, expect, it } from 'vitest';
import { idct4x4, idctScaled } from '../../src/imaging/decoders/jpeg/idct-scaled.js';

function random(seed: number): () => number {
  let s = seed;
  return () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) >>> 8) / 16777216;
}

describe('idct4x4', () => {
  it('writes the bytes idctScaled(…, 4) writes, for sparse, dense and extreme blocks', () => {
    const next = random(12345);
    const stride = 12; // bytes per plane row: the block sits at column 4, row 1
    const wide = new Uint8Array(stride * 6);
    const words = new Uint32Array(wide.buffer);
    const expected = new Uint8Array(stride * 6);
    const quant = new Int32Array(64);
    const coefficients = new Int16Array(64);
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
      idct4x4(coefficients, 0, quant, words, (stride + 4) >> 2, stride >> 2);
      idctScaled(coefficients, 0, quant, expected, stride + 4, stride, 4, new Int32Array(16));
      for (let i = 0; i < wide.length; i++) if (wide[i] !== expected[i]) mismatches++;
    }
    expect(mismatches).toBe(0);
  });
});
