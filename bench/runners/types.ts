import type { Box } from '../../src/imaging/raster.js';

/**
 * One job as a tool does it: `split` is `enc_split_image` (every part rendered), `view` is
 * `enc_view_image` (the whole picture shrunk to 1568). `parts` is the split's requested count.
 */
export interface SplitJob {
  name: string;
  bytes: Uint8Array;
  job: 'split' | 'view';
  parts?: number;
}

/** One returned part: where it came from, what was sent, and the bytes behind the data URL. */
export interface SplitPart {
  box: Box;
  width: number;
  height: number;
  mimeType: string;
  bytes: Uint8Array;
  dataUrl: string;
}

/** Per-stage wall times in ms (only our runner reports them); `render` is crop + shrink + encode. */
export interface StageTimes {
  decode: number;
  detect: number;
  render: number;
  base64: number;
}

export interface SplitResult {
  parts: SplitPart[];
  stages?: StageTimes;
  /** The same stages in process CPU ms (robust to other processes taking the cores). */
  stagesCpu?: StageTimes;
  /** Main-thread GC pauses inside each stage, in ms (part of the stage's wall time). */
  stagesGc?: StageTimes;
  /** Megapixels: the picture, what the decoder produced (less when it shrank on load), what was encoded. */
  stagePixels?: { source: number; decoded: number; encoded: number };
}

export type SplitRunner = (job: SplitJob) => Promise<SplitResult>;

/** The longest side of a returned part, as the tool layer uses by default. */
export const MAX_DIMENSION = 1568;

/** Same size rule for every runner: scale = limit / longer side, each side max(1, round(side·scale)). */
export function fittedSize(width: number, height: number, limit = MAX_DIMENSION): { width: number; height: number } {
  const longer = Math.max(width, height);
  if (longer <= limit) return { width, height };
  const scale = limit / longer;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Base64 the way the tool layer does it in Node. Same for every runner, so it compares fairly. */
export function toDataUrl(mimeType: string, bytes: Uint8Array): string {
  return `data:${mimeType};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`;
}

/** Process CPU time (user + system, all threads) in ms. */
export function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}
