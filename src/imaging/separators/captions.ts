/**
 * Captions stay with their photo. A caption ("4. The iron bridge") is sparse ink on the collage
 * colour, one or two lines under or over a photo, and the gap between them is as plain as a seam.
 * The rule, for the segments a strip detection finds between its seams:
 *
 *   A *light* segment — at least LIGHT_SHARE of its pixels in the collage colour — that is at most
 *   CAPTION_RATIO as long (along the axis) as a neighbouring panel that is not light, belongs to
 *   that neighbour: of its two neighbours, the one across the narrower seam (a caption sits closer
 *   to its own photo than to the next panel; on a tie the panel before it, since captions under
 *   photos are the commoner layout). The seam between them is dropped. Stacked, a longer light row
 *   (up to CAPTION_ROW_RATIO) joins too when it shows the structure of captions: the gutters
 *   between the photos of the row beside it run plain through it, and it has ink under or over
 *   every photo (`captionRow`; two lines of type under small photos run past half their height).
 *
 * Holds for captions under and over photos, of one and two lines (the gap between two lines of a
 * caption is already no seam: both sides are mostly background, see `background-gap.ts`), in
 * strips and in grids (a grid's rows are searched the same way at every level). Side by side
 * there are no captions: there a light segment joins its neighbour only as a sliver of a broken
 * seam (SIDE_SLIVER_RATIO); and a segment of fewer than CAPTION_MIN_LINES lines joins its photo
 * but tells nothing of that photo's caption or of the side captions sit on.
 *
 * The same test keeps a single photo whole when it has a plain sky: the band of sky (with clouds
 * or a bird in it) over the landscape is a light segment too. A light segment that is no caption
 * (a screenshot on the collage colour, a sky) stays a panel only when the collage shows at least
 * two panels that are not light — evidence that its colour really is the canvas between pictures
 * (`trusted`, also passed down from a grid's outer cut) — or when it is *flat*: at least
 * LIGHT_SHARE of it within FLAT_TOLERANCE of the seam colour, as a page or a screenshot is and a
 * sky (a gradient: 40–70 levels from zenith to horizon) is not. A photo with a sky, a title over a
 * chart or a header over a page has one panel that is not light at most, and is not cut.
 *
 * LIGHT_SHARE is measured on the share of pixels of a light segment, estimated on a lattice of at
 * most LIGHT_SAMPLES points (a share, not a line rule: sampling cannot cut anything by itself).
 * Captions of 2–3 px text measure 0.75–0.95, the text pages of the fixtures 0.85–0.95, a photo
 * next to a seam 0–0.3, a row of photos with captions under them 0.1–0.35.
 */
import type { Box, Raster } from '../raster.js';
import { overWhite } from './line-stats.js';
import { COLLAGE_COLOUR_TOLERANCE, sameColour, type Rgb } from './collage-colour.js';
import { isTightLine } from './occluded-seams.js';
import type { Interval } from './segments.js';

/**
 * Side by side a light segment joins its neighbour only when it is at most this share of it: a
 * sliver between the two pieces of a broken seam (measured 1–21 px, 0.02–0.06 of the neighbour, on
 * every such join in the exact plans of the tuning batches), never a caption — captions sit under
 * or over their photos — nor a pale narrow panel (0.31–0.50: a 382 px drawing on grey beside an
 * 899 px photo, a 110 px strip of a white photo) that CAPTION_RATIO let in and merged.
 */
export const SIDE_SLIVER_RATIO = 0.15;
/** Share of collage-coloured pixels from which a segment is light (caption, sky, text page). */
export const LIGHT_SHARE = 0.6;
/** A caption is at most this long, along the axis, against the panel it joins (two lines under a 100 px photo: ~40 px). */
export const CAPTION_RATIO = 0.5;
/** Per-channel distance of a flat background (page, screenshot) to the seam colour: JPEG q40 noise, not a sky's gradient. */
export const FLAT_TOLERANCE = 12;
/** Lattice points sampled per segment for its share. */
const LIGHT_SAMPLES = 2048;

/**
 * True when at least LIGHT_SHARE of `box` is in `colour` (within `tolerance`), judged on a lattice
 * of at most LIGHT_SAMPLES points. Stops as soon as the answer is certain: a photograph next to a
 * seam is settled after 40 % of its points.
 */
export function isLight(raster: Raster, box: Box, colour: Rgb, tolerance?: number): boolean {
  if (box.width <= 0 || box.height <= 0) return false;
  const step = Math.max(1, Math.floor(Math.sqrt((box.width * box.height) / LIGHT_SAMPLES)));
  const first = step >> 1;
  const total = Math.ceil((box.width - first) / step) * Math.ceil((box.height - first) / step);
  const maxMisses = Math.floor((1 - LIGHT_SHARE) * total);
  const d = raster.data;
  const px = [0, 0, 0];
  let misses = 0;
  for (let y = box.y + first; y < box.y + box.height; y += step) {
    for (let x = box.x + first; x < box.x + box.width; x += step) {
      const p = (y * raster.width + x) * 4;
      const a = d[p + 3]!;
      for (let c = 0; c < 3; c++) px[c] = a === 255 ? d[p + c]! : overWhite(d[p + c]!, a);
      if (!sameColour(px, colour, tolerance) && ++misses > maxMisses) return false;
    }
  }
  return true;
}

