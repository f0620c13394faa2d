/**
 * From classified lines to margins and separator runs along one axis.
 */
import { exactLines, LineKind, lineSpread, meanColour, PLAIN_SPREAD, RUN_COLOUR_AGREEMENT } from './classify.js';
import { BLEND_LINES, sameColour, type Rgb } from './collage-colour.js';
import { exactTwin } from './exact-twins.js';
import type { Box, Raster } from '../raster.js';
import type { LineStats } from './line-stats.js';
import { lineWalk, pixelDistance } from './occluded-seams.js';
import type { Interval } from './segments.js';

/**
 * Widest run that may rely on "ringing" lines. JPEG and WebP smear a seam over at most a couple of
 * lines each side (measured: a 2–4 px separator at quality 50 yields ringing runs of 2–6 lines), so
 * a run this narrow is a damaged seam, while a wider band of near-flat lines is a flat region of a
 * photo (sky, wall, a gentle gradient) and only its truly plain lines, if any, may count.
 */
export const NARROW_RINGING_RUN = 12;

export interface AxisRuns {
  /** First line that is not plain background (everything before is margin). */
  contentStart: number;
  /** One past the last line that is not plain background. */
  contentEnd: number;
  /** Interior separator runs, in order, each strictly inside the content range. */
  separators: Interval[];
}

/** No ringing bands (findRuns without line statistics). */
const NO_BANDS: readonly Interval[] = [];

/**
 * Finds margins and separator runs. Margins are plain lines at either end; a separator is a
 * maximal interior run of non-content lines, flanked by content on both sides: the whole run when
 * it is narrow, else the span of its plain lines (none → not a separator), widened over adjacent
 * ringing lines of the same colour — a wide seam in a heavily compressed JPEG keeps plain lines
 * only in its middle, and its ringing edges are still seam, not content. Returns null when every
 * line is plain (a blank picture has no content to split).
 *
 * With the collage colour known (`colour`), a margin is only plain lines *of that colour*: plain
 * lines of another colour at an end are the plain edge of a flat panel (a flag, an icon on its own
 * background), and content.
 *
 * @example
 * ```ts
 * findRuns(Uint8Array.of(1, 0, 0, 1, 1, 0, 0, 1)); // { contentStart: 1, contentEnd: 7, separators: [{start:3,end:5}] }
 * ```
 */
