/**
 * Collage separator detection and the split plan. A collage is several pictures pasted into one
 * file; its parts are found in the pixels (plain lines between panels), never guessed.
 *
 * Rules in brief (details next to each rule's code):
 * - a line is background when every pixel stays within 16 per channel (`classify.ts`, every pixel
 *   checked, plus a measured rescue for lossy ringing on thin seams);
 * - plain runs at the ends are margins and never cut; interior runs are separators, cut through the
 *   middle (`runs.ts`); beside a seam drawn exactly, a faint anti-aliased edge line is the panel's
 *   (`runs.ts`, antialiasedInk); gaps inside a screenshot panel and a panel's blank padding are not
 *   separators (`background-gap.ts`, `seams.ts`); in a lossless collage a seam lost among pale or
 *   dark photo edges is found as the exact twin of one that stands (`exact-twins.ts`);
 * - the separators and margins of one collage share one colour, voted by the one-colour pieces of
 *   every seam; plain lines of another colour are a panel's edge (`collage-colour.ts`);
 * - a picture mostly in that colour with no solid panel is a page or a chart drawn on it, refused
 *   rather than cut between its bars or letters (`collage-colour.ts`, CANVAS_SHARE_MAX);
 * - a seam crossed by a badge or worn by heavy JPEG is still a seam (`damaged-seams.ts`), but
 *   seams found only so must divide the picture about equally (DAMAGED_PAIR_RATIO,
 *   DAMAGED_STRIP_RATIO: a rink's rim crossed by a player's legs, or two palm trunks, are no seams),
 *   and so must a strip where some of its seams are such ones (MIXED_DAMAGED_RATIO), each worn seam
 *   as evenly as the plain ones (WORN_NEIGHBOUR_RATIO);
 * - a caption stays with its photo, and a sky or a page header is no panel (`captions.ts`);
 * - parts thinner than max(⌊side/50⌋, 8) fold into a neighbour; 2–8 parts in a strip (`segments.ts`);
 * - grids of rows and columns by recursive guillotine cuts, up to 16 panels when the cuts align, a
 *   whole-picture lattice of 3×3 or more taken as it is (`grid.ts`);
 *   blocks of unequal grids are planned again as pictures of their own, and split where their
 *   cuts have the seam colour and align with the other panels (`grid-completion.ts`), and a 3–4 ×
 *   3–4 photo grid whose thin seams only their luma shows is found as one lattice there too, and
 *   a strip's panels that are exactly two or more of the others long are cut at their seams;
 *   under heavy JPEG, where those seams lost their colour, by the found seams' luma or by their
 *   chroma ridge beside a dark panel (`worn-strip-completion.ts`);
 * - a part over 5 times as long as wide beside a part 4 times thicker (a title bar, a caption, a
 *   horizon band) is no panel: it joins the one part beside it, or the plan is refused (`narrow-parts.ts`);
 *   a two-part strip of parts over 4:1 is refused (`layout-checks.ts`);
 * - lines are read until proven content, never sampled (`line-stats.ts`, with measured throughput).
 */
import type { Box, Raster } from '../raster.js';
import { crop } from '../crop.js';
import { badgesExplain, cutsOf, eraseBadges, findBadges, type Badge, type Cut, type PlainBetween } from './badges.js';
import { damagedSearched } from './damaged-seams.js';
import { classifyLines, exactLines, LineKind, lineMean, meanColour } from './classify.js';
import { BLEND_LINES, canvasShare, CANVAS_SHARE_MAX, cb, collageColourOfBallots, cr, lineContinues, runOfBallot, sameColour, SOLID_PANEL_SHARE, type Ballot, type Rgb } from './collage-colour.js';
import { CAPTION_MIN_LINES, captionedCells, FLAT_TOLERANCE } from './captions.js';
import { detectGrid, gridShape, MAX_GRID_PANELS } from './grid.js';
import { completeGrid, completeGridCells, completeStrip, thinSeamLattice } from './grid-completion.js';
import { measureColumnsOnly, measureLines, measureRows, type LineStats, type OneAxisStats, type RegionStats } from './line-stats.js';
import { layoutRefusal } from './layout-checks.js';
import { completeMosaic } from './mosaic.js';
import { foldNarrowParts, isBand, NARROW_PART_ASPECT } from './narrow-parts.js';
import { huedMargins, votedCrossing, withVotedSeams } from './voted-seams.js';
import { crossingSeams } from './crossing-seams.js';
import { NARROW_RINGING_RUN } from './runs.js';
import { equalDivision, type Interval } from './segments.js';
import { horizonSeam, plainSkySeam, skyBandSeam } from './horizons.js';
import { evenEndMargins, evenStackedEndMargins } from './pale-ends.js';
import { isTightLine } from './occluded-seams.js';
import { strayStretchOf, withSeamsBesideStretches } from './pale-stretch.js';
import { withShadedSeams } from './shaded-seams.js';
import { completeWornStrip } from './worn-strip-completion.js';
import { crossRampSeams, loneRampSeams, mayRamp } from './lone-ramp-seams.js';
import { lineProfiles } from './line-profiles.js';
import { detectStrips, MAX_PARTS, stripBoxes, stripMemo, type Separator, type StripAxis, type StripDetection } from './strips.js';

/**
 * `horizontal`: panels side by side (cuts are vertical lines, the examined lines are columns);
 * `vertical`: panels stacked (the examined lines are rows); `grid`: rows and columns of panels.
 */
export type SplitAxis = 'horizontal' | 'vertical' | 'grid';

export interface SplitOptions {
  axis?: 'auto' | SplitAxis;
  /**
   * A request: used when detection yields exactly this many parts, else an even division into
   * strips. 2–8, or up to 16 for a grid that is detected with exactly that many panels.
   */
  parts?: number;
}

/** `reason`: one short sentence saying why this layout was chosen (shown by `encli image info`). */
export type SplitPlan =
  | { ok: true; axis: SplitAxis; method: 'detected' | 'equal'; parts: Box[]; reason: string }
  | { ok: false; reason: string };

/** Fewest parts a split returns: one part is the picture itself (view it instead). */
const MIN_PARTS = 2;

/**
 * Longest side searched for separators. Line statistics cost ~80 bytes per row and column, so a
 * 25-megapixel picture 1 px tall and 26 million px wide would need 2 GB of them; 65 536 px bounds
 * that at ~10 MB while covering any real collage (panoramas top out near 30 000 px). Longer sides
 * can still be divided evenly on request.
 */
export const MAX_DETECTION_SIDE = 65_536;

interface Candidate {
  axis: SplitAxis;
  parts: Box[];
  /** Rows × columns of a grid, seam colour and what the rules did, for the plan's reason. */
  why: string;
}

/**
 * Plans how to split a collage into its panels.
 *
 * - no `parts`: the detected panels (`method: "detected"`), or a refusal that says why;
 * - `parts: n` (2–8): the detected panels when detection gives exactly n, else the side divided
 *   evenly (`method: "equal"`, a cut may run through content);
 * - `axis: "auto"` (default) compares both strip axes and the grid: more parts win; a tie goes to
 *   the longer side (height > width → vertical); the grid wins only with more panels than strips.
 *
 * @example
 * ```ts
 * planSplit(raster);                                   // { ok: true, axis: 'horizontal', method: 'detected', parts: [...] }
 * planSplit(raster, { axis: 'vertical', parts: 3 });   // three stacked parts, detected or equal
 * ```
 */
export function planSplit(raster: Raster, options: SplitOptions = {}): SplitPlan {
  const plan = plannedSplit(raster, options);
  // What a refusal turned down is for the badge plans here, not for the caller.
  return plan.ok ? plan : { ok: false, reason: plan.reason };
}

/** `planSplit`'s plan, a refusal still carrying what it turned down (`Refusal`). */
function plannedSplit(raster: Raster, options: SplitOptions): Planned {
  const asIs = planIn(raster, options, true);
  // A stray stretch's or sky band's refusal still lets a plan with badges painted out add parts to
  // the plan it refused: a badge on a thin seam beside a pale photo edge or a sky merges them.
  const strayFound = !asIs.ok && asIs.turnedDown?.kind === 'stray' ? asIs.turnedDown.plan : undefined;
  const badgesOut = planWithoutBadges(raster, options, strayFound ?? asIs);
  // No seam of any colour found: a gradient canvas's seams may still show by their ramp (lone-ramp-seams.ts).
  const lines = badgesOut === null && !asIs.ok ? asIs.lines : undefined;
  const found = badgesOut ?? asIs;
  const plan = lines ? (rampPlan(raster, options, lines) ?? found) : found;
  // A request keeps its own rule (exactly n detected parts, else an even division).
  if (options.parts !== undefined) return plan;
  const layout = checkedLayout(plan);
  // A pale panel's blank edge taken for margin at one end of a side-by-side strip (pale-ends.ts).
  const checked = layout.ok && layout.method === 'detected' ? { ...layout, parts: evenEndMargins(layout.parts, raster.width) } : layout;
  if (checked.ok || !plan.ok || plan.method !== 'detected') return lastLooks(raster, checked);
  // A layout refused by its checks may be a framed collage whose frame and inner margin were
  // taken for parts (`framedAfterRefusal`).
  return lastLooks(raster, framedAfterRefusal(raster, options) ?? checked);
}

/**
 * The plan the lone ramp seams of a gradient canvas give (lone-ramp-seams.ts): a strip along the
 * one axis whose seams shade, split across by flat seams of the canvas's colour into a grid when
 * there are such; null when neither or both axes show ramp seams, the crossing seams cut unequal
 * parts, or a grid was asked for and a strip found. Asked only of a refusal that read both axes'
 * lines (`stats`), as with `axis` 'auto' or 'grid': with a strip axis asked for, the planner reads
 * that axis alone.
 */
function rampPlan(raster: Raster, options: SplitOptions, stats: RegionStats | OneAxisStats): SplitPlan | null {
  if (options.parts !== undefined || stats.columns === undefined || stats.rows === undefined) return null;
  const columns = lineProfiles(raster, 'horizontal', mayRamp(stats.columns));
  const rows = lineProfiles(raster, 'vertical', mayRamp(stats.rows));
  const h = loneRampSeams(columns);
  const v = loneRampSeams(rows);
  if ((h === null) === (v === null)) return null;
  const strip = (h ?? v)!;
  const across = crossRampSeams(h ? rows : columns, strip);
  if (across === null) return null;
  const xs = h ? strip.segments : across.length > 1 ? across : [{ start: 0, end: raster.width }];
  const ys = v ? strip.segments : across.length > 1 ? across : [{ start: 0, end: raster.height }];
  const parts = ys.flatMap((y) => xs.map((x) => ({ x: x.start, y: y.start, width: x.end - x.start, height: y.end - y.start })));
  const planAxis: 'grid' | StripAxis = across.length > 1 ? 'grid' : h ? 'horizontal' : 'vertical';
  if (options.axis === 'grid' && planAxis !== 'grid') return null;
  const seams = strip.segments.length - 1;
  const reason = `${strip.segments.length} panels ${h ? 'side by side' : 'stacked'}, cut through the middle of ${seams} seam${seams === 1 ? '' : 's'} shading evenly along ${seams === 1 ? 'its' : 'their'} length, found by that ramp alone${across.length > 1 ? `; ${across.length - 1} flat seam${across.length === 2 ? '' : 's'} of the canvas's colour across ${seams === 1 ? 'it' : 'them'}` : ''}`;
  return { ok: true, axis: planAxis, method: 'detected', parts, reason };
}

