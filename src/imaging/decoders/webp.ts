/**
 * WebP: the header is parsed here (no wasm needed to probe); pixels come from libwebp compiled to
 * wasm (@jsquash/webp), so lossy, lossless and alpha pictures decode byte for byte as libwebp does.
 * Animated WebP is refused: that libwebp build decodes still pictures only.
 */
import { ImageError } from '../errors.js';
import type { ImageHeader } from '../format.js';
import { assertPixelBudget } from '../limits.js';
import type { Raster } from '../raster.js';
import { readWebpLayout } from './webp/riff-header.js';
import { decodeWithWasm } from './webp/wasm-loader.js';

export { setWebpWasm, type WebpWasmSource } from './webp/wasm-loader.js';

/**
 * Reads size, lossy/lossless and (for animations) the frame count from the RIFF headers.
 *
 * @example
 * ```ts
 * probeWebp(bytes); // { format: 'webp', width: 128, height: 128, lossy: true }
 * ```
 */
export function probeWebp(bytes: Uint8Array): ImageHeader {
  const layout = readWebpLayout(bytes);
  const header: ImageHeader = { format: 'webp', width: layout.width, height: layout.height, lossy: layout.lossy };
  if (layout.animated) header.frames = layout.frames;
  return header;
}

/**
 * Decodes a still WebP (lossy, lossless, with or without alpha) to RGBA.
 *
 * @example
 * ```ts
 * const raster = await decodeWebp(bytes);
 * ```
 */
export async function decodeWebp(bytes: Uint8Array): Promise<Raster> {
  const layout = readWebpLayout(bytes);
  if (layout.animated) {
    throw new ImageError(
      'unsupported_format',
      `This is an animated WebP (${layout.frames} frames); only still WebP pictures are decoded. ` +
        'Ask for a still picture (PNG, JPEG or a non-animated WebP) instead.',
    );
  }
  // libwebp allocates width × height × 4 inside the wasm heap: gate it even when called directly.
  assertPixelBudget(layout.width, layout.height, 'WebP header');
  const image = await decodeWithWasm(bytes);
  if (image === null) {
    if (layout.declaredLength > bytes.length) {
      throw new ImageError(
        'truncated',
        `The WebP file is cut off: its RIFF header announces ${layout.declaredLength} bytes but only ${bytes.length} arrived. Fetch the whole file again.`,
      );
    }
    throw new ImageError('corrupt', 'The WebP data is damaged: libwebp refused to decode it.');
  }
  if (image.width !== layout.width || image.height !== layout.height || image.data.length !== image.width * image.height * 4) {
    throw new ImageError(
      'corrupt',
      `The WebP header says ${layout.width}×${layout.height} but the picture decoded as ${image.width}×${image.height}.`,
    );
  }
  return { width: image.width, height: image.height, data: image.data };
}
