/**
 * Our pipeline, through the same functions the tools call: `decode` (full size for a split, whose
 * separators need every pixel; shrink-on-load for a view), `planSplit`, `renderPart` (crop →
 * shrink → encode) and `toBase64` — timed per stage.
 */
import { toBase64 } from '../../src/imaging/base64.js';
import { decode } from '../../src/imaging/decode.js';
import { renderPart } from '../../src/imaging/render.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { GcPauses } from '../gc-pauses.js';
import { MAX_DIMENSION, cpuMs, type SplitJob, type SplitPart, type SplitResult, type StageTimes } from './types.js';

/** `fullDecode` forces a full-size decode for the view job: the path before shrink-on-load, for the ratio. */
export async function runOurs(job: SplitJob, options: { fullDecode?: boolean } = {}): Promise<SplitResult> {
  const wall: StageTimes = { decode: 0, detect: 0, render: 0, base64: 0 };
  const cpu: StageTimes = { decode: 0, detect: 0, render: 0, base64: 0 };
  const windows: Record<keyof StageTimes, Array<[number, number]>> = { decode: [], detect: [], render: [], base64: [] };
  const gcLog = new GcPauses();
  const timed = async <T>(stage: keyof StageTimes, fn: () => T | Promise<T>): Promise<T> => {
    const [t, c] = [performance.now(), cpuMs()];
    const value = await fn();
    const end = performance.now();
    wall[stage] += end - t;
    cpu[stage] += cpuMs() - c;
    windows[stage].push([t, end]);
    return value;
  };
  // The view tool's decode: shrink on load, and (shrinkWhole) straight into the 1568 px result.
  const shrinkOnLoad = job.job === 'view' && !options.fullDecode;
  const decoded = await timed('decode', () => decode(job.bytes, shrinkOnLoad ? { maxDimension: MAX_DIMENSION, shrinkWhole: true } : {}));
  const { header, raster } = decoded;
  const whole = { x: 0, y: 0, width: header.width, height: header.height };
  let boxes = [whole];
  if (job.job === 'split') {
    const plan = await timed('detect', () => planSplit(raster, job.parts === undefined ? {} : { parts: job.parts }));
    if (!plan.ok) throw new Error(`ours: planSplit refused ${job.name}: ${plan.reason}`);
    boxes = plan.parts;
  }
  let encoded = 0;
  const parts: SplitPart[] = [];
  // One part at a time, so only one part's pixels are alive at once.
  for (const box of boxes) {
    const picture = await timed('render', () => renderPart(decoded, box, MAX_DIMENSION));
    const dataUrl = await timed('base64', () => `data:${picture.mimeType};base64,${toBase64(picture.bytes)}`);
    encoded += picture.width * picture.height;
    parts.push({ box, width: picture.width, height: picture.height, mimeType: picture.mimeType, bytes: picture.bytes, dataUrl });
  }
  const gc: StageTimes = { decode: 0, detect: 0, render: 0, base64: 0 };
  for (const stage of Object.keys(gc) as Array<keyof StageTimes>) gc[stage] = await gcLog.pausedMs(windows[stage]);
  gcLog.stop();
  return {
    parts,
    stages: wall,
    stagesCpu: cpu,
    stagesGc: gc,
    stagePixels: { source: (header.width * header.height) / 1e6, decoded: (raster.width * raster.height) / 1e6, encoded: encoded / 1e6 },
  };
}
