/**
 * A separator belongs to the collage, not to a panel: the separators and margins of one collage
 * share one background colour (the colour the organiser filled the canvas with before pasting the
 * panels). A run of plain lines of another colour is the plain edge of a panel — a flag, an icon on
 * a solid background, a rebus — and is content: never a margin, never part of a cut.
 *
 * The colour is found from the collage itself: every seam a first pass finds on both axes casts a
 * ballot (`ballotOfRun`), the ballots are grouped by colour, and the colour on the most ballots
 * wins. On a tie the narrower group wins: a panel's plain edge is wider than the bare gap beside it
 * (the demo collage: a 10 px white seam against 48 px of green panel edge), and among thin
 * ballots a saturated colour wins over a dull one (`saturatedOfTie`).
 *
 * A band of a photo or a diagram (a flat sky, a background) can outvote the seams: when the vote
 * is for a coloured canvas and another colour is on the ballots, a piece that continues into the
 * picture beyond its run, or shades on into its run, does not count against the seams
 * (`ownSeamsOf`).
 *
 * A seam's ballot is the one-colour pieces of its run of plain lines, so a run that holds a flat
 * panel's edge as well as the gap still names the gap's colour. When a run shows three or more
 * colours (panel edge | gap | panel edge), only its inner pieces vote: the canvas lies between the
 * two panels, their edges at the ends. Measured on the unseen batch (seed 4), a strip of three
 * flat panels with plain edges on both sides of both gaps: voting with one colour per seam (its
 * middle line) gave white for one seam and the orange panel's edge for the other, the narrower
 * orange won the tie and both cuts went through the orange panel; with the inner pieces, both seams
 * vote white. A piece of one or two lines whose colour lies between its neighbours' (within
 * BLEND_SLACK per channel) is JPEG's blend of the two, not a colour of its own, and does not vote.
 */
import type { Box, Raster } from '../raster.js';
import { overWhite } from './line-stats.js';
import type { Separator } from './strips.js';

export type Rgb = [number, number, number];

/**
 * Per-channel distance within which two seam colours are the same collage colour. Measured: JPEG
 * q50 shifts the mean of a 2 px white seam by up to ~25 (its edge lines blend with the panels);
 * a gradient seam shading 230→250 along its length has one mean (240) on every line. 40 keeps a
 * margin over both while white (255) and light grey (200) or black and dark grey (60) stay apart.
 */
export const COLLAGE_COLOUR_TOLERANCE = 40;

/**
 * True when `a` and `b` are the same collage colour.
 *
 * @example
 * ```ts
 * sameColour([255, 255, 255], [236, 240, 238]); // true
 * ```
 */
export function sameColour(a: readonly number[], b: readonly number[], tolerance = COLLAGE_COLOUR_TOLERANCE): boolean {
  return Math.abs(a[0]! - b[0]!) <= tolerance && Math.abs(a[1]! - b[1]!) <= tolerance && Math.abs(a[2]! - b[2]!) <= tolerance;
}

/**
 * Largest luma difference (BT.601, the Y JPEG stores at full resolution) between two colours of one
 * thin seam under 4:2:0 chroma. JPEG keeps a 1–3 px seam's luma but averages its chroma with the
 * panel beside it over each 2×2 block, so the seam's colour drifts along it and differs from line
 * to line. Measured on the heavy collages of seeds 701–708 and the committed batches (184 lines
 * of red, blue, yellow and green seams, q25–40, some saved twice): the mean of each seam line is
 * within 7 of the painted colour's luma, while its chroma is up to 86 off (119 lines of white,
 * black and grey seams: luma within 17, white's edge lines clip, and those match per channel);
 * a 3 px red seam's edge line read (149,55,47) beside its middle line's (210,23,42): luma 82 and
 * 81, 61 apart in red.
 */
