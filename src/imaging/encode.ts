// STUB — replaced by the pipeline owner.
import { ImageError } from './errors.js';
import type { ImageFormat } from './format.js';
import type { Raster } from './raster.js';

export interface EncodedPicture {
  bytes: Uint8Array;
  format: 'jpeg' | 'png';
  mimeType: 'image/jpeg' | 'image/png';
}

/** Re-encodes a fragment: JPEG for lossy sources, PNG for lossless ones unless heavier than 1 MiB. */
export async function encodeFragment(_raster: Raster, _source: { format: ImageFormat; lossy: boolean }): Promise<EncodedPicture> {
  throw new ImageError('encode_failed', 'encodeFragment is not implemented yet');
}
