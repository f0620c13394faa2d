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
import type { Box, Raster } from './raster.js';
import { fittedSize } from './shrink.js';
import { sniff } from './sniff.js';
import { decodeBmp, probeBmp } from './decoders/bmp.js';
import { decodeGif, probeGif } from './decoders/gif.js';
import { decodeJpeg, decodeJpegShrunk, probeJpeg, type JpegScale } from './decoders/jpeg.js';
import { decodePng, probePng } from './decoders/png.js';
import { decodeTiff, probeTiff } from './decoders/tiff.js';
import { decodeWebp, probeWebp } from './decoders/webp.js';

interface Codec {
  probe(bytes: Uint8Array): ImageHeader;
  /** `scale` (1, 2, 4 or 8) is only ever more than 1 for JPEG (DCT scaling) and PNG (block average while decoding). */
  decode(bytes: Uint8Array, scale: JpegScale): Raster | Promise<Raster>;
}

const CODECS: Record<ImageFormat, Codec> = {
  jpeg: { probe: probeJpeg, decode: (bytes, scale) => decodeJpeg(bytes, { scale }) },
  png: { probe: probePng, decode: (bytes, scale) => decodePng(bytes, { scale }) },
  gif: { probe: probeGif, decode: (bytes) => decodeGif(bytes) },
  webp: { probe: probeWebp, decode: (bytes) => decodeWebp(bytes) },
  bmp: { probe: probeBmp, decode: (bytes) => decodeBmp(bytes) },
  tiff: { probe: probeTiff, decode: (bytes) => decodeTiff(bytes) },
};

/**
 * A decoded picture with what the caller needs to re-encode parts of it faithfully. `header` keeps
 * the picture's full size; `raster` is that size divided by `scale` (rounded up) when the decoder
 * was allowed to shrink on load, so boxes in full-size coordinates are mapped by `renderPart`.
 */
export interface DecodedImage {
  raster: Raster;
  header: ImageHeader;
  /** 1 for a full-size decode; 2, 4 or 8 for a JPEG decoded in the DCT domain, or a PNG block-averaged while decoding, at that fraction; with `shrinkWhole`, full width over raster width (not a whole number). */
  scale: number;
}

/**
 * What the caller will do with the pixels, so the decoder may do less work. Without options the
 * picture is decoded at full size (separator detection needs every pixel of a 1 px seam).
 */
export interface DecodeOptions {
  /**
   * The result will be shrunk to fit this many pixels on its longer side (the box's, when `box`
   * is given). A JPEG is then decoded at the largest DCT scale (1/2, 1/4, 1/8) that still leaves
   * at least that resolution, as libjpeg's scale_denom and sharp's shrink-on-load do; the block
   * average does the rest. A PNG is averaged in blocks of the same scale as its rows are decoded.
   * Other formats decode at full size.
   */
  maxDimension?: number;
  /** Only this part of the picture (full-size coordinates) will be used. Default: the whole. */
  box?: Box;
  /**
   * The whole picture (no `box`) will be rendered once at `maxDimension`, nothing else: a JPEG is
   * then shrunk to that size while it decodes (`decodeJpegShrunk`), so the decoded-smaller raster
   * is never written out; `raster` is the final size and `renderPart` of the whole at the same
   * `maxDimension` gives the picture it gives without this option: the same bytes for grey, RGB
   * and CMYK, and for YCbCr (shrunk before it is converted to RGB, 4× fewer pixels to convert for
   * the 25 MP photo) within MAE 0.3 and PSNR ≥ 50 dB of it (jpeg-shrink-whole.test.ts). Other
   * boxes or sizes rendered from such a raster lose resolution. The view tool's path.
   */
  shrinkWhole?: boolean;
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
export async function decode(bytes: Uint8Array, options: DecodeOptions = {}): Promise<DecodedImage> {
  const header = probe(bytes);
  const scale = header.format === 'jpeg' || header.format === 'png' ? shrinkOnLoadScale(header, options) : 1;
  if (options.shrinkWhole === true && options.box === undefined && header.format === 'jpeg' && options.maxDimension !== undefined && scale > 1) {
    // renderPart's size for the whole box, limited to the decoded size (it never enlarges).
    const wanted = fittedSize(header.width, header.height, Math.floor(options.maxDimension));
    const width = Math.min(wanted.width, Math.ceil(header.width / scale));
    const height = Math.min(wanted.height, Math.ceil(header.height / scale));
    const raster = await wrapUnexpected(() => decodeJpegShrunk(bytes, scale, width, height), header.format);
    return { raster, header, scale: header.width / raster.width };
  }
  const raster = await wrapUnexpected(() => CODECS[header.format].decode(bytes, scale), header.format);
  return { raster, header, scale };
}

/**
 * The largest DCT scale s ∈ {8, 4, 2, 1} at which the used region still has at least as many
 * pixels on its longer side as the shrunk result will: region / s ≥ min(region, maxDimension).
 * Below that the block average would have to enlarge, and a 1 px line could vanish.
 *
 * @example
 * ```ts
 * shrinkOnLoadScale({ width: 6144, height: 4096 } as ImageHeader, { maxDimension: 1568 }); // 2 (3072 ≥ 1568; 1536 is not)
 * ```
 */
export function shrinkOnLoadScale(header: Pick<ImageHeader, 'width' | 'height'>, options: DecodeOptions): JpegScale {
  const { maxDimension, box } = options;
  if (maxDimension === undefined || !Number.isFinite(maxDimension) || maxDimension < 1) return 1;
  const longer = box ? Math.max(box.width, box.height) : Math.max(header.width, header.height);
  const target = Math.min(longer, Math.floor(maxDimension));
  for (const scale of [8, 4, 2] as const) if (Math.floor(longer / scale) >= target) return scale;
  return 1;
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
