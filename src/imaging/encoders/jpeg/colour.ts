/**
 * RGB → level-shifted YCbCr (JFIF / BT.601 full range) for one strip of MCU rows, with edge
 * replication: columns past the right edge repeat the last column and rows past the bottom repeat
 * the last row, so partial MCUs carry no artificial edge that would cost bits and ring.
 *
 * Fixed point, 16 fractional bits: each coefficient triple is rounded so it sums exactly to
 * 65536 (Y) or 0 (Cb, Cr), so a grey pixel gets Cb = Cr = 0 exactly. Multiplying by a constant is
 * as cheap as a table lookup in JS and touches no memory, so there are no lookup tables.
 * Every value written is the component minus 128, ready for the DCT.
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

/** Where each padded column reads its pixel: byte offset of min(x, width − 1) within a row. */
export function columnOffsets(width: number, paddedWidth: number): Int32Array {
  const offsets = new Int32Array(paddedWidth);
  for (let x = 0; x < paddedWidth; x++) offsets[x] = Math.min(x, width - 1) * 4;
  return offsets;
}

/**
 * Fills a 16-row strip for 4:2:0: `luma` is paddedWidth × 16, `cb`/`cr` are paddedWidth/2 × 8,
 * each chroma sample the mean of its 2×2 pixels (averaged as RGB sums, which is the same as
 * averaging Cb/Cr because the transform is linear, and rounds only once).
 */
export function fillStrip420(
  data: Uint8Array,
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
  const stride = width * 4;
  for (let pair = 0; pair < 8; pair++) {
    const row0 = Math.min(top + pair * 2, height - 1) * stride;
    const row1 = Math.min(top + pair * 2 + 1, height - 1) * stride;
    let l0 = pair * 2 * paddedWidth;
    let l1 = l0 + paddedWidth;
    let c = pair * halfWidth;
    for (let x = 0; x < paddedWidth; x += 2, l0 += 2, l1 += 2, c++) {
      const a = row0 + cols[x]!;
      const b = row0 + cols[x + 1]!;
      const d = row1 + cols[x]!;
      const e = row1 + cols[x + 1]!;
      const ra = data[a]!, ga = data[a + 1]!, ba = data[a + 2]!;
      const rb = data[b]!, gb = data[b + 1]!, bb = data[b + 2]!;
      const rd = data[d]!, gd = data[d + 1]!, bd = data[d + 2]!;
      const re = data[e]!, ge = data[e + 1]!, be = data[e + 2]!;
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

/** Fills an 8-row strip for 4:4:4: three planes of paddedWidth × 8. */
export function fillStrip444(
  data: Uint8Array,
  width: number,
  height: number,
  top: number,
  cols: Int32Array,
  luma: Int16Array,
  cb: Int16Array,
  cr: Int16Array,
): void {
  const paddedWidth = cols.length;
  const stride = width * 4;
  for (let row = 0; row < 8; row++) {
    const rowStart = Math.min(top + row, height - 1) * stride;
    let o = row * paddedWidth;
    for (let x = 0; x < paddedWidth; x++, o++) {
      const p = rowStart + cols[x]!;
      const r = data[p]!, g = data[p + 1]!, b = data[p + 2]!;
      luma[o] = ((Y_R * r + Y_G * g + Y_B * b + 32768) >> 16) - 128;
      cb[o] = (CB_R * r + CB_G * g + CB_B * b + 32768) >> 16;
      cr[o] = (CR_R * r + CR_G * g + CR_B * b + 32768) >> 16;
    }
  }
}

/**
 * Returns the raster's pixels composited over white when any pixel is not fully opaque (a copy),
 * or the pixels themselves when all are opaque. JPEG has no alpha; white rather than the black that
 * dropping alpha gives, because transparent screenshots and logos are drawn for light backgrounds and
 * dark text on a black field would become unreadable.
 */
export function opaqueOverWhite(data: Uint8Array): Uint8Array {
  const firstTransparent = firstNonOpaque(data);
  if (firstTransparent < 0) return data;
  const out = new Uint8Array(data); // a copy even when data is a Node Buffer (its slice() is a view)
  for (let p = firstTransparent; p < out.length; p += 4) {
    const a = out[p + 3]!;
    if (a === 255) continue;
    const background = 255 * (255 - a);
    // c·a/255 + 255·(1 − a/255), rounded: integer form with +127 for rounding.
    out[p] = ((out[p]! * a + background + 127) / 255) | 0;
    out[p + 1] = ((out[p + 1]! * a + background + 127) / 255) | 0;
    out[p + 2] = ((out[p + 2]! * a + background + 127) / 255) | 0;
    out[p + 3] = 255;
  }
  return out;
}

/** Byte offset of the first pixel whose alpha is not 255, or −1. Reads whole pixels as 32-bit words when aligned. */
function firstNonOpaque(data: Uint8Array): number {
  const pixels = data.length >> 2;
  if ((data.byteOffset & 3) === 0) {
    const words = new Uint32Array(data.buffer, data.byteOffset, pixels);
    // Alpha is the top byte of a little-endian word; on a big-endian host it is the low byte.
    const alphaMask = LITTLE_ENDIAN ? 0xff000000 : 0xff;
    for (let i = 0; i < pixels; i++) {
      if ((words[i]! & alphaMask) >>> 0 !== alphaMask >>> 0) return i * 4;
    }
    return -1;
  }
  for (let p = 3; p < data.length; p += 4) if (data[p] !== 255) return p - 3;
  return -1;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
