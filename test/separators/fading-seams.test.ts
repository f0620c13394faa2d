/**
 * Fading seams (fading-seams.ts): a plain band that fades into the picture beside it is that
 * picture's sky or edge — never a seam, never part of one.
 */
import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { fill, gradientPanel, random, setPixel, type Rgb } from './build.js';

/** Rows [y0, y1) of plain sky, each row one colour, shading from `top` to `bottom`. */
function plainSky(r: Raster, y0: number, y1: number, top: Rgb, bottom: Rgb): void {
  for (let y = y0; y < y1; y++) {
    const t = (y - y0) / Math.max(1, y1 - y0 - 1);
    const at = (k: number): number => Math.round(top[k]! + (bottom[k]! - top[k]!) * t);
    const c: Rgb = [at(0), at(1), at(2)];
    fill(r, { x: 0, y, width: r.width, height: 1 }, c);
  }
}

/** Rows [y0, y1) of sky of colour `c` with sparse small clouds or birds (a few percent of its pixels). */
function specks(r: Raster, y0: number, y1: number, c: Rgb, speck: Rgb, share: number, seed: number): void {
  const rand = random(seed);
  for (let y = y0; y < y1; y++) for (let x = 0; x < r.width; x++) setPixel(r, x, y, rand() < share ? speck : c);
}

describe('fading seams', () => {
  it('a photo under a plain sky is not split through its sky', () => {
    // Sky shading 2–3 levels every few rows from zenith to horizon, clouds across its upper part,
    // a landscape below: the plain sky between the clouds and the horizon fades into both.
    const r = createRaster(400, 320);
    plainSky(r, 0, 60, [134, 174, 225], [150, 184, 226]);
    specks(r, 60, 100, [165, 192, 230], [245, 245, 248], 0.6, 7);
    plainSky(r, 100, 180, [172, 198, 231], [203, 217, 240]);
    specks(r, 180, 190, [203, 217, 240], [60, 80, 50], 0.04, 8);
    gradientPanel(r, { x: 0, y: 190, width: 400, height: 130 }, 3, 40, 9);
    const plan = planSplit(r);
    expect(plan.ok, JSON.stringify(plan)).toBe(false);
  });

  it("a seam whose run holds a panel's light sky is cut through the seam, not through the sky", () => {
    // Top photo, a 9 px seam shading 230→250 along its length, then a photo whose top is a flat
    // sky (209,229,250) for 24 rows before its content, which is mostly that sky with birds in it.
    const r = createRaster(300, 420);
    gradientPanel(r, { x: 0, y: 0, width: 300, height: 200 }, 1, 30, 3);
    for (let x = 0; x < 300; x++) {
      const v = 230 + Math.round((x * 20) / 299);
      for (let y = 200; y < 209; y++) setPixel(r, x, y, [v, v, v]);
    }
    fill(r, { x: 0, y: 209, width: 300, height: 24 }, [209, 229, 250]);
    specks(r, 233, 260, [209, 229, 250], [40, 40, 40], 0.05, 4);
    gradientPanel(r, { x: 0, y: 260, width: 300, height: 160 }, 2, 30, 5);
    const plan = planSplit(r);
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts).toHaveLength(2);
    const cut = plan.parts[1]!.y;
    // The cut lies inside the seam (rows 200–208), so the lower panel starting at 209 is whole.
    expect(cut).toBeGreaterThanOrEqual(200);
    expect(cut).toBeLessThanOrEqual(209);
  });

  it('a photo whose plain sky under its clouds drifts into the voted colour is not split there', () => {
    // Project seed 6351 none-03 (q85): a plain sky at the top, clouds, 117 more rows of plain sky
    // drifting (149,192,226) → (183,213,230), the landscape. Kept alone, the sky piece nearest the
    // voted colour was cut as a seam; the sky's pieces meet smoothly, a seam and a backdrop in a step.
    const r = createRaster(678, 614);
    plainSky(r, 0, 70, [114, 170, 219], [133, 180, 222]);
    plainSky(r, 70, 130, [135, 182, 222], [150, 191, 225]);
    for (const [cx, cy, rad] of [[268, 100, 24], [405, 93, 15], [514, 102, 14], [557, 93, 14]] as const) {
      for (let y = cy - rad; y <= cy + rad; y++) for (let x = cx - rad; x <= cx + rad; x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= rad * rad) setPixel(r, x, y, [244, 244, 248]);
    }
    plainSky(r, 130, 247, [149, 192, 226], [183, 213, 230]);
    gradientPanel(r, { x: 0, y: 247, width: 678, height: 367 }, 3, 40, 9);
    const plan = planSplit(r);
    expect(plan.ok, JSON.stringify(plan)).toBe(false);
  });

  it('a flat band inside one photo does not outvote the real seam for the collage colour', () => {
    // A dark olive photo with a flat band a little lighter than itself, a grey (240) seam, a photo.
    const r = createRaster(200, 400);
    const rand = random(11);
    for (let y = 0; y < 184; y++) {
      for (let x = 0; x < 200; x++) {
        const band = y >= 140 && y < 148;
        const base = band ? 112 : y < 140 ? 60 : 104 - Math.floor((y - 148) / 8);
        const n = band ? 0 : Math.round((rand() * 2 - 1) * (y < 140 ? 50 : 10));
        setPixel(r, x, y, [Math.max(0, Math.min(255, base + n)), Math.max(0, Math.min(255, base + 4 + n)), 6]);
      }
    }
    // Dark texture above the band; below it the photo continues the band's colour, shading away,
    // with sparse dark specks that keep its rows content.
    for (let y = 148; y < 184; y++) for (let x = 0; x < 200; x += 50) setPixel(r, x, y, [10, 10, 10]);
    fill(r, { x: 0, y: 184, width: 200, height: 12 }, [240, 240, 240]);
    gradientPanel(r, { x: 0, y: 196, width: 200, height: 204 }, 4, 40, 12);
    const plan = planSplit(r);
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts.map((p) => p.y)).toEqual([0, 190]);
  });
});

