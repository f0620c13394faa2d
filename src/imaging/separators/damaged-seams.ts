/**
 * Seams the plain-line rules cannot see: a separator crossed by a numbered badge (a filled circle
 * with a digit drawn over a seam or a grid junction), and a 1–3 px separator of a heavily
 * compressed JPEG (quality 25–40, 4:2:0 chroma, sometimes saved twice), whose every line has
 * spread far above 64. Both are lines that are *nearly* one colour. The line rules (what a seam
 * line may carry, what a panel line beside it is) and why they cannot shred a page of text, a
 * title bar, a bar chart or a sky are in `occluded-seams.ts`; this file searches for them:
 *
 * 1. **probes**: every line is read at 16 spread-out probes; a content line is a candidate when
 *    PROBES_NEEDED of them agree on a colour and the others could be occluders (neighbouring
 *    probes, `probesFit`); plain and ringing lines are one colour by their class;
 * 2. **runs**: neighbouring lines of one colour (`chains`) between content lines, at most
 *    CANDIDATE_RUN wide (wider is a flat region: a sky, a wall, a page), whose neighbours' probes
 *    show a panel (`panelProbed`), have their content lines read in full (`readSeamLine`); a line
 *    that fails only where the others carry a badge is read again with those positions occluded;
 * 3. **seams**: a run of seam lines is a damaged seam when it is flanked by content that is no
 *    seam line, at most NARROW_RINGING_RUN wide and at least half as wide as the plain seams along
 *    the axis, shows something the plain rules cannot (a content line; beside plain lines, a
 *    badge), its occluders are blobs and not panels between crossing seams (`betweenCrossings`),
 *    it is no gap inside one panel (`background-gap.ts`), and within FLANK_DISTANCE lines on each
 *    side a panel line flanks it where it is visible (`isPanelLine`), and it is no chroma a thin
 *    seam beside it bled into a flat panel (`chromaBleed`). Of runs of different
 *    colours that touch (a seam and JPEG's blend line beside it, a seam and a dark band of a photo
 *    nearly one colour), only the one a badge straddles is checked (`straddledRun`); where one
 *    colour's seams divide the axis evenly, seams of another colour are dropped (`oneColourDivision`);
 * 4. **edge badges**: lines whose occluder touches an end of the picture's line (a corner badge
 *    the edge cuts off) are kept out of steps 2–3 and tried last, away from every seam found, as a
 *    run that badge crosses whole and that passes every check of step 3 (`isEdgeBadge`);
 * 5. **luma seams**: on the first pass over the whole picture, thin seams whose chroma 4:2:0
 *    smeared away, found by their luma where they complete an equal division (`lumaSeams`) or,
 *    red and blue ones on their panel's luma, by their chroma (`chromaSeams`), and the thin
 *    margins JPEG smeared beside them (`lumaMargins`, called from `strips.ts`);
 * 6. **seams at their ends**: seam runs that hold a panel's plain edge of their colour are
 *    moved to the run's end where the parts come out equal (`seamsAtEnds`, from `strips.ts`).
 *
 * **Cost.** Searched only in pictures of at most DAMAGED_SEARCH_MAX_PIXELS or DAMAGED_SEARCH_MAX_SIDE (the 600–1800 px
 * pictures of quest tasks that need it). Per line: 16 probes; per candidate run of at most
 * CANDIDATE_RUN lines: each line read once (twice for a line re-read beside a badge), stopping at
 * the first proof that it is no seam line; per damaged seam: six lines beside it. So at most about
 * two reads of each pixel of a picture of ≤ 1.2 MP; on the bench strip (1200×500) 144 of its
 * 1700 lines are read in full, about 0.1 of its pixels.
 *
 * Measured on heavy-JPEG collages of the tuned batch (1–3 px seams, white/black/grey, q25–40,
 * some saved twice): the best line of every seam keeps ≥ 96 % of its pixels within 48 of the seam
 * colour, ≥ 99 % within 56; lines 3 px away keep 0–54 % (one 80 %).
 */
import type { Box, Raster } from '../raster.js';
import { findRuns, NARROW_RINGING_RUN, type AxisRuns } from './runs.js';
import { isGapInsidePanel } from './background-gap.js';
import { LineKind, lineMean, SHADED_MIN_MEAN } from './classify.js';
import { overWhite } from './line-stats.js';
import { BLEND_LINES, cb, cr, luma, sameColour, sameSeamColour, THIN_SEAM, type Rgb } from './collage-colour.js';
import { betweenCrossings, CLOSE_PANEL_SHARE, CLOSE_PANEL_TOLERANCE, crossedWithoutBadge, EDGE_BADGE_MAX, edgeSeamWideEnough, flatProbes, flatStep, isEdgeBadge, isPanelLine, isTightLine, lineWalk, MAX_OCCLUDERS_ON_GAPS, MAX_PAGE_GAPS_CROSSED, nearPanelProbed, NEAR_PANEL_SHARE, NEAR_SEAM_TOLERANCE, OCCLUDED_SHARE, occludersOnGaps, pageGapsCrossed, PART_OCCLUDED_SHARE, readSeamLine, visibleMask, type LineAt } from './occluded-seams.js';
import type { Interval } from './segments.js';

/** Largest picture searched for damaged seams: 1200×1000, beyond the 600–900 px of heavy-JPEG and badge collages… */
export const DAMAGED_SEARCH_MAX_PIXELS = 1_200_000;
/**
 * …or of any size up to this long side: organisers' badge collages reach 1800 px on their long
 * side (measured on an independently made batch: 6 of its 16 badge collages, 1.55–2.10 MP, were
 * never searched). A 1920 px screenshot and the 12–25 MP photos stay outside the search.
 */
export const DAMAGED_SEARCH_MAX_SIDE = 1850;
/** True when the picture is small enough for the damaged-seam search (DAMAGED_SEARCH_MAX_PIXELS or _SIDE). */
export function damagedSearched(raster: Pick<Raster, 'width' | 'height'>): boolean {
  return raster.width * raster.height <= DAMAGED_SEARCH_MAX_PIXELS || Math.max(raster.width, raster.height) <= DAMAGED_SEARCH_MAX_SIDE;
}

/** Probes read on every content line before it is read in full. */
const PROBES = 16;
/**
 * Probes that must match a colour before a line is read in full: 12 of 16, the other 4 in at most
 * OCCLUDED_PROBE_GROUPS runs of neighbours when more than SCATTERED_MISSES (`probesFit`). Measured
 * on the badge collages of five batches (52): 12 finds 28 of them exact, 10 finds 27 and reads
 * 50 % more lines of the bench strip; 13 (the heavy-JPEG rule alone) misses most badges on
 * 130–200 px strips, where a badge hides a quarter of a seam line. Inside a grid part (a stretch
 * of a seam found across the whole picture, half a junction badge at each end) 4.
 */
const PROBES_NEEDED = 12;
const PART_PROBES_NEEDED = 4;
/**
 * Longest share of its line an edge badge (`isEdgeBadge`) may hide: measured at most 0.12 on the
 * lines of the edge badges of 30 batches (41 px of a 362 px row, seed 1002; most below 0.05); a
 * palm trunk from the top of a 151 px photo strip ends in a stretch of ground 0.16 of its column,
 * bounded like a badge (a cut, project seed 1059).
 */
const EDGE_LINE_SHARE = 0.14;
/**
 * CROSSING: seams already found across the lines (a grid's rows for its columns) each let one
 * probe more miss, in two groups more (its junction badge and a badge between), up to
 * MAX_CROSSINGS. Measured on the column seams of badge grids (seeds 1008–1011, 8–14 badges of
 * radius 16–26): 10–11 of 16 probes on the seam colour, the others in up to 5 groups (a badge of a
 * 627 px column hides one probe), so missed, while their lines keep their occluders within
 * OCCLUDED_SHARE (0.10–0.36).
 */
const MAX_CROSSINGS = 3;
/** Probes of a line beside a run that must be off its colour before the run is read (see `panelProbed`). */
const PANEL_PROBES = 3;
/** Misses the probes may have anywhere (JPEG noise, a thin stroke): the 3 of 16 measured on heavy-JPEG seams. */
const SCATTERED_MISSES = 3;
/** Runs of neighbouring missed probes beyond that: two badges on one line, or a junction badge and one between. */
const OCCLUDED_PROBE_GROUPS = 2;
/**
 * Widest run of candidate lines read in full. The seam found in it is still at most
 * NARROW_RINGING_RUN wide; the run may be wider by JPEG-blended lines of the panels beside it.
 */
const CANDIDATE_RUN = 2 * NARROW_RINGING_RUN;
/**
 * A damaged seam is at least half as wide as the narrowest seam the plain-line rules see along
 * the same axis, give or take the few lines lossy ringing adds or takes (as grid.ts holds an
 * inner seam to its parent): a collage's seams are drawn alike, while a 1–4 px pole or cable of a
 * photo, dark against the sky, lines up with the black seams around it in one column.
 */
const WIDTH_RATIO = 2;
const WIDTH_SLACK = 4;
/**
 * Lines beyond a damaged seam searched for a panel line (`isPanelLine`): the first line beside a
 * q25 seam is blended with it, so two. Three let a dark band inside a dark photo through (its
 * panel line only three rows away: a cut through a photo of a held-out batch, seed 104), for
 * three more heavy-JPEG seams found of 60.
 */
const FLANK_DISTANCE = 2;

/**
 * Neighbouring lines belong to one seam while their colours are within NEAR_SEAM_TOLERANCE: JPEG
 * shifts a seam's edge lines towards the panels beside (measured at q65–q70: a blue seam's edge
 * line 40–50 levels off its middle line, a yellow one's blue channel 41).
 */
/** A badge's digit is at most 7 dots of 3 px: stretches closer than this are one badge. */
const DIGIT_GAP = 24;

/** The occluders of a run merged into whole blobs: sorted, joined across gaps under `gap` (DIGIT_GAP: a badge around its digit; 1: overlapping ones only). */
function wholeBlobs(blobs: readonly Interval[], gap = DIGIT_GAP): Interval[] {
  const out: Interval[] = [];
  for (const b of [...blobs].sort((p, q) => p.start - q.start)) {
    const last = out[out.length - 1];
    if (last && b.start - last.end < gap) last.end = Math.max(last.end, b.end);
    else out.push({ ...b });
  }
  return out;
}

/**
 * Shortest chord of a badge across a seam's line: radius ≥ 11 on seams ≤ 12 px leaves ≥ 18 px on
 * the seam's edge lines (the generated badges, radius 11–20); JPEG noise on a heavy seam's line
 * makes bits of 8–15 px.
 */
const BADGE_CHORD = 16;

/**
 * The blob a badge makes on the run of seam lines [start, end), or null: the longest whole blob
 * (`wholeBlobs`) a line found on its own (not `reread` under the others' occluders), at least
 * BADGE_CHORD long, and overlapped by an occluder on every line (re-read lines count as crossed).
 * A badge crosses every line of the seam it sits on; a speck of JPEG noise on one line of a heavy
 * seam, re-read into the others, is shorter.
 */
