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
import type { Box, Raster } from '../raster.js';
import { exactLines, lineSpread, meanColour, shadesEvenly } from './classify.js';
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

/**
 * Largest per-channel spread of a line of a lone seam's drawn stretch: the middle lines of a white
 * seam read 0 losslessly and 0–7 through JPEG q27 (independent seed 27009 mix-07: columns 312–319
 * at 0, 309 at 4, 320 at 7), while a studio photo's plain grey backdrop beside it never drops below
 * 7 (27009 mix-08, lossless: 7–8 on each of 65 columns; mix-07: 20–32).
 */
const FLAT_END_SPREAD = 4;
/** Least distance (largest channel) between a lone seam's colour and the backdrop merged with it (27009: 255 beside 233–235). */
const FLAT_END_APART = 10;
/**
 * Least ratio of the backdrop's width to the seam's: the two backdrops measured are 6.7 and 8.1
 * times their seam's drawn stretch, while a 13 px gradient seam beside 8 px of a drawing's white
 * page (independent seed 27034 gradient-04, JPEG q89: the page flat at spread 1–4, the seam 14–25)
 * is 1.6 times it.
 */
const FLAT_END_REST_RATIO = 3;

/**
 * The seam at one end of `run`, when every line of it flat enough to be drawn (spread at most
 * FLAT_END_SPREAD) lies in a stretch at that end, narrower than the rest, and the rest is a plain
 * backdrop of one other colour with no flat line: a seam with no twin merged with a photo's pale
 * backdrop into one run, whose middle cut the photo. Measured on independent seed 27009: mix-07
 * (JPEG q27, a 13 px white seam and 74 columns of a sweater photo's 235 backdrop, the run 308–395
 * cut at 351) and mix-08 (lossless, an 8 px white seam after 65 columns of the same backdrop at
 * 233–235, the run 387–461 cut at 424). A drawing's white page beside a seam is flat itself and
 * wider than the seam, so it is never the rest here, nor taken as the seam; a sliver of it beside a
 * wide seam is refused by FLAT_END_REST_RATIO, and a gradient seam by shading evenly.
 *
 * @example
 * ```ts
 * flatEnd(raster, box, 'horizontal', stats.columns, { start: 308, end: 395 }); // { start: 308, end: 321 }
 * ```
 */
export function flatEnd(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', lines: LineStats, run: Interval): Interval | null {
  let first = -1;
  let last = -1;
  let flats = 0;
  for (let i = run.start; i < run.end; i++) {
    if (lineSpread(lines, i) > FLAT_END_SPREAD) continue;
    if (first < 0) first = i;
    last = i;
    flats++;
  }
  if (first < 0 || flats <= BLEND_LINES) return null;
  const head = first - run.start <= BLEND_LINES;
  const tail = run.end - 1 - last <= BLEND_LINES;
  if (head === tail) return null;
  // The flat lines make up most of their stretch (a seam, not flat specks in a backdrop).
  if (2 * flats < last + 1 - first) return null;
  const drawn = { start: first, end: last + 1 };
  const rest = head ? { start: drawn.end + BLEND_LINES, end: run.end - BLEND_LINES } : { start: run.start + BLEND_LINES, end: drawn.start - BLEND_LINES };
  if (rest.end - rest.start < FLAT_END_REST_RATIO * (drawn.end - drawn.start)) return null;
  const seamColour = meanColour(lines, drawn.start, drawn.end);
  const backdrop = meanColour(lines, rest.start, rest.end);
  const apart = (a: readonly number[], b: readonly number[]): number => Math.max(...a.map((v, c) => Math.abs(v - b[c]!)));
  if (apart(seamColour, backdrop) < FLAT_END_APART) return null;
  // The rest is one backdrop: every line of it nearer its colour than the seam's.
  for (let i = rest.start; i < rest.end; i++) {
    const c = meanColour(lines, i, i + 1);
    if (apart(c, backdrop) >= apart(c, seamColour)) return null;
  }
  if (shadesEvenly(raster, region, axis, rest.start + ((rest.end - rest.start) >> 1))) return null;
  // The seam takes the run's end and the blend lines after its flat stretch that read nearer its colour.
  let start = head ? run.start : drawn.start;
  let end = head ? drawn.end : run.end;
  if (head) while (end < drawn.end + BLEND_LINES && apart(meanColour(lines, end, end + 1), seamColour) < apart(meanColour(lines, end, end + 1), backdrop)) end++;
  else while (start > drawn.start - BLEND_LINES && apart(meanColour(lines, start - 1, start), seamColour) < apart(meanColour(lines, start - 1, start), backdrop)) start--;
  return { start, end };
}
