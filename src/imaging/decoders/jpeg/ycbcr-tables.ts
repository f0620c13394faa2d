/**
 * Fixed-point tables for full-range YCbCr (JFIF, ITU-R BT.601) → RGB, shared by the converters.
 */

/** Fixed-point fraction bits of the YCbCr tables (as libjpeg: enough for exact 8-bit results). */
export const SCALE_BITS = 16;
const HALF = 1 << (SCALE_BITS - 1);
const fix = (x: number): number => Math.round(x * (1 << SCALE_BITS));

// ITU-R BT.601 full-range YCbCr → RGB (JFIF): R = Y + 1.402 Cr', G = Y − 0.34414 Cb' − 0.71414 Cr',
// B = Y + 1.772 Cb', where Cb' = Cb − 128 and Cr' = Cr − 128. Tabulated per chroma value.
export const CR_R = new Int32Array(256);
export const CB_B = new Int32Array(256);
export const CR_G = new Int32Array(256);
export const CB_G = new Int32Array(256);
for (let i = 0; i < 256; i++) {
  const x = i - 128;
  CR_R[i] = (fix(1.402) * x + HALF) >> SCALE_BITS;
  CB_B[i] = (fix(1.772) * x + HALF) >> SCALE_BITS;
  CR_G[i] = -fix(0.71414) * x;
  CB_G[i] = -fix(0.34414) * x + HALF;
}

/** Whether this machine stores the low byte of a 32-bit word first (then a pixel is one 32-bit store). */
export const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
/** Offset into CLAMP: colour conversion overshoots 0–255 by at most 227 below and 226 above. */
export const CLAMP_OFFSET = 384;
/** CLAMP[v + CLAMP_OFFSET] is v limited to 0–255: a table read is cheaper than two comparisons. */
export const CLAMP = new Uint8Array(1024);
for (let i = 0; i < CLAMP.length; i++) CLAMP[i] = Math.min(255, Math.max(0, i - CLAMP_OFFSET));
/** Opaque alpha in the top byte of a little-endian RGBA word, as a signed 32-bit value (0xff000000). */
export const ALPHA = -0x1000000;

/**
 * The same conversion as multiply-adds instead of table reads, with CLAMP_OFFSET folded in: for a
 * luma y and chroma values cb, cr, `CLAMP[y + ((cr * R_CR + R_ADD) >> SCALE_BITS)]` is red, exactly
 * what `CLAMP[y + CLAMP_OFFSET + CR_R[cr]]` gives (adding a multiple of 2^SCALE_BITS before an
 * arithmetic shift adds it after, so the fold is exact); likewise blue, and green as
 * `(G_ADD - cb * G_CB - cr * G_CR) >> SCALE_BITS`. Used where chroma differs per pixel (4:2:0
 * interpolated), where four table reads per pixel cost more than four multiplications.
 */
export const R_CR = fix(1.402);
export const R_ADD = HALF - 128 * R_CR + (CLAMP_OFFSET << SCALE_BITS);
export const B_CB = fix(1.772);
export const B_ADD = HALF - 128 * B_CB + (CLAMP_OFFSET << SCALE_BITS);
export const G_CB = fix(0.34414);
export const G_CR = fix(0.71414);
export const G_ADD = 128 * (G_CB + G_CR) + HALF + (CLAMP_OFFSET << SCALE_BITS);
