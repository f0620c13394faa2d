/**
 * Strip detection along one axis of one region: panels side by side (`horizontal`, the lines are
 * columns) or stacked (`vertical`, the lines are rows).
 */
import type { Box, Raster } from '../raster.js';
import { attachCaptions, CAPTION_RATIO, FLAT_TOLERANCE, isLight } from './captions.js';
import { backgroundBeside, GAP_COLOUR_TOLERANCE, isGapInsidePanel } from './background-gap.js';
import { classifyLines, LineKind, lineEnds, lineMean, meanColour, RUN_COLOUR_AGREEMENT, SHADE_MIN, SHADED_MIN_MEAN, SHADED_SEAM_MAX, shadeLines } from './classify.js';
import { ballotOfRun, BLEND_LINES, COLLAGE_COLOUR_TOLERANCE, collageColour, sameColour, sameSeamColour, THIN_SEAM, type Rgb } from './collage-colour.js';
import { damagedSeams, lumaMargins, seamsAtEndsFramed } from './damaged-seams.js';
import { colourEnd, exactTwin, flatEnd } from './exact-twins.js';
import { shadedMarginEnd } from './margin-profile.js';
import { marginShading, seamAndFade, shadedAsMargins, shadedStretch, shadedTwins, shadingMargins, shadingTwins } from './fading-seams.js';
import { drawnGradient, exactEnd, oneColourPieces, seamOfRun } from './seams.js';
import { overWhite, type LineStats, type OneAxisStats, type RegionStats } from './line-stats.js';
import { antialiasedInk, exactTwinAtEnd, cutOf, findRuns, inkLines, NARROW_RINGING_RUN, type AxisRuns } from './runs.js';
import { foldSlivers, minimumPartSize, type Interval } from './segments.js';

export type StripAxis = 'horizontal' | 'vertical';

/** Most parts one strip split returns; more apparent parts mean texture, not a collage. */
export const MAX_PARTS = 8;

/** A separator run that survived every rule, with the colour it shows. */
export interface Separator extends Interval {
  colour: [number, number, number];
}

export interface StripDetection {
  axis: StripAxis;
  /** Segments after folding slivers, in absolute picture coordinates along the axis. */
  segments: Interval[];
  /** The separators whose cuts survived folding, one per cut, in order (absolute coordinates). */
  separators: Separator[];
  /** segments.length; reported as the "apparent" count in refusals. */
  apparent: number;
  /** 2..MAX_PARTS segments. */
  usable: boolean;
  /** At least two panels that are not light (see `captions.ts`): seams beside light segments may stand. */
  trusted: boolean;
  /** Captions attached to their photo. */
  captions: number;
  /** The gaps between a caption and its photo, dropped as seams (picture coordinates): no cut inside a grid's part either. */
  captionGaps?: Interval[];
  /** Seams found only by the damaged-seam rule (badges, heavy compression). */
  damaged: number;
  /** Every damaged seam found along the axis (before any other rule), for a second pass. */
  damagedSeams: Separator[];
  /** First pass (`vote`): each kept seam's ballot for the collage colour (`collage-colour.ts`). */
  ballots?: Separator[][];
}

/**
 * What a detection over some lines learnt that does not depend on its options, for another pass
 * over the very same lines (the same LineStats of the same region) to reuse: planSplit runs two
 * to three passes per axis of the whole picture (vote, crossing, collage colour). The line kinds
 * after shading, the gap-inside-a-panel test per gap and colour, and the fade test per seam are
 * pure functions of the pixels and those lines. Measured on the 4×4 photo grid (median CPU µs,
 * 7 × 300 calls): its whole-picture collage-colour pass 386 → 115 over the columns, 190 → 70
 * over the rows, given the vote pass's memo.
 */
export interface StripMemo {
  kinds?: Uint8Array;
  readonly gaps: Map<string, boolean>;
  readonly fades: Map<string, { kept: Interval; fades: boolean }>;
}

/** An empty memo for the passes over one set of lines. */
export function stripMemo(): StripMemo {
  return { gaps: new Map(), fades: new Map() };
}

/**
 * Options of a detection inside a grid part: how a found seam is checked or narrowed (null
 * rejects it), and where the part's content ends along the axis (the picture's own margins, not
 * the part's first and last plain lines — a screenshot panel's blank padding is part of the panel).
 */
export interface PartDetectionOptions {
  refine?: (sep: Separator) => Separator | null;
  bounds?: Interval;
  /** The collage colour (`collage-colour.ts`), once known: margins and seams must have it. */
  colour?: Rgb;
  /** Evidence from an outer cut that the colour is the canvas between pictures (`captions.ts`). */
  trusted?: boolean;
  /**
   * Inside a grid part, a damaged seam (`damaged-seams.ts`) counts only where it continues a seam
   * of the whole picture: a part's short lines are too easily "nearly one colour" on their own.
   */
  damagedWithin?: readonly Interval[];
  /**
   * The damaged seams of the same lines, already found by a first pass without the collage colour
   * (picture coordinates): the second pass keeps those of the collage colour instead of searching
   * again (their probes are the costliest reads of a big photo grid).
   */
  damagedFound?: readonly Separator[];
  /** A first pass that only votes the collage colour: the caption rule waits for the colour. */
  vote?: boolean;
  /** Seams across these lines already found (picture coordinates along them): `damaged-seams.ts`, CROSSING. */
  crossing?: readonly Interval[];
  /** With `crossing`: the damaged seams a pass without it found (picture coordinates), not searched again. */
  damagedKnown?: readonly Separator[];
  /** Shared by every pass over the same lines (see `StripMemo`). */
  memo?: StripMemo;
  /** Inside a grid part: the width of the seam the part was cut out along, the collage's seam width when the part has one seam (`narrowPaddedSeams`). */
  parentWidth?: number;
}

/**
 * Detects the strips of `region` along `axis` from its line statistics.
 *
 * @example
 * ```ts
 * const stats = measureLines(raster, fullBox);
 * const h = detectStrips(raster, stats, 'horizontal'); // h.segments: [{start:0,end:305}, …]
 * ```
 */
