// STUB — replaced by the pipeline owner.
import type { Raster } from './raster.js';

/** Shrinks by block averaging so the longer side is at most maxDimension; returns the input when it fits. */
export function shrinkToFit(raster: Raster, _maxDimension: number): Raster {
  return raster;
}
