/**
 * The two entry points every caller uses: `probe` (header only, gated) and `decode` (pixels).
 *
 * Contract of a decoder module `decoders/<format>.ts`:
 * - `probe<Format>(bytes)` reads the header without touching pixel data and returns the size the
 *   picture will have *as displayed* (JPEG: after EXIF orientation). It throws `corrupt` or
 *   `truncated`, never `RangeError`. It does not apply the pixel gate: `probe` below does.
 * - `decode<Format>(bytes)` returns the raster (JPEG: already turned upright). It is only called
 *   after the header passed the gate, and it calls `assertPixelBudget` again for anything the header
 *   did not promise (a GIF frame larger than the screen, a TIFF page, PNG data that inflates past its
 *   IHDR, a second JPEG SOF), before allocating for it.
 */
import { ImageError } from './errors.js';
import type { ImageFormat, ImageHeader } from './format.js';
import { assertPixelBudget } from './limits.js';
import type { Raster } from './raster.js';
import { sniff } from './sniff.js';
import { decodeBmp, probeBmp } from './decoders/bmp.js';
import { decodeGif, probeGif } from './decoders/gif.js';
import { decodeJpeg, probeJpeg } from './decoders/jpeg.js';
import { decodePng, probePng } from './decoders/png.js';
import { decodeTiff, probeTiff } from './decoders/tiff.js';
import { decodeWebp, probeWebp } from './decoders/webp.js';

interface Codec {
  probe(bytes: Uint8Array): ImageHeader;
  decode(bytes: Uint8Array): Raster | Promise<Raster>;
}

const CODECS: Record<ImageFormat, Codec> = {
  jpeg: { probe: probeJpeg, decode: decodeJpeg },
  png: { probe: probePng, decode: decodePng },
  gif: { probe: probeGif, decode: decodeGif },
  webp: { probe: probeWebp, decode: decodeWebp },
  bmp: { probe: probeBmp, decode: decodeBmp },
  tiff: { probe: probeTiff, decode: decodeTiff },
};

/** A decoded picture with what the caller needs to re-encode parts of it faithfully. */
export interface DecodedImage {
  raster: Raster;
  header: ImageHeader;
}

function codecFor(bytes: Uint8Array): Codec {
  const format = sniff(bytes);
  if (format === null && hasDamagedPngSignature(bytes)) {
    throw new ImageError(
      'corrupt',
      'The file carries a PNG header chunk (IHDR) but its 8-byte PNG signature is damaged — typically a transfer that altered bytes (text mode, 7-bit). Ask for the original file.',
    );
  }
  if (format === null) {
    throw new ImageError(
      'unsupported_format',
      'The bytes are not a JPEG, PNG, GIF, WebP, BMP or TIFF picture (checked from the file itself, not its name or Content-Type).',
    );
  }
  return CODECS[format];
}

/**
 * A PNG whose signature was mangled in transit (high bit stripped, CR/LF converted, a letter
 * changed) still has its IHDR chunk at byte 12. Calling it `corrupt` instead of "not a picture"
 * tells the model the file was meant to be a picture and the sender should resend it.
 */
function hasDamagedPngSignature(bytes: Uint8Array): boolean {
  return bytes.length >= 16 && bytes[12] === 0x49 && bytes[13] === 0x48 && bytes[14] === 0x44 && bytes[15] === 0x52;
}

/**
 * Reads format and size from the header and refuses more than 25 × 2^20 pixels — no pixel buffer
 * is allocated.
 *
 * @example
 * ```ts
 * const { format, width, height } = probe(bytes);
 * ```
 */
export function probe(bytes: Uint8Array): ImageHeader {
  const header = codecFor(bytes).probe(bytes);
  assertPixelBudget(header.width, header.height, `${header.format.toUpperCase()} header`);
  return header;
}

/**
 * Decodes any supported picture to RGBA after the header passed the gate.
 *
 * @example
 * ```ts
 * const { raster, header } = await decode(bytes);
 * ```
 */
export async function decode(bytes: Uint8Array): Promise<DecodedImage> {
  const header = probe(bytes);
  const raster = await wrapUnexpected(() => CODECS[header.format].decode(bytes), header.format);
  return { raster, header };
}

/** Turns anything a decoder throws that is not an ImageError (a bug or a library's RangeError) into `corrupt`. */
async function wrapUnexpected<T>(fn: () => T | Promise<T>, format: ImageFormat): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ImageError) throw err;
    const why = err instanceof Error ? err.message : String(err);
    throw new ImageError('corrupt', `The ${format.toUpperCase()} data is damaged and could not be decoded (${why}).`, { cause: err });
  }
}