/**
 * Longest row of captions, against the photo row it joins, that joins by its structure
 * (`captionRow`) rather than by CAPTION_RATIO. Two lines of 23–30 px type under or over 1×4 strips
 * of small photos measured 0.517–0.550 of the photo row (independent seeds 12013, 12053, 12071,
 * 12099 caption-01/08: every such row cut from its photos as a second grid row). Without this bound
 * the structure also held for whole rows of pale photos at 0.986–1.000 of the row beside them
 * (13 grids of 2×2–2×3 gradients, mixes and badges on seeds 12000–12099, each row joined to its
 * neighbour: 12 of them exact before); at 0.75 it joined those four caption rows and nothing else
 * on seeds 12000–12099.
 */
export const CAPTION_ROW_RATIO = 0.75;
/**
 * Share of a column's pixels off the seam colour with which it still reads plain in `captionRow`:
 * JPEG noise in a gutter. With none, independent seed 12013 caption-01 (JPEG q53, 9 px black
 * gutters) showed no gutter through its photo row.
 */
const PLAIN_COLUMN_MISSES = 0.02;

/**
 * Share of the widest plain run of a photo row under which a plain run is no gutter but a line of
 * a photo that reads in the seam colour: independent seed 33003 caption-07 (1×4, two-line
 * captions under, 14-column black gutters, JPEG q50) showed 1-column plain runs down dark palm
 * trunks, which the caption row's text crossed, and the caption row was cut from its photos.
 * One collage's gutters share a width (within a line or two of JPEG's edge), so half the widest
 * keeps every gutter; the trunks' runs were 1 column against 14. On independent seeds
 * 33000–33039 and the 180 regression batches this changed that picture's plan and one other's
 * (not exact before or after).
 */
const GUTTER_SHARE = 0.5;
/** Per column of `box`: whether it is plain (at most PLAIN_COLUMN_MISSES of its pixels off `colour`, by `sameColour`'s tolerance). */
function plainColumns(raster: Raster, box: Box, colour: Rgb): boolean[] {
  const at = { raster, region: box, axis: 'horizontal' as const, line: 0, length: box.height };
  return Array.from({ length: box.width }, (_, x) => isTightLine({ ...at, line: x }, colour, COLLAGE_COLOUR_TOLERANCE, 1 - PLAIN_COLUMN_MISSES));
}

/**
 * Whether the light row `caption` is a row of captions of the photo row `photo` (full-width boxes
 * of one stacked strip): the photo row is two or more photos (not light) parted by gutters plain
 * down the whole row, every gutter stays plain down the light row too, and every cell of the
 * light row between the gutters has ink — a caption under or over each photo. A text page or a
 * screenshot under a strip of photos runs its lines across the gutters, and a single photo with a
 * sky has no gutter; neither joins by this test.
 */
function captionRow(raster: Raster, photo: Box, caption: Box, colour: Rgb): boolean {
  const inPhoto = plainColumns(raster, photo, colour);
  const inCaption = plainColumns(raster, caption, colour);
  // The photo row's margins are no gutters.
  let lo = 0;
  while (lo < inPhoto.length && inPhoto[lo]) lo++;
  let hi = inPhoto.length;
  while (hi > lo && inPhoto[hi - 1]) hi--;
  const runs: Interval[] = [];
  for (let x = lo; x < hi; ) {
    if (!inPhoto[x]) {
      x++;
      continue;
    }
    const start = x;
    while (x < hi && inPhoto[x]) x++;
    runs.push({ start, end: x });
  }
  // A plain run under GUTTER_SHARE of the row's widest is a line of a photo in the seam colour.
  const widest = Math.max(0, ...runs.map((r) => r.end - r.start));
  const cells: Interval[] = [];
  let from = lo;
  for (const run of runs) {
    if (run.end - run.start < GUTTER_SHARE * widest) continue;
    for (let g = run.start; g < run.end; g++) if (!inCaption[g]) return false;
    cells.push({ start: from, end: run.start });
    from = run.end;
  }
  if (cells.length === 0) return false;
  cells.push({ start: from, end: hi });
  return cells.every(
    (c) => !isLight(raster, { ...photo, x: photo.x + c.start, width: c.end - c.start }, colour) && inCaption.slice(c.start, c.end).some((plain) => !plain),
  );
}

/**
 * Whether side-by-side cells read as captioned photos: every cell of the caption band (`captions`,
 * one per panel, under or over it) has ink — a column that is not plain in `colour` — and at least
 * one photo cell (`photos`, the same panels' photo band) is not light. Evidence that `colour` is
 * the canvas between pictures, as two panels that are not light are (`plan.ts`, captionedColumns).
 */