function badgeBlob(start: number, end: number, occluders: readonly Interval[][], reread: Uint8Array): Interval | null {
  let blob: Interval | null = null;
  for (let l = start; l < end; l++) {
    if (reread[l] === 1) continue;
    for (const b of wholeBlobs(occluders[l] ?? [])) if (!blob || b.end - b.start > blob.end - blob.start) blob = b;
  }
  if (blob === null || blob.end - blob.start < BADGE_CHORD) return null;
  const crosses = (l: number): boolean => (occluders[l] ?? []).some((o) => o.start < blob.end && blob.start < o.end);
  for (let l = start; l < end; l++) if (!crosses(l)) return null;
  return blob;
}

/**
 * Of touching runs of seam lines in different colours, the one a badge straddles (`badgeBlob`)
 * with the longest blob (a badge's widest chord lies on the seam it is centred on; a band beside
 * the seam meets only the badge's rim). Runs of at most BLEND_LINES lines beside a wider one are
 * the JPEG blend of a seam's edge and lose. Null when no run carries a badge: then nothing tells
 * a seam from the band beside it.
 */
function straddledRun(runs: readonly Interval[], occluders: readonly Interval[][], reread: Uint8Array): Interval | null {
  const widest = Math.max(...runs.map((r) => r.end - r.start));
  let best: Interval | null = null;
  let bestLength = 0;
  for (const run of runs) {
    if (run.end - run.start <= BLEND_LINES && widest > BLEND_LINES) continue;
    const blob = badgeBlob(run.start, run.end, occluders, reread);
    if (blob === null) continue;
    const length = blob.end - blob.start;
    if (length > bestLength || (length === bestLength && best && run.end - run.start > best.end - best.start)) {
      best = run;
      bestLength = length;
    }
  }
  return best;
}

/**
 * A step between neighbouring lines of one run that ends a seam's lines: measured between a seam
 * and the photo band beside it nearly its colour, 24–34 per channel (black seams beside dark
 * photos, a 240 seam beside a 213 one); between neighbouring lines of a seam at most 13 (its edge
 * lines against its middle at q65–q95), inside the photo bands at most 9.
 */
const CORE_STEP = 20;

function steps(a: Rgb, b: Rgb): boolean {
  return !sameColour(a, b, CORE_STEP);
}

function chains(a: Rgb, b: Rgb): boolean {
  return sameColour(a, b, NEAR_SEAM_TOLERANCE);
}

/**
 * One past the last line of the run of neighbouring lines of one colour from `start`. Under
 * 4:2:0 a 1–3 px seam's edge line keeps its luma, not its chroma (collage-colour.ts,
 * sameSeamColour): two such runs join when together they are at most THIN_SEAM lines. Only a
 * thin seam: a 9 px yellow seam chained by luma to the light photo line beside it (10.8 apart in
 * luma, 44 in Cb) grew past CANDIDATE_RUN and was lost (a badge collage of seed 702).
 */
function runEnd(colours: readonly (Rgb | undefined)[], start: number, count: number): number {
  let i = start + 1;
  for (; i < count && colours[i] && chains(colours[i]!, colours[i - 1]!); i++);
  while (i < count && i - start < THIN_SEAM && colours[i] && sameSeamColour(colours[i]!, colours[i - 1]!, NEAR_SEAM_TOLERANCE)) {
    let j = i + 1;
    for (; j < count && colours[j] && chains(colours[j]!, colours[j - 1]!); j++);
    if (j - start > THIN_SEAM) break;
    i = j;
  }
  return i;
}

export interface DamagedSeam extends Interval {
  colour: Rgb;
}

/**
 * Damaged seams along `axis` of `region` (line indices relative to the region). `kinds` are the
 * plain-line classes of the same lines: only content lines are examined. `colour`, when known, is
 * the collage colour every seam must have; otherwise each line's own majority colour is used.
 * `only` limits the search to these line ranges (a grid part: where the whole picture's seams run).
 * `crossing`: seams already found across these lines (positions along them), for CROSSING;
 * `known`: the seams the same search without them found (a first pass's), not searched again.
 *
 * @example
 * ```ts
 * damagedSeams(raster, box, 'horizontal', classifyLines(stats.columns), [255, 255, 255]); // [{ start: 300, end: 303, colour: [...] }]
 * ```
 */
export function damagedSeams(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', kinds: Uint8Array, colour?: Rgb, only?: readonly Interval[], plainSeams?: readonly Interval[], crossing?: readonly Interval[], known?: readonly DamagedSeam[]): DamagedSeam[] {
  // Across seams already found (a grid's rows, each crossing the column seam at a junction that
  // may carry a badge): each may hide a group of probes more (CROSSING). That search only adds
  // seams away from those found without it: its looser probes let more lines into the runs.
  const crossings = only ? 0 : Math.min(crossing?.length ?? 0, MAX_CROSSINGS);
  const probes: { probed?: Uint8Array } = {};
  let found = known && crossings > 0 ? [...known] : searchDamaged(raster, region, axis, kinds, 0, colour, only, plainSeams, probes);
  // The first pass over the whole picture (no collage colour yet, no grid part) also looks for
  // thin seams whose chroma 4:2:0 smeared away (`lumaSeams`); later passes inherit them.
  if (!only && crossings === 0 && colour === undefined && damagedSearched(raster)) found = lumaSeams(raster, region, axis, kinds, found, plainSeams ?? [], probes.probed);
  if (crossings === 0) return found;
  const more = searchDamaged(raster, region, axis, kinds, crossings, colour, only, plainSeams);
  const apart = more.filter((m) => !found.some((f) => f.start <= m.end + BLEND_LINES && m.start <= f.end + BLEND_LINES));
  return apart.length === 0 ? found : [...found, ...apart].sort((a, b) => a.start - b.start);
}

