/**
 * Synthetic line statistics for the run finder's unit tests: one axis built from
 * (kind, grey level, count) pieces, every line 100 pixels long.
 */
import { LineKind } from '../../src/imaging/separators/classify.js';
import type { LineStats } from '../../src/imaging/separators/line-stats.js';

/**
 * Kinds and statistics of an axis: a plain line is its grey exactly, a ringing or content line
 * spreads 15 either side of it (content lines keep no sum, as measureLines leaves them).
 *
 * @example
 * ```ts
 * const { kinds, lines } = axisOf([[LineKind.Content, 0, 20], [LineKind.Plain, 240, 8], [LineKind.Content, 0, 20]]);
 * findRuns(kinds, lines)?.separators; // [{ start: 20, end: 28 }]
 * ```
 */
export function axisOf(pieces: [number, number, number][]): { kinds: Uint8Array; lines: LineStats } {
  const count = pieces.reduce((a, p) => a + p[2], 0);
  const kinds = new Uint8Array(count);
  const sum = new Float64Array(3 * count);
  const min = new Uint8Array(3 * count);
  const max = new Uint8Array(3 * count);
  let i = 0;
  for (const [kind, grey, n] of pieces) {
    for (let k = 0; k < n; k++, i++) {
      kinds[i] = kind;
      for (let c = 0; c < 3; c++) {
        sum[i * 3 + c] = kind === LineKind.Content ? 0 : grey * 100;
        min[i * 3 + c] = kind === LineKind.Plain ? grey : Math.max(0, grey - 15);
        max[i * 3 + c] = kind === LineKind.Plain ? grey : Math.min(255, grey + 15);
      }
    }
  }
  return { kinds, lines: { count, length: 100, min, max, sum, sumSq: new Float64Array(3 * count) } as unknown as LineStats };
}
