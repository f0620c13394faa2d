/**
 * A seam is flanked by panels; a plain band that fades into the picture beside it is part of that
 * picture. Two ways a photo's own plain band passes every other rule:
 *
 * - a plain sky: a run of nearly flat rows whose colour drifts slowly from zenith to horizon, cut
 *   in two by nothing (a photo under a plain sky was split through its sky);
 * - a light panel edge beside a seam of a close colour (a gradient seam shading 230→250 next to a
 *   photo whose sky is 209–221): the run holds the seam *and* the panel's sky, so its middle, the
 *   cut, lands inside the panel; and a flat band inside one dark photo, which then outvotes the
 *   real seam for the collage colour.
 *
 * The rule, on the lines of a seam found by the other rules:
 *
 *   1. split the seam into pieces of one tight colour (consecutive lines within PIECE_AGREEMENT of
 *      the piece's first line);
 *   2. while more than one piece is left, an end piece that *fades* into the content beyond it
 *      (the mean colour of the lines 2–4 beyond is within FADE_DISTANCE of the piece's) is that
 *      panel's plain edge, and is dropped;
 *   3. what is left must not fade into the picture on either side: a band whose colour continues
 *      into the picture next to it (2–4 lines beyond and FAR_SHIFT lines further, shading away
 *      from it rather than being its very colour) is that picture's sky or flat band, not a seam.
 *
 * Lines 2–4 rather than 1: the first line beside a lossy seam is a blend of both. Measured over the
 * committed batches and seeds 301–311: no cut through a panel is left (3 before), and no collage
 * that was split exactly is lost.
 */
import type { Box, Raster } from '../raster.js';
import { GAP_BACKGROUND_SHARE, GAP_COLOUR_TOLERANCE } from './background-gap.js';
import { LineKind, lineEnds, meanColour, SHADE_MIN, shadesEvenly } from './classify.js';
import { BLEND_LINES } from './collage-colour.js';
import { overWhite, type LineStats } from './line-stats.js';
import { oneColourPieces } from './seams.js';
import type { Interval } from './segments.js';

/**
 * Per-channel spread of the line means of one piece. A seam's lines share one mean — a gradient
 * seam shading 230→250 along its length reads 240–241 on every line — while the light photo edge
 * merged into its run reads 209 (a sky, seed 304) or 221 (the unseen batch): 19–31 off,
 * inside RUN_COLOUR_AGREEMENT (32), outside 12. A plain sky drifts 2–3 levels every ~8 rows, so a
 * long sky band falls into several pieces.
 */
export const PIECE_AGREEMENT = 12;
/**
 * Per-channel distance between a piece's mean and the mean of the lines 2–4 beyond it at which
 * those lines continue its colour. Measured: a flat band inside a dark photo read 112 against 104–106
 * beyond; a seam's own colour against the photo beside it differs by 19 or more in the cases above.
 * The mean alone is fooled by a dark seam beside a dark photo (a 5 px rgb(30,30,30) seam of a 4×4
 * grid), so the lines must also mostly *be* the colour (GAP_BACKGROUND_SHARE of them within GAP_COLOUR_TOLERANCE, as `background-gap.ts` asks of a panel background).
 */
export const FADE_DISTANCE = 12;
const PROBE = [2, 3, 4] as const;
/**
 * A whole seam is rejected only when the picture beside it also has its colour FAR_SHIFT lines
 * further: a seam split into runs of 1–4 lines by a badge or by JPEG ringing finds its own other
 * runs 2–4 lines beyond (measured: runs 217–220 and 225–227 of a 10 px black seam crossed by a badge,
 * a 1-line run inside an 8 px blue seam at q55), which looked like a fade and lost 3 exact
 * collages of seeds 305 and the unseen batch; 10 lines further lies the panel.
 */
const FAR_SHIFT = 10;
/**
 * Least mean distance to the band's colour of the matching pixels beyond it for a *fade*: a page
 * whose background is the band's very colour (an unframed white screenshot beside a white seam) is
 * that panel's padding, which `seams.ts` already handles, not a fade. Measured over the fixtures, the
 * unseen batch and seeds 301–308: page backgrounds 0–0.21 (PNG), 0.8–2.5 (JPEG q40+); photo bands
 * and skies 10.3–11.2; seam fragments 3.0–10.6 (kept by FAR_SHIFT).
 */
