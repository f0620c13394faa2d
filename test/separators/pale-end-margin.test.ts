/**
 * A pale panel at an end of a side-by-side strip: its blank edge, of the collage colour, was
 * trimmed off with the margin (pale-ends.ts, evenEndMargins).
 */
import { describe, expect, it } from 'vitest';
import { evenEndMargins, evenStackedEndMargins } from '../../src/imaging/separators/pale-ends.js';
import { expectEveryExact } from './expect-exact.js';
import { scoreBatch } from './score.js';

describe('an end margin widened by a pale panel', () => {
  it('is read as wide as the other end’s when the end parts then come out one length', () => {
    // Margins 34 and 22 (x 737–759 of 759): end parts 162 and 175 long, 196 and 197 with their margins.
    const parts = [{ x: 34, y: 0, width: 162, height: 204 }, { x: 196, y: 0, width: 184, height: 204 }, { x: 380, y: 0, width: 182, height: 204 }, { x: 562, y: 0, width: 175, height: 204 }];
    expect(evenEndMargins(parts, 759)[0]).toEqual({ x: 22, y: 0, width: 174, height: 204 });
    expect(evenEndMargins(parts, 759).slice(1)).toEqual(parts.slice(1));
  });

  it('stays when the end parts differ all the same (a drop shadow past one end)', () => {
    // Margins 8 and 2, end parts 371 long each: the shadow, not a panel's edge, narrowed one margin.
    const parts = [{ x: 8, y: 0, width: 371, height: 428 }, { x: 379, y: 0, width: 371, height: 428 }];
    expect(evenEndMargins(parts, 752)).toBe(parts);
  });

  it('three collages with a pale panel at one end split exactly (independent seeds 28008, 28014, 28032)', async () => {
    // 28008 gradient-02 (lossless, 5×1, 13 px seams 225→248, margin 20: the last part ended at 493
    // for 512), 28014 caption-07 (4×1 captioned on white, margin 22: the first part began at 34) and
    // 28032 gradient-07 (5×1, 5 px seams 234→247, margin 20: the first began at 39).
    const results = await scoreBatch('pale-end-margin');
    expect(results.map((r) => r.expected.file).sort()).toEqual(['i28008-gradient-02.webp', 'i28014-caption-07.webp', 'i28032-gradient-07.webp']);
    expectEveryExact(results);
  });

  it('and in a stacked strip, but for a margin a caption band widens', () => {
    // Stacked parts from y 34 and to y 438 of 461: 91 + 34 and 103 + 23 lines with their margins.
    const parts = [{ x: 0, y: 34, width: 191, height: 91 }, { x: 0, y: 125, width: 191, height: 105 }, { x: 0, y: 230, width: 191, height: 105 }, { x: 0, y: 335, width: 191, height: 103 }];
    expect(evenStackedEndMargins(parts, 461)[0]).toEqual({ x: 0, y: 23, width: 191, height: 102 });
    // Margins 2 and 5 lines: too close to tell a pale panel from JPEG.
    const close = [{ x: 0, y: 2, width: 231, height: 210 }, { x: 0, y: 212, width: 231, height: 207 }];
    expect(evenStackedEndMargins(close, 424)).toBe(close);
  });

  it('two stacked collages with a white drawing at one end split exactly (independent seeds 28009, 28026)', async () => {
    // 28009 badge-05 (lossless, 1×4 on 5 px white seams: the last part ended at 784 for 793) and
    // 28026 gradient-02 (q57 4:2:0, 1×4 on 7 px seams 231→247, margin 24: the first began at 34).
    const results = await scoreBatch('pale-end-margin-stacked');
    expect(results.map((r) => r.expected.file).sort()).toEqual(['i28009-badge-05.webp', 'i28026-gradient-02.jpg']);
    expectEveryExact(results);
  });
});