export function findRuns(kinds: Uint8Array, lines?: LineStats, colour?: Rgb, inkBeside?: (line: number, beyond: number, seam: Rgb) => boolean): AxisRuns | null {
  const margin = (i: number): boolean => kinds[i] === LineKind.Plain && (colour === undefined || lines === undefined || sameColour(meanColour(lines, i, i + 1), colour));
  let contentStart = 0;
  while (contentStart < kinds.length && kinds[contentStart] === LineKind.Plain) contentStart++;
  if (contentStart === kinds.length) return null;
  contentStart = 0;
  while (margin(contentStart)) contentStart++;
  let contentEnd = kinds.length;
  while (margin(contentEnd - 1)) contentEnd--;
  if (colour !== undefined && lines !== undefined) {
    // A lossy margin: JPEG rings on the few lines of the margin next to a panel (measured up to 6
    // lines at q70). Once the collage colour is known, ringing lines of that colour next to the
    // picture's edge are margin too, as many as a ringing seam may have.
    const ringingMargin = (i: number): boolean => kinds[i] === LineKind.Ringing && sameColour(meanColour(lines, i, i + 1), colour);
    for (let n = 0; n < NARROW_RINGING_RUN && contentStart < contentEnd && ringingMargin(contentStart); n++) contentStart++;
    for (let n = 0; n < NARROW_RINGING_RUN && contentEnd > contentStart && ringingMargin(contentEnd - 1); n++) contentEnd--;
    if (contentStart >= contentEnd) return null;
  }

  const separators: Interval[] = [];
  // Runs with a plain line, and wider runs without one (see `ringingTwins`).
  const plainRuns: Interval[] = [];
  const ringingWide: Interval[] = [];
  let i = contentStart;
  while (i < contentEnd) {
    if (kinds[i] === LineKind.Content) {
      i++;
      continue;
    }
    let start = i;
    let firstPlain = -1;
    let lastPlain = -1;
    while (i < contentEnd && kinds[i] !== LineKind.Content) {
      if (kinds[i] === LineKind.Plain) {
        if (firstPlain < 0) firstPlain = i;
        lastPlain = i;
      }
      i++;
    }
    let end = i;
    // Touching an end of the content range means ringing lines beside a margin: not interior.
    if (start === contentStart || end === contentEnd) continue;
    if (lines !== undefined && inkBeside !== undefined && firstPlain >= 0) {
      // Beside a seam drawn exactly, edge lines of faint ink are a panel's anti-aliased edge, not
      // ringing: content (see antialiasedInk).
      const plain = { start: firstPlain, end: lastPlain + 1 };
      start += inkLines(kinds, lines, plain, start - 1, 1, inkBeside);
      end -= inkLines(kinds, lines, plain, end, -1, inkBeside);
    }
    if (firstPlain >= 0) plainRuns.push({ start, end });
    if (end - start <= NARROW_RINGING_RUN) {
      separators.push({ start, end });
      continue;
    }
    if (firstPlain < 0 && end - start <= NARROW_RINGING_RUN + RINGING_TWIN_SLACK) ringingWide.push({ start, end });
    const plain = firstPlain >= 0 ? (lines ? widenOverRinging(lines, start, end, firstPlain, lastPlain + 1) : { start: firstPlain, end: lastPlain + 1 }) : undefined;
    // A wide run that changes colour at a jump may hold a narrow band of ringing lines the plain
    // span leaves out (a gradient seam beside a dark photo's flat edge): that band is a run too.
    // The bands before the plain span, the span, the bands after it; a band overlapping the span is
    // neither. No closure here (a `.filter` testing `plain`): a closure over a variable of this
    // loop's body makes V8 allocate the body's scope on every pass, content lines included: 1.1 MB
    // per planSplit of the WebP grid (V8's sampling heap profiler), collected during the detection.
    const extra = lines ? ringingBands(kinds, lines, start, end) : NO_BANDS;
    for (const b of extra) if (plain !== undefined && b.end <= plain.start) separators.push(b);
    if (plain !== undefined) separators.push(plain);
    for (const b of extra) if (plain === undefined || b.start >= plain.end) separators.push(b);
  }
  if (lines !== undefined && ringingWide.length > 0 && plainRuns.length > 0) {
    const twins = ringingTwins(lines, ringingWide, plainRuns);
    if (twins.length > 0) {
      separators.push(...twins);
      separators.sort((a, b) => a.start - b.start);
    }
  }
  return { contentStart, contentEnd, separators };
}

/**
 * Most lines by which a ringing run may be wider than NARROW_RINGING_RUN and still be a seam's
 * twin (`ringingTwins`): the generators' seams reach 24 px, but the runs this rule was measured on
 * are 13 lines, and a wider band of ringing lines is more and more likely a photo's flat area.
 */
const RINGING_TWIN_SLACK = 2;

/**
 * The runs of `wide` (no plain line, NARROW_RINGING_RUN < width ≤ NARROW_RINGING_RUN +
 * RINGING_TWIN_SLACK) that are as wide as a run with a plain line, within one line, and of its
 * colour (RUN_COLOUR_AGREEMENT): a seam just wider than a ringing run may be, that JPEG left
 * without one plain line while its twin kept some. A collage's seams share one width; a photo's
 * flat band is seldom as wide as a seam to the line, and it runs across the whole picture only in
 * a strip of one. Measured: independent seed 12209 mix-02 (13 px grey-240 seams, JPEG q73 4:4:4):
 * one seam kept 8 plain columns in a 12-column run, the other rang on all 13 (spread 22–46) and
 * was lost, 2 parts for 3. On independent seeds 12201–12224 (1 920 pictures) and every committed
 * fixture, the rule changed 4 plans: that one, now exact, and three that stay exact (a caption
 * grid's row cut moved to the seam's middle, 305 → 290 with 290 wanted; a framed grid's by 1 line;
 * one picture of the validation seeds, its score unchanged).
 */
