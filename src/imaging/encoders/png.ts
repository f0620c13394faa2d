/**
 * PNG encoder for screenshot fragments: 8-bit RGB when every pixel is opaque (a quarter smaller
 * before compression), RGBA otherwise; each row takes the filter with the smallest sum of absolute
 * differences (the heuristic the PNG specification recommends); deflate runs in the platform's
 * `CompressionStream`, fed band by band so it compresses while later rows are being filtered.
 */
import { ImageError } from '../errors.js';
import type { Raster } from '../raster.js';
import { openDeflate } from '../zlib.js';
import { crc32 } from '../decoders/png/crc32.js';

/** The 8-byte PNG signature. */
const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Filtered bytes handed to the compressor at a time: large enough that stream overhead is noise,
 * small enough that compression of one band overlaps filtering of the next.
 */
const BAND_BYTES = 512 * 1024;

/**
 * Encodes a raster as PNG (colour type 2 when fully opaque, else 6; bit depth 8, no interlace).
 *
 * @example
 * ```ts
 * const png = await encodePng(createRaster(2, 2)); // a 2×2 transparent PNG
 * ```
 */
export async function encodePng(raster: Raster): Promise<Uint8Array> {
  const { width, height, data } = raster;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0 || data.length !== width * height * 4) {
    throw new ImageError(
      'invalid_argument',
      `Cannot encode a ${width}×${height} raster holding ${data.length} bytes as PNG: it needs a positive size and exactly width × height × 4 bytes.`,
    );
  }
  const opaque = isOpaque(data);
  const channels = opaque ? 3 : 4;
  const rowLength = width * channels;
  const filtered = new Uint8Array(height * (rowLength + 1));
  // RGBA rows are filtered straight from the raster; RGB rows are packed into these two buffers.
  let current = new Uint8Array(opaque ? rowLength : 0);
  let packedPrevious = new Uint8Array(opaque ? rowLength : 0);
  /** The first row's "row above" is zeros. */
  const zeros = new Uint8Array(rowLength);
  let previous: Uint8Array = zeros;
  const sink = openDeflate();
  let bandStart = 0;

  for (let y = 0; y < height; y++) {
    const src = data.subarray(y * width * 4, (y + 1) * width * 4);
    const at = y * (rowLength + 1);
    if (opaque) {
      dropAlpha(src, current);
      filterRow(current, previous, channels, filtered, at);
      [current, packedPrevious] = [packedPrevious, current];
      previous = packedPrevious;
    } else {
      filterRow(src, previous, channels, filtered, at);
      previous = src;
    }
    const end = at + rowLength + 1;
    if (end - bandStart >= BAND_BYTES || y === height - 1) {
      sink.push(filtered.subarray(bandStart, end));
      bandStart = end;
      // Yield so the stream hands the band to the compressor, which then runs beside the next band's filtering.
      await Promise.resolve();
    }
  }

  let compressed: Uint8Array;
  try {
    compressed = await sink.finish();
  } catch (err) {
    throw new ImageError('encode_failed', `PNG compression failed: ${err instanceof Error ? err.message : String(err)}.`, { cause: err });
  }
  return assemble(width, height, opaque ? 2 : 6, compressed);
}

function isOpaque(data: Uint8Array): boolean {
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) return false;
  return true;
}

function dropAlpha(rgba: Uint8Array, rgb: Uint8Array): void {
  for (let s = 0, d = 0; s < rgba.length; s += 4, d += 3) {
    rgb[d] = rgba[s]!;
    rgb[d + 1] = rgba[s + 1]!;
    rgb[d + 2] = rgba[s + 2]!;
  }
}

/** |v| of a filtered byte read as signed (0..255 → 0..128): the cost the heuristic minimises, by table. */
const COST = Uint8Array.from({ length: 256 }, (_, b) => (b < 128 ? b : 256 - b));

/**
 * Writes the filter byte and the filtered row at `out[at]`, choosing among the five filters the
 * one with the smallest sum of |signed residual|. One pass computes all five sums.
 */