function searchDamaged(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', kinds: Uint8Array, crossings: number, colour?: Rgb, only?: readonly Interval[], plainSeams?: readonly Interval[], probes?: { probed?: Uint8Array }): DamagedSeam[] {
  const count = kinds.length;
  const length = axis === 'horizontal' ? region.height : region.width;
  if (length < PROBES || !damagedSearched(raster)) return [];
  const maxShare = only ? PART_OCCLUDED_SHARE : OCCLUDED_SHARE;
  const needed = only ? PART_PROBES_NEEDED : PROBES_NEEDED - crossings;
  const groups = OCCLUDED_PROBE_GROUPS + 2 * crossings;
  const lineAt = (line: number): LineAt => ({ raster, region, axis, line, length });
  // `only`: the lines worth examining (with the few beside them the flank test reads), if limited.
  const wanted = only ? new Uint8Array(count) : undefined;
  if (wanted && only) for (const o of only) for (let i = Math.max(0, o.start - 2); i < Math.min(count, o.end + 2); i++) wanted[i] = 1;
  // 1. The colour of every line worth examining: a content line's when PROBES_NEEDED of its
  // probes agree on one (a candidate), a plain or ringing line's own (one colour by its class).
  const examine: number[] = [];
  for (let i = 0; i < count; i++) if (!wanted || wanted[i] === 1) examine.push(i);
  const list = Int32Array.from(examine);
  const probed = readProbes(raster, region, axis, list, length);
  // Every line's probes, for the luma seams (`lumaSeams`) when every line was probed.
  if (probes && list.length === count) probes.probed = probed;
  const probeIndex = new Int32Array(count).fill(-1);
  for (let j = 0; j < list.length; j++) probeIndex[list[j]!] = j;
  // The probes of the lines beside a run already show whether a panel can be there: a panel line
  // is off the seam colour at PANEL_SHARE (0.35) of the positions where the seam shows, so some
  // of its 16 probes are off — PANEL_PROBES, a conservative 3 (a cheap test before the run's
  // lines are read in full: it halves the lines read on the bench strip).
  const panelProbed = (from: number, step: number, k: Rgb, tolerance = NEAR_SEAM_TOLERANCE): boolean => {
    for (let d = 0; d < FLANK_DISTANCE; d++) {
      const j = probeIndex[from + step * d] ?? -1;
      if (j < 0 || missesAgainst(probed, j * PROBES * 3, k[0], k[1], k[2], PANEL_PROBES, tolerance) >= PANEL_PROBES) return true;
    }
    return false;
  };
  const lineColour: (Rgb | undefined)[] = [];
  lineColour.length = count;
  for (let j = 0; j < list.length; j++) {
    const l = list[j]!;
    lineColour[l] = probeColour(probed, j, kinds[l] === LineKind.Content ? needed : PROBES, colour, groups) ?? undefined;
  }
  // 2. Runs of lines of one colour between content lines, their content lines read in full. A
  // text page's rows (between blank rows) and a sky's (wide runs) mostly never get here.
  const near: (Rgb | undefined)[] = [];
  near.length = count;
  const occluders: Interval[][] = [];
  const reread = new Uint8Array(count);
  // A line of the whole picture with an occluder at an end (up to EDGE_BADGE_MAX) is kept aside,
  // out of the runs, and tried only after every other seam (step 4): a flat panel's columns
  // between margins, a lossy seam's blended edge lines off the margin's colour and a photo's line
  // beside a seam would otherwise join the runs of seam lines (seam 232 of unseen new-flat-05, a
  // 3 px red heavy-JPEG seam of seed 1006 and a webp q85 badge seam of seed 1003 were lost so).
  const edgeFound: (Interval[] | undefined)[] = [];
  const edgeBlob = Math.min(EDGE_BADGE_MAX, Math.floor(EDGE_LINE_SHARE * length));
  const keep = (l: number, found: Interval[] | null): Interval[] | null => {
    if (found === null) return null;
    // A line read again under the badge of its run and found without one is a seam line after all.
    edgeFound[l] = only || found.every((o) => o.start > 0 && o.end < length) ? undefined : found;
    if (edgeFound[l] === undefined) return found;
    return null;
  };
  const readRun = (from: number, to: number): void => {
    const failed: number[] = [];
    const shared: Interval[] = [];
    for (let l = from; l < to; l++) {
      const found = kinds[l] === LineKind.Content ? keep(l, readSeamLine(lineAt(l), lineColour[l]!, maxShare, !only, undefined, edgeBlob)) : [];
      if (found === null) failed.push(l);
      else {
        near[l] = lineColour[l]!;
        occluders[l] = found;
        shared.push(...found);
      }
    }
    // A badge is one blob across the seam: a line that fails only inside the occluders of the
    // other lines (its digit or its fill in the seam colour breaks its stretches) is read again
    // with those positions counted as occluded.
    if (shared.length === 0 || failed.length === 0) return;
    const hidden = visibleMask(length, shared);
    const blobsOfRun = wholeBlobs(shared);
    for (const l of failed) {
      const found = keep(l, readSeamLine(lineAt(l), lineColour[l]!, maxShare, !only, hidden, edgeBlob));
      if (found === null) continue;
      near[l] = lineColour[l]!;
      // Its occluders are the badge it was read under (the positions it could not show).
      occluders[l] = [...found, ...blobsOfRun];
      reread[l] = 1;
    }
  };
  for (let i = 0; i < count; ) {
    if (!lineColour[i]) {
      i++;
      continue;
    }
    const start = i;
    i = runEnd(lineColour, start, count);
    const flanked = start > 0 && i < count && kinds[start - 1] === LineKind.Content && kinds[i] === LineKind.Content;
    // A wider run is a flat region (a sky, a wall, a page), not a seam between panels.
    const k = lineColour[start + ((i - start) >> 1)]!;
    if (i - start <= CANDIDATE_RUN) {
      if (!flanked) continue;
      if (panelProbed(start - 1, -1, k) && panelProbed(i, 1, k)) readRun(start, i);
      continue;
    }
    // …unless it is a seam a badge crosses beside a photo band nearly its colour (a black seam
    // beside a dark photo, a white one beside a light photo): a step between neighbouring lines
    // larger than CORE_STEP ends the seam's lines. The band beside is judged by the closer panel
    // test (CLOSE_PANEL_TOLERANCE), and lines read so are kept only when a badge crosses them
    // (and they are more than a JPEG blend line or two, BLEND_LINES). The wide run may reach the
    // picture's edge: a panel whose every line is nearly one colour (a horizontal gradient), its
    // lines chained to the seam beside it through the JPEG-blended lines between (red-team badge
    // collage: a blue-to-purple panel chained to a red seam, 337 columns); the seam's own lines
    // never touch the edge.
    let from = start;
    for (let l = start + 1; l <= i; l++) {
      // …or between two flat lines more than the plain spread apart: a drawn seam beside a photo near its colour (`flatStep`).
      if (l < i && !steps(lineColour[l]!, lineColour[l - 1]!) && !flatStep(probed, PROBES, PROBES_NEEDED, probeIndex[l - 1]!, lineColour[l - 1]!, probeIndex[l]!, lineColour[l]!)) continue;
      const c = lineColour[from + ((l - from) >> 1)]!;
      const beside = (at: number, step: number): boolean => panelProbed(at, step, c, CLOSE_PANEL_TOLERANCE) || (flatProbes(probed, PROBES, PROBES_NEEDED, probeIndex[from]!, lineColour[from]!) && nearPanelProbed(probed, PROBES, probeIndex, at, step, FLANK_DISTANCE, c));
      if ((from > start || l < i) && from > 0 && l < count && l - from > BLEND_LINES && l - from <= CANDIDATE_RUN && beside(from - 1, -1) && beside(l, 1)) {
        readRun(from, l);
        let first = from;
        while (first < l && !near[first]) first++;
        let last = first;
        while (last < l && near[last]) last++;
        if (first === l || badgeBlob(first, last, occluders, reread) === null) {
          for (let m = from; m < l; m++) {
            near[m] = undefined;
            reread[m] = 0;
          }
        }
      }
      from = l;
    }
  }
  // 3. Runs of seam lines, each checked as a seam. The narrowest plain separator run along this
  // axis, if any, bounds their width (a grid part inherits its seams from the whole picture).
  // `plainSeams`: the plain seams that passed every rule, when known; a photo's flat band is a
  // run of plain lines too, and held a 1 px seam of an unseen batch to its 10 lines.
  const plain = only ? [] : (plainSeams ?? findRuns(kinds)?.separators ?? []);
  // A plain run wider than CANDIDATE_RUN is a photo's flat band (a clear sky), no seam width: a
  // 110-row sky held a 12 px badge seam to 53 lines and was cut (independent seed 4121 badge-06).
  const seamLike = plain.filter((r) => r.end - r.start <= CANDIDATE_RUN);
  const narrowest = seamLike.length === 0 ? 0 : Math.min(...seamLike.map((r) => r.end - r.start));
  const out: (DamagedSeam & { badge: boolean })[] = [];
  const runs: Interval[] = [];
  for (let i = 0; i < count; ) {
    if (!near[i]) {
      i++;
      continue;
    }
    const start = i;
    i = runEnd(near, start, count);
    runs.push({ start, end: i });
  }
  // Runs of different colours that touch (a blue seam and the line JPEG blends from it and the
  // panel beside; a white seam and a dark photo band nearly one colour beside it): only the run the
  // badge straddles is examined, and the other runs beside it count as its flanking content.
  const examined: Interval[] = [];
  for (let g = 0; g < runs.length; ) {
    let h = g + 1;
    while (h < runs.length && runs[h]!.start === runs[h - 1]!.end) h++;
    if (h - g === 1) examined.push(runs[g]!);
    else {
      const straddled = straddledRun(runs.slice(g, h), occluders, reread);
      if (straddled) examined.push(straddled);
    }
    g = h;
  }
  // Runs of different colours a blend line or two apart are a seam and a band beside it too (a
  // yellow seam and the white top of the drawing under it, one badge over both: independent seed
  // 6410 badge-05, WebP lossless, the white band outvoted the seam and was cut 3 px into the
  // drawing): when one badge crosses both, only the one it straddles is examined. A badge on one
  // of them only may be a photo's object across a band beside a heavy seam (seed 6414 heavy-07):
  // both stay.
  for (let e = examined.length - 1; e > 0; e--) {
    const a = examined[e - 1]!, b = examined[e]!;
    if (b.start === a.end || b.start - a.end > BLEND_LINES || chains(near[(a.start + a.end) >> 1]!, near[(b.start + b.end) >> 1]!)) continue;
    if (badgeBlob(a.start, a.end, occluders, reread) === null || badgeBlob(b.start, b.end, occluders, reread) === null) continue;
    examined.splice(straddledRun([a, b], occluders, reread) === a ? e : e - 1, 1);
  }
  // The checks of one run of seam lines [start, end) of colour `c`, `lines` the occluders of each.
  const isSeam = (start: number, end: number, c: Rgb, lines: readonly Interval[][]): boolean => {
    const seam = { start, end };
    const blobs = lines.flat();
    const contentLines = kinds.subarray(start, end).filter((k) => k === LineKind.Content).length;
    // Real content on both sides: a content line that is not a seam line.
    const flanked = start > 0 && end < count && kinds[start - 1] === LineKind.Content && kinds[end] === LineKind.Content;
    if (!flanked || end - start > NARROW_RINGING_RUN || (end - start) * WIDTH_RATIO + WIDTH_SLACK < narrowest) return false;
    // Something only this rule sees: a content line, and beside plain lines a badge (a badge may
    // leave a seam's edge lines untouched; without one, plain and ringing lines are the plain rules' seam).
    if (contentLines === 0 || (contentLines < end - start && blobs.length === 0)) return false;
    // Occluders are blobs on the seam, not panels between seams crossing it (judged on whole
    // badges: the stretches either side of a digit in the seam colour count as one).
    if (wholeBlobs(blobs).some((o) => betweenCrossings(raster, region, axis, start, end, length, o, c))) return false;
    // What a plain seam must pass: not a gap inside one panel (background-gap.ts)…
    if (isGapInsidePanel(raster, region, axis, seam, c)) return false;
    // …and a panel line within FLANK_DISTANCE on each side, judged where the seam is visible.
    const visible = visibleMask(length, blobs);
    const panelWithin = (from: number, step: number): boolean => {
      for (let d = 0; d < FLANK_DISTANCE; d++) {
        const line = from + step * d;
        if (line < 0 || line >= count) return false;
        if (isPanelLine(lineAt(line), c, visible)) return true;
        // Beside a badge's seam (tight around its colour, `readSeamLine`) a photo close to the
        // seam colour is a panel when it is off by more than CLOSE_PANEL_TOLERANCE.
        if (blobs.length > 0 && isPanelLine(lineAt(line), c, visible, CLOSE_PANEL_TOLERANCE, CLOSE_PANEL_SHARE)) return true;
      }
      return false;
    };
    if (!panelWithin(start - 1, -1) || !panelWithin(end, 1)) return false;
    // …and crossing no more than a few gaps between lines of text (a column of a monospaced
    // page), nor crossed by them (a stroke of its ink; both tests read only past the ones above).
    if (pageGapsCrossed(raster, region, axis, start, end, length, c) > MAX_PAGE_GAPS_CROSSED) return false;
    if (occludersOnGaps(raster, region, axis, start, end, wholeBlobs(blobs, 1), c) > MAX_OCCLUDERS_ON_GAPS) return false;
    // A thin run that differs from the lines on one side only in chroma (their luma its own), a
    // luma ridge beside it on the other, is the chroma that seam bled into a flat panel (`chromaBleed`).
    return !(end - start <= THIN_SEAM && (chromaBleed(lineAt, start, end, -1) || chromaBleed(lineAt, start, end, 1)));
  };
  for (const { start, end } of examined) {
    // The colour of the middle line: the edge lines blend with the panels.
    const c = near[start + ((end - start) >> 1)]!;
    if (isSeam(start, end, c, occluders.slice(start, end))) out.push({ start, end, colour: c, badge: badgeBlob(start, end, occluders, reread) !== null });
  }
  // 4. A badge on the picture's edge (organisers badge a panel's corner, and at the picture's edge
  // or margin the edge cuts it off): runs of seam lines with the lines kept aside in step 2, away
  // from every seam found, whose occluders at an end of the line are a badge crossing every line
  // of the run (`badgeBlob`) and a disc of one fill (`isEdgeBadge`). Nothing found before changes.
  if (edgeFound.length > 0) {
    const withEdges = near.slice();
    const edgeOccluders = occluders.slice();
    for (let l = 0; l < count; l++) {
      if (!edgeFound[l]) continue;
      withEdges[l] = lineColour[l];
      edgeOccluders[l] = edgeFound[l]!;
    }
    const found = [...out];
    const widths = [...found.filter((o) => o.badge), ...plain].map((o) => o.end - o.start);
    for (let i = 0; i < count; ) {
      if (!withEdges[i]) {
        i++;
        continue;
      }
      const start = i;
      i = runEnd(withEdges, start, count);
      const end = i;
      let edged = false;
      for (let l = start; l < end; l++) if (edgeFound[l]) edged = true;
      if (!edged || found.some((o) => o.start <= end + BLEND_LINES && start <= o.end + BLEND_LINES)) continue;
      if (!edgeSeamWideEnough(end - start, widths)) continue;
      const c = withEdges[start + ((end - start) >> 1)]!;
      const blobs = wholeBlobs(edgeOccluders.slice(start, end).flat());
      if (badgeBlob(start, end, edgeOccluders, reread) === null) continue;
      if (!blobs.every((o) => (o.start > 0 && o.end < length) || isEdgeBadge(raster, region, axis, start, end, length, o, c))) continue;
      if (isSeam(start, end, c, edgeOccluders.slice(start, end))) out.push({ start, end, colour: c, badge: true });
    }
  }
  // Plain seams that already divide the axis into equal parts show the collage's layout: damaged
  // seams without a badge that break it (unless all of them together keep it: a 4x1 whose middle
  // seam alone was plain) are a photo's thin dark or pale lines (a pole, a frame's edge).
  // Measured: independent seed 4002 heavy-07, a 3x1 of 2 px black seams at 292 and 592 of 898
  // (parts 293, 300, 305) read a 3 px pole at 351 as a third seam, and a grid of 5 panels came out
  // cut through the middle photo; the committed ia-heavy-03, a 2x1 of a 3 px blue seam at 183 of
  // 379, two dark trunks at 212 and 284 of its second photo.
  if (plain.length >= 1 && equalParts(plain, count)) {
    const sorted = (more: readonly Interval[]): Interval[] => [...plain, ...more].sort((a, b) => a.start - b.start);
    const unbadged = out.filter((o) => !o.badge);
    if (unbadged.length > 0 && !equalParts(sorted(unbadged), count)) {
      for (let k = out.length - 1; k >= 0; k--) if (!out[k]!.badge && !equalParts(sorted([out[k]!]), count)) out.splice(k, 1);
    }
  }
  if (!only) oneColourDivision(raster, region, axis, length, count, plain, out);
  // A seam crossed by a badge shows how the collage draws its seams: one without a badge beside
  // it must be drawn alike, at least half as wide (WIDTH_RATIO, as for the plain seams) and as
  // clean (a line of it tight around its colour, `isTightLine`). Else it is a thin band of a
  // photo nearly one colour: measured on badge collages at q65–q95, 1 px dark bands and a palm
  // trunk beside 3–11 px badge seams, their best line within 24 of their colour at 0.48–0.85
  // (a drawn seam's ≥ 0.9). Heavy-JPEG seams, never tight, carry no badge and meet none.
  const badged = out.filter((o) => o.badge).map((o) => o.end - o.start);
  if (badged.length === 0) return out.map(({ start, end, colour }) => ({ start, end, colour }));
  const narrowestBadged = Math.min(...badged);
  const drawnAlike = (o: DamagedSeam): boolean => {
    if ((o.end - o.start) * WIDTH_RATIO + WIDTH_SLACK < narrowestBadged || crossedWithoutBadge(occluders.slice(o.start, o.end), reread.subarray(o.start, o.end))) return false;
    for (let l = o.start; l < o.end; l++) if (isTightLine(lineAt(l), o.colour)) return true;
    return false;
  };
  return out.filter((o) => o.badge || drawnAlike(o)).map(({ start, end, colour }) => ({ start, end, colour }));
}

