/**
 * Unpacks an uncompressed BMP pixel array (1/2/4/8-bit palette, 16/32-bit masks, 24-bit BGR) into
 * an RGBA raster.
 */
import { ImageError } from '../../errors.js';
import type { Raster } from '../../raster.js';
import type { BmpLayout, ChannelMask } from './header.js';

/** Rows are padded to a multiple of 4 bytes. */
export function bmpRowStride(width: number, bitCount: number): number {
  return Math.floor((width * bitCount + 31) / 32) * 4;
}

/**
 * Fills `raster` from the uncompressed pixel array. Throws `truncated` when the file ends before
 * the last row's pixels (padding after the last pixel may be missing: many writers omit it).
 * Returns whether a mask-declared alpha channel held any non-zero value.
 */
export function unpackBmpPixels(bytes: Uint8Array, layout: BmpLayout, raster: Raster): { alphaSeen: boolean } {
  const { width, height, bitCount, pixelOffset } = layout;
  const stride = bmpRowStride(width, bitCount);
  const lastRowBytes = Math.ceil((width * bitCount) / 8);
  const needed = pixelOffset + stride * (height - 1) + lastRowBytes;
  if (bytes.length < needed) {
    throw new ImageError(
      'truncated',
      `The BMP pixel data is cut off: ${needed} bytes are needed for ${width}×${height} at ${bitCount} bits, the file has ${bytes.length}. Fetch the whole file again.`,
    );
  }
  const out = raster.data;
  let alphaSeen = false;
  for (let y = 0; y < height; y++) {
    const src = pixelOffset + y * stride;
    const destRow = layout.topDown ? y : height - 1 - y;
    const dst = destRow * width * 4;
    if (bitCount <= 8) unpackIndexedRow(bytes, src, layout, out, dst);
    else if (bitCount === 24) unpackBgrRow(bytes, src, width, out, dst);
    else if (unpackMaskedRow(bytes, src, layout, out, dst)) alphaSeen = true;
  }
  return { alphaSeen };
}

function unpackIndexedRow(bytes: Uint8Array, src: number, layout: BmpLayout, out: Uint8Array, dst: number): void {
  const { width, bitCount, palette, paletteSize } = layout;
  const perByte = 8 / bitCount;
  const valueMask = (1 << bitCount) - 1;
  for (let x = 0; x < width; x++) {
    const byte = bytes[src + Math.floor(x / perByte)]!;
    // The leftmost pixel sits in the most significant bits.
    const index = (byte >> (8 - bitCount * ((x % perByte) + 1))) & valueMask;
    writePaletteEntry(palette, paletteSize, index, out, dst + x * 4);
  }
}

/**
 * Copies palette entry `index` to `out[at..at+4]`; an index past the palette is opaque black, as
 * the colour a viewer would most plausibly show for a missing entry.
 */
export function writePaletteEntry(palette: Uint8Array, paletteSize: number, index: number, out: Uint8Array, at: number): void {
  if (index < paletteSize) {
    out[at] = palette[index * 4]!;
    out[at + 1] = palette[index * 4 + 1]!;
    out[at + 2] = palette[index * 4 + 2]!;
  } else {
    out[at] = 0;
    out[at + 1] = 0;
    out[at + 2] = 0;
  }
  out[at + 3] = 255;
}

function unpackBgrRow(bytes: Uint8Array, src: number, width: number, out: Uint8Array, dst: number): void {
  for (let x = 0; x < width; x++) {
    const s = src + x * 3;
    const d = dst + x * 4;
    out[d] = bytes[s + 2]!;
    out[d + 1] = bytes[s + 1]!;
    out[d + 2] = bytes[s]!;
    out[d + 3] = 255;
  }
}

/** 16- and 32-bit pixels through masks; returns whether any alpha value was non-zero. */
function unpackMaskedRow(bytes: Uint8Array, src: number, layout: BmpLayout, out: Uint8Array, dst: number): boolean {
  const { width, bitCount } = layout;
  const [r, g, b, a] = layout.masks;
  const scaleR = scaler(r);
  const scaleG = scaler(g);
  const scaleB = scaler(b);
  const scaleA = scaler(a);
  let alphaSeen = false;
  for (let x = 0; x < width; x++) {
    const s = src + x * (bitCount >> 3);
    const px =
      bitCount === 16
        ? bytes[s]! | (bytes[s + 1]! << 8)
        : (bytes[s]! | (bytes[s + 1]! << 8) | (bytes[s + 2]! << 16) | (bytes[s + 3]! << 24)) >>> 0;
    const d = dst + x * 4;
    out[d] = scaleR(px);
    out[d + 1] = scaleG(px);
    out[d + 2] = scaleB(px);
    if (a.bits === 0) {
      out[d + 3] = 255;
    } else {
      const alpha = scaleA(px);
      out[d + 3] = alpha;
      if (alpha !== 0) alphaSeen = true;
    }
  }
  return alphaSeen;
}

/**
 * Returns a function taking a pixel to the channel's 8-bit value: narrow fields are stretched so
 * their maximum is 255 (5 bits: 31 → 255), wider fields keep their top 8 bits.
 */
export function scaler(channel: ChannelMask): (pixel: number) => number {
  const { mask, shift, bits } = channel;
  if (bits === 0) return () => 0;
  if (bits >= 8) {
    const drop = bits - 8;
    return (px) => (((px & mask) >>> 0) >>> shift) >>> drop;
  }
  const max = (1 << bits) - 1;
  const table = new Uint8Array(max + 1);
  for (let v = 0; v <= max; v++) table[v] = Math.round((v * 255) / max);
  return (px) => table[(((px & mask) >>> 0) >>> shift) & max]!;
}
