/**
 * From a run of background lines to the seam inside it, if any.
 *
 * A run may hold several colours: a grey collage seam followed by the white top padding of a
 * screenshot panel, or a screenshot's blue header bar meeting its white page. The run is split into
 * one-colour sub-runs (consecutive lines whose mean colours agree within RUN_COLOUR_AGREEMENT), and
 *
 * - a single-colour run is a seam unless the content on *both* sides has its colour as background
 *   (then it is a paragraph gap inside one panel, see `background-gap.ts`);
 * - in a multi-colour run, an outer sub-run whose colour is the background of the content on its
 *   outer side is that panel's padding, not the seam; the seam spans the remaining sub-runs. A run
 *   that is all padding (header bar + page), or padding on both sides of a 1–2 line JPEG edge, is
 *   no seam at all.
 * - with the collage colour known, the seam is the span of the pieces of that colour and the other
 *   pieces are panel edges (a flat panel's plain border beside the seam); a run without that colour
 *   is no seam.
 * - a run taken for padding or a gap that holds lines shading as a painted gradient, repeated pixel
 *   for pixel, keeps those lines as its seam (`shadingSeam`, `seamBesidePadding`).
 */
import type { Box, Raster } from '../raster.js';
import { backgroundBeside, isGapInsidePanel } from './background-gap.js';
import { exactLines, lineSpread, meanColour, RUN_COLOUR_AGREEMENT, SHADE_MIN, shadesEvenly, shadesSlowly } from './classify.js';
import { BLEND_LINES, distanceToBlend, sameColour, sameSeamColour, THIN_SEAM } from './collage-colour.js';
import type { LineStats } from './line-stats.js';
import { NARROW_RINGING_RUN } from './runs.js';
import type { Interval } from './segments.js';

type Rgb = [number, number, number];

/** Splits lines [run.start, run.end) into consecutive sub-runs of one mean colour (each line within `agreement` of its piece's first). */
export function oneColourPieces(lines: LineStats, run: Interval, agreement = RUN_COLOUR_AGREEMENT): Interval[] {
  const pieces: Interval[] = [];
  let start = run.start;
  let ref = meanColour(lines, start, start + 1);
  for (let i = run.start + 1; i < run.end; i++) {
    const c = meanColour(lines, i, i + 1);
    if (Math.abs(c[0] - ref[0]) > agreement || Math.abs(c[1] - ref[1]) > agreement || Math.abs(c[2] - ref[2]) > agreement) {
      pieces.push({ start, end: i });
      start = i;
      ref = c;
    }
  }
  pieces.push({ start, end: run.end });
  return pieces;
}

/**
 * The seam inside `run` (line indices relative to `region`), with its colour, or null when the run
 * is padding or a gap inside a panel. `insidePanel`: `isGapInsidePanel` over `region`, or the same
 * answers remembered from an earlier pass over these lines (`StripMemo` in strips.ts).
 *
 * @example
 * ```ts
 * seamOfRun(raster, box, 'vertical', stats.rows, { start: 220, end: 252 }); // { start: 220, end: 228, colour: [128,128,128] }
 * ```
 */