export function detectStrips(raster: Raster, stats: RegionStats | OneAxisStats, axis: StripAxis, options: PartDetectionOptions = {}): StripDetection {
  const region = stats.region;
  const lines = axis === 'horizontal' ? stats.columns : stats.rows;
  const none: StripDetection = { axis, segments: [], separators: [], apparent: 0, usable: false, trusted: options.trusted ?? false, captions: 0, damaged: 0, damagedSeams: [] };
  if (lines === undefined) return none;
  const origin = axis === 'horizontal' ? region.x : region.y;
  // A seam in this strip's own line numbers, with its colour: what the twin rules (exact-twins.ts) compare.
  const local = (o: { start: number; end: number; colour: Rgb }) => ({ start: o.start - origin, end: o.end - origin, colour: o.colour });
  // A seam moved to `twin` (own line numbers), its colour read at the twin's first line.
  const moveTo = (f: { start: number; end: number; colour: Rgb }, twin: Interval): void => {
    Object.assign(f, { start: origin + twin.start, end: origin + twin.end, colour: meanColour(lines, twin.start, twin.start + 1) });
  };
  const memo = options.memo;
  let kinds: Uint8Array;
  if (memo?.kinds) kinds = memo.kinds.slice();
  else {
    kinds = classifyLines(lines);
    shadeLines(raster, region, axis, lines, kinds, NARROW_RINGING_RUN);
    if (memo) memo.kinds = kinds.slice();
  }
  const insidePanel = (gap: Interval, colour: Rgb): boolean => {
    const key = `${gap.start},${gap.end},${colour[0]},${colour[1]},${colour[2]}`;
    let inside = memo?.gaps.get(key);
    if (inside === undefined) {
      inside = isGapInsidePanel(raster, region, axis, gap, colour);
      memo?.gaps.set(key, inside);
    }
    return inside;
  };
  const inkBeside = (line: number, beyond: number, seam: Rgb): boolean => antialiasedInk(raster, region, axis, line, beyond, seam);
  const firstRuns = findRuns(kinds, lines, options.colour, inkBeside);
  if (firstRuns === null) return none;
  // Whether a line ramps as the axis's seams do, when they do (`rampingCanvas`); asked for lazily.
  let rampTest: ((line: number) => boolean) | undefined | null = null;
  const ramping = (): ((line: number) => boolean) | undefined => (rampTest === null ? (rampTest = rampingCanvas(raster, region, axis, firstRuns, lines, options.colour!)) : rampTest);
  // Whether the rows lack a margin at one of their ends at least (see `marginsOf`): asked only of
  // a whole picture's columns.
  const whole = region.x === 0 && region.y === 0 && region.width === raster.width && region.height === raster.height;
  const bare = whole && axis === 'horizontal' && options.colour ? () => !(canvasLine(raster, region, 0, options.colour!) && canvasLine(raster, region, region.height - 1, options.colour!)) : undefined;
  const margined0 = options.colour ? marginsOf(firstRuns, kinds, lines, options.colour, inkBeside, ramping, bare) : firstRuns;
  // Beside a seam found only by the damaged-seam rules, a thin margin's lines JPEG smeared (content lines of the margin's luma, damaged-seams.ts).
  const margined = margined0 && options.colour && options.damagedFound?.length ? lumaMargins(raster, region, axis, kinds, margined0, options.colour) : margined0;
  if (margined === null) return none;
  const runs = options.colour ? splitAtFlatPanels(margined, kinds, lines, options.colour) : twinEndedRuns(margined, lines);
  // The shading of the margins when the canvas is a painted gradient (fading-seams.ts, marginShading); asked for lazily.
  let marginEnds: number[] | null | undefined;
  const canvasEnds = (): number[] | null => (marginEnds === undefined ? (marginEnds = marginShading(raster, region, axis, lines, runs.contentStart, runs.contentEnd)) : marginEnds);

  type Found = Separator & { damaged: boolean; ballot: Separator[] };
  const found: Found[] = [];
  const faded: { run: Interval; seam: Interval }[] = [];
  const admit = (run: Interval, seam: Interval): void => {
    // The colour of the seam's middle line: its edge lines blend with the panels (a flat panel's
    // own colour, JPEG ringing).
    const mid = cutOf(seam);
    const at = { start: origin + seam.start, end: origin + seam.end };
    // The first pass votes the collage colour with the run's one-colour pieces (collage-colour.ts).
    const ballot = options.vote
      ? ballotOfRun(oneColourPieces(lines, run).map((p) => ({ start: origin + p.start, end: origin + p.end, colour: meanColour(lines, p.start, p.end) })), at)
      : [];
    found.push({ ...at, colour: meanColour(lines, mid, mid + 1), damaged: false, ballot });
  };
  const refused: number[] = [];
  runs.separators.forEach((run, j) => {
    const ofRun = seamOfRun(raster, region, axis, lines, run, options.colour, insidePanel);
    if (ofRun === null) {
      refused.push(j);
      return;
    }
    // Only a seam of FLAT_EDGE_MIN lines or more can hold a flat edge: narrower ones cost no read.
    const inRun = options.colour && ofRun.end - ofRun.start >= FLAT_EDGE_MIN ? withoutFlatEdges(ofRun, ramping()) : ofRun;
    // A band that fades into the picture beside it is that picture's sky or edge (fading-seams.ts),
    // unless a shaded twin among the seams that stand vouches for it.
    const fadeKey = `${inRun.start},${inRun.end}`;
    let fading = memo?.fades.get(fadeKey);
    if (fading === undefined) {
      fading = seamAndFade(raster, region, axis, lines, kinds, inRun);
      memo?.fades.set(fadeKey, fading);
    }
    const { kept: seam, fades } = fading;
    // Faded or trimmed beside a pale panel, a seam shading as the canvas's margins do is its
    // shading stretch (fading-seams.ts, shadedAsMargins). Asked only then, and only of a colour pass.
    const trimmed = fades || seam.start !== inRun.start || seam.end !== inRun.end;
    const ends = trimmed && options.colour && !options.vote ? canvasEnds() : null;
    const shaded = ends ? shadedAsMargins(raster, region, axis, lines, inRun, ends) : null;
    if (shaded) admit(run, shaded);
    else if (fades) faded.push({ run, seam });
    else admit(run, seam);
  });
  if (options.colour && !options.vote) {
    // A run taken for a gap inside one panel, shading as the canvas's margins do, is a seam of a
    // canvas painted as a gradient: a page's gap is flat along its length (fading-seams.ts,
    // shadedAsMargins; independent seed 9304 gradient-05, JPEG q32: a 10 px seam shading 233→246
    // beside two pale photos read as rows 441–448 refused and 449 alone, then dropped).
    const besideMargins = (run: Interval): Interval | null => {
      const ends = canvasEnds();
      return ends ? shadedAsMargins(raster, region, axis, lines, run, ends) : null;
    };
    for (const j of refused) {
      const standing = found.map((f) => ({ start: f.start - origin, end: f.end - origin }));
      // A gradient seam between a white drawing and a pale photo reads as a gap inside one panel;
      // a twin shading as the seams that stand do vouches for it (fading-seams.ts, shadedTwins).
      const seam = captionFarSeam(raster, region, axis, lines, runs, j, standing, options.colour) ?? exactTwin(lines, runs.separators[j]!, standing) ?? (axis === 'horizontal' ? exactTwinAtEnd(lines, runs.separators[j]!, standing) : null) ?? shadedTwins(raster, region, axis, lines, [runs.separators[j]!], standing)[0] ?? besideMargins(runs.separators[j]!);
      if (seam) admit(runs.separators[j]!, seam);
    }
    // A seam taken wider than its exact twins, with panel edges in it, is its exact stretch; with
    // no twin, the exact lines at one end of it, when the rest are a pale backdrop (seams.ts, exactEnd);
    // through JPEG, the end reading the colour of the seams that stand (exact-twins.ts, colourEnd).
    for (const f of found) {
      const run = { start: f.start - origin, end: f.end - origin };
      const others = found.filter((o) => o !== f).map(local);
      // At an end of it too: the seam is found already, and its exact stretch is where it lies.
      const twin = exactTwin(lines, run, others, false) ?? exactEnd(raster, region, axis, lines, run) ?? colourEnd(run, others, (a, b) => meanColour(lines, a, b)) ?? flatEnd(raster, region, axis, lines, run);
      if (twin) moveTo(f, twin);
    }
    found.sort((a, b) => a.start - b.start);
  }
  if (faded.length > 0 && found.length > 0) {
    const standing = found.map((f) => ({ start: f.start - origin, end: f.end - origin }));
    const twins = shadedTwins(raster, region, axis, lines, faded.map((f) => f.seam), standing);
    // A seam that fades into a dark or pale photo edge beside it, drawn exactly and as wide as an
    // exact seam that stands, is that seam's twin: a photo's band is never one exact colour over a
    // whole line (exact-twins.ts). Through JPEG, a run whose end as wide as the standing seams
    // reads their colour, the rest a backdrop of another shade, is that seam too (exact-twins.ts, colourEnd;
    // independent seed 20010 caption-08, q95: 8 px white seams, the run 111–126 beside a photo's
    // 246 backdrop faded into it, and two photos came out one part).
    const others = found.map(local);
    faded.forEach((f, k) => {
      // Last, the stretch shading as a seam that stands (fading-seams.ts, shadedStretch).
      const twin =
        twins[k] ??
        exactTwin(lines, f.seam, standing, false) ??
        flatTwin(lines, f.seam, others) ??
        (options.colour && !options.vote ? (colourEnd(f.seam, others, (a, b) => meanColour(lines, a, b)) ?? shadedStretch(raster, region, axis, lines, f.seam, standing) ?? fadedRunEnd(f.run, f.seam, others, (a, b) => meanColour(lines, a, b))) : null);
      if (twin) admit(f.run, twin);
    });
  }
  const within = options.damagedWithin?.map((k) => ({ start: k.start - origin, end: k.end - origin })).filter((k) => k.end > 0 && k.start < lines.count);
  const colour0 = options.colour;
  const damaged = options.damagedFound
    ? options.damagedFound.filter((d) => colour0 === undefined || sameSeamColour(d.colour, colour0)).map((d) => ({ start: d.start - origin, end: d.end - origin, colour: d.colour }))
    : within?.length === 0
      ? []
      : damagedSeams(raster, region, axis, kinds, options.colour, within, found.map((f) => ({ start: f.start - origin, end: f.end - origin })), options.crossing, options.damagedKnown?.map((d) => ({ start: d.start - origin, end: d.end - origin, colour: d.colour })));
  // Where every seam found whole ramps (a gradient separator), a worn seam shades too: a badge or
  // JPEG spoils part of a line, not the shading of its ends. A white band of a drawing does not
  // (independent seed 4206 gradient-07, PNG: seams 230→247 read 14.9 apart end to end, rows 38–50
  // of a table drawing 5.7, under SHADE_MIN, and were cut off at y 44). Asked only with damaged
  // seams: `ramps` reads four eighths of each found seam's middle line.
  const shadedAxis = damaged.length > 0 && found.length > 0 && found.every((f) => ramps(raster, region, axis, cutOf({ start: f.start - origin, end: f.end - origin })));
  const flat = (seam: Interval): boolean => {
    const [head, tail] = lineEnds(raster, region, axis, cutOf(seam));
    return head.every((v, c) => Math.abs(v - tail[c]!) < SHADE_MIN);
  };
  for (const seam of damaged) {
    if (seam.start <= runs.contentStart || seam.end >= runs.contentEnd) continue;
    if (shadedAxis && flat(seam)) continue;
    const at = { start: origin + seam.start, end: origin + seam.end };
    // A worn seam a sliver from a whole one is a panel's own stroke beside that seam, as no panel
    // is that thin; folded as a sliver, its cut won (independent seed 7409 caption-08: a palm
    // trunk 9 px from a 10 px black seam, the cut 11 px into the photo).
    if (found.some((f) => !f.damaged && Math.abs(cutOf(f) - cutOf(at)) < minimumPartSize(lines.count))) continue;
    // In a grid part, the stretch of the whole picture's seam it continues: its lines there, so
    // the cut lines up with the other parts' (a part's own lines may lose an edge line to a badge).
    const whole = options.damagedWithin?.find((k) => k.start < at.end && at.start < k.end);
    if (options.damagedWithin && !whole) continue;
    const sep = { ...(whole ? { start: whole.start, end: whole.end } : at), colour: seam.colour };
    found.push({ ...sep, damaged: true, ballot: [sep] });
  }
  found.sort((a, b) => a.start - b.start);
  const kept: Found[] = [];
  const joined = new Set<Found>();
  for (const f of found) {
    const sep = options.refine ? options.refine(f) : f;
    if (sep === null) continue;
    // Two seams at most BLEND_LINES apart are one that JPEG broke with a ringing line: the sliver
    // between them is no panel (foldSlivers would drop it later), and left standing until then it
    // hides the seam's side from the caption rule. Measured on independent seed 1301 caption-04
    // (q34): the gap under a white photo read as runs 353–354 and 355–363, its caption was joined
    // to the sliver and the gap stayed a cut between each photo and its caption.
    const previous = kept[kept.length - 1];
    if (previous !== undefined && sep.start - previous.end <= BLEND_LINES && !previous.damaged && !f.damaged && sameColour(previous.colour, sep.colour, RUN_COLOUR_AGREEMENT)) {
      if (sep.end - sep.start > previous.end - previous.start) previous.colour = sep.colour;
      previous.end = sep.end;
      joined.add(previous);
      continue;
    }
    // A few lines apart, no panel lies between two seams: one is the seam, the other a white
    // panel's own background beside it, cut off by that panel's drop shadow (independent seed
    // 4203 mix-05, JPEG q66: a drawing's white columns 603–794, 4 columns of shadow, the 24 px
    // white seam 798–818; the wide run's middle, x 698, cut the drawing). The narrower is the seam.
    if (previous !== undefined && sep.start - previous.end <= SHADOW_LINES && !previous.damaged && !f.damaged && sameColour(previous.colour, sep.colour, RUN_COLOUR_AGREEMENT) && shadowBetween(raster, region, axis, lines, previous.end - origin, sep.start - origin)) {
      if (sep.end - sep.start < previous.end - previous.start) kept[kept.length - 1] = { start: sep.start, end: sep.end, colour: sep.colour, damaged: f.damaged, ballot: f.ballot };
      continue;
    }
    kept.push({ start: sep.start, end: sep.end, colour: sep.colour, damaged: f.damaged, ballot: f.ballot });
  }

  // A seam joined to a piece beside it may be the seam and a panel's backdrop of nearly its colour,
  // read apart by the colour pass and joined again here: its end reading the colour of the seams
  // that stand, as wide as they are, is the seam (exact-twins.ts, colourEnd). Measured on
  // independent seed 22023 mix-03 (JPEG q38, 9 px cream seams (247,234,216), a photo's 234 grey
  // backdrop beside the first): columns 174-184 and 185-216 were joined and cut at 195, in the photo.
  if (options.colour && !options.vote) {
    for (const k of joined) {
      const others = kept.filter((o) => o !== k && !o.damaged).map(local);
      const end = colourEnd({ start: k.start - origin, end: k.end - origin }, others, (a, b) => meanColour(lines, a, b));
      if (end) moveTo(k, end);
    }
  }
  const span = { start: origin, end: origin + lines.count };
  let first = options.bounds ? Math.max(span.start, options.bounds.start) : origin + runs.contentStart;
  let last = options.bounds ? Math.min(span.end, options.bounds.end) : origin + runs.contentEnd;
  // A margin painted as a gradient ends where its lines stop shading as the picture's edge line
  // does (margin-profile.ts): not at a pale panel edge, nor short of lines JPEG smeared. A run
  // inside the lines it takes in is no seam: at most MARGIN_SMEAR_MAX lines, no panel fits there
  // (independent seed 26000 gradient-07: a run of 3 columns inside its smeared 9 px margin).
  // Asked only of a pale canvas, as every gradient canvas is (SHADED_MIN_MEAN).
  let movedMargins = false;
  if (options.colour && !options.vote && !options.bounds && Math.min(...options.colour) >= SHADED_MIN_MEAN) {
    const notContent = (i: number): boolean => kinds[i] !== LineKind.Content;
    const start = shadedMarginEnd(raster, region, axis, lines, 0, runs.contentStart, runs.contentEnd - 1, notContent);
    const end = shadedMarginEnd(raster, region, axis, lines, lines.count - 1, runs.contentEnd - 1, start, notContent) + 1;
    if (start !== runs.contentStart || end !== runs.contentEnd) {
      movedMargins = true;
      first = origin + start;
      last = origin + end;
    }
  }

  // Captions join their photo; seams beside a sky or a page need evidence (captions.ts).
  const colour = options.colour ?? collageColour(kept);
  let trusted = options.trusted ?? false;
  // A gradient seam drawn losslessly is evidence enough that the colour is the canvas between
  // pictures, beside a pale photo too (independent seeds 4211 gradient-01 and 4208 gradient-05, PNG:
  // 5 and 11 px seams 227→246 beside photos on 234–241 backdrops, dropped by the trust rule and the
  // collage refused), and the seam is its drawn stretch: the rest of the run is the backdrop (seed
  // 4211: columns 572–587 of it, cut at 582 inside the photo). Asked only without other evidence.
  if (!trusted && options.colour !== undefined && !options.vote) {
    for (const k of kept) {
      if (k.damaged) continue;
      const drawn = drawnGradient(raster, region, axis, lines, { start: k.start - origin, end: k.end - origin });
      if (drawn === null) continue;
      trusted = true;
      Object.assign(k, { start: origin + drawn.start, end: origin + drawn.end, colour: meanColour(lines, drawn.start, drawn.end) });
    }
    // Lossy too: seams shading alike between the panels (fading-seams.ts, shadingTwins).
    const plain = kept.filter((k) => !k.damaged).map((k) => ({ start: k.start - origin, end: k.end - origin }));
    if (!trusted) trusted = shadingTwins(raster, region, axis, lines, plain);
    // Or a seam shading as both margins do (fading-seams.ts, shadingMargins).
    if (!trusted && plain.length > 0) trusted = shadingMargins(raster, region, axis, lines, plain, canvasEnds());
  }
  let captions = 0;
  let seams = kept;
  let captionGaps: Interval[] | undefined;
  if (colour !== undefined && kept.length > 0 && !options.vote) {
    const result = attachCaptions(raster, region, axis, kept, first, last, colour, trusted, runs.separators.map((r) => ({ start: origin + r.start, end: origin + r.end })));
    // Seam k lies between segments k and k+1; beside a caption its width is the caption's gap.
    const besideCaption = new Set(result.captionSegments.flatMap((i) => [i - 1, i]));
    // A caption's gap to its photo is no seam: it says nothing of the width of the collage's seams
    // (independent seed 2005 caption-08: a 12 px caption gap narrowed the 36 px seam to 12).
    const gaps = new Set(result.captionSeams);
    narrowPaddedSeams(raster, region, axis, origin, kept.filter((_, k) => !besideCaption.has(k)), kept.filter((_, k) => !gaps.has(k)), options.parentWidth);
    seams = result.kept.map((k) => kept[k]!);
    // A caption's far gap the seam rules refused, as wide as the collage's seams (captions.ts).
    for (const a of result.added) seams.push({ ...a, colour: meanColour(lines, a.start - origin, a.end - origin), damaged: false, ballot: [] });
    seams.sort((a, b) => a.start - b.start);
    captionGaps = result.captionSeams.map((k) => ({ start: kept[k]!.start, end: kept[k]!.end }));
    trusted = result.trusted;
    captions = result.captions;
  }

  // A wide seam may hold a panel's plain edge: its end where the parts come out equal (damaged-seams.ts).
  const ends = seams.length > 0 && captions === 0 && options.colour && !options.vote && !options.bounds && !options.refine ? seamsAtEndsFramed(seams, first, last, { start: origin, end: origin + lines.count }) : null;
  if (ends) seams = seams.map((s, k) => ({ ...s, start: ends.seams[k]!.start, end: ends.seams[k]!.end }));
  // The gap between two panels holds the drop shadow of one: cut through the middle of the gap;
  // and a shadow cast on a margin is no part of the panel either.
  let from = ends?.first ?? first;
  let to = ends?.last ?? last;
  if (options.colour && !options.vote) {
    const c = options.colour;
    seams = seams.map((s) => (s.damaged ? s : { ...s, start: s.start - shadowLines(raster, region, axis, lines, s.start - origin - 1, -1, s.colour), end: s.end + shadowLines(raster, region, axis, lines, s.end - origin, 1, s.colour) }));
    if (!options.bounds && from > origin) from += shadowLines(raster, region, axis, lines, from - origin, 1, c);
    if (!options.bounds && to < origin + lines.count) to -= shadowLines(raster, region, axis, lines, to - origin - 1, -1, c);
  }
  const raw: Interval[] = [];
  let start = from;
  for (const sep of seams) {
    const cut = cutOf(sep);
    if (movedMargins && (cut <= from || cut >= to)) continue;
    raw.push({ start, end: cut });
    start = cut;
  }
  raw.push({ start, end: to });

  const segments = foldSlivers(raw, minimumPartSize(lines.count));
  const separators: Separator[] = [];
  const ballots: Separator[][] = [];
  let damagedCount = 0;
  for (let i = 1; i < segments.length; i++) {
    const cut = segments[i]!.start;
    const sep = seams.find((s) => cutOf(s) === cut);
    if (sep) {
      separators.push({ start: sep.start, end: sep.end, colour: sep.colour });
      ballots.push(sep.ballot);
      if (sep.damaged) damagedCount++;
    }
  }
  const apparent = segments.length;
  const damagedAll = damaged.map((d) => ({ start: origin + d.start, end: origin + d.end, colour: d.colour }));
  return { axis, segments, separators, apparent, usable: apparent >= 2 && apparent <= MAX_PARTS, trusted, captions, damaged: damagedCount, damagedSeams: damagedAll, ...(captionGaps?.length ? { captionGaps } : {}), ...(options.vote ? { ballots } : {}) };
}