/** Luma distance within which a line beside a seam is the seam's luma, and the share of it that must be (`chromaBleed`). */
const BLEED_LUMA = 16;
const BLEED_SHARE = 0.85;
/** How far, and along what share of its length, a thin seam's line stands out in luma from both lines beside it (`lumaRidge`). */
const RIDGE_STEP = 8;
const RIDGE_SHARE = 0.45;

/**
 * Whether the seam lines [start, end) are the chroma a thin seam beside them bled into a flat
 * panel: every one of them keeps the luma of the FLANK_DISTANCE lines beyond them on one side
 * (`step` −1: before `start`, +1: from `end`) within BLEED_LUMA at BLEED_SHARE of its length —
 * JPEG stores luma at full resolution, 4:2:0 chroma at half, and q25–40 bleeds a seam's chroma
 * several lines on — while the line just beyond them on the other side is a luma ridge
 * (`lumaRidge`): the seam itself. Measured on independent seed 6211 heavy-02 (q25): a 1 px red
 * seam at 603 beside a flat teal panel (luma 65) bled into 600–602 (luma 61–64 against 0.85–0.96
 * of the teal lines within 16; red channel 27→63), which was read as the seam and cut 2 px inside
 * the teal photo; 603 stands 8 above or below both its neighbours on 0.56 of its length. A true
 * 1 px blue seam at 309 of seed 6200 heavy-06 keeps the luma of the flat teal and blue panels on
 * its left the same way, but nothing beside it is a ridge (every line within 3 of it: ≤ 0.20).
 */
function chromaBleed(lineAt: (line: number) => LineAt, start: number, end: number, step: -1 | 1): boolean {
  const first = lineAt(start);
  const { raster, region, axis, length } = first;
  const count = axis === 'horizontal' ? region.width : region.height;
  const ridge = step < 0 ? end : start - 1;
  if (ridge < 1 || ridge >= count - 1 || !lumaRidge(lineAt, ridge)) return false;
  const d = raster.data;
  const needed = Math.ceil(BLEED_SHARE * length);
  for (let l = start; l < end; l++) {
    const [m0, mStep] = lineWalk(lineAt(l));
    for (let k = 0; k < FLANK_DISTANCE; k++) {
      const line = step < 0 ? start - 1 - k : end + k;
      if (line < 0 || line >= count) return false;
      const [s0, sStep] = lineWalk(lineAt(line));
      let same = 0;
      for (let t = 0, p = m0, q = s0; t < length; t++, p += mStep, q += sStep) if (Math.abs(luma(d[p]!, d[p + 1]!, d[p + 2]!) - luma(d[q]!, d[q + 1]!, d[q + 2]!)) <= BLEED_LUMA) same++;
      if (same < needed) return false;
    }
  }
  return true;
}

/** Whether line `line` stands more than RIDGE_STEP above both its neighbours' luma, or below both, along RIDGE_SHARE of its length. */
function lumaRidge(lineAt: (line: number) => LineAt, line: number): boolean {
  const at = lineAt(line);
  const d = at.raster.data;
  const [p0, step] = lineWalk(at);
  const [a0] = lineWalk(lineAt(line - 1));
  const [b0] = lineWalk(lineAt(line + 1));
  let hits = 0;
  for (let t = 0, p = p0, a = a0, b = b0; t < at.length; t++, p += step, a += step, b += step) {
    const y = luma(d[p]!, d[p + 1]!, d[p + 2]!);
    const da = y - luma(d[a]!, d[a + 1]!, d[a + 2]!);
    const db = y - luma(d[b]!, d[b + 1]!, d[b + 2]!);
    if ((da > RIDGE_STEP && db > RIDGE_STEP) || (da < -RIDGE_STEP && db < -RIDGE_STEP)) hits++;
  }
  return hits >= RIDGE_SHARE * at.length;
}

/** Fewest seams of one colour that must divide the axis evenly before seams of another colour are dropped (`oneColourDivision`). */
const ONE_COLOUR_MIN_SEAMS = 2;

/**
 * Drops from `out` (in place) the damaged seams without a badge that are not of the collage's seam
 * colour, when the seams fall into two or more colours (`sameSeamColour`) and exactly one colour's
 * seams — every plain seam among them, at least ONE_COLOUR_MIN_SEAMS — divide the axis into equal
 * parts (`equalParts`) while all the seams together do not. A collage draws its seams in one colour
 * and its panels alike; a photo's thin dark lines (a pole, a table edge) are neither. Measured on
 * independent seed 6212 heavy-02, a 4×1 of 2 px blue seams at q38: the three blue seams (one plain)
 * divide 902 px into 221–231 px parts, while three black 1–3 px lines of its photos at 27, 485 and
 * 509, read as damaged seams, outvoted blue and cut a 5-panel grid through three photos.
 * Only the seams' middle lines are read, and only when a damaged seam has a colour of its own.
 */
function oneColourDivision(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', length: number, count: number, plain: readonly Interval[], out: (DamagedSeam & { badge: boolean })[]): void {
  const unbadged = out.filter((o) => !o.badge);
  if (unbadged.length === 0) return;
  // Damaged seams of one colour and no plain seam: nothing to choose between.
  if (plain.length === 0 && unbadged.every((o) => sameSeamColour(o.colour, unbadged[0]!.colour))) return;
  const colourOf = (s: Interval): number[] => lineMean(raster, region, axis, s.start + ((s.end - s.start) >> 1), 0, length);
  const seams = [...plain.map((p) => ({ start: p.start, end: p.end, colour: colourOf(p), plain: true })), ...unbadged.map((o) => ({ start: o.start, end: o.end, colour: o.colour as number[], plain: false }))].sort((a, b) => a.start - b.start);
  const groups: (typeof seams)[] = [];
  for (const s of seams) {
    const g = groups.find((gr) => sameSeamColour(gr[0]!.colour, s.colour));
    if (g) g.push(s);
    else groups.push([s]);
  }
  if (groups.length < 2 || equalParts(seams, count)) return;
  const dividing = groups.filter((g) => g.length >= ONE_COLOUR_MIN_SEAMS && g.filter((s) => s.plain).length === plain.length && equalParts(g, count));
  if (dividing.length !== 1) return;
  const keep = dividing[0]!;
  for (let k = out.length - 1; k >= 0; k--) {
    const o = out[k]!;
    if (!o.badge && !keep.some((s) => s.start === o.start && s.end === o.end)) out.splice(k, 1);
  }
}

/**
 * The probes of every line to examine, R, G, B each, read in one sweep: for columns, probe row by
 * probe row across all of them (a column probed alone touches one page per probe).
 */
function readProbes(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', lines: Int32Array, length: number): Uint8Array {
  const out = new Uint8Array(lines.length * PROBES * 3);
  const d = raster.data;
  const w = raster.width;
  for (let s = 0; s < PROBES; s++) {
    const t = probeAt(s, length);
    // Columns: along probe row t; rows: at column t of each row. The same few operations either way.
    const fixed = axis === 'horizontal' ? ((region.y + t) * w + region.x) * 4 : (region.y * w + region.x + t) * 4;
    const step = axis === 'horizontal' ? 4 : w * 4;
    for (let j = 0; j < lines.length; j++) {
      const p = fixed + lines[j]! * step;
      const q = (j * PROBES + s) * 3;
      const a = d[p + 3]!;
      if (a === 255) {
        out[q] = d[p]!; out[q + 1] = d[p + 1]!; out[q + 2] = d[p + 2]!;
      } else {
        out[q] = overWhite(d[p]!, a); out[q + 1] = overWhite(d[p + 1]!, a); out[q + 2] = overWhite(d[p + 2]!, a);
      }
    }
  }
  return out;
}

/**
 * True when the probes of one line (from `base`) that miss (k0, k1, k2) could be occluders: at
 * most PROBES − needed of them, in at most OCCLUDED_PROBE_GROUPS runs of neighbouring probes when
 * more than SCATTERED_MISSES miss. A badge hides neighbouring probes; a photograph's line, nearly
 * one colour in places, misses them scattered (this keeps its lines from being read in full).
 */
