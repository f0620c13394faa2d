/**
 * Worn strip completion: a heavy-JPEG strip whose panels are of one length but for some exactly
 * two or three of them long, cut where the missing seams' luma or chroma shows them.
 *
 * Under heavy JPEG a 1–3 px seam may be lost to every line rule: 4:2:0 smears its colour, and a
 * panel's flat edge beside it, as dark as a red or blue seam, keeps the luma search
 * (damaged-seams.ts, `lumaSeams`) from seeing it stand off both sides. Strip completion
 * (grid-completion.ts, `completeStrip`) asks the missing seam's lines for the collage colour,
 * which a smeared seam has lost. The strip then comes out with a part of two or three photos,
 * refused as unequal worn seams or a part short. The seams found still say where the missing ones
 * are (the panels of a collage are of one length) and what luma they have (a collage draws its
 * seams alike, and JPEG keeps luma at full resolution); where the luma is lost to a dark panel's
 * edge, the seam's chroma still stands off the lines either side (`ridgeShare`).
 *
 * `completeWornStrip` is asked by plan.ts where `completeStrip` found nothing, on pictures the
 * damaged-seam rules search. Each threshold below carries its measurement.
 */
import type { Raster } from '../raster.js';
import { THIN_SEAM } from './collage-colour.js';
import {
  CHROMA_REACH,
  CHROMA_RUN,
  CHROMA_SHARE,
  equalParts,
  looseLumaLine,
  LUMA_OFF_SHARE,
  LUMA_SEAM_FLAT_SHARE,
  LUMA_TOLERANCE,
  lumaShare,
  medianLuma,
  ridgeShare,
  type Ridge,
} from './damaged-seams.js';
import { MIN_COMPLETED_SIDE, missingSeamPlaces, segmentsCutAt, STRIP_SEAM_SLACK } from './grid-completion.js';
import type { Interval } from './segments.js';
import { MAX_PARTS, type StripAxis } from './strips.js';

/**
 * Most photos one part of a worn strip may hold: heavy-JPEG collages have at most 4 panels along
 * an axis (as LUMA_MAX_PARTS), and one seam found must say where the others are. On the tuning
 * set (independent seeds 48000–48019) four of the nine strips completed held a part of 3 photos.
 */
const WORN_MAX_MERGED = 3;
/**
 * Most luma levels between a missing seam's line (its median) and a line of a seam found: the
 * tolerance a luma seam's own line keeps round its luma (LUMA_TOLERANCE), since a collage draws its
 * seams alike and JPEG keeps their luma. A dark photo's edge beside a red or blue seam shares it
 * too, and is told by its width (a flat band wider than the seam) or left to the chroma ridge.
 */
const WORN_LUMA_MATCH = LUMA_TOLERANCE;
/**
 * How many times the highest chroma ridge near a missing seam's place must stand above any other
 * ridge there (mean ridge height over the line, `ridgeShare`). On the tuning set (independent seeds
 * 48000–48019) the red and blue seams found so ridged 12.2–63.8, alone in their window but once:
 * seed 48006 heavy-09, a red seam at 63.8 beside a teal panel whose shaded edge ridged 11.6 and
 * 10.2 (Cr− and Cb+). A panel's edge ridges one way or another; a seam stands far above it.
 */
const RIDGE_DOMINANCE = 2;
/** Every chroma ridge a seam may show: Cb or Cr, above or below both sides. */
const RIDGES: readonly Ridge[] = [
  { channel: 0, sign: 1 },
  { channel: 0, sign: -1 },
  { channel: 1, sign: 1 },
  { channel: 1, sign: -1 },
];

/**
 * The strip's `segments` (with its `seams`, along `axis`) with each part exactly m = 2 to
 * WORN_MAX_MERGED of the shortest long cut where its missing seams are (`lumaSeamNear`, else
 * `ridgeSeamNear`), when the seams found are thin, every missing one is found and the strip then
 * divides into parts of one length (`equalParts`); else null.
 *
 * @example
 * ```ts
 * completeWornStrip(raster, 'horizontal', [{ start: 0, end: 112 }, { start: 112, end: 451 }], [{ start: 112, end: 113 }]);
 * // four parts: the seams at 223 and 335 found in the part of three photos
 * ```
 */
