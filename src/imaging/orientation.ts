/**
 * Turns a raster stored the way the camera sensor saw it into the way it is meant to be seen,
 * following the EXIF orientation tag (1–8).
 */
import type { Raster } from './raster.js';

/**
 * The width and height a picture of `width`×`height` has once `orientation` is applied: 5–8 turn
 * it a quarter, swapping the sides.
 *
 * @example
 * ```ts
 * orientedSize(4000, 3000, 6); // { width: 3000, height: 4000 }
 * ```
 */
export function orientedSize(width: number, height: number, orientation: number): { width: number; height: number } {
  return orientation >= 5 && orientation <= 8 ? { width: height, height: width } : { width, height };
}

/**
 * Returns a new raster with the EXIF orientation applied (the input is not changed); orientation 1
 * or any value outside 2–8 returns the input itself.
 *
 * 2 mirrors left–right, 3 turns 180°, 4 mirrors top–bottom, 5 transposes, 6 turns 90° clockwise,
 * 7 transposes across the other diagonal, 8 turns 90° counter-clockwise.
 *
 * @example
 * ```ts
 * const upright = applyOrientation(raster, 6); // a phone photo taken in portrait
 * ```
 */
export function applyOrientation(raster: Raster, orientation: number): Raster {
  if (!Number.isInteger(orientation) || orientation < 2 || orientation > 8) return raster;
  const w = raster.width;
  const h = raster.height;
  const size = orientedSize(w, h, orientation);
  const out = new Uint8Array(w * h * 4);
  // Whole pixels move together; a 32-bit view moves one per step. The input may start at an odd
  // byte offset (a subarray), in which case it is copied once to get an aligned view.
  const srcBytes = raster.data.byteOffset % 4 === 0 ? raster.data : new Uint8Array(raster.data);
  const src = new Uint32Array(srcBytes.buffer, srcBytes.byteOffset, w * h);
  const dst = new Uint32Array(out.buffer);
  // For display pixel (x, y) the source is at sx = ax + bx·x + cx·y, sy = ay + by·x + cy·y.
  const [ax, bx, cx, ay, by, cy] = SOURCE_MAP[orientation]!(w, h);
  const W = size.width;
  const H = size.height;
  // Source index = sy·w + sx, linear in x and y: step per display column and per display row.
  const stepX = by * w + bx;
  const stepY = cy * w + cx;
  let rowStart = ay * w + ax;
  let d = 0;
  for (let y = 0; y < H; y++) {
    let s = rowStart;
    for (let x = 0; x < W; x++) {
      dst[d++] = src[s]!;
      s += stepX;
    }
    rowStart += stepY;
  }
  return { width: W, height: H, data: out };
}

type Affine = (w: number, h: number) => [number, number, number, number, number, number];

/** Per orientation: [ax, bx, cx, ay, by, cy] mapping display (x, y) to stored (sx, sy). */
const SOURCE_MAP: Record<number, Affine> = {
  2: (w) => [w - 1, -1, 0, 0, 0, 1],
  3: (w, h) => [w - 1, -1, 0, h - 1, 0, -1],
  4: (_w, h) => [0, 1, 0, h - 1, 0, -1],
  5: () => [0, 0, 1, 0, 1, 0],
  6: (_w, h) => [0, 0, 1, h - 1, -1, 0],
  7: (w, h) => [w - 1, 0, -1, h - 1, -1, 0],
  8: (w) => [w - 1, 0, -1, 0, 1, 0],
};
