/**
 * Gradient seams (a seam shading 230→250 along its length, `ringing` on every line): beside a
 * dark photo's flat edge (`runs.ts`, BAND_JUMP) and beside a few rows of a photo's light sky
 * (`seams.ts`, a narrow run all of the collage colour). Synthetic rasters, no codec: each case is
 * the line pattern measured on the lossy batches, drawn exactly.
 */
import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { fill, gradientPanel, random, setPixel, type Rgb } from './build.js';

/** Rows [y0, y1) of a seam shading 230→250 across the picture, as the generator draws it. */
function gradientSeam(r: Raster, y0: number, y1: number): void {
  for (let x = 0; x < r.width; x++) {
    const v = 230 + Math.round((x * 20) / (r.width - 1));
    for (let y = y0; y < y1; y++) setPixel(r, x, y, [v, v, v]);
  }
}

/** Rows [y0, y1) of one colour with ±`noise` per pixel (a flat photo edge as JPEG leaves it). */
function flatRows(r: Raster, y0: number, y1: number, c: Rgb, noise: number, seed: number): void {
  const rand = random(seed);
  for (let y = y0; y < y1; y++) {
    for (let x = 0; x < r.width; x++) {
      const n = Math.round((rand() * 2 - 1) * noise);
      setPixel(r, x, y, [c[0] + n, c[1] + n, c[2] + n]);
    }
  }
}

function cutsOf(r: Raster): number[] {
  const plan = planSplit(r, { axis: 'vertical' });
  expect(plan.ok, JSON.stringify(plan)).toBe(true);
  return plan.ok && plan.method === 'detected' ? plan.parts.slice(1).map((p) => p.y) : [];
}