/**
 * Most content lines between two seams of one colour for them to be one seam beside a panel's
 * background: a drop shadow blurred over 6 px leaves 4 (independent seed 4203 mix-05), one offset
 * 7 px and blurred by σ 2 leaves 7 (seed 10203 mix-05, JPEG q69: rows 459–465, the stack refused
 * for the 19 px band between the two white runs); the independent generator offsets shadows up to
 * 8 px with σ up to 3, so 12. Every line between must still be one flat grey (`shadowBetween`),
 * which a panel's lines are not. Raised from 6 to 12 on independent seeds 10200–10215: that one
 * mix split exactly, no other score changed.
 */
const SHADOW_LINES = 12;
/**
 * Largest distance (a channel) from a shadow line's mean to its darkest pixel: a drop shadow's
 * line is one grey along the panel's edge (seed 4203 mix-05: 166 for a minimum of 165), while a
 * caption's line of text between the seam and the gap under it holds ink (independent seed 4210
 * caption-02, JPEG q33: a 1-line caption over a photo, 24 px dark seam, was taken for a shadow).
 */
const SHADOW_FLAT = 10;

/** Whether every line in [from, to) (relative to `region`) is one flat colour but for its ends (SHADOW_FLAT): a shadow, not ink. */
function shadowBetween(raster: Raster, region: Box, axis: StripAxis, lines: LineStats, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const mean = lineMean(raster, region, axis, i, 0, lines.length);
    if (mean.some((v, c) => v - lines.min[i * 3 + c]! > SHADOW_FLAT)) return false;
  }
  return true;
}