/**
 * A detected plan's cuts read once more in the picture: a gradient seam merged with a panel's
 * flat edge is cut at its shading lines (shaded-seams.ts).
 */
function lastLooks(raster: Raster, found: Planned): Planned {
  return found.ok && found.method === 'detected' ? withShadedCuts(raster, found) : found;
}

/** `plan` (detected) with its strip's cuts moved to a gradient seam's shading lines (`withShadedSeams`). */
function withShadedCuts(raster: Raster, plan: SplitPlan & { ok: true }): SplitPlan & { ok: true } {
  if (plan.axis === 'grid') return plan;
  const parts = withShadedSeams(raster, plan.axis, plan.parts);
  const moved = parts.filter((p, i) => p.x !== plan.parts[i]!.x || p.y !== plan.parts[i]!.y).length;
  if (moved === 0) return plan;
  return { ...plan, parts, reason: `${plan.reason}; ${moved} cut${moved === 1 ? '' : 's'} moved to the shading lines of a gradient seam beside a panel's flat edge` };
}

/**
 * The plan inside a frame round the whole picture (`insideFrame`, its sides found from the
 * picture's edges), for a picture whose detected layout the layout checks refused, when that plan
 * passes them. A frame with an inner margin of the seams' colour shows the seams' colour at both
 * ends of every line, so the plan may take the frame and margin for thin parts of their own, and
 * the narrow-band check refuses the layout (independent seed 12214 mix-07: 5x1 photos in a 6 px
 * pink frame with an 11 px green inner margin, JPEG q37, read as a grid of 7 with 910x12 and
 * 910x13 bands; inside the frame, 5 exact parts). On independent seeds 12201–12224 it changed
 * that plan only.
 */
function framedAfterRefusal(raster: Raster, options: SplitOptions): SplitPlan | undefined {
  const stats = measureLines(raster, { x: 0, y: 0, width: raster.width, height: raster.height });
  const framed = insideFrame(raster, stats, undefined, undefined, options.axis ?? 'auto');
  if (!framed?.ok) return undefined;
  const checked = checkedLayout(framed);
  return checked.ok ? checked : undefined;
}

/**
 * The plan of the picture with its numbered badges painted out (badges.ts), when it has badges,
 * that plan has more parts than the picture's own (`asIs`), and its every cut is one of the
 * picture's own or crosses a badge; else null.
 */
function planWithoutBadges(raster: Raster, options: SplitOptions, asIs: Planned): SplitPlan | null {
  if (options.parts !== undefined || !damagedSearched(raster)) return null;
  const all = findBadges(raster);
  const first = all.filter((b) => !b.second);
  // The badges found at first are painted out first; the ones found on a second look (cut off by
  // the edge, or fitted again to their rim) join them when that gives no plan, or to add parts
  // to the plan it gives (below). Measured on
  // independent seeds 12001–12016 (160 badge collages): painting all at once made 5 more exact
  // and lost 1 (a lossless 3×3 whose newly found badge left an overlapped one's remnant on the
  // seam, moving a cut 4 px), and committed independent-b badge-08 was cut through a panel; in
  // this order neither is touched, since their first plans stand.
  const firstPlan = first.length > 0 ? erasedPlan(raster, options, asIs, first) : null;
  if (!firstPlan) return all.length > first.length ? erasedPlan(raster, options, asIs, all, true) : null;
  // A plan the first badges give may still miss seams that badges of the second look hide (a
  // corner badge the edge cuts off, an overlapped one): with all painted out, a plan with more
  // parts stands when each of its cuts is the first plan's or passes within SECOND_LOOK_REACH of
  // a badge (badges.ts). Independent seeds 24000–24039 (400 badge collages): 1 more exact
  // (24006 badge-02, a 4×1 with corner badges at both ends of a seam: 2 → 4 parts), none lost, no
  // cut; validation seeds 24500–24519: 3 more exact; the 180 regression batches
  // (scratch-independent-20000…22519): 22 more exact, none lost, no cut added.
  return (all.length > first.length ? erasedPlan(raster, options, firstPlan, all, true) : null) ?? firstPlan;
}

function erasedPlan(raster: Raster, options: SplitOptions, asIs: Planned, badges: readonly Badge[], secondLook = false): SplitPlan | null {
  const clean = eraseBadges(raster, badges);
  const erased = planIn(clean, options, true);
  // Painting out only ever restores seams: a layout with no more parts than the picture's own
  // would just move boxes the picture already shows by the pixels the painting smeared.
  if (!erased.ok || (asIs.ok && erased.parts.length <= asIs.parts.length)) return null;
  const plainBetween: PlainBetween = (axis, start, end, from, to) => {
    const box = axis === 'x' ? { x: start, y: from, width: end - start, height: to - from } : { x: from, y: start, width: to - from, height: end - start };
    const lines = axis === 'x' ? measureColumnsOnly(raster, box).columns : measureRows(raster, box).rows;
    return classifyLines(lines).every((k) => k !== LineKind.Content);
  };
  // A strip refused for unequal parts still shows its seams (`TurnedDown`).
  const own = asIs.ok ? asIs.parts : asIs.turnedDown?.kind === 'unequal' ? asIs.turnedDown.parts : [];
  if (!badgesExplain(erased.parts, own, badges, secondLook, plainBetween)) return null;
  if (!sideSeamsShown(clean, erased.parts, own, badges)) return null;
  return { ...erased, reason: `${erased.reason} (with ${badges.length} numbered badge${badges.length === 1 ? '' : 's'} painted out)` };
}

/**
 * Whether each cut a plan with a badge `sideBadges` found (badges.ts) adds to `asIs` lies in a
 * run of plain lines (in the picture painted, `clean`) no wider than that badge's radius, or away
 * from the middle of a wider one (where the strip's seams narrowed it: `narrowPaddedSeams`). A
 * lone white seam under a white drawing's blank edge was one white run 30 px wide, cut at its
 * middle 4 px inside the drawing (independent seed 24025 badge-09, radius 22, refused without the
 * side badge). The 18 plans the side badges made exact over the 520 regression batches cut runs
 * of 0 to 11 px (at most 0.76 of the radius: 11 px under radius 14.4), or 42 and 88 px runs 17
 * and 43 px from their middle.
 */
function sideSeamsShown(clean: Raster, parts: readonly Box[], asIs: readonly Box[], badges: readonly Badge[]): boolean {
  const side = badges.filter((b) => b.side);
  if (side.length === 0) return true;
  const radius = Math.min(...side.map((b) => b.r));
  const own = cutsOf(asIs);
  return cutsOf(parts).every((cut) => {
    if (own.some((o) => o.axis === cut.axis && Math.abs(o.at - cut.at) <= SIDE_CUT_SLACK)) return true;
    const [lo, hi] = plainRun(clean, cut);
    return hi - lo <= radius || Math.abs(cut.at - (lo + hi) / 2) > SIDE_CUT_SLACK;
  });
}

/** Pixels a cut may lie from another (the picture's own) or from a run's middle and still be at it, as badgesExplain's CUT_SLACK. */
const SIDE_CUT_SLACK = 3;

/** The run of lines across `cut` (over its stretch) that are not content, around the cut. */
function plainRun(raster: Raster, cut: Cut): [number, number] {
  const full = cut.axis === 'x' ? { x: 0, y: cut.from, width: raster.width, height: cut.to - cut.from } : { x: cut.from, y: 0, width: cut.to - cut.from, height: raster.height };
  const kinds = classifyLines(cut.axis === 'x' ? measureColumnsOnly(raster, full).columns : measureRows(raster, full).rows);
  let lo = cut.at, hi = cut.at;
  while (lo > 0 && kinds[lo - 1] !== LineKind.Content) lo--;
  while (hi < kinds.length && kinds[hi] !== LineKind.Content) hi++;
  return [lo, hi];
}

/**
 * `plan` with its bands folded into the part beside each (narrow-parts.ts), or refused when a band
 * has no one part beside it or the layout left fails a check every collage's passes (layout-checks.ts).
 */
function checkedLayout(plan: SplitPlan): SplitPlan {
  if (!plan.ok || plan.method !== 'detected') return plan;
  const result = foldNarrowParts(plan.parts);
  let checked = plan;
  if (result === null) {
    const bands = plan.parts.filter((box) => isBand(box, plan.parts)).map(placed).join(', ');
    return { ok: false, reason: `the layout found (${plan.reason}) has a part of ${bands}, more than ${NARROW_PART_ASPECT} times as long as it is wide and far thinner than the part beside it: a title bar, a caption or a stripe of one picture, not a panel, and no single part beside it to join; view the picture whole, or pass parts to divide it evenly` };
  }
  if (result.folded.length > 0) {
    const { parts } = result;
    const bands = result.folded.map(placed).join(', ');
    // Parts side by side share their rows (margins included), stacked ones their columns.
    const first = parts[0]!;
    const axis: SplitAxis = parts.every((b) => b.y === first.y && b.height === first.height) ? 'horizontal' : parts.every((b) => b.x === first.x && b.width === first.width) ? 'vertical' : 'grid';
    checked = { ok: true, axis, method: 'detected', parts, reason: `${plan.reason}; then ${bands} joined to the part beside it (more than ${NARROW_PART_ASPECT} times as long as wide and far thinner than its neighbour: a caption, title bar or stripe, not a panel), leaving ${parts.length} parts` };
  }
  const refusal = layoutRefusal(checked.parts);
  if (refusal) return { ok: false, reason: `the layout found (${checked.reason}) is refused: ${refusal}; view the picture whole, or pass parts to divide it evenly` };
  return checked;
}

/**
 * Why a strip whose seam `sep` is a photo's sky is refused (horizons.ts): the `noun` read as a
 * seam, where it lies, and `why` it is none.
 */
function skyRefusal(sep: Separator, axis: StripAxis, noun: 'band' | 'line', why: string): string {
  return `the ${noun} of ${colourName(sep.colour).trim()} at ${axis === 'horizontal' ? 'x' : 'y'} ${sep.start}–${sep.end} ${why}; view the picture whole, or pass parts to divide it evenly`;
}

/** A part as a reason names it: its size and where it starts ("201x22 at 248,0"). */
const placed = (b: Box): string => `${b.width}x${b.height} at ${b.x},${b.y}`;

/**
 * What a refusal of `planIn` turned down, for the plans with badges painted out to read:
 * - `stray`: the `plan` replaced by a refusal of its separator as a photo's plain stretch (a stray
 *   stretch, `strayStretchOf`; a sky band, `skyBandSeam`);
 * - `unequal`: the `parts` of the strip an unequal damaged-seam refusal (`unequalDamagedStrip`)
 *   turned down. Its seams are the picture's own for the plan with badges painted out
 *   (`erasedPlan`), as a plan's cuts are. Such a strip is refused because a seam a badge hides is
 *   missing; its seams were found in the picture as it is (one crossed by a badge the edge cuts
 *   off, not found), so they are no cut the painting made, and the plan painted must pass the same
 *   unequal-parts test with the hidden seam back. Independent seeds 20000–22519 (14 400 pictures):
 *   16 more exact, none lost, no cut added (5 more refusals became plans that are not exact, none
 *   cutting a panel).
 */
