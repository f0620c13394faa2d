/** Hand-made WebP headers for size-gate tests: valid containers that declare a chosen size. */

function le32(n: number): number[] {
  return [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
}

function riff(chunks: number[]): Uint8Array {
  return new Uint8Array([...'RIFF'].map((c) => c.charCodeAt(0)).concat(le32(4 + chunks.length), [...'WEBP'].map((c) => c.charCodeAt(0)), chunks));
}

function chunk(fourcc: string, payload: number[]): number[] {
  const pad = payload.length & 1 ? [0] : [];
  return [...fourcc].map((c) => c.charCodeAt(0)).concat(le32(payload.length), payload, pad);
}

/** An extended (VP8X) WebP whose canvas is width×height, followed by a tiny VP8L chunk. */
export function vp8xHeader(width: number, height: number, flags = 0): Uint8Array {
  const w = width - 1;
  const h = height - 1;
  const vp8x = [flags, 0, 0, 0, w & 0xff, (w >> 8) & 0xff, (w >> 16) & 0xff, h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff];
  return riff(chunk('VP8X', vp8x).concat(chunk('VP8L', vp8lBits(width, height))));
}

/** A lossless (VP8L) WebP header declaring width×height (each at most 16384), with no image data. */
export function vp8lHeader(width: number, height: number): Uint8Array {
  return riff(chunk('VP8L', vp8lBits(width, height)));
}

function vp8lBits(width: number, height: number): number[] {
  const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
  return [0x2f, ...le32(bits >>> 0)];
}
