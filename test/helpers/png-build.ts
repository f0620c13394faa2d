/**
 * Builds small PNG files by hand for edge-case tests: any chunk list with correct (or deliberately
 * wrong) CRCs. Uses Node's zlib, independent of the code under test.
 */
import { deflateSync } from 'node:zlib';

/** CRC-32 computed bit by bit (deliberately not the table form the decoder uses). */
export function referenceCrc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

/** One chunk: length, type, data, CRC (correct unless `badCrc`). */
export function pngChunk(type: string, data: Uint8Array, badCrc = false): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  const crc = referenceCrc32(out.subarray(4, 8 + data.length));
  view.setUint32(8 + data.length, badCrc ? crc ^ 1 : crc);
  return out;
}

export interface IhdrFields {
  width: number;
  height: number;
  bitDepth?: number;
  colorType?: number;
  interlace?: number;
}

/** The 13 IHDR data bytes (defaults: 8-bit RGBA, not interlaced). */
export function ihdr(f: IhdrFields): Uint8Array {
  const d = new Uint8Array(13);
  const view = new DataView(d.buffer);
  view.setUint32(0, f.width);
  view.setUint32(4, f.height);
  d[8] = f.bitDepth ?? 8;
  d[9] = f.colorType ?? 6;
  d[12] = f.interlace ?? 0;
  return d;
}

export const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A whole PNG: signature, IHDR, the given chunks, IEND. */
export function buildPng(header: IhdrFields, chunks: readonly Uint8Array[], withIend = true): Uint8Array {
  return concatBytes([PNG_SIGNATURE, pngChunk('IHDR', ihdr(header)), ...chunks, ...(withIend ? [pngChunk('IEND', new Uint8Array(0))] : [])]);
}

/** zlib-compresses scanline data (each row already prefixed with its filter byte). */
export function zlibOf(filtered: Uint8Array): Uint8Array {
  return new Uint8Array(deflateSync(filtered));
}

/**
 * An 8-bit RGBA PNG from raw pixels, every row filter 0 (None), split over `idatParts` IDAT chunks.
 */
export function rgbaPng(width: number, height: number, rgba: Uint8Array, idatParts = 1): Uint8Array {
  const filtered = new Uint8Array(height * (1 + width * 4));
  for (let y = 0; y < height; y++) filtered.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (1 + width * 4) + 1);
  const z = zlibOf(filtered);
  const step = Math.ceil(z.length / idatParts);
  const idats: Uint8Array[] = [];
  for (let i = 0; i < z.length; i += step) idats.push(pngChunk('IDAT', z.subarray(i, i + step)));
  return buildPng({ width, height }, idats);
}

/**
 * Rewrites every chunk's CRC so that mutated data gets past the checksum and into the deeper
 * decoding stages (for fuzzing). Stops at the first chunk whose length runs past the end.
 */
export function fixCrcs(png: Uint8Array): Uint8Array {
  const out = Uint8Array.from(png);
  const view = new DataView(out.buffer);
  for (let at = 8; at + 12 <= out.length; ) {
    const length = view.getUint32(at);
    if (at + 12 + length > out.length) break;
    view.setUint32(at + 8 + length, referenceCrc32(out.subarray(at + 4, at + 8 + length)));
    at += 12 + length;
  }
  return out;
}