/**
 * Most lines of a drop shadow beside a seam, and least rise in brightness across them: the
 * generators offset a shadow 3–6 px and blur it 3–6 px (independent seed 6305 mix-04, PNG: columns
 * 747–751 read 134, 136, 142, 163, 212 towards a 240 seam, then 232 and 238 inside its plain run).
 * A blurred shadow lightens towards the seam line by line; a panel's flat dark border does not.
 */
const SHADOW_MAX = 16;
const SHADOW_RISE = 24;
/**
 * Least fall (a channel) from one shadow line to the next away from the seam: 2 at the shadow's
 * darkest end (seed 6305 mix-04: 136 → 134). A flat panel's lines are one colour (independent seed
 * 6313 flat-02: 14 columns of (177,113,70) beside a white margin were taken for a shadow with no fall asked).
 */
const SHADOW_STEP = 1;

/**
 * How many lines from `from` (relative to `region`, walking by `step` away from a seam or margin
 * of `colour`) are a drop shadow beside it: lines that are each one flat colour but for their ends
 * (SHADOW_FLAT, as `shadowBetween`), each darker than the last (SHADOW_STEP) away from the seam, the darkest
 * SHADOW_RISE or more below the seam, ending at a line that is not flat (the panel); else 0. The
 * shadow is no panel: the cut goes through the middle of the gap between the panels, as it would
 * without a shadow (seeds 6305 mix-04 and 6308 mix-04, PNG: cut 2 px off the gap's middle,
 * through the shadow's far side), and a margin begins where the panel ends.
 */
function shadowLines(raster: Raster, region: Box, axis: StripAxis, lines: LineStats, from: number, step: 1 | -1, colour: Rgb): number {
  let previous: readonly number[] = colour;
  let darkest: number[] | undefined;
  let n = 0;
  for (let i = from; i >= 0 && i < lines.count && n <= SHADOW_MAX; i += step, n++) {
    // Most lines beside a seam are a photo's: a few evenly spaced pixels tell, before every pixel is read.
    const nearlyFlat = sampledSpread(raster, region, axis, i, SHADOW_FIRST_SAMPLES) <= SHADOW_SAMPLED_SPREAD && sampledSpread(raster, region, axis, i, SHADOW_SAMPLES) <= SHADOW_SAMPLED_SPREAD;
    const { mean, min } = nearlyFlat ? lineMeanMin(raster, region, axis, i) : { mean: [0, 0, 0], min: [0, 0, 0] };
    const flat = nearlyFlat && mean.every((v, c) => v - min[c]! <= SHADOW_FLAT);
    const darker = mean.every((v, c) => v < previous[c]! - SHADOW_STEP);
    if (!flat || !darker) {
      // A flat line that is not darker: no shadow's end, and no panel either.
      if (n === 0 || flat) return 0;
      return darkest !== undefined && darkest.every((v, c) => colour[c]! - v >= SHADOW_RISE) ? n : 0;
    }
    previous = mean;
    darkest = mean;
  }
  return 0;
}

/**
 * Pixels sampled along a line, the share of them left out at either end, and the largest spread
 * (a channel) of the rest on a shadow line: its ends, margins and crossing seams in the seam's
 * colour, are up to ~4 % of a column (seed 6305 mix-04: 35 of 1029 px).
 */
const SHADOW_SAMPLES = 32;
/** Samples read first: a photo's line fails within them (a column's every read is a cache miss). */
const SHADOW_FIRST_SAMPLES = 8;
const SHADOW_OUTLIERS = 0.1;
const SHADOW_SAMPLED_SPREAD = 2 * SHADOW_FLAT;

/**
 * The spread (largest channel) of `n` evenly spaced pixels of line `i`, SHADOW_OUTLIERS of them
 * left out at either end; Infinity with a dark outlier. Each pixel is read once: across a column
 * every read is a cache miss.
 */
function sampledSpread(raster: Raster, region: Box, axis: StripAxis, i: number, n0: number): number {
  const d = raster.data;
  const length = axis === 'horizontal' ? region.height : region.width;
  const n = Math.min(length, n0);
  const v: number[][] = [[], [], []];
  for (let k = 0; k < n; k++) {
    const at = Math.floor(((k + 0.5) * length) / n);
    const p = axis === 'horizontal' ? ((region.y + at) * raster.width + region.x + i) * 4 : ((region.y + i) * raster.width + region.x + at) * 4;
    const a = d[p + 3]!;
    for (let c = 0; c < 3; c++) v[c]!.push(a === 255 ? d[p + c]! : overWhite(d[p + c]!, a));
  }
  const out = Math.floor(n * SHADOW_OUTLIERS);
  let worst = 0;
  for (const w of v) {
    w.sort((x, y) => x - y);
    // A shadow line has no dark outliers (its ends are the brighter seam): one sample darker than
    // SHADOW_FLAT below the median already fails the whole line's test.
    if (w[n >> 1]! - w[0]! > SHADOW_FLAT) return Infinity;
    worst = Math.max(worst, w[n - 1 - out]! - w[out]!);
  }
  return worst;
}

/** Mean and darkest value per channel of line `i` (a content line's statistics stop early: read here). */
function lineMeanMin(raster: Raster, region: Box, axis: StripAxis, i: number): { mean: number[]; min: number[] } {
  const d = raster.data;
  const length = axis === 'horizontal' ? region.height : region.width;
  const step = axis === 'horizontal' ? raster.width * 4 : 4;
  let p = axis === 'horizontal' ? (region.y * raster.width + region.x + i) * 4 : ((region.y + i) * raster.width + region.x) * 4;
  const sum = [0, 0, 0];
  const min = [255, 255, 255];
  for (let k = 0; k < length; k++, p += step) {
    const a = d[p + 3]!;
    for (let c = 0; c < 3; c++) {
      const v = a === 255 ? d[p + c]! : overWhite(d[p + c]!, a);
      sum[c] += v;
      if (v < min[c]!) min[c] = v;
    }
  }
  return { mean: sum.map((v) => v / Math.max(1, length)), min };
}

/** Turns strip segments into boxes: the cross axis spans the whole region, never trimmed. */
export function stripBoxes(region: Box, axis: StripAxis, segments: readonly Interval[]): Box[] {
  return segments.map((s) =>
    axis === 'horizontal'
      ? { x: s.start, y: region.y, width: s.end - s.start, height: region.height }
      : { x: region.x, y: s.start, width: region.width, height: s.end - s.start },
  );
}

/**
 * The margins once the collage colour is known: from the picture's edge, lines that are plain or
 * ringing and whose mean is the collage colour, with at most NARROW_RINGING_RUN ringing lines
 * among them. Two corrections to `findRuns`'s margins:
 * - JPEG's 4:2:0 chroma leaves a margin narrower than a 16 px block alternating between plain and
 *   ringing lines (measured: a 10 px yellow margin at q95 read ringing, plain × 7, ringing,
 *   content), and `findRuns` stopped at the first ringing line: margins were found up to 9 px short;
 * - a canvas border shows at both ends of an axis, a photo's sky at one. The collage colour voted
 *   from thin seams is off by up to ~50 in one channel (a 3 px yellow seam at q85 read blue 113
 *   for 60), so margins at both ends may differ from it by COLLAGE_COLOUR_TOLERANCE; a margin at
 *   one end only must match within GAP_COLOUR_TOLERANCE, which a blue sky (209,229,250) over a
 *   grey (240) canvas misses (measured: 14 rows of sky read as margin at the looser tolerance).
 * - on a canvas that ramps (`ramping`, see `rampingCanvas`, asked for only when a margin is
 *   FLAT_EDGE_MIN lines or more), FLAT_EDGE_MIN or more lines next to the content that do not
 *   ramp are content;
 * - a margin at one end of the columns only, when the rows are not margin at both of their ends
 *   (`bare`), is content.
 * Returns null when nothing is left.
 */
