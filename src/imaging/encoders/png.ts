// STUB — replaced by the PNG owner.
import { ImageError } from '../errors.js';
import type { Raster } from '../raster.js';

export async function encodePng(_raster: Raster): Promise<Uint8Array> {
  throw new ImageError('encode_failed', 'PNG encoding is not implemented yet');
}