type TurnedDown = { readonly kind: 'stray'; readonly plan: SplitPlan } | { readonly kind: 'unequal'; readonly parts: readonly Box[] };

/** A refusal, with what it turned down when it refused a strip it had found. */
type Refusal = {
  ok: false;
  reason: string;
  readonly turnedDown?: TurnedDown;
  /** A refusal for want of separators: the line statistics it read, for a last look (`rampPlan`). */
  readonly lines?: RegionStats | OneAxisStats;
};

/** A plan as found inside this module: `planSplit` drops a refusal's `turnedDown`. */
type Planned = Extract<SplitPlan, { ok: true }> | Refusal;

/**
 * `frameSearch`: whether a refused picture may still be searched inside a frame (once: a frame in
 * a frame is not searched again). `givenColour`: the collage colour to hold the seams to instead
 * of the one the seams vote (`wholeSeamColour`).
 */
function planIn(raster: Raster, options: SplitOptions, frameSearch: boolean, givenColour?: Rgb): Planned {
  const requested = options.parts;
  if (requested !== undefined && (!Number.isInteger(requested) || requested < MIN_PARTS || requested > MAX_GRID_PANELS)) {
    return { ok: false, reason: `parts has to be between ${MIN_PARTS} and ${MAX_GRID_PANELS} (more than ${MAX_PARTS} only for a grid), got ${requested}` };
  }
  const axisOption = options.axis ?? 'auto';
  const full: Box = { x: 0, y: 0, width: raster.width, height: raster.height };
  const longerAxis: StripAxis = raster.height > raster.width ? 'vertical' : 'horizontal';
  if (raster.width <= 0 || raster.height <= 0) return { ok: false, reason: NO_SEPARATORS };

  if (Math.max(raster.width, raster.height) > MAX_DETECTION_SIDE) {
    if (requested === undefined) {
      return {
        ok: false,
        reason: `this picture measures ${raster.width}x${raster.height} pixels, too long a side (over ${MAX_DETECTION_SIDE}) to search for separators; pass parts to divide it evenly, or crop an explicit box`,
      };
    }
    return evenly(raster, axisOption === 'horizontal' || axisOption === 'vertical' ? axisOption : longerAxis, requested);
  }

  // Auto and grid need both axes; an explicit strip axis skips the other one entirely (not even measured).
  const both = axisOption === 'auto' || axisOption === 'grid' ? measureLines(raster, full) : undefined;
  const stats = both ?? (axisOption === 'horizontal' ? measureColumnsOnly(raster, full) : measureRows(raster, full));
  const wantH = axisOption !== 'vertical';
  const wantV = axisOption !== 'horizontal';
  // Every pass below reads the same lines: what does not depend on its options is reused.
  const hMemo = stripMemo();
  const vMemo = stripMemo();
  let h = wantH ? detectStrips(raster, stats, 'horizontal', { vote: true, memo: hMemo }) : undefined;
  let v = wantV ? detectStrips(raster, stats, 'vertical', { vote: true, memo: vMemo }) : undefined;
  // A grid whose rows carry badges: badges on the junctions hide more of a column than a strip's
  // seam, so the columns are searched again knowing the rows (damaged-seams.ts, CROSSING), and the
  // same the other way. Only then: a collage without a badge-crossed seam costs nothing more.
  const h0 = h;
  if (h && v && v.damaged > 0) h = detectStrips(raster, stats, 'horizontal', { vote: true, crossing: v.separators, damagedKnown: h.damagedSeams, memo: hMemo });
  if (h0 && v && h0.damaged > 0) v = detectStrips(raster, stats, 'vertical', { vote: true, crossing: h0.separators, damagedKnown: v.damagedSeams, memo: vMemo });
  // The collage colour, voted by the seams of the first pass; a second pass holds every margin
  // and seam to it (collage-colour.ts). The line statistics are reused: only the rules run again.
  const hBallots = h?.ballots ?? [];
  const voters = { h, v };
  const ballots: Ballot[] = [...hBallots, ...(v?.ballots ?? [])];
  const colour =
    givenColour ??
    collageColourOfBallots(ballots, (b, side, c) => {
      const run = runOfBallot(ballots[b]!);
      return lineContinues(raster, b < hBallots.length ? 'horizontal' : 'vertical', side < 0 ? run.start - 1 : run.end, c);
    });
  if (colour !== undefined) {
    const hFound = h?.damagedSeams;
    if (h) h = detectStrips(raster, stats, 'horizontal', { colour, damagedFound: hFound, memo: hMemo });
    if (v) v = detectStrips(raster, stats, 'vertical', { colour, damagedFound: v.damagedSeams, memo: vMemo });
    // Rows between two panels that are not light show the colour is the canvas; columns of it
    // beside a pale product shot are then seams too (captions.ts, trusted).
    if (h && v && v.trusted && !h.trusted && v.separators.length > 0) h = detectStrips(raster, stats, 'horizontal', { colour, damagedFound: hFound, memo: hMemo, trusted: true });
    // So do captions under or over photos side by side: a row of captions kept with its photos,
    // with ink in every panel's cell of it (`captionedColumns`).
    if (h && v && !h.trusted && v.captionGaps?.length) {
      const again = detectStrips(raster, stats, 'horizontal', { colour, damagedFound: hFound, memo: hMemo, trusted: true });
      if (again.segments.length > h.segments.length && captionedColumns(raster, again, v, colour)) h = again;
    }
    // A strip's thin seams the vote found and the colour pass dropped for a chroma 4:2:0 smeared
    // (`withVotedSeams`).
    if (h && v && voters.h && v.separators.length === 0) h = withVotedSeams(h, voters.h, raster.width);
    if (h && v && voters.v && h.separators.length === 0) v = withVotedSeams(v, voters.v, raster.height);
  } else {
    // No seam at all: nothing for the caption rule to attach, the first pass stands.
  }

  // Held to the whole seams' colour (`wholeSeamColour`), the plan must stand on whole seams alone.
  if (givenColour !== undefined && (h?.damaged ?? 0) + (v?.damaged ?? 0) > 0) return { ok: false, reason: NO_SEPARATORS };

  // A picture mostly in its own background colour, without one solid panel, is a page, a chart or
  // a diagram, not panels on a canvas (collage-colour.ts): the gaps between its bars or letters
  // are no seams.
  let drawnOn: number | undefined;
  if (colour !== undefined) {
    const xs = h?.segments.length ? h.segments : [{ start: 0, end: raster.width }];
    const ys = v?.segments.length ? v.segments : [{ start: 0, end: raster.height }];
    const content: Box = { x: xs[0]!.start, y: ys[0]!.start, width: xs[xs.length - 1]!.end - xs[0]!.start, height: ys[ys.length - 1]!.end - ys[0]!.start };
    const share = canvasShare(raster, content, colour, FLAT_TOLERANCE, CANVAS_SHARE_MAX);
    const segments = [...(h ? stripBoxes(content, 'horizontal', h.segments) : []), ...(v ? stripBoxes(content, 'vertical', v.segments) : [])];
    if (share > CANVAS_SHARE_MAX && !segments.some((box) => !isEndBar(box, content) && canvasShare(raster, box, colour, FLAT_TOLERANCE) <= SOLID_PANEL_SHARE) && !solidPhotoCell(raster, content, colour, h, v)) {
      drawnOn = share;
      h = h && { ...h, usable: false };
      v = v && { ...v, usable: false };
    }
  }

  // A pale panel's blank edge taken for margin at one end of a stacked strip without captions (pale-ends.ts).
  const ends = (d: StripDetection, parts: Box[]): Box[] => (frameSearch && d.axis === 'vertical' && !d.captions && !d.captionGaps ? evenStackedEndMargins(parts, raster.height) : parts);
  const strip = (d: StripDetection): Candidate => ({ axis: d.axis, parts: ends(d, stripBoxes(full, d.axis, d.segments)), why: explainStrip(d, colour) });
  const candidates: Candidate[] = [];
  let chosenStrip: StripDetection | undefined;
  if (axisOption === 'horizontal') chosenStrip = h;
  else if (axisOption === 'vertical') chosenStrip = v;
  else chosenStrip = pickStripAxis(h!, v!, longerAxis);

  let grid: Candidate | undefined;
  let gridOverflow = false;
  if (both !== undefined && (h!.usable || v!.usable)) {
    const found = detectGrid(raster, both, h, v, colour);
    if (found.panels === null) gridOverflow = true;
    else if (found.panels.length >= MIN_PARTS) grid = { axis: 'grid', parts: found.panels, why: explainGrid(found.panels, colour, h!, v!) };
  }
  // Blocks of a grid returned merged are searched as pictures of their own (grid-completion.ts);
  // not again inside a block (frameSearch is off there).
  // The grid as first found stays a candidate for a request of its panel count.
  let merged: Candidate | undefined;
  if (grid && colour !== undefined && frameSearch) {
    const completed = completeGrid(raster, grid.parts, colour, (box) => planIn(crop(raster, box), {}, false));
    if (completed) {
      merged = grid;
      grid = { axis: 'grid', parts: completed, why: `${explainGrid(completed, colour, h!, v!)}; ${completed.length - grid.parts.length} more panels found inside merged blocks` };
    }
  }

  if (axisOption === 'grid') {
    if (grid) candidates.push(grid);
  } else if (axisOption === 'auto') {
    const bestStrip = chosenStrip!.usable ? chosenStrip!.segments.length : 0;
    if (grid && grid.parts.length > bestStrip) candidates.push(grid);
    if (chosenStrip!.usable) candidates.push(strip(chosenStrip!));
    // Other detected layouts, so a request for n parts can still be met by real seams.
    const other = chosenStrip === h ? v! : h!;
    if (other.usable) candidates.push(strip(other));
    if (grid && !candidates.includes(grid)) candidates.push(grid);
  } else if (chosenStrip!.usable) {
    candidates.push(strip(chosenStrip!));
  }

  if (requested === undefined) {
    const best = candidates[0];
    // A detection along `axis` given `seams` as worn seams of the collage colour (crossing-seams.ts).
    const crossAgain = (axis: StripAxis, seams: Separator[]): StripDetection => detectStrips(raster, stats, axis, { colour: colour!, damagedFound: seams, memo: axis === 'horizontal' ? hMemo : vMemo });
    // A grid of `cells` whose seams across one axis a later pass found (`how`), inside margins of the seams' hue.
    const crossedGrid = (cells: Box[], seams: readonly Separator[], how: string): SplitPlan => {
      const { rows, cols } = gridShape(cells);
      return { ok: true, axis: 'grid', method: 'detected', parts: huedMargins(raster, cells, 'grid', seams), reason: `a ${rows}x${cols} grid, its cuts through the middle of thin seams${colourName(colour)}, those across one axis ${how}` };
    };
    // A grid of thin seams that only its lines' luma shows, found whole or not at all (grid-completion.ts).
    if (axisOption === 'auto' && frameSearch && drawnOn === undefined && (best === undefined || best.parts.length < MAX_GRID_PANELS)) {
      const lattice = thinSeamLattice(raster, best?.parts ?? [], colour);
      if (lattice) return { ok: true, axis: 'grid', method: 'detected', parts: lattice, reason: explainLattice(lattice) };
    }
    // A grid whose seams across one axis the vote found and the colour pass dropped for a chroma 4:2:0 smeared (`votedCrossing`).
    if (axisOption === 'auto' && frameSearch && drawnOn === undefined && colour !== undefined && h && v) {
      const crossed = votedCrossing(h, v, voters.h, voters.v, raster.width, raster.height, (d) => unequalDamagedStrip(d) !== undefined);
      if (crossed && crossed.length > (best?.parts.length ?? 0)) {
        return crossedGrid(crossed, [...h.separators, ...v.separators, ...(voters.h?.separators ?? []), ...(voters.v?.separators ?? [])], 'found by their hue where JPEG blurred their colour');
      }
    }
    // A grid whose seams across one axis no pass found, crossing every part of the other axis's strip in its seams' luma (crossing-seams.ts).
    if (axisOption === 'auto' && frameSearch && drawnOn === undefined && colour !== undefined && h && v && damagedSearched(raster)) {
      const crossed = crossingSeams(raster, h, v, colour, (d) => unequalDamagedStrip(d) !== undefined, crossAgain);
      if (crossed && crossed.length > (best?.parts.length ?? 0)) return crossedGrid(crossed, [...h.separators, ...v.separators], 'found by their luma crossing every part of the other');
    }
    // A grid with some panels exactly 2–4 cells long: their seams a badge crosses (grid-completion.ts).
    if (best && best.axis === 'grid' && colour !== undefined && frameSearch) {
      const widths = [...h!.separators, ...v!.separators].map((s) => s.end - s.start).sort((a, b) => a - b);
      const done = widths.length > 0 ? completeGridCells(raster, best.parts, colour, widths[widths.length >> 1]!) : null;
      if (done) return { ok: true, axis: 'grid', method: 'detected', parts: done, reason: `${explainGrid(done, colour, h!, v!)}; ${done.length - best.parts.length} more panels found where cells of one size meet at a seam crossed by a badge or worn by compression` };
    }
    // A strip with panels of one length but for a merged few: their seams a badge crosses (grid-completion.ts).
    if (best && best.axis !== 'grid' && chosenStrip && best.axis === chosenStrip.axis && colour !== undefined && frameSearch) {
      // Under heavy JPEG, seams whose colour 4:2:0 smeared, found by the other seams' luma or their chroma ridge (worn-strip-completion.ts).
      const byColour = completeStrip(raster, chosenStrip.axis, chosenStrip.segments, chosenStrip.separators, colour);
      const done = byColour ?? (damagedSearched(raster) ? completeWornStrip(raster, chosenStrip.axis, chosenStrip.segments, chosenStrip.separators) : null);
      // Its parts completed, a strip may still be crossed by seams no pass found (crossing-seams.ts).
      const completed = done && h && v && axisOption === 'auto' && drawnOn === undefined && damagedSearched(raster) ? { ...chosenStrip, segments: done } : undefined;
      const crossed = completed ? crossingSeams(raster, completed.axis === 'horizontal' ? completed : h!, completed.axis === 'vertical' ? completed : v!, colour, () => false, crossAgain) : null;
      if (crossed) return crossedGrid(crossed, [...h!.separators, ...v!.separators], 'found by their luma crossing every part of the other, where panels of one length meet at a seam crossed by a badge or worn by compression');
      const how = byColour ? 'a seam crossed by a badge, worn by compression or shading with a gradient canvas' : 'a seam whose colour heavy JPEG smeared, found by the other seams\' luma or its chroma';
      if (done) return { ok: true, axis: best.axis, method: 'detected', parts: stripBoxes(full, best.axis, done), reason: `${best.why}; ${done.length - chosenStrip.segments.length} more found where panels of one length meet at ${how}` };
    }
    // A big photo beside small ones: the seam between the small ones spans their part alone
    // (mosaic.ts). Only when no strip axis was asked for: the answer is a grid.
    if (axisOption === 'auto' && best && best.axis !== 'grid' && chosenStrip && best.axis === chosenStrip.axis && chosenStrip.damaged === 0 && colour !== undefined && frameSearch) {
      const mosaic = completeMosaic(raster, chosenStrip.axis, best.parts, chosenStrip.separators, colour, (box) => planIn(crop(raster, box), {}, false));
      if (mosaic) return { ok: true, axis: 'grid', method: 'detected', parts: mosaic, reason: `${best.why}; one part split in two across it where a seam of the collage colour, as wide as the others, spans that part alone` };
    }
    const unequal = best && best.axis !== 'grid' ? unequalDamagedStrip(best.axis === 'horizontal' ? h! : v!) : undefined;
    // A photo's horizon read as the one seam of a strip: the sky goes on past it (horizons.ts).
    const cutStrip = best && unequal === undefined && best.axis !== 'grid' && colour !== undefined ? (best.axis === 'horizontal' ? h : v) : undefined;
    const horizon = cutStrip ? horizonSeam(raster, cutStrip.axis, cutStrip.segments, cutStrip.separators, colour!) : undefined;
    const skyLines = cutStrip && !horizon ? (cutStrip.axis === 'horizontal' ? (stats as OneAxisStats).columns : (stats as OneAxisStats).rows) : undefined;
    const sky = skyLines ? plainSkySeam(classifyLines(skyLines), skyLines, cutStrip!.segments, cutStrip!.separators) : undefined;
    // The separator itself a photo's sky shading across its width (horizons.ts).
    const skyBand = skyLines && !sky ? skyBandSeam(skyLines, cutStrip!.separators) : undefined;
    if (cutStrip && horizon) return { ok: false, reason: skyRefusal(horizon, cutStrip.axis, 'band', "runs on into most of the part on one side and is absent from the other: a photo's sky meeting its ground, not a seam between panels") };
    if (cutStrip && sky) return { ok: false, reason: skyRefusal(sky, cutStrip.axis, 'line', "borders a part of plain lines shading steadily from one to the next: a photo's sky, not a panel") };
    if (cutStrip && skyBand) {
      // As a stray stretch's refusal, it lets a plan with badges painted out add parts to the strip it turned down.
      const found: SplitPlan = { ok: true, axis: best!.axis, method: 'detected', parts: best!.parts, reason: best!.why };
      return { ok: false, reason: skyRefusal(skyBand, cutStrip.axis, 'band', "shades steadily from one line to the next across its width: a photo's plain sky, not a seam between panels"), turnedDown: { kind: 'stray', plan: found } };
    }
    if (best && unequal === undefined) {
      const captioned = (h?.captions ?? 0) + (v?.captions ?? 0) > 0;
      // A strip's seam read as a photo's plain stretch beside it: its cut moves to the seam (pale-stretch.ts).
      const along = best.axis === 'horizontal' ? h : best.axis === 'vertical' ? v : undefined;
      // The heavy-JPEG reads below are for an uncaptioned strip the damaged-seam rules searched.
      const worn = frameSearch && !captioned && damagedSearched(raster);
      const beside = along && worn ? withSeamsBesideStretches(raster, along) : along;
      // A heavy JPEG's seam merged with a photo's plain stretch and no thin seam beside it to move the cut to (pale-stretch.ts).
      const stray = beside && worn ? strayStretchOf(raster, beside) : undefined;
      let chosen = best;
      if (along && beside && beside !== along) {
        chosen = { ...strip(beside), why: `${explainStrip(beside, colour)}; a cut moved from a photo's plain stretch to the thin seam beside it` };
        if (along === h) h = beside;
        else v = beside;
      }
      const parts = axisOption === 'auto' && colour !== undefined && worn ? huedMargins(raster, chosen.parts, chosen.axis, [...(h?.separators ?? []), ...(v?.separators ?? [])]) : chosen.parts;
      const found: SplitPlan = { ok: true, axis: chosen.axis, method: 'detected', parts, reason: parts === chosen.parts ? chosen.why : `${chosen.why}; inside margins of the seams' hue` };
      if (!beside || !stray) return found;
      return { ok: false, reason: skyRefusal(stray, beside.axis, 'band', "goes on into a photo past one end, the plain stretch of a photo's edge that a thin seam under heavy JPEG merges with: its middle lies inside that photo"), turnedDown: { kind: 'stray', plan: found } };
    }
    if (unequal) {
      const whole = givenColour === undefined && colour !== undefined ? wholeSeamColour(voters.h, voters.v, ballots, colour, stats, hBallots.length) : undefined;
      const again = whole ? planIn(raster, options, frameSearch, whole) : undefined;
      if (again?.ok) return again;
      const d = best!.axis === 'horizontal' ? h! : v!;
      const lengths = d.segments.map((seg) => seg.end - seg.start);
      const sep = unequal.misplaced ?? (d.damaged < d.separators.length ? misplacedWornSeam(d, lengths) : undefined);
      const without = sep ? withoutMisplacedSeam(d, sep) : undefined;
      if (sep && without) {
        return { ok: true, axis: d.axis, method: 'detected', parts: stripBoxes(full, d.axis, without.segments), reason: `${explainStrip(without, colour)}; a crossed or worn seam found at ${sep.at} was dropped: it split a part as long as the others into ${sep.parts.join(' and ')} px` };
      }
      return { ok: false, reason: damagedStripRefusal(unequal), turnedDown: { kind: 'unequal', parts: stripBoxes(full, d.axis, d.segments) } };
    }
    const apparent = Math.max(h?.apparent ?? 0, v?.apparent ?? 0);
    if (apparent > MAX_PARTS || gridOverflow) return { ok: false, reason: textured(Math.max(apparent, MAX_PARTS + 1)) };
    if (drawnOn !== undefined) return { ok: false, reason: drawnOnCanvas(drawnOn, colour!) };
    const framed = frameSearch && colour === undefined && h && v ? insideFrame(raster, stats, h, v, axisOption) : undefined;
    if (framed) return framed;
    return { ok: false, reason: NO_SEPARATORS, lines: stats };
  }

  if (merged && axisOption !== 'horizontal' && axisOption !== 'vertical') candidates.push(merged);
  const match = candidates.find((c) => c.parts.length === requested);
  if (match) return { ok: true, axis: match.axis, method: 'detected', parts: match.parts, reason: `${match.why}; exactly the ${requested} parts asked for` };
  if (requested > MAX_PARTS) {
    return {
      ok: false,
      reason: `no grid of ${requested} panels was found, and an even division makes at most ${MAX_PARTS} strips; omit parts to use the separators found, or ask for ${MAX_PARTS} or fewer`,
    };
  }

  // Even division along the strip axis auto would choose (also for a grid request: strips are
  // what an even division can make).
  const axis: StripAxis = axisOption === 'horizontal' || axisOption === 'vertical' ? axisOption : (chosenStrip?.axis ?? longerAxis);
  return evenly(raster, axis, requested);
}