export function seamOfRun(
  raster: Raster,
  region: Box,
  axis: 'horizontal' | 'vertical',
  lines: LineStats,
  run: Interval,
  collage?: Rgb,
  insidePanel: (gap: Interval, colour: Rgb) => boolean = (gap, colour) => isGapInsidePanel(raster, region, axis, gap, colour),
): (Interval & { colour: Rgb }) | null {
  const pieces = oneColourPieces(lines, run);
  if (collage !== undefined) {
    // A thin piece may have drifted in chroma, not in luma (4:2:0, see sameSeamColour).
    const loose = pieces.filter((p) => (p.end - p.start <= THIN_SEAM ? sameSeamColour : sameColour)(meanColour(lines, p.start, p.end), collage));
    // Beside a piece of the very collage colour, a wide piece only near it is a panel's backdrop,
    // when the two meet in a step: a sky drifting into the colour meets it smoothly.
    const stepped = pieces.every((p, k) => k === 0 || !sameColour(meanColour(lines, p.start - 1, p.start), meanColour(lines, p.start, p.start + 1), OWN_PIECE_STEP));
    const exact = stepped && loose.some((p) => p.end - p.start > BLEND_LINES && sameColour(meanColour(lines, p.start, p.end), collage, OWN_PIECE_CLOSE));
    const own = exact ? loose.filter((p) => p.end - p.start <= BLEND_LINES || sameColour(meanColour(lines, p.start, p.end), collage, OWN_PIECE_CLOSE)) : loose;
    if (own.length === 0) return null;
    const seam = { start: own[0]!.start, end: own[own.length - 1]!.end };
    const colour = meanColour(lines, seam.start, seam.end);
    if (pieces.length === 1) return insidePanel(seam, colour) ? shadingSeam(raster, region, axis, lines, run) : { ...seam, colour };
    // Beside another colour, a piece at an end of the run whose outer side has the collage colour
    // for background is a panel's padding (a page under its coloured header bar), not a seam.
    // A narrow run all of the collage colour (a gradient seam at 240 beside 4–6 rows of a photo's
    // sky at 209–215, 25–31 apart): no header bar here, and the sky rows are that photo's plain
    // edge, which `fading-seams.ts` trims off the seam. A wide run of the colour alone stays
    // padding: it is a photo's own sky (82–123 rows under a plain sky, measured on the committed
    // batch and seed 702), whose horizon would otherwise be cut.
    if (own.length < pieces.length || run.end - run.start > NARROW_RINGING_RUN) {
      let kept: Interval | null = seam;
      if (seam.start === run.start && backgroundBeside(raster, region, axis, run, 'before', colour)) kept = seamBesidePadding(raster, region, axis, lines, kept, 'before');
      if (kept !== null && kept.end === run.end && backgroundBeside(raster, region, axis, run, 'after', colour)) kept = seamBesidePadding(raster, region, axis, lines, kept, 'after');
      if (kept === null) return null;
      if (kept !== seam) return { ...kept, colour: meanColour(lines, kept.start, kept.end) };
    }
    return { ...seam, colour };
  }
  if (pieces.length === 1) {
    const colour = meanColour(lines, run.start, run.end);
    return insidePanel(run, colour) ? shadingSeam(raster, region, axis, lines, run) : { ...run, colour };
  }
  let first = 0;
  let last = pieces.length - 1;
  // An end piece that is padding may hold a gradient seam as well (see seamBesidePadding): then
  // the seam keeps its lines of that piece.
  let head = pieces[0]!.start;
  let tail = pieces[last]!.end;
  if (backgroundBeside(raster, region, axis, run, 'before', meanColour(lines, pieces[0]!.start, pieces[0]!.end))) {
    const inner = seamBesidePadding(raster, region, axis, lines, pieces[0]!, 'before');
    if (inner === null) first++;
    else head = inner.start;
  }
  if (backgroundBeside(raster, region, axis, run, 'after', meanColour(lines, pieces[last]!.start, pieces[last]!.end))) {
    const inner = seamBesidePadding(raster, region, axis, lines, pieces[last]!, 'after');
    if (inner === null) last--;
    else tail = inner.end;
  }
  if (first > last) return null;
  const seam = { start: first === 0 ? head : pieces[first]!.start, end: last === pieces.length - 1 ? tail : pieces[last]!.end };
  // Padding on both sides and only a line or two between, of a colour on the way from one padding
  // to the other: the JPEG edge where a header bar meets its page, no seam (see BLEND_DISTANCE).
  if (first > 0 && last < pieces.length - 1 && seam.end - seam.start <= BLEND_LINES) {
    const colour = meanColour(lines, seam.start, seam.end);
    const before = meanColour(lines, pieces[first - 1]!.start, pieces[first - 1]!.end);
    const after = meanColour(lines, pieces[last + 1]!.start, pieces[last + 1]!.end);
    const around = [pieces[first - 1]!, seam, pieces[last + 1]!];
    if (distanceToBlend(colour, before, after) <= BLEND_DISTANCE && !drawnExactly(lines, around)) return null;
  }
  return { ...seam, colour: meanColour(lines, seam.start, seam.end) };
}