describe('shaded twins (fading-seams.ts shadedTwins)', () => {
  /** Rows [y0, y1) of a seam shading 230→250 along its length. */
  const gradientSeam = (r: Raster, y0: number, y1: number): void => {
    for (let x = 0; x < r.width; x++) {
      const v = 230 + Math.round((x * 20) / (r.width - 1));
      for (let y = y0; y < y1; y++) setPixel(r, x, y, [v, v, v]);
    }
  };

  it('keeps a gradient seam beside a white page when another seam of the axis shades alike', () => {
    // Photo, 10 px gradient seam, photo, the same seam, then a page of ~250 white with sparse ink
    // from its first row: the page is within FADE_DISTANCE of the seam's mean and deviates from
    // it by ~10 (the seam shades, the page does not), so the second seam "fades" into it; the
    // first seam, between photos, stands and shades exactly as the second does.
    const r = createRaster(260, 560);
    gradientPanel(r, { x: 0, y: 0, width: 260, height: 180 }, 1, 30, 3);
    gradientSeam(r, 180, 190);
    gradientPanel(r, { x: 0, y: 190, width: 260, height: 180 }, 2, 30, 4);
    gradientSeam(r, 370, 380);
    specks(r, 380, 560, [250, 250, 250], [40, 40, 40], 0.03, 6);
    const plan = planSplit(r, { axis: 'vertical' });
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts.map((p) => p.y)).toEqual([0, 185, 375]);
  });

  it("keeps the seam piece of a faded band that holds a photo's white top too", () => {
    // Independent seed 1107 gradient-03: 12 px gradient seams; one is followed by 5 rows of a
    // photo's white top (255) and a pale photo (55 % 250, 40 % 220, 5 % 190): the band (17 rows,
    // mean 244) fades into the photo, the white piece alone does not (too few of its pixels near
    // 255 to be trimmed as the photo's edge), and the band is 5 rows wider than its twin — but its
    // seam piece is the twin's very width and shading.
    const r = createRaster(260, 560);
    gradientPanel(r, { x: 0, y: 0, width: 260, height: 180 }, 1, 30, 3);
    gradientSeam(r, 180, 192);
    gradientPanel(r, { x: 0, y: 192, width: 260, height: 180 }, 2, 30, 4);
    gradientSeam(r, 372, 384);
    fill(r, { x: 0, y: 384, width: 260, height: 5 }, [255, 255, 255]);
    const rand = random(12);
    for (let y = 389; y < 560; y++) {
      for (let x = 0; x < 260; x++) {
        const u = rand();
        const v = u < 0.55 ? 250 : u < 0.95 ? 220 : 190;
        setPixel(r, x, y, [v, v, v]);
      }
    }
    const plan = planSplit(r, { axis: 'vertical' });
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts.map((p) => p.y)).toEqual([0, 186, 378]);
  });

  it('does not keep such a band when the seam that stands is plain', () => {
    // The same picture with a plain first seam of the gradient's mean (240): 9 from either end of
    // the shaded band, within TWIN_COLOUR, but it does not shade (SHADE_MIN), so it vouches for
    // nothing — a plain seam is what a page's own white gap beside it would look like too.
    const r = createRaster(260, 560);
    gradientPanel(r, { x: 0, y: 0, width: 260, height: 180 }, 1, 30, 3);
    fill(r, { x: 0, y: 180, width: 260, height: 10 }, [240, 240, 240]);
    gradientPanel(r, { x: 0, y: 190, width: 260, height: 180 }, 2, 30, 4);
    gradientSeam(r, 370, 380);
    specks(r, 380, 560, [250, 250, 250], [40, 40, 40], 0.03, 6);
    const plan = planSplit(r, { axis: 'vertical' });
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts.map((p) => p.y)).toEqual([0, 185]);
  });
});