export function captionedCells(raster: Raster, photos: readonly Box[], captions: readonly Box[], colour: Rgb): boolean {
  if (!photos.some((box) => !isLight(raster, box, colour))) return false;
  return captions.every((box) => plainColumns(raster, box, colour).some((plain) => !plain));
}

type CaptionSide = 'before' | 'after' | 'unknown';

/**
 * Which side of their photos the captions of one collage sit, told by its ends: captions under
 * their photos leave the content's last `size` lines light (the last photo's caption) and its first
 * ones not; captions over their photos the other way round. 'unknown' when both ends or neither
 * look so (a photo with a pale sky at one end, captions under only some photos).
 *
 * Needed for a caption between two photos: the narrower seam says nothing when the collage's gutter
 * is narrower than the gap between a caption and its photo. Measured on red-team caption-08 (2×2,
 * one line over each photo, JPEG q60): 8 px gutter above the caption, 19 px gap to its own photo
 * below; by the narrower seam the caption went to the photo above it and the cut ran between
 * caption and photo. Its first 27 lines are a caption (light), its last 27 a photo (not light).
 */
function captionSide(raster: Raster, boxOf: (s: Interval) => Box, first: number, last: number, size: number, colour: Rgb, tolerance?: number): CaptionSide {
  if (2 * size > last - first) return 'unknown';
  const head = isLight(raster, boxOf({ start: first, end: first + size }), colour, tolerance);
  const tail = isLight(raster, boxOf({ start: last - size, end: last }), colour, tolerance);
  return head === tail ? 'unknown' : head ? 'before' : 'after';
}

/**
 * Lines read at each end of the content to tell the captions' side when no caption was attached:
 * within the one-line captions of the tuning batches (14–27 px text bands).
 */
const CAPTION_PROBE = 16;
/**
 * Fewest ink lines of a caption band: the caption bands the rule below keeps with their photo
 * measure 14–47 lines (one or two lines of text); the 1–3 lines between the broken runs of one
 * lossy seam are no caption (as CAPTION_MIN in strips.ts).
 */
export const CAPTION_MIN_LINES = 6;
/**
 * Narrowest plain run that may be a caption's far gap. The far gaps the rule below needs measure
 * 9–161 lines on the tuning batches (a two-line caption's gap between its lines: 9); plain runs of
 * 1–3 lines inside photos (independent seed 4319 caption-06: a pale streak 2 columns wide beside
 * a seam; seed 4318 caption-05: 3 rows) read as a gap and joined a photo to nothing but its own edge.
 */
const FAR_GAP_MIN = 6;

/** Lines a caption's far gap may differ in width from a seam of the collage that stands: JPEG's edge line each side. */
const FAR_GAP_TWIN = 2;

/**
 * The seam on a caption's far side, when the collage shows it: of the plain runs from the one that
 * ends the caption's first line (`inside`, nearest first), the first as wide as a seam that stands elsewhere in the collage
 * (within FAR_GAP_TWIN), the caption between it and its photo light and within `reach`. A
 * collage's seams share one width, while the gap between a caption's lines (7 rows against 29 on
 * independent seed 7406 caption-02) is no seam's. Refused by the seam rules beside a photo whose
 * top is pale, the gutter was lost, and the photo, its caption and the next photo came out one
 * part (seed 7406 caption-02, and project seed 7450 caption-04, a one-line caption). A run nearer
 * the seam than the caption's ink is none of its gaps (seed 7403 caption-06: a 16-line plain run
 * one line from the seam, inside the photo, matched a 16-line seam and cut the photo). With no
 * such twin, a run with a photo beyond it and a flat caption before it (`farGapBeforePhoto`) is one,
 * when the caption's ink begins at the seam (`inkAtSeam`: CAPTION_MIN_LINES or more lines before
 * the first plain run; seed 7403 caption-06 showed 2, then a 16-line plain run inside the photo).
 * `inkAtSeam` is asked only with another seam on the axis, as every far gap it was fitted on stood
 * beside (seeds 20017 caption-01, 20031 caption-07, 20518 caption-03: 2–4 seams). A grid column's
 * lone seam is no such collage: independent seed 22507 caption-02 (2×2, captions under, 21 px dark
 * seams, q35) got its row gutter in the right column alone, the left column's second look cut the
 * gutter 16 px lower, unaligned, and the left column stayed merged (exact before).
 */
function promoteFarGap(
  raster: Raster,
  boxOf: (s: Interval) => Box,
  seam: Interval,
  after: boolean,
  inside: readonly Interval[],
  reach: number,
  colour: Rgb,
  seams: readonly Interval[],
  k: number,
  dropped: ReadonlySet<number>,
  added: Interval[],
  other: Interval,
  inkAtSeam: boolean,
): void {
  for (const [n, run] of inside.entries()) {
    const band = after ? { start: seam.end, end: run.start } : { start: run.end, end: seam.start };
    if (band.end - band.start > reach) return;
    const gap = seamTwin(run, seams, k, dropped) ? run : inkAtSeam ? farGapBeforePhoto(raster, boxOf, band, run, inside[n + 1], after, other, colour) : null;
    if (gap === null) continue;
    if (isLight(raster, boxOf(band), colour)) added.push(gap);
    return;
  }
}

