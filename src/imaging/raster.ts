/**
 * The one pixel type of the imaging library: 8-bit RGBA, straight (not premultiplied) alpha,
 * rows top to bottom, no padding. Every decoder produces it and every operation takes it.
 *
 * @example
 * ```ts
 * const r = createRaster(2, 1);          // two transparent black pixels
 * r.data.set([255, 0, 0, 255], 0);        // the first one opaque red
 * ```
 */
export interface Raster {
  readonly width: number;
  readonly height: number;
  /** width × height × 4 bytes: R, G, B, A. */
  readonly data: Uint8Array;
}

/** A rectangle in pixels; x/y are the top-left corner. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Allocates a zeroed raster. Callers gate sizes before calling (see `limits.ts`). */
export function createRaster(width: number, height: number): Raster {
  return { width, height, data: new Uint8Array(width * height * 4) };
}