function filterRow(row: Uint8Array, prior: Uint8Array, bpp: number, out: Uint8Array, at: number): void {
  const n = row.length;
  let sNone = 0;
  let sSub = 0;
  let sUp = 0;
  let sAvg = 0;
  let sPaeth = 0;
  if (sameBytes(row, prior)) {
    // A row repeating the one above (common in screenshots) is all zeros under Up: nothing beats that.
    out[at] = 2;
    out.fill(0, at + 1, at + 1 + n);
    return;
  }
  // The first pixel has no left neighbour (a = c = 0); the main loop then runs branch-free.
  const head = Math.min(bpp, n);
  for (let i = 0; i < head; i++) {
    const x = row[i]!;
    const b = prior[i]!;
    sNone += COST[x]!;
    sSub += COST[x]!;
    sUp += COST[(x - b) & 0xff]!;
    sAvg += COST[(x - (b >> 1)) & 0xff]!;
    sPaeth += COST[(x - b) & 0xff]!;
  }
  for (let i = head; i < n; i++) {
    const x = row[i]!;
    const a = row[i - bpp]!;
    const b = prior[i]!;
    const c = prior[i - bpp]!;
    sNone += COST[x]!;
    sSub += COST[(x - a) & 0xff]!;
    sUp += COST[(x - b) & 0xff]!;
    sAvg += COST[(x - ((a + b) >> 1)) & 0xff]!;
    sPaeth += COST[(x - paeth(a, b, c)) & 0xff]!;
  }
  let best = 0;
  let bestSum = sNone;
  if (sSub < bestSum) (best = 1), (bestSum = sSub);
  if (sUp < bestSum) (best = 2), (bestSum = sUp);
  if (sAvg < bestSum) (best = 3), (bestSum = sAvg);
  if (sPaeth < bestSum) best = 4;

  out[at] = best;
  const o = at + 1;
  switch (best) {
    case 0:
      out.set(row, o);
      return;
    case 1:
      for (let i = 0; i < n; i++) out[o + i] = row[i]! - (i >= bpp ? row[i - bpp]! : 0);
      return;
    case 2:
      for (let i = 0; i < n; i++) out[o + i] = row[i]! - prior[i]!;
      return;
    case 3:
      for (let i = 0; i < n; i++) out[o + i] = row[i]! - (((i >= bpp ? row[i - bpp]! : 0) + prior[i]!) >> 1);
      return;
    default:
      for (let i = 0; i < n; i++) {
        const a = i >= bpp ? row[i - bpp]! : 0;
        const c = i >= bpp ? prior[i - bpp]! : 0;
        out[o + i] = row[i]! - paeth(a, prior[i]!, c);
      }
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The Paeth predictor (PNG specification, section 9.4). */
function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = p > a ? p - a : a - p;
  const pb = p > b ? p - b : b - p;
  const pc = p > c ? p - c : c - p;
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

/** Lays out signature, IHDR, one IDAT and IEND around the compressed data. */
function assemble(width: number, height: number, colorType: 2 | 6, compressed: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + (12 + 13) + (12 + compressed.length) + 12);
  out.set(SIGNATURE, 0);
  let at = 8;
  const ihdr = new Uint8Array(13);
  writeU32(ihdr, 0, width);
  writeU32(ihdr, 4, height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = colorType;
  // compression, filter method and interlace stay 0: deflate, adaptive filtering, no interlace.
  at = writeChunk(out, at, 'IHDR', ihdr);
  at = writeChunk(out, at, 'IDAT', compressed);
  writeChunk(out, at, 'IEND', new Uint8Array(0));
  return out;
}

function writeChunk(out: Uint8Array, at: number, type: string, data: Uint8Array): number {
  writeU32(out, at, data.length);
  for (let i = 0; i < 4; i++) out[at + 4 + i] = type.charCodeAt(i);
  out.set(data, at + 8);
  const crcAt = at + 8 + data.length;
  writeU32(out, crcAt, crc32(out, at + 4, crcAt));
  return crcAt + 4;
}

function writeU32(b: Uint8Array, at: number, v: number): void {
  b[at] = v >>> 24;
  b[at + 1] = (v >>> 16) & 0xff;
  b[at + 2] = (v >>> 8) & 0xff;
  b[at + 3] = v & 0xff;
}
