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
import { BLEND_LINES } from './collage-colour.js';
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

/** Most lines by which the seams vouching for a colour end may differ in width (one collage's seams, read through JPEG: 12–13). */
const END_TWIN_WIDTH = 1;
/** Per-channel distance within which seams are one colour, and an end stretch is theirs (JPEG reads a 240 seam's middle lines 239–242). */
const END_TWIN_COLOUR = 3;
/** Least per-channel distance from the seams' colour of the rest of the run, a photo's backdrop (seed 15000 mix-06: 235 beside 240 seams). */
const END_BACKDROP_APART = 4;

/**
 * The stretch at one end of `seam` as wide as the other seams, when those are two or more of one
 * colour and one width, the stretch reads their colour, and the rest of the run — wider than a
 * blend — is a plain backdrop of another shade, or null. JPEG leaves no exact lines (see exactEnd),
 * but a seam beside a photo's near-white backdrop still reads its own colour on every line of its
 * width. Measured on independent seed 15000 mix-06 (q85): 13 px seams at 240 (columns read
 * 239.5–240.1), the third merged with a photo's 235 backdrop into the run 428–469, cut at 448
 * inside the photo; its head 428–441 reads 240, the rest 235.
 *
 * @example
 * ```ts
 * const twins = [{ start: 10, end: 23, colour: [240, 240, 240] }, { start: 200, end: 213, colour: [240, 240, 240] }];
 * colourEnd({ start: 428, end: 469 }, twins, (a, b) => meanColour(lines, a, b)); // { start: 428, end: 441 }
 * ```
 */
export function colourEnd(seam: Interval, others: readonly (Interval & { colour: readonly number[] })[], meanColour: (start: number, end: number) => readonly number[]): Interval | null {
  let twins: typeof others = [];
  for (const o of others) {
    // Seams of a blend's width or two vouch for no width: seed 15055 gradient-03 (q47) found 1–2 px
    // pieces of its 8 px gradient seams, and a run of 15 was moved onto its last 2 lines.
    if (o.end - o.start <= 2 * BLEND_LINES) continue;
    const group = others.filter((t) => Math.abs(t.end - t.start - (o.end - o.start)) <= END_TWIN_WIDTH && t.colour.every((v, c) => Math.abs(v - o.colour[c]!) <= END_TWIN_COLOUR));
    if (group.length > twins.length) twins = group;
  }
  // One seam alone says nothing of the collage's width (a single seam beside a backdrop is left as it was).
  if (twins.length < 2) return null;
  const width = Math.max(...twins.map((t) => t.end - t.start));
  // The backdrop's part must outlast a blend at each of its ends to be read apart from the seam.
  if (seam.end - seam.start - width <= 2 * BLEND_LINES) return null;
  const colour = [0, 1, 2].map((c) => twins.reduce((sum, t) => sum + t.colour[c]!, 0) / twins.length);
  const near = (a: readonly number[], tolerance: number): boolean => a.every((v, c) => Math.abs(v - colour[c]!) <= tolerance);
  const mid = (s: Interval): readonly number[] => meanColour(s.start + (s.end - s.start) / 2 | 0, (s.start + (s.end - s.start) / 2 | 0) + 1);
  const head = { start: seam.start, end: seam.start + width };
  const tail = { start: seam.end - width, end: seam.end };
  const headMatch = near(mid(head), END_TWIN_COLOUR);
  if (headMatch === near(mid(tail), END_TWIN_COLOUR)) return null;
  const stretch = headMatch ? head : tail;
  const rest = headMatch ? { start: head.end + BLEND_LINES, end: seam.end - BLEND_LINES } : { start: seam.start + BLEND_LINES, end: tail.start - BLEND_LINES };
  if (near(meanColour(rest.start, rest.end), END_BACKDROP_APART - 1)) return null;
  return stretch;
}
