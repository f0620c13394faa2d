// STUB — replaced by the decoder's owner. Contract: see src/imaging/decode.ts.
import { ImageError } from '../errors.js';
import type { ImageHeader } from '../format.js';
import type { Raster } from '../raster.js';

export function probeTiff(_bytes: Uint8Array): ImageHeader {
  throw new ImageError('unsupported_format', 'tiff is not decoded yet');
}

export async function decodeTiff(_bytes: Uint8Array): Promise<Raster> {
  throw new ImageError('unsupported_format', 'tiff is not decoded yet');
}