export function completeWornStrip(raster: Raster, axis: StripAxis, segments: readonly Interval[], seams: readonly Interval[]): Interval[] | null {
  const missing = missingSeamPlaces(segments, seams, WORN_MAX_MERGED);
  if (missing === null) return null;
  const { seamWidth: w, shortest: p, places } = missing;
  if (w > THIN_SEAM || p < MIN_COMPLETED_SIDE) return null;

  const region = { x: 0, y: 0, width: raster.width, height: raster.height };
  const count = axis === 'horizontal' ? raster.width : raster.height;
  const length = axis === 'horizontal' ? raster.height : raster.width;
  const seamLumas = seams.flatMap((s) => {
    const out: number[] = [];
    for (let l = s.start; l < s.end; l++) out.push(medianLuma(raster, region, axis, l, length));
    return out;
  });
  // A line flat in luma as a luma seam's is (strict, or loose where not pale), at a seam's luma: its median.
  const seamLine = (l: number): number | null => {
    const m = medianLuma(raster, region, axis, l, length);
    if (!seamLumas.some((s) => Math.abs(s - m) <= WORN_LUMA_MATCH)) return null;
    if (lumaShare(raster, region, axis, l, length, m, false, LUMA_SEAM_FLAT_SHARE)) return m;
    return looseLumaLine(raster, region, axis, l, length, m) ? m : null;
  };
  const off = (l: number, m: number): boolean => l >= 0 && l < count && lumaShare(raster, region, axis, l, length, m, true, LUMA_OFF_SHARE);
  const ridge = (l: number, r: Ridge): [number, number] => ridgeShare(raster, region, axis, l, length, r);
  const cuts: number[] = [];
  for (const place of places) {
    const seam = lumaSeamNear(count, place, w, seamLine, off) ?? ridgeSeamNear(count, place, w, ridge);
    if (seam === null) return null;
    cuts.push(seam.start + ((seam.end - seam.start) >> 1));
  }
  const out = segmentsCutAt(segments, cuts);
  if (out.length > MAX_PARTS) return null;
  const all = [...seams, ...cuts.map((c) => ({ start: c, end: c + 1 }))].sort((a, b) => a.start - b.start);
  return equalParts(all, count) ? out : null;
}

/**
 * The one run of seam lines (`seamLine`) starting within STRIP_SEAM_SLACK of `place`, at most
 * `w` + 1 lines wide, off its luma (`off`) within two lines on one side at least: a dark panel's
 * flat edge may share the seam's luma on the other. Null when there is none, more than one, or a
 * wider run (a photo's flat band).
 */
function lumaSeamNear(count: number, place: number, w: number, seamLine: (l: number) => number | null, off: (l: number, m: number) => boolean): Interval | null {
  const from = Math.max(2, place - STRIP_SEAM_SLACK);
  const to = Math.min(count - 2, place + w + STRIP_SEAM_SLACK);
  let found: Interval | null = null;
  for (let l = from; l < to; l++) {
    const m = seamLine(l);
    if (m === null) continue;
    const start = l;
    while (l + 1 < count - 2 && l + 1 - start <= w + 1 && seamLine(l + 1) !== null) l++;
    const end = l + 1;
    if (end - start > w + 1) return null;
    if (!(off(start - 1, m) || off(start - 2, m)) && !(off(end, m) || off(end + 1, m))) continue;
    if (found) return null;
    found = { start, end };
  }
  return found;
}

/**
 * The line of highest ridge of the run of at most CHROMA_RUN lines ridged one way (`ridge`: the
 * share of a line ridged, and the ridge's mean height) along CHROMA_SHARE of their length, starting
 * within STRIP_SEAM_SLACK of `place`, when it stands RIDGE_DOMINANCE times above every other run
 * there; else null.
 */
function ridgeSeamNear(count: number, place: number, w: number, ridge: (l: number, r: Ridge) => [number, number]): Interval | null {
  const from = Math.max(CHROMA_REACH, place - STRIP_SEAM_SLACK);
  const to = Math.min(count - CHROMA_REACH, place + w + STRIP_SEAM_SLACK);
  const runs: { line: number; top: number }[] = [];
  for (const r of RIDGES) {
    for (let l = from; l < to; l++) {
      let [share, height] = ridge(l, r);
      if (share < CHROMA_SHARE) continue;
      const start = l;
      let best = l;
      let top = height;
      while (l + 1 < count - CHROMA_REACH && ([share, height] = ridge(l + 1, r))[0] >= CHROMA_SHARE) {
        l++;
        if (height > top) [best, top] = [l, height];
      }
      runs.push({ line: l + 1 - start > CHROMA_RUN ? -1 : best, top });
    }
  }
  runs.sort((a, b) => b.top - a.top);
  const [first, second] = runs;
  if (first === undefined || first.line < 0 || (second !== undefined && second.top * RIDGE_DOMINANCE > first.top)) return null;
  return { start: first.line, end: first.line + 1 };
}
