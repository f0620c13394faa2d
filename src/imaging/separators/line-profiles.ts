/**
 * The profiles (margin-profile.ts, `profileOf`) of the lines of a picture along one axis, for a
 * search of every line that must not read every pixel: a line's profile is read whole only when
 * asked, once, and its sketch (the same stretches, each read at SKETCH_SAMPLES pixels) costs a
 * few pixels a line, enough to pass over lines that cannot be what a search looks for.
 */
import type { Raster } from '../raster.js';
import { pixelLuma } from './damaged-seams.js';
import { meanProfile, profileOf, type Profile } from './margin-profile.js';
import type { Interval } from './segments.js';

/** The profiles of one axis's lines (columns for 'horizontal', rows for 'vertical'). */
export interface LineProfiles {
  /** How many lines. */
  count: number;
  /** Pixels on each line. */
  length: number;
  /** Whether line `line` is among those a search may read (`lineProfiles`'s `may`). */
  may(line: number): boolean;
  /** Line `line`'s profile read at SKETCH_SAMPLES pixels a stretch, evenly spaced. */
  sketch(line: number): ArrayLike<number>;
  /** Line `line`'s whole profile, read on first ask. */
  profile(line: number): Profile;
  /** The profile of the lines of `run` together (`meanProfile` of theirs). */
  meanOf(run: Interval): Profile;
}

/** Stretches of a profile (as margin-profile.ts's). */
const STRETCHES = 8;
/** Pixels a stretch of a sketch is read at. */
const SKETCH_SAMPLES = 4;

/**
 * The line profiles of `raster` along `axis`; `may` names the lines a search may read (all by default).
 *
 * @example
 * ```ts
 * const columns = lineProfiles(raster, 'horizontal');
 * columns.profile(10); // profileOf(raster, whole, 'horizontal', [10])
 * columns.sketch(10); // the same, read at 4 pixels a stretch
 * ```
 */
export function lineProfiles(raster: Raster, axis: 'horizontal' | 'vertical', may: (line: number) => boolean = () => true): LineProfiles {
  const { width, height, data } = raster;
  const whole = { x: 0, y: 0, width, height };
  const count = axis === 'horizontal' ? width : height;
  const length = axis === 'horizontal' ? height : width;
  // The positions along a line a sketch reads: evenly spaced within each stretch.
  const positions: number[] = [];
  for (let k = 0; k < STRETCHES; k++) {
    const from = Math.floor((k * length) / STRETCHES);
    const size = Math.max(1, Math.floor(((k + 1) * length) / STRETCHES) - from);
    for (let i = 0; i < SKETCH_SAMPLES; i++) positions.push(Math.min(length - 1, from + Math.floor(((i + 0.5) * size) / SKETCH_SAMPLES)));
  }
  // A line's sketch, read on first ask: a few pixels, a search of every line may ask it of each.
  const sketches = new Map<number, Float64Array>();
  const sketchOf = (line: number): Float64Array => {
    const out = new Float64Array(STRETCHES);
    positions.forEach((at, j) => {
      const p = (axis === 'horizontal' ? at * width + line : line * width + at) * 4;
      out[(j / SKETCH_SAMPLES) | 0] += pixelLuma(data, p) / SKETCH_SAMPLES;
    });
    return out;
  };
  const memo = new Map<number, Profile>();
  const profile = (line: number): Profile => {
    let p = memo.get(line);
    if (p === undefined) memo.set(line, (p = profileOf(raster, whole, axis, [line])));
    return p;
  };
  return {
    count,
    length,
    may,
    sketch: (line) => {
      let s = sketches.get(line);
      if (s === undefined) sketches.set(line, (s = sketchOf(line)));
      return s;
    },
    profile,
    meanOf: (run) => meanProfile(Array.from({ length: run.end - run.start }, (_, k) => profile(run.start + k))),
  };
}
