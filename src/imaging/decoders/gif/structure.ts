/**
 * Walks a GIF's blocks (header, logical screen, colour tables, extensions, image descriptors)
 * up to the first frame, without decoding pixels.
 */
import { ImageError } from '../../errors.js';

/** Block introducers and extension labels (GIF89a specification). */
const IMAGE_DESCRIPTOR = 0x2c;
const EXTENSION = 0x21;
const TRAILER = 0x3b;
const GRAPHIC_CONTROL = 0xf9;

/** "GIF87a"/"GIF89a" (6) + logical screen descriptor (7). */
const HEADER_BYTES = 13;

export interface GifFrame {
  left: number;
  top: number;
  width: number;
  height: number;
  interlaced: boolean;
  /** RGB triplets: the local table if present, else the global one. */
  colorTable: Uint8Array | undefined;
  /** Palette index drawn as transparent (from the preceding graphic control extension), or −1. */
  transparentIndex: number;
  minCodeSize: number;
  /** Offset of the first image-data sub-block (its length byte). */
  dataStart: number;
}

export interface GifStructure {
  /** The canvas size as displayed: the logical screen, or the first frame's when it is larger (see `canvasFor`). */
  width: number;
  height: number;
  /** The first frame (a file without one is refused). */
  frame: GifFrame;
}

function u16(b: Uint8Array, at: number): number {
  return b[at]! | (b[at + 1]! << 8);
}

function truncated(what: string): ImageError {
  return new ImageError('truncated', `The GIF file ends inside ${what}; fetch the whole file.`);
}

/**
 * Skips a run of data sub-blocks starting at `at` (each a length byte then data, ended by a zero
 * length). Returns the offset after the terminator, or −1 when the file ends first.
 */
export function skipSubBlocks(b: Uint8Array, at: number): number {
  let p = at;
  while (p < b.length) {
    const n = b[p]!;
    if (n === 0) return p + 1;
    p += 1 + n;
  }
  return -1;
}

/**
 * Reads the header and walks to the first image descriptor. Throws `truncated` when the file ends
 * before the first frame's descriptor is complete, `corrupt` for an unknown block or a file with
 * no frame at all.
 *
 * The canvas follows what browsers (Firefox's decoder lineage) do with broken files: when the first
 * frame is larger than the logical screen in either direction — or the screen is 0×0 — the canvas
 * becomes the frame's size and the frame is drawn at (0, 0); otherwise a frame sticking out of the
 * screen is clipped to it.
 *
 * @example
 * ```ts
 * const { width, height, frame } = readGifStructure(bytes);
 * ```
 */
export function readGifStructure(b: Uint8Array): GifStructure {
  if (b.length < HEADER_BYTES) throw truncated('its header');
  const sig = String.fromCharCode(...b.subarray(0, 6));
  if (sig !== 'GIF87a' && sig !== 'GIF89a') {
    throw new ImageError('corrupt', 'The file does not start with a GIF87a/GIF89a signature; it is damaged or not a GIF.');
  }
  const screenWidth = u16(b, 6);
  const screenHeight = u16(b, 8);
  const flags = b[10]!;
  let at = HEADER_BYTES;
  let globalTable: Uint8Array | undefined;
  if (flags & 0x80) {
    const size = 3 * (2 << (flags & 7));
    if (at + size > b.length) throw truncated('its global colour table');
    globalTable = b.subarray(at, at + size);
    at += size;
  }

  let transparentIndex = -1;
  for (;;) {
    if (at >= b.length) throw truncated('its block list, before the first frame');
    const introducer = b[at]!;
    if (introducer === TRAILER) {
      throw new ImageError('corrupt', 'The GIF has no frame: it ends (trailer) before any image; the file is damaged.');
    }
    if (introducer === EXTENSION) {
      if (at + 2 > b.length) throw truncated('an extension block');
      const label = b[at + 1]!;
      // A graphic control extension's block is 4 bytes: flags, delay (2), transparent index.
      if (label === GRAPHIC_CONTROL && at + 7 <= b.length && b[at + 2]! >= 4) {
        transparentIndex = b[at + 3]! & 1 ? b[at + 6]! : -1;
      }
      const next = skipSubBlocks(b, at + 2);
      if (next < 0) throw truncated('an extension block');
      at = next;
      continue;
    }
    if (introducer !== IMAGE_DESCRIPTOR) {
      throw new ImageError('corrupt', `The GIF has an unknown block type 0x${introducer.toString(16)} at byte ${at}; the file is damaged.`);
    }
    // Image descriptor: separator, left, top, width, height (2 bytes each), flags.
    if (at + 10 > b.length) throw truncated('the first frame descriptor');
    let left = u16(b, at + 1);
    let top = u16(b, at + 3);
    const width = u16(b, at + 5);
    const height = u16(b, at + 7);
    const frameFlags = b[at + 9]!;
    at += 10;
    let colorTable = globalTable;
    if (frameFlags & 0x80) {
      const size = 3 * (2 << (frameFlags & 7));
      if (at + size > b.length) throw truncated("the first frame's colour table");
      colorTable = b.subarray(at, at + size);
      at += size;
    }
    if (at >= b.length) throw truncated('the first frame, before its image data');
    const minCodeSize = b[at]!;
    let canvasWidth = screenWidth;
    let canvasHeight = screenHeight;
    if (width > screenWidth || height > screenHeight) {
      canvasWidth = width;
      canvasHeight = height;
      left = 0;
      top = 0;
    }
    return {
      width: canvasWidth,
      height: canvasHeight,
      frame: {
        left,
        top,
        width,
        height,
        interlaced: (frameFlags & 0x40) !== 0,
        colorTable,
        transparentIndex,
        minCodeSize,
        dataStart: at + 1,
      },
    };
  }
}

/**
 * Counts image descriptors from `at` on, stopping quietly at the trailer, the end of the file or
 * anything unreadable (a probe must not fail over a damaged tail).
 */
export function countFrames(b: Uint8Array, firstDataStart: number): number {
  let frames = 1;
  let at = skipSubBlocks(b, firstDataStart);
  while (at > 0 && at < b.length) {
    const introducer = b[at]!;
    if (introducer === EXTENSION) {
      at = skipSubBlocks(b, at + 2);
    } else if (introducer === IMAGE_DESCRIPTOR) {
      if (at + 10 > b.length) break;
      const flags = b[at + 9]!;
      at += 10 + (flags & 0x80 ? 3 * (2 << (flags & 7)) : 0) + 1;
      if (at > b.length) break;
      frames++;
      at = skipSubBlocks(b, at);
    } else {
      break;
    }
  }
  return frames;
}
