/**
 * The output policy for a fragment (a crop or a split part) that goes back to the model:
 * which format, and the encoder settings.
 */
import type { ImageFormat } from './format.js';
import { encodeJpeg } from './encoders/jpeg.js';
import { encodePng } from './encoders/png.js';
import type { Raster } from './raster.js';

export interface EncodedPicture {
  bytes: Uint8Array;
  format: 'jpeg' | 'png';
  mimeType: 'image/jpeg' | 'image/png';
}

/**
 * A PNG heavier than this is "heavy enough to be a photograph" (1 MiB, the reference's rule):
 * line art and screenshots compress far below it, photos do not, and JPEG serves photos better.
 */
export const MAX_PNG_FRAGMENT_BYTES = 1_048_576;

/** JPEG settings for fragments: quality 90, 4:4:4 (see DEFAULT_JPEG_* in encoders/jpeg.ts for the measurements). */
const FRAGMENT_JPEG = { quality: 90, subsampling: '444' } as const;

/**
 * Re-encodes a fragment for the model. A fragment of a lossy source (JPEG, lossy WebP) becomes
 * JPEG — it already carries JPEG-like noise that PNG would spend megabytes preserving. A fragment
 * of a lossless source (PNG, GIF, lossless WebP, BMP, TIFF: line art, screenshots) becomes PNG so
 * edges stay sharp, unless that PNG exceeds 1 MiB, in which case it is a photograph and becomes
 * JPEG. JPEG output composites transparency over white.
 *
 * @example
 * ```ts
 * const { bytes, mimeType } = await encodeFragment(part, { format: 'png', lossy: false });
 * const url = `data:${mimeType};base64,${base64(bytes)}`;
 * ```
 */
export async function encodeFragment(raster: Raster, source: { format: ImageFormat; lossy: boolean }): Promise<EncodedPicture> {
  if (isLossySource(source)) return asJpeg(raster);
  const png = await encodePng(raster);
  if (png.length <= MAX_PNG_FRAGMENT_BYTES) return { bytes: png, format: 'png', mimeType: 'image/png' };
  return asJpeg(raster);
}

/** JPEG is always lossy; WebP is lossy when its header says VP8 (not VP8L); every other format is lossless. */
function isLossySource(source: { format: ImageFormat; lossy: boolean }): boolean {
  if (source.format === 'jpeg') return true;
  if (source.format === 'webp') return source.lossy;
  return false;
}

/**
 * A fragment in the format a caller insists on (a CLI `--out part.png`), with the same encoder
 * settings the policy would use for that format.
 *
 * @example
 * ```ts
 * const { bytes } = await encodeFragmentAs(part, 'png');
 * ```
 */
export async function encodeFragmentAs(raster: Raster, format: 'jpeg' | 'png'): Promise<EncodedPicture> {
  return format === 'png' ? { bytes: await encodePng(raster), format: 'png', mimeType: 'image/png' } : asJpeg(raster);
}

function asJpeg(raster: Raster): EncodedPicture {
  return { bytes: encodeJpeg(raster, FRAGMENT_JPEG), format: 'jpeg', mimeType: 'image/jpeg' };
}
