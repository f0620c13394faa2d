/**
 * A detected part that is a narrow band beside a much thicker part (narrow-parts.ts) is no panel:
 * it is folded into the one part sharing its long side, or the plan is refused.
 * fixtures/collages/narrow-parts holds four independent-generator pictures that were planned with
 * such a band: a row of three photos whose middle one was cut at its horizon (a 201×22 band, seed
 * 8507), an app screenshot cut under its 32 px title bar (seed 6403), a 1×2 strip at JPEG q29
 * whose last 29 px were split off (seed 6413), and a 2×1 on red seams whose bottom 8 px margin
 * became a part (seed 6412).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Box } from '../../src/imaging/raster.js';
import { foldNarrowParts, isBand, NARROW_PART_ASPECT } from '../../src/imaging/separators/narrow-parts.js';
import { scoreBatch } from './score.js';
import { expectEveryExact } from './expect-exact.js';

const box = (x: number, y: number, width: number, height: number): Box => ({ x, y, width, height });

describe('foldNarrowParts', () => {
  it('folds a band into the one part that shares its long side, keeping the order', () => {
    const parts = [box(0, 0, 248, 364), box(248, 0, 201, 22), box(449, 0, 187, 364), box(248, 22, 201, 342)];
    expect(foldNarrowParts(parts)).toEqual({ parts: [box(0, 0, 248, 364), box(248, 0, 201, 364), box(449, 0, 187, 364)], folded: [box(248, 0, 201, 22)] });
  });

  it('leaves a long panel as thick as its neighbours alone (a panorama over a row of photos)', () => {
    const parts = [box(0, 0, 600, 100), box(0, 100, 200, 200), box(200, 100, 200, 200), box(400, 100, 200, 200)];
    expect(isBand(parts[0]!, parts)).toBe(false);
    expect(foldNarrowParts(parts)).toEqual({ parts, folded: [] });
  });

  it('refuses a band with two parts beside it, or none that spans its side, or when one part is left', () => {
    expect(foldNarrowParts([box(0, 0, 300, 300), box(0, 300, 300, 20), box(0, 320, 300, 300)])).toBeNull();
    expect(foldNarrowParts([box(0, 0, 600, 20), box(0, 20, 300, 300), box(300, 20, 300, 300)])).toBeNull();
    expect(foldNarrowParts([box(0, 0, 900, 32), box(0, 32, 900, 800)])).toBeNull();
  });

  it('a band is long and thin beside a thicker part, by both thresholds', () => {
    const thick = box(0, 20, 200, 200);
    expect(isBand(box(0, 0, 200, 20), [box(0, 0, 200, 20), thick])).toBe(true);
    // Exactly five times as long: not yet a band.
    expect(isBand(box(0, 0, 100, 20), [box(0, 0, 100, 20), box(0, 20, 100, 200)])).toBe(false);
    // Thicker than a quarter of its neighbour: a panel.
    expect(isBand(box(0, 0, 600, 51), [box(0, 0, 600, 51), box(0, 51, 600, 200)])).toBe(false);
  });

  it('property: the parts left tile what the parts tiled, hold no band, and a plan without one is returned as it was', () => {
    // Rows of columns: every layout the detectors return is a tiling of a rectangle.
    const layout = fc.array(fc.record({ height: fc.integer({ min: 4, max: 400 }), widths: fc.array(fc.integer({ min: 4, max: 400 }), { minLength: 1, maxLength: 4 }) }), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(layout, (rows) => {
        const parts: Box[] = [];
        let y = 0;
        const width = Math.max(...rows.map((r) => r.widths.reduce((a, b) => a + b, 0)));
        for (const row of rows) {
          let x = 0;
          row.widths.forEach((w, i) => {
            const last = i === row.widths.length - 1;
            parts.push(box(x, y, last ? width - x : w, row.height));
            x += w;
          });
          y += row.height;
        }
        fc.pre(parts.length >= 2);
        const result = foldNarrowParts(parts);
        if (!parts.some((p) => isBand(p, parts))) {
          expect(result).toEqual({ parts, folded: [] });
          return;
        }
        if (result === null) return;
        const area = (list: Box[]) => list.reduce((s, p) => s + p.width * p.height, 0);
        expect(area(result.parts)).toBe(area(parts));
        expect(result.parts.length).toBe(parts.length - result.folded.length);
        expect(result.parts.length).toBeGreaterThanOrEqual(2);
        for (const p of result.parts) expect(isBand(p, result.parts)).toBe(false);
        for (let i = 0; i < result.parts.length; i++) {
          for (let j = i + 1; j < result.parts.length; j++) {
            const a = result.parts[i]!, b = result.parts[j]!;
            const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
            expect(overlap).toBe(false);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('planSplit on pictures once planned with a band', () => {
  it('splits the collages exactly and refuses the screenshot, with no cut', async () => {
    const results = await scoreBatch('narrow-parts');
    const byFile = new Map(results.map((r) => [r.expected.file, r]));
    expect([...byFile.keys()].sort()).toEqual(['i6403-none-05.jpg', 'i6412-heavy-08.jpg', 'i6413-heavy-01.jpg', 'i8507-mix-06.jpg']);
    expectEveryExact(results);
    const row = byFile.get('i8507-mix-06.jpg')!.plan;
    expect(row).toMatchObject({ ok: true, axis: 'horizontal' });
    expect(row.ok ? row.reason : '').toMatch(/201x22 at 248,0 joined to the part beside it .* leaving 3 parts$/);
    const screenshot = byFile.get('i6403-none-05.jpg')!.plan;
    expect(screenshot.ok ? '' : screenshot.reason).toMatch(new RegExp(`a part of 907x32 at 0,0, more than ${NARROW_PART_ASPECT} times as long`));
  });
});