describe('gradient seams', () => {
  it("is found where a JPEG blend line lies between it and the photo, beside a white drawing's pale rows", () => {
    // Independent seed 6308 gradient-02 (q82): a white drawing's rows with faint strokes (ringing),
    // an 8 px seam shading 227→247, one blend row that rings without shading, a photo. The run of
    // the drawing's rows, the seam and the blend was read from the blend row, which stopped the
    // reading: the seam's shaded rows stayed ringing inside one wide run, and no seam was found.
    const r = createRaster(320, 330);
    fill(r, { x: 0, y: 0, width: 320, height: 160 }, [255, 255, 255]);
    for (let y = 10; y < 100; y++) for (let x = 40 + (y % 50); x < 44 + (y % 50); x++) setPixel(r, x, y, [30, 30, 30]);
    const rand = random(5);
    for (let y = 100; y < 160; y++) for (let k = 0; k < 3; k++) setPixel(r, Math.floor(rand() * 320), y, [215, 215, 215]);
    for (let x = 0; x < 320; x++) {
      const v = 227 + Math.round((x * 20) / 319);
      for (let y = 160; y < 168; y++) setPixel(r, x, y, [v, v, v]);
      const b = v - (x % 20 === 0 ? 28 : 0);
      setPixel(r, x, 168, [b, b, b]);
    }
    gradientPanel(r, { x: 0, y: 169, width: 320, height: 161 }, 2, 30, 7);
    const cuts = cutsOf(r);
    expect(cuts).toHaveLength(1);
    expect(cuts[0]).toBeGreaterThanOrEqual(160);
    expect(cuts[0]).toBeLessThanOrEqual(169);
  });

  it("is found beside a dark photo's flat edge that makes its run wider than a ringing seam may be", () => {
    // Three stacked photos; the first ends in 4 rows of flat near-black (32 ± 3), directly above a
    // 10 px gradient seam: one run of 14 non-content rows whose only plain rows are the dark ones.
    const r = createRaster(220, 540);
    gradientPanel(r, { x: 0, y: 0, width: 220, height: 166 }, 1, 30, 3);
    flatRows(r, 166, 170, [32, 32, 32], 3, 5);
    gradientSeam(r, 170, 180);
    gradientPanel(r, { x: 0, y: 180, width: 220, height: 170 }, 2, 30, 6);
    gradientSeam(r, 350, 360);
    gradientPanel(r, { x: 0, y: 360, width: 220, height: 180 }, 3, 30, 7);
    const cuts = cutsOf(r);
    expect(cuts).toHaveLength(2);
    // Each cut inside its seam: the dark edge stays with the photo above.
    expect(cuts[0]).toBeGreaterThanOrEqual(170);
    expect(cuts[0]).toBeLessThan(180);
    expect(cuts[1]).toBeGreaterThanOrEqual(350);
    expect(cuts[1]).toBeLessThan(360);
  });

  it("is found when a few rows of a photo's light sky beside it fall within the collage colour", () => {
    // A photo, a 4 px gradient seam (mean 240), 5 rows of flat sky (210,229,250) — 30 below the
    // seam's red, inside COLLAGE_COLOUR_TOLERANCE — and that photo's sky going on with birds in
    // it above its landscape; then a plain gradient seam and a third photo.
    const r = createRaster(230, 520);
    gradientPanel(r, { x: 0, y: 0, width: 230, height: 180 }, 1, 30, 3);
    // The seam's rows blend towards the sky below as JPEG leaves them (red 243 → 233), the sky's
    // first rows from 215 to 209 (measured on s707-gradient-05): 34 from the seam's first row, so
    // the run is two pieces, both within COLLAGE_COLOUR_TOLERANCE of the collage colour.
    gradientSeam(r, 180, 184);
    [3, 0, -3, -7].forEach((d, k) => {
      for (let x = 0; x < 230; x++) r.data[((180 + k) * 230 + x) * 4] += d;
    });
    const skyRows: Rgb[] = [[215, 229, 242], [211, 229, 246], [210, 230, 249], [209, 230, 251], [209, 230, 252]];
    skyRows.forEach((c, k) => fill(r, { x: 0, y: 184 + k, width: 230, height: 1 }, c));
    const rand = random(9);
    for (let y = 189; y < 215; y++) for (let x = 0; x < 230; x++) setPixel(r, x, y, rand() < 0.06 ? [40, 40, 40] : [209, 230, 252]);
    gradientPanel(r, { x: 0, y: 215, width: 230, height: 120 }, 2, 30, 4);
    gradientSeam(r, 335, 343);
    gradientPanel(r, { x: 0, y: 343, width: 230, height: 177 }, 3, 30, 5);
    const cuts = cutsOf(r);
    expect(cuts).toHaveLength(2);
    // The first cut inside the seam or at its edge: the sky rows (from 184) stay with their photo.
    expect(cuts[0]).toBeGreaterThanOrEqual(180);
    expect(cuts[0]).toBeLessThanOrEqual(184);
    expect(cuts[1]).toBeGreaterThanOrEqual(335);
    expect(cuts[1]).toBeLessThan(343);
  });

  it('is found when the seam is wider than a ringing run may be, and its margins shade too', () => {
    // The red team's drawing: the whole canvas shades 233→252 across the picture (spread 19 on
    // every seam and margin row: never plain), 14 px seams and 18 px margins.
    const r = createRaster(300, 18 + 150 + 14 + 150 + 14 + 150 + 18);
    for (let x = 0; x < r.width; x++) {
      const v = 233 + Math.round((x * 19) / (r.width - 1));
      for (let y = 0; y < r.height; y++) setPixel(r, x, y, [v, v, v]);
    }
    gradientPanel(r, { x: 18, y: 18, width: 264, height: 150 }, 1, 30, 3);
    gradientPanel(r, { x: 18, y: 182, width: 264, height: 150 }, 2, 30, 4);
    gradientPanel(r, { x: 18, y: 346, width: 264, height: 150 }, 3, 30, 5);
    const plan = planSplit(r);
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.axis).toBe('vertical');
    expect(plan.parts.map((p) => [p.y, p.y + p.height])).toEqual([[18, 175], [175, 339], [339, 496]]);
  });

  it('leaves a band of noisy flat rows as wide as such a seam unsplit: its spread is not a shading', () => {
    // Same layout, but the band between the photos is flat 242 with ±10 noise (spread 20, σ ≈ 6:
    // ringing, and 20 within every stretch of the row), no margins: one picture, not three.
    const r = createRaster(300, 150 + 14 + 150 + 14 + 150);
    gradientPanel(r, { x: 0, y: 0, width: 300, height: 150 }, 1, 30, 3);
    flatRows(r, 150, 164, [242, 242, 242], 10, 7);
    gradientPanel(r, { x: 0, y: 164, width: 300, height: 150 }, 2, 30, 4);
    flatRows(r, 314, 328, [242, 242, 242], 10, 8);
    gradientPanel(r, { x: 0, y: 328, width: 300, height: 150 }, 3, 30, 5);
    expect(planSplit(r).ok).toBe(false);
  });
});