const SAME_DEVIATION = 5;

/**
 * The part of `seam` (line indices relative to `region`) that is a seam between panels, or null
 * when it is a band of the picture beside it (see the module comment).
 *
 * @example
 * ```ts
 * seamWithoutFades(raster, box, 'vertical', stats.rows, { start: 410, end: 429 }); // { start: 410, end: 416 }
 * ```
 */
export function seamWithoutFades(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', lines: LineStats, kinds: Uint8Array, seam: Interval): Interval | null {
  const { kept, fades } = seamAndFade(raster, region, axis, lines, kinds, seam);
  return fades ? null : kept;
}

/**
 * `seamWithoutFades` in two answers: the seam with its fading end pieces dropped (`kept`), and
 * whether what is left still fades into the picture (`fades`: `seamWithoutFades` rejects it, but a
 * shaded twin may vouch for it, see `shadedTwins`).
 */
export function seamAndFade(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', lines: LineStats, kinds: Uint8Array, seam: Interval): { kept: Interval; fades: boolean } {
  const pieces = oneColourPieces(lines, seam, PIECE_AGREEMENT);
  const count = axis === 'horizontal' ? region.width : region.height;
  const fades = (p: Interval, side: 'before' | 'after', far: boolean): boolean => {
    const beyond = PROBE.map((d) => (side === 'before' ? p.start - d : p.end - 1 + d)).filter((l) => l >= 0 && l < count);
    if (beyond.length === 0) return false;
    // Plain lines beyond the seam are more of it (JPEG split one seam into two runs), not a panel.
    const near = [1, 2].map((d) => (side === 'before' ? p.start - d : p.end - 1 + d)).filter((l) => l >= 0 && l < count);
    if (near.some((l) => (l < seam.start || l >= seam.end) && kinds[l] !== LineKind.Content)) return false;
    const own = meanColour(lines, p.start, p.end);
    // Near (2–4 lines) and FAR_SHIFT further: a seam split by a badge or by JPEG into runs of a few
    // lines has its own other runs 2–4 lines beyond, but a panel FAR_SHIFT lines beyond.
    for (const shift of far ? [0, FAR_SHIFT] : [0]) {
      const at = side === 'before' ? p.start - shift : p.end - 1 + shift;
      const probes = PROBE.map((d) => (side === 'before' ? at - d : at + d)).filter((l) => l >= 0 && l < count);
      if (probes.length === 0) return false;
      const beside = probeLines(raster, region, axis, probes, own);
      if (beside.share < GAP_BACKGROUND_SHARE) return false;
      if (shift === 0 && !own.every((c, k) => Math.abs(c - beside.mean[k]!) <= FADE_DISTANCE)) return false;
      if (far && shift === 0 && beside.deviation < SAME_DEVIATION) return false;
    }
    return true;
  };
  while (pieces.length > 1) {
    if (fades(pieces[0]!, 'before', false)) pieces.shift();
    else if (fades(pieces[pieces.length - 1]!, 'after', false)) pieces.pop();
    else break;
  }
  const kept = { start: pieces[0]!.start, end: pieces[pieces.length - 1]!.end };
  return { kept, fades: fades(kept, 'before', true) || fades(kept, 'after', true) };
}

/**
 * Largest difference in width (lines), and per channel in the mean colour of each end of the
 * middle line, between a shaded band that fades into a light panel and a seam of the same axis
 * that vouches for it. A gradient seam beside a white page or a pale photo edge (a 240 seam
 * beside a table on ~250 white, red-team batch A gradient-03 and -05) "fades" into it — the page
 * is within FADE_DISTANCE of the seam's mean and deviates from it by more than SAME_DEVIATION,
 * because the seam shades and the page does not — while its other seams, beside darker photos,
 * stand. One collage's seams have one width and one shading: measured on those pictures, the
 * rejected seams and the kept ones 0–1 lines apart in width and 0–4 levels apart at either end
 * (JPEG q46–q49). A photo's own band shading exactly as a seam does, to the same width, is what a
 * seam is.
 */