/**
 * The caption's far gap told by what lies beyond the plain run after a caption band (`band`,
 * between the dropped seam and `run`), when no standing seam is the run's twin: the band is flat
 * (text on the canvas colour, within FLAT_TOLERANCE), and past the run, up to the next plain run
 * (`next`) or the end of the segment (`other`), lie CAPTION_MIN_LINES or more lines that are not
 * (a photo). Past the gap between the two lines of a caption lies its second line, flat too.
 * Needed where the collage's only standing seams are caption gaps themselves, which no far gap is
 * the twin of (independent seed 20017 caption-01: 2×2, captions under, 10-line caption gaps stood,
 * the 29-line gutter under the first captions was refused beside a pale photo top, and the
 * collage refused). The gap is the run's stretch in the canvas colour from the caption's side, at
 * least FAR_GAP_MIN lines: a plain run may go on from the gutter into the next photo's plain sky
 * (independent seed 20518 caption-03: 60 white rows, then a flat blue sky; cut at the whole
 * run's middle, the photo was cut through its sky). Null when it is none.
 */
function farGapBeforePhoto(raster: Raster, boxOf: (s: Interval) => Box, band: Interval, run: Interval, next: Interval | undefined, after: boolean, other: Interval, colour: Rgb): Interval | null {
  const canvasLine = (line: number): boolean => isLight(raster, boxOf({ start: line, end: line + 1 }), colour, FLAT_TOLERANCE);
  let gap: Interval;
  if (after) {
    let end = run.start;
    while (end < run.end && canvasLine(end)) end++;
    gap = { start: run.start, end };
  } else {
    let start = run.end;
    while (start > run.start && canvasLine(start - 1)) start--;
    gap = { start, end: run.end };
  }
  if (gap.end - gap.start < FAR_GAP_MIN) return null;
  const beyond = after ? { start: gap.end, end: next?.start ?? other.end } : { start: next?.end ?? other.start, end: gap.start };
  if (beyond.end - beyond.start < CAPTION_MIN_LINES) return null;
  return isLight(raster, boxOf(band), colour, FLAT_TOLERANCE) && !isLight(raster, boxOf(beyond), colour, FLAT_TOLERANCE) ? gap : null;
}

/** Whether `run` is as wide (within FAR_GAP_TWIN) as a seam that stands, other than seam k. */
function seamTwin(run: Interval, seams: readonly Interval[], k: number, dropped: ReadonlySet<number>): boolean {
  return seams.some((s, i) => i !== k && !dropped.has(i) && Math.abs(s.end - s.start - (run.end - run.start)) <= FAR_GAP_TWIN);
}

/**
 * A seam between a photo and its own caption, the caption's far gap refused as a seam: beside a
 * photo whose edge is pale (a white product shot, a sky) the plain run after a caption is wider
 * than the seam, or it fades into the next photo, and `seamOfRun` refuses it; the caption's near
 * gap, plain and narrow, is then the only seam standing and parts the photo from its caption.
 * Seen on the tuning batches as the largest group of caption cuts (6 of 12 caption misses on
 * independent seeds 4300–4307 and project seeds 4350–4351, captions under and over, 1–2 lines,
 * seams at 235 and 255, JPEG and PNG).
 *
 * Seam k, with a photo (not light, no caption attached) on one side: when the content on its other
 * side begins with a light band of CAPTION_MIN_LINES or more, at most CAPTION_RATIO as long as the
 * photo, ended by a plain run that is no seam (`plainRuns`), that band is a caption; it is the
 * photo's when the collage's captions sit on that side of their photos (`layout`, else told by its
 * ends), or when that is unknown and the content past the run is not light (a page of text past
 * its first line is light, and a photo with a page beside it keeps its seam). The seam is dropped:
 * fewer parts, or a refusal, never a caption lost.
 */