export const SEAM_LUMA_TOLERANCE = 12;
/**
 * Largest chroma difference (Cb or Cr) between two colours of one thin seam, with their lumas
 * within SEAM_LUMA_TOLERANCE: half a 2×2 block's chroma is the panel's. Measured: neighbouring
 * lines of one seam 44 apart (the red edge line above, a yellow seam's 44 in Cb), a yellow seam's
 * middle line 30 from the collage colour voted by its other seams; a light grey photo line of
 * the same luma as a yellow seam is ~92 from it in Cb.
 */
export const SEAM_CHROMA_TOLERANCE = 48;

/**
 * Widest seam (lines) whose colour 4:2:0 chroma can shift as a whole: JPEG averages chroma over
 * 2×2 blocks, so a seam of 1–3 px has no line whose chroma block is its own alone (the 1–3 px
 * seams of the heavy-JPEG collages); a wider seam keeps its middle lines' colour.
 */
export const THIN_SEAM = 3;

/**
 * BT.601 luma of one colour, as JPEG computes it: what a thin seam keeps when 4:2:0 smears its
 * chroma (`damaged-seams.ts`, `grid-completion.ts`).
 *
 * @example
 * ```ts
 * luma(255, 0, 0); // 76.245
 * ```
 */
export function luma(r: number, g: number, b: number): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/**
 * Chroma (Cb, Cr magnitude, BT.601) of `c`: 0 on white, black and grey.
 *
 * @example
 * ```ts
 * chromaOf([255, 255, 255]); // 0
 * chromaOf([220, 30, 40]);   // ≈ 98
 * ```
 */
export function chromaOf(c: ArrayLike<number>): number {
  return Math.hypot(cb(c[0]!, c[1]!, c[2]!), cr(c[0]!, c[1]!, c[2]!));
}

/**
 * BT.601 blue-difference chroma of one colour, as JPEG computes it, without JPEG's +128 offset
 * (0 on white, black and grey).
 *
 * @example
 * ```ts
 * cb(0, 0, 255); // 127.5
 * ```
 */
export function cb(r: number, g: number, b: number): number {
  return -0.168736 * r - 0.331264 * g + 0.5 * b;
}

/**
 * BT.601 red-difference chroma of one colour, as `cb` (0 on white, black and grey).
 *
 * @example
 * ```ts
 * cr(255, 0, 0); // 127.5
 * ```
 */
export function cr(r: number, g: number, b: number): number {
  return 0.5 * r - 0.418688 * g - 0.081312 * b;
}

/** BT.601 luma and chroma of `c`, as JPEG computes them. */
function ycc(c: readonly number[]): [number, number, number] {
  const r = c[0]!, g = c[1]!, b = c[2]!;
  return [luma(r, g, b), cb(r, g, b), cr(r, g, b)];
}

/**
 * True when `a` and `b` can be one thin seam under 4:2:0 chroma: the same colour within
 * `tolerance` per channel, or lumas within SEAM_LUMA_TOLERANCE and chroma within
 * SEAM_CHROMA_TOLERANCE (see there).
 *
 * @example
 * ```ts
 * sameSeamColour([149, 55, 47], [210, 23, 42], 48); // true: luma 82 and 81
 * sameSeamColour([206, 206, 206], [228, 227, 44], 40); // false: grey is no yellow
 * ```
 */
export function sameSeamColour(a: readonly number[], b: readonly number[], tolerance = COLLAGE_COLOUR_TOLERANCE): boolean {
  if (sameColour(a, b, tolerance)) return true;
  const p = ycc(a);
  const q = ycc(b);
  return Math.abs(p[0] - q[0]) <= SEAM_LUMA_TOLERANCE && Math.abs(p[1] - q[1]) <= SEAM_CHROMA_TOLERANCE && Math.abs(p[2] - q[2]) <= SEAM_CHROMA_TOLERANCE;
}

/**
 * The collage colour voted by `separators` (see the module comment), or undefined when there are none.
 *
 * @example
 * ```ts
 * collageColour([{ start: 200, end: 210, colour: [255, 255, 255] }, { start: 410, end: 420, colour: [250, 252, 251] }]); // [253, 254, 253]
 * ```
 */
