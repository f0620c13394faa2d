/**
 * encx-agenttools/imaging — a pure-TypeScript picture pipeline that runs unchanged in Node, Deno
 * and browsers: sniff, probe (25 MP gate), decode, find collage separators, crop, shrink, encode.
 * It takes and returns `Uint8Array`; no file system, no network, no `node:` import.
 */
export type { Raster, Box } from './raster.js';
export { createRaster } from './raster.js';
export { ImageError, isImageError, type ImageErrorCode } from './errors.js';
export { MAX_PIXELS, DEFAULT_MAX_DIMENSION, MAX_MAX_DIMENSION, assertPixelBudget } from './limits.js';
export { type ImageFormat, type ImageHeader, MIME_TYPES } from './format.js';
export { sniff } from './sniff.js';
export { probe, decode, shrinkOnLoadScale, type DecodedImage, type DecodeOptions } from './decode.js';
export { encodePng } from './encoders/png.js';
export { encodeJpeg, type JpegEncodeOptions } from './encoders/jpeg.js';
export { crop, clampBox } from './crop.js';
export { shrinkToFit, cropAndShrinkToFit, cropAndShrinkTo } from './shrink.js';
export { renderPart, type RenderedPicture } from './render.js';
export { toBase64 } from './base64.js';
export { encodeFragment, type EncodedPicture } from './encode.js';
export { planSplit, type SplitAxis, type SplitOptions, type SplitPlan } from './separators/index.js';
export { setWebpWasm, type WebpWasmSource } from './decoders/webp.js';
