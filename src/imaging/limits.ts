import { ImageError } from './errors.js';

/**
 * Size limits shared by every decoder and tool.
 */

/**
 * The most pixels any picture may declare: 25 × 2^20 ≈ 26.2 megapixels. The 8 MB fetch cap bounds
 * bytes, not pixels: a few kilobytes of PNG header can declare a picture that needs gigabytes. 25 MP
 * covers every phone photo in use (a 24 MP camera is 6000×4000) and caps one RGBA buffer at 100 MiB.
 */
export const MAX_PIXELS = 25 * 2 ** 20;

/**
 * Default longest side of a returned fragment: model providers shrink pictures to about 1568 px on
 * the longer side before the model sees them, so sending more only costs tokens and bytes.
 */
export const DEFAULT_MAX_DIMENSION = 1568;

/** Upper bound for a caller-chosen `max_dimension`: beyond this a single fragment is megabytes of base64. */
export const MAX_MAX_DIMENSION = 4096;

/**
 * Throws `too_large` when width × height exceeds MAX_PIXELS, and `corrupt` for a zero or
 * non-integer size. Every decoder calls it with the size its header claims *before* allocating,
 * and again for every frame, page or tile that turns out larger than the header said.
 *
 * @example
 * ```ts
 * assertPixelBudget(100_000, 100_000, 'PNG header'); // throws ImageError('too_large', …)
 * ```
 */
export function assertPixelBudget(width: number, height: number, what = 'picture'): void {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new ImageError('corrupt', `The ${what} declares an impossible size ${width}×${height}.`);
  }
  const pixels = width * height;
  if (pixels > MAX_PIXELS) {
    const mp = (pixels / 1e6).toFixed(1);
    throw new ImageError(
      'too_large',
      `The ${what} is ${width}×${height} (${mp} megapixels); the limit is ${(MAX_PIXELS / 1e6).toFixed(1)} megapixels ` +
        `(25 × 2^20 pixels), so it was refused before decoding. Ask for a smaller version of the picture.`,
    );
  }
}
