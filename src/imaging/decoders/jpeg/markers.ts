/**
 * JPEG marker structure: finding markers, reading segment lengths and the frame header (SOF).
 * Shared by the header probe and the decoder, so both refuse the same variants the same way.
 */
import { ImageError } from '../../errors.js';

export const SOI = 0xd8;
export const EOI = 0xd9;
export const SOS = 0xda;
export const DQT = 0xdb;
export const DHT = 0xc4;
export const DRI = 0xdd;
export const APP1 = 0xe1;
export const APP14 = 0xee;
/** RST0–RST7 carry no length; they separate restart intervals inside entropy-coded data. */
export const RST0 = 0xd0;
export const RST7 = 0xd7;

/** Frame markers we decode: baseline, extended sequential and progressive, all Huffman-coded. */
const DECODED_SOF: ReadonlyMap<number, string> = new Map([
  [0xc0, 'baseline'],
  [0xc1, 'extended sequential'],
  [0xc2, 'progressive'],
]);

/** Frame markers that exist but we refuse, with the variant's name for the error message. */
const REFUSED_SOF: ReadonlyMap<number, string> = new Map([
  [0xc3, 'lossless (SOF3)'],
  [0xc5, 'hierarchical differential sequential (SOF5)'],
  [0xc6, 'hierarchical differential progressive (SOF6)'],
  [0xc7, 'hierarchical differential lossless (SOF7)'],
  [0xc9, 'arithmetic-coded extended sequential (SOF9)'],
  [0xca, 'arithmetic-coded progressive (SOF10)'],
  [0xcb, 'arithmetic-coded lossless (SOF11)'],
  [0xcd, 'arithmetic-coded hierarchical sequential (SOF13)'],
  [0xce, 'arithmetic-coded hierarchical progressive (SOF14)'],
  [0xcf, 'arithmetic-coded hierarchical lossless (SOF15)'],
]);

/** True for SOF0/1/2, the frame types the decoder handles. */
export function isDecodedSof(marker: number): boolean {
  return DECODED_SOF.has(marker);
}

/** Throws `unsupported_format` naming the variant when `marker` is a JPEG frame type we do not decode. */
export function refuseUnsupportedSof(marker: number): void {
  const variant = REFUSED_SOF.get(marker);
  if (variant !== undefined) {
    throw new ImageError(
      'unsupported_format',
      `This JPEG is ${variant}, a rare variant this decoder does not handle (only baseline, extended sequential and progressive Huffman JPEG). Ask for the picture as an ordinary JPEG or PNG.`,
    );
  }
}

/** The error for a file that ends inside `what` (a header, a segment). */
export function truncated(what: string): ImageError {
  return new ImageError('truncated', `The JPEG ends inside its ${what}; the file was cut off. Fetch the whole file again.`);
}

/** The error for structurally impossible data; `what` completes "The JPEG is damaged: …". */
export function corrupt(what: string): ImageError {
  return new ImageError('corrupt', `The JPEG is damaged: ${what}.`);
}

/** Big-endian 16-bit read; the caller has checked bounds. */
export function readU16(bytes: Uint8Array, at: number): number {
  return (bytes[at]! << 8) | bytes[at + 1]!;
}

/**
 * Finds the next marker at or after `at`, skipping fill bytes (0xFF runs) and, tolerantly, any
 * garbage before it. Returns `{ marker, next }` with `next` just past the marker code, or null at the
 * end of the data.
 */
export function findMarker(bytes: Uint8Array, at: number): { marker: number; next: number } | null {
  const n = bytes.length;
  let i = at;
  while (i + 1 < n) {
    if (bytes[i] !== 0xff) {
      i++;
      continue;
    }
    const code = bytes[i + 1]!;
    if (code === 0xff) {
      i++; // fill byte: the marker follows
      continue;
    }
    if (code === 0x00) {
      i += 2; // stuffed zero inside entropy-coded data, not a marker
      continue;
    }
    return { marker: code, next: i + 2 };
  }
  return null;
}

/** Reads the segment length at `at` (which counts itself) and returns the end of the segment body. */
export function segmentEnd(bytes: Uint8Array, at: number, what: string): number {
  if (at + 2 > bytes.length) throw truncated(what);
  const length = readU16(bytes, at);
  if (length < 2) throw corrupt(`a ${what} segment declares length ${length}`);
  const end = at + length;
  if (end > bytes.length) throw truncated(what);
  return end;
}

/** One colour component as the frame header declares it. */
export interface FrameComponent {
  id: number;
  /** Horizontal and vertical sampling factors, 1–4. */
  h: number;
  v: number;
  /** Which quantisation table (0–3). */
  tq: number;
}

export interface FrameHeader {
  progressive: boolean;
  width: number;
  height: number;
  components: FrameComponent[];
}

/** Parses an SOF body `bytes[start, end)` for a decoded frame marker. */
export function parseFrame(bytes: Uint8Array, marker: number, start: number, end: number): FrameHeader {
  if (end - start < 6) throw corrupt('the frame header (SOF) is too short');
  const precision = bytes[start]!;
  if (precision !== 8) {
    throw new ImageError(
      'unsupported_format',
      `This JPEG has ${precision}-bit samples (${DECODED_SOF.get(marker) ?? 'SOF'}); only 8-bit JPEG is decoded. Ask for the picture as an ordinary 8-bit JPEG or PNG.`,
    );
  }
  const height = readU16(bytes, start + 1);
  const width = readU16(bytes, start + 3);
  const count = bytes[start + 5]!;
  if (width === 0) throw corrupt('the frame header declares width 0');
  if (height === 0) {
    throw new ImageError('unsupported_format', 'This JPEG leaves its height to a DNL marker, which this decoder does not support.');
  }
  if (count !== 1 && count !== 3 && count !== 4) {
    throw new ImageError('unsupported_format', `This JPEG has ${count} colour components; only 1 (grey), 3 (YCbCr/RGB) and 4 (CMYK/YCCK) are decoded.`);
  }
  if (end - start < 6 + count * 3) throw corrupt('the frame header (SOF) is shorter than its component list');
  const components: FrameComponent[] = [];
  for (let i = 0; i < count; i++) {
    const at = start + 6 + i * 3;
    const id = bytes[at]!;
    const h = bytes[at + 1]! >> 4;
    const v = bytes[at + 1]! & 15;
    const tq = bytes[at + 2]!;
    if (h < 1 || h > 4 || v < 1 || v > 4) throw corrupt(`component ${id} has sampling factors ${h}×${v} (allowed 1–4)`);
    if (tq > 3) throw corrupt(`component ${id} uses quantisation table ${tq} (allowed 0–3)`);
    if (components.some((c) => c.id === id)) throw corrupt(`component id ${id} appears twice in the frame header`);
    components.push({ id, h, v, tq });
  }
  return { progressive: marker === 0xc2, width, height, components };
}
