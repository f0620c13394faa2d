/**
 * RGBA → level-shifted YCbCr (JFIF / BT.601 full range) for one strip of MCU rows, reading each
 * pixel as one 32-bit word and compositing non-opaque pixels over white on the way, so there is
 * no separate alpha pass over the raster and no composited copy of it.
 *
 * Edge replication: columns past the right edge repeat the last column and rows past the bottom
 * repeat the last row, so partial MCUs carry no artificial edge that would cost bits and ring.
 *
 * Fixed point, 16 fractional bits: each coefficient triple is rounded so it sums exactly to
 * 65536 (Y) or 0 (Cb, Cr), so a grey pixel gets Cb = Cr = 0 exactly. Every value written is the
 * component minus 128, ready for the DCT.
 */

// Y = 0.299 R + 0.587 G + 0.114 B
const Y_R = 19595;
const Y_G = 38470;
const Y_B = 7471;
// Cb = −0.168736 R − 0.331264 G + 0.5 B (+128, cancelled by the level shift)
const CB_R = -11059;
const CB_G = -21709;
const CB_B = 32768;
// Cr = 0.5 R − 0.418688 G − 0.081312 B
const CR_R = 32768;
const CR_G = -27439;
const CR_B = -5329;

/** Word layout differs by host byte order; little-endian (every mainstream JS host) reads R in the low byte. */
export const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * The raster's pixels as little-endian words 0xAABBGGRR: a view when the bytes are 4-aligned on a
 * little-endian host (the usual case, no copy), otherwise an aligned, byte-order-fixed copy.
 */
export function pixelWords(data: Uint8Array, pixels: number): Int32Array {
  if (LITTLE_ENDIAN && (data.byteOffset & 3) === 0) return new Int32Array(data.buffer, data.byteOffset, pixels);
  const words = new Int32Array(pixels);
  for (let i = 0, p = 0; i < pixels; i++, p += 4) {
    words[i] = data[p]! | (data[p + 1]! << 8) | (data[p + 2]! << 16) | (data[p + 3]! << 24);
  }
  return words;
}

/**
 * A non-opaque pixel composited over white: c·a/255 + 255·(1 − a/255) per channel, rounded
 * (integer form, +127 rounds), returned opaque. Rare in practice, so kept out of the hot loop body.
 */
function overWhite(word: number): number {
  const a = word >>> 24;
  const background = 255 * (255 - a) + 127;
  const r = (((word & 0xff) * a + background) / 255) | 0;
  const g = ((((word >>> 8) & 0xff) * a + background) / 255) | 0;
  const b = ((((word >>> 16) & 0xff) * a + background) / 255) | 0;
  return r | (g << 8) | (b << 16) | -16777216;
}

/** Where each padded column reads its pixel: word index min(x, width − 1) within a row. */
export function columnIndex(width: number, paddedWidth: number): Int32Array {
  const index = new Int32Array(paddedWidth);
  for (let x = 0; x < paddedWidth; x++) index[x] = Math.min(x, width - 1);
  return index;
}

/** Fills an 8-row strip for 4:4:4: three planes of paddedWidth × 8. */
export function fill444(
  words: Int32Array,
  width: number,
  height: number,
  top: number,
  cols: Int32Array,
  luma: Int16Array,
  cb: Int16Array,
  cr: Int16Array,
): void {
  const paddedWidth = cols.length;
  for (let row = 0; row < 8; row++) {
    const rowStart = Math.min(top + row, height - 1) * width;
    let o = row * paddedWidth;
    for (let x = 0; x < paddedWidth; x++, o++) {
      // Inside the picture the word index is rowStart + x; only the padding columns need the table.
      let w = words[x < width ? rowStart + x : rowStart + cols[x]!]!;
      // Alpha 255 ⇔ the word's top byte is all ones ⇔ w >> 24 === −1.
      if (w >> 24 !== -1) w = overWhite(w);
      const r = w & 0xff;
      const g = (w >> 8) & 0xff;
      const b = (w >> 16) & 0xff;
      luma[o] = ((Y_R * r + Y_G * g + Y_B * b + 32768) >> 16) - 128;
      cb[o] = (CB_R * r + CB_G * g + CB_B * b + 32768) >> 16;
      cr[o] = (CR_R * r + CR_G * g + CR_B * b + 32768) >> 16;
    }
  }
}

/**
 * Fills a 16-row strip for 4:2:0: `luma` is paddedWidth × 16, `cb`/`cr` are paddedWidth/2 × 8,
 * each chroma sample the mean of its 2×2 pixels (averaged as RGB sums, which is the same as
 * averaging Cb/Cr because the transform is linear, and rounds only once).
 */
export function fill420(
  words: Int32Array,
  width: number,
  height: number,
  top: number,
  cols: Int32Array,
  luma: Int16Array,
  cb: Int16Array,
  cr: Int16Array,
): void {
  const paddedWidth = cols.length;
  const halfWidth = paddedWidth >> 1;
  for (let pair = 0; pair < 8; pair++) {
    const row0 = Math.min(top + pair * 2, height - 1) * width;
    const row1 = Math.min(top + pair * 2 + 1, height - 1) * width;
    let l0 = pair * 2 * paddedWidth;
    let l1 = l0 + paddedWidth;
    let c = pair * halfWidth;
    for (let x = 0; x < paddedWidth; x += 2, l0 += 2, l1 += 2, c++) {
      // Inside the picture the columns are x and x + 1; only the right edge needs the table.
      const ca = x + 1 < width ? x : cols[x]!;
      const cb1 = x + 1 < width ? x + 1 : cols[x + 1]!;
      let wa = words[row0 + ca]!;
      let wb = words[row0 + cb1]!;
      let wd = words[row1 + ca]!;
      let we = words[row1 + cb1]!;
      // One test for all four: the AND of the words has alpha 255 only if each has.
      if ((wa & wb & wd & we) >> 24 !== -1) {
        if (wa >> 24 !== -1) wa = overWhite(wa);
        if (wb >> 24 !== -1) wb = overWhite(wb);
        if (wd >> 24 !== -1) wd = overWhite(wd);
        if (we >> 24 !== -1) we = overWhite(we);
      }
      const ra = wa & 0xff, ga = (wa >> 8) & 0xff, ba = (wa >> 16) & 0xff;
      const rb = wb & 0xff, gb = (wb >> 8) & 0xff, bb = (wb >> 16) & 0xff;
      const rd = wd & 0xff, gd = (wd >> 8) & 0xff, bd = (wd >> 16) & 0xff;
      const re = we & 0xff, ge = (we >> 8) & 0xff, be = (we >> 16) & 0xff;
      luma[l0] = ((Y_R * ra + Y_G * ga + Y_B * ba + 32768) >> 16) - 128;
      luma[l0 + 1] = ((Y_R * rb + Y_G * gb + Y_B * bb + 32768) >> 16) - 128;
      luma[l1] = ((Y_R * rd + Y_G * gd + Y_B * bd + 32768) >> 16) - 128;
      luma[l1 + 1] = ((Y_R * re + Y_G * ge + Y_B * be + 32768) >> 16) - 128;
      const r = ra + rb + rd + re;
      const g = ga + gb + gd + ge;
      const bl = ba + bb + bd + be;
      // Sums of four pixels carry 2 extra bits: shift by 18 and add half of 2^18 to round.
      cb[c] = (CB_R * r + CB_G * g + CB_B * bl + 131072) >> 18;
      cr[c] = (CR_R * r + CR_G * g + CR_B * bl + 131072) >> 18;
    }
  }
}
