/**
 * The picture formats a vision model takes. The catalog decides this, not a surface: every
 * picture that leaves the catalog is one of them, re-encoded when the original is not.
 */
import type { ImageFormat } from '../../imaging/format.js';
import type { ModelImageType } from '../types.js';

const MODEL_TYPES: Readonly<Partial<Record<ImageFormat, ModelImageType>>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/**
 * The MIME type a model takes for `format`, or undefined (BMP, TIFF) when it must be re-encoded.
 *
 * @example
 * ```ts
 * modelImageType('webp'); // 'image/webp'
 * modelImageType('bmp');  // undefined
 * ```
 */
export function modelImageType(format: ImageFormat): ModelImageType | undefined {
  return MODEL_TYPES[format];
}
