/**
 * Gradient canvases (`strips.ts`): a seam a badge or JPEG wore, beside gradient seams, must shade
 * too; and a canvas whose margins ramp at both ends trims a pale photo backdrop off the one wide
 * run that holds its seam. Synthetic rasters, no codec: the line patterns measured on independent
 * seeds 4206 gradient-07 (PNG) and 4204 gradient-02 (JPEG q55), drawn exactly.
 */
import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { measureLines } from '../../src/imaging/separators/line-stats.js';
import { detectStrips } from '../../src/imaging/separators/strips.js';
import { fill, gradientPanel, random, setPixel } from './build.js';

/** Lines of a seam shading `from`→`to` along its length: rows [a, b) shading along x, or columns shading along y. */
function shade(r: Raster, axis: 'rows' | 'columns', a: number, b: number, from: number, to: number): void {
  const length = axis === 'rows' ? r.width : r.height;
  for (let i = 0; i < length; i++) {
    const v = from + Math.round(((to - from) * i) / (length - 1));
    for (let l = a; l < b; l++) {
      if (axis === 'rows') setPixel(r, i, l, [v, v, v]);
      else setPixel(r, l, i, [v, v, v]);
    }
  }
}

describe('gradient canvases', () => {
  it('drops a worn seam that does not shade when every seam of the axis does', () => {
    // Three stacked panels between 7 px seams shading 230→247 along x; the first a white drawing
    // (two black strokes down it), whose white rows 40–50 a first pass took for a worn seam
    // (independent seed 4206 gradient-07: rows 38–50 of a table drawing, cut off at y 44).
    const r = createRaster(240, 560);
    fill(r, { x: 0, y: 0, width: 240, height: 180 }, [255, 255, 255]);
    fill(r, { x: 60, y: 10, width: 3, height: 160 }, [20, 20, 20]);
    fill(r, { x: 170, y: 10, width: 3, height: 160 }, [20, 20, 20]);
    shade(r, 'rows', 180, 187, 230, 247);
    gradientPanel(r, { x: 0, y: 187, width: 240, height: 180 }, 1, 20, 3);
    shade(r, 'rows', 367, 374, 230, 247);
    gradientPanel(r, { x: 0, y: 374, width: 240, height: 186 }, 2, 20, 5);
    const stats = measureLines(r, { x: 0, y: 0, width: 240, height: 560 });
    const d = detectStrips(r, stats, 'vertical', { colour: [246, 246, 246], damagedFound: [{ start: 40, end: 50, colour: [251, 252, 252] }] });
    expect(d.separators.map((s) => [s.start, s.end])).toEqual([
      [180, 187],
      [367, 374],
    ]);
  });

  it('trims a pale photo backdrop off the seam when the margins at both ends ramp', () => {
    // Two photos side by side on a canvas shading 235→245 down the picture (14 px margins, an
    // 8 px seam); the left photo ends in 100 columns of a flat 234 backdrop, which joins the seam
    // in one run of 108 columns: its middle, the cut, lay in the photo (seed 4204 gradient-02).
    const r = createRaster(820, 300);
    shade(r, 'columns', 0, 820, 235, 245);
    gradientPanel(r, { x: 14, y: 14, width: 300, height: 272 }, 1, 20, 3);
    fill(r, { x: 314, y: 14, width: 100, height: 272 }, [234, 234, 234]);
    gradientPanel(r, { x: 422, y: 14, width: 384, height: 272 }, 2, 20, 5);
    const plan = planSplit(r);
    // Refused or cut inside the seam (414–422): never through the left photo.
    if (plan.ok) {
      expect(plan.parts).toHaveLength(2);
      expect(plan.parts[1]!.x).toBeGreaterThanOrEqual(414);
      expect(plan.parts[1]!.x).toBeLessThanOrEqual(422);
    }
  });
});

