/**
 * Cutting a rectangle out of a raster at full resolution.
 *
 * The result is always a fresh, tightly packed copy: a "view" (stride + offset) would save one copy
 * per part, but every consumer (shrink, encoders, separators) would then have to honour a stride,
 * and the copy costs about a millisecond per megapixel — far below decode and encode.
 * A box that covers the whole raster returns the input itself (no copy).
 */
import { ImageError } from './errors.js';
import type { Box, Raster } from './raster.js';

/**
 * Copies one rectangle, which must lie inside the raster, at full resolution.
 * Throws `invalid_argument` for a box that is empty, non-integer or hangs over an edge
 * (use `clampBox` first for user-supplied boxes).
 *
 * @example
 * ```ts
 * const leftHalf = crop(raster, { x: 0, y: 0, width: raster.width >> 1, height: raster.height });
 * ```
 */
export function crop(raster: Raster, box: Box): Raster {
  assertBoxInside(raster, box);
  const { x, y, width, height } = box;
  if (x === 0 && y === 0 && width === raster.width && height === raster.height) return raster;
  const out = new Uint8Array(width * height * 4);
  const srcStride = raster.width * 4;
  const rowBytes = width * 4;
  for (let row = 0; row < height; row++) {
    const start = (y + row) * srcStride + x * 4;
    out.set(raster.data.subarray(start, start + rowBytes), row * rowBytes);
  }
  return { width, height, data: out };
}

/**
 * Intersects a box with the raster's bounds; returns null when nothing is left.
 * Negative x/y are allowed (the part hanging outside is trimmed), as are fractional values
 * (truncated toward zero first).
 *
 * @example
 * ```ts
 * clampBox({ x: -10, y: 0, width: 50, height: 5 }, 20, 20); // { x: 0, y: 0, width: 20, height: 5 }
 * ```
 */
export function clampBox(box: Box, width: number, height: number): Box | null {
  const x0 = Math.trunc(box.x);
  const y0 = Math.trunc(box.y);
  const x1 = x0 + Math.trunc(box.width);
  const y1 = y0 + Math.trunc(box.height);
  const left = Math.max(0, x0);
  const top = Math.max(0, y0);
  const right = Math.min(width, x1);
  const bottom = Math.min(height, y1);
  if (!(right > left && bottom > top)) return null;
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** Throws `invalid_argument` unless the box is whole pixels, non-empty and inside the raster. */
export function assertBoxInside(raster: Raster, box: Box): void {
  const { x, y, width, height } = box;
  const integers = [x, y, width, height].every(Number.isInteger);
  if (!integers || width <= 0 || height <= 0 || x < 0 || y < 0 || x + width > raster.width || y + height > raster.height) {
    throw new ImageError(
      'invalid_argument',
      `The crop x=${x} y=${y} ${width}x${height} is not a whole-pixel box inside the ${raster.width}x${raster.height} picture; ` +
        'give integer coordinates with positive width and height that stay within the picture.',
    );
  }
}