function ringingTwins(lines: LineStats, wide: Interval[], plain: Interval[]): Interval[] {
  return wide.filter((w) => {
    const colour = meanColour(lines, w.start, w.end);
    return plain.some((p) => Math.abs(p.end - p.start - (w.end - w.start)) <= 1 && sameColour(meanColour(lines, p.start, p.end), colour, RUN_COLOUR_AGREEMENT));
  });
}

/**
 * Smallest per-channel difference between the mean colours of two neighbouring lines at which a
 * wide run is two bands, not one: a seam shading 230→250 along its length is "ringing" on every
 * line (spread 20 + JPEG) and, beside 2–4 plain or ringing lines of a dark photo edge (mean
 * 22–68), made runs of 13–17 lines with the dark lines as their only plain ones (seeds 701–706:
 * 4 gradient seams lost). Neighbouring lines of one band differ far less: a seam's lines by ≤ 8
 * (its JPEG edge line up to ~25 from white), a sky's rows by 2–3.
 */
export const BAND_JUMP = RUN_COLOUR_AGREEMENT;

/**
 * The first and last bands of lines [start, end) — split where neighbouring lines differ by more
 * than BAND_JUMP in a channel — when they have no plain line and are at most NARROW_RINGING_RUN
 * wide (and the run has more than one band). The plain-span rule of a wide run never sees them.
 */
function ringingBands(kinds: Uint8Array, lines: LineStats, start: number, end: number): Interval[] {
  const out: Interval[] = [];
  let from = start;
  let plain = false;
  let previous = meanColour(lines, start, start + 1);
  const close = (to: number): void => {
    // Only at an end of the run, flanked by content: a thin line *inside* a run (a screenshot's
    // 1 px grey frame between a white seam and the page's padding) is no seam of its own.
    if (!plain && to - from <= NARROW_RINGING_RUN && (from === start) !== (to === end)) out.push({ start: from, end: to });
  };
  for (let i = start; i < end; i++) {
    const c = meanColour(lines, i, i + 1);
    if (i > start && (Math.abs(c[0] - previous[0]) > BAND_JUMP || Math.abs(c[1] - previous[1]) > BAND_JUMP || Math.abs(c[2] - previous[2]) > BAND_JUMP)) {
      close(i);
      from = i;
      plain = false;
    }
    if (kinds[i] === LineKind.Plain) plain = true;
    previous = c;
  }
  close(end);
  return out;
}

/**
 * Whether lines [start, end) — the plain span of a run — are all one exact colour, every pixel
 * equal (min = max in every channel, the same on every plain line): a seam drawn losslessly, or a
 * flat JPEG area that decodes exactly (a DC-only block does: a 17 px seam at q61 reads 245,241,230
 * on every pixel of its inner lines). A gradient seam never is.
 */
function drawnSeam(lines: LineStats, kinds: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (kinds[i] === LineKind.Plain && !exactLines(lines, i, i + 1, start)) return false;
  return true;
}

/**
 * Widest edge of non-plain lines beside a drawn seam that may be a panel's anti-aliasing: text and
 * shapes rendered with anti-aliasing leave 1–2 faint lines (see antialiasedInk).
 */
const ANTIALIAS_LINES = 2;

/** Share of a line's pixels exactly the seam's colour for the line to be anti-aliasing beside a drawn seam. */
export const ANTIALIAS_EXACT_SHARE = 0.9;

/**
 * Coverage below which an anti-aliased pixel shows no ink: its distance from the seam colour over
 * the ink's own (the farthest the next line out reaches). Measured on PNG captions drawn black on
 * white: the faint last row of seed 2005 caption-04 reaches 42 of 215 (0.20, visible ink: the
 * caption's box includes it), that of seed 1312 caption-08 34 of 255 (0.13: a haze under the
 * letters, which the seam keeps).
 */