describe('gradient seams beside a pale photo backdrop', () => {
  /** A product shot: a backdrop of `grey` with a dark object from `top` to `bottom` (picture rows), 80 px wide: 75 % of a row is backdrop. */
  function shot(r: Raster, y0: number, y1: number, grey: number, top: number, bottom: number, seed: number): void {
    fill(r, { x: 0, y: y0, width: r.width, height: y1 - y0 }, [grey, grey, grey]);
    gradientPanel(r, { x: 120, y: top, width: 80, height: bottom - top }, seed, 10, seed);
  }

  it('keeps a lossless seam merged with flat backdrop rows when both sides have that backdrop', () => {
    // Seam rows 300–308 shading 227→248 along x, then 6 flat rows of the lower shot's 241
    // backdrop: one run of one colour, backdrop on both sides (seed 4210 gradient-07).
    // Each shot is a full photo but for its 40 rows nearest the seam: no page on a background.
    const r = createRaster(320, 930);
    shot(r, 0, 300, 229, 20, 300, 1);
    gradientPanel(r, { x: 0, y: 0, width: 320, height: 260 }, 4, 10, 4);
    shade(r, 'rows', 300, 308, 227, 248);
    shot(r, 308, 616, 241, 314, 600, 2);
    gradientPanel(r, { x: 0, y: 354, width: 320, height: 262 }, 5, 10, 5);
    shade(r, 'rows', 616, 624, 227, 248);
    shot(r, 624, 930, 200, 624, 910, 3);
    const plan = planSplit(r);
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts.map((p) => p.y)).toHaveLength(3);
    expect(plan.parts[1]!.y).toBeGreaterThanOrEqual(300);
    expect(plan.parts[1]!.y).toBeLessThan(308);
  });

  it('keeps a lossless seam of one tight colour beside a photo whose backdrop shows beyond it', () => {
    // A dark photo edge (rows 295–300 at 33), seam rows 300–306 shading 231→248, then a shot on
    // a 241 backdrop (70 % of each row): the backdrop beyond made the seam read as its padding
    // (seed 4200 gradient-04).
    const r = createRaster(320, 930);
    gradientPanel(r, { x: 0, y: 0, width: 320, height: 295 }, 1, 10, 1);
    fill(r, { x: 0, y: 295, width: 320, height: 5 }, [33, 33, 33]);
    shade(r, 'rows', 300, 306, 231, 248);
    shot(r, 306, 616, 241, 306, 600, 2);
    shade(r, 'rows', 616, 622, 231, 248);
    gradientPanel(r, { x: 0, y: 622, width: 320, height: 308 }, 3, 10, 3);
    const plan = planSplit(r);
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts).toHaveLength(3);
    expect(plan.parts[1]!.y).toBeGreaterThanOrEqual(300);
    expect(plan.parts[1]!.y).toBeLessThan(306);
  });

  it("does not cut a photo at its own backdrop shading along its rows, which no two rows repeat exactly", () => {
    // One product shot between two photos: across its middle, 10 rows of backdrop shading 242→232
    // (±1 noise, as a camera leaves it) above 30 flat rows of 238, the object above and below
    // (seed 4201 heavy-05, JPEG q31: columns 397–431, cut at x 420).
    const r = createRaster(320, 1000);
    gradientPanel(r, { x: 0, y: 0, width: 320, height: 300 }, 1, 10, 1);
    shade(r, 'rows', 300, 306, 231, 248);
    shot(r, 306, 700, 238, 306, 700, 2);
    gradientPanel(r, { x: 0, y: 306, width: 320, height: 60 }, 4, 10, 4);
    gradientPanel(r, { x: 0, y: 640, width: 320, height: 60 }, 5, 10, 5);
    const rand = random(9);
    for (let y = 460; y < 500; y++) {
      for (let x = 0; x < 320; x++) {
        const v = (y < 470 ? 242 - Math.round((x * 10) / 319) : 238) + Math.round(rand() * 2 - 1);
        setPixel(r, x, y, [v, v, v]);
      }
    }
    shade(r, 'rows', 700, 706, 231, 248);
    gradientPanel(r, { x: 0, y: 706, width: 320, height: 294 }, 3, 10, 3);
    const plan = planSplit(r);
    const cuts = plan.ok ? plan.parts.slice(1).map((p) => p.y) : [];
    expect(cuts.filter((y) => y > 306 && y < 700)).toEqual([]);
  });
});