export function collageColour(separators: readonly Separator[]): Rgb | undefined {
  let best: { count: number; width: number; sum: Rgb } | undefined;
  for (const seed of separators) {
    const group = separators.filter((s) => sameColour(s.colour, seed.colour));
    const width = group.reduce((a, s) => a + s.end - s.start, 0);
    if (best && (group.length < best.count || (group.length === best.count && width >= best.width))) continue;
    const sum: Rgb = [0, 0, 0];
    for (const s of group) for (let c = 0; c < 3; c++) sum[c] += s.colour[c]! * (s.end - s.start);
    best = { count: group.length, width, sum };
  }
  if (!best) return undefined;
  const { sum, width } = best;
  return [Math.round(sum[0] / width), Math.round(sum[1] / width), Math.round(sum[2] / width)];
}

/** Widest piece of a run that may be a blend of its neighbours: JPEG smears an edge over 1–2 lines. */
export const BLEND_LINES = 2;
/** How far outside its neighbours' range a blended line's mean may fall: JPEG's overshoot, ~5 levels at q75. */
const BLEND_SLACK = 8;

/**
 * Whether `colour` lies on the way from `a` to `b` (within BLEND_SLACK a channel, overshoot
 * included), as a line JPEG smeared between two pieces does. On the way, not merely inside the box
 * the two span: a 2 px black seam between a dark blue and a dark green panel is inside their box
 * (every channel between 0 and 81) but 57 levels from any mix of them, and must keep its vote.
 */
function isBlendOf(colour: Rgb, a: Rgb, b: Rgb): boolean {
  return distanceToBlend(colour, a, b) <= Math.sqrt(3) * BLEND_SLACK;
}

/**
 * Euclidean distance from `c` to the nearest colour on the straight line from `a` to `b`: how far
 * a line is from being a JPEG blend of its two neighbours.
 *
 * @example
 * ```ts
 * distanceToBlend([0, 0, 0], [0, 0, 81], [0, 81, 0]); // ≈ 57: black is no mix of dark blue and green
 * ```
 */
export function distanceToBlend(c: Rgb, a: Rgb, b: Rgb): number {
  const d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  const len = d[0]! * d[0]! + d[1]! * d[1]! + d[2]! * d[2]!;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, (v[0]! * d[0]! + v[1]! * d[1]! + v[2]! * d[2]!) / len));
  return Math.hypot(v[0]! - t * d[0]!, v[1]! - t * d[1]!, v[2]! - t * d[2]!);
}

/**
 * The pieces of a seam's run that vote for the collage colour (see the module comment): blends
 * dropped, and with three or more pieces left only the inner ones. `pieces` are the run's
 * one-colour pieces in order; `seam` the part of the run kept as the seam (padding excluded).
 *
 * @example
 * ```ts
 * // green panel edge | white gap | orange panel edge: the gap votes
 * ballotOfRun([{ start: 0, end: 48, colour: [40, 160, 60] }, { start: 48, end: 58, colour: [255, 255, 255] }, { start: 58, end: 90, colour: [230, 120, 40] }], { start: 0, end: 90 });
 * // [{ start: 48, end: 58, colour: [255, 255, 255] }]
 * ```
 */
export function ballotOfRun(pieces: readonly Separator[], seam: { start: number; end: number }): Separator[] {
  const solid = pieces.filter((p, i) => {
    if (p.end - p.start > BLEND_LINES || i === 0 || i === pieces.length - 1) return true;
    return !isBlendOf(p.colour, pieces[i - 1]!.colour, pieces[i + 1]!.colour);
  });
  const inner = solid.length >= 3 ? solid.slice(1, -1) : solid;
  // Inner pieces next to a panel edge that are only 1–2 lines thick are the edge's JPEG transition
  // (overshoot keeps some outside the blend range), unless nothing thicker is left.
  if (solid.length >= 3) {
    while (inner.length > 1 && inner[0]!.end - inner[0]!.start <= BLEND_LINES) inner.shift();
    while (inner.length > 1 && inner[inner.length - 1]!.end - inner[inner.length - 1]!.start <= BLEND_LINES) inner.pop();
  }
  const kept = inner.filter((p) => p.start < seam.end && seam.start < p.end);
  // The run's pieces ride along for ownSeamsOf, read only when the vote is contested; not
  // enumerable, so a ballot still equals its pieces.
  return Object.defineProperty(kept.length > 0 ? kept : inner, 'pieces', { value: pieces, enumerable: false });
}