/**
 * Longest ratio between the parts of a strip whose every seam only the damaged-seam rule found
 * (`unequalDamagedStrip`): DAMAGED_PAIR_RATIO for one such seam, DAMAGED_STRIP_RATIO for two or
 * more, which vouch for each other a little (a heavy-JPEG strip of 250, 200 and 150 px panels with
 * 1 px seams is a collage). Measured on 28 tuning batches (2 268 pictures): the 41 exact two-part
 * plans of one such seam divide at 1.00–1.06, the 58 exact ones of 3–5 parts at 1.00–1.08 (one of
 * flat panels at 1.28); the wrong ones at 1.96–9.01 (a seam missed, or a cut through a photo).
 * Pictures that are no collage: the corpus photographs whose rink rim or drawing edge was read as
 * the one seam divided at 2.0 and 1.46; photos cut out of fixture collages and planned alone, cut
 * at palm trunks or poles read as two such seams, at 2.05 (109, 109, 224 px), 5.2 and 12.8.
 */
const DAMAGED_PAIR_RATIO = 1.35;
const DAMAGED_STRIP_RATIO = 2;

/**
 * Longest ratio between the parts of a strip some but not all of whose seams only the
 * damaged-seam rule found. The plain seams are real, but a worn one beside them may still be a
 * photo's own dark edge or pole. Measured on 120 tuning batches (7 812 pictures): of the 148 such
 * plans, the 130 exact ones divide at 1.00–1.08 but one at 1.29 (a mix of 618, 608, 647 and
 * 502 px); the wrong ones with a cut through a photo at 1.48–20.3 (5) but three at 1.16–1.31, the
 * wrong ones without a cut (a seam missed: one part twice the others) at 2.0–3.0.
 */
