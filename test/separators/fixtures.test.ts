/**
 * Every fixture in fixtures/collages (built by scripts/make-collages.ts from corpus photographs)
 * decoded with our own decoders: the plan matches NAME.expected.json, computed from the layout.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/imaging/decode.js';
import type { Box } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';

const DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../fixtures/collages');

interface Expected {
  file: string;
  width: number;
  height: number;
  plan: { axis: string; method: string; parts: Box[] } | null;
  refusal?: 'no_separators' | 'textured';
  separators: Box[];
  tolerance: number;
}

const fixtures = readdirSync(DIR)
  .filter((f) => f.endsWith('.expected.json'))
  .map((f) => JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Expected);

const REFUSAL_TEXT = { no_separators: /^no separators were found/, textured: /more likely textured than assembled/ };

/**
 * True when the cut line at `x` (or `y`) lies inside a painted seam beside this part: the seam
 * contains the line and overlaps the part's extent [from, to) across the cut (a part's extent also
 * covers margins and half seams, which the painted seam rectangle does not).
 */
function insideSeam(seams: Box[], edge: 'x' | 'y', at: number, from: number, to: number): boolean {
  return seams.some((s) =>
    edge === 'x'
      ? at >= s.x && at < s.x + s.width && from < s.y + s.height && to > s.y
      : at >= s.y && at < s.y + s.height && from < s.x + s.width && to > s.x,
  );
}

describe('fixture collages', () => {
  it('covers the formats and layouts the brief asks for', () => {
    const exts = new Set(fixtures.map((f) => f.file.split('.').pop()));
    expect([...exts].sort()).toEqual(['gif', 'jpg', 'png', 'webp']);
    const axes = new Set(fixtures.map((f) => f.plan?.axis ?? f.refusal));
    expect([...axes].sort()).toEqual(['grid', 'horizontal', 'no_separators', 'textured', 'vertical']);
    expect(fixtures.length).toBeGreaterThanOrEqual(20);
  });

  for (const fx of fixtures) {
    it(`${fx.file}`, async () => {
      const { raster } = await decode(new Uint8Array(readFileSync(join(DIR, fx.file))));
      expect([raster.width, raster.height]).toEqual([fx.width, fx.height]);
      const plan = planSplit(raster);
      if (fx.plan === null) {
        expect(plan.ok).toBe(false);
        if (!plan.ok) expect(plan.reason).toMatch(REFUSAL_TEXT[fx.refusal!]);
        return;
      }
      expect(plan.ok).toBe(true);
      if (!plan.ok) return;
      expect(plan.axis).toBe(fx.plan.axis);
      expect(plan.method).toBe('detected');
      expect(plan.parts).toHaveLength(fx.plan.parts.length);
      plan.parts.forEach((got, i) => {
        const want = fx.plan!.parts[i]!;
        for (const k of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(got[k] - want[k]), `part ${i + 1} ${k}`).toBeLessThanOrEqual(fx.tolerance);
        // Every interior edge of a part is a cut, and every cut lies inside a painted seam.
        const right = got.x + got.width;
        const bottom = got.y + got.height;
        if (plan.parts.some((o) => o.x === right)) expect(insideSeam(fx.separators, 'x', right, got.y, bottom), `cut x=${right}`).toBe(true);
        if (plan.parts.some((o) => o.y === bottom)) expect(insideSeam(fx.separators, 'y', bottom, got.x, right), `cut y=${bottom}`).toBe(true);
      });
    });
  }
});