describe('a white drawing with a drop shadow beside a white seam', () => {
  it('cuts in the seam, not in the middle of the white the drawing and the seam share', () => {
    // Three panels on white, 24 px seams; the middle one a white drawing (strokes on its left
    // third) whose drop shadow, 4 columns shading 166→220, parts its white from the seam's
    // (independent seed 4203 mix-05: cut at x 698, inside the drawing).
    const r = createRaster(1200, 320);
    fill(r, { x: 0, y: 0, width: 1200, height: 320 }, [255, 255, 255]);
    gradientPanel(r, { x: 0, y: 0, width: 388, height: 320 }, 1, 10, 1);
    for (let y = 0; y < 320; y++) {
      // Two crossing strokes: every column of the drawing's left third holds ink.
      const x = 420 + Math.round((y * 180) / 319);
      fill(r, { x, y, width: 3, height: 1 }, [30, 30, 30]);
      fill(r, { x: 1020 - x, y, width: 3, height: 1 }, [30, 30, 30]);
    }
    // Blurred, the shadow lightens towards the picture's top and bottom: its columns are content.
    [166, 180, 196, 210].forEach((v, k) => {
      fill(r, { x: 794 + k, y: 8, width: 1, height: 304 }, [v, v, v]);
      for (let e = 0; e < 8; e++) {
        const w = Math.round(v + ((255 - v) * (8 - e)) / 9);
        fill(r, { x: 794 + k, y: e, width: 1, height: 1 }, [w, w, w]);
        fill(r, { x: 794 + k, y: 319 - e, width: 1, height: 1 }, [w, w, w]);
      }
    });
    gradientPanel(r, { x: 822, y: 0, width: 378, height: 320 }, 2, 10, 2);
    const plan = planSplit(r);
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts).toHaveLength(3);
    // The drawing (412–794) whole: both cuts in seams.
    expect(plan.parts[1]!.x).toBeGreaterThanOrEqual(388);
    expect(plan.parts[1]!.x).toBeLessThanOrEqual(412);
    expect(plan.parts[2]!.x).toBeGreaterThanOrEqual(798);
    expect(plan.parts[2]!.x).toBeLessThanOrEqual(822);
  });

  it('keeps a caption with its photo: a line of text between two seam runs is no shadow', () => {
    // A 24 px dark seam, a caption of 5 rows of light text, 4 dark rows, the photo (independent
    // seed 4210 caption-02, JPEG q33): taken for a shadow, the gap under the caption became the cut.
    const r = createRaster(600, 760);
    fill(r, { x: 0, y: 0, width: 600, height: 760 }, [30, 30, 30]);
    gradientPanel(r, { x: 0, y: 0, width: 600, height: 350 }, 1, 10, 1);
    const rand = random(3);
    for (let x = 10; x < 300; x++) if (rand() < 0.5) fill(r, { x, y: 374, width: 1, height: 5 }, [220, 220, 220]);
    gradientPanel(r, { x: 0, y: 384, width: 600, height: 376 }, 2, 10, 2);
    const plan = planSplit(r);
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts).toHaveLength(2);
    expect(plan.parts[1]!.y).toBeGreaterThanOrEqual(350);
    expect(plan.parts[1]!.y).toBeLessThanOrEqual(374);
  });
});

