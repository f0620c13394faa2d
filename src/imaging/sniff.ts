import type { ImageFormat } from './format.js';

/**
 * Names the format from the file's magic bytes alone — never from a file name or Content-Type
 * (a JPEG served as application/octet-stream is common). Returns null for anything else.
 *
 * @example
 * ```ts
 * sniff(new Uint8Array([0xff, 0xd8, 0xff, 0xe0])); // 'jpeg'
 * ```
 */
export function sniff(bytes: Uint8Array): ImageFormat | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return 'png';
  if (b.length >= 6 && ascii(b, 0, 4) === 'GIF8' && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61) return 'gif';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return 'webp';
  // BMP: "BM" plus a plausible info-header size, so a text file starting "BM" is not taken for one.
  if (b.length >= 18 && b[0] === 0x42 && b[1] === 0x4d) {
    const dib = b[14]! | (b[15]! << 8) | (b[16]! << 16) | (b[17]! << 24);
    if ([12, 16, 40, 52, 56, 64, 108, 124].includes(dib)) return 'bmp';
  }
  if (b.length >= 4) {
    // Classic TIFF (42) and BigTIFF (43), little and big endian.
    if (b[0] === 0x49 && b[1] === 0x49 && (b[2] === 42 || b[2] === 43) && b[3] === 0) return 'tiff';
    if (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0 && (b[3] === 42 || b[3] === 43)) return 'tiff';
  }
  return null;
}

function ascii(b: Uint8Array, at: number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String.fromCharCode(b[at + i]!);
  return s;
}
