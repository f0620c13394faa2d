/** Correctness checks inside the bench: same part boxes (±1 px) and our pixels close to sharp's. */
import sharp from 'sharp';
import type { SplitResult } from './runners/types.js';

/** Largest coordinate difference between two runners' part boxes (Infinity if the counts differ). */
export function boxDifference(a: SplitResult, b: SplitResult): number {
  if (a.parts.length !== b.parts.length) return Number.POSITIVE_INFINITY;
  let worst = 0;
  a.parts.forEach((p, i) => {
    const q = b.parts[i]!;
    for (const k of ['x', 'y', 'width', 'height'] as const) worst = Math.max(worst, Math.abs(p.box[k] - q.box[k]));
  });
  return worst;
}

/** Worst per-part mean absolute error per channel (RGB) between two runners' decoded outputs. */
export async function worstPartMae(a: SplitResult, b: SplitResult): Promise<number> {
  let worst = 0;
  for (let i = 0; i < Math.min(a.parts.length, b.parts.length); i++) {
    const [x, y] = await Promise.all([a.parts[i]!.bytes, b.parts[i]!.bytes].map((bytes) => sharp(bytes).ensureAlpha().raw().toBuffer()));
    if (x!.length !== y!.length) return Number.POSITIVE_INFINITY;
    let sum = 0;
    for (let k = 0; k < x!.length; k++) if ((k & 3) !== 3) sum += Math.abs(x![k]! - y![k]!);
    worst = Math.max(worst, sum / ((x!.length / 4) * 3));
  }
  return worst;
}