export const INK_COVERAGE = 0.15;

/**
 * How many of the 1–ANTIALIAS_LINES non-plain lines between content line `content` and the plain
 * span `plain` (after it: `toward` 1, before it: -1) are a panel's anti-aliased ink, counted from
 * the content side; 0 unless the plain span is drawn exactly (see drawnSeam). `inkBeside(line,
 * beyond, seam)` is `antialiasedInk` on the axis.
 *
 * @example
 * ```ts
 * inkLines(kinds, rows, { start: 403, end: 431 }, 401, 1, ink); // 1: row 402 is the caption's faint last row
 * ```
 */
export function inkLines(kinds: Uint8Array, lines: LineStats, plain: Interval, content: number, toward: 1 | -1, inkBeside: (line: number, beyond: number, seam: Rgb) => boolean): number {
  const gap = toward === 1 ? plain.start - content - 1 : content - plain.end;
  if (gap <= 0 || gap > ANTIALIAS_LINES || !drawnSeam(lines, kinds, plain.start, plain.end)) return 0;
  const seam = meanColour(lines, plain.start, plain.start + 1);
  let n = 0;
  while (n < gap && inkBeside(content + toward * (n + 1), content + toward * n, seam)) n++;
  return n;
}

/**
 * Whether line `line` of `region` (across `axis`), an edge line of a run beside a drawn seam of
 * colour `seam`, is a panel's anti-aliased edge: at least ANTIALIAS_EXACT_SHARE of its pixels are
 * exactly the seam colour, and its farthest pixel shows ink (INK_COVERAGE of the farthest on line
 * `beyond`, the content line next to it). Measured on independent seed 2005 caption-04 (PNG): the
 * caption's last ink row has 13 anti-aliased pixels of 360 down to 213 on white (spread 42, σ < 10:
 * "ringing"); counted into the seam, it moved the cut a line off the middle of the gap under the
 * caption (7 PNG captions of 13 tuning batches were 1 px short so). JPEG ringing beside a photo,
 * even next to an exactly decoded seam, leaves few pixels exact (seed 2001 caption-01, q61: none of
 * 799 on its ringing rows) and stays seam.
 *
 * @example
 * ```ts
 * antialiasedInk(raster, region, 'vertical', 402, 401, [255, 255, 255]); // true: a caption's faint last row
 * ```
 */
export function antialiasedInk(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', line: number, beyond: number, seam: Rgb): boolean {
  const [exact, reach] = lineReach(raster, region, axis, line, seam);
  if (exact < ANTIALIAS_EXACT_SHARE) return false;
  return reach > INK_COVERAGE * lineReach(raster, region, axis, beyond, seam)[1];
}

/** Share of the line's pixels exactly `colour` (composited over white) and the largest per-channel distance of any from it. */
function lineReach(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', line: number, colour: Rgb): [number, number] {
  const length = axis === 'horizontal' ? region.height : region.width;
  const [p0, step] = lineWalk({ raster, region, axis, line, length });
  let exact = 0;
  let reach = 0;
  for (let t = 0, p = p0; t < length; t++, p += step) {
    const far = pixelDistance(raster.data, p, colour);
    if (far === 0) exact++;
    else if (far > reach) reach = far;
  }
  return [exact / length, reach];
}

/**
 * Whether [start, end) is plain apart from at most BLEND_LINES lines: two plain colours side by
 * side, with the JPEG blend between them.
 */
function plainApartFromBlend(lines: LineStats, start: number, end: number): boolean {
  let other = 0;
  for (let i = start; i < end; i++) if (lineSpread(lines, i) > PLAIN_SPREAD && ++other > BLEND_LINES) return false;
  return true;
}