const TWIN_WIDTH = 2;
const TWIN_COLOUR = 10;
/**
 * For each band of `faded` (seams that fade into a light panel, see `seamAndFade`), the band or
 * its one-colour piece (PIECE_AGREEMENT) vouched for by a twin among `seams` (the axis's seams
 * that stand), or null: both *shade* along their length (their middle
 * lines' ends SHADE_MIN apart, a separator painted as a gradient) and are alike within TWIN_WIDTH
 * and TWIN_COLOUR. A plain seam vouches for nothing: a white band inside a page beside a white seam
 * is that page's own gap.
 */
export function shadedTwins(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', lines: LineStats, faded: readonly Interval[], seams: readonly Interval[]): (Interval | null)[] {
  const ends = (b: Interval): number[] | null => {
    const [head, tail] = lineEnds(raster, region, axis, b.start + ((b.end - b.start) >> 1));
    if (!head.some((v, c) => Math.abs(v - tail[c]!) >= SHADE_MIN)) return null;
    return [...head, ...tail];
  };
  const twins = seams.map((s) => ({ s, p: ends(s) })).filter((t) => t.p !== null);
  if (twins.length === 0) return faded.map(() => null);
  const vouched = (b: Interval): boolean => {
    const p = ends(b);
    return p !== null && twins.some((t) => Math.abs(t.s.end - t.s.start - (b.end - b.start)) <= TWIN_WIDTH && t.p!.every((v, i) => Math.abs(v - p[i]!) <= TWIN_COLOUR));
  };
  // The band, or one of its one-colour pieces: a band that holds a photo's white top beside the
  // seam is wider than its twin, while its seam piece is the twin's width (independent seed 1107
  // gradient-03: 12 lines of seam at 238 and 7 of the photo's 252–255, twins 11–12 wide).
  return faded.map((b) => (vouched(b) ? b : (oneColourPieces(lines, b, PIECE_AGREEMENT).find((q) => q.end - q.start < b.end - b.start && vouched(q)) ?? null)));
}

/** Pixels read per probed line at most: a share and a mean, not a line rule (see `probeLines`). */
const PROBE_SAMPLES = 512;

/**
 * What the lines `indices` of `region` (relative, all in range) show next to a band of `colour`,
 * composited over white: the share of their pixels within GAP_COLOUR_TOLERANCE of it, their mean
 * colour, and the mean distance (largest channel) of the matching pixels to it — ~0 for a page
 * whose background is the band's very colour, several levels for a sky or a photo's band shading
 * away from it. Read at most PROBE_SAMPLES pixels per line, evenly spaced: these estimates can only
 * *drop* a seam, never make a cut, and every pixel of a 4000 px line cost a big grid ~15 % of its
 * planning time (measured with bench/separators-speed.ts). A share below GAP_BACKGROUND_SHARE is
 * returned (as 0, mean and deviation unset) as soon as it is certain: the caller reads no more.
 */
function probeLines(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', indices: readonly number[], colour: readonly number[]): { share: number; mean: number[]; deviation: number } {
  const d = raster.data;
  const length = axis === 'horizontal' ? region.height : region.width;
  const stride = Math.max(1, Math.floor(length / PROBE_SAMPLES));
  const step = (axis === 'horizontal' ? raster.width * 4 : 4) * stride;
  // Channels in locals, not arrays: this loop is most of the rule's cost on small collages.
  const k0 = colour[0]!;
  const k1 = colour[1]!;
  const k2 = colour[2]!;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let n = 0;
  let matched = 0;
  let deviation = 0;
  // The caller drops the band as soon as the share is below GAP_BACKGROUND_SHARE, which is
  // certain once more pixels missed than the share allows: then nothing more is read (a photo
  // beside a seam is decided within its first pixels; measured: 4×4 photo grid, pixels read
  // here 92 325 → see the commit).
  const perLine = Math.ceil(length / stride);
  const total = indices.length * perLine;
  let need = Math.max(0, Math.floor(GAP_BACKGROUND_SHARE * total) - 1);
  while (need < total && need / total < GAP_BACKGROUND_SHARE) need++;
  let spare = total - need;
  for (const line of indices) {
    let p = axis === 'horizontal' ? (region.y * raster.width + region.x + line) * 4 : ((region.y + line) * raster.width + region.x) * 4;
    for (let i = 0; i < length; i += stride, p += step) {
      const a = d[p + 3]!;
      const v0 = a === 255 ? d[p]! : overWhite(d[p]!, a);
      const v1 = a === 255 ? d[p + 1]! : overWhite(d[p + 1]!, a);
      const v2 = a === 255 ? d[p + 2]! : overWhite(d[p + 2]!, a);
      s0 += v0;
      s1 += v1;
      s2 += v2;
      const e0 = v0 > k0 ? v0 - k0 : k0 - v0;
      const e1 = v1 > k1 ? v1 - k1 : k1 - v1;
      const e2 = v2 > k2 ? v2 - k2 : k2 - v2;
      const worst = e0 > e1 ? (e0 > e2 ? e0 : e2) : e1 > e2 ? e1 : e2;
      n++;
      if (worst <= GAP_COLOUR_TOLERANCE) {
        matched++;
        deviation += worst;
      } else if (--spare < 0) return { share: 0, mean: [0, 0, 0], deviation: 0 };
    }
  }
  const count = Math.max(1, n);
  return { share: n === 0 ? 0 : matched / n, mean: [s0 / count, s1 / count, s2 / count], deviation: matched === 0 ? 0 : deviation / matched };
}

