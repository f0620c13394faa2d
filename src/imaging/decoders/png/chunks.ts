/**
 * Walks a PNG's chunks: checks the signature and CRCs, keeps IHDR, PLTE, tRNS and the IDAT data
 * (as views into the file, never copies) and notes how the file ends.
 */
import { ImageError } from '../../errors.js';
import { crc32 } from './crc32.js';
import { IHDR_LENGTH, parseIhdr, readU32, type PngHeader } from './header.js';

/** The 8-byte PNG signature: \x89 P N G CR LF ^Z LF. */
const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

/** The specification caps a chunk's length at 2^31 − 1. */
const MAX_CHUNK_LENGTH = 2 ** 31 - 1;

/** Chunk types read by name below. */
const IHDR = 0x49484452;
const PLTE = 0x504c5445;
const IDAT = 0x49444154;
const IEND = 0x49454e44;
const TRNS = 0x74524e53;
/** Apple's "CgBI" chunk, before IHDR in iOS-optimised PNGs (raw deflate, BGRA, premultiplied alpha). */
const CGBI = 0x43674249;

export interface PngChunks {
  header: PngHeader;
  /** PLTE data (3 bytes per entry), when present. */
  palette?: Uint8Array;
  /** tRNS data, when present and meaningful for the colour type. */
  transparency?: Uint8Array;
  /**
   * True for Apple's iOS-optimised variant (a CgBI chunk first): the IDAT stream is raw deflate
   * without zlib framing, and pixels are BGR(A) with premultiplied alpha.
   */
  apple: boolean;
  /** The IDAT payloads in file order: one zlib stream split across chunks. */
  imageData: Uint8Array[];
  /**
   * False when the file stops before IEND (at a chunk boundary, or inside a chunk after the image
   * data). Such a file still decodes if its data is complete; missing data is then `truncated`.
   */
  reachedEnd: boolean;
}

/**
 * Checks the signature, explaining the classic ways it gets damaged (PngSuite's xs*, xcr, xlf files).
 *
 * @example
 * ```ts
 * checkSignature(bytes); // throws ImageError('corrupt', …) unless bytes start with the PNG signature
 * ```
 */
export function checkSignature(bytes: Uint8Array): void {
  if (bytes.length < SIGNATURE.length) {
    throw new ImageError('truncated', `The PNG file is only ${bytes.length} bytes long; it ends inside its signature.`);
  }
  if (SIGNATURE.every((v, i) => bytes[i] === v)) return;
  if (bytes[0] === 0x09 && bytes[1] === 0x50) {
    throw new ImageError('corrupt', 'The PNG signature lost its high bit (0x89 became 0x09): the file went through a 7-bit transfer and is damaged. Fetch it again in binary mode.');
  }
  const hasPng = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  const tail = Array.from(bytes.subarray(4, 8));
  if (hasPng && tail.every((b) => b === 0x0d || b === 0x0a || b === 0x1a)) {
    throw new ImageError(
      'corrupt',
      'The PNG signature has its CR/LF bytes altered: the file went through a text-mode transfer that converted line endings, which damages all binary data. Fetch it again in binary mode.',
    );
  }
  throw new ImageError('corrupt', 'The file does not start with a valid PNG signature (89 50 4E 47 0D 0A 1A 0A); it is damaged or not a PNG.');
}

/**
 * Reads signature and IHDR (with its CRC) and nothing else.
 *
 * @example
 * ```ts
 * const { width, height } = readPngHeader(bytes);
 * ```
 */
export function readPngHeader(bytes: Uint8Array): PngHeader {
  return locateHeader(bytes).header;
}

/** Finds IHDR right after the signature, or after Apple's CgBI chunk, and validates it. */
function locateHeader(bytes: Uint8Array): { header: PngHeader; apple: boolean; next: number } {
  checkSignature(bytes);
  let at = 8;
  let apple = false;
  if (bytes.length >= at + 12 && readU32(bytes, at + 4) === CGBI) {
    const length = readU32(bytes, at);
    if (length > 64) throw new ImageError('corrupt', `The PNG's Apple CgBI chunk is ${length} bytes long; the file is damaged.`);
    if (at + 12 + length > bytes.length) throw new ImageError('truncated', 'The PNG file ends inside its first chunk; fetch the whole file.');
    verifyCrc(bytes, at, length, 'CgBI');
    apple = true;
    at += 12 + length;
  }
  if (bytes.length < at + 8 + IHDR_LENGTH + 4) {
    throw new ImageError('truncated', `The PNG file is only ${bytes.length} bytes long; it ends inside its header chunk.`);
  }
  if (readU32(bytes, at + 4) !== IHDR) {
    throw new ImageError('corrupt', 'The PNG does not start with its header chunk (IHDR) as required; the file is damaged.');
  }
  const length = readU32(bytes, at);
  if (length !== IHDR_LENGTH) {
    throw new ImageError('corrupt', `The PNG header chunk (IHDR) is ${length} bytes long instead of 13; the file is damaged.`);
  }
  verifyCrc(bytes, at, length, 'IHDR');
  return { header: parseIhdr(bytes.subarray(at + 8, at + 8 + IHDR_LENGTH)), apple, next: at + 8 + IHDR_LENGTH + 4 };
}