function marginsOf(runs: AxisRuns, kinds: Uint8Array, lines: LineStats, colour: Rgb, inkBeside: (line: number, beyond: number, seam: Rgb) => boolean, ramping?: () => ((line: number) => boolean) | undefined, bare?: () => boolean): AxisRuns | null {
  const walk = (from: number, step: 1 | -1, stop: number, tolerance: number): number => {
    let i = from;
    let ringing = 0;
    while (i !== stop && kinds[i] !== LineKind.Content && sameColour(meanColour(lines, i, i + 1), colour, tolerance) && (kinds[i] === LineKind.Plain || ++ringing <= NARROW_RINGING_RUN)) i += step;
    return i;
  };
  let contentStart = walk(0, 1, lines.count, COLLAGE_COLOUR_TOLERANCE);
  let contentEnd = walk(lines.count - 1, -1, -1, COLLAGE_COLOUR_TOLERANCE) + 1;
  if (contentStart === 0 || contentEnd === lines.count) {
    contentStart = walk(0, 1, lines.count, GAP_COLOUR_TOLERANCE);
    contentEnd = walk(lines.count - 1, -1, -1, GAP_COLOUR_TOLERANCE) + 1;
  }
  if (contentStart >= contentEnd) return null;
  // A drawn margin's ringing lines next to the content may be a panel's anti-aliased edge.
  const ringingBefore = (at: number, step: 1 | -1): number => {
    let n = 0;
    while (n < NARROW_RINGING_RUN && kinds[at + step * (n + 1)] === LineKind.Ringing) n++;
    return n;
  };
  const head = ringingBefore(contentStart, -1);
  if (head > 0 && head < contentStart) contentStart -= inkLines(kinds, lines, { start: 0, end: contentStart - head }, contentStart, -1, inkBeside);
  const tail = ringingBefore(contentEnd - 1, 1);
  if (tail > 0 && contentEnd + tail < lines.count) contentEnd += inkLines(kinds, lines, { start: contentEnd + tail, end: lines.count }, contentEnd - 1, 1, inkBeside);
  // Only a margin of FLAT_EDGE_MIN lines or more can hold a flat edge: narrower ones cost no read.
  const test = contentStart >= FLAT_EDGE_MIN || lines.count - contentEnd >= FLAT_EDGE_MIN ? ramping?.() : undefined;
  if (test) {
    // The lines next to the content that do not ramp, when they are FLAT_EDGE_MIN or more, are a
    // panel's flat edge (see `rampingCanvas`).
    let i = contentStart;
    while (i > 0 && !test(i - 1)) i--;
    if (contentStart - i >= FLAT_EDGE_MIN) contentStart = i;
    let k = contentEnd;
    while (k < lines.count && !test(k)) k++;
    if (k - contentEnd >= FLAT_EDGE_MIN) contentEnd = k;
  }
  // A margin at one end of the columns only, and not at both ends of the rows: a panel's own
  // plain edge (a drawing's white page, a photo's white backdrop at the end of a row on a white
  // canvas), not the canvas's border, which organisers draw on every side or none. One end of the
  // rows may look like margin: a row of panels padded at the bottom on a white canvas ends in a
  // white row when its tallest panel is that drawing. Measured: independent seed 2303 mix-02 (122
  // px of a drawing's white page), 2307 mix-03 (28 px of a white backdrop) and the committed
  // ib-mix-07 (72 px) came back with that panel's box short by its edge. Columns only: above or
  // below the photos, captions leave the canvas beyond their last line as a margin at that end
  // alone (4–24 px; on rows too, the rule lost 14 exact caption collages of seeds 2300–2311).
  if ((contentStart > 0) !== (contentEnd < lines.count) && bare?.()) {
    contentStart = 0;
    contentEnd = lines.count;
  }
  if (contentStart === runs.contentStart && contentEnd === runs.contentEnd) return runs;
  return { contentStart, contentEnd, separators: runs.separators.filter((r) => r.start > contentStart && r.end < contentEnd) };
}

/**
 * A canvas painted as a gradient shades its margins as it shades its seams: every line along the
 * axis crosses the same ramp. A panel's flat light edge at an end (a drawing's white page, a
 * photo's pale backdrop) has the collage colour within COLLAGE_COLOUR_TOLERANCE (255 against a 228→248
 * seam's 238) and was taken for margin, its panel's box starting 16–147 px late (independent
 * seeds 2300–2306: 4 of 15 gradient misses). So, when the axis's seams ramp (`ramps`), margin
 * lines that do not are content (`marginsOf`). The seams are the runs of `runs` at most
 * SHADED_SEAM_MAX wide and within FLAT_TOLERANCE of the collage colour — a seam's mean is the
 * voted colour to JPEG's few levels, while the white gaps inside a drawing beside a 238 seam read
 * 254 (seed 2300 gradient-01), and a 94-line run of a photo's pale band and a white seam ramped
 * (seed 2310 caption-01) — and most of them must ramp: a flat canvas has flat seams and margins,
 * while a run that holds a seam and a panel's white edge reads flat at its middle (seed 2303
 * gradient-03: 12 white rows and 4 of seam, beside 3 seams that ramp). Undefined (no extra test)
 * otherwise. Asked only where a margin or a seam run is FLAT_EDGE_MIN lines or more: then a flat
 * collage reads half of each run's middle line here.
 */
function rampingCanvas(raster: Raster, region: Box, axis: StripAxis, runs: AxisRuns, lines: LineStats, colour: Rgb): ((line: number) => boolean) | undefined {
  if (Math.min(...colour) < SHADED_MIN_MEAN) return undefined;
  const test = (line: number): boolean => ramps(raster, region, axis, line);
  const seams = runs.separators.filter((r) => r.end - r.start <= SHADED_SEAM_MAX && sameColour(meanColour(lines, r.start, r.end), colour, FLAT_TOLERANCE));
  // No run narrow enough to be a seam alone (a pale photo backdrop joined the only seam): margins at
  // both ends that ramp show the canvas does (independent seed 4204 gradient-02, JPEG q55: columns
  // 0 and 1539 ramp 235→245, the backdrop's 651–766 do not; the run 651–774 was cut at 712,
  // through the photo).
  const rampingEnds = (): boolean => runs.contentStart > 0 && runs.contentEnd < lines.count && test(0) && test(lines.count - 1);
  if (seams.length === 0) return rampingEnds() ? test : undefined;
  const ramping = seams.filter((r) => test(cutOf(r))).length;
  // Half the seams ramping is a tie that margins ramping at both ends settle: JPEG's 4:2:0 chroma
  // tints a seam's middle line with the photo beside it (independent seed 8305 gradient-08, q50:
  // seam 565–577 beside a teal photo, blue 236→244, 8 levels end to end rounded down, under
  // SHADE_MIN; its twin 1136–1149 and both 7 px margins ramp 233→246), and a flat canvas's margins
  // never ramp. Without it 10 columns of a drawing's white page were taken for the right margin.
  if (2 * ramping === seams.length && ramping > 0) return rampingEnds() ? test : undefined;
  return 2 * ramping > seams.length ? test : undefined;
}

/**
 * Levels the mean of an eighth of a line may step against the ramp's direction: JPEG's noise on a
 * mean of hundreds of pixels. Measured: a 9 px margin of a gradient canvas at q54 4:2:0 (committed
 * ia-gradient-05) wobbles by up to 5 in blue from eighth to eighth; at 2 its inner 6 columns
 * failed and the margin came back 6 px short.
 */
const RAMP_NOISE = 6;

/**
 * Largest share of a ramp's whole move that one of its three steps (end eighth → eighths at the
 * middle → end eighth) may take, beyond RAMP_NOISE: an even ramp takes 3/8, 1/8, 3/8 of it, while a
 * white page's line that meets a drawing's stroke in its last eighth (seed 2303 gradient-03:
 * 255, 255, 255, 234) takes all of it in the last step, and read as a ramp.
 */
const RAMP_STEP_SHARE = 0.6;

/**
 * Whether line `line` ramps as a painted gradient does: the means of its first and last eighth (as
 * `lineEnds` reads a line's ends) move all three channels one way, each by SHADE_MIN or more, and
 * through the two eighths next to its middle no step goes back by more than RAMP_NOISE nor takes
 * more than RAMP_STEP_SHARE of the move. Measured on seeds 2300–2307: gradient seams at JPEG q30–q84
 * move 9–20 per channel, all three alike; the middle line of a thin white seam at q27–q59, blended
 * with the photos beside it, moved one channel by 8–17 while another stood or went back (5 grids
 * and 2×2s lost their margins on the ends' difference alone).
 */
function ramps(raster: Raster, region: Box, axis: StripAxis, line: number): boolean {
  const length = axis === 'horizontal' ? region.height : region.width;
  const eighth = length >> 3;
  if (eighth === 0) return false;
  const half = length >> 1;
  const points = [
    lineMean(raster, region, axis, line, 0, eighth),
    lineMean(raster, region, axis, line, half - eighth, half),
    lineMean(raster, region, axis, line, half, half + eighth),
    lineMean(raster, region, axis, line, length - eighth, length),
  ];
  const first = points[0]!;
  const last = points[3]!;
  const sign = Math.sign(last[0]! - first[0]!);
  for (let c = 0; c < 3; c++) {
    const d = last[c]! - first[c]!;
    if (Math.abs(d) < SHADE_MIN || Math.sign(d) !== sign) return false;
    for (let k = 1; k < 4; k++) {
      const step = sign * (points[k]![c]! - points[k - 1]![c]!);
      if (step < -RAMP_NOISE || step > RAMP_STEP_SHARE * Math.abs(d) + RAMP_NOISE) return false;
    }
  }
  return true;
}