describe('shaded lines must be pale (classify.ts SHADED_MIN_MEAN)', () => {
  it("leaves a dark photo's smooth sky unsplit though it shades as slowly as a gradient seam", () => {
    // One photo with a 20-row band of teal sky (3,73,60) whose green shades 63→83 along each row,
    // ±2 noise: spread ~24, σ ~6 (ringing), within PLAIN_SPREAD in every stretch (it shades), in a
    // run wider than NARROW_RINGING_RUN. Seed 467 heavy-01's tree photo was cut through such a sky.
    const r = createRaster(320, 400);
    gradientPanel(r, { x: 0, y: 0, width: 320, height: 190 }, 1, 30, 3);
    const rand = random(13);
    for (let y = 190; y < 210; y++) {
      for (let x = 0; x < 320; x++) {
        const n = Math.round((rand() * 2 - 1) * 2);
        setPixel(r, x, y, [3 + Math.max(0, n), 63 + Math.round((x * 20) / 319) + n, 60 + n]);
      }
    }
    gradientPanel(r, { x: 0, y: 210, width: 320, height: 190 }, 1, 30, 4);
    const plan = planSplit(r, { axis: 'vertical' });
    expect(plan.ok && plan.method === 'detected' ? plan.parts.length : 1, JSON.stringify(plan)).toBe(1);
  });
});

describe('a gradient seam at the edge of a wide pale band (classify.ts shadeLines, wide runs)', () => {
  it("is found beside a photo whose pale top, with the seam, is wider than SHADED_SEAM_MAX", () => {
    // Photo, 5 px gradient seam, photo, 5 px gradient seam, then a photo whose first 60 rows are
    // white 254 with ±12 noise (ringing, not shading: spread 24 in every stretch) above its
    // content — independent seed 1101 gradient-05 (png) lost that seam: seam and white top made
    // one run of 65 ringing rows, too wide to be read for shading.
    const r = createRaster(320, 700);
    gradientPanel(r, { x: 0, y: 0, width: 320, height: 220 }, 1, 30, 3);
    gradientSeam(r, 220, 225);
    gradientPanel(r, { x: 0, y: 225, width: 320, height: 220 }, 2, 30, 4);
    gradientSeam(r, 445, 450);
    const rand = random(21);
    for (let y = 450; y < 510; y++) for (let x = 0; x < 320; x++) setPixel(r, x, y, [254 - Math.round(rand() * 24), 254 - Math.round(rand() * 24), 254 - Math.round(rand() * 24)]);
    gradientPanel(r, { x: 0, y: 510, width: 320, height: 190 }, 3, 30, 5);
    const cuts = cutsOf(r);
    expect(cuts).toHaveLength(2);
    expect(cuts[0]).toBeGreaterThanOrEqual(220);
    expect(cuts[0]).toBeLessThanOrEqual(225);
    // The cut inside the seam: the white top stays with its photo.
    expect(cuts[1]).toBeGreaterThanOrEqual(445);
    expect(cuts[1]).toBeLessThanOrEqual(450);
  });
});

describe('a wide pale band that shades all through (classify.ts shadeLines, wide runs)', () => {
  it('leaves a photo with 60 rows of hazy sky shading along its rows unsplit', () => {
    // Rows shading 230→250 along x with ±3 noise, 60 of them between two parts of one photo: every
    // row shades like a gradient seam, but no row of the band stops shading within
    // SHADED_SEAM_MAX of its edge, so no seam lies at its edge: a sky, not a seam beside a page.
    const r = createRaster(320, 500);
    gradientPanel(r, { x: 0, y: 0, width: 320, height: 200 }, 1, 30, 3);
    const rand = random(23);
    for (let y = 200; y < 260; y++) {
      for (let x = 0; x < 320; x++) {
        const v = 230 + Math.round((x * 20) / 319) + Math.round((rand() * 2 - 1) * 3);
        setPixel(r, x, y, [v, v, v]);
      }
    }
    gradientPanel(r, { x: 0, y: 260, width: 320, height: 240 }, 2, 30, 4);
    const plan = planSplit(r, { axis: 'vertical' });
    expect(plan.ok && plan.method === 'detected' ? plan.parts.length : 1, JSON.stringify(plan)).toBe(1);
  });
});

