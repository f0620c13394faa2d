/**
 * Results the two passes over the whole picture share. `planIn` runs strip detection twice on the
 * same line statistics — a first pass that votes the collage colour, then a pass held to it — and
 * the line kinds (`classifyLines` + `shadeLines`) and the fade test of a seam (`seamAndFade`) are
 * functions of those statistics and the pixels alone, not of the colour: the second pass takes
 * them from the first instead of reading the shaded lines and the lines beside each seam again.
 *
 * Kept per LineStats object (a WeakMap: gone with the statistics), and only for the very raster,
 * region and axis they were computed on, so nothing is reused across pictures or grid parts.
 */
import type { Box, Raster } from '../raster.js';
import { classifyLines, shadeLines } from './classify.js';
import { seamAndFade } from './fading-seams.js';
import type { LineStats } from './line-stats.js';
import type { Interval } from './segments.js';

type Axis = 'horizontal' | 'vertical';

interface Shared {
  raster: Raster;
  region: Box;
  axis: Axis;
  kinds: Uint8Array;
  fades: Map<number, { kept: Interval; fades: boolean }>;
}

const shared = new WeakMap<LineStats, Shared>();

function entry(raster: Raster, region: Box, axis: Axis, lines: LineStats, narrow: number): Shared {
  const hit = shared.get(lines);
  if (hit && hit.raster === raster && hit.region === region && hit.axis === axis) return hit;
  const kinds = classifyLines(lines);
  shadeLines(raster, region, axis, lines, kinds, narrow);
  const made = { raster, region, axis, kinds, fades: new Map() };
  shared.set(lines, made);
  return made;
}

/** The kinds of `lines` after shading (`classifyLines`, `shadeLines`): a fresh copy the caller may change. */
export function shadedKinds(raster: Raster, region: Box, axis: Axis, lines: LineStats, narrow: number): Uint8Array {
  return entry(raster, region, axis, lines, narrow).kinds.slice();
}

/**
 * `seamAndFade` of `seam`, computed once per seam of these lines. `kinds` must be the lines'
 * `shadedKinds` (as every caller's are).
 */
export function seamAndFadeOnce(raster: Raster, region: Box, axis: Axis, lines: LineStats, kinds: Uint8Array, seam: Interval, narrow: number): { kept: Interval; fades: boolean } {
  const { fades } = entry(raster, region, axis, lines, narrow);
  const key = seam.start * (lines.count + 1) + seam.end;
  let out = fades.get(key);
  if (out === undefined) {
    out = seamAndFade(raster, region, axis, lines, kinds, seam);
    fades.set(key, out);
  }
  return { kept: { ...out.kept }, fades: out.fades };
}
