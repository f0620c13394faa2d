/**
 * A photo's horizon taken for a seam. A seam is a band of one colour between panels that differ
 * from it; a clear sky over a field is also a band of one colour (the sky's lowest rows, below a
 * tree's crown), but the sky goes on above it: the part on that side is mostly the band's colour,
 * the part on the other side (the field) has none of it. A collage panel mostly in its canvas's
 * colour is a drawing or a product shot on a white or near-white backdrop; a photo whose sky is the
 * canvas colour is the only case with a darker colour.
 */
import type { Raster } from '../raster.js';
import { FLAT_TOLERANCE } from './captions.js';
import { canvasShare, luma, type Rgb } from './collage-colour.js';
import { LineKind } from './classify.js';
import type { LineStats } from './line-stats.js';
import type { Separator, StripAxis } from './strips.js';
import type { Interval } from './segments.js';

/**
 * Least share of the part on one side of a seam in the seam's colour (within FLAT_TOLERANCE) for
 * the seam to be a horizon. Measured on the 180 regression batches (scratch-independent-20000 …
 * 22519, 13 579 seams of exact strip plans): seams of a colour darker than HORIZON_LUMA_MAX with
 * the other side at most HORIZON_OTHER_MAX: the tree photo's sky 0.75–0.89 (6 photos and a gradient
 * collage cut at its horizon; the photo as a mosaic's panel, planned alone), 0.70 in a heavy
 * collage cut there; every exact collage's seam at most 0.36 (black canvases under captioned photos).
 */
export const HORIZON_SKY_MIN = 0.6;
/**
 * Most share of the part on the seam's other side in its colour: the field below the sky reads
 * 0.00–0.16; a captioned photo on a dark canvas reads 0.3–0.6 on both sides.
 */
export const HORIZON_OTHER_MAX = 0.2;
/**
 * Lightest colour (luma) a horizon's sky may have. Seams of exact collages with a
 * part beside them at least 0.7 in their colour and the other at most HORIZON_OTHER_MAX (237 in
 * the regression batches) are all 221 or lighter (backdrops of drawings and product shots);
 * the tree photo's teal sky reads 66–76.
 */
export const HORIZON_LUMA_MAX = 200;

/**
 * The first seam of a strip (`segments` and their `separators`, picture coordinates along `axis`)
 * with the part on one side mostly in `colour` and the part on the other side nearly without it,
 * `colour` not pale: a photo's sky meeting its field, not a seam; else undefined.
 */
export function horizonSeam(raster: Raster, axis: StripAxis, segments: readonly Interval[], separators: readonly Separator[], colour: Rgb): Separator | undefined {
  if (separators.length === 0 || segments.length !== separators.length + 1 || luma(colour[0], colour[1], colour[2]) > HORIZON_LUMA_MAX) return undefined;
  const across = axis === 'horizontal' ? raster.height : raster.width;
  const share = (start: number, end: number): number => {
    if (end <= start) return 0;
    const box = axis === 'horizontal' ? { x: start, y: 0, width: end - start, height: across } : { x: 0, y: start, width: across, height: end - start };
    return canvasShare(raster, box, colour, FLAT_TOLERANCE);
  };
  return separators.find((sep, i) => {
    // The band is the sky's own colour: a white seam's JPEG-blurred edge beside a panel of sky is
    // a seam (seed 6413 heavy-01: its 1 px edge read (23,89,82) under the teal (2,106,106)).
    if (!sep.colour.every((c, k) => Math.abs(c - colour[k]!) <= FLAT_TOLERANCE)) return false;
    const before = share(segments[i]!.start, Math.min(segments[i]!.end, sep.start));
    const after = share(Math.max(segments[i + 1]!.start, sep.end), segments[i + 1]!.end);
    return (before >= HORIZON_SKY_MIN && after <= HORIZON_OTHER_MAX) || (after >= HORIZON_SKY_MIN && before <= HORIZON_OTHER_MAX);
  });
}

/**
 * Least share of a part's lines that are plain for the part to be a plain sky (`plainSkySeam`): a
 * panel has content lines (a photo's, a drawing's, a glyph's). The skies of the three photos cut
 * under them in the shared tuning batches (independent seeds 21012, 21514 and 27021, none) read
 * 0.96 each, their
 * few other lines ringing where JPEG blurred the sky's end.
 */
export const SKY_PLAIN_SHARE = 0.95;
/**
 * Least range of luma over a plain sky's plain lines: a sky's gradient, not a flat fill of one
 * colour. Those three skies range 35–40.
 */
export const SKY_DRIFT_MIN = 6;
/**
 * Largest change of luma between neighbouring plain lines of a sky: a sharp edge between a flag's
 * stripes is none (JPEG may spread one into small steps: see SKY_SPREAD). The three skies step at
 * most 2.3, 3.4 and 4 (JPEG q28 at its 16 px chroma blocks).
 */
export const SKY_STEP_MAX = 6;
/**
 * Lines over which a change of luma is measured (`SKY_SPREAD`): a JPEG-blurred edge between a
 * flag's stripes spans about as many.
 */
