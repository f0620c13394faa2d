/**
 * A photo's plain sky read as a strip's separator: its rows are plain lines, but they shade from
 * one to the next across the run, where a seam is one colour across its width (horizons.ts,
 * skyBandSeam). Cut through its middle, the run cuts the photo; the plan is refused.
 */
import { describe, expect, it } from 'vitest';
import { skyBandSeam } from '../../src/imaging/separators/horizons.js';
import { LineKind } from '../../src/imaging/separators/classify.js';
import { scoreBatch } from './score.js';
import { axisOf } from './line-axis.js';
import { expectEveryExact } from './expect-exact.js';

const { Content: C, Plain: P } = LineKind;

describe('a photo’s sky read as a separator', () => {
  it('a run shading steadily across its width is a sky; one of one colour, or stepping once, is not', () => {
    // 40 plain lines shading 140 → 179 (one per line): a sky. The same run at one grey, and one
    // that steps from 200 to 240 halfway (a seam beside a pale photo edge), are not.
    const shade = (from: number, n: number): [number, number, number][] => Array.from({ length: n }, (_, i) => [P, from + i, 1]);
    const sky = axisOf([[C, 0, 20], ...shade(140, 40), [C, 0, 20]]);
    expect(skyBandSeam(sky.lines, [{ start: 20, end: 60, colour: [150, 150, 150] }])).toEqual({ start: 20, end: 60, colour: [150, 150, 150] });
    const flat = axisOf([[C, 0, 20], [P, 240, 40], [C, 0, 20]]);
    expect(skyBandSeam(flat.lines, [{ start: 20, end: 60, colour: [240, 240, 240] }])).toBeUndefined();
    const step = axisOf([[C, 0, 20], [P, 200, 20], [P, 240, 20], [C, 0, 20]]);
    expect(skyBandSeam(step.lines, [{ start: 20, end: 60, colour: [220, 220, 220] }])).toBeUndefined();
  });

  it('three collages whose separator was a photo’s sky are refused, not cut (independent seeds 25038 gradient-09, 27036 heavy-07, 45000 mix-10)', async () => {
    // 25038 gradient-09 (lossless): rows 449–707 of a sky shading 140 → 169 (red) under the seam,
    // cut at 578; 27036 heavy-07 (q36): rows 272–311, cut at 292; 45000 mix-10 (q72): rows 289–419.
    const results = await scoreBatch('sky-band-seam');
    expect(results.map((r) => r.expected.file)).toEqual(['i25038-gradient-09.webp', 'i27036-heavy-07.jpg', 'i45000-mix-10.jpg']);
    for (const r of results) {
      expect(r.badCuts, r.expected.file).toEqual([]);
      expect(r.plan.ok ? '' : r.plan.reason, r.expected.file).toContain("a photo's plain sky");
    }
  });

  it('lets a plan with a badge painted out add parts to the strip it refused (independent seed 28512 badge-08)', async () => {
    // A 1×3 on a cream 11 px seam (q84) with a badge on the lower seam: as it is, the strip's
    // second cut lies in the sky of the bottom photo (rows 448–523), which is refused. With the
    // badge painted out the seam it hid is found and the plan is exact: the refusal hands on the
    // strip it turned down, as a stray stretch's does, so the painted plan's first cut is its own.
    const results = await scoreBatch('sky-band-badge');
    expect(results.map((r) => r.expected.file)).toEqual(['i28512-badge-08.jpg']);
    expectEveryExact(results);
  });
});
