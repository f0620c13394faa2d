/**
 * Reads a WebP file's RIFF container and the first image chunk's header — never the pixel data —
 * so `probeWebp` can answer size, lossy/lossless and frame count without the wasm decoder.
 * Layouts from the WebP container spec (RIFF, "VP8 ", "VP8L", "VP8X", "ANMF").
 */
import { ImageError } from '../../errors.js';

/** What the container and first image chunk tell about a WebP file. */
export interface WebpLayout {
  width: number;
  height: number;
  lossy: boolean;
  /** Number of ANMF chunks; 1 for a still picture. */
  frames: number;
  animated: boolean;
  /** The length the RIFF header claims for the whole file (8 + its size field). */
  declaredLength: number;
}

/** "RIFF" + size + "WEBP" + the first chunk's fourCC and size. */
const RIFF_AND_CHUNK_HEADER = 20;
/** VP8 frame tag (3) + start code (3) + two 16-bit size fields (4), after the chunk header. */
const VP8_HEADER_BYTES = 10;
/** VP8L signature byte + 4 bytes holding 14+14 bits of size, alpha bit and version. */
const VP8L_HEADER_BYTES = 5;
/** VP8X flags (1) + reserved (3) + 24-bit canvas width-1 + 24-bit canvas height-1. */
const VP8X_HEADER_BYTES = 10;
/** ANMF payload: x, y, w-1, h-1, duration (3 bytes each) + flags (1), then the frame's own chunks. */
const ANMF_HEADER_BYTES = 16;
/** VP8X flag bit announcing an animation (ANIM + ANMF chunks). */
const VP8X_ANIMATION_FLAG = 0x02;

/**
 * Parses the RIFF/WebP headers. Throws `truncated` when the bytes end inside a header and `corrupt`
 * when a signature or size is impossible.
 *
 * @example
 * ```ts
 * readWebpLayout(bytes); // { width: 128, height: 128, lossy: true, frames: 1, animated: false, … }
 * ```
 */
export function readWebpLayout(bytes: Uint8Array): WebpLayout {
  need(bytes, RIFF_AND_CHUNK_HEADER, 'RIFF header');
  if (fourcc(bytes, 0) !== 'RIFF' || fourcc(bytes, 8) !== 'WEBP') {
    throw new ImageError('corrupt', 'The file does not start with a RIFF/WEBP header.');
  }
  const declaredLength = u32(bytes, 4) + 8;
  const kind = fourcc(bytes, 12);
  const base = { frames: 1, animated: false, declaredLength };
  switch (kind) {
    case 'VP8 ':
      return { ...readVp8(bytes, RIFF_AND_CHUNK_HEADER), lossy: true, ...base };
    case 'VP8L':
      return { ...readVp8l(bytes, RIFF_AND_CHUNK_HEADER), lossy: false, ...base };
    case 'VP8X':
      return readVp8x(bytes, declaredLength);
    default:
      throw new ImageError('corrupt', `The WebP file's first chunk is "${printable(kind)}", not VP8, VP8L or VP8X.`);
  }
}

function readVp8(bytes: Uint8Array, at: number): { width: number; height: number } {
  need(bytes, at + VP8_HEADER_BYTES, 'VP8 frame header');
  // Bit 0 of the frame tag is 0 for a key frame; a WebP still must be one.
  if ((bytes[at]! & 1) !== 0) throw new ImageError('corrupt', 'The VP8 data is not a key frame.');
  if (bytes[at + 3] !== 0x9d || bytes[at + 4] !== 0x01 || bytes[at + 5] !== 0x2a) {
    throw new ImageError('corrupt', 'The VP8 key frame lacks its start code (9d 01 2a).');
  }
  // The top two bits of each 16-bit size are an upscaling hint, not part of the size.
  const width = u16(bytes, at + 6) & 0x3fff;
  const height = u16(bytes, at + 8) & 0x3fff;
  return { width, height };
}

function readVp8l(bytes: Uint8Array, at: number): { width: number; height: number } {
  need(bytes, at + VP8L_HEADER_BYTES, 'VP8L header');
  if (bytes[at] !== 0x2f) throw new ImageError('corrupt', 'The VP8L data lacks its signature byte 0x2f.');
  const bits = u32(bytes, at + 1);
  const width = (bits & 0x3fff) + 1;
  const height = ((bits >>> 14) & 0x3fff) + 1;
  const version = bits >>> 29;
  if (version !== 0) throw new ImageError('corrupt', `The VP8L header has version ${version}; only 0 exists.`);
  return { width, height };
}

function readVp8x(bytes: Uint8Array, declaredLength: number): WebpLayout {
  const at = RIFF_AND_CHUNK_HEADER;
  need(bytes, at + VP8X_HEADER_BYTES, 'VP8X header');
  const animated = (bytes[at]! & VP8X_ANIMATION_FLAG) !== 0;
  const width = u24(bytes, at + 4) + 1;
  const height = u24(bytes, at + 7) + 1;
  const { lossy, frames } = scanChunks(bytes, at + u32(bytes, 16), declaredLength);
  return { width, height, lossy, frames: animated ? frames : 1, animated, declaredLength };
}

/**
 * Walks the chunk list after VP8X (headers only, each step skips at least 8 bytes, so the loop is
 * bounded by the file length) to learn whether the first picture is lossy and how many frames exist.
 */
function scanChunks(bytes: Uint8Array, vp8xPayloadEnd: number, declaredLength: number): { lossy: boolean; frames: number } {
  const end = Math.min(bytes.length, declaredLength);
  // Chunks are padded to an even length.
  let pos = vp8xPayloadEnd + (vp8xPayloadEnd & 1);
  let lossy: boolean | undefined;
  let frames = 0;
  while (pos + 8 <= end) {
    const kind = fourcc(bytes, pos);
    const size = u32(bytes, pos + 4);
    if (kind === 'VP8 ' && lossy === undefined) lossy = true;
    if (kind === 'VP8L' && lossy === undefined) lossy = false;
    if (kind === 'ANMF') {
      frames++;
      const inner = pos + 8 + ANMF_HEADER_BYTES;
      if (lossy === undefined && inner + 8 <= end) {
        // A frame holds VP8L (lossless), or VP8 possibly preceded by its ALPH chunk (lossy).
        lossy = fourcc(bytes, inner) !== 'VP8L';
      }
    }
    pos += 8 + size + (size & 1);
  }
  return { lossy: lossy ?? true, frames: Math.max(frames, 1) };
}

function need(bytes: Uint8Array, length: number, what: string): void {
  if (bytes.length < length) {
    throw new ImageError('truncated', `The WebP file ends inside its ${what} (${bytes.length} bytes, at least ${length} needed).`);
  }
}

function fourcc(b: Uint8Array, at: number): string {
  return String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);
}

function printable(s: string): string {
  return s.replace(/[^\x20-\x7e]/g, '?');
}

function u16(b: Uint8Array, at: number): number {
  return b[at]! | (b[at + 1]! << 8);
}

function u24(b: Uint8Array, at: number): number {
  return b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
}

function u32(b: Uint8Array, at: number): number {
  return (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
}