function probesFit(probed: Uint8Array, base: number, k0: number, k1: number, k2: number, needed: number, maxGroups = OCCLUDED_PROBE_GROUPS): boolean {
  let misses = 0;
  let groups = 0;
  let previous = false;
  for (let s = 0; s < PROBES; s++) {
    const q = base + s * 3;
    const miss = Math.abs(probed[q]! - k0) > NEAR_SEAM_TOLERANCE || Math.abs(probed[q + 1]! - k1) > NEAR_SEAM_TOLERANCE || Math.abs(probed[q + 2]! - k2) > NEAR_SEAM_TOLERANCE;
    if (miss) {
      if (++misses > PROBES - needed) return false;
      if (!previous) groups++;
    }
    previous = miss;
  }
  return misses <= SCATTERED_MISSES || groups <= maxGroups;
}

/**
 * The colour to test line `j` of `probed` against, when its probes fit it (`probesFit`); else
 * null. With the collage colour unknown, the candidates are the first PROBES − needed + 1 probes
 * themselves: if `needed` probes agree, one of those is among them.
 */
function probeColour(probed: Uint8Array, j: number, needed: number, colour?: Rgb, maxGroups = OCCLUDED_PROBE_GROUPS): Rgb | null {
  const base = j * PROBES * 3;
  const misses = PROBES - needed;
  if (colour) return probesFit(probed, base, colour[0], colour[1], colour[2], needed, maxGroups) ? colour : null;
  for (let c = 0; c <= misses; c++) {
    const q = base + c * 3;
    const k0 = probed[q]!, k1 = probed[q + 1]!, k2 = probed[q + 2]!;
    if (!probesFit(probed, base, k0, k1, k2, needed, maxGroups)) continue;
    let s0 = 0, s1 = 0, s2 = 0, n = 0;
    for (let s = 0; s < PROBES; s++) {
      const r = probed[base + s * 3]!, g = probed[base + s * 3 + 1]!, b = probed[base + s * 3 + 2]!;
      if (Math.abs(r - k0) <= NEAR_SEAM_TOLERANCE && Math.abs(g - k1) <= NEAR_SEAM_TOLERANCE && Math.abs(b - k2) <= NEAR_SEAM_TOLERANCE) {
        s0 += r; s1 += g; s2 += b; n++;
      }
    }
    return [Math.round(s0 / n), Math.round(s1 / n), Math.round(s2 / n)];
  }
  return null;
}

/** Probes of one line farther than NEAR_SEAM_TOLERANCE from (k0, k1, k2), counted up to `limit` + 1. */
function missesAgainst(probed: Uint8Array, base: number, k0: number, k1: number, k2: number, limit: number, tolerance = NEAR_SEAM_TOLERANCE): number {
  let missed = 0;
  for (let s = 0; s < PROBES && missed <= limit; s++) {
    const q = base + s * 3;
    if (Math.abs(probed[q]! - k0) > tolerance || Math.abs(probed[q + 1]! - k1) > tolerance || Math.abs(probed[q + 2]! - k2) > tolerance) missed++;
  }
  return missed;
}

function probeAt(s: number, length: number): number {
  return Math.floor(((s + 0.5) * length) / PROBES);
}

/**
 * Luma seams: a 1–3 px seam of a saturated colour (red, blue, yellow) in a heavily compressed
 * JPEG keeps its luma — JPEG stores Y at full resolution — while 4:2:0 averages its chroma with
 * the panels beside over each 2×2 block, so no line of it stays within NEAR_SEAM_TOLERANCE of one
 * colour and the colour rules above never see it. Measured on the heavy collages of independent
 * seeds 2200–2207 and project seeds 2250–2251: 15 such seams (1–3 px blue 30,60,190, red 220,30,40,
 * yellow 255,220,0 at q28–q40, some saved twice) have their best line at 0.00–0.64 within 48 of
 * the painted colour, yet 0.89–1.00 of its pixels within 16 of the painted luma.
 *
 * A luma seam is a run of at most THIN_SEAM content lines whose probes agree on one luma (all but
 * LUMA_PROBE_MISSES within LUMA_TOLERANCE), one line of which keeps LUMA_FLAT_SHARE of its pixels
 * within LUMA_TOLERANCE of it along the whole picture, while on each side one of the two lines
 * beyond is off that luma at LUMA_OFF_SHARE of its positions: a thin line of one luma through
 * every panel it crosses, unlike the panels on both sides. Flat regions (a sky, a wall) fail the
 * sides; a photo's thin line fails the length. Measured (the same tests, around each line's median
 * luma) on every picture of at most 1.2 MP of four of those batches (seeds 2200, 2201, 2203, 2250)
 * and of the 4 committed ones, every kind: runs passing them outside a seam: 2, a 4 px margin at the picture's edge (kept out
 * by LUMA_MARGIN_MAX) and a 9 px seam's blended edge beside a drop shadow.
 *
 * And the seams must be where a collage's seams are: with the seams already found along the axis,
 * they divide it into 2–LUMA_MAX_PARTS parts of one size (`equalParts`). A texture of thin stripes
 * passes the line tests many times over and divides nothing evenly. Only when every candidate fits
 * are they kept; otherwise none is.
 */
export const LUMA_TOLERANCE = 16;
const LUMA_FLAT_SHARE = 0.95;
/**
 * A seam line's own share within LUMA_TOLERANCE of its luma (a margin's lines keep LUMA_FLAT_SHARE),
 * around its probes' luma or the whole line's median: measured on independent seeds 6206 heavy-07
 * and 6218 heavy-07 (3x2 of 1 px grey and red seams at q25, one saved again at q47), the row seam
 * across all three photos keeps 0.93 of its 884 px within 16 of its median (0.98 within 20),
 * 0.79–0.85 around its probes' luma; its neighbours keep 0.26–0.33 around their own. On 2172
 * pictures (the committed batches and 31 of seeds 6200–6252) this found the row seams of those
 * two, a 4x1's third seam (6222 heavy-06) and a badge 3x2's row seam (6225 badge-01), changing no
 * other plan.
 */
export const LUMA_SEAM_FLAT_SHARE = 0.92;
export const LUMA_OFF_SHARE = 0.5;
/**
 * A loose seam line: LUMA_LOOSE_SHARE of its pixels within LUMA_LOOSE_TOLERANCE of its median, no
 * paler than LUMA_LOOSE_MAX, tried only where the strict lines complete no division. On short lines
 * (100–320 px: the small strips of heavy collages) 4:2:0 at q25–40 leaves a 1 px red, blue or grey
 * seam's line 0.86–0.89 within 16 of its median but 0.95–0.96 within 24 (independent seeds 43014
 * heavy-02, 43034 heavy-06); the photo lines beside keep under half (LUMA_OFF_SHARE still holds
 * the sides). Pale lines stay strict: a white seam's own lines are plain or ringing, and a white
 * row found loose (luma 237, seed 22511 heavy-08) let a grid completion cut 2 px inside a photo;
 * the light grey seams the loose lines found read 198–204.
 */
const LUMA_LOOSE_SHARE = 0.95;
const LUMA_LOOSE_TOLERANCE = 24;
const LUMA_LOOSE_MAX = 216;
/** Probes of a luma-seam candidate line that may miss its luma (JPEG specks): 1 of 16 (the test in `flatLumaProbes` assumes 1). */
const LUMA_PROBE_MISSES = 1;
/** Most parts a luma seam may complete: heavy-JPEG collages have at most 4 along an axis (4×1, 1×4; 3×3), so 5. */
const LUMA_MAX_PARTS = 5;
/**
 * How far a part may be off the mean part: the panels of one heavy-JPEG collage differ by up to
 * 5.9 % of their mean (seeds 2200–2207, 2250–2251: 164–180 px of a 4×1, 189–202 of a 3×1), so 8 %
 * plus 2 px of JPEG-blurred seam edges.
 */
const PART_SLACK_SHARE = 0.08;
const PART_SLACK_PX = 2;
/** Lines two margins of one canvas may differ by once found: a margin's last line may blend into the panel (±1 a side) and a 4:2:0 block may lose one more. */
const MARGIN_MATCH = 3;
/** Widest margin an end part may add beyond a part: measured heavy margins 2–7 px. */
const LUMA_MARGIN_MAX = 10;

/**
 * Per line of `probed` (PROBES probes a line, R, G, B): whether all its probes but LUMA_PROBE_MISSES
 * lie within LUMA_TOLERANCE of one luma (`flat`), and that luma (`probeLevel`). Plain and ringing
 * lines are skipped: one colour, they are the colour rules' to judge.
 */
function flatLumaProbes(probed: Uint8Array, count: number, probeLevel: Float32Array, flat: Uint8Array, kinds: Uint8Array): void {
  const at = (q: number): number => luma(probed[q * 3]!, probed[q * 3 + 1]!, probed[q * 3 + 2]!);
  for (let l = 0; l < count; l++) {
    // A plain or ringing line is one colour: the colour rules' to judge. Skipping them also keeps
    // this off a photo strip's sky rows (the bench strip: 172 of its 500 rows pass the fast test).
    if (kinds[l] !== LineKind.Content) continue;
    const base = l * PROBES;
    // Fast reject on four probes spread over the line (across the panels of a strip): with at most
    // LUMA_PROBE_MISSES (1) off the line's luma, three of them are within LUMA_TOLERANCE of it, so
    // within twice that of each other: at least three close pairs.
    const a = at(base), b = at(base + 5), c = at(base + 10), e = at(base + 15);
    const near = 2 * LUMA_TOLERANCE;
    const pairs = (Math.abs(a - b) <= near ? 1 : 0) + (Math.abs(a - c) <= near ? 1 : 0) + (Math.abs(a - e) <= near ? 1 : 0) + (Math.abs(b - c) <= near ? 1 : 0) + (Math.abs(b - e) <= near ? 1 : 0) + (Math.abs(c - e) <= near ? 1 : 0);
    if (pairs < 3) continue;
    // All but the lowest or the highest probe (the one that may miss) within a span of twice
    // LUMA_TOLERANCE: then within LUMA_TOLERANCE of its middle, the line's luma.
    let lo1 = 256, lo2 = 256, hi1 = -1, hi2 = -1;
    for (let s = 0; s < PROBES; s++) {
      const y = at(base + s);
      if (y < lo1) {
        lo2 = lo1;
        lo1 = y;
      } else if (y < lo2) lo2 = y;
      if (y > hi1) {
        hi2 = hi1;
        hi1 = y;
      } else if (y > hi2) hi2 = y;
    }
    if (hi2 - lo1 <= near) {
      probeLevel[l] = (hi2 + lo1) / 2;
      flat[l] = 1;
    } else if (hi1 - lo2 <= near) {
      probeLevel[l] = (hi1 + lo2) / 2;
      flat[l] = 1;
    }
  }
}

/**
 * Luma of the pixel at byte `p` of `d`, composited over white where not opaque.
 *
 * @example
 * ```ts
 * pixelLuma(raster.data, 0); // 255 on a white (or fully transparent) first pixel
 * ```
 */
export function pixelLuma(d: Uint8Array, p: number): number {
  const a = d[p + 3]!;
  return a === 255 ? luma(d[p]!, d[p + 1]!, d[p + 2]!) : luma(overWhite(d[p]!, a), overWhite(d[p + 1]!, a), overWhite(d[p + 2]!, a));
}