/**
 * Whether `seams` (two or more, line indices relative to `region`) are all one painted gradient:
 * each middle line shades evenly along its length (`shadesEvenly`, its ends SHADE_MIN apart), and
 * they agree within TWIN_WIDTH in width and TWIN_COLOUR at either end. Evidence that their colour is
 * the canvas between pictures, as two solid panels are (captions.ts, `trusted`): a photo's own
 * bands do not repeat one shading between its parts. Measured on independent seed 7301 gradient-03
 * (1×4, three pale sweater photos and a pattern, JPEG q93): seams of 5, 5 and 6 rows shading
 * 227→250 read within 2 of each other at both ends; with one solid panel only, every seam was
 * dropped beside the pale photos by the trust rule and the collage refused.
 */
export function shadingTwins(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', lines: LineStats, seams: readonly Interval[]): boolean {
  if (seams.length < 2) return false;
  const width = seams[0]!.end - seams[0]!.start;
  const mids = seams.map((s) => s.start + ((s.end - s.start) >> 1));
  // Cheapest first, from the line statistics alone: one width, and a spread a shading can have
  // (a plain seam, the common case, reads no pixel here).
  if (seams.some((s) => Math.abs(s.end - s.start - width) > TWIN_WIDTH)) return false;
  return shadingAs(raster, region, axis, lines, mids, undefined) && mids.every((mid) => shadesEvenly(raster, region, axis, mid));
}

/**
 * The ends (first and last eighth, `lineEnds`) of the axis's two margins' middle lines, when both
 * margins ([0, contentStart) and [contentEnd, count), relative to `region`, each wider than a
 * blend) shade evenly (`shadesEvenly`, ends SHADE_MIN apart) and alike within TWIN_COLOUR: a
 * canvas painted as a gradient, which shades its seams as it shades its margins. Else null.
 */
export function marginShading(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', lines: LineStats, contentStart: number, contentEnd: number): number[] | null {
  if (contentStart <= BLEND_LINES || lines.count - contentEnd <= BLEND_LINES) return null;
  const mids = [contentStart >> 1, contentEnd + ((lines.count - contentEnd) >> 1)];
  return shadingAs(raster, region, axis, lines, mids, undefined) && mids.every((m) => shadesEvenly(raster, region, axis, m)) ? [...lineEnds(raster, region, axis, mids[0]!)].flat() : null;
}

/** Whether each of `mids` shades (ends SHADE_MIN apart) with ends within TWIN_COLOUR of `ends` (of the first line when undefined); from the line statistics first. */
function shadingAs(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', lines: LineStats, mids: readonly number[], ends: readonly number[] | undefined): boolean {
  // A plain line cannot shade: the line statistics tell before any pixel is read.
  if (mids.some((m) => [0, 1, 2].every((c) => lines.max[m * 3 + c]! - lines.min[m * 3 + c]! < SHADE_MIN))) return false;
  let first = ends;
  for (const mid of mids) {
    const [head, tail] = lineEnds(raster, region, axis, mid);
    if (!head.some((v, c) => Math.abs(v - tail[c]!) >= SHADE_MIN)) return false;
    const own = [...head, ...tail];
    first ??= own;
    if (!own.every((v, i) => Math.abs(v - first![i]!) <= TWIN_COLOUR)) return false;
  }
  return true;
}