/** A seam's ballot: the pieces that vote, and (from `ballotOfRun`) all the one-colour pieces of its run. */
export type Ballot = readonly Separator[] & { pieces?: readonly Separator[] };

/** The run a ballot was cast from: its pieces' extent (the ballot's own without them). */
export function runOfBallot(ballot: Ballot): { start: number; end: number } {
  const all = ballot.pieces ?? ballot;
  return { start: all[0]!.start, end: all[all.length - 1]!.end };
}

/** Whether `piece` of `ballot` shades on into a piece of its run beside it that does not vote (see ownSeamsOf). */
function shadesOn(ballot: Ballot, piece: Separator): boolean {
  return (ballot.pieces ?? []).some((q) => (q.end === piece.start || q.start === piece.end) && !ballot.includes(q) && q.end - q.start > BLEND_LINES && sameColour(q.colour, piece.colour));
}

/**
 * Whether the line just beyond a ballot's run (`side` -1: before it, 1: after it) continues the
 * piece's colour: CONTINUES_SHARE of its pixels within CONTINUES_TOLERANCE of `colour`. Asked by
 * `collageColourOfBallots` (`ballot` is its index in the ballots).
 */
export type ContinuesInto = (ballot: number, side: -1 | 1, colour: Rgb) => boolean;

/**
 * The collage colour voted by the ballots of the seams (see the module comment): the colour on the
 * most ballots, ties to the narrower; undefined when there are none.
 *
 * @example
 * ```ts
 * collageColourOfBallots([[{ start: 48, end: 58, colour: [255, 255, 255] }], [{ start: 258, end: 268, colour: [252, 252, 252] }]]); // [254, 254, 254]
 * ```
 */
export function collageColourOfBallots(ballots: readonly Ballot[], continues?: ContinuesInto): Rgb | undefined {
  type Group = { count: number; width: number; sum: Rgb; thin: boolean };
  let best: Group | undefined;
  const groups: Group[] = [];
  for (const seed of ballots.flat()) {
    let count = 0;
    let width = 0;
    let thin = true;
    const sum: Rgb = [0, 0, 0];
    for (const ballot of ballots) {
      const same = ballot.filter((s) => sameColour(s.colour, seed.colour));
      if (same.length === 0) continue;
      count++;
      for (const s of same) {
        width += s.end - s.start;
        if (s.end - s.start > THIN_SEAM) thin = false;
        for (let c = 0; c < 3; c++) sum[c] += s.colour[c]! * (s.end - s.start);
      }
    }
    groups.push({ count, width, sum, thin });
    if (best && (count < best.count || (count === best.count && width >= best.width))) continue;
    best = { count, width, sum, thin };
  }
  if (!best) return undefined;
  const mean = (g: Group): Rgb => [Math.round(g.sum[0] / g.width), Math.round(g.sum[1] / g.width), Math.round(g.sum[2] / g.width)];
  const saturated = saturatedOfTie(groups, best, mean);
  if (saturated) return mean(saturated);
  // Only a contested vote for a coloured canvas reads pixels (see ownSeamsOf). A white, black or
  // grey vote stands: caption bands continue such a canvas by design (the lines beyond white seams
  // beside captions read 0.93–0.98), and on the 110 tuning batches overriding it added 5 cuts
  // (seeds 4103, 4107, 4112, 4121, 4215); so does a saturated tie (a 1 px red seam's JPEG-smeared
  // next line read 0.79: seed 4014 heavy-02 was cut).
  if (continues === undefined || chromaOf(mean(best)) < NEUTRAL_CHROMA || groups.every((g) => sameColour(mean(g), mean(best)))) return mean(best);
  return mean(ownSeamsOf(ballots, groups, best, mean, continues) ?? best);
}