const MIXED_DAMAGED_RATIO = 1.4;

/**
 * In a strip where the plain seams (and the picture's ends) bound parts of one length, within
 * PLAIN_PARTS_AGREE, a worn seam whose two parts differ by more than WORN_NEIGHBOUR_RATIO is not
 * where the collage's seam is. Measured on the same 120 batches: the three cuts left by
 * MIXED_DAMAGED_RATIO had plain parts agreeing within 1.018–1.027 and a worn seam 29, 23 and 24 px
 * off the true one, its parts at 1.16, 1.17 and 1.31; the exact strips with a plain and a worn
 * seam divide at ≤ 1.07 beside the worn one.
 */
const PLAIN_PARTS_AGREE = 1.05;
const WORN_NEIGHBOUR_RATIO = 1.12;

/** A strip refused by `unequalDamagedStrip`: its part lengths, how many of its seams are worn, and the misplaced worn seam's parts, if that is why. */
interface UnequalStrip {
  lengths: number[];
  damaged: number;
  misplaced?: { at: number; parts: [number, number]; plain: [number, number] };
}

/**
 * The worn seam of `d` whose two parts differ by more than WORN_NEIGHBOUR_RATIO where at least
 * two parts bounded by plain seams or the picture's ends agree within PLAIN_PARTS_AGREE.
 */
function misplacedWornSeam(d: StripDetection, lengths: number[]): UnequalStrip['misplaced'] {
  const worn = d.separators.map((sep) => d.damagedSeams.some((w) => w.start < sep.end && w.end > sep.start));
  const plain = lengths.filter((_, i) => (i === 0 || !worn[i - 1]) && (i === lengths.length - 1 || !worn[i]));
  if (plain.length < 2) return undefined;
  const lo = Math.min(...plain), hi = Math.max(...plain);
  if (hi > PLAIN_PARTS_AGREE * lo) return undefined;
  for (let i = 0; i < worn.length; i++) {
    if (!worn[i]) continue;
    const a = lengths[i]!, b = lengths[i + 1]!;
    if (Math.max(a, b) > WORN_NEIGHBOUR_RATIO * Math.min(a, b)) {
      const sep = d.separators[i]!;
      return { at: Math.round((sep.start + sep.end) / 2), parts: [a, b], plain: [lo, hi] };
    }
  }
  return undefined;
}

/**
 * The part lengths of a strip with seams found by the damaged-seam rule alone (crossed by a badge
 * or worn by compression, `damaged-seams.ts`) when its parts are too unequal for them: when every
 * seam is such a one, the longest exceeds the shortest by more than DAMAGED_PAIR_RATIO (two parts)
 * or DAMAGED_STRIP_RATIO (more); when some are, by more than MIXED_DAMAGED_RATIO. Else undefined.
 * Nothing else — no plain seam — says those are seams rather than long straight edges of one
 * picture (a rink's rim, palm trunks, a drawing's edge); the panels of such collages are about
 * equal.
 *
 * @example
 * ```ts
 * unequalDamagedStrip(detection); // { lengths: [192, 96], damaged: 1 } for an ice rink's rim found as the one seam of a photo
 * ```
 */
function unequalDamagedStrip(d: StripDetection): UnequalStrip | undefined {
  if (!d.usable || d.segments.length < 2 || d.damaged === 0) return undefined;
  const lengths = d.segments.map((s) => s.end - s.start);
  const every = d.damaged >= d.segments.length - 1;
  const ratio = !every ? MIXED_DAMAGED_RATIO : lengths.length === 2 ? DAMAGED_PAIR_RATIO : DAMAGED_STRIP_RATIO;
  if (Math.max(...lengths) > ratio * Math.min(...lengths)) return { lengths, damaged: d.damaged };
  const misplaced = every ? undefined : misplacedWornSeam(d, lengths);
  return misplaced ? { lengths, damaged: d.damaged, misplaced } : undefined;
}

/**
 * The colour the whole seams vote (every seam but those found only by the damaged-seam rule),
 * when the collage colour was won by worn seams alone and differs from it; else undefined.
 * A photo's dark straight edges (palm trunks, a sculpture's shadowed side) read as worn seams and
 * can outvote the plain ones: independent seed 10202 mix-01 (lossless, three 7 px grey seams,
 * three palm trunks: a tie the narrower trunks won), 10201 mix-04 (one white seam, two dark
 * edges) and 10203 mix-03 (a red seam and a dark edge): each then refused as an unequal worn
 * strip. Asked only of a plan so refused, and its plan is taken only when it is no refusal and
 * stands on whole seams alone. The whole seams must be drawn exactly (one exact colour over every
 * line: a photo's band never is, exact-twins.ts): without that, seed 10211 heavy gained a cut (a
 * heavy-JPEG strip planned again at another colour), and 10201 mix-04 (JPEG q93) is left refused.
 * On independent seeds 10200–10215: mix 101 → 103 of 128 (10202 mix-01, 10203 mix-03), no other
 * score changed.
 */
function wholeSeamColour(h: StripDetection | undefined, v: StripDetection | undefined, ballots: readonly Ballot[], voted: Rgb, stats: RegionStats | OneAxisStats, columnBallots: number): Rgb | undefined {
  const worn = (d: StripDetection | undefined, s: Separator): boolean => d?.damagedSeams.some((w) => w.start < s.end && s.start < w.end) ?? false;
  const seams = [...(h?.separators.map((s) => worn(h, s)) ?? []), ...(v?.separators.map((s) => worn(v, s)) ?? [])];
  if (seams.length !== ballots.length) return undefined;
  const whole = ballots.filter((_, i) => !seams[i]);
  const wornBallots = ballots.filter((_, i) => seams[i]);
  // The voted colour must be the worn seams' alone: a whole seam of that colour vouches for it.
  if (whole.length === 0 || whole.some((b) => b.some((s) => sameColour(s.colour, voted)))) return undefined;
  if (!wornBallots.some((b) => b.some((s) => sameColour(s.colour, voted)))) return undefined;
  const colour = collageColourOfBallots(whole);
  if (colour === undefined || sameColour(colour, voted)) return undefined;
  // Every whole seam of that colour drawn exactly: a photo's band is never one exact colour over whole lines.
  const exact = ballots.every((b, i) => {
    if (seams[i] || !b.some((s) => sameColour(s.colour, colour))) return true;
    const lines = i < columnBallots ? stats.columns : stats.rows;
    return lines !== undefined && b.some((s) => sameColour(s.colour, colour) && exactLines(lines, s.start, s.end, s.start));
  });
  return exact ? colour : undefined;
}

/**
 * `d` without its misplaced worn seam (`misplacedWornSeam`), when the part it split is, joined
 * again, as long as the parts the plain seams bound (within PLAIN_PARTS_AGREE) and nothing else in
 * `d` is refused by `unequalDamagedStrip`; else undefined. The panels of one length then show the
 * worn seam is a straight edge inside one of them: independent seed 10200 mix-07 (lossless, six
 * panels with drop shadows): plain seams bound parts of 134–140 px, a palm photo's trunk read as
 * a worn seam split its 140 into 54 and 86, and the strip was refused. Dropping a seam never cuts
 * a panel: at worst two panels stay in one part. On independent seeds 10200–10215 it changed that
 * one plan only, now six parts at the seams (2 px off the gaps' middles, where the fixture's
 * lossless tolerance is 0: the cut is through the seam's plain columns, its shadow's left out).
 */
function withoutMisplacedSeam(d: StripDetection, misplaced: NonNullable<UnequalStrip['misplaced']>): StripDetection | undefined {
  const i = d.separators.findIndex((sep) => Math.round((sep.start + sep.end) / 2) === misplaced.at);
  if (i < 0) return undefined;
  const joined = misplaced.parts[0] + misplaced.parts[1];
  const [lo, hi] = misplaced.plain;
  if (joined * PLAIN_PARTS_AGREE < lo || joined > hi * PLAIN_PARTS_AGREE) return undefined;
  const segments = [...d.segments.slice(0, i), { start: d.segments[i]!.start, end: d.segments[i + 1]!.end }, ...d.segments.slice(i + 2)];
  const separators = d.separators.filter((_, k) => k !== i);
  const without: StripDetection = { ...d, segments, separators, apparent: segments.length, usable: segments.length >= MIN_PARTS, damaged: d.damaged - 1 };
  return unequalDamagedStrip(without) === undefined ? without : undefined;
}

function damagedStripRefusal({ lengths, damaged, misplaced }: UnequalStrip): string {
  const seams = lengths.length - 1;
  if (misplaced) {
    return (
      `the seam found at ${misplaced.at} is crossed or worn (by a badge or by compression) and would leave parts of ${misplaced.parts.join(' and ')} px, ` +
      `where the plain seams make parts of ${misplaced.plain[0] === misplaced.plain[1] ? misplaced.plain[0] : misplaced.plain.join('–')} px: it may be an edge inside a picture, beside the true seam, ` +
      'so the picture is not cut; pass parts to divide it evenly'
    );
  }
  if (damaged < seams) {
    return (
      `${damaged} of the ${seams} seams found ${damaged === 1 ? 'is' : 'are'} crossed or worn (by a badge or by compression), and the parts ` +
      `would be unequal (${lengths.join(', ')} px): ${damaged === 1 ? 'that seam' : 'those seams'} may be long straight edges inside a picture, ` +
      'so the picture is not cut; pass parts to divide it evenly'
    );
  }
  const one = seams === 1;
  return (
    `${one ? 'the one seam found is' : `the ${seams} seams found are all`} crossed or worn (by a badge or by compression) ` +
    `and would divide the picture unequally (${lengths.join(', ')} px), with no plain seam to confirm ${one ? 'it: it may be a long straight edge' : 'them: they may be long straight edges'} ` +
    'inside one picture, so the picture is not cut; pass parts to divide it evenly'
  );
}

/**
 * Most of a photo apart from its caption (`photoCells`) that may be in the collage colour: photo
 * and flat panels read 0–0.10 (SOLID_PANEL_SHARE). Measured on independent seeds 16000–16059:
 * the 10 captioned collages this rule splits exactly have their most solid photo cell at
 * 0.000–0.099; at 0.20 (SOLID_PANEL_SHARE) three more were split, all wrongly, among them a 4×1
 * beside white drawings whose most solid cell read 0.114 (its caption row cut through its words).
 */
const PHOTO_CELL_SHARE = 0.1;

