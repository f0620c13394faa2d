/**
 * RGBA → level-shifted YCbCr (JFIF / BT.601 full range): one 8×8 block per component at a time for
 * 4:4:4, one strip of MCU rows for 4:2:0. Each pixel is read as one 32-bit word and non-opaque
 * pixels are composited over white on the way, so there is no separate alpha pass over the raster
 * and no composited copy of it.
 *
 * For 4:4:4, converting a whole strip first and reading each block back out of three planes cost a
 * store and a load per sample and component; converting a block's 64 words straight into the
 * samples the transform reads removes that round trip, and a block of one repeated word (most of a
 * screenshot) is recognised before any conversion. The constants below are module-local on
 * purpose: imported ones are live bindings, loaded on every use, which halved the conversion speed.
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
 *
 * @example
 * ```ts
 * overWhite(0x00000000); // transparent → opaque white, 0xffffffff | 0
 * ```
 */
export function overWhite(word: number): number {
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

/**
 * Copies the 8×8 pixel words whose top-left is (x, top) into `scratch` (64 words, row-major),
 * repeating the last column and row past the right and bottom edges — the slow path for the
 * blocks on those edges; every other block is read in place.
 *
 * @example
 * ```ts
 * gatherEdgeBlock(words, width, height, x, top, scratch); // then convertBlock(scratch, 0, 8, …)
 * ```
 */
export function gatherEdgeBlock(words: Int32Array, width: number, height: number, x: number, top: number, scratch: Int32Array): void {
  for (let r = 0, o = 0; r < 8; r++) {
    const rowStart = Math.min(top + r, height - 1) * width;
    for (let c = 0; c < 8; c++, o++) scratch[o] = words[rowStart + Math.min(x + c, width - 1)]!;
  }
}

/**
 * Whether the 8×8 block of words from `start`, rows `stride` apart, is one repeated word.
 * Stops at the first difference, which in a photo comes within the first few pixels.
 *
 * @example
 * ```ts
 * if (isFlatBlock(words, top * width + x, width)) { … } // one pixel stands for all 64
 * ```
 */
export function isFlatBlock(words: Int32Array, start: number, stride: number): boolean {
  const first = words[start]!;
  for (let r = 0, p = start; r < 8; r++, p += stride) {
    for (let c = 0; c < 8; c++) if (words[p + c] !== first) return false;
  }
  return true;
}

/**
 * Converts the 8×8 block of words from `start` (rows `stride` apart) into level-shifted Y, Cb and
 * Cr samples, 64 each in row-major order, compositing non-opaque pixels over white.
 *
 * @example
 * ```ts
 * convertBlock(words, top * width + x, width, y, cb, cr);
 * ```
 */
export function convertBlock(words: Int32Array, start: number, stride: number, y: Int16Array, cb: Int16Array, cr: Int16Array): void {
  for (let r = 0, o = 0, p = start; r < 8; r++, p += stride) {
    for (let c = 0; c < 8; c++, o++) {
      let w = words[p + c]!;
      // Alpha 255 ⇔ the word's top byte is all ones ⇔ w >> 24 === −1.
      if (w >> 24 !== -1) w = overWhite(w);
      const red = w & 0xff;
      const green = (w >> 8) & 0xff;
      const blue = (w >> 16) & 0xff;
      y[o] = ((Y_R * red + Y_G * green + Y_B * blue + 32768) >> 16) - 128;
      cb[o] = (CB_R * red + CB_G * green + CB_B * blue + 32768) >> 16;
      cr[o] = (CR_R * red + CR_G * green + CR_B * blue + 32768) >> 16;
    }
  }
}

/**
 * The three level-shifted samples of one pixel word, for a flat block (whose 64 samples per
 * component are all this value).
 *
 * @example
 * ```ts
 * const [y, cb, cr] = convertPixel(0xff0000ff | 0); // opaque red
 * ```
 */
export function convertPixel(word: number): [number, number, number] {
  const w = word >> 24 !== -1 ? overWhite(word) : word;
  const red = w & 0xff;
  const green = (w >> 8) & 0xff;
  const blue = (w >> 16) & 0xff;
  return [
    ((Y_R * red + Y_G * green + Y_B * blue + 32768) >> 16) - 128,
    (CB_R * red + CB_G * green + CB_B * blue + 32768) >> 16,
    (CR_R * red + CR_G * green + CR_B * blue + 32768) >> 16,
  ];
}
