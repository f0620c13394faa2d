/**
 * A seam a little wider than NARROW_RINGING_RUN that JPEG left without one plain line, beside a
 * twin of its width and colour that kept one (runs.ts, ringingTwins).
 */
import { describe, expect, it } from 'vitest';
import { LineKind } from '../../src/imaging/separators/classify.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { findRuns } from '../../src/imaging/separators/runs.js';
import { stripCollage } from './build.js';
import { scoreBatch } from './score.js';
import { axisOf } from './line-axis.js';

const { Content: C, Plain: P, Ringing: R } = LineKind;

describe('a ringing seam as wide as a plain one', () => {
  it('is a separator when a run with a plain line has its width within one line and its colour', () => {
    const { kinds, lines } = axisOf([[C, 0, 20], [R, 240, 4], [P, 241, 8], [C, 0, 30], [R, 240, 13], [C, 0, 20]]);
    expect(findRuns(kinds, lines)?.separators).toEqual([{ start: 20, end: 32 }, { start: 62, end: 75 }]);
  });

  it('is not one of another colour, of another width, or with no plain twin', () => {
    const grey = axisOf([[C, 0, 20], [R, 240, 4], [P, 241, 8], [C, 0, 30], [R, 150, 13], [C, 0, 20]]);
    expect(findRuns(grey.kinds, grey.lines)?.separators).toEqual([{ start: 20, end: 32 }]);
    const wider = axisOf([[C, 0, 20], [R, 240, 4], [P, 241, 8], [C, 0, 30], [R, 240, 14], [C, 0, 20]]);
    expect(findRuns(wider.kinds, wider.lines)?.separators).toEqual([{ start: 20, end: 32 }]);
    const alone = axisOf([[C, 0, 20], [R, 240, 12], [C, 0, 30], [R, 240, 13], [C, 0, 20]]);
    expect(findRuns(alone.kinds, alone.lines)?.separators).toEqual([{ start: 20, end: 32 }]);
  });

  it('a drawn strip whose second 13 px seam rings on every line splits at both seams', () => {
    const { raster, separators } = stripCollage({ axis: 'horizontal', panels: [300, 260, 220], cross: 240, separator: 13, separatorColour: [240, 240, 240], noise: 20 });
    // Seam 1 keeps a plain middle (its two edge lines ring); every line of seam 2 rings: every
    // fourth pixel 22 off (spread 22, σ 9.5), as JPEG leaves a seam at q70–75.
    const ring = (x: number): void => {
      for (let y = 0; y < raster.height; y += 4) raster.data[(y * raster.width + x) * 4] = 218;
    };
    ring(separators[0]!.start);
    ring(separators[0]!.end - 1);
    for (let x = separators[1]!.start; x < separators[1]!.end; x++) ring(x);
    const plan = planSplit(raster);
    expect(plan).toMatchObject({ ok: true, axis: 'horizontal' });
    if (!plan.ok) return;
    expect(plan.parts.map((p) => p.x)).toEqual([0, 306, 579]);
  });

  it('independent seed 12209 mix-02 (13 px grey seams, JPEG q73) splits exactly (fixtures/collages/ringing-twin)', async () => {
    const results = await scoreBatch('ringing-twin');
    expect(results.length).toBe(1);
    expect(results[0]!.badCuts).toEqual([]);
    expect(results[0]!.exact, results[0]!.why).toBe(true);
  });
});