/**
 * Per-channel distance from the collage colour within which a piece wider than a blend is the
 * seam itself, when one is: a seam's wide piece reads its voted colour within a few levels
 * (independent seed 6312 mix-07, q83: a 9 px grey seam 199–201 against 200), while a pale
 * product backdrop beside it, 233–237, is inside COLLAGE_COLOUR_TOLERANCE (40) of that grey and was
 * taken for more seam; the run then read as padding and both seams of the collage were lost.
 */
const OWN_PIECE_CLOSE = 16;
/**
 * Least step (a channel) between the last line of one piece and the first of the next for the
 * pieces to be a seam and a backdrop beside it: 36 from the grey seam to the backdrop of seed 6312
 * mix-07 (one line), 1–4 between the pieces of a plain sky (project seed 6351 none-03 and none-05,
 * q85: a sky piece near the voted colour kept alone was cut as a seam).
 */
const OWN_PIECE_STEP = 12;

/**
 * Largest RGB distance from a 1–2 line piece to the blends of its two neighbours' colours at which
 * it is taken for their JPEG edge rather than a seam of its own. Measured: a red header bar
 * (203,61,60) over a white page at q40 leaves one line of (159,80,84), 49 from the red–white
 * blends (ringing overshoots the red); a 2 px white seam between orange and pink flat panels at
 * q75 stays ~230 from their blends, a black one between red and white 220.
 */
const BLEND_DISTANCE = 80;

/**
 * Whether every line of the pieces is one exact colour, the same all through each piece: drawn,
 * not compressed. JPEG rings beside an edge, so the lines next to a blended line never all equal
 * the lines further from it; a lossless 2 px grey seam between flat green and purple panels (80
 * from their blends, found by fast-check) is exact on every line and stays a seam.
 */
function drawnExactly(lines: LineStats, pieces: readonly Interval[]): boolean {
  return pieces.every((piece) => exactLines(lines, piece.start, piece.end, piece.start));
}

/**
 * Per-channel agreement of one line's mean with its sub-piece's first within a piece taken for
 * padding: a gradient seam's lines share one mean, and the page beside it is another. Measured on
 * independent seed 1109 gradient-06 (JPEG q94): a 4 px seam shading 232→245 reads 236–239 on
 * every line, the white top of the photo beside it 254–255 — 17 apart, one piece at
 * RUN_COLOUR_AGREEMENT (32), so the padding rule dropped the seam with the page's white.
 */
const PADDING_AGREEMENT = 12;

/**
 * The lines of `piece` (a piece of a run whose `side` has its colour as background: padding) that
 * are a gradient seam rather than that padding, or null. The outermost sub-piece of one tight
 * colour (PADDING_AGREEMENT) is the page's padding; what is left is a seam only when it is wider
 * than a JPEG blend (BLEND_LINES: a header bar meeting its page leaves 1–2 lines) and every line
 * of it *shades* along its length, evenly and slowly (`shadesEvenly`, `shadesSlowly`): a page's
 * padding, a header bar and a blend between them are one flat colour along their length, or step
 * where a sidebar meets the page; a gradient seam does neither.
 */
