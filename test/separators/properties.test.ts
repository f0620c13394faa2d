/**
 * Invariants over random collages: panel count, sizes, separator width and colour, margins and
 * small noise are drawn by fast-check; the expected cuts come from the layout that was drawn.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRaster, type Box } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { fill, gradientPanel, type Rgb } from './build.js';

const colourArb: fc.Arbitrary<Rgb> = fc.oneof(
  fc.constant<Rgb>([255, 255, 255]),
  fc.constant<Rgb>([0, 0, 0]),
  fc.integer({ min: 0, max: 255 }).map((g): Rgb => [g, g, g]),
  fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 })),
);

/** Adds ±amplitude noise to a box (kept within 0..255), deterministic per seed. */
function jitter(data: Uint8Array, width: number, box: Box, amplitude: number, seed: number): void {
  let s = seed >>> 0 || 1;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      for (let c = 0; c < 3; c++) {
        s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
        const p = (y * width + x) * 4 + c;
        const v = data[p]! + ((s % (2 * amplitude + 1)) - amplitude);
        data[p] = v < 0 ? 0 : v > 255 ? 255 : v;
      }
    }
  }
}

describe('strip collages (random)', () => {
  it('finds exactly the drawn panels; parts tile the content range and every cut lies in its separator', () => {
    fc.assert(
      fc.property(
        fc.record({
          axis: fc.constantFrom<'horizontal' | 'vertical'>('horizontal', 'vertical'),
          panels: fc.array(fc.integer({ min: 40, max: 120 }), { minLength: 2, maxLength: 8 }),
          cross: fc.integer({ min: 30, max: 120 }),
          separator: fc.integer({ min: 1, max: 24 }),
          margin: fc.integer({ min: 0, max: 30 }),
          colour: colourArb,
          panelNoise: fc.integer({ min: 0, max: 12 }),
          seamNoise: fc.integer({ min: 0, max: 7 }),
          seed: fc.integer({ min: 1, max: 1 << 30 }),
        }),
        (c) => {
          const along = c.panels.reduce((a, b) => a + b, 0) + c.separator * (c.panels.length - 1) + 2 * c.margin;
          const horizontal = c.axis === 'horizontal';
          const r = horizontal ? createRaster(along, c.cross) : createRaster(c.cross, along);
          fill(r, { x: 0, y: 0, width: r.width, height: r.height }, c.colour);
          // Seam noise stays within ±7, so every background line keeps a spread ≤ 14 < 16.
          if (c.seamNoise) jitter(r.data, r.width, { x: 0, y: 0, width: r.width, height: r.height }, c.seamNoise, c.seed);
          const seams: { start: number; end: number }[] = [];
          let pos = c.margin;
          c.panels.forEach((size, i) => {
            const box = horizontal ? { x: pos, y: 0, width: size, height: c.cross } : { x: 0, y: pos, width: c.cross, height: size };
            gradientPanel(r, box, i, c.panelNoise, c.seed + i);
            pos += size;
            if (i < c.panels.length - 1) seams.push({ start: pos, end: pos + c.separator });
            pos += c.separator;
          });

          const plan = planSplit(r);
          expect(plan.ok).toBe(true);
          if (!plan.ok) return;
          expect(plan.axis).toBe(c.axis);
          expect(plan.method).toBe('detected');
          expect(plan.parts).toHaveLength(c.panels.length);
          const spans = plan.parts.map((p) => (horizontal ? { start: p.x, end: p.x + p.width } : { start: p.y, end: p.y + p.height }));
          expect(spans[0]!.start).toBe(c.margin);
          expect(spans[spans.length - 1]!.end).toBe(along - c.margin);
          for (let i = 1; i < spans.length; i++) {
            expect(spans[i]!.start).toBe(spans[i - 1]!.end); // no gap, no overlap
            expect(spans[i]!.start).toBeGreaterThanOrEqual(seams[i - 1]!.start);
            expect(spans[i]!.start).toBeLessThan(seams[i - 1]!.end);
          }
          for (const p of plan.parts) {
            // The cross axis is never trimmed.
            if (horizontal) expect([p.y, p.height]).toEqual([0, c.cross]);
            else expect([p.x, p.width]).toEqual([0, c.cross]);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('an even split over any side covers it whole with parts within 1 px of each other', () => {
    fc.assert(
      fc.property(fc.integer({ min: 8, max: 300 }), fc.integer({ min: 8, max: 300 }), fc.integer({ min: 2, max: 8 }), (w, h, n) => {
        const r = createRaster(w, h);
        gradientPanel(r, { x: 0, y: 0, width: w, height: h }, 0);
        const plan = planSplit(r, { parts: n, axis: 'vertical' });
        expect(plan).toMatchObject({ ok: true, method: 'equal', axis: 'vertical' });
        if (!plan.ok) return;
        const heights = plan.parts.map((p) => p.height);
        expect(plan.parts[0]!.y).toBe(0);
        expect(plan.parts[n - 1]!.y + plan.parts[n - 1]!.height).toBe(h);
        for (let i = 1; i < n; i++) expect(plan.parts[i]!.y).toBe(plan.parts[i - 1]!.y + plan.parts[i - 1]!.height);
        expect(Math.max(...heights) - Math.min(...heights)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 40 },
    );
  });
});

describe('grid collages (random rows of columns)', () => {
  it('returns every panel in reading order with edges on the drawn seams', () => {
    fc.assert(
      fc.property(
        fc.record({
          rows: fc.array(fc.record({ height: fc.integer({ min: 40, max: 90 }), widths: fc.array(fc.integer({ min: 40, max: 110 }), { minLength: 1, maxLength: 3 }) }), { minLength: 2, maxLength: 3 }),
          separator: fc.integer({ min: 2, max: 16 }),
          colour: colourArb,
          seed: fc.integer({ min: 1, max: 1 << 30 }),
        }),
        (c) => {
          const panelsTotal = c.rows.reduce((a, r) => a + r.widths.length, 0);
          fc.pre(panelsTotal <= 8 && c.rows.some((r) => r.widths.length > 1));
          // Rows are padded to one width by stretching their last panel.
          const width = Math.max(...c.rows.map((r) => r.widths.reduce((a, b) => a + b, 0) + c.separator * (r.widths.length - 1)));
          const rows = c.rows.map((r) => {
            const used = r.widths.reduce((a, b) => a + b, 0) + c.separator * (r.widths.length - 1);
            const widths = [...r.widths];
            widths[widths.length - 1]! += width - used;
            return { height: r.height, widths };
          });
          // A seam that lines up in every row would make a full-height cut: not this layout.
          const seamXs = rows.map((r) => {
            const xs = new Set<number>();
            let x = 0;
            r.widths.slice(0, -1).forEach((w) => {
              x += w;
              for (let k = x; k < x + c.separator; k++) xs.add(k);
              x += c.separator;
            });
            return xs;
          });
          fc.pre(![...seamXs[0]!].some((x) => seamXs.every((s) => s.has(x))));

          const height = rows.reduce((a, r) => a + r.height, 0) + c.separator * (rows.length - 1);
          const raster = createRaster(width, height);
          fill(raster, { x: 0, y: 0, width, height }, c.colour);
          const panels: (Box & { first: boolean; last: boolean; top: boolean; bottom: boolean })[] = [];
          let y = 0;
          rows.forEach((r, ri) => {
            let x = 0;
            r.widths.forEach((w, ci) => {
              gradientPanel(raster, { x, y, width: w, height: r.height }, ri * 3 + ci, 4, c.seed + ri * 3 + ci);
              panels.push({ x, y, width: w, height: r.height, first: ci === 0, last: ci === r.widths.length - 1, top: ri === 0, bottom: ri === rows.length - 1 });
              x += w + c.separator;
            });
            y += r.height + c.separator;
          });

          const plan = planSplit(raster);
          expect(plan.ok).toBe(true);
          if (!plan.ok) return;
          expect(plan.axis).toBe('grid');
          expect(plan.parts).toHaveLength(panels.length);
          // Each part holds its panel whole and ends inside the seams drawn around it. Usually the
          // cut is the seam's middle; when the seams of two rows overlap, the grid lines their cuts
          // up inside the overlap, which may be a pixel or two off one row's own middle.
          plan.parts.forEach((part, i) => {
            const panel = panels[i]!;
            const within = (edge: number, from: number, to: number): boolean => edge >= from && edge <= to;
            expect(panel.first ? part.x === 0 : within(part.x, panel.x - c.separator, panel.x), `left edge of part ${i + 1}`).toBe(true);
            expect(panel.last ? part.x + part.width === width : within(part.x + part.width, panel.x + panel.width, panel.x + panel.width + c.separator), `right edge of part ${i + 1}`).toBe(true);
            expect(panel.top ? part.y === 0 : within(part.y, panel.y - c.separator, panel.y), `top edge of part ${i + 1}`).toBe(true);
            expect(panel.bottom ? part.y + part.height === height : within(part.y + part.height, panel.y + panel.height, panel.y + panel.height + c.separator), `bottom edge of part ${i + 1}`).toBe(true);
          });
          const explicit = planSplit(raster, { axis: 'grid' });
          expect(explicit).toEqual(plan);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('any raster, any options', () => {
  it('never throws; a plan is 2..8 strips or 2..16 grid panels inside the picture that do not overlap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 1 << 30 }),
        fc.constantFrom(0, 2, 8, 64, 256),
        fc.option(fc.oneof(fc.integer({ min: -3, max: 12 }), fc.double()), { nil: undefined }),
        fc.constantFrom<'auto' | 'horizontal' | 'vertical' | 'grid'>('auto', 'horizontal', 'vertical', 'grid'),
        (w, h, seed, levels, parts, axis) => {
          const r = createRaster(w, h);
          let s = seed || 1;
          for (let i = 0; i < r.data.length; i++) {
            s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
            // Few levels → long plain runs and stripes; 256 → noise; alpha varies too.
            r.data[i] = levels === 0 ? 255 : Math.floor((s % levels) * (255 / Math.max(1, levels - 1)));
          }
          const plan = planSplit(r, parts === undefined ? { axis } : { axis, parts });
          if (!plan.ok) {
            expect(typeof plan.reason).toBe('string');
            return;
          }
          expect(plan.parts.length).toBeGreaterThanOrEqual(2);
          expect(plan.parts.length).toBeLessThanOrEqual(plan.axis === 'grid' ? 16 : 8);
          for (const p of plan.parts) {
            expect(p.width).toBeGreaterThan(0);
            expect(p.height).toBeGreaterThan(0);
            expect(p.x + p.width).toBeLessThanOrEqual(w);
            expect(p.y + p.height).toBeLessThanOrEqual(h);
            expect(Math.min(p.x, p.y)).toBeGreaterThanOrEqual(0);
          }
          for (let i = 0; i < plan.parts.length; i++) {
            for (let j = i + 1; j < plan.parts.length; j++) {
              const a = plan.parts[i]!;
              const b = plan.parts[j]!;
              const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
              expect(overlap).toBe(false);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