/**
 * Whether line `line`, of median luma `median`, is a loose luma-seam line: no paler than
 * LUMA_LOOSE_MAX, LUMA_LOOSE_SHARE of it within LUMA_LOOSE_TOLERANCE of the median.
 *
 * @example
 * ```ts
 * looseLumaLine(raster, region, 'horizontal', 112, raster.height, 84); // a 1 px red seam at q30: true
 * ```
 */
export function looseLumaLine(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', line: number, length: number, median: number): boolean {
  return median <= LUMA_LOOSE_MAX && lumaShare(raster, region, axis, line, length, median, false, LUMA_LOOSE_SHARE, LUMA_LOOSE_TOLERANCE);
}

/**
 * Whether at least `share` of the lumas along line `line` are farther than LUMA_TOLERANCE from
 * `m` (`far`) or within it (not `far`): one pass, stopping as soon as the answer is known.
 */
export function lumaShare(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', line: number, length: number, m: number, far: boolean, share: number, tolerance = LUMA_TOLERANCE): boolean {
  const d = raster.data;
  const [p0, step] = lineWalk({ raster, region, axis, line, length });
  let p = p0;
  const needed = Math.ceil(share * length);
  let hits = 0;
  for (let t = 0; t < length; t++, p += step) {
    const y = pixelLuma(d, p);
    if (Math.abs(y - m) > tolerance === far && ++hits >= needed) return true;
    if (hits + (length - t - 1) < needed) return false;
  }
  return hits >= needed;
}

/**
 * The median luma along line `line` of `region` (over white where not opaque), from a histogram of whole levels.
 *
 * @example
 * ```ts
 * medianLuma(raster, { x: 0, y: 0, width: raster.width, height: raster.height }, 'vertical', 10, raster.width); // row 10's median luma
 * ```
 */
export function medianLuma(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', line: number, length: number): number {
  const d = raster.data;
  const [p0, step] = lineWalk({ raster, region, axis, line, length });
  const histogram = new Uint32Array(256);
  for (let t = 0, p = p0; t < length; t++, p += step) {
    const y = pixelLuma(d, p);
    histogram[Math.min(255, Math.round(y))]!++;
  }
  let seen = 0;
  for (let v = 0; v < 256; v++) if ((seen += histogram[v]!) * 2 >= length) return v;
  return 255;
}

/**
 * Whether `seams` (sorted, along an axis of `count` lines) divide it into parts of one size (see
 * PART_SLACK_SHARE): the parts between seams within the slack of their mean, and each end part
 * (from the picture's edge, a margin included) at most LUMA_MARGIN_MAX longer than them, or, with
 * one seam, the two halves within the slack of each other.
 */
export function equalParts(seams: readonly Interval[], count: number): boolean {
  if (seams.length === 0) return false;
  const cuts = seams.map((s) => (s.start + s.end) / 2);
  const first = cuts[0]!;
  const last = count - cuts[cuts.length - 1]!;
  if (cuts.length === 1) return Math.abs(first - last) <= PART_SLACK_SHARE * ((first + last) / 2) + PART_SLACK_PX;
  const inner: number[] = [];
  for (let i = 1; i < cuts.length; i++) inner.push(cuts[i]! - cuts[i - 1]!);
  const mean = inner.reduce((a, b) => a + b, 0) / inner.length;
  const slack = PART_SLACK_SHARE * mean + PART_SLACK_PX;
  if (inner.some((p) => Math.abs(p - mean) > slack)) return false;
  return [first, last].every((e) => e >= mean - slack && e <= mean + slack + LUMA_MARGIN_MAX);
}

/** Most a part may differ from the mean part, as a share of it (plus PART_SLACK_PX), with the seams at their ends (see `seamsAtEnds`). */
const LONE_END_SHARE = 0.01;
/**
 * The same with two seams or more, when one of them is thin (THIN_SEAM: the collage's seams are
 * 1–3 px, so every wider run holds a panel's edge) or every wide run is pale (SHADED_MIN_MEAN in
 * every channel: a white page or studio backdrop beside a white seam): three or four panels of one
 * collage are equal only roughly. Measured on the strips of 3–4 parts of independent seeds
 * 21000–21039 (169 heavy, 259 gradient, 250 flat, 110 badge): their true parts lie within 2.0 %
 * of the mean part at the median, 3.3 % at the 90th percentile and 4.6 % at most (heavy; the
 * others up to 4.8 %). At 1 % a 1x3 of 2 px white seams between white-backdropped photos (seed
 * 21037 heavy-03, runs 133–146 and 259–266 of 403 rows) came out 133/132/137 at the runs' ends,
 * 3.7 px off against a slack of 3.3, and stayed cut 6 px inside a photo at each middle. Neither
 * thin nor pale, 17 px dark seams inside a frame (committed frame-no-margin/i18002-mix-10, JPEG
 * q50) read as runs of 16 and 10 lines and moved to their ends at 3.5 %, off the exact plan. With
 * one seam the share stays 1 %: two panels are often unequal by design, and at 3.5 % single 9–13
 * px seams between panels of 173/193 and 324/358 px (seeds 21031 mix-05, 21035 mix-02, lossless)
 * moved to an end. 2.5–5 % gave the same scores on seeds 21000–21039 but for one caption
 * collage (from 3.5 %).
 */
const LONE_END_SHARE_MANY = 0.035;
/** How many times that slack a part must be off at the runs' middles for the ends to be tried. */
const LONE_MIDDLE_RATIO = 2;
/** Most wide runs tried at their ends: 3 ways each, 27 layouts at most (a 4×1 has 3 seams). */
const LONE_MAX_WIDE = 3;

/**
 * Seam runs beside a panel whose edge is plain in the seam's colour (a drawing on white, a studio
 * backdrop), each found as one run of seam and panel edge: its middle cuts through that panel.
 * Such a seam is then the run's end beside the other panel, where the parts come out equal, as a
 * collage's panels along an axis are (`equalParts`); the run's lines are plain, so a cut at either
 * end runs beside a panel, never through one. Measured on the heavy collages of independent seeds
 * 4000–4017: three 2×1 collages of 1–2 px white seams beside a white drawing or a 240 backdrop
 * read runs of 28, 51 and 154 lines, cut 13–77 px inside that panel, and a 3×1 (seed 4016
 * heavy-03) of 1 px red seams round a white drawing read runs of 59 and 83 lines of its white
 * page on both sides; at the runs' ends the parts are within 1.5–4.3 px of their mean of 299–418
 * (the generator's equal panels), at the middles one is 15.5–75 off. So: each run wider than a
 * thin seam with its JPEG-blended edges (2 × THIN_SEAM) may move to an end (thin ones stay), the
 * parts must all come within LONE_END_SHARE of their mean plus PART_SLACK_PX (5 px of 300), and
 * at the middles at least one part must be LONE_MIDDLE_RATIO times that off. On 1900 pictures
 * (the committed batches, independent seeds 4000–4021, project seeds 4050–4054) it changed, besides
 * those, two merged grid blocks (searched as pictures of their own: misses before and after, no
 * cut) and fixed a gradient collage's cut. No pixel is read. `first`, `last`: where the content
 * begins and ends along the axis; `alike` false: runs of one width may still hold panel edges
 * (`seamsAtEndsFramed`). Null when the middles stand.
 *
 * @example
 * ```ts
 * // A 2×1 of 599 px: a 1 px seam at 299 read as the run 299–352 with a white panel's edge.
 * seamsAtEnds([{ start: 299, end: 352 }], 0, 599); // [{ start: 299, end: 300 }]
 * ```
 */
export function seamsAtEnds(seams: readonly (Interval & { colour?: readonly number[] })[], first: number, last: number, alike = true, loose = true): Interval[] | null {
  const wide = seams.filter((s) => s.end - s.start > 2 * THIN_SEAM).length;
  if (wide === 0 || wide > LONE_MAX_WIDE) return null;
  // Seams of one width are drawn alike: each is a seam, not a seam and a panel's edge (the
  // committed unseen new-flat-06: 12 px white seams between flat panels of 205–221 px, unequal by
  // design, came out 211/216/216 at their ends).
  const widths = seams.map((s) => s.end - s.start);
  if (alike && seams.length > 1 && Math.max(...widths) - Math.min(...widths) <= 2 * BLEND_LINES) return null;
  const mean = (last - first) / (seams.length + 1);
  const slack = LONE_END_SHARE * mean + PART_SLACK_PX;
  // The largest distance of a part from the mean part, with the cuts through `at`.
  const spread = (at: readonly Interval[]): number => {
    let worst = 0;
    let from = first;
    for (const s of [...at, { start: last, end: last }]) {
      const cut = s.start + Math.floor((s.end - s.start) / 2);
      worst = Math.max(worst, Math.abs(cut - from - mean));
      from = cut;
    }
    return worst;
  };
  if (spread(seams) <= LONE_MIDDLE_RATIO * slack) return null;
  // At the ends, panels of three or more may come out as unequal as a collage draws them, where
  // the runs are known to hold panel edges (LONE_END_SHARE_MANY).
  const thin = seams.some((s) => s.end - s.start <= THIN_SEAM);
  const pale = seams.every((s) => s.end - s.start <= 2 * THIN_SEAM || (s.colour !== undefined && s.colour.every((v) => v >= SHADED_MIN_MEAN)));
  const endSlack = (loose && seams.length >= 2 && (thin || pale) ? LONE_END_SHARE_MANY : LONE_END_SHARE) * mean + PART_SLACK_PX;
  // The run's first or last line: a cut there lies on the seam whatever its width (a 1 px white
  // seam of a lossless 4x3 grid, independent seed 4011 grid-06, was cut a line early, inside its
  // photo, from a 3-line stretch's middle).
  let layouts: Interval[][] = [[]];
  for (const s of seams) {
    const ways = s.end - s.start > 2 * THIN_SEAM ? [s, { start: s.start, end: s.start + 1 }, { start: s.end - 1, end: s.end }] : [s];
    layouts = layouts.flatMap((l) => ways.map((w) => [...l, w]));
  }
  let best: Interval[] | null = null;
  let bestSpread = endSlack;
  for (const l of layouts) {
    const d = spread(l);
    if (d <= bestSpread) {
      best = l;
      bestSpread = d;
    }
  }
  return best;
}

/**
 * `seamsAtEnds`, and where it finds no layout and the two margins differ by more than
 * MARGIN_MATCH, again with the wider margin as wide as the other: a canvas frames a collage alike
 * on both sides, and a white drawing's plain edge beside a white margin reads as more margin.
 * Measured on independent seed 7208 heavy-06 (a 1x4 of 2 px white seams, 6 px margins, two white
 * drawings): the top run read 0–23 (margin and the first drawing's white top), the bottom margin
 * 6; with the content from 23 the parts at the seam runs' ends were 192–216 (no layout), cut at
 * the middles 10–15 px inside both drawings; from 6 they are 209–216, within 3.5 px of their mean.
 * `span`: the lines of the axis. The content's new ends come back with the seams.
 */