/**
 * Share of the line beyond a seam's run in the piece's colour from which the piece is a band of
 * the picture beside it (a photo's flat sky, a diagram's background), not the canvas between two
 * panels. Measured within CONTINUES_TOLERANCE on seeds 4200 mix-03 and 4304 flat-07: the lines
 * beyond the bands 0.92–1.00 (a teal sky above a tree, a diagram's wine background), beyond the
 * true seams beside photos 0.00–0.20 (a 15 px cream seam's light photo edge the most); one wine
 * band above a diagram's marks read 0.46 and still counts.
 */
const CONTINUES_SHARE = 0.5;
/**
 * Per-channel distance within which a pixel beyond a run continues its colour: a band's JPEG edge
 * drifts from its mean (a 4 px wine piece read 97,16,63 against its panel's 105,14,57 and matched
 * no pixel of the panel within 12, all within 20).
 */
export const CONTINUES_TOLERANCE = 20;

/**
 * The group that more ballots vote for with a piece of the canvas's own, or null to keep `voted`.
 * A collage's seam has a panel on each side, so the line beyond its run is another picture; a
 * photo's flat sky or a diagram's background, long enough to be a run of plain lines, continues
 * into the rest of that picture (CONTINUES_SHARE), or shades on into a piece of the same colour
 * beside it in the run (a sky's gradient: pieces 132,178,232 | 159,201,241). Measured: tuning
 * pictures cut or missed because such bands outvoted or tied the true seams — a 14-row teal sky
 * won the narrower-first tie against a 15 px cream seam (seed 4200 mix-03), three wine bands of
 * one diagram outvoted two blue seams (4304 flat-07), three photos' shaded skies two white seams
 * (4104 badge-03). Only the first piece of a ballot is checked before the run and the last after
 * it: inner pieces lie between other pieces of the run. Only a strictly larger count of such
 * ballots overrides the vote. On 110 batches (the committed four, seeds 4000–4355 and 4600–4650):
 * 6264 → 6273 of 6836 exact, pictures with a cut 60 → 55, none new.
 */
function ownSeamsOf<G extends { count: number; width: number }>(ballots: readonly Ballot[], groups: readonly G[], voted: G, mean: (g: G) => Rgb, continues: ContinuesInto): G | null {
  const stops = (b: number, colour: Rgb): boolean => {
    const ballot = ballots[b]!;
    return ballot.some((p, k) => sameColour(p.colour, colour) && !shadesOn(ballot, p) && !(k === 0 && continues(b, -1, p.colour)) && !(k === ballot.length - 1 && continues(b, 1, p.colour)));
  };
  const cache = new Map<G, number>();
  const clean = (g: G): number => {
    let n = cache.get(g);
    if (n === undefined) {
      const colour = mean(g);
      n = 0;
      for (let b = 0; b < ballots.length; b++) if (stops(b, colour)) n++;
      cache.set(g, n);
    }
    return n;
  };
  let top: G | null = null;
  for (const g of groups) {
    if (top === null || clean(g) > clean(top) || (clean(g) === clean(top) && (g.count > top.count || (g.count === top.count && g.width < top.width)))) top = g;
  }
  return top !== null && clean(top) > clean(voted) ? top : null;
}

/**
 * Whether line `line` of the whole picture across `axis` continues `colour` (CONTINUES_SHARE of
 * its pixels, composited over white, within CONTINUES_TOLERANCE): plan.ts's `ContinuesInto`.
 *
 * @example
 * ```ts
 * lineContinues(raster, 'vertical', 652, [0, 107, 108]); // true: a sky band's next row is sky
 * ```
 */
