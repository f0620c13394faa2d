// STUB — replaced by the JPEG encoder owner.
import { ImageError } from '../errors.js';
import type { Raster } from '../raster.js';

export interface JpegEncodeOptions {
  /** 1–100. */
  quality?: number;
  /** Chroma subsampling: '420' halves chroma both ways (smaller, faster), '444' keeps it. */
  subsampling?: '420' | '444';
}

export function encodeJpeg(_raster: Raster, _options: JpegEncodeOptions = {}): Uint8Array {
  throw new ImageError('encode_failed', 'JPEG encoding is not implemented yet');
}
