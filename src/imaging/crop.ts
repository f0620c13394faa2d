// STUB — replaced by the pipeline owner.
import { ImageError } from './errors.js';
import type { Box, Raster } from './raster.js';

/** Copies one rectangle (already inside the raster) at full resolution. */
export function crop(_raster: Raster, _box: Box): Raster {
  throw new ImageError('invalid_argument', 'crop is not implemented yet');
}
