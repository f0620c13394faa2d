/**
 * The one way a part of a picture becomes the bytes a model is shown: crop at full resolution,
 * shrink by block averaging when the longer side exceeds the limit, re-encode (JPEG for
 * photographs, PNG for line art unless it is heavy). The tools, the CLI and the bench all call
 * `renderPart`, so the figures the bench reports are the path a user gets.
 */
import type { DecodedImage } from './decode.js';
import { encodeFragment } from './encode.js';
import { DEFAULT_MAX_DIMENSION } from './limits.js';
import type { Box, Raster } from './raster.js';
import { cropAndShrinkTo, fittedSize } from './shrink.js';

/** A rendered part: the encoded bytes, their type and the pixel size that was encoded. */
export interface RenderedPicture {
  bytes: Uint8Array;
  mimeType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

/**
 * Renders `box` (in the picture's full-size coordinates, inside it) at no more than
 * `maxDimension` on its longer side. Works on a raster decoded smaller (`decoded.scale` > 1): the
 * box is mapped onto it and the output keeps the size a full-size decode would give.
 *
 * @example
 * ```ts
 * const decoded = await decode(bytes, { maxDimension: 1568 });
 * const { bytes: out, mimeType } = await renderPart(decoded, { x: 0, y: 0, width: decoded.header.width, height: decoded.header.height });
 * ```
 */
export async function renderPart(decoded: DecodedImage, box: Box, maxDimension: number = DEFAULT_MAX_DIMENSION): Promise<RenderedPicture> {
  const { raster, header } = decoded;
  const wanted = fittedSize(box.width, box.height, maxDimension);
  const source = decoded.scale === 1 ? box : mapBox(box, header, raster);
  const size = { width: Math.min(wanted.width, source.width), height: Math.min(wanted.height, source.height) };
  const part = cropAndShrinkTo(raster, source, size.width, size.height);
  const encoded = await encodeFragment(part, header);
  return { bytes: encoded.bytes, mimeType: encoded.mimeType, width: part.width, height: part.height };
}

/** A full-size box on a raster decoded at a fraction of the size: outward-rounded, clamped inside. */
function mapBox(box: Box, full: { width: number; height: number }, raster: Raster): Box {
  const fx = raster.width / full.width;
  const fy = raster.height / full.height;
  const x = Math.min(raster.width - 1, Math.floor(box.x * fx));
  const y = Math.min(raster.height - 1, Math.floor(box.y * fy));
  const right = Math.min(raster.width, Math.max(x + 1, Math.ceil((box.x + box.width) * fx)));
  const bottom = Math.min(raster.height, Math.max(y + 1, Math.ceil((box.y + box.height) * fy)));
  return { x, y, width: right - x, height: bottom - y };
}