function seamBesidePadding(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', lines: LineStats, piece: Interval, side: 'before' | 'after'): Interval | null {
  const sub = oneColourPieces(lines, piece, PADDING_AGREEMENT);
  // One tight colour and every line shading: the whole piece is a gradient seam, and the pale
  // backdrop beyond it is the panel's content (independent seed 4200 gradient-04, PNG: a 6 px seam
  // 231→248 under a photo on a 241 backdrop, 70 % of its rows, was dropped as that photo's padding).
  if (sub.length < 2) return piece.end - piece.start > BLEND_LINES && allShade(raster, region, axis, lines, piece) ? piece : null;
  const rest = side === 'after' ? { start: piece.start, end: sub[sub.length - 1]!.start } : { start: sub[0]!.end, end: piece.end };
  if (rest.end - rest.start <= BLEND_LINES) return null;
  // Every line, evenly and slowly: the ends of a screenshot's line across its sidebar and page
  // differ too (independent-b none-03 and seed 1100 none-06 were cut under their title bars with
  // only the ends compared).
  for (let i = rest.start; i < rest.end; i++) if (!shadesEvenly(raster, region, axis, i) || !shadesSlowly(raster, region, axis, i)) return null;
  return rest;
}

/** Whether line `i` shades along its length as a painted gradient does (`shadesEvenly`, `shadesSlowly`); a line spread under SHADE_MIN in every channel costs no read. */
function shades(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', lines: LineStats, i: number): boolean {
  return lineSpread(lines, i) >= SHADE_MIN && shadesEvenly(raster, region, axis, i) && shadesSlowly(raster, region, axis, i);
}

/** Whether every line of `piece` shades (`shades`) and repeats the first exactly (`sameLines`). */
function allShade(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', lines: LineStats, piece: Interval): boolean {
  for (let i = piece.start; i < piece.end; i++) if (!shades(raster, region, axis, lines, i)) return false;
  return sameLines(raster, region, axis, piece);
}

/**
 * Whether every line of `piece` repeats its first line pixel for pixel: a gradient drawn and kept
 * losslessly. A photo's backdrop shades too, line after line alike but never the very same pixels
 * (independent seed 4201 heavy-05, JPEG q31: columns 397–431 of a grey backdrop shading 242→232,
 * taken for a seam beside the 2 px white one, cut the photo at x 420).
 */
function sameLines(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', piece: Interval): boolean {
  const d = raster.data;
  const length = axis === 'horizontal' ? region.height : region.width;
  const along = axis === 'horizontal' ? raster.width * 4 : 4;
  const across = axis === 'horizontal' ? 4 : raster.width * 4;
  const p0 = (region.y * raster.width + region.x) * 4 + piece.start * across;
  for (let l = 1; l < piece.end - piece.start; l++) {
    for (let i = 0, p = p0, q = p0 + l * across; i < length; i++, p += along, q += along) {
      if (d[p] !== d[q] || d[p + 1] !== d[q + 1] || d[p + 2] !== d[q + 2] || d[p + 3] !== d[q + 3]) return false;
    }
  }
  return true;
}

/**
 * The first stretch of more than BLEND_LINES consecutive lines of `seam` that shade (`shades`) and
 * repeat one another pixel for pixel (`sameLines`), or null: a gradient painted between panels and
 * kept losslessly. A photo's sky or backdrop shades too, but no two of its lines are the very same
 * pixels.
 *
 * @example
 * ```ts
 * const drawn = drawnGradient(raster, box, 'vertical', stats.rows, { start: 200, end: 212 }); // e.g. { start: 202, end: 210 }
 * ```
 */
export function drawnGradient(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', lines: LineStats, seam: Interval): Interval | null {
  // Cheapest first: a line's spread (line statistics), then whether it repeats the next (a lossy
  // picture's lines differ within their first pixels), and only then the shading tests, which read
  // every pixel of a line (on a 4000×3000 JPEG grid, asking them first cost 15–20 % of its planning
  // time, and comparing whole lines of a plain white seam decoded exactly 2–3 %).
  const spread = (l: number): boolean => lineSpread(lines, l) >= SHADE_MIN;
  for (let i = seam.start; i < seam.end - 1; i++) {
    if (!spread(i)) continue;
    const start = i;
    while (i + 1 < seam.end && spread(i + 1) && sameLines(raster, region, axis, { start: i, end: i + 2 })) i++;
    if (i + 1 - start > BLEND_LINES && shades(raster, region, axis, lines, start)) return { start, end: i + 1 };
  }
  return null;
}

