import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equalDivision, foldSlivers, minimumPartSize } from '../../src/imaging/separators/index.js';

describe('minimum part size (reference case 38)', () => {
  it('is 2 % of the side with an 8 px floor', () => {
    expect(minimumPartSize(100)).toBe(8);
    expect(minimumPartSize(400)).toBe(8);
    expect(minimumPartSize(1200)).toBe(24);
    expect(minimumPartSize(449)).toBe(8);
    expect(minimumPartSize(450)).toBe(9);
  });
});

describe('foldSlivers (reference case 39)', () => {
  it('merges slivers into the previous part and a short first part into the second', () => {
    const folded = foldSlivers(
      [
        { start: 0, end: 3 },
        { start: 3, end: 100 },
        { start: 100, end: 104 },
        { start: 104, end: 200 },
      ],
      10,
    );
    expect(folded).toEqual([
      { start: 0, end: 104 },
      { start: 104, end: 200 },
    ]);
  });

  it('keeps a lone short segment (nothing to merge into)', () => {
    expect(foldSlivers([{ start: 5, end: 7 }], 10)).toEqual([{ start: 5, end: 7 }]);
  });

  it('keeps coverage gap-free and never yields parts under the minimum except a lone one', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 20 }), fc.integer({ min: 1, max: 30 }), (lengths, min) => {
        const segs = [];
        let pos = 0;
        for (const len of lengths) {
          segs.push({ start: pos, end: pos + len });
          pos += len;
        }
        const folded = foldSlivers(segs, min);
        expect(folded[0]!.start).toBe(0);
        expect(folded[folded.length - 1]!.end).toBe(pos);
        for (let i = 1; i < folded.length; i++) expect(folded[i]!.start).toBe(folded[i - 1]!.end);
        if (folded.length > 1) for (const s of folded) expect(s.end - s.start).toBeGreaterThanOrEqual(min);
      }),
    );
  });
});

describe('equalDivision', () => {
  it('matches the reference formula on a small case', () => {
    expect(equalDivision(300, 3)).toEqual([
      { start: 0, end: 100 },
      { start: 100, end: 200 },
      { start: 200, end: 300 },
    ]);
    expect(equalDivision(10, 3)).toEqual([
      { start: 0, end: 3 },
      { start: 3, end: 6 },
      { start: 6, end: 10 },
    ]);
  });

  it('refuses a side shorter than the part count', () => {
    expect(equalDivision(4, 8)).toBeNull();
    expect(equalDivision(8, 8)).toHaveLength(8);
  });

  it('covers the whole side with parts that differ by at most 1 px', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 8 }), fc.integer({ min: 1, max: 100_000 }), (n, span) => {
        const parts = equalDivision(span, n);
        if (span < n) {
          expect(parts).toBeNull();
          return;
        }
        expect(parts).toHaveLength(n);
        expect(parts![0]!.start).toBe(0);
        expect(parts![n - 1]!.end).toBe(span);
        const sizes = parts!.map((p) => p.end - p.start);
        for (let i = 1; i < n; i++) expect(parts![i]!.start).toBe(parts![i - 1]!.end);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        expect(Math.min(...sizes)).toBeGreaterThan(0);
      }),
    );
  });
});
