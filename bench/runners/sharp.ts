/**
 * The same job done with sharp (libvips): decode to raw RGBA, the same separator rule (our
 * planSplit on sharp's pixels), extract, resize to the same size, encode with the same policy
 * (JPEG q90 4:4:4 for lossy sources; PNG for lossless ones unless over 1 MiB), base64.
 */
import sharp from 'sharp';
import { planSplit } from '../../src/imaging/separators/index.js';
import { MAX_PNG_FRAGMENT_BYTES } from '../../src/imaging/encode.js';
import { fittedSize, toDataUrl, type SplitJob, type SplitPart, type SplitResult } from './types.js';

export async function runSharp(job: SplitJob): Promise<SplitResult> {
  const input = sharp(job.bytes);
  const meta = await input.metadata();
  const lossy = meta.format === 'jpeg' || (meta.format === 'webp' && !isLosslessWebp(job.bytes));
  const { data, info } = await input.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const raster = { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  const plan = planSplit(raster, job.parts === undefined ? {} : { parts: job.parts });
  if (!plan.ok) throw new Error(`sharp: planSplit refused ${job.name}: ${plan.reason}`);
  const parts: SplitPart[] = [];
  for (const box of plan.parts) {
    const size = fittedSize(box.width, box.height);
    const part = sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
      .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
      .resize(size.width, size.height, { fit: 'fill' });
    let bytes: Uint8Array;
    let mimeType = 'image/jpeg';
    if (lossy) {
      bytes = await part.flatten({ background: '#ffffff' }).jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer();
    } else {
      const png = await part.clone().png().toBuffer();
      if (png.length <= MAX_PNG_FRAGMENT_BYTES) {
        bytes = png;
        mimeType = 'image/png';
      } else {
        bytes = await part.flatten({ background: '#ffffff' }).jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer();
      }
    }
    parts.push({ box, width: size.width, height: size.height, mimeType, bytes, dataUrl: toDataUrl(mimeType, bytes) });
  }
  return { parts };
}

/** RIFF....WEBPVP8L: the lossless bitstream (VP8X files are treated as lossy here; the bench has none). */
function isLosslessWebp(bytes: Uint8Array): boolean {
  return bytes[12] === 0x56 && bytes[13] === 0x50 && bytes[14] === 0x38 && bytes[15] === 0x4c;
}
