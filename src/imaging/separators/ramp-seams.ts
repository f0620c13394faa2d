/**
 * A strip's missing seam found by the canvas's ramp. In a collage painted on a gradient (a canvas
 * shading 230→250 along the seams' length), every seam line shades alike along its length: its
 * profile (mean luma over each eighth, margin-profile.ts) is the other seams'. A photo's pale flat
 * backdrop beside a seam is within the seam colour's tolerance, so `completeStrip`
 * (grid-completion.ts) reads seam and backdrop as one run too wide for a seam, and a part twice
 * the others' length stays whole; the backdrop's profile is flat where the seam's climbs. Here the
 * seam is the run of lines, as wide as the strip's seams, whose mean profile is the standing
 * seams', bounded on each side by a line off that profile.
 *
 * Measured on independent seeds 49000–49039 (half size) and 49200–49211 (full size), 4 160
 * pictures: gradient 489 → 497 exact, no other plan changed, no cut added.
 */
import type { LineProfiles } from './line-profiles.js';
import { meanProfile, profileDistance, shadedProfile, type Profile } from './margin-profile.js';
import type { Interval } from './segments.js';

/**
 * Largest distance (luma, any eighth) of a standing seam's middle line from the seams' mean
 * profile for them to share one ramp. The 8 strips this rule completed read 0.0 (lossless) to 3.7
 * (seed 49015 gradient-02, q43, 5 px seams); a photo's own pale bands do not repeat one shading.
 */
const RAMP_SEAMS_AGREE = 6;
/**
 * Largest distance of a run's mean profile from the seams' for it to be a seam: the 8 missing
 * seams read 0.0–4.1 (the 4.1 at q43, a 5 px seam read 2 lines wide); the pale backdrops beside
 * them, a line at a time, 8.6–26 (a flat 232–252 where the ramp climbs 229→246).
 */
const RAMP_SEAM_CLOSE = 6;
/**
 * Least distance of a line beside the run, one of the two beyond each end, for the run to end
 * there: a backdrop or a photo, not more seam. The 8 seams found read 8.6–212 on each side (the
 * 8.6 a webp q90 backdrop of 240 beside seam 390–396 of seed 49015 gradient-01).
 */
const RAMP_OFF = 6;

/**
 * The profile the standing `seams` (along the axis of `lines`, line-profiles.ts) share when they
 * are a painted gradient: their middle lines' mean profile, when it is pale and shades
 * (`shadedProfile`) and each middle line is within RAMP_SEAMS_AGREE of it; else null.
 *
 * @example
 * ```ts
 * seamRamp(lineProfiles(raster, 'horizontal'), [{ start: 140, end: 146 }, { start: 266, end: 270 }]); // [229, 232, …, 246] or null
 * ```
 */
export function seamRamp(lines: LineProfiles, seams: readonly Interval[]): Profile | null {
  if (seams.length === 0) return null;
  const mids = seams.map((s) => lines.profile(s.start + ((s.end - s.start) >> 1)));
  const ramp = meanProfile(mids);
  if (!shadedProfile(ramp)) return null;
  return mids.every((m) => profileDistance(m, ramp) <= RAMP_SEAMS_AGREE) ? ramp : null;
}

/**
 * The run of `width` lines (of `lines`, line-profiles.ts) whose middle lies within `slack` of
 * `middle` and whose mean profile is closest to `ramp`, when within RAMP_SEAM_CLOSE of it and with
 * a line off the ramp (over RAMP_OFF) among the two beyond each of its ends; else null. Each line's
 * profile is read once, however many runs it is in.
 *
 * @example
 * ```ts
 * rampSeamNear(lineProfiles(raster, 'horizontal'), ramp, 393, 6, 6); // { start: 390, end: 396 } or null
 * ```
 */
export function rampSeamNear(lines: LineProfiles, ramp: Profile, middle: number, width: number, slack: number): Interval | null {
  const off = (line: number): boolean => profileDistance(lines.profile(line), ramp) > RAMP_OFF;
  let best: { run: Interval; distance: number } | null = null;
  const first = middle - (width >> 1);
  for (let start = first - slack; start <= first + slack; start++) {
    const end = start + width;
    if (start < 2 || end > lines.count - 2) continue;
    const distance = profileDistance(lines.meanOf({ start, end }), ramp);
    if (best === null || distance < best.distance) best = { run: { start, end }, distance };
  }
  if (best === null || best.distance > RAMP_SEAM_CLOSE) return null;
  const { start, end } = best.run;
  return (off(start - 1) || off(start - 2)) && (off(end) || off(end + 1)) ? best.run : null;
}