export function lineContinues(raster: Raster, axis: 'horizontal' | 'vertical', line: number, colour: Rgb): boolean {
  const lines = axis === 'horizontal' ? raster.width : raster.height;
  if (line < 0 || line >= lines) return false;
  const length = axis === 'horizontal' ? raster.height : raster.width;
  const step = axis === 'horizontal' ? raster.width * 4 : 4;
  const d = raster.data;
  let matched = 0;
  for (let t = 0, p = axis === 'horizontal' ? line * 4 : line * raster.width * 4; t < length; t++, p += step) {
    const a = d[p + 3]!;
    const r = a === 255 ? d[p]! : overWhite(d[p]!, a);
    const g = a === 255 ? d[p + 1]! : overWhite(d[p + 1]!, a);
    const b = a === 255 ? d[p + 2]! : overWhite(d[p + 2]!, a);
    if (Math.abs(r - colour[0]) <= CONTINUES_TOLERANCE && Math.abs(g - colour[1]) <= CONTINUES_TOLERANCE && Math.abs(b - colour[2]) <= CONTINUES_TOLERANCE) matched++;
  }
  return matched >= CONTINUES_SHARE * length;
}

/**
 * Chroma (Cb, Cr magnitude) from which a thin seam's colour is a painted saturated one:
 * measured on the heavy collages of independent seeds 4000–4013, the thin ballots of red and blue
 * seams (220,30,40; 0,0,255) read 52–108, photos' thin bands tied with them 13–26 (a dark brown,
 * two greens); white, black and grey seams ≈ 0.
 */
const SATURATED_CHROMA = 45;
/** How many times the chroma of every other tied group the saturated one must have (its nearest rival measured 26 against 52). */
const SATURATED_RATIO = 2;
/**
 * Chroma below which a tied group is a neutral seam (white, black, grey: measured ≤ 3.5 on the
 * heavy white and black ballots, e.g. (247,241,248)): then a saturated group is as likely a
 * photo's thin coloured line beside a neutral seam, and the tie keeps the narrower-first rule.
 */
const NEUTRAL_CHROMA = 8;

/**
 * Of the groups tied on the most ballots, all of thin pieces (THIN_SEAM lines or fewer), the one
 * whose colour is saturated (SATURATED_CHROMA, SATURATED_RATIO times any other's), or null: 4:2:0
 * smears a 1–3 px red or blue seam's chroma towards the panels, so a heavy collage with one
 * seam found per colour of it ties its seam with a photo's thin dark or green band, and the
 * narrower or first group won. Measured: independent seeds 4007 heavy-01, 4009 heavy-01 and the
 * committed ib-heavy-04 voted the band and cut at it (the seams of the true colour then dropped
 * as not the collage's). A tie with a white, black or grey group (NEUTRAL_CHROMA) keeps the
 * narrower-first rule, unless every rival has the saturated group's luma (one seam colour).
 */
function saturatedOfTie<G extends { count: number; thin: boolean; width: number }>(groups: readonly G[], best: G, mean: (g: G) => Rgb): G | null {
  const tied = groups.filter((g) => g.count === best.count);
  if (tied.length < 2 || !tied.every((g) => g.thin)) return null;
  const chroma = (g: G): number => chromaOf(mean(g));
  let top: G | null = null;
  for (const g of tied) if (top === null || chroma(g) > chroma(top)) top = g;
  if (top === null || chroma(top) < SATURATED_CHROMA) return null;
  const rivals = tied.filter((g) => !sameColour(mean(g), mean(top!)));
  if (rivals.length === 0) return null;
  // Rivals all at the saturated group's luma (SEAM_LUMA_TOLERANCE) are that seam seen through
  // 4:2:0, which keeps luma and smears or rings chroma: its chroma blended into a dark panel, or a
  // complementary lobe beside it. Independent seed 8200 heavy-01 (3 px red seams, q35): red
  // (225,12,18) chroma 110 tied with a teal lobe 4 px beside a seam (chroma 57, over half) and a
  // seam blended into a dark panel (chroma 9); lumas 76, 76, 74. The narrower won, and both red
  // seams dropped as not the collage colour. On the committed batches and 16 independent and 3
  // project batches (seeds 8200–8215, 8250–8252) it changed only that plan.
  const lumaOf = (g: G): number => ycc(mean(g))[0];
  if (rivals.every((g) => Math.abs(lumaOf(g) - lumaOf(top!)) <= SEAM_LUMA_TOLERANCE)) return top;
  if (rivals.some((g) => SATURATED_RATIO * chroma(g) > chroma(top!) || chroma(g) < NEUTRAL_CHROMA)) return null;
  return top;
}

