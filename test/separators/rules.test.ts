/**
 * The rules beyond plain spread: every pixel is checked (no sampling), transparency, texture and
 * gradients are not seams, screenshot paragraph gaps are not seams, grids stop at 8 panels,
 * hostile sizes do not crash.
 */
import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../src/imaging/raster.js';
import { classifyLines, detectStrips, LineKind, measureLines, planSplit } from '../../src/imaging/separators/index.js';
import { fill, gradientPanel, stripCollage, type Rgb } from './build.js';

const full = (r: Raster) => ({ x: 0, y: 0, width: r.width, height: r.height });

/** Sparse dark "words" on a light page, lines of text separated by blank rows, paragraphs by wider ones. */
function textPanel(r: Raster, x0: number, y0: number, width: number, height: number, page: Rgb = [255, 255, 255]): void {
  fill(r, { x: x0, y: y0, width, height }, page);
  let y = y0 + 12;
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) >>> 0);
  let line = 0;
  while (y + 10 < y0 + height - 8) {
    let x = x0 + 10;
    while (x < x0 + width - 40) {
      const word = 12 + (next() % 40);
      // Glyph strokes: every other column of the word is ink, so a text row is mostly page colour.
      for (let gx = x; gx < Math.min(x + word, x0 + width - 10); gx += 2) fill(r, { x: gx, y, width: 1, height: 10 }, [30, 30, 30]);
      x += word + 8;
    }
    line++;
    y += line % 3 === 0 ? 30 : 16; // paragraph gap every third line
  }
}

describe('uniform-line rule', () => {
  it('checks every pixel: one 1 px speck of content on a seam line keeps that line from being plain', () => {
    // A 2000 px tall strip: the reference samples 256 rows per column and misses a speck at row 1001.
    const { raster } = stripCollage({ axis: 'horizontal', panels: [100, 100], cross: 2000, separator: 3 });
    fill(raster, { x: 101, y: 1001, width: 1, height: 1 }, [0, 0, 0]);
    const stats = measureLines(raster, full(raster));
    // Seam 100..103 with column 101 spoiled: a sampled check would call it plain.
    expect(Array.from(classifyLines(stats.columns).subarray(100, 103))).toEqual([LineKind.Plain, LineKind.Content, LineKind.Plain]);
    // Its runs 100..101 and 102..103, one line apart, are one seam that a speck broke: one cut.
    const h = detectStrips(raster, stats, 'horizontal');
    expect(h.segments).toEqual([
      { start: 0, end: 101 },
      { start: 101, end: 203 },
    ]);
  });

  it('treats a transparent gutter as background whatever RGB hides under alpha 0', () => {
    const { raster } = stripCollage({ axis: 'horizontal', panels: [120, 120], cross: 80, separator: 10 });
    for (let y = 0; y < 80; y++) {
      for (let x = 120; x < 130; x++) {
        const p = (y * raster.width + x) * 4;
        raster.data.set([(x * 37 + y * 11) & 255, (x * 5) & 255, (y * 91) & 255, 0], p);
      }
    }
    const plan = planSplit(raster);
    expect(plan).toMatchObject({ ok: true, axis: 'horizontal', method: 'detected' });
    if (plan.ok) expect(plan.parts[1]!.x).toBe(125);
  });

  it('does not take a wide band of gentle gradient inside a picture for a seam', () => {
    const r = createRaster(300, 300);
    gradientPanel(r, { x: 0, y: 0, width: 300, height: 130 }, 0, 10, 3);
    // 40 rows whose colour climbs 30 levels across the row: spread 30 > 16, σ ≈ 8.7 (ringing-like) — but wide.
    for (let y = 130; y < 170; y++) for (let x = 0; x < 300; x++) r.data.set([100 + Math.floor(x / 10), 120, 140, 255], (y * 300 + x) * 4);
    gradientPanel(r, { x: 0, y: 170, width: 300, height: 130 }, 1, 10, 4);
    expect(planSplit(r).ok).toBe(false);
  });

  it('does not split a smooth vertical gradient (every row plain, no content rows between)', () => {
    const r = createRaster(200, 300);
    for (let y = 0; y < 300; y++) fill(r, { x: 0, y, width: 200, height: 1 }, [Math.floor(y * 0.8), 90, 200 - Math.floor(y / 2)]);
    const plan = planSplit(r);
    expect(plan.ok).toBe(false);
    if (!plan.ok) expect(plan.reason).toMatch(/^no separators/);
  });

  it('a blank picture and tiny pictures are refused, not crashed on', () => {
    const blank = createRaster(50, 50);
    fill(blank, full(blank), [255, 255, 255]);
    expect(planSplit(blank).ok).toBe(false);
    expect(planSplit(createRaster(1, 1)).ok).toBe(false);
    expect(planSplit({ width: 0, height: 0, data: new Uint8Array(0) }).ok).toBe(false);
    expect(planSplit(createRaster(1, 1), { parts: 2 })).toEqual({
      ok: false,
      reason: 'the picture measures 1 pixels across the horizontal axis, which cannot be divided into 2 parts',
    });
  });
});

