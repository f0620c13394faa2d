/**
 * Resolving a crop request against the decoded picture (docs/catalog.md, «Pictures»): percentages become
 * pixels, missing edges default to the far edge, and a box hanging over the picture is trimmed
 * rather than refused. Only a box with no positive size or entirely outside is an error.
 */
import { resolvePixelSpec, type PixelSpec } from '../args.js';
import { ToolArgumentError } from '../errors.js';
import type { Box } from '../../imaging/raster.js';

export interface CropRequest {
  x?: PixelSpec;
  y?: PixelSpec;
  width?: PixelSpec;
  height?: PixelSpec;
}

/**
 * The clamped box in picture pixels.
 *
 * @example
 * ```ts
 * resolveCropBox({ x: { kind: 'percent', value: 50 } }, 610, 200); // { x: 305, y: 0, width: 305, height: 200 }
 * ```
 */
export function resolveCropBox(request: CropRequest, pictureWidth: number, pictureHeight: number): Box {
  const x = request.x ? resolvePixelSpec(request.x, pictureWidth) : 0;
  const y = request.y ? resolvePixelSpec(request.y, pictureHeight) : 0;
  const width = request.width ? resolvePixelSpec(request.width, pictureWidth) : pictureWidth - x;
  const height = request.height ? resolvePixelSpec(request.height, pictureHeight) : pictureHeight - y;
  if (width <= 0 || height <= 0) {
    throw new ToolArgumentError(
      width <= 0 ? 'width' : 'height',
      `the crop at x=${x} y=${y} is ${width}x${height} inside a ${pictureWidth}x${pictureHeight} picture; width and height have to be positive`,
    );
  }
  const left = Math.max(0, x);
  const top = Math.max(0, y);
  const right = Math.min(pictureWidth, x + width);
  const bottom = Math.min(pictureHeight, y + height);
  if (right <= left || bottom <= top) {
    throw new ToolArgumentError(
      'x',
      `the crop x=${x} y=${y} ${width}x${height} lies outside the ${pictureWidth}x${pictureHeight} picture`,
    );
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}