export function seamsAtEndsFramed(seams: readonly (Interval & { colour?: readonly number[] })[], first: number, last: number, span: Interval): { seams: Interval[]; first: number; last: number } | null {
  const at = seamsAtEnds(seams, first, last);
  const head = first - span.start;
  const tail = span.end - last;
  const matched = Math.abs(head - tail) <= MARGIN_MATCH;
  // A layout only LONE_END_SHARE_MANY allows, with margins that differ, defers to the one with
  // the margins made equal: a white panel's plain far edge read as margin shortens the last part,
  // and 3.5 % passes it (independent seed 22505 heavy-04, a 1x3 of 3 px white seams, 7 px
  // margins: content read 6–412, parts 138/139/129 at the runs' ends, the last cut 13 px short;
  // with the margin matched, 6–425, they are 138/139/142, the exact plan).
  if (at && (matched || seamsAtEnds(seams, first, last, true, false))) return { seams: at, first, last };
  if (matched) return null;
  const [f, l] = head > tail ? [span.start + tail, last] : [first, span.end - head];
  // The moved end must lie outside every seam run: the margin is no panel, the run no margin.
  const fallback = at ? { seams: at, first, last } : null;
  if (seams.some((s) => s.start < f || s.end > l)) return fallback;
  // Runs of one width are no proof of drawn seams here: the drawings' plain edges beside them
  // were alike too (7208 heavy-06: runs of 21, 24 and 20 lines round 2 px seams).
  const moved = seamsAtEnds(seams, f, l, false);
  return moved ? { seams: moved, first: f, last: l } : fallback;
}

/**
 * `found` with the luma seams along `axis` (see LUMA_TOLERANCE) added when they and the seams
 * found before (`found`, `plainSeams`) divide the axis into equal parts (`equalParts`).
 */
function lumaSeams(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', kinds: Uint8Array, found: readonly DamagedSeam[], plainSeams: readonly Interval[], probedAll?: Uint8Array): DamagedSeam[] {
  const count = axis === 'horizontal' ? region.width : region.height;
  const length = axis === 'horizontal' ? region.height : region.width;
  if (length < PROBES || count < 2 * PROBES) return [...found];
  // Seams and candidates within the margins' reach of an end are a margin's edges, not seams.
  const edgeZone = LUMA_MARGIN_MAX + THIN_SEAM;
  const inside = (k: Interval): boolean => k.start >= edgeZone && k.end <= count - edgeZone;
  const known: Interval[] = [...plainSeams, ...found].filter(inside).sort((a, b) => a.start - b.start);
  // Seams found already dividing the axis evenly leave no place for a luma seam the division
  // needs (and keep this search off the common path: a collage whose seams were all found).
  if (known.length > 0 && equalParts(known, count)) return [...found];
  // A collage draws its seams alike (WIDTH_RATIO): beside a seam found wider than a thin one with
  // its JPEG-blended edges (THIN_SEAM on each side), there is no 1–3 px seam to look for. Measured:
  // the seams found in the 80 heavy collages of the tuning batches span 1–4 lines (the runs of
  // 33–78 found in four of them are photos' flat bands, which leave those four as they were).
  if (known.some((k) => k.end - k.start > 2 * THIN_SEAM)) return [...found];
  let probed = probedAll;
  if (!probed || probed.length !== count * PROBES * 3) {
    const all = new Int32Array(count);
    for (let i = 0; i < count; i++) all[i] = i;
    probed = readProbes(raster, region, axis, all, length);
  }
  const p = probed;
  const probeLuma = (l: number, s: number): number => luma(p[(l * PROBES + s) * 3]!, p[(l * PROBES + s) * 3 + 1]!, p[(l * PROBES + s) * 3 + 2]!);
  const probeLevel = new Float32Array(count);
  const flatProbed = new Uint8Array(count);
  flatLumaProbes(probed, count, probeLevel, flatProbed, kinds);
  // A side line's probes must show it off the seam's luma (a conservative 3 of 16, as PANEL_PROBES).
  const probedOff = (l: number, m: number): boolean => {
    let off = 0;
    for (let s = 0; s < PROBES; s++) if (Math.abs(probeLuma(l, s) - m) > LUMA_TOLERANCE) off++;
    return off >= PANEL_PROBES;
  };
  const near = (a: Interval, b: Interval): boolean => a.start <= b.end + BLEND_LINES && b.start <= a.end + BLEND_LINES;
  const meanOf = (line: number): Rgb => {
    const mean = lineMean(raster, region, axis, line, 0, length);
    return [Math.round(mean[0]!), Math.round(mean[1]!), Math.round(mean[2]!)];
  };
  // The colour a luma seam reports: its own line's is a blend with the panels (the chroma lost),
  // so a margin of its luma, wide enough to keep its chroma, names it better. Measured: a 1 px red
  // seam of a 4x3 grid with a 10 px red margin (webp q63, seed 2200) read (133,66,76); voted so,
  // the margin (220,30,40) was no longer the collage colour and was left inside the end parts.
  const marginColour = (m: number): Rgb | null => {
    for (const l of [0, count - 1]) if (lumaShare(raster, region, axis, l, length, m, false, LUMA_FLAT_SHARE)) return meanOf(l);
    return null;
  };
  // `loose`: a seam line may also be one of `looseLines`, the lines the strict pass found loose
  // (LUMA_LOOSE_SHARE within LUMA_LOOSE_TOLERANCE of their median).
  const looseLines = new Set<number>();
  const division = (loose: boolean): DamagedSeam[] | null => {
    const candidates: DamagedSeam[] = [];
    for (let i = edgeZone; i < count - edgeZone; ) {
      if (flatProbed[i] === 0) {
        i++;
        continue;
      }
      const start = i;
      while (i < count && flatProbed[i] === 1 && Math.abs(probeLevel[i]! - probeLevel[start]!) <= LUMA_TOLERANCE) i++;
      const end = i;
      if (end - start > THIN_SEAM || end > count - edgeZone) continue;
      const m0 = probeLevel[start + ((end - start) >> 1)]!;
      if (!(probedOff(start - 1, m0) || probedOff(start - 2, m0)) || !(probedOff(end, m0) || probedOff(end + 1, m0))) continue;
      if (known.some((k) => near(k, { start, end }))) continue;
      // Read in full: a line of the run flat around its probes' luma, then the sides off it.
      let best = -1;
      let bestMedian = 0;
      for (let l = start; l < end && best < 0; l++) {
        // Around its probes' luma or, where those 16 sit off its middle, the whole line's median.
        if (lumaShare(raster, region, axis, l, length, probeLevel[l]!, false, LUMA_SEAM_FLAT_SHARE)) {
          best = l;
          bestMedian = probeLevel[l]!;
          continue;
        }
        const median = medianLuma(raster, region, axis, l, length);
        if (lumaShare(raster, region, axis, l, length, median, false, LUMA_SEAM_FLAT_SHARE) || (loose && looseLines.has(l))) {
          best = l;
          bestMedian = median;
        } else if (!loose && looseLumaLine(raster, region, axis, l, length, median)) looseLines.add(l);
      }
      if (best < 0) continue;
      const side = (a: number, b: number): boolean => lumaShare(raster, region, axis, a, length, bestMedian, true, LUMA_OFF_SHARE) || lumaShare(raster, region, axis, b, length, bestMedian, true, LUMA_OFF_SHARE);
      if (!side(start - 1, start - 2) || !side(end, end + 1)) continue;
      // A run touching the last candidate is one seam with a line beside it that JPEG left flat at
      // another luma (a pale panel's edge row, a blended line): the run breaks where the level
      // jumps, and two touching seams would leave a part of no lines (equalParts fails). Measured on
      // independent seed 8207 heavy-07 (a 1x2 of 3 px red seams, q28 resaved q37): candidates
      // 380–381 (the white photo's last row, luma 226) and 381–384 (the seam, 82–89); one run of
      // THIN_SEAM + 1 lines at most, so its middle stays within a line of the seam.
      const last = candidates[candidates.length - 1];
      if (last && last.end === start && end - last.start <= THIN_SEAM + 1) {
        candidates[candidates.length - 1] = { start: last.start, end, colour: marginColour(bestMedian) ?? meanOf(last.start + ((end - last.start) >> 1)) };
        continue;
      }
      candidates.push({ start, end, colour: marginColour(bestMedian) ?? meanOf(best) });
    }
    // Red and blue seams whose luma a panel beside shares: by their chroma (`chromaSeams`).
    const chromatic = chromaSeams(raster, region, axis, count, length, p, edgeZone, [...known, ...candidates]);
    candidates.push(...chromatic);
    if (candidates.length === 0) return null;
    candidates.sort((a, b) => a.start - b.start);
    const seams = [...known, ...candidates].sort((a, b) => a.start - b.start);
    if (seams.length + 1 > LUMA_MAX_PARTS || !equalParts(seams, count)) return null;
    const all = [...found, ...candidates].sort((a, b) => a.start - b.start);
    // A collage draws its seams in one colour, which a chroma seam's line keeps best (the others'
    // are blends with their panels): later passes keep only seams of the collage colour.
    if (chromatic.length > 0) return all.map((s) => ({ ...s, colour: chromatic[0]!.colour }));
    return all;
  };
  // The strict lines first; the loose ones only where those divide nothing, so that a loose
  // line can never break a division the strict lines make (see LUMA_LOOSE_SHARE).
  return division(false) ?? (looseLines.size > 0 ? division(true) : null) ?? [...found];
}

/**
 * Chroma seams: a 1–3 px seam of a saturated colour (red, blue) whose luma matches a panel beside
 * it, so `lumaSeams` cannot tell it from the panel, still carries its colour's chroma: 4:2:0 blends
 * it with the panels over each 2×2 block, yet the 2–3 lines it smears into keep their Cr (red) or
 * Cb (blue) off the lines CHROMA_REACH away on both sides, the same way, along the whole picture.
 * A photo's coloured edge or texture does so along part of a line; a flat panel's slow shading
 * differs from one side only. Measured (full lines, CHROMA_REACH 3, CHROMA_STEP 8) on the heavy
 * collages of independent seeds 7200–7209: the 1–2 px red (220,30,40; 255,0,0) and blue
 * (30,60,190; 0,0,255) seams the other rules missed have their best line at 0.81–1.00 of its
 * positions so; lines of panels away from every seam and margin reach 0.75 (one 1x3's sky), most
 * under 0.6. Each candidate must also be the one colour's (one channel, one sign, as a collage's
 * seams are drawn alike) and, with the seams found, divide the axis equally (`lumaSeams`).
 */
