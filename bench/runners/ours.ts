/** Our pipeline: decode → planSplit → crop+shrink (cropAndShrinkToFit: no full-size copy) → encodeFragment → base64, timed per stage. */
import { decode } from '../../src/imaging/decode.js';
import { encodeFragment } from '../../src/imaging/encode.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { cropAndShrinkToFit } from '../../src/imaging/shrink.js';
import { MAX_DIMENSION, cpuMs, toDataUrl, type SplitJob, type SplitPart, type SplitResult } from './types.js';

export async function runOurs(job: SplitJob): Promise<SplitResult> {
  const c0 = cpuMs();
  const t0 = performance.now();
  const { raster, header } = await decode(job.bytes);
  const t1 = performance.now();
  const c1 = cpuMs();
  const plan = planSplit(raster, job.parts === undefined ? {} : { parts: job.parts });
  const t2 = performance.now();
  const c2 = cpuMs();
  if (!plan.ok) throw new Error(`ours: planSplit refused ${job.name}: ${plan.reason}`);
  const stages = { decode: t1 - t0, detect: t2 - t1, cropShrink: 0, encode: 0, base64: 0 };
  const stagesCpu = { decode: c1 - c0, detect: c2 - c1, cropShrink: 0, encode: 0, base64: 0 };
  let cropped = 0;
  let encoded = 0;
  const parts: SplitPart[] = [];
  // One part at a time, so only one part's pixels are alive at once.
  for (const box of plan.parts) {
    const [a, ca] = [performance.now(), cpuMs()];
    const small = cropAndShrinkToFit(raster, box, MAX_DIMENSION);
    const [b, cb] = [performance.now(), cpuMs()];
    const picture = await encodeFragment(small, header);
    const [c, cc] = [performance.now(), cpuMs()];
    const dataUrl = toDataUrl(picture.mimeType, picture.bytes);
    const [d, cd] = [performance.now(), cpuMs()];
    stages.cropShrink += b - a;
    stages.encode += c - b;
    stages.base64 += d - c;
    stagesCpu.cropShrink += cb - ca;
    stagesCpu.encode += cc - cb;
    stagesCpu.base64 += cd - cc;
    cropped += box.width * box.height;
    encoded += small.width * small.height;
    parts.push({ box, width: small.width, height: small.height, mimeType: picture.mimeType, bytes: picture.bytes, dataUrl });
  }
  return { parts, stages, stagesCpu, stagePixels: { source: (raster.width * raster.height) / 1e6, cropped: cropped / 1e6, encoded: encoded / 1e6 } };
}