/**
 * Whether a layout read as captioned photos has a photo apart from its caption (`photoCells`) that
 * is solid (at most PHOTO_CELL_SHARE in the canvas colour): then it is no page. Only while the
 * canvas vote can be the collage's: a band of more than BLEND_LINES plain lines in another colour
 * running the whole content (`otherColourBand`) says it is not. Every full-length plain line of a
 * collage of captioned photos is canvas (seams, margins, caption gaps); one of another colour is the
 * real seam, the vote having taken a panel background that all panels share (flat panels on one
 * grey with yellow seams, independent seed 16507 flat-03: read as captioned photos it was cut
 * through a diagram), or a flat panel's stripe. Measured on independent seeds 16000–16059 and
 * 16500–16509: the 11 captioned collages this splits have no such line at all, that flat collage
 * has 12 (its seam); so the guard's width hardly matters, and it costs the captions nothing.
 */
function solidPhotoCell(raster: Raster, content: Box, colour: Rgb, h: StripDetection | undefined, v: StripDetection | undefined): boolean {
  const cells = photoCells(content, h, v);
  if (cells.length === 0 || otherColourBand(raster, content, colour)) return false;
  // A cell's plain edge lines are a seam's half only where the seams across that axis are even:
  // one wider than the rest has a panel's blank edge in it (`EVEN_SEAM_RATIO`).
  const even = evenSeams(h) && evenSeams(v);
  return cells.some((box) => !isEndBar(box, content) && canvasShare(raster, even ? withoutPlainEdges(raster, box, colour) : box, colour, FLAT_TOLERANCE) <= PHOTO_CELL_SHARE);
}

/**
 * Most a strip's widest separator may measure over its narrowest for the seams to be the
 * collage's own and no more. The even strips whose photo cells `withoutPlainEdges` let through on
 * the 520 regression batches measure within 1 line of each other (23/24 px); independent seed 26027
 * caption-01 (1×3 on white, 23 px seams, lossless) read 28 and 52, the wider run taking in a white
 * drawing's blank side, and trimmed it gave a cut 3 px inside that drawing.
 */
const EVEN_SEAM_RATIO = 1.5;

/** Whether `d`'s separators (none or one count as even) are within EVEN_SEAM_RATIO of each other's width. */
function evenSeams(d: StripDetection | undefined): boolean {
  const widths = (d?.separators ?? []).map((s) => s.end - s.start);
  return widths.length < 2 || Math.max(...widths) <= EVEN_SEAM_RATIO * Math.min(...widths);
}

/**
 * `box` without the lines at its edges that are the canvas colour end to end (within
 * FLAT_TOLERANCE, but for PLAIN_EDGE_MISSES of their pixels), at most SEAM_HALF_LINES of them on
 * a side. A photo cell runs to the middles of the seams, so half of each seam lies inside it, and
 * beside a wide seam a narrow photo's cell counted that half as its own canvas: independent seed
 * 44019 caption-08 (2×2 on black, 20 px seams, narrow photos under two-line captions) read 0.125,
 * 44006 caption-01 (2×2 on white, 16 px seams, a white drawing) 0.175, both refused as pages;
 * without the plain edge lines 0.000 and 0.061. A side with more plain lines than a seam's half
 * is a panel's blank edge (see SEAM_HALF_LINES) and stays.
 */
function withoutPlainEdges(raster: Raster, box: Box, colour: Rgb): Box {
  const plain = (axis: 'horizontal' | 'vertical', line: number): boolean =>
    isTightLine({ raster, region: box, axis, line, length: axis === 'horizontal' ? box.height : box.width }, colour, FLAT_TOLERANCE, 1 - PLAIN_EDGE_MISSES);
  // Plain lines from the edge at `from` walking by `step`; 0 when they run past SEAM_HALF_LINES.
  const edge = (axis: 'horizontal' | 'vertical', from: number, step: 1 | -1, length: number): number => {
    let k = 0;
    while (k <= SEAM_HALF_LINES && k < length >> 1 && plain(axis, from + step * k)) k++;
    return k <= SEAM_HALF_LINES ? k : 0;
  };
  const left = edge('horizontal', 0, 1, box.width);
  const right = edge('horizontal', box.width - 1, -1, box.width);
  const top = edge('vertical', 0, 1, box.height);
  const bottom = edge('vertical', box.height - 1, -1, box.height);
  return { x: box.x + left, y: box.y + top, width: box.width - left - right, height: box.height - top - bottom };
}

/** Share of an edge line's pixels that may be off the canvas colour while it still reads as seam half: JPEG noise, as captions.ts reads a gutter. */
const PLAIN_EDGE_MISSES = 0.02;
/**
 * Most plain lines at a cell's edge that are a seam's half (or a margin) rather than a panel's
 * blank edge. The cells this changed on independent seeds 44000–44039 and the 180 regression
 * batches lost 8–19 lines a side; at no bound, independent seed 20017 caption-08 (2×1 on white, a
 * photo beside a white drawing, lossless) lost 52 columns of a 104-column run that was 17 px of
 * seam and the drawing's blank side, its photo cell fell from 0.147 to 0.018, and the plan cut the
 * run's middle inside the drawing.
 */
const SEAM_HALF_LINES = 24;

/** A run of more than BLEND_LINES plain lines, all of a colour other than `colour`, across the whole of `content` along either axis. */
function otherColourBand(raster: Raster, content: Box, colour: Rgb): boolean {
  const stats = measureLines(raster, content);
  for (const lines of [stats.rows, stats.columns]) {
    if (lines === undefined) continue;
    const kinds = classifyLines(lines);
    let run = 0;
    for (let i = 0; i < kinds.length; i++) {
      run = kinds[i] === LineKind.Plain && !sameColour(meanColour(lines, i, i + 1), colour) ? run + 1 : 0;
      if (run > BLEND_LINES) return true;
    }
  }
  return false;
}

/**
 * The cells of a layout whose captions were kept with their photos (`captionGaps`), each strip's
 * segments parted again at those gaps: a photo apart from its caption band. A caption is text on
 * the collage colour, so a photo's column or row with its caption reads 0.25–0.40 of that colour
 * (SOLID_PANEL_SHARE), and a collage of captioned photos, some of them white drawings or dark
 * photos on a canvas of their colour, was taken for a page. Only when the captions read as a
 * collage's do: every segment across them holds exactly one caption gap (each row of photos has
 * its captions; one caption gap in two rows is a caption given to the wrong photo), each at
 * least CAPTION_MIN_LINES wide (the gaps of the collages split so measure 7–47 lines; a 1-line
 * "gap" is a broken seam's piece, seen in flat panels of the seam colour). Else empty: a page or
 * a chart keeps its strips as they were.
 */
function photoCells(content: Box, h: StripDetection | undefined, v: StripDetection | undefined): Box[] {
  if (!h?.captionGaps?.length && !v?.captionGaps?.length) return [];
  let captionsHold = true;
  const pieces = (d: StripDetection | undefined, start: number, end: number): Interval[] => {
    const gaps = [...(d?.captionGaps ?? [])].sort((a, b) => a.start - b.start);
    const out: Interval[] = [];
    for (const s of d?.segments.length ? d.segments : [{ start, end }]) {
      let from = s.start;
      let n = 0;
      for (const g of gaps) {
        if (g.start < from || g.end > s.end) continue;
        if (g.end - g.start < CAPTION_MIN_LINES) captionsHold = false;
        out.push({ start: from, end: g.start });
        from = g.end;
        n++;
      }
      if (gaps.length > 0 && n !== 1) captionsHold = false;
      out.push({ start: from, end: s.end });
    }
    return out;
  };
  const xs = pieces(h, content.x, content.x + content.width);
  const ys = pieces(v, content.y, content.y + content.height);
  if (!captionsHold) return [];
  return xs.flatMap((x) => ys.map((y) => ({ x: x.start, y: y.start, width: x.end - x.start, height: y.end - y.start })));
}

/**
 * Most times the caption gap's width a column seam taken by `captionedColumns` may be. The seams
 * of the captioned 2×1s it split are 0.7–1.7 times their caption gap (seeds 20010 caption-07: 19
 * against 11, 20016 caption-07: 9 against 13, 20035 caption-09: 7 against 9, the runs as drawn); a
 * 10 px white seam read with the next photo's white edge as a 26-column run (independent seed
 * 22030 caption-04, JPEG q94, caption gap 10) was cut at its middle, 3 px inside that photo.
 */
const CAPTIONED_SEAM_RATIO = 2;

/**
 * Whether the panels side by side of `h` are captioned photos by the caption rows `v` kept with
 * their photos (`captionGaps`): each such gap parts a segment of `v` into a photo band and its
 * caption band (the shorter side), and along every band pair each panel of `h` has ink in its
 * caption cell, and some panel's photo cell is not light (`captionedCells`). A pale or dark photo
 * beside another reads light, and with one panel not light the columns are not trusted: the seam
 * between two captioned photos was dropped as a sky's edge and the collage refused (independent
 * seeds 20035 caption-09, 20010 caption-07: 2×1 on rgb(30,30,30) beside a dark relief or photo;
 * 20016 caption-07: 2×1 on cream beside a white product shot). A single photo's plain columns
 * (a white backdrop between two objects) part no caption in two inked cells.
 */
function captionedColumns(raster: Raster, h: StripDetection, v: StripDetection, colour: Rgb): boolean {
  const gaps = v.captionGaps ?? [];
  // A column seam far wider than the captions' gap holds a panel's plain edge (CAPTIONED_SEAM_RATIO).
  const gapWidth = Math.min(...gaps.map((g) => g.end - g.start));
  if (h.separators.some((s) => s.end - s.start > CAPTIONED_SEAM_RATIO * gapWidth)) return false;
  for (const gap of gaps) {
    const row = v.segments.find((s) => s.start <= gap.start && gap.end <= s.end);
    if (row === undefined) return false;
    const under = row.end - gap.end <= gap.start - row.start;
    const photo = under ? { start: row.start, end: gap.start } : { start: gap.end, end: row.end };
    const caption = under ? { start: gap.end, end: row.end } : { start: row.start, end: gap.start };
    if (caption.end - caption.start < CAPTION_MIN_LINES) return false;
    const cells = (band: Interval): Box[] => h.segments.map((x) => ({ x: x.start, y: band.start, width: x.end - x.start, height: band.end - band.start }));
    if (!captionedCells(raster, cells(photo), cells(caption), colour)) return false;
  }
  return gaps.length > 0;
}

/**
 * A title bar: a segment along one end of the content, at most END_BAR_SHARE of it thick and
 * END_BAR_ASPECT times as long as thick. It is solid, yet no evidence of panels pasted on a
 * canvas: an app screenshot's 30–70 px bar over its 500–1200 px page (independent generator seed
 * 1401 none-10: a 33 px blue bar, 845×681, JPEG q43, was cut from its page at y 42). A banner
 * over photos still splits: the photos are solid panels of their own.
 */
const END_BAR_SHARE = 0.15;
const END_BAR_ASPECT = 8;
function isEndBar(box: Box, content: Box): boolean {
  const atTopOrBottom = box.width === content.width && (box.y === content.y || box.y + box.height === content.y + content.height);
  const atLeftOrRight = box.height === content.height && (box.x === content.x || box.x + box.width === content.x + content.width);
  if (atTopOrBottom && box.height < content.height) return box.height <= END_BAR_SHARE * content.height && box.width >= END_BAR_ASPECT * box.height;
  if (atLeftOrRight && box.width < content.width) return box.width <= END_BAR_SHARE * content.width && box.height >= END_BAR_ASPECT * box.width;
  return false;
}