/**
 * Largest share of a collage's content area (margins excluded) in the collage colour, within
 * FLAT_TOLERANCE (12: JPEG noise on a flat fill, not a photo's near-white). A collage is panels
 * pasted on a canvas, so the canvas shows only in seams, margins and caption bands; a picture that
 * is mostly its background is a page, a chart or a diagram drawn on it, and the gaps between its
 * marks (bars, letters of a title) are not seams. Measured (batches of seeds 1, 4, 201, 202 and
 * the fixtures): photo and flat collages 0.01–0.10, captioned photo collages up to 0.30, stacked
 * text screenshots on their own white up to 0.39; titled bar charts 0.47–0.75.
 */
export const CANVAS_SHARE_MAX = 0.43;
/**
 * …unless one of its strips is a solid panel, at most this share in the collage colour: a photo
 * stacked with a page of text is mostly white, but its photo is a panel. Measured: photo and flat
 * panels 0–0.1, photo columns with their caption band 0.25–0.40 (in collages far below 0.43
 * overall); the strips between a titled chart's bars 0.34–0.85.
 */
export const SOLID_PANEL_SHARE = 0.2;
/** Lattice points sampled for the share: ±1.5 % at 1024 points, inside the 0.39 … 0.47 gap. */
const CANVAS_SAMPLES = 1024;

/**
 * Share of `box` (sampled on a lattice) within `tolerance` of `colour`, pixels composited over
 * white like the line statistics. With `above`, counting stops once the share is sure to stay at
 * or below it (the answer is then a lower bound ≤ `above`): a photo collage is settled early.
 *
 * @example
 * ```ts
 * canvasShare(raster, { x: 0, y: 0, width: raster.width, height: raster.height }, [255, 255, 255], 12); // 0.07
 * ```
 */
export function canvasShare(raster: Raster, box: Box, colour: Rgb, tolerance: number, above?: number): number {
  if (box.width <= 0 || box.height <= 0) return 0;
  const step = Math.max(1, Math.floor(Math.sqrt((box.width * box.height) / CANVAS_SAMPLES)));
  const first = step >> 1;
  const total = Math.ceil((box.width - first) / step) * Math.ceil((box.height - first) / step);
  const maxMisses = above === undefined ? Infinity : (1 - above) * total;
  const d = raster.data;
  const [c0, c1, c2] = colour;
  let matched = 0;
  let misses = 0;
  for (let y = box.y + first; y < box.y + box.height; y += step) {
    for (let x = box.x + first; x < box.x + box.width; x += step) {
      const p = (y * raster.width + x) * 4;
      const a = d[p + 3]!;
      const r = a === 255 ? d[p]! : overWhite(d[p]!, a);
      const g = a === 255 ? d[p + 1]! : overWhite(d[p + 1]!, a);
      const b = a === 255 ? d[p + 2]! : overWhite(d[p + 2]!, a);
      if (Math.abs(r - c0) <= tolerance && Math.abs(g - c1) <= tolerance && Math.abs(b - c2) <= tolerance) matched++;
      else if (++misses > maxMisses) return matched / total;
    }
  }
  return total === 0 ? 0 : matched / total;
}