function captionAcrossSeams(
  raster: Raster,
  boxOf: (s: Interval) => Box,
  segments: readonly Interval[],
  seams: readonly Interval[],
  light: readonly boolean[],
  captioned: ReadonlySet<number>,
  plainRuns: readonly Interval[],
  colour: Rgb,
  dropped: Set<number>,
  layout: CaptionSide | undefined,
  ends: () => CaptionSide,
  added: Interval[],
): void {
  const free = plainRuns.filter((r) => !seams.some((s) => s.start < r.end && r.start < s.end));
  if (free.length === 0) return;
  seams.forEach((seam, k) => {
    if (dropped.has(k)) return;
    // Photo before the seam and the band after it (a caption under its photo), then the other way.
    for (const photoAt of [k, k + 1]) {
      if (light[photoAt] || captioned.has(photoAt)) continue;
      const photo = segments[photoAt]!;
      const after = photoAt === k;
      const other = segments[after ? k + 1 : k]!;
      const reach = CAPTION_RATIO * (photo.end - photo.start);
      // Plain runs inside the other segment, nearest the seam first.
      const inside = free.filter((r) => r.start >= other.start && r.end <= other.end);
      if (!after) inside.reverse();
      let plain = 0;
      for (const [at, run] of inside.entries()) {
        const band = after ? { start: seam.end, end: run.start } : { start: run.end, end: seam.start };
        const size = band.end - band.start;
        if (size > reach) break;
        // The band's ink: its lines outside plain runs. A band that is mostly a plain run is the
        // seam's own refused stretch (independent seed 4311 mix-03: 13 of 15 lines), no caption.
        const ink = size - plain;
        plain += run.end - run.start;
        if (run.end - run.start < FAR_GAP_MIN || ink < CAPTION_MIN_LINES || !isLight(raster, boxOf(band), colour)) continue;
        // Within a light segment the band may be a strip of a pale panel between two of its own
        // plain runs (independent seed 4310 mix-02: a 9-column band of a pale drawing, its runs
        // 6 and 7 wide); a caption's far gap there runs on into a panel's white ground, far wider
        // than the seam (seed 4303 caption-04: 105 lines against a 14-line seam), and a page of text
        // under a photo is its lines and their gaps. That doubt is lifted only where the collage
        // tells which side its captions sit (its captions or its ends) and the far gap is as wide
        // as a seam that stands (FAR_GAP_TWIN): a caption's far gap is a gutter, a page's line gap
        // is none (independent seed 9506 caption-06, 1×3, captions over, the middle photo a line
        // drawing that reads light: its far gap is 18 lines as the other seam, and the cut ran
        // between the third caption and its photo).
        const side = layout ?? ends();
        if (light[after ? k + 1 : k] && run.end - run.start < 2 * (seam.end - seam.start) && (side === 'unknown' || !seamTwin(run, seams, k, dropped))) continue;
        const beyond = after ? { start: run.end, end: other.end } : { start: other.start, end: run.start };
        const ours = side === 'unknown' ? beyond.end > beyond.start && !isLight(raster, boxOf(beyond), colour) : side === (after ? 'after' : 'before');
        if (ours) {
          dropped.add(k);
          // The far gap stands for the seam only where the side is known, from the collage's
          // captions or from its ends; told by a guess about the content beyond, nothing is added.
          if (side !== 'unknown') promoteFarGap(raster, boxOf, seam, after, inside.slice(at), reach, colour, seams, k, dropped, added, other, seams.length >= 2 && (after ? inside[0]!.start - seam.end : seam.start - inside[0]!.end) >= CAPTION_MIN_LINES);
        }
        break;
      }
      if (dropped.has(k)) return;
    }
  });
}

/**
 * Pale photos with their captions: marks `light` false for a light segment that is no flat
 * background (a white product shot, a drawing on a whiter white, a pale sky over a beach) with a
 * flat light band of a caption's size beside it, on the side the collage's captions sit by its ends
 * read flat (`captionSide` at FLAT_TOLERANCE: a caption is text on the canvas colour, the photo at
 * the other end is not). Such a segment is a photo: its caption joins it, and it counts as a panel
 * for `trusted`. Read as light, a pale photo took no caption and vouched for no seam: the seams
 * beside it were dropped as a sky's edge (independent seeds 20000 caption-08 and 20003 caption-04:
 * 2×2, captions under, a row of a white drawing beside a pale sky or a white backdrop, JPEG q56 on
 * white and q67 on cream; both refused). A sky over a landscape has the landscape, not a caption,
 * on its far side, and a page's paragraphs are flat themselves: neither is touched. Returns the
 * side read when a segment was marked, else 'unknown'.
 */
function paleCaptionedPhotos(raster: Raster, boxOf: (s: Interval) => Box, segments: readonly Interval[], light: boolean[], first: number, last: number, colour: Rgb): CaptionSide {
  if (!light.some((l) => l)) return 'unknown';
  const size = (i: number): number => segments[i]!.end - segments[i]!.start;
  const flat = new Map<number, boolean>();
  const isFlat = (i: number): boolean => {
    let f = flat.get(i);
    if (f === undefined) flat.set(i, (f = light[i]! && isLight(raster, boxOf(segments[i]!), colour, FLAT_TOLERANCE)));
    return f;
  };
  const pale = segments.map((_, i) => light[i]! && !isFlat(i));
  if (!pale.some((p) => p)) return 'unknown';
  let side = captionSide(raster, boxOf, first, last, CAPTION_PROBE, colour, FLAT_TOLERANCE);
  if (side === 'unknown' && segments.length > 2) {
    // The ends by their segments: a flat band of a caption's size first, beside a segment that is
    // not flat, is a caption over its photo (independent seed 20024 caption-09: 1×3, captions
    // over, the last photo a sweater on a backdrop of the canvas grey, whose last lines read flat).
    const captionAt = (i: number, beside: number): boolean =>
      !pale[i] && isFlat(i) && !isFlat(beside) && size(i) >= CAPTION_MIN_LINES && size(i) <= CAPTION_RATIO * size(beside);
    const head = captionAt(0, 1);
    const tail = captionAt(segments.length - 1, segments.length - 2);
    side = head === tail ? 'unknown' : head ? 'before' : 'after';
  }
  if (side === 'unknown') return 'unknown';
  let marked = false;
  for (let i = 0; i < segments.length; i++) {
    if (!pale[i]) continue;
    const j = side === 'after' ? i + 1 : i - 1;
    if (j < 0 || j >= segments.length || pale[j] || !isFlat(j)) continue;
    if (size(j) < CAPTION_MIN_LINES || size(j) > CAPTION_RATIO * size(i)) continue;
    light[i] = false;
    marked = true;
  }
  return marked ? side : 'unknown';
}

