/**
 * The same jobs done the way a sharp (libvips) user would. Split: decode to raw RGBA, the same
 * separator rule (our planSplit on sharp's pixels), extract, resize to the same size, encode with
 * the same policy (JPEG q90 4:4:4 for lossy sources; PNG for lossless ones unless over 1 MiB),
 * base64. View: sharp's own `resize` straight from the file, which shrinks a JPEG on load.
 */
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { planSplit } from '../../src/imaging/separators/index.js';
import { MAX_PNG_FRAGMENT_BYTES } from '../../src/imaging/encode.js';
import { MAX_DIMENSION, fittedSize, toDataUrl, type SplitJob, type SplitPart, type SplitResult } from './types.js';

export async function runSharp(job: SplitJob): Promise<SplitResult> {
  const input = sharp(job.bytes);
  const meta = await input.metadata();
  const lossy = meta.format === 'jpeg' || (meta.format === 'webp' && !isLosslessWebp(job.bytes));
  if (job.job === 'view') {
    const size = fittedSize(meta.width!, meta.height!);
    const part = sharp(job.bytes).resize(size.width, size.height, { fit: 'fill' });
    const whole = { x: 0, y: 0, width: meta.width!, height: meta.height! };
    return { parts: [await encodePart(part, lossy, whole, size)] };
  }
  const { data, info } = await input.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const raster = { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  const plan = planSplit(raster, job.parts === undefined ? {} : { parts: job.parts });
  if (!plan.ok) throw new Error(`sharp: planSplit refused ${job.name}: ${plan.reason}`);
  const parts: SplitPart[] = [];
  for (const box of plan.parts) {
    const size = fittedSize(box.width, box.height, MAX_DIMENSION);
    const part = sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
      .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
      .resize(size.width, size.height, { fit: 'fill' });
    parts.push(await encodePart(part, lossy, box, size));
  }
  return { parts };
}

async function encodePart(part: Sharp, lossy: boolean, box: SplitPart['box'], size: { width: number; height: number }): Promise<SplitPart> {
  const asJpeg = (): Promise<Buffer> => part.clone().flatten({ background: '#ffffff' }).jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer();
  let bytes: Uint8Array;
  let mimeType = 'image/jpeg';
  if (lossy) {
    bytes = await asJpeg();
  } else {
    const png = await part.clone().png().toBuffer();
    if (png.length <= MAX_PNG_FRAGMENT_BYTES) {
      bytes = png;
      mimeType = 'image/png';
    } else {
      bytes = await asJpeg();
    }
  }
  return { box, width: size.width, height: size.height, mimeType, bytes, dataUrl: toDataUrl(mimeType, bytes) };
}

/** RIFF....WEBPVP8L: the lossless bitstream (VP8X files are treated as lossy here). */
function isLosslessWebp(bytes: Uint8Array): boolean {
  return bytes[12] === 0x56 && bytes[13] === 0x50 && bytes[14] === 0x38 && bytes[15] === 0x4c;
}
