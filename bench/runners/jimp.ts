/**
 * The same jobs done with jimp 1.x (pure JS: jpeg-js, pngjs): read, our planSplit on its bitmap
 * (split) or the whole picture (view), crop, resize, encode, base64.
 */
import { Jimp } from 'jimp';
import { MAX_PNG_FRAGMENT_BYTES } from '../../src/imaging/encode.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { fittedSize, toDataUrl, type SplitJob, type SplitPart, type SplitResult } from './types.js';

export async function runJimp(job: SplitJob): Promise<SplitResult> {
  const image = await Jimp.fromBuffer(Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength));
  const lossy = image.mime === 'image/jpeg' || image.mime === 'image/webp';
  const { width, height, data } = image.bitmap;
  let boxes = [{ x: 0, y: 0, width, height }];
  if (job.job === 'split') {
    const raster = { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
    const plan = planSplit(raster, job.parts === undefined ? {} : { parts: job.parts });
    if (!plan.ok) throw new Error(`jimp: planSplit refused ${job.name}: ${plan.reason}`);
    boxes = plan.parts;
  }
  const parts: SplitPart[] = [];
  for (const box of boxes) {
    const size = fittedSize(box.width, box.height);
    // The view job works on the decoded picture itself, as a jimp user would; a split crops copies.
    const part = job.job === 'view' ? image : (image.clone().crop({ x: box.x, y: box.y, w: box.width, h: box.height }) as typeof image);
    if (size.width !== box.width || size.height !== box.height) part.resize({ w: size.width, h: size.height });
    let bytes: Uint8Array;
    let mimeType = 'image/jpeg';
    if (lossy) {
      bytes = await part.getBuffer('image/jpeg', { quality: 90 });
    } else {
      const png = await part.getBuffer('image/png');
      if (png.length <= MAX_PNG_FRAGMENT_BYTES) {
        bytes = png;
        mimeType = 'image/png';
      } else {
        bytes = await part.getBuffer('image/jpeg', { quality: 90 });
      }
    }
    parts.push({ box, width: size.width, height: size.height, mimeType, bytes, dataUrl: toDataUrl(mimeType, bytes) });
  }
  return { parts };
}