/**
 * Extends [plainStart, plainEnd) within [runStart, runEnd) over lines whose mean colour matches
 * the plain span's; at an end whose plain line is off that mean (RUN_COLOUR_AGREEMENT), over lines
 * matching that end line instead. A plain span of two colours, a seam and a panel's plain backdrop
 * beside it, has a mean that is neither, and the seam's ringing lines, left out, were read as
 * content beside the seam: independent seed 18006 mix-07 (JPEG q79 4:4:4, a 15 px red seam
 * beside a drawing's white backdrop) read columns 290–295 ringing red (spread 26–45), 296–304
 * plain red, 305–376 plain white; the run began at 296, the probes 2–4 columns before it read red,
 * and the seam was dropped as the left panel's padding. A one-colour span keeps its mean at both
 * ends (its end line agrees with it): beside a drop shadow, the first plain line's own colour took
 * in a shadow line and the seam was dropped (seeds 18029 mix-03, 18041 mix-06). So does a span
 * with more than BLEND_LINES lines that are not plain (`plainApartFromBlend`): that is no seam
 * beside a backdrop but a flat stretch of a photo, ringing with a few plain lines in it
 * (independent seed 15000 heavy-08, a JPEG q30 sea of 40 rows, 6 of them plain, another shade at
 * either end: widened by those shades it became a seam, and the photo was cut along its horizon).
 * Over 290 independent batches (seeds 15000–18529, 23 200 pictures), against the mean alone: the
 * end colours for every span gave 42 more exact plans, lost 3, cut 1 picture more and 5 fewer;
 * for spans plain apart from their blend, 37 more exact, 3 lost, none cut more, 5 fewer.
 */
function widenOverRinging(lines: LineStats, runStart: number, runEnd: number, plainStart: number, plainEnd: number): Interval {
  const colour = meanColour(lines, plainStart, plainEnd);
  const agrees = (i: number, reference: Rgb): boolean => sameColour(meanColour(lines, i, i + 1), reference, RUN_COLOUR_AGREEMENT);
  const twoPlainColours = plainApartFromBlend(lines, plainStart, plainEnd);
  const endColour = (i: number): Rgb => (!twoPlainColours || agrees(i, colour) ? colour : meanColour(lines, i, i + 1));
  const head = endColour(plainStart);
  const tail = endColour(plainEnd - 1);
  let start = plainStart;
  while (start > runStart && agrees(start - 1, head)) start--;
  let end = plainEnd;
  while (end < runEnd && agrees(end, tail)) end++;
  return { start, end };
}

/**
 * The exact twin of the standing seams at one end of a refused run of columns, beside a pale photo
 * edge at the other: the run is the photo's pale edge and the seam together, read as one padding
 * run, and `exactTwin` asks its stretch to lie strictly inside. A seam drawn losslessly is every
 * pixel one colour along the whole height and as wide as its twins; a photo's pale edge has noise
 * (independent seed 8400 caption-07, PNG: columns 195–236 of a white studio backdrop read
 * 237,236,233 with spread, the 7 px seam 237–243 reads 245,240,230 exactly, the twin of the seam
 * found at 453–459). Only across columns: on rows the exact stretch beside a pale edge is the gap
 * between a photo and its caption as often as a seam, and a cut there parts them. Null when the
 * stretch is the whole run (refused for what lies beside it, see exactTwin) or none.
 *
 * @example
 * ```ts
 * exactTwinAtEnd(stats.columns, { start: 195, end: 244 }, [{ start: 453, end: 460 }]); // { start: 237, end: 244 }
 * ```
 */
export function exactTwinAtEnd(lines: LineStats, run: Interval, standing: readonly Interval[]): Interval | null {
  const twin = exactTwin(lines, run, standing, false);
  if (twin === null || (twin.start === run.start && twin.end === run.end)) return null;
  return twin.start === run.start || twin.end === run.end ? twin : null;
}

/** The cut through a separator run: its middle, start + ⌊length/2⌋ (run 300..309 → 305). */
export function cutOf(run: Interval): number {
  return run.start + Math.floor((run.end - run.start) / 2);
}