/** Pixels read at most on a row by `canvasLine`, evenly spaced: whether it is all canvas. */
const CANVAS_LINE_SAMPLES = 512;

/** Whether row `index` of `region` is all `colour` within GAP_COLOUR_TOLERANCE: a margin of the rows. */
function canvasLine(raster: Raster, region: Box, index: number, colour: Rgb): boolean {
  const length = region.width;
  const stride = Math.max(1, Math.floor(length / CANVAS_LINE_SAMPLES));
  const d = raster.data;
  for (let i = 0; i < length; i += stride) {
    const p = ((region.y + index) * raster.width + region.x + i) * 4;
    const a = d[p + 3]!;
    for (let c = 0; c < 3; c++) {
      const v = a === 255 ? d[p + c]! : overWhite(d[p + c]!, a);
      if (Math.abs(v - colour[c]!) > GAP_COLOUR_TOLERANCE) return false;
    }
  }
  return true;
}

/**
 * Fewest lines that do not ramp, next to a margin or at an end of a seam on a canvas that ramps,
 * taken for a panel's flat edge. JPEG's noise leaves shorter stretches: measured on seeds
 * 2300–2311 at q26–q84, up to 8 lines beside a seam, 1 inside a 5 px margin at q29, 1 inside a
 * 15 px one at q45 (stopping at the first line lost those margins), while the flat edges were
 * 16–147 lines (a drawing's white page, a photo's backdrop).
 */
const FLAT_EDGE_MIN = 12;

/**
 * The seam without its end stretches of FLAT_EDGE_MIN or more lines that do not ramp, when the
 * axis's seams ramp (`test`, see `rampingCanvas`): those are a panel's flat edge of a close colour
 * merged into its run (seed 2306 gradient-08: 80 columns of a photo's grey backdrop at 230–233,
 * ends 5 apart, beside a seam at 238 whose columns ramp 228→247, one run; its middle fell inside
 * the photo, which `fading-seams.ts` then rejected, and the strip lost a part). Only when what is
 * left is a seam's width (SHADED_SEAM_MAX): a photo's pale band that ramps beside a flat white
 * seam is no seam (seed 2310 caption-01, cut through the photo when trimmed to it). A seam none
 * of whose lines ramp is left as it is.
 */
function withoutFlatEdges<T extends Interval>(seam: T, test: ((line: number) => boolean) | undefined): T {
  if (test === undefined) return seam;
  // From `from` by `step`: where the flat stretch ends, when FLAT_EDGE_MIN or more lines long
  // after at most BLEND_LINES outer lines (the panel's edge line blended with its neighbour may
  // ramp by chance: committed ib-gradient-02, 1 such column before 29 of a flat backdrop).
  const past = (from: number, step: 1 | -1, stop: number): number => {
    for (let skip = 0; skip <= BLEND_LINES; skip++) {
      let i = from + step * skip;
      const first = i;
      while (i !== stop && !test(i)) i += step;
      if (i === stop) return from;
      if (step * (i - first) >= FLAT_EDGE_MIN) return i;
    }
    return from;
  };
  const start = past(seam.start, 1, seam.end);
  const end = past(seam.end - 1, -1, start - 1) + 1;
  if (start === seam.start && end === seam.end) return seam;
  return end > start && end - start <= SHADED_SEAM_MAX ? { ...seam, start, end } : seam;
}

/** Widest other-coloured piece between two stretches of collage colour still taken for JPEG's blend, not a panel. */
const FLAT_PANEL_MIN = BLEND_LINES + 1;
/** A seam found beside a flat panel is at most this many times as wide as the collage's other seams (plus SEAM_SLACK). */
const SEAM_WIDTH_FACTOR = 2;
const SEAM_SLACK = 4;
/**
 * A run is narrowed as a seam plus a panel's blank edge (`narrowPaddedSeams`) when over this many
 * times the collage's usual seam width (plus SEAM_SLACK), told by a seam with no padding or by
 * the seam a grid part was cut out along. SEAM_WIDTH_FACTOR (2) let through runs
 * of 2.15–2.3 times the usual width, each with a white drawing's or caption's blank edge on one
 * side, and cut them at their middle inside that panel (lossless, white seams: independent seed
 * 33006 caption-09, 43 columns beside 20 px seams; 33032 mix-06, 30 rows beside 13; 33036 mix-06,
 * 25 and 25 columns beside 11). Either cut runs through plain lines only.
 */
const PADDED_SEAM_FACTOR = 1.5;

/**
 * A separator belongs to the collage, not to a panel: once the collage colour is known, a run of
 * plain lines that holds a flat panel (a flag's stripes are plain lines from edge to edge) is cut
 * into the stretches of collage colour it holds, and the panel's plain lines are content.
 *
 * - an interior run [seam | flag | seam] is two seams, not one seam through the middle of the flag
 *   (red-team flat-04 of seed 300: the cut ran through an orange-and-pink flag between two black
 *   seams);
 * - a run at an end of the content [flag | seam | plain panel edge] is no margin: its seam is a
 *   seam (red-team A flat-06 and flat-11: a 6-strip whose first panel is a flag came back as 5).
 *
 * A stretch of collage colour counts only when the other seams of the axis vouch for it: at most
 * SEAM_WIDTH_FACTOR times as wide as the widest of them (+SEAM_SLACK) — one collage's seams have
 * one width (measured: 10 vs 10 px, 4 vs 4, 12 vs 12–14 in the three pictures) — so a photo's pale
 * band (haze under a plain sky) next to its own sky is not taken for a seam; with no other seam,
 * nothing is cut — and whose plain lines show the collage colour within FLAT_TOLERANCE (a seam's
 * plain middle, not a thin seam's lossy mean: 0–2 levels off in those pictures, JPEG q25 included).
 */
function splitAtFlatPanels(runs: AxisRuns, kinds: Uint8Array, lines: LineStats, colour: Rgb): AxisRuns {
  const stretches = (run: Interval): Interval[] => {
    const out: Interval[] = [];
    for (const p of oneColourPieces(lines, run)) {
      if (!sameColour(meanColour(lines, p.start, p.end), colour)) continue;
      const last = out[out.length - 1];
      if (last && p.start - last.end < FLAT_PANEL_MIN) last.end = p.end;
      else out.push({ ...p });
    }
    return out;
  };
  const interior = runs.separators.map((r) => ({ run: r, own: stretches(r) }));
  let widest = Math.max(0, ...interior.filter((r) => r.own.length === 1).map((r) => r.own[0]!.end - r.own[0]!.start));
  // No other seam: the stretches of one run vouch for one another when they have one width, as a
  // collage's seams do, while a photo's pale bands have none in common. Cut through the middle
  // instead, the run went through the flat panel between them (independent seed 1201 flat-02: a
  // 508 px striped flag between two 9 px green seams, the axis's only other run a panel's edge).
  if (widest === 0) widest = Math.max(0, ...interior.filter((r) => twinStretches(r.own)).map((r) => r.own[0]!.end - r.own[0]!.start));
  if (widest === 0) return runs;
  const vouched = (s: Interval): boolean => s.end - s.start <= SEAM_WIDTH_FACTOR * widest + SEAM_SLACK && sameColour(meanColour(lines, s.start, s.end), colour, FLAT_TOLERANCE);
  const out: Interval[] = [];
  // Runs touching the ends of the content, which findRuns leaves out.
  let head = runs.contentStart;
  while (head < runs.contentEnd && kinds[head] !== LineKind.Content) head++;
  let tail = runs.contentEnd;
  while (tail > head && kinds[tail - 1] !== LineKind.Content) tail--;
  if (head > runs.contentStart && head < runs.contentEnd) out.push(...stretches({ start: runs.contentStart, end: head }).filter((s) => s.start > runs.contentStart && vouched(s)));
  for (const { run, own } of interior) {
    if (own.length >= 2 && own.every(vouched)) out.push(...own);
    else out.push(run);
  }
  if (tail < runs.contentEnd && tail > head) out.push(...stretches({ start: tail, end: runs.contentEnd }).filter((s) => s.end < runs.contentEnd && vouched(s)));
  return out.length === runs.separators.length && out.every((r, i) => r === runs.separators[i]) ? runs : { ...runs, separators: out };
}

/**
 * Fewest lines of ink a caption shows: a line of text. Between the broken runs of one lossy or
 * shaded seam lie 1–3 lines that are no caption (seed 1211 gradient-06: 3 lines, its seam then
 * admitted here beside them, 5 parts became 4); the captions that need the rule show 15–17.
 */
const CAPTION_MIN = 6;
/**
 * Most lines of text a caption shows, each parted from the next by a plain run: the independent
 * generator's captions are of one or two lines (18–30 px type); a third light band past the gap
 * between two lines would be a page's paragraph, not a caption.
 */
const CAPTION_LINES = 2;

/**
 * The seam on a caption's far side, refused by `seamOfRun` as a page's padding: a caption is sparse
 * ink on the collage colour, so a run that begins with the collage colour after it and goes on
 * into the plain top of the next photo (a sky, a flat backdrop) reads as [page | its padding |
 * a footer bar], and the caption was cut from its own photo at the narrower gap on its other side
 * (independent seed 1200 caption-01: 19 grey rows, then 130 of blue sky; seed 1210 caption-06: 29
 * white rows, then 80 of a teal backdrop). Taken for a caption, and its collage-coloured piece for
 * the seam, only when the other side is one: the content between this run and the run before it
 * (after it, for captions over photos) is light and at most CAPTION_RATIO as long as the content
 * beyond that run, and that run is a seam that stands. A page's last line of text has no seam
 * between it and the page: the gap above it is the page's own (`background-gap.ts`).
 *
 * A caption of two lines has the gap between its lines in between (`captionBeside`): the run
 * before its second line is that gap, and measured against the first line alone the second line
 * is no caption. Measured on independent seed 50510 caption-03 (1×3, two-line captions under,
 * JPEG q41): lines of 15 and 18 rows 8 rows apart under a 104-row photo, then the 25 white rows
 * of the gutter running on into 48 rows of the next photo's sky; refused, the gutter was lost and
 * the cut ran between the caption's two lines. Both lines together, 41 rows, are under half the
 * photo; every other caption of the tuning set kept its plan.
 */
