/**
 * Turning one rectangle of a decoded picture into a `ToolImage`: crop at full resolution, shrink
 * by block averaging when the longer side exceeds the limit, re-encode (JPEG for photographs,
 * PNG for line art unless it is heavy). Bytes leave here; a surface encodes them as it needs.
 */
import { crop } from '../../imaging/crop.js';
import type { DecodedImage } from '../../imaging/decode.js';
import { encodeFragment } from '../../imaging/encode.js';
import type { Box, Raster } from '../../imaging/raster.js';
import { shrinkToFit } from '../../imaging/shrink.js';
import { ToolError, describeError } from '../errors.js';
import type { ToolImage } from '../types.js';

export interface RenderedFragment {
  image: ToolImage;
  width: number;
  height: number;
  bytes: number;
}

function isWhole(raster: Raster, box: Box): boolean {
  return box.x === 0 && box.y === 0 && box.width === raster.width && box.height === raster.height;
}

/** Renders `box` (already inside the picture) at no more than `maxDimension` on its longer side. */
export async function renderFragment(decoded: DecodedImage, box: Box, maxDimension: number): Promise<RenderedFragment> {
  try {
    const { raster, header } = decoded;
    const fragment = isWhole(raster, box) ? raster : crop(raster, box);
    const fitted = shrinkToFit(fragment, maxDimension);
    const encoded = await encodeFragment(fitted, { format: header.format, lossy: header.lossy });
    return {
      image: { mimeType: encoded.mimeType, bytes: encoded.bytes, width: fitted.width, height: fitted.height },
      width: fitted.width,
      height: fitted.height,
      bytes: encoded.bytes.length,
    };
  } catch (err) {
    throw new ToolError(`the picture could not be re-encoded: ${describeError(err)}`, { kind: 'picture', code: 'encode_failed', cause: err });
  }
}