/**
 * The longest stretch of `seam`, wider than a blend, whose lines shade as the margins do (`ends`,
 * see `marginShading`), one of them evenly; or null. A gradient seam beside a white page
 * fades into it (`seamAndFade`) and has no twin when it is the axis's only seam, but the canvas's
 * margins vouch for it as a twin would (independent seed 9302 gradient-05, JPEG q67: two photos
 * stacked, one 13 px seam 952–965 shading 227→249 along x, its margins alike within 0; the rows
 * 952–959 faded into the white photo above, the 5 rows tinted by the teal photo below were left,
 * then dropped by the trust rule, and the collage refused).
 */
export function shadedAsMargins(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', lines: LineStats, seam: Interval, ends: readonly number[]): Interval | null {
  let best: Interval | null = null;
  // Each line asked once; a stretch ends at the first line that does not shade so, or at the seam's end.
  let start = -1;
  for (let i = seam.start; i <= seam.end; i++) {
    const shades = i < seam.end && shadingAs(raster, region, axis, lines, [i], ends);
    if (shades && start < 0) start = i;
    else if (!shades && start >= 0) {
      if (best === null || i - start > best.end - best.start) best = { start, end: i };
      start = -1;
    }
  }
  if (best === null || best.end - best.start <= BLEND_LINES) return null;
  // One line of it shading evenly at least: heavy JPEG's noise breaks the evenness of most (seed
  // 9304 gradient-05, q32: 2 of the seam's 7 columns read even, all 7 within 4 of the margins' ends).
  for (let i = best.start; i < best.end; i++) if (shadesEvenly(raster, region, axis, i)) return best;
  return null;
}

/**
 * Whether the axis's seams (one or more, relative to `region`) shade as its two margins do (`ends`,
 * see `marginShading`): each holds a stretch that does (`shadedAsMargins`). Evidence that the colour is the canvas between pictures, as `shadingTwins` is for two
 * seams or more: a photo's sky band shades its own way, not as the picture's border does at both
 * ends, and a lone seam has no twin (independent seed 9302 gradient-05: its one seam, once found
 * whole, was dropped beside the pale photos by the trust rule).
 */
export function shadingMargins(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', lines: LineStats, seams: readonly Interval[], ends: readonly number[] | null): boolean {
  if (seams.length === 0 || ends === null) return false;
  // The stretch that shades, not the middle line: a seam's run may hold a JPEG blend line or two
  // (seed 9304 gradient-05: columns 441–447 shade as the margins, 449 is blended with a photo).
  return seams.every((s) => shadedAsMargins(raster, region, axis, lines, s, ends) !== null);
}

/**
 * The stretch of `band` (a run that fades into a pale panel beside it, relative to `region`) that
 * shades as one of `seams` (the axis's seams that stand) does, line by line (`shadedAsMargins`
 * with that seam's middle line's ends), when it is as wide as that seam within TWIN_WIDTH; else
 * null. A gradient seam beside a photo's pale edge of nearly its colour reads as one band with
 * that edge, wider than its twins, so `shadedTwins` finds no twin for it, and its one-colour
 * pieces do not part the seam from the edge (both within PIECE_AGREEMENT); but the edge's lines
 * do not shade as the seam's do. Measured on independent seed 26005 gradient-10 (5x1, JPEG q45,
 * 10 px seams 234→252): columns 396–409 faded into the photo's 238 edge; 396–405 shade as the
 * three seams that stand (ends within 4 of theirs), 406–409 do not shade (ends 3–7 apart), and the
 * collage came out 4 parts.
 */
export function shadedStretch(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', lines: LineStats, band: Interval, seams: readonly Interval[]): Interval | null {
  for (const s of seams) {
    const [head, tail] = lineEnds(raster, region, axis, s.start + ((s.end - s.start) >> 1));
    if (!head.some((v, c) => Math.abs(v - tail[c]!) >= SHADE_MIN)) continue;
    const stretch = shadedAsMargins(raster, region, axis, lines, band, [...head, ...tail]);
    if (stretch && Math.abs(stretch.end - stretch.start - (s.end - s.start)) <= TWIN_WIDTH) return stretch;
  }
  return null;
}