function captionFarSeam(raster: Raster, region: Box, axis: StripAxis, lines: LineStats, runs: AxisRuns, j: number, standing: readonly Interval[], colour: Rgb): Interval | null {
  const seps = runs.separators;
  const run = seps[j]!;
  const stands = (r: Interval | undefined): boolean => r !== undefined && standing.some((s) => s.start < r.end && r.start < s.end);
  // Checked first, the cheap test: most refused runs (a photo's flat stretches) have no seam beside them.
  const before = stands(seps[j - 1]);
  const after = stands(seps[j + 1]);
  if (!before && !after) return null;
  const pieces = oneColourPieces(lines, run);
  const own = pieces.map((p) => (p.end - p.start <= THIN_SEAM ? sameSeamColour : sameColour)(meanColour(lines, p.start, p.end), colour));
  const origin = axis === 'horizontal' ? region.x : region.y;
  const boxOf = (a: number, b: number): Box =>
    axis === 'horizontal' ? { x: origin + a, y: region.y, width: b - a, height: region.height } : { x: region.x, y: origin + a, width: region.width, height: b - a };
  // Whether the content `step` runs away from run j (−1: before it, a caption under its photo; +1:
  // after it, over its photo) is a caption after a standing seam: light lines of text, at most
  // CAPTION_RATIO as long as the photo beyond that seam. A caption of two lines has the gap between
  // its lines in between, a run that stands too (CAPTION_LINES); each line is light by itself.
  const captionBeside = (step: -1 | 1): boolean => {
    for (let n = 1, g = j + step; n <= CAPTION_LINES && g >= 0 && g < seps.length; n++, g += step) {
      const gap = seps[g]!;
      if (!stands(gap)) return false;
      const inner = n === 1 ? run : seps[g - step]!;
      const [lineStart, lineEnd] = step < 0 ? [gap.end, inner.start] : [inner.end, gap.start];
      if (lineEnd - lineStart < CAPTION_MIN || !isLight(raster, boxOf(lineStart, lineEnd), colour)) return false;
      const caption = step < 0 ? run.start - gap.end : gap.start - run.end;
      const photo = step < 0 ? gap.start - (g > 0 ? seps[g - 1]!.end : runs.contentStart) : (g + 1 < seps.length ? seps[g + 1]!.start : runs.contentEnd) - gap.end;
      if (caption <= CAPTION_RATIO * photo) return true;
    }
    return false;
  };
  // Caption before the run (under its photo): the run's leading pieces of the collage colour.
  if (own[0] && !own[own.length - 1] && before && captionBeside(-1)) {
    let k = 0;
    while (own[k + 1]) k++;
    return { start: run.start, end: pieces[k]!.end };
  }
  // Caption after the run (over its photo): the run's trailing pieces of the collage colour.
  if (own[own.length - 1] && !own[0] && after && captionBeside(1)) {
    let k = own.length - 1;
    while (own[k - 1]) k--;
    return { start: pieces[k]!.start, end: run.end };
  }
  return null;
}

/**
 * Before the collage colour is voted: a run of plain lines that begins and ends with pieces of one
 * colour and one width (within TWIN_WIDTH), each wider than a JPEG blend (BLEND_LINES) and under a
 * tenth of the run, around at least a part's length (`minimumPartSize`) of other colours, is
 * [seam | flat panel | seam]: a flat panel is plain from edge to edge, and two seams of one
 * collage share a colour and a width. Voted as one run, the panel's colour won the ballot and the
 * cut went through the panel's middle (independent seed 9303 mix-08, PNG: 4 px grey seams around
 * a 481 px teal sky panel, one run 506–995 cut at 750). The two seams are voted instead, and the
 * colour pass splits the run at the flat panel as before (`splitAtFlatPanels`).
 */
function twinEndedRuns(runs: AxisRuns, lines: LineStats): AxisRuns {
  const part = minimumPartSize(lines.count);
  let split = false;
  const out: Interval[] = [];
  for (const run of runs.separators) {
    // Cheap test first: most runs are one seam, far narrower than a part.
    if (run.end - run.start < part + 2 * (BLEND_LINES + 1)) {
      out.push(run);
      continue;
    }
    const pieces = oneColourPieces(lines, run);
    const width = (p: Interval): number => p.end - p.start;
    // The twins are the run's end pieces, or the first piece past one at an end that is a panel's
    // plain backdrop (and the blend lines after it): a flat panel's plain edge beside the seam
    // joins the run too (independent seed 22002 flat-08, JPEG q55: a flag of two stripes between
    // 14 px yellow seams, the run opening with 37 rows of the panel above's green ground; the
    // stripe colour won the vote and the cut went between the stripes).
    const inner = (from: number, step: 1 | -1): Interval | undefined => {
      for (let k = from + step; k >= 0 && k < pieces.length; k += step) if (width(pieces[k]!) > BLEND_LINES) return pieces[k];
      return undefined;
    };
    const heads = [pieces[0]!, inner(0, 1)].filter((p): p is Interval => p !== undefined);
    const tails = [pieces[pieces.length - 1]!, inner(pieces.length - 1, -1)].filter((p): p is Interval => p !== undefined);
    const twins = (head: Interval, tail: Interval): boolean =>
      width(head) > BLEND_LINES && Math.abs(width(head) - width(tail)) <= TWIN_WIDTH && 10 * Math.max(width(head), width(tail)) < width(run) && tail.start - head.end >= part && sameColour(meanColour(lines, head.start, head.end), meanColour(lines, tail.start, tail.end));
    const pair = pieces.length >= 3 ? heads.flatMap((head) => tails.map((tail) => [head, tail] as const)).find(([head, tail]) => twins(head, tail)) : undefined;
    if (pair) {
      out.push(pair[0], pair[1]);
      split = true;
    } else out.push(run);
  }
  return split ? { ...runs, separators: out } : runs;
}

/** Widths of a collage's seams agree within this (lossy edges move each side by a line). */
const TWIN_WIDTH = 2;

/** Two or more stretches of collage colour of one width (within TWIN_WIDTH), each under a tenth of the run they share. */
function twinStretches(own: readonly Interval[]): boolean {
  if (own.length < 2) return false;
  const span = own[own.length - 1]!.end - own[0]!.start;
  const width = own[0]!.end - own[0]!.start;
  return own.every((s) => Math.abs(s.end - s.start - width) <= TWIN_WIDTH && 10 * (s.end - s.start) < span);
}

/**
 * A picture on a white background beside a white seam: the run of plain lines is the seam *and*
 * that picture's blank edge, and its middle lies inside the picture. Where the axis has other
 * seams to tell the collage's seam width, a run over PADDED_SEAM_FACTOR times as wide as their
 * median (+SEAM_SLACK) whose content on exactly one side has the run's colour for background is
 * that panel's padding followed by a seam of the usual width: the seam is narrowed to that width
 * on the other side. Either way the cut runs through plain lines only, so nothing is lost; this
 * only gives the blank edge to the panel it belongs to. Measured on red-team A mix-09: a 73 px
 * white run (59 px of a drawing's white edge + its 14 px seam) beside seams of 14 px; the cut
 * moved from 391 (inside the drawing's box, 0–414) to 421, the seam's middle. With no other seam
 * the width is unknown, and the run is cut through its middle as before (red-team mix-02). Not
 * beside a caption: there the run is the gap the caption rule weighs (gen-caption-02: an 18 px
 * seam over a caption, 4 px gaps, read as 4 px of seam and a caption's padding), and it runs after
 * that rule, whose seams it is given.
 */