export interface CaptionResult {
  /** Indices (into the given seams) of the seams that remain. */
  kept: number[];
  /** Indices of the segments (between consecutive given seams) attached to a photo as captions. */
  captionSegments: number[];
  /** Indices of the seams dropped to join a caption to its photo (the caption's gap). */
  captionSeams: number[];
  /** Plain runs taken for seams: a caption's far gap as wide as the collage's seams (`promoteFarGap`). */
  added: Interval[];
  /** At least two panels that are not light: the colour is the canvas between pictures. */
  trusted: boolean;
  /** How many captions were attached to a photo. */
  captions: number;
}

/**
 * Applies the caption rule to the seams of one strip detection. `seams` are in picture coordinates
 * along the axis, in order, strictly inside [first, last).
 *
 * @example
 * ```ts
 * attachCaptions(raster, region, 'vertical', seams, 10, 420, [255, 255, 255], false); // { kept: [1], trusted: true, captions: 2 }
 * ```
 */
export function attachCaptions(
  raster: Raster,
  region: Box,
  axis: 'horizontal' | 'vertical',
  seams: readonly Interval[],
  first: number,
  last: number,
  colour: Rgb,
  trusted: boolean,
  plainRuns?: readonly Interval[],
): CaptionResult {
  if (seams.length === 0) return { kept: [], trusted, captions: 0, captionSegments: [], captionSeams: [], added: [] };
  const segments: Interval[] = [];
  let start = first;
  for (const s of seams) {
    segments.push({ start, end: s.start });
    start = s.end;
  }
  segments.push({ start, end: last });
  const boxOf = (s: Interval): Box =>
    axis === 'horizontal' ? { x: s.start, y: region.y, width: s.end - s.start, height: region.height } : { x: region.x, y: s.start, width: region.width, height: s.end - s.start };
  const light = segments.map((s) => isLight(raster, boxOf(s), colour));
  const size = (i: number): number => segments[i]!.end - segments[i]!.start;
  const paleSide = paleCaptionedPhotos(raster, boxOf, segments, light, first, last, colour);
  const dropped = new Set<number>();
  let captions = 0;
  let side: CaptionSide | undefined;
  const captionSegments: number[] = [];
  const captioned = new Set<number>();
  const captionSeams: number[] = [];
  const added: Interval[] = [];
  let under = 0;
  let over = 0;
  // How far a caption lies from a neighbour: the plain run its seam stands in, not the seam's own
  // width. Beside a pale photo edge the gutter's run is refused as a whole and only a few lines of
  // it stand as a seam (an exact twin or a shaded stretch); compared by those, the gutter looked
  // narrower than the caption's own gap and the cut ran between photo and caption. Measured on
  // independent seeds 7401 caption-02 and 7402 caption-04 (captions under, JPEG q48 and q89):
  // seams of 2 and 1 lines standing in plain runs of 33 and 36 lines, against gaps of 8 and 9.
  const gapOf = (k: number): number => {
    const s = seams[k]!;
    let width = s.end - s.start;
    for (const r of plainRuns ?? []) if (r.start <= s.start && s.end <= r.end) width = Math.max(width, r.end - r.start);
    return width;
  };
  // Side by side, across a seam, at most SIDE_SLIVER_RATIO — unless the "seam" is itself wider than
  // a quarter of the light segment: a run of plain columns that wide is a photo's white area, not a
  // gutter (independent seed 6317 badge-05: a 165-column white run inside the last photo of a 4×1,
  // beside the photo's 235 columns of sky), and the light segment stays joined as before.
  const joinRatio = (i: number, k: number): number => (axis === 'vertical' || 4 * (seams[k]!.end - seams[k]!.start) > size(i) ? CAPTION_RATIO : SIDE_SLIVER_RATIO);
  // Light segment i joins neighbour p across seam k when it is short enough, or, stacked, when it
  // is a row of captions of the photos in p, up to CAPTION_ROW_RATIO (`captionRow`).
  const rows = new Map<number, boolean>();
  const joins = (i: number, k: number, p: number): boolean => {
    if (size(i) <= joinRatio(i, k) * size(p)) return true;
    if (axis !== 'vertical' || size(i) > CAPTION_ROW_RATIO * size(p) || size(i) < CAPTION_MIN_LINES) return false;
    let row = rows.get(k);
    if (row === undefined) rows.set(k, (row = captionRow(raster, boxOf(segments[p]!), boxOf(segments[i]!), colour)));
    return row;
  };
  const optionsOf = (i: number): { seam: number; width: number }[] => {
    // Neighbour i−1 lies across seam i−1, neighbour i+1 across seam i.
    const options: { seam: number; width: number }[] = [];
    if (i > 0 && !light[i - 1] && joins(i, i - 1, i - 1)) options.push({ seam: i - 1, width: gapOf(i - 1) });
    if (i < seams.length && !light[i + 1] && joins(i, i, i + 1)) options.push({ seam: i, width: gapOf(i) });
    return options;
  };
  // The side the captions with only one photo beside them take (the first band over the first
  // photo, the last under the last one), when they agree: a collage's captions all sit on one side
  // of their photos. Asked only when the ends cannot tell (`captionSide`): on independent seed 7404
  // caption-06 (2×2, two-line captions over the photos) the last row ends in a white drawing beside
  // a photo and read light, and by the narrower gutter the second row's captions went up a row.
  let sideOfLone: CaptionSide | undefined;
  const loneSide = (): CaptionSide => {
    if (sideOfLone !== undefined) return sideOfLone;
    let before = 0;
    let after = 0;
    for (let i = 0; i < segments.length; i++) {
      if (!light[i]) continue;
      const options = optionsOf(i);
      if (options.length !== 1) continue;
      if (options[0]!.seam === i) before++;
      else after++;
    }
    return (sideOfLone = before > 0 && after === 0 ? 'before' : after > 0 && before === 0 ? 'after' : 'unknown');
  };
  for (let i = 0; i < segments.length; i++) {
    if (!light[i]) continue;
    const options = optionsOf(i);
    if (options.length === 0) {
      // The last line of a caption joined to the photo before it, with no photo after it.
      const lines = i >= 2 ? captionSegments.indexOf(i - 1) : -1;
      if (lines >= 0 && captionSeams[lines] === i - 2 && segments[i]!.end - segments[i - 1]!.start <= CAPTION_RATIO * size(i - 2) && (i === seams.length || light[i + 1])) {
        dropped.add(i - 1);
        captionSeams.push(i - 1);
        captionSegments.push(i);
      }
      continue;
    }
    let chosen = options.length === 2 && options[1]!.width < options[0]!.width ? options[1]! : options[0]!;
    if (options.length === 2) {
      side ??= captionSide(raster, boxOf, first, last, size(i), colour);
      // Told by nothing else, the side the pale photos' captions were read on (`paleCaptionedPhotos`)
      // tells it: independent seed 22019 caption-01 (2×2, 1-line captions over, JPEG q44) read its
      // bottom row's pale photos under their 11-line captions 23 lines below, and by the narrower
      // gap (the 17-line gutter) the captions went to the photos above; the cut ran between them.
      let told = side === 'unknown' ? loneSide() : side;
      if (told === 'unknown') told = paleSide;
      if (told !== 'unknown') chosen = told === 'before' ? options[1]! : options[0]!;
    }
    // The second line of a caption joined to the photo before it, the gap between its lines read
    // as a seam (not as the caption's own gap, see background-gap.ts): joined to the photo after
    // it, the cut ran between the two lines. Measured on project seed 4354 caption-03 (1×2,
    // two-line captions under, JPEG q95): lines of 21 rows, 9 rows apart, under a 177-row photo.
    // Under photos (by the collage's ends) it is that caption's second line. Otherwise the two
    // lines may be the captions of both photos, or one caption over the next photo: both seams go
    // (fewer parts, no cut).
    const lines = i >= 2 && options.length === 1 && chosen.seam === i ? captionSegments.indexOf(i - 1) : -1;
    if (lines >= 0 && captionSeams[lines] === i - 2 && segments[i]!.end - segments[i - 1]!.start <= CAPTION_RATIO * Math.min(size(i - 2), size(i + 1))) {
      side ??= captionSide(raster, boxOf, first, last, size(i), colour);
      dropped.add(i - 1);
      captionSeams.push(i - 1);
      captionSegments.push(i);
      if (side !== 'after') dropped.add(i);
      if (side === 'before') {
        // Over photos (by the collage's ends) the two lines are the caption of the photo after
        // them: the first line's join to the photo before is undone, and that gutter stands.
        // Measured on independent seed 50003 caption-10 (1×3, two-line captions over, WebP
        // lossless): the third caption's lines (21 rows each, 12 apart) 21 rows under the second
        // photo and 36 over the third; both seams went and two photos came out one part.
        dropped.delete(i - 2);
        captionSeams[lines] = i - 1;
        captionSeams[captionSeams.length - 1] = i;
        if (size(i - 1) >= CAPTION_MIN_LINES) {
          under--;
          if (!captionSegments.includes(i - 3)) captioned.delete(i - 2);
        }
        captioned.add(i + 1);
        over++;
      }
      continue;
    }
    // The first line of a caption over the photo after it, with no photo before it (the
    // collage's first caption, or one after a light segment): it joins with its second line, as
    // the last line of a caption under a photo does above. Over photos only, by the collage's
    // ends. Measured on independent seed 50003 caption-10 (1×3, two-line captions over, WebP
    // lossless): the first caption's lines, 21 rows each, 12 apart, with a 36-row gap to the
    // photo; the cut ran between the two lines, and the first line was cut again between words.
    if (i >= 1 && chosen.seam === i && light[i - 1] && (i === 1 || light[i - 2]) && !captionSegments.includes(i - 1) && optionsOf(i - 1).length === 0 && size(i - 1) >= CAPTION_MIN_LINES && segments[i]!.end - segments[i - 1]!.start <= CAPTION_RATIO * size(i + 1)) {
      side ??= captionSide(raster, boxOf, first, last, size(i), colour);
      if (side === 'before') {
        dropped.add(i - 1);
        captionSeams.push(i - 1);
        captionSegments.push(i - 1);
      }
    }
    dropped.add(chosen.seam);
    captionSeams.push(chosen.seam);
    captions++;
    captionSegments.push(i);
    // A sliver of a few lines (a margin's last rows past a broken seam) joins its photo, but it
    // tells nothing of the photo's caption or of the side captions sit on: taken for a caption
    // it hid the photo's real one from `captionAcrossSeams`. Measured on independent seed 8502
    // caption-05 (2×2, two-line captions under, JPEG q35): a 4-line margin sliver over the first
    // row, and the cut ran between the first photo and its caption.
    if (size(i) < CAPTION_MIN_LINES) continue;
    const photo = chosen.seam === i - 1 ? i - 1 : i + 1;
    captioned.add(photo);
    if (photo < i) under++;
    else over++;
  }
  // A photo without its caption, next to a light segment too long to be one, on the side where
  // this collage's captions sit: its caption went into that segment (a drawing or a page on white,
  // with no plain gap of its own between caption and drawing), so the seam between them would
  // part the photo from its caption. Kept together instead: fewer parts, no caption lost.
  // Measured on red-team seed 300 caption-14 (1×3, captions under, the middle panel a line
  // drawing on white): the cut ran between the first photo and its caption, 7 px above it.
  if (under > 0 !== over > 0) {
    for (let i = 0; i < segments.length; i++) {
      if (light[i] || captioned.has(i)) continue;
      const next = under > 0 ? i + 1 : i - 1;
      if (next < 0 || next >= segments.length || !light[next] || captionSegments.includes(next)) continue;
      dropped.add(under > 0 ? i : i - 1);
    }
    // A caption-sized light segment on the caption side of a light one that has no caption: on a
    // dark canvas a dark photo is light too, and its caption found no photo to join. Measured on
    // independent seed 4311 caption-04 (1×3 on rgb(30,30,30), captions under, WebP q69): the last
    // photo (dark, 280 lines with the caption over it) and its 43-line caption were cut apart.
    for (let i = 0; i < segments.length; i++) {
      const photo = under > 0 ? i - 1 : i + 1;
      if (!light[i] || captionSegments.includes(i) || captioned.has(i) || photo < 0 || photo >= segments.length) continue;
      if (!light[photo] || captionSegments.includes(photo) || captioned.has(photo) || size(i) > CAPTION_RATIO * size(photo)) continue;
      dropped.add(under > 0 ? i - 1 : i);
    }
  }
  // Only across rows: a caption is a line of text under or over its photo. Side by side, a white
  // drawing's sparse strokes before its own white ground read as a caption band and its far gap
  // (a 1200×320 strip of a photo, a line drawing on white and a photo: the seam before the drawing
  // was dropped, and the photo and drawing came out as one part).
  if (axis === 'vertical' && plainRuns !== undefined && plainRuns.length > seams.length) {
    captionAcrossSeams(raster, boxOf, segments, seams, light, captioned, plainRuns, colour, dropped, under > 0 === over > 0 ? undefined : under > 0 ? 'after' : 'before', () => (side ??= captionSide(raster, boxOf, first, last, CAPTION_PROBE, colour)), added);
  }
  const panels = light.filter((l) => !l).length;
  const isTrusted = trusted || panels >= 2;
  if (!isTrusted) {
    // No evidence that this colour is a canvas between pictures: a seam beside a light segment is
    // a sky's or a page's edge, not a cut.
    const sky = segments.map((s, i) => light[i]! && !isLight(raster, boxOf(s), colour, FLAT_TOLERANCE));
    seams.forEach((_, k) => {
      if (sky[k] || sky[k + 1]) dropped.add(k);
    });
  }
  return { kept: seams.map((_, k) => k).filter((k) => !dropped.has(k)), trusted: isTrusted, captions, captionSegments, captionSeams, added: isTrusted ? added : [] };
}
