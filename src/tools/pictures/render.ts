/**
 * Turning one rectangle of a decoded picture into a `ToolImage` through the imaging library's one
 * render path (`renderPart`: crop → shrink by block averaging → encode). Bytes leave here; a surface
 * encodes them as it needs.
 */
import type { DecodedImage } from '../../imaging/decode.js';
import type { Box } from '../../imaging/raster.js';
import { ToolError, describeError } from '../errors.js';
import type { ToolImage } from '../types.js';

export interface RenderedFragment {
  image: ToolImage;
  width: number;
  height: number;
  bytes: number;
}

/**
 * Renders `box` (in the picture's full-size coordinates, inside it) at no more than `maxDimension`
 * on its longer side; the picture may have been decoded smaller (shrink-on-load).
 */
export async function renderFragment(decoded: DecodedImage, box: Box, maxDimension: number): Promise<RenderedFragment> {
  // Loaded on first use, like the decoders (see load.ts): the encoders are not needed to list tools.
  const { renderPart } = await import('../../imaging/render.js');
  try {
    const part = await renderPart(decoded, box, maxDimension);
    return {
      image: { mimeType: part.mimeType, bytes: part.bytes, width: part.width, height: part.height },
      width: part.width,
      height: part.height,
      bytes: part.bytes.length,
    };
  } catch (err) {
    throw new ToolError(`the picture could not be re-encoded: ${describeError(err)}`, { kind: 'picture', code: 'encode_failed', cause: err });
  }
}