/**
 * A frame around the whole collage, of another colour than its seams: plain margins on all four
 * sides, of one colour. Every line across the picture then crosses the frame twice and is no
 * plain line, so no seam is found; inside the frame the collage is an ordinary one. Red-team
 * mix-03 (8 px olive frame, 30-grey seams) and mix-09 (11 px purple frame, white seams and inner
 * margin) were refused, and split exactly once the frame is cropped away. Only a picture refused
 * for want of any seam is searched again (so nothing already found changes), with the very rules
 * of an unframed picture: a framed photo or page is refused as it would be without its frame. The
 * frame's sides agree within COLLAGE_COLOUR_TOLERANCE, as a collage's margins must. The search
 * runs once more on the inner box cut to whole coding blocks (`withinCodingBlocks`) when the first
 * finds nothing, and when it finds a layout: then the second is taken if it has more parts and
 * keeps the first one's cuts (`refines`).
 */
function insideFrame(raster: Raster, stats: RegionStats | OneAxisStats, h: StripDetection | undefined, v: StripDetection | undefined, axis: SplitOptions['axis']): SplitPlan | undefined {
  const xs = h?.segments ?? [];
  const ys = v?.segments ?? [];
  const columns = stats.columns;
  const rows = stats.rows;
  if ((h && v && (xs.length === 0 || ys.length === 0)) || columns === undefined || rows === undefined) return undefined;
  const columnKinds = classifyLines(columns);
  const rowKinds = classifyLines(rows);
  let x0 = xs[0]?.start ?? 0;
  let x1 = xs[xs.length - 1]?.end ?? raster.width;
  let y0 = ys[0]?.start ?? 0;
  let y1 = ys[ys.length - 1]?.end ?? raster.height;
  if (x0 === 0 || y0 === 0 || x1 === raster.width || y1 === raster.height) {
    // No margin found on some side: the frame's own lines may all ring (see `edgeFrame`).
    const left = edgeFrame(columns, columnKinds, 1);
    const right = edgeFrame(columns, columnKinds, -1);
    const top = edgeFrame(rows, rowKinds, 1);
    const bottom = edgeFrame(rows, rowKinds, -1);
    if (Math.min(left, right, top, bottom) < EDGE_FRAME_MIN_LINES || Math.max(left, right, top, bottom) > EDGE_FRAME_MAX_LINES) return undefined;
    [x0, x1, y0, y1] = [left, raster.width - right, top, raster.height - bottom];
    // Only a frame that rings was missed by the strip search; plain edges of one colour round a
    // lossless picture (a screenshot's page) were already read as margins, and searching inside
    // them again cost the bench's 1080p screenshot 2.2 → 3.8 ms in planSplit for the same refusal.
    const rings = (kinds: Uint8Array, from: number, to: number): boolean => kinds.subarray(from, to).includes(LineKind.Ringing);
    if (!rings(columnKinds, 0, x0) && !rings(columnKinds, x1, raster.width) && !rings(rowKinds, 0, y0) && !rings(rowKinds, y1, raster.height)) return undefined;
    if (x1 - x0 < MIN_PARTS || y1 - y0 < MIN_PARTS) return undefined;
  }
  const sides = [frameColour(columns, columnKinds, 0, x0), frameColour(columns, columnKinds, x1, raster.width), frameColour(rows, rowKinds, 0, y0), frameColour(rows, rowKinds, y1, raster.height)];
  if (!sides.every((c) => sameColour(c, sides[0]!))) return undefined;
  // A lossy frame: past its plain lines, ringing lines of its colour and a line or two of blend
  // with the collage inside; left in the crop, they cross every line of it (measured: a 29 px red
  // frame at JPEG q75 reads 16 plain rows, 12 ringing, 1 blended).
  const past = (kinds: Uint8Array, lines: LineStats, from: number, step: 1 | -1, stop: number): number => {
    let i = from;
    let ringing = 0;
    while (i !== stop && kinds[i] !== LineKind.Content && sameColour(meanColour(lines, i, i + 1), sides[0]!) && (kinds[i] === LineKind.Plain || ++ringing <= NARROW_RINGING_RUN)) i += step;
    if (i === from) return i;
    for (let n = 0; n < BLEND_LINES && i !== stop; n++) i += step;
    return i;
  };
  const left = past(columnKinds, columns, x0, 1, x1);
  const right = past(columnKinds, columns, x1 - 1, -1, left) + 1;
  const top = past(rowKinds, rows, y0, 1, y1);
  const bottom = past(rowKinds, rows, y1 - 1, -1, top) + 1;
  if (right - left < MIN_PARTS || bottom - top < MIN_PARTS) return undefined;
  const inner = pastFrameTint(raster, { x: left, y: top, width: right - left, height: bottom - top }, sides[0]!);
  let searched = pastFrameBlend(raster, inner);
  let plan = planIn(crop(raster, searched), { axis }, false);
  if (!plan.ok) {
    searched = withinCodingBlocks(inner);
    if (searched === inner) return undefined;
    plan = planIn(crop(raster, searched), { axis }, false);
    if (!plan.ok) return undefined;
  } else {
    // Found, yet the frame's ringing may have hidden some seams (see `withinCodingBlocks`).
    const blocks = withinCodingBlocks(inner);
    const more = blocks === inner ? undefined : planIn(crop(raster, blocks), { axis }, false);
    if (more?.ok && more.parts.length > plan.parts.length && refines(plan.parts, inner, more.parts, blocks)) {
      plan = more;
      searched = blocks;
    }
  }
  // Back to picture coordinates; a strip's parts span the whole picture across the axis, as ever.
  // A part at an edge of the searched box starts at the inner box's edge: lines left out of the
  // search for their ringing are that panel's.
  const searchedRight = searched.x + searched.width;
  const searchedBottom = searched.y + searched.height;
  const parts = plan.parts.map((b) => {
    let x0 = b.x + searched.x;
    let x1 = x0 + b.width;
    let y0 = b.y + searched.y;
    let y1 = y0 + b.height;
    if (x0 === searched.x) x0 = inner.x;
    if (x1 === searchedRight) x1 = inner.x + inner.width;
    if (y0 === searched.y) y0 = inner.y;
    if (y1 === searchedBottom) y1 = inner.y + inner.height;
    const at = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
    if (plan.axis === 'horizontal') return { ...at, y: 0, height: raster.height };
    if (plan.axis === 'vertical') return { ...at, x: 0, width: raster.width };
    return at;
  });
  return { ...plan, parts, reason: `${plan.reason}; inside a frame rgb(${sides[0]!.join(',')})` };
}

/**
 * Fewest lines a frame found by `edgeFrame` must have on every side. Measured on the pictures that
 * reach it (refused for want of seams with no margin on some side, or refused by the layout
 * checks) in independent seeds 12201–12224 and the four committed batches (219 pictures): the
 * framed mixes' thinnest sides read 4–13 lines (frames of 6–14 px; 4 for a 6 px frame at q37
 * whose outermost line is content), heavy collages with a 7–8 px margin 4–6; of the others
 * (pages, photos, screenshots), 205 read 0 on some side, two 2 (unseen new-none-06, a heavy
 * 3x2 refused by its layout), and one screenshot 7 (generated gen-none-06, whose inside is
 * refused too).
 */
const EDGE_FRAME_MIN_LINES = 4;

/** Mean colour of the lines [start, end) of a frame's side that are no content (a content line's sums are not kept). */
function frameColour(lines: LineStats, kinds: Uint8Array, start: number, end: number): Rgb {
  let from = start;
  let to = end;
  while (from < to && kinds[from] === LineKind.Content) from++;
  while (to > from && kinds[to - 1] === LineKind.Content) to--;
  return from < to ? meanColour(lines, from, to) : meanColour(lines, start, end);
}

/**
 * Most lines a frame found by `edgeFrame` may have on any side: the generators draw frames of
 * 6–30 px, and the framed mixes read 4–14 lines. A studio photo's plain backdrop reads as a
 * "frame" of hundreds of lines (the bench's 25 MP photo 1124, 1000, 82 and 130; its 12 MP photo
 * 732, 650, 60 and 46), and searching inside it cost the 25 MP photo 86 ms more in planSplit
 * (17.6 → 104 ms, bench/separators-speed.ts), for the same refusal.
 */
const EDGE_FRAME_MAX_LINES = 40;

/**
 * How many lines from one end of `lines` (the first when `step` is 1, the last when −1) are no
 * content and one colour with the end line, within COLLAGE_COLOUR_TOLERANCE: a frame's side as
 * the lines tell it, plain or ringing. The strip search takes no ringing line for a margin (a sky
 * at the edge of a photo rings too), so a lossy frame whose every line rings on a side, as a thin
 * frame's do when the dark seam inside shares their coding block, leaves that side without a
 * margin and `insideFrame` without a frame (independent seed 12206 mix-08: a 7 px frame at JPEG
 * q85 round 30-grey seams reads all 7 of its columns and rows at the left and top as ringing).
 * Used only where the margins do not show the frame, and the frame's four sides must still agree.
 */
function edgeFrame(lines: LineStats, kinds: Uint8Array, step: 1 | -1): number {
  const n = lines.count;
  // The picture's own end line may read as content, the frame's ringing over the spread a
  // ringing line may have (independent seed 12214 mix-07, a 6 px frame at JPEG q37 4:2:0: the
  // first column, the first row and the last column). One such line is skipped, and counted.
  let end = step === 1 ? 0 : n - 1;
  if (kinds[end] === LineKind.Content && kinds[end + step] !== LineKind.Content) end += step;
  const colour = meanColour(lines, end, end + 1);
  let k = Math.abs(end - (step === 1 ? 0 : n - 1));
  for (let i = end; k < n >> 1 && kinds[i] !== LineKind.Content && sameColour(meanColour(lines, i, i + 1), colour); i += step) k++;
  return k < n >> 1 ? k : 0;
}

/**
 * The side of a JPEG block of chroma at 4:2:0 (an MCU): its ringing stays within the block of the
 * edge that caused it.
 */
const CODING_BLOCK = 16;

/**
 * `inner` shrunk on each side to the first boundary of a coding block inside it, for a second
 * search when the first one inside a frame found nothing; `inner` itself when that would leave
 * less than CODING_BLOCK × 4 lines across. A lossy frame's edge rings through the rest of its
 * block, past what `pastFrameTint` trims (the ringing is in a few pixels of each line, not in the
 * mean of the line): independent seed 10207 mix-03, a 19 px lilac frame round green 15 px seams at
 * JPEG q45, its seam rows read a blue spread of 28 from columns 19–31 (the block 16–31) and were
 * no separators; from column 32 on they are one colour within 16. On independent seeds
 * 10200–10215 (1 024 pictures) two refused framed mixes split exactly (10207 mix-03 and one of
 * 10209), and no other score changed. With no inner margin the seams meet the frame inside the
 * block it rings through, and the first search finds a layout with those seams lost: independent
 * seed 18021 mix-09 (8 px frame, 16 px white seams at JPEG q57 4:2:0) read rows 221–236 with a red
 * minimum of 221–229 in the 8 columns beside the frame, no row plain, and two of its three seams
 * were lost; from column 16 on, rows 224–234 spread 2–11 (see `refines`).
 */
