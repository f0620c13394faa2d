/**
 * idct8x8Corner (the 8×8 inverse DCT for blocks whose non-zero coefficients all lie in the top-left
 * 4×4) must write exactly the samples idct8x8 writes: on random corner blocks of every sparsity
 * (zero columns, rows the row pass shortcuts, dense corners) and on extreme coefficients and
 * 16-bit quantisers, as damaged or hostile files give, where the fixed-point sums overflow 32 bits.
 */
import { describe, expect, it } from 'vitest';
import { idct8x8, idct8x8Corner } from '../../src/imaging/decoders/jpeg/idct.js';

function random(seed: number): () => number {
  let s = seed;
  return () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) >>> 8) / 16777216;
}

describe('idct8x8Corner', () => {
  it('writes the bytes idct8x8 writes for every block confined to the top-left 4×4', () => {
    const next = random(4242);
    const stride = 16; // bytes per plane row: the block sits at column 8
    const got = new Uint8Array(stride * 8);
    const want = new Uint8Array(stride * 8);
    const quant = new Int32Array(64);
    const coefficients = new Int16Array(64);
    const ws = new Int32Array(64);
    let mismatches = 0;
    for (let trial = 0; trial < 20000; trial++) {
      coefficients.fill(0);
      const kind = trial % 5;
      // kind 4: extreme values (16-bit quantisers, full-range coefficients).
      for (let i = 0; i < 64; i++) quant[i] = 1 + Math.floor(next() * (kind === 4 ? 65535 : kind === 3 ? 255 : 20));
      const density = [0.05, 0.2, 0.5, 1, 0.6][kind]!;
      for (let r = 0; r < 4; r++) {
        for (let c = 0; c < 4; c++) {
          if ((r | c) !== 0 && next() >= density) continue;
          coefficients[r * 8 + c] = kind === 4 ? Math.floor(next() * 65536) - 32768 : Math.floor(next() * 200) - 100;
        }
      }
      // Both start from a workspace holding another block's leftovers: the corner IDCT must not read them.
      for (let i = 0; i < 64; i++) ws[i] = Math.floor(next() * 1e6);
      got.fill(7);
      want.fill(7);
      idct8x8(coefficients, 0, quant, new Uint32Array(want.buffer), 2, stride >> 2, ws);
      for (let i = 0; i < 64; i++) ws[i] = Math.floor(next() * 1e6);
      idct8x8Corner(coefficients, 0, quant, new Uint32Array(got.buffer), 2, stride >> 2, ws);
      if (got.some((v, i) => v !== want[i])) mismatches++;
    }
    expect(mismatches).toBe(0);
  });
});