/**
 * Walks every chunk up to IEND (or the end of the file).
 *
 * CRCs are verified for the chunks that affect pixels (IHDR, PLTE, IDAT, IEND, tRNS) — a damaged
 * one is `corrupt`. Other ancillary chunks (text, gamma, ICC, APNG frames) are skipped unverified,
 * as libpng does by default: a damaged caption must not cost the picture.
 */
export function readPngChunks(bytes: Uint8Array): PngChunks {
  const { header, apple, next } = locateHeader(bytes);
  const imageData: Uint8Array[] = [];
  let palette: Uint8Array | undefined;
  let transparency: Uint8Array | undefined;
  /** True once a non-IDAT chunk follows the IDAT run: the image data is then all in. */
  let imageDataClosed = false;
  let cut = false;
  let reachedEnd = false;
  let at = next;

  while (at < bytes.length) {
    if (bytes.length - at < 12) {
      cut = true;
      break;
    }
    const length = readU32(bytes, at);
    const type = readU32(bytes, at + 4);
    const name = chunkName(bytes, at + 4);
    if (length > MAX_CHUNK_LENGTH) {
      throw new ImageError('corrupt', `The PNG chunk "${name}" declares ${length} bytes, more than the format allows; the file is damaged.`);
    }
    if (!isValidChunkType(bytes, at + 4)) {
      throw new ImageError('corrupt', `The PNG has garbage where a chunk type should be (at byte ${at + 4}); the file is damaged.`);
    }
    const dataStart = at + 8;
    const chunkEnd = dataStart + length + 4;
    if (chunkEnd > bytes.length) {
      cut = true;
      break;
    }
    const isCritical = (bytes[at + 4]! & 0x20) === 0;
    if (isCritical || type === TRNS) verifyCrc(bytes, at, length, name);
    const data = bytes.subarray(dataStart, dataStart + length);
    at = chunkEnd;

    if (type === IDAT) {
      // Split IDAT runs are concatenated (the zlib stream decides if they fit); the output bound holds either way.
      imageData.push(data);
      continue;
    }
    if (imageData.length > 0) imageDataClosed = true;
    if (type === IEND) {
      reachedEnd = true;
      break;
    }
    if (type === IHDR) throw new ImageError('corrupt', 'The PNG has a second header chunk (IHDR); the file is damaged.');
    if (type === PLTE) {
      if (length === 0 || length % 3 !== 0 || length > 256 * 3) {
        throw new ImageError('corrupt', `The PNG palette (PLTE) is ${length} bytes; it must be 1–256 entries of 3 bytes. The file is damaged.`);
      }
      palette = data;
      continue;
    }
    if (type === TRNS) {
      transparency = data;
      continue;
    }
    if (isCritical) {
      throw new ImageError('corrupt', `The PNG contains an unknown critical chunk "${name}" that cannot be skipped safely; it is damaged or a non-standard variant.`);
    }
  }

  if (cut && !imageDataClosed) {
    throw new ImageError('truncated', `The PNG file ends in the middle of a chunk, before its image data is complete (${bytes.length} bytes). Fetch the whole file.`);
  }
  if (imageData.length === 0) {
    if (!reachedEnd) {
      throw new ImageError('truncated', `The PNG file ends (${bytes.length} bytes) before its image data begins; fetch the whole file.`);
    }
    throw new ImageError('corrupt', 'The PNG has no image data (IDAT chunk); the file is damaged.');
  }
  if (header.colorType === 3 && palette === undefined) {
    throw new ImageError('corrupt', 'The PNG is a palette picture without a palette (PLTE chunk); the file is damaged.');
  }
  const result: PngChunks = { header, apple, imageData, reachedEnd };
  if (palette !== undefined && header.colorType === 3) result.palette = palette;
  if (transparency !== undefined && isTransparencyUsable(header, transparency)) result.transparency = transparency;
  return result;
}

/** tRNS means something only for grey (2 bytes), RGB (6 bytes) and palette (≤ 256 bytes) pictures. */
function isTransparencyUsable(h: PngHeader, trns: Uint8Array): boolean {
  if (h.colorType === 0) return trns.length >= 2;
  if (h.colorType === 2) return trns.length >= 6;
  if (h.colorType === 3) return trns.length > 0;
  return false;
}

function verifyCrc(bytes: Uint8Array, chunkStart: number, length: number, name: string): void {
  const typeStart = chunkStart + 4;
  const crcAt = typeStart + 4 + length;
  const stored = readU32(bytes, crcAt);
  if (crc32(bytes, typeStart, crcAt) !== stored) {
    throw new ImageError('corrupt', `The PNG chunk "${name}" fails its CRC check (at byte ${chunkStart}); the file is damaged. Fetch it again.`);
  }
}

/** Chunk types are four ASCII letters. */
function isValidChunkType(b: Uint8Array, at: number): boolean {
  for (let i = at; i < at + 4; i++) {
    const c = b[i]! & ~0x20;
    if (c < 0x41 || c > 0x5a) return false;
  }
  return true;
}

function chunkName(b: Uint8Array, at: number): string {
  let s = '';
  for (let i = at; i < at + 4; i++) {
    const c = b[i]!;
    s += c >= 0x20 && c < 0x7f ? String.fromCharCode(c) : '?';
  }
  return s;
}