export const CHROMA_REACH = 3;
const CHROMA_STEP = 8;
export const CHROMA_SHARE = 0.8;
/** Probes of a candidate line that may miss the ridge: 5 of 16, as a line ridged on CHROMA_SHARE misses 3 on average. */
const CHROMA_PROBE_MISSES = 5;
/** Widest run of ridge lines a 1–3 px seam smears into: THIN_SEAM plus a 2×2 chroma block a side. */
export const CHROMA_RUN = THIN_SEAM + 2;
/** Ridges closer than this to a seam are its chroma ringing (one 8×8 chroma block spans 16 lines). */
const CHROMA_RING = 8;

/** Cb (channel 0) or Cr (channel 1) of an RGB pixel, as JPEG stores it (offset by 128). */
function chroma(r: number, g: number, b: number, channel: 0 | 1): number {
  return 128 + (channel === 0 ? cb(r, g, b) : cr(r, g, b));
}

/** Which chroma ridge: channel 0 Cb, 1 Cr; sign +1 above both sides, −1 below. */
export interface Ridge {
  channel: 0 | 1;
  sign: 1 | -1;
}

/**
 * Whether chroma `v` stands off both `a` and `b` by more than CHROMA_STEP the way `sign` says, and
 * off neutral (128) that way too: a seam of a saturated colour is more saturated than the panels
 * beside it. A grey trunk or pole against a blue sky ridges Cb− towards neutral and is no seam.
 */
function ridgeAt(v: number, a: number, b: number, sign: 1 | -1): boolean {
  return sign * (v - a) > CHROMA_STEP && sign * (v - b) > CHROMA_STEP && sign * (v - 128) > CHROMA_STEP;
}

/**
 * The share of positions along line `line` ridged as `ridge` says against the lines CHROMA_REACH
 * away, and the ridge's mean height there (the smaller step, over the whole line).
 */
export function ridgeShare(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', line: number, length: number, ridge: Ridge): [number, number] {
  const d = raster.data;
  const [p0, step] = lineWalk({ raster, region, axis, line, length });
  const [a0] = lineWalk({ raster, region, axis, line: line - CHROMA_REACH, length });
  const [b0] = lineWalk({ raster, region, axis, line: line + CHROMA_REACH, length });
  const c = (p: number): number => chroma(d[p]!, d[p + 1]!, d[p + 2]!, ridge.channel);
  let hits = 0;
  let height = 0;
  for (let t = 0, o = 0; t < length; t++, o += step) {
    const v = c(p0 + o), a = c(a0 + o), b = c(b0 + o);
    if (!ridgeAt(v, a, b, ridge.sign)) continue;
    hits++;
    height += Math.min(ridge.sign * (v - a), ridge.sign * (v - b));
  }
  return [hits / length, height / length];
}

/**
 * Thin seams along the axis shown by their chroma (see CHROMA_SHARE): runs of at most CHROMA_RUN
 * lines ridged at all but CHROMA_PROBE_MISSES of their probes, whose best line is ridged along
 * CHROMA_SHARE of its length, all of one ridge, apart from `taken` by CHROMA_RING. Empty when
 * the ridges found are of more than one kind.
 */
function chromaSeams(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', count: number, length: number, probed: Uint8Array, edgeZone: number, taken: readonly Interval[]): DamagedSeam[] {
  // Cb (channel 0) or Cr of probe `s` of line `l`, in integers (×256 coefficients): this runs on
  // each axis without seams (the bench strip's rows), so it reads only what it needs.
  const at = (l: number, s: number, channel: number): number => {
    const o = (l * PROBES + s) * 3;
    const r = probed[o]!, g = probed[o + 1]!, b = probed[o + 2]!;
    return 128 + (channel === 0 ? (-43 * r - 85 * g + 128 * b) >> 8 : (128 * r - 107 * g - 21 * b) >> 8);
  };
  // Fast reject: a line ridged on CHROMA_SHARE of its length has one of three spread probes
  // ridged but for 0.2^3 of its lines; a panel's line rarely any (a ridge is rare off a seam).
  const tested = new Uint8Array(count);
  const anyRidged = (l: number): boolean => {
    if (tested[l] !== 0) return tested[l] === 1;
    tested[l] = 2;
    for (let s = 0; s < PROBES; s += 7) {
      for (let c = 0; c < 2; c++) {
        const v = at(l, s, c), a = at(l - CHROMA_REACH, s, c), b = at(l + CHROMA_REACH, s, c);
        if (ridgeAt(v, a, b, 1) || ridgeAt(v, a, b, -1)) {
          tested[l] = 1;
          return true;
        }
      }
    }
    return false;
  };
  // Both signs of a channel in one pass, stopping once both have missed too often.
  const probeRidge = (l: number): Ridge | null => {
    if (!anyRidged(l)) return null;
    for (const channel of [0, 1] as const) {
      let upMisses = 0;
      let downMisses = 0;
      for (let s = 0; s < PROBES && (upMisses <= CHROMA_PROBE_MISSES || downMisses <= CHROMA_PROBE_MISSES); s++) {
        const v = at(l, s, channel), a = at(l - CHROMA_REACH, s, channel), b = at(l + CHROMA_REACH, s, channel);
        if (!ridgeAt(v, a, b, 1)) upMisses++;
        if (!ridgeAt(v, a, b, -1)) downMisses++;
      }
      if (upMisses <= CHROMA_PROBE_MISSES) return { channel, sign: 1 };
      if (downMisses <= CHROMA_PROBE_MISSES) return { channel, sign: -1 };
    }
    return null;
  };
  const out: (DamagedSeam & { ridge: Ridge; height: number })[] = [];
  const lo = Math.max(edgeZone, CHROMA_REACH);
  const hi = Math.min(count - edgeZone, count - CHROMA_REACH);
  for (let i = lo; i < hi; ) {
    // Every other line while neither it nor the next but one passes the fast reject: a seam's
    // ridge spans 2–3 lines (4:2:0 smears a 1 px seam over its 2×2 blocks; measured above), and
    // one line ridged alone leaves its neighbours ridged on part of their length.
    if (!anyRidged(i) && i + 2 < hi && !anyRidged(i + 2)) {
      i += 2;
      continue;
    }
    const ridge = probeRidge(i);
    if (ridge === null) {
      i++;
      continue;
    }
    const start = i;
    let r: Ridge | null = ridge;
    while (i < hi && r !== null && r.channel === ridge.channel && r.sign === ridge.sign) r = probeRidge(++i);
    const end = i;
    if (end - start > CHROMA_RUN) continue;
    let share = 0;
    let height = 0;
    for (let l = start; l < end; l++) {
      const [sh, h] = ridgeShare(raster, region, axis, l, length, ridge);
      share = Math.max(share, sh);
      height = Math.max(height, h);
    }
    if (share < CHROMA_SHARE) continue;
    const mid = start + ((end - start) >> 1);
    const mean = lineMean(raster, region, axis, mid, 0, length);
    out.push({ start, end, colour: [Math.round(mean[0]!), Math.round(mean[1]!), Math.round(mean[2]!)], ridge, height });
  }
  const apart = (a: Interval, b: Interval): boolean => a.start > b.end + CHROMA_RING || b.start > a.end + CHROMA_RING;
  // Of ridges within CHROMA_RING of each other, the highest: the seam, not the opposite lobe that
  // its ridge makes of a line CHROMA_REACH beside it (independent seed 7207 heavy-03: a blue seam
  // at 221 ridged Cb+ on 220–221, Cb− on 217 at the same share, 1.00).
  const kept = out.filter((o) => out.every((p) => p === o || apart(o, p) || p.height < o.height || (p.height === o.height && p.start > o.start)));
  // One kind over every ridge, those beside the seams found too: a blue seam found by its luma
  // ridges Cb+ as the others do (independent seed 7216 heavy-03: Cb+ at its seam 565, beside a
  // luma seam, and Cb− at 276, a photo's line 7 px from a seam whose own ridge read 0.74, cut at).
  if (kept.some((k) => k.ridge.channel !== kept[0]!.ridge.channel || k.ridge.sign !== kept[0]!.ridge.sign)) return [];
  return kept.filter((o) => taken.every((t) => apart(o, t))).map(({ start, end, colour }) => ({ start, end, colour }));
}

/**
 * Widest margin `lumaMargins` follows in the colour's luma: a grid's margin may be wider than a
 * heavy collage's (LUMA_MARGIN_MAX), and one stopped at that cap while its lines still had the
 * colour's luma was cut short, leaving its rest in the end parts. Measured on independent seed
 * 8205 grid-06 (a 3x4 of 2 px red seams in a 14 px red margin, q38): stopped at 10, its lines
 * 10–13 still smeared (parts 4 px off); followed to 20 it ends at 14 and 795 (margins 14, 14).
 */
const SMEARED_MARGIN_MAX = 2 * LUMA_MARGIN_MAX;

/**
 * `runs` with its margins widened over the lines JPEG smeared: a margin of LUMA_MARGIN_MAX lines
 * or less shares its 8×8 blocks with the panel beside, so at q25–40 its lines spread beyond a
 * plain line, often beyond a ringing one, and their mean drifts off the collage colour (itself
 * voted from thin seams' blended lines), while their luma stays the colour's. Measured on the
 * heavy collages of the tuning batches: a 4 px blue margin read content on its 4 rows, their luma
 * within 16 of 65 (the colour's) on 0.99, 0.98, 0.97, 0.92 of each row, the photo's first row
 * beside on 0.56 or less; 5 heavy collages of 18 batches (4–7 px margins) lost a margin so.
 * From each end, the lines from where the plain margin ends, each within LUMA_TOLERANCE of the
 * colour's luma on LUMA_FLAT_SHARE of it, the whole margin within SMEARED_MARGIN_MAX; kept only when
 * the two margins then match within MARGIN_MATCH (a canvas frames a collage alike on both sides;
 * a photo's pale edge at the colour's luma shows at one).
 */
export function lumaMargins(raster: Raster, region: Box, axis: 'horizontal' | 'vertical', kinds: Uint8Array, runs: AxisRuns, colour: Rgb): AxisRuns {
  const count = kinds.length;
  const length = axis === 'horizontal' ? region.height : region.width;
  const target = luma(colour[0], colour[1], colour[2]);
  const smeared = (l: number): boolean => lumaShare(raster, region, axis, l, length, target, false, LUMA_FLAT_SHARE);
  let contentStart = runs.contentStart;
  while (contentStart < SMEARED_MARGIN_MAX && contentStart < runs.contentEnd && smeared(contentStart)) contentStart++;
  let contentEnd = runs.contentEnd;
  while (count - contentEnd < SMEARED_MARGIN_MAX && contentEnd > contentStart && smeared(contentEnd - 1)) contentEnd--;
  if (contentStart === runs.contentStart && contentEnd === runs.contentEnd) return runs;
  if (contentStart === 0 || contentEnd === count || Math.abs(contentStart - (count - contentEnd)) > MARGIN_MATCH) return runs;
  return { contentStart, contentEnd, separators: runs.separators.filter((r) => r.start > contentStart && r.end < contentEnd) };
}