function narrowPaddedSeams(raster: Raster, region: Box, axis: StripAxis, origin: number, seams: (Separator & { damaged: boolean })[], all: readonly (Separator & { damaged: boolean })[], parentWidth?: number): void {
  // A grid part's one seam: the width of the seam the part was cut out along stands for the
  // collage's usual width (a mosaic's small panels beside its big one have one seam between them,
  // and beside a drawing's white backdrop it was cut at the middle of seam and backdrop:
  // independent seeds 22032 mix-06 and mix-08, JPEG q72 and q79, white seams of 9 and 6 px, the
  // runs 23 and 30 rows, the cuts 3 and 6 rows inside the drawing's panel).
  if (all.length === 1 && parentWidth !== undefined) {
    const lone = all[0]!;
    if (seams.includes(lone) && !lone.damaged) narrowToWidth(lone, parentWidth, () => sidesShowing(raster, region, axis, origin, lone), PADDED_SEAM_FACTOR, (from, to) => steadySeam(raster, region, axis, lone, from, to));
    return;
  }
  if (all.length < 2) return;
  const widths = all.map((s) => s.end - s.start);
  // Cheap test first: a seam is narrowed only when over PADDED_SEAM_FACTOR times the narrowest of
  // the others (the usual width below is never under it), which most collages' seams are not.
  const narrowest = Math.min(...widths);
  if (!widths.some((w) => w > PADDED_SEAM_FACTOR * narrowest + SEAM_SLACK)) return;
  // Which side of each seam shows its colour as a panel's background, asked once per seam.
  const sides = new Map<number, readonly [boolean, boolean]>();
  const besides = (k: number): readonly [boolean, boolean] => {
    let b = sides.get(k);
    if (b === undefined) sides.set(k, (b = sidesShowing(raster, region, axis, origin, all[k]!)));
    return b;
  };
  const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  seams.forEach((sep) => {
    const i = all.indexOf(sep);
    if (sep.damaged || widths[i]! <= PADDED_SEAM_FACTOR * narrowest + SEAM_SLACK) return;
    const others = widths.filter((_, k) => k !== i);
    // The width is told by the seams with no padding of their own: a padded one is as wide as its
    // panel's blank edge. With two of three white seams beside a drawing's white backdrop, the
    // median of the others was a padded one's width, and both were cut through the drawing
    // (independent seed 22019 mix-05, lossless: seams 11, 42 and 90 px, the true width 11).
    // Not a damaged seam's: worn by compression or crossed by a badge, its width is a reading's
    // (independent seed 21019 heavy-07, JPEG q33 resaved: 3 px white seams read 11, 6 and, damaged,
    // 3 px; told by the damaged 3 the 11 was narrowed on its wrong side and cut 1 px off).
    const unpadded = all.flatMap((s, k) => {
      if (k === i || s.damaged) return [];
      const [a, b] = besides(k);
      return a === b ? [widths[k]!] : [];
    });
    const usual = Math.min(median(others), unpadded.length > 0 ? median(unpadded) : Infinity);
    // Below SEAM_WIDTH_FACTOR only against a seam with no padding: where every other seam is
    // padded too, their widths are blank edges' and tell no seam width (independent seed 21039
    // badge-01, lossless: runs of 51 and 100 columns beside white drawings, the badge's seam
    // lost; the wider narrowed to the narrower, and the narrower cut at its middle in a drawing).
    narrowToWidth(sep, usual, () => besides(i), unpadded.length > 0 ? PADDED_SEAM_FACTOR : SEAM_WIDTH_FACTOR, (from, to) => steadySeam(raster, region, axis, sep, from, to));
  });
}

/** Whether each side of `sep` (before, after) shows its colour as a panel's background (`backgroundBeside`). */
function sidesShowing(raster: Raster, region: Box, axis: StripAxis, origin: number, sep: Separator): readonly [boolean, boolean] {
  const gap = { start: sep.start - origin, end: sep.end - origin };
  return [backgroundBeside(raster, region, axis, gap, 'before', sep.colour), backgroundBeside(raster, region, axis, gap, 'after', sep.colour)];
}

/**
 * Narrows `sep` to `usual` lines when it is wider than `factor` × usual + SEAM_SLACK and
 * exactly one of its `sides` (read only then) shows its colour as a panel's background: the seam
 * keeps its end on the other side, the padding goes to the panel. Below SEAM_WIDTH_FACTOR the
 * lines kept as the seam must also be `steady` (`steadySeam`).
 */
function narrowToWidth(sep: Separator, usual: number, sides: () => readonly [boolean, boolean], factor: number, steady: (from: number, to: number) => boolean): void {
  const width = sep.end - sep.start;
  if (width <= factor * usual + SEAM_SLACK) return;
  const [before, after] = sides();
  if (before === after) return;
  const [from, to] = before ? [sep.end - usual, sep.end] : [sep.start, sep.start + usual];
  if (width <= SEAM_WIDTH_FACTOR * usual + SEAM_SLACK && !steady(from, to)) return;
  sep.start = from;
  sep.end = to;
}

/**
 * Lowest channel of a run narrowed below SEAM_WIDTH_FACTOR (`steadySeam`): a panel's blank edge is
 * paper-white or a pale backdrop; the runs that rule narrowed right were 233–255. A dark run beside
 * a dark photo is no blank edge (independent seed 25014 caption-03, JPEG q27, captions above: the
 * 15 px run of a rgb(30,30,30) 16 px column seam, told 7 px by the seam its grid part was cut out
 * along, was narrowed to its first 7 lines and the top-left photo was then split across).
 */
const PADDED_SEAM_LIGHT = 200;
/**
 * Most the lines kept as a seam narrowed below SEAM_WIDTH_FACTOR may step in colour (mean
 * difference from the run's colour, per channel, of two parts each of two or more lines; the line
 * at the panel's side left out as a blend). A seam of a collage is one colour across its width: a
 * step inside the kept lines means the padding is on the other side, or that the width told is a
 * padded seam's. Measured on the runs the rule narrowed: right ones step at most 5.1 (independent
 * seed 20028 gradient-04) and 4.3; wrong ones 19 (27005 mix-10, JPEG q87: a 19 px white seam and a
 * 15 px pale grey 233 edge of the panel after it, taken as padding on the seam's own side and cut
 * inside that panel) and 8 (26002 gradient-08, WebP: a gradient seam of 8 px kept with 22 lines of
 * the pale backdrop 232–236 beside it, the width 30 told by a seam padded by that backdrop too).
 */
const PADDED_SEAM_STEP = 6;

/** Whether lines `from`..`to` of `sep` can be a seam of the collage's: light, and with no step in colour (PADDED_SEAM_LIGHT, PADDED_SEAM_STEP). */
function steadySeam(raster: Raster, region: Box, axis: StripAxis, sep: Separator, from: number, to: number): boolean {
  const colour = sep.colour;
  if (Math.min(colour[0], colour[1], colour[2]) < PADDED_SEAM_LIGHT) return false;
  // The line touching the panel is left out: it blends with the panel's edge.
  const [start, end] = from === sep.start ? [from + 1, to] : [from, to - 1];
  const count = end - start;
  if (count < 4) return true;
  const length = axis === 'horizontal' ? region.height : region.width;
  const { data, width } = raster;
  const deviations: number[] = [];
  for (let line = start; line < end; line++) {
    let sum = 0;
    for (let k = 0; k < length; k++) {
      const i = axis === 'horizontal' ? ((region.y + k) * width + line) * 4 : (line * width + region.x + k) * 4;
      sum += Math.abs(data[i]! - colour[0]) + Math.abs(data[i + 1]! - colour[1]) + Math.abs(data[i + 2]! - colour[2]);
    }
    deviations.push(sum / (3 * length));
  }
  const total = deviations.reduce((a, b) => a + b, 0);
  let head = 0;
  for (let k = 1; k <= count - 2; k++) {
    head += deviations[k - 1]!;
    if (k < 2) continue;
    if (Math.abs(head / k - (total - head) / (count - k)) > PADDED_SEAM_STEP) return false;
  }
  return true;
}

/** Least number of standing seams, all of one width, that vouch for a flat twin (`flatTwin`). */
const FLAT_TWIN_SEAMS = 2;
/** Most lines a flat twin's width and the standing seams' widths differ by (`flatTwin`). */
const FLAT_TWIN_WIDTH = 1;

/**
 * `seam` (a run the fade rule set aside) when it is as wide as every seam that stands, within
 * FLAT_TWIN_WIDTH lines, and of their colour, with FLAT_TWIN_SEAMS or more of them; else null.
 * A white panel beside a light grey seam (a drawing on white next to a 240 seam) "fades" into it
 * as a sky would, yet one collage's seams share a width and a colour, and a sky band beside a
 * seam makes a run wider than its twins. Measured on independent seeds 10200 mix-07 (lossless,
 * drop shadows: the run beside each white panel 12 lines as the three standing seams are) and
 * 10201 mix-06 (JPEG q55: 15 lines against 15–16; that one is now split exactly, 10200 mix-07
 * then meets a worn seam inside a photo and stays refused). On independent seeds 10200–10215 it
 * split 10201 mix-06 and one caption of 10211 exactly and changed no other score, no new cut.
 */
function flatTwin(lines: LineStats, seam: Interval, standing: readonly Separator[]): Interval | null {
  if (standing.length < FLAT_TWIN_SEAMS) return null;
  const widths = standing.map((s) => s.end - s.start);
  const lo = Math.min(...widths);
  const hi = Math.max(...widths);
  const width = seam.end - seam.start;
  if (hi - lo > FLAT_TWIN_WIDTH || width < lo - FLAT_TWIN_WIDTH || width > hi + FLAT_TWIN_WIDTH) return null;
  const colour = meanColour(lines, seam.start, seam.end);
  return standing.every((s) => sameColour(s.colour, colour)) ? seam : null;
}

/**
 * The end of a run the fade rule set aside (`seamAndFade`) that reads the colour of the seams that
 * stand, as wide as they are (exact-twins.ts, colourEnd), looked for over the whole `run` when the
 * fade rule kept only a piece of it (`seam`): that piece may be narrower than the seams, and the
 * end stretch is then found in no piece. A gradient seam whose pale end merges with a white
 * drawing's blank edge reads as one run, and the drawing's rows fade into the drawing (independent
 * seed 20001 gradient-09, JPEG q63: 13 px seams 233→251, the first merged with a drawing's white
 * rows into 180–204, kept as 196–204 and set aside; rows 191–204 read the other seams' 242).
 */
function fadedRunEnd(run: Interval, seam: Interval, others: readonly (Interval & { colour: readonly number[] })[], mean: (start: number, end: number) => readonly number[]): Interval | null {
  if (run.start === seam.start && run.end === seam.end) return null;
  return colourEnd(run, others, mean);
}