export const SKY_WINDOW = 8;
/**
 * Least ratio of a plain sky's luma range to its largest change over SKY_WINDOW lines: a sky
 * shades across the whole part, a flag changes at its stripes' edges. The three skies 7.6–10; a
 * 6x1 flat collage's flag of two upright stripes (seed 20032 flat-08, JPEG q53: every step 6 or
 * less, the edge 10.9 over 8 columns) 1.0.
 */
export const SKY_SPREAD = 3;

/**
 * The first seam of a strip with a part beside it that is no panel but a photo's plain sky: its
 * lines (`kinds`, `lines` across the whole picture) nearly all plain, their colour drifting line
 * by line (a gradient, not a flat fill or a flag's stripes); else undefined.
 */
export function plainSkySeam(kinds: Uint8Array, lines: LineStats, segments: readonly Interval[], separators: readonly Separator[]): Separator | undefined {
  if (separators.length === 0 || segments.length !== separators.length + 1) return undefined;
  const sky = (start: number, end: number): boolean => {
    if (end - start < 2) return false;
    let plain = 0;
    for (let i = start; i < end; i++) if (kinds[i] === LineKind.Plain) plain++;
    if (plain < SKY_PLAIN_SHARE * (end - start)) return false;
    const { range, step, window } = lumaDrift(lines, start, end, (i) => kinds[i] === LineKind.Plain);
    return step <= SKY_STEP_MAX && range >= SKY_DRIFT_MIN && range >= SKY_SPREAD * window;
  };
  return separators.find((sep, i) => sky(segments[i]!.start, Math.min(segments[i]!.end, sep.start)) || sky(Math.max(segments[i + 1]!.start, sep.end), segments[i + 1]!.end));
}

/**
 * Lines skipped at each end of a separator before reading it as a sky band (`skyBandSeam`): the
 * JPEG blend with the panel beside it (collage-colour.ts's BLEND_LINES).
 */
const SKY_BAND_EDGE = 2;
/**
 * Least luma range over a separator's lines for it to be a photo's sky band (`skyBandSeam`).
 * Measured on the strips cut through a panel over the 520 regression batches: the 23 separators
 * that were the plain, slowly shading sky of one photo (34–259 lines) range 30–58 between their
 * ends; the seams and plain photo stretches of the other cut strips (16 lines or wider) that
 * shade slowly enough (SKY_SPREAD) range at most 8.7 — a seam is one colour across its width.
 */
export const SKY_BAND_RANGE = 24;
/** Fewest lines of a sky band: SKY_SPREAD needs two windows of SKY_WINDOW lines. */
const SKY_BAND_MIN_LINES = 2 * SKY_WINDOW;

/**
 * The first of `separators` (runs of plain lines, `lines` across the whole picture) that is itself
 * a photo's plain sky: SKY_BAND_MIN_LINES or wider, its luma drifting by SKY_BAND_RANGE or more
 * from one end to the other and by at most 1/SKY_SPREAD of that over any SKY_WINDOW lines (a sky's
 * gradient, not a seam's one colour nor a drop shadow's or a pale photo edge's quick step); else
 * undefined. Cut through its middle, such a run cuts the photo whose sky it is; the seam lies past
 * one end, where the sky meets it.
 *
 * @example
 * ```ts
 * // independent seed 25038 gradient-09: rows 449–707 are a photo's sky shading 140 → 169 (red), the seam above it
 * skyBandSeam(rows, [{ start: 449, end: 708, colour: [139, 184, 235] }]); // that separator
 * ```
 */
export function skyBandSeam(lines: LineStats, separators: readonly Separator[]): Separator | undefined {
  return separators.find((sep) => {
    if (sep.end - sep.start < SKY_BAND_MIN_LINES) return false;
    const { range, window } = lumaDrift(lines, sep.start + SKY_BAND_EDGE, sep.end - SKY_BAND_EDGE, () => true);
    return range >= SKY_BAND_RANGE && range >= SKY_SPREAD * window;
  });
}

/**
 * How the mean luma of `lines` drifts from `start` to `end`, over the lines `read` keeps: its
 * `range`, its largest `step` between neighbouring lines read, and its largest change over
 * SKY_WINDOW lines (`window`, both ends read). A sky shades across its whole range in small
 * steps; a seam keeps one luma, a flag changes at its stripes' edges.
 */
function lumaDrift(lines: LineStats, start: number, end: number, read: (i: number) => boolean): { range: number; step: number; window: number } {
  const n = lines.length;
  const lumaAt = (i: number): number => luma(lines.sum[i * 3]! / n, lines.sum[i * 3 + 1]! / n, lines.sum[i * 3 + 2]! / n);
  let lo = Infinity;
  let hi = -Infinity;
  let step = 0;
  let window = 0;
  let previous: number | undefined;
  for (let i = start; i < end; i++) {
    if (!read(i)) continue;
    const l = lumaAt(i);
    if (previous !== undefined) step = Math.max(step, Math.abs(l - previous));
    if (i - SKY_WINDOW >= start && read(i - SKY_WINDOW)) window = Math.max(window, Math.abs(l - lumaAt(i - SKY_WINDOW)));
    previous = l;
    lo = Math.min(lo, l);
    hi = Math.max(hi, l);
  }
  return { range: hi - lo, step, window };
}