describe('memory bound', () => {
  it('does not search a side over 65 536 px (line statistics would need gigabytes), but divides it on request', () => {
    const r = createRaster(70_000, 2);
    gradientPanel(r, full(r), 0);
    const refused = planSplit(r);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.reason).toContain('too long a side');
    const even = planSplit(r, { parts: 4 });
    expect(even).toMatchObject({ ok: true, axis: 'horizontal', method: 'equal' });
    if (even.ok) expect(even.parts.map((p) => p.width)).toEqual([17_500, 17_500, 17_500, 17_500]);
  });
});

describe('screenshots are not collages', () => {
  it('a page of text with paragraph gaps is not split', () => {
    const r = createRaster(400, 300);
    textPanel(r, 0, 0, 400, 300);
    const plan = planSplit(r);
    expect(plan.ok).toBe(false);
    if (!plan.ok) expect(plan.reason).toMatch(/^no separators/);
  });

  it('a stacked collage with a text panel splits at its grey seams only', () => {
    const seam = 8;
    const r = createRaster(400, 150 + seam + 260 + seam + 150);
    fill(r, full(r), [128, 128, 128]);
    gradientPanel(r, { x: 0, y: 0, width: 400, height: 150 }, 0, 8, 1);
    textPanel(r, 0, 158, 400, 260);
    gradientPanel(r, { x: 0, y: 426, width: 400, height: 150 }, 2, 8, 2);
    const plan = planSplit(r);
    expect(plan).toMatchObject({ ok: true, axis: 'vertical', method: 'detected' });
    if (plan.ok) expect(plan.parts.map((p) => p.y)).toEqual([0, 154, 422]);
  });

  it('a white seam between a photo and a white page holds (the photo side is not page colour)', () => {
    const seam = 10;
    const r = createRaster(400, 150 + seam + 200);
    fill(r, full(r), [255, 255, 255]);
    gradientPanel(r, { x: 0, y: 0, width: 400, height: 150 }, 0, 8, 1);
    textPanel(r, 0, 160, 400, 200);
    const plan = planSplit(r);
    expect(plan).toMatchObject({ ok: true, axis: 'vertical' });
    // The page's own top padding merges with the seam; the cut stays in the white between them.
    if (plan.ok) {
      expect(plan.parts).toHaveLength(2);
      expect(plan.parts[1]!.y).toBeGreaterThanOrEqual(150);
      expect(plan.parts[1]!.y).toBeLessThan(172);
    }
  });
});

describe('grids', () => {
  it('a 3×3 grid (9 panels) comes back whole: its cuts align, so up to 16 panels are one grid', () => {
    const seam = 6;
    const side = 3 * 80 + 2 * seam;
    const r = createRaster(side, side);
    fill(r, full(r), [255, 255, 255]);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) gradientPanel(r, { x: j * (80 + seam), y: i * (80 + seam), width: 80, height: 80 }, i * 3 + j, 6, i * 3 + j + 1);
    const auto = planSplit(r);
    expect(auto).toMatchObject({ ok: true, axis: 'grid', method: 'detected' });
    if (auto.ok) {
      expect(auto.parts).toHaveLength(9);
      expect(auto.parts.map((p) => [p.x, p.y])).toEqual([0, 83, 169].flatMap((y) => [0, 83, 169].map((x) => [x, y])));
      expect(auto.reason).toMatch(/^a 3x3 grid/);
    }
    expect(planSplit(r, { axis: 'grid' })).toEqual(auto);
  });

  it('asks for the grid explicitly and gets the panels in reading order', () => {
    const seam = 10;
    const r = createRaster(200 + seam + 150, 120 + seam + 100);
    fill(r, full(r), [0, 0, 0]);
    // Big panel left, two stacked right.
    gradientPanel(r, { x: 0, y: 0, width: 200, height: 230 }, 0, 6, 1);
    gradientPanel(r, { x: 210, y: 0, width: 150, height: 120 }, 1, 6, 2);
    gradientPanel(r, { x: 210, y: 130, width: 150, height: 100 }, 2, 6, 3);
    const plan = planSplit(r, { axis: 'grid' });
    expect(plan).toMatchObject({
      ok: true,
      axis: 'grid',
      method: 'detected',
      parts: [
        { x: 0, y: 0, width: 205, height: 230 },
        { x: 205, y: 0, width: 155, height: 125 },
        { x: 205, y: 125, width: 155, height: 105 },
      ],
    });
    // parts 2 matches the strip detection (the full-height seam) rather than dividing evenly.
    expect(planSplit(r, { parts: 2 })).toMatchObject({ ok: true, axis: 'horizontal', method: 'detected' });
    expect(planSplit(r, { parts: 3 })).toMatchObject({ ok: true, axis: 'grid', parts: plan.ok ? plan.parts : [] });
    // A grid request for a count nothing matches divides evenly along the detected strip axis.
    const even = planSplit(r, { axis: 'grid', parts: 4 });
    expect(even).toMatchObject({ ok: true, axis: 'horizontal', method: 'equal' });
    if (even.ok) expect(even.parts.map((p) => p.width)).toEqual([90, 90, 90, 90]);
  });
});
