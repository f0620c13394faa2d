/**
 * The two passes over the whole picture share its line kinds and fade tests (reuse.ts): what the
 * second pass is handed must be exactly what computing it again would give, and it must really be
 * handed over (not recomputed), else the pass pays for it twice.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRaster, type Box } from '../../src/imaging/raster.js';
import { classifyLines, shadeLines } from '../../src/imaging/separators/classify.js';
import { measureLines } from '../../src/imaging/separators/index.js';
import { seamAndFade } from '../../src/imaging/separators/fading-seams.js';
import { seamAndFadeOnce, shadedKinds } from '../../src/imaging/separators/reuse.js';
import { NARROW_RINGING_RUN } from '../../src/imaging/separators/runs.js';
import { fill, gradientPanel, stripCollage, type Rgb } from './build.js';

const axes = ['horizontal', 'vertical'] as const;

describe('reuse between passes', () => {
  it('kinds and fade tests equal a fresh computation, however often and in whatever order asked', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 40, max: 120 }), { minLength: 2, maxLength: 4 }),
        fc.integer({ min: 1, max: 14 }),
        fc.integer({ min: 180, max: 255 }),
        fc.integer({ min: 0, max: 12 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 20 })), { minLength: 1, maxLength: 12 }),
        (panels, separator, grey, noise, seams) => {
          const axis = panels.length % 2 === 0 ? 'horizontal' : 'vertical';
          const { raster } = stripCollage({ axis, panels, cross: 90, separator, separatorColour: [grey, grey, grey] as Rgb, noise });
          const region: Box = { x: 0, y: 0, width: raster.width, height: raster.height };
          const stats = measureLines(raster, region);
          for (const a of axes) {
            const lines = a === 'horizontal' ? stats.columns : stats.rows;
            const fresh = classifyLines(lines);
            shadeLines(raster, region, a, lines, fresh, NARROW_RINGING_RUN);
            for (let round = 0; round < 2; round++) {
              const kinds = shadedKinds(raster, region, a, lines, NARROW_RINGING_RUN);
              expect([...kinds]).toEqual([...fresh]);
              for (const [at, width] of seams) {
                const start = at % lines.count;
                const seam = { start, end: Math.min(lines.count, start + width) };
                expect(seamAndFadeOnce(raster, region, a, lines, kinds, seam, NARROW_RINGING_RUN)).toEqual(seamAndFade(raster, region, a, lines, fresh, seam));
              }
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('the second pass is handed the first pass’s results, and only for the same lines, region and axis', () => {
    // A pale ringing seam row that shades slowly (shadeLines makes it plain): once its pixels
    // change, only a fresh computation can see it.
    const r = createRaster(200, 120);
    gradientPanel(r, { x: 0, y: 0, width: 200, height: 50 }, 0, 0, 1);
    gradientPanel(r, { x: 0, y: 70, width: 200, height: 50 }, 1, 0, 2);
    for (let x = 0; x < 200; x++) fill(r, { x, y: 50, width: 1, height: 20 }, [226 + Math.floor((x * 20) / 200), 230, 235]);
    const region: Box = { x: 0, y: 0, width: 200, height: 120 };
    const stats = measureLines(r, region);
    const before = shadedKinds(r, region, 'vertical', stats.rows, NARROW_RINGING_RUN);
    const seam = { start: 50, end: 70 };
    const fadeBefore = seamAndFadeOnce(r, region, 'vertical', stats.rows, before, seam, NARROW_RINGING_RUN);
    // Make the band a hard, unshaded stripe pattern and the panels beside it a sky of nearly its colour:
    // kinds and fades computed afresh would now differ.
    for (let x = 0; x < 200; x += 2) fill(r, { x, y: 50, width: 1, height: 20 }, [250, 250, 250]);
    fill(r, { x: 0, y: 30, width: 200, height: 20 }, [244, 238, 243]);
    fill(r, { x: 0, y: 70, width: 200, height: 20 }, [244, 238, 243]);
    const freshKinds = classifyLines(stats.rows);
    shadeLines(r, region, 'vertical', stats.rows, freshKinds, NARROW_RINGING_RUN);
    expect([...freshKinds]).not.toEqual([...before]);
    expect(seamAndFade(r, region, 'vertical', stats.rows, before, seam)).not.toEqual(fadeBefore);
    // Same lines, region and axis: the first results, without reading the pixels again.
    expect([...shadedKinds(r, region, 'vertical', stats.rows, NARROW_RINGING_RUN)]).toEqual([...before]);
    expect(seamAndFadeOnce(r, region, 'vertical', stats.rows, before, seam, NARROW_RINGING_RUN)).toEqual(fadeBefore);
    // Another region object: computed again.
    expect([...shadedKinds(r, { ...region }, 'vertical', stats.rows, NARROW_RINGING_RUN)]).toEqual([...freshKinds]);
  });
});