describe('a drawn gradient seam between pale photos', () => {
  /** Two pale product shots (texture 190–250 on flat 234 and 238 backdrops) and a 5 px seam shading 235→245 down the picture; `noise`: ±1 per seam pixel. */
  function palePair(noise: boolean): Raster {
    const r = createRaster(800, 400);
    const rand = random(7);
    fill(r, { x: 0, y: 0, width: 395, height: 400 }, [234, 234, 234]);
    fill(r, { x: 400, y: 0, width: 400, height: 400 }, [238, 238, 238]);
    for (let y = 10; y < 390; y++) for (let x = 20; x < 380; x++) { const v = 190 + Math.floor(rand() * 60); setPixel(r, x, y, [v, v - 5, v - 10]); }
    for (let y = 10; y < 390; y++) for (let x = 415; x < 780; x++) { const v = 190 + Math.floor(rand() * 60); setPixel(r, x, y, [v - 10, v - 5, v]); }
    for (let y = 0; y < 400; y++) {
      const v = 235 + Math.round((y * 10) / 399);
      for (let x = 395; x < 400; x++) {
        const n = noise ? Math.round(rand() * 2 - 1) : 0;
        setPixel(r, x, y, [v + n, v + n, v + n]);
      }
    }
    return r;
  }

  it('is trusted as a seam when its lines repeat pixel for pixel, and the cut is in it', () => {
    // Pale photos on both sides: the trust rule dropped the seam and refused (independent seeds
    // 4211 gradient-01, 4208 gradient-05, PNG); its run holds 15 backdrop columns each side.
    const plan = planSplit(palePair(false));
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts).toHaveLength(2);
    expect(plan.parts[1]!.x).toBeGreaterThanOrEqual(395);
    expect(plan.parts[1]!.x).toBeLessThanOrEqual(400);
  });

  it('is no evidence for the trust rule when its lines differ; the ramp alone then finds it (lone-ramp-seams.ts)', () => {
    // Lines that differ are what a photo's backdrop shading shows, so the trust rule passes over
    // them; the one run of lines shading evenly, bounded by flat backdrops and halving the picture,
    // is still the seam.
    const plan = planSplit(palePair(true));
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.reason).toContain('found by that ramp alone');
    expect(plan.parts).toHaveLength(2);
    expect(plan.parts[1]!.x).toBeGreaterThanOrEqual(395);
    expect(plan.parts[1]!.x).toBeLessThanOrEqual(400);
  });
});


describe('panels with drop shadows on a plain canvas', () => {
  it('cuts through the middle of the gap between the panels, and ends the last panel where it ends, not where its shadow does', () => {
    // Independent seed 6305 mix-04 (PNG): a 240 canvas, panels with a shadow offset 4 px and
    // blurred 3 px to their right, reading 134, 136, 142, 163, 212, 232, 238 across; the cut went
    // through the middle of the seam's plain columns (2 px off the gap's middle) and the last part
    // kept its shadow.
    const r = createRaster(800, 300);
    fill(r, { x: 0, y: 0, width: 800, height: 300 }, [240, 240, 240]);
    gradientPanel(r, { x: 11, y: 11, width: 380, height: 278 }, 1, 20, 1);
    gradientPanel(r, { x: 400, y: 11, width: 389, height: 278 }, 2, 20, 2);
    for (const end of [391, 789]) [134, 136, 142, 163, 212, 232, 238].forEach((v, k) => fill(r, { x: end + k, y: 15, width: 1, height: 278 }, [v, v, v]));
    const plan = planSplit(r, { axis: 'horizontal' });
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts.map((p) => [p.x, p.x + p.width])).toEqual([[11, 395], [395, 789]]);
  });

  it('does not take the flat dark border of a panel for a shadow', () => {
    // The same layout, the second panel with a 6 px flat black border on its left: flat, but no
    // lightening towards the seam, so the gap stays the seam's plain columns.
    const r = createRaster(800, 300);
    fill(r, { x: 0, y: 0, width: 800, height: 300 }, [240, 240, 240]);
    gradientPanel(r, { x: 11, y: 11, width: 380, height: 278 }, 1, 20, 1);
    gradientPanel(r, { x: 400, y: 11, width: 389, height: 278 }, 2, 20, 2);
    fill(r, { x: 400, y: 11, width: 6, height: 278 }, [10, 10, 10]);
    const plan = planSplit(r, { axis: 'horizontal' });
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts.map((p) => [p.x, p.x + p.width])).toEqual([[11, 395], [395, 789]]);
  });
});
