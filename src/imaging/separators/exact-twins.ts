/**
 * A seam inside a run, found by its twins: in a collage drawn losslessly, every
 * seam is lines of one exact colour (each pixel equal) and one width. A run the other rules refuse
 * — a white seam between two photos whose edges are pale (231–255: plain, so one wide run of 81
 * columns with the seam in it, taken for a photo's padding) — still holds the seam as a stretch of
 * exact lines, as wide as the seams that stand. Measured on independent seed 2002 caption-02 (PNG,
 * 4 photos in a row, 21 px white seams): the run 670–751 holds exact white at 719–740, 21 lines,
 * the twin of the two seams found; the photo edges beside it read 231–255 and 233–255.
 *
 * A run the rules accepted whole, pale edges and all, is narrowed to its stretch the same way (its
 * cut through the run's middle would fall in a panel's pale edge).
 *
 * Safe where texture is: a photo's own flat area is never exact on a whole line unless clipped
 * (a pure-white studio background), and then it runs into the seam and makes the stretch wider
 * than its twins, or stands alone at a width that must match theirs to the line.
 */
import { exactLines } from './classify.js';
import type { LineStats } from './line-stats.js';
import type { Interval } from './segments.js';

/**
 * The one stretch strictly inside `run` (line indices; `inside` false: anywhere in it, the whole run
 * included) whose lines are each exactly the colour of an exact standing seam and exactly as wide
 * as one, or null (none, or more than one).
 *
 * @example
 * ```ts
 * exactTwin(stats.columns, { start: 670, end: 751 }, [{ start: 349, end: 370 }, { start: 1089, end: 1110 }]); // { start: 719, end: 740 }
 * ```
 */
export function exactTwin(lines: LineStats, run: Interval, standing: readonly Interval[], inside = true): Interval | null {
  const twins = standing.filter((s) => s.end > s.start && exactLines(lines, s.start, s.end, s.start));
  if (twins.length === 0) return null;
  const reference = twins[0]!.start;
  const widths = new Set(twins.filter((t) => exactLines(lines, t.start, t.end, reference)).map((t) => t.end - t.start));
  let twin: Interval | null = null;
  for (let i = run.start; i < run.end; ) {
    if (!exactLines(lines, i, i + 1, reference)) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < run.end && exactLines(lines, j, j + 1, reference)) j++;
    // Strictly inside: a run that is the stretch alone was refused for what lies beside it (a
    // caption's gap to its photo is exact white too, as wide as a seam may be).
    if (widths.has(j - i) && (!inside || (i > run.start && j < run.end))) {
      if (twin !== null) return null;
      twin = { start: i, end: j };
    }
    i = j;
  }
  return twin;
}