describe('a gradient seam in one colour piece with a page-white padding (seams.ts seamBesidePadding)', () => {
  /** Rows [y0, y1) shading 232→245 along x: spread 13, plain, the mean 238 on every row. */
  const paleSeam = (r: Raster, y0: number, y1: number): void => {
    for (let x = 0; x < r.width; x++) {
      const v = 232 + Math.round((x * 13) / (r.width - 1));
      for (let y = y0; y < y1; y++) setPixel(r, x, y, [v, v, v]);
    }
  };
  /** Rows [y0, y1) of white with sparse dark ink (a page or a photo's white top, content rows). */
  const inked = (r: Raster, y0: number, y1: number, seed: number): void => {
    const rand = random(seed);
    for (let y = y0; y < y1; y++) for (let x = 0; x < r.width; x++) setPixel(r, x, y, rand() < 0.05 ? [40, 40, 40] : [252, 252, 252]);
  };

  it('is found between a dark photo and a photo whose top is 36 rows of plain white', () => {
    // Independent seed 1109 gradient-06: a photo ending in dark night (5 flat rows at 33 above the
    // seam), the seam (238) and the next photo's white top (255): 17 apart, one piece at
    // RUN_COLOUR_AGREEMENT, with white beyond it, so the run was dark padding | white padding and
    // the seam was lost with the white.
    const r = createRaster(320, 760);
    gradientPanel(r, { x: 0, y: 0, width: 320, height: 240 }, 1, 30, 3);
    paleSeam(r, 240, 244);
    gradientPanel(r, { x: 0, y: 244, width: 320, height: 215 }, 2, 30, 4);
    const rand = random(9);
    for (let y = 459; y < 479; y++) for (let x = 0; x < 320; x++) setPixel(r, x, y, rand() < 0.05 ? [200, 200, 120] : [36, 36, 36]);
    fill(r, { x: 0, y: 479, width: 320, height: 5 }, [33, 33, 33]);
    paleSeam(r, 484, 488);
    fill(r, { x: 0, y: 488, width: 320, height: 36 }, [255, 255, 255]);
    inked(r, 524, 560, 5);
    gradientPanel(r, { x: 0, y: 560, width: 320, height: 200 }, 3, 30, 6);
    const cuts = cutsOf(r);
    expect(cuts).toHaveLength(2);
    expect(cuts[0]).toBeGreaterThanOrEqual(240);
    expect(cuts[0]).toBeLessThanOrEqual(244);
    expect(cuts[1]).toBeGreaterThanOrEqual(484);
    expect(cuts[1]).toBeLessThanOrEqual(488);
  });

  it("is not found in the rows under a screenshot's title bar that step from its sidebar to its page", () => {
    // Independent-b none-03: a title bar (text, then 10 flat rows), then rows 241 over the sidebar
    // and 255 over the page — ends 14 apart like a shading seam, plain, and shading "slowly" within
    // every stretch, but in one step — then the page's text beside the sidebar.
    const r = createRaster(400, 420);
    const rand = random(7);
    for (let y = 0; y < 24; y++) for (let x = 0; x < 400; x++) setPixel(r, x, y, rand() < 0.08 ? [250, 250, 250] : [86, 78, 149]);
    fill(r, { x: 0, y: 24, width: 400, height: 10 }, [86, 78, 149]);
    for (let y = 34; y < 420; y++) for (let x = 0; x < 400; x++) setPixel(r, x, y, x < 100 ? [241, 241, 241] : y >= 51 && rand() < 0.05 ? [40, 40, 40] : y >= 42 ? [255, 255, 238] : [255, 255, 255]);
    gradientPanel(r, { x: 110, y: 64, width: 280, height: 340 }, 2, 30, 4);
    const plan = planSplit(r, { axis: 'vertical' });
    expect(plan.ok && plan.method === 'detected' ? plan.parts.length : 1, JSON.stringify(plan)).toBe(1);
  });
});

describe('a gradient seam between a white drawing and a pale photo', () => {
  it('is found as the twin of the seams that stand: it shades as they do, to the same width', () => {
    // Independent seed 6318 gradient-02 (PNG): 11 px seams shading 229→251 along x; one lies
    // between a white drawing's blank bottom rows and a photo's pale backdrop (~240), so both
    // sides have its colour for background: a gap inside one panel, refused, 4 parts of 5.
    const r = createRaster(320, 960);
    const seam = (y0: number): void => {
      for (let x = 0; x < 320; x++) {
        const v = 229 + Math.round((x * 22) / 319);
        for (let y = y0; y < y0 + 11; y++) setPixel(r, x, y, [v, v, v]);
      }
    };
    gradientPanel(r, { x: 0, y: 0, width: 320, height: 300 }, 1, 30, 1);
    seam(300);
    fill(r, { x: 0, y: 311, width: 320, height: 300 }, [255, 255, 255]);
    // Strokes down to the seam: every row of the drawing holds a little ink.
    for (let y = 320; y < 611; y++) for (let x = 60 + (y % 200); x < 63 + (y % 200); x++) setPixel(r, x, y, [40, 40, 40]);
    seam(611);
    const rand = random(9);
    for (let y = 622; y < 949; y++) for (let x = 0; x < 320; x++) { const n = Math.round((rand() * 2 - 1) * 3); setPixel(r, x, y, [240 + n, 240 + n, 240 + n]); }
    // The photo's subject from its first row, a third of its width: the rest is backdrop.
    gradientPanel(r, { x: 110, y: 622, width: 100, height: 327 }, 2, 30, 2);
    seam(949);
    const cuts = cutsOf(r);
    expect(cuts).toEqual([305, 616]);
  });
});