function withinCodingBlocks(inner: Box): Box {
  const x0 = Math.ceil(inner.x / CODING_BLOCK) * CODING_BLOCK;
  const y0 = Math.ceil(inner.y / CODING_BLOCK) * CODING_BLOCK;
  const x1 = Math.floor((inner.x + inner.width) / CODING_BLOCK) * CODING_BLOCK;
  const y1 = Math.floor((inner.y + inner.height) / CODING_BLOCK) * CODING_BLOCK;
  if (x1 - x0 < 4 * CODING_BLOCK || y1 - y0 < 4 * CODING_BLOCK) return inner;
  if (x0 === inner.x && y0 === inner.y && x1 === inner.x + inner.width && y1 === inner.y + inner.height) return inner;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * Most pixels between two cuts through one seam, one from each search inside a frame: each cut
 * lies inside the seam, and the generators draw seams of up to 24 px. Measured on independent
 * seeds 18000–18059: the first plan's cuts lay 0–10 px from the block search's in eight of the
 * nine plans it changed (seed 18002 mix-10: the first plan's one cut at y 395, 7 px off the seam's
 * middle, the block search's at 405), and 18 px in the ninth (seed 18051 mix-07, a 24 px seam at
 * JPEG q54 cut at 473 and 491, both inside it).
 */
const REFINE_SLACK = 24;

/**
 * Whether every cut of `coarse` (parts inside the box `a`) lies within REFINE_SLACK of a cut of
 * `fine` (parts inside `b`) across the same axis: the layout found inside whole coding blocks
 * keeps every seam the first search inside the frame found, and adds some. A frame's ringing only
 * hides seams; a search that loses one of the first plan's seams read its lines otherwise, and is
 * not taken.
 */
function refines(coarse: readonly Box[], a: Box, fine: readonly Box[], b: Box): boolean {
  const cuts = (parts: readonly Box[], at: Box, k: 'x' | 'y'): number[] => {
    const starts = parts.map((p) => p[k] + at[k]);
    const first = Math.min(...starts);
    return starts.filter((v) => v !== first);
  };
  return (['x', 'y'] as const).every((k) => {
    const fineCuts = cuts(fine, b, k);
    return cuts(coarse, a, k).every((c) => fineCuts.some((f) => Math.abs(f - c) <= REFINE_SLACK));
  });
}

/**
 * `inner` without its edge lines that are the JPEG blend between the frame and a plain inner
 * margin: one or two lines (BLEND_LINES) of content, read across the inner box, before a line that
 * is none. A panel is never so thin, and left in the search such a line is content at the end of
 * every line across it: the margin beside it reads as a seam with a one-line sliver beyond, and
 * the first part starts at the frame (independent seed 18035 mix-05: a 7 px frame at JPEG q69
 * 4:4:4 whose every line rings, found by `edgeFrame`, round a 28 px white inner margin; column 7
 * spread 198 between the frame's and the margin's plain columns, and the parts began at x 7 for
 * 35). Inside a frame with no inner margin a photo's edge lines are content with content beyond,
 * and stay. The search skips them; the parts still reach the inner box's edges.
 */
function pastFrameBlend(raster: Raster, inner: Box): Box {
  if (inner.width <= 4 * BLEND_LINES || inner.height <= 4 * BLEND_LINES) return inner;
  const stats = measureLines(raster, inner);
  const columns = classifyLines(stats.columns!);
  const rows = classifyLines(stats.rows!);
  // The content lines at that end, when they are 1 to BLEND_LINES before a line that is not.
  const blend = (kinds: Uint8Array, from: number, step: 1 | -1): number => {
    let k = 0;
    while (k <= BLEND_LINES && kinds[from + step * k] === LineKind.Content) k++;
    return k <= BLEND_LINES ? k : 0;
  };
  const left = blend(columns, 0, 1);
  const right = blend(columns, inner.width - 1, -1);
  const top = blend(rows, 0, 1);
  const bottom = blend(rows, inner.height - 1, -1);
  return left + right + top + bottom === 0 ? inner : { x: inner.x + left, y: inner.y + top, width: inner.width - left - right, height: inner.height - top - bottom };
}

/** Most lines past a frame's blend that may still carry its tint: 4:2:0 chroma is one sample per 2 lines, upsampled over the next 2. */
const FRAME_TINT_LINES = 4;
/** Chroma levels from which a line leans towards the frame's: tinted (see pastFrameTint for the measurements). */
const FRAME_TINT = 8;

/**
 * `inner` without its edge lines still tinted by the frame: JPEG's 4:2:0 chroma smears a
 * frame's colour a line or two further than its luma, past the blend `insideFrame` skips, and
 * such a line crosses every line of the crop (measured: independent seed 1202 mix-02, a 27 px
 * orange frame (237,147,91) round a 30 px grey (200) inner margin at q53: the crop began at
 * columns of (218,198,187) and (208,200,197), 19 and 9 levels towards the frame from the margin's
 * 199; every row of the crop read ringing, its seams too, and the collage was refused). A line is
 * tinted when its chroma leans over FRAME_TINT towards the frame's from the line FRAME_TINT_LINES
 * further in. Chroma, not RGB: a photo's edge inside a lossless frame differs from its inside in
 * brightness (seed 1207 mix-03: +10 a channel, chroma lean 0) and lost a line in RGB. Measured
 * leans: the first line past the blend 5–15 (seed 1202 mix-02 and mix-04, q53 and q77; trimming
 * those over 8 was enough in both), 17–82 over 4 lines at q31 (seed 1205 mix-02); a flat margin or
 * a photo's edge −1 to 3. Inside a frame with no inner margin a photo's edge may lose up to
 * FRAME_TINT_LINES lines, for the search only: the frame's sides are margin either way.
 */
function pastFrameTint(raster: Raster, inner: Box, frame: Rgb): Box {
  // Column `at` (when `vertical`) or row `at` across the inner box.
  const mean = (vertical: boolean, at: number): number[] =>
    vertical ? lineMean(raster, inner, 'horizontal', at - inner.x, 0, inner.height) : lineMean(raster, inner, 'vertical', at - inner.y, 0, inner.width);
  // Lines skipped from the edge at `from` (a column when `vertical`), walking by `step`.
  const tinted = (vertical: boolean, from: number, step: 1 | -1): number => {
    const ref = mean(vertical, from + step * FRAME_TINT_LINES);
    let k = 0;
    for (; k < FRAME_TINT_LINES; k++) {
      const m = mean(vertical, from + step * k);
      const [lb, lr] = chroma([m[0]! - ref[0]!, m[1]! - ref[1]!, m[2]! - ref[2]!]);
      const [fb, fr] = chroma([frame[0] - ref[0]!, frame[1] - ref[1]!, frame[2] - ref[2]!]);
      const lean = (lb * fb + lr * fr) / (Math.hypot(fb, fr) || 1);
      if (!(lean > FRAME_TINT)) break;
    }
    return k;
  };
  if (inner.width <= 4 * FRAME_TINT_LINES || inner.height <= 4 * FRAME_TINT_LINES) return inner;
  const left = tinted(true, inner.x, 1);
  const right = tinted(true, inner.x + inner.width - 1, -1);
  const top = tinted(false, inner.y, 1);
  const bottom = tinted(false, inner.y + inner.height - 1, -1);
  return { x: inner.x + left, y: inner.y + top, width: inner.width - left - right, height: inner.height - top - bottom };
}

/** The chroma (Cb, Cr) of an RGB difference, as JPEG stores it (ITU-R BT.601). */
function chroma([r, g, b]: readonly number[]): [number, number] {
  return [cb(r!, g!, b!), cr(r!, g!, b!)];
}

function colourName(colour: Rgb | undefined): string {
  return colour === undefined ? '' : ` rgb(${colour.join(',')})`;
}

/** Extra rules that shaped a detection, for the reason. */
function extras(captions: number, damaged: number): string {
  const out: string[] = [];
  if (captions > 0) out.push(`${captions} caption${captions === 1 ? '' : 's'} kept with ${captions === 1 ? 'its photo' : 'their photos'}`);
  if (damaged > 0) out.push(`${damaged} seam${damaged === 1 ? '' : 's'} crossed by a badge or worn by compression`);
  return out.length ? `; ${out.join('; ')}` : '';
}

function explainStrip(d: StripDetection, colour: Rgb | undefined): string {
  const n = d.segments.length;
  const layout = d.axis === 'horizontal' ? `${n} panels side by side` : `${n} panels stacked`;
  return `${layout}, cut through the middle of ${d.separators.length} separator${d.separators.length === 1 ? '' : 's'}${colourName(colour)}${extras(d.captions, d.damaged)}`;
}

function explainGrid(panels: Box[], colour: Rgb | undefined, h: StripDetection, v: StripDetection): string {
  const { rows, cols } = gridShape(panels);
  const shape = rows * cols === panels.length ? `a ${rows}x${cols} grid` : `a grid of ${panels.length} panels in ${rows} rows`;
  return `${shape}, its cuts through the middle of separators${colourName(colour)}${extras(h.captions + v.captions, h.damaged + v.damaged)}`;
}

function explainLattice(panels: Box[]): string {
  const { rows, cols } = gridShape(panels);
  return `a ${rows}x${cols} grid, its cuts through the middle of thin seams seen only in their lines' brightness (JPEG blurred their colour)`;
}

/** The even division: over the full span, margins included (docs/catalog.md, «Pictures»). */
function evenly(raster: Raster, axis: StripAxis, n: number): SplitPlan {
  const span = axis === 'horizontal' ? raster.width : raster.height;
  const division = equalDivision(span, n);
  if (division === null) {
    return { ok: false, reason: `the picture measures ${span} pixels across the ${axis} axis, which cannot be divided into ${n} parts` };
  }
  return {
    ok: true,
    axis,
    method: 'equal',
    parts: stripBoxes({ x: 0, y: 0, width: raster.width, height: raster.height }, axis, division),
    reason: `no separators give ${n} parts, so the ${axis === 'horizontal' ? 'width' : 'height'} is divided evenly (a cut may run through content)`,
  };
}

/** Auto strip axis: more usable segments win; a tie (also 0 vs 0) goes to the longer side. */
function pickStripAxis(h: StripDetection, v: StripDetection, longer: StripAxis): StripDetection {
  const hn = h.usable ? h.segments.length : 0;
  const vn = v.usable ? v.segments.length : 0;
  if (hn !== vn) return hn > vn ? h : v;
  return longer === 'horizontal' ? h : v;
}

const NO_SEPARATORS =
  'no separators were found, so the parts of this picture cannot be guessed; pass parts to divide it evenly, or crop an explicit box';

function drawnOnCanvas(share: number, colour: Rgb): string {
  return `${Math.round(share * 100)} % of this picture is its background colour${colourName(colour)}: it is a page, a chart or a diagram drawn on that background, not panels pasted on a canvas, so the gaps between its marks are not cut; crop the region you need, or pass parts to divide it evenly`;
}

function textured(apparent: number): string {
  return `this picture appears to fall into ${apparent} parts, more than the ${MAX_PARTS} strips (or ${MAX_GRID_PANELS} aligned grid panels) one call returns; it is more likely textured than assembled, so crop the region you need instead`;
}