/**
 * In a run taken for a gap inside one panel (both sides have its colour for background), the
 * stretch of lines that shade (`shades`), wider than BLEND_LINES, when lines that do not are left
 * beside it: a page's gap is one flat colour along its length, a gradient seam is not, and the flat
 * lines are a pale photo backdrop merged into its run (independent seed 4210 gradient-07, PNG: an
 * 8 px seam 227→248 and 6 rows of a photo's 241 backdrop, one colour at RUN_COLOUR_AGREEMENT, with
 * backdrops of 229 and 241 on both sides). A run that shades all through stays a gap: a sky shading
 * across a photo.
 */
function shadingSeam(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', lines: LineStats, run: Interval): (Interval & { colour: Rgb }) | null {
  let best: Interval | null = null;
  for (let i = run.start; i < run.end; ) {
    if (!shades(raster, region, axis, lines, i)) {
      i++;
      continue;
    }
    const start = i;
    while (i < run.end && shades(raster, region, axis, lines, i)) i++;
    if (best === null || i - start > best.end - best.start) best = { start, end: i };
  }
  if (best === null || best.end - best.start <= BLEND_LINES || best.end - best.start === run.end - run.start || !sameLines(raster, region, axis, best)) return null;
  return { ...best, colour: meanColour(lines, best.start, best.end) };
}

/**
 * Largest step (a channel) between neighbouring exact lines of one drawn seam: a canvas shading
 * 234→247 across a 1 945 px picture gives its 9 px vertical seam columns of 240 and 241 (independent
 * seed 7307 gradient-05, PNG).
 */
const EXACT_END_STEP = 2;

/**
 * The stretch of `seam` at one of its ends whose lines are each one exact colour (every pixel
 * equal, `exactLines`), when every other line of it is not, or null. A seam drawn losslessly is
 * exact on every line; a pale photo backdrop merged into its run is not (seed 7307 gradient-05: the
 * seam's columns 968–976 exact at 240–241, then 20 columns of a sweater photo's 233–241 backdrop,
 * one run 968–998 whose middle, x 983, cut the photo). Nothing else vouches for the stretch there:
 * the other seam shades along its length, so it is no exact twin (exact-twins.ts).
 *
 * Safe where texture is: a photo's flat area is exact on a whole line only where clipped, so a
 * stretch touching 0 or 255 is not taken; and what is left must not shade evenly along its
 * length, as a lossless gradient seam beside a panel's exactly flat border does.
 */
export function exactEnd(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', lines: LineStats, seam: Interval): Interval | null {
  const exact = (i: number): boolean => exactLines(lines, i, i + 1, i);
  const headExact = exact(seam.start);
  if (headExact === exact(seam.end - 1)) return null;
  const step = headExact ? 1 : -1;
  let k = headExact ? seam.start : seam.end - 1;
  const clipped = (i: number): boolean => [0, 1, 2].some((c) => lines.min[i * 3 + c] === 0 || lines.min[i * 3 + c] === 255);
  while (k + step >= seam.start && k + step < seam.end && exact(k + step)) {
    if ([0, 1, 2].some((c) => Math.abs(lines.min[(k + step) * 3 + c]! - lines.min[k * 3 + c]!) > EXACT_END_STEP)) return null;
    k += step;
  }
  const stretch = headExact ? { start: seam.start, end: k + 1 } : { start: k, end: seam.end };
  const rest = headExact ? { start: stretch.end, end: seam.end } : { start: seam.start, end: stretch.start };
  if (stretch.end - stretch.start <= BLEND_LINES || rest.end - rest.start <= BLEND_LINES) return null;
  for (let i = stretch.start; i < stretch.end; i++) if (clipped(i)) return null;
  for (let i = rest.start; i < rest.end; i++) if (exact(i)) return null;
  if (shadesEvenly(raster, region, axis, rest.start + ((rest.end - rest.start) >> 1))) return null;
  return stretch;
}
