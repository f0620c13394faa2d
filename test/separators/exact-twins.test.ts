/**
 * A seam found by its twins (exact-twins.ts): in a lossless collage, a white seam between two photos
 * whose edges are pale merges with them into one wide plain run, which the padding rule refuses;
 * the run still holds a stretch of exact white as wide as the seams that stand.
 */
import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../src/imaging/raster.js';
import { exactTwin, planSplit } from '../../src/imaging/separators/index.js';
import { fill, gradientPanel, random } from './build.js';

const PANEL = { width: 220, height: 200 };
const SEAM = 14;

/** Four photos in a row on white; the second's right edge (`pale` columns) and the third's left edge (`paleAfter`) are near-white noise: plain, never exact. */
function row(pale: number, paleAfter = pale): Raster {
  const width = 4 * PANEL.width + 3 * SEAM;
  const r = createRaster(width, PANEL.height);
  fill(r, { x: 0, y: 0, width, height: PANEL.height }, [255, 255, 255]);
  const rand = random(5);
  for (let i = 0; i < 4; i++) {
    const x = i * (PANEL.width + SEAM);
    gradientPanel(r, { x, y: 0, width: PANEL.width, height: PANEL.height }, i, 25, 11 + i);
    const band = i === 1 ? { x: x + PANEL.width - pale, width: pale } : i === 2 ? { x, width: paleAfter } : null;
    if (band === null || band.width === 0) continue;
    for (let y = 0; y < PANEL.height; y++) {
      for (let dx = 0; dx < band.width; dx++) {
        const v = 240 + Math.floor(rand() * 12);
        fill(r, { x: band.x + dx, y, width: 1, height: 1 }, [v, v, v]);
      }
    }
  }
  return r;
}

describe('a seam found by its exact twins', () => {
  it('splits at the exact stretch inside a run merged with pale photo edges', () => {
    const plan = planSplit(row(48, 12));
    expect(plan.ok && plan.axis).toBe('horizontal');
    if (!plan.ok) return;
    expect(plan.parts.map((p) => p.x)).toEqual([0, PANEL.width + SEAM / 2, 2 * PANEL.width + SEAM + SEAM / 2, 3 * PANEL.width + 2 * SEAM + SEAM / 2]);
  });

  it('finds nothing when no standing seam is exact, or the stretch is as wide as the run', () => {
    const stats = { min: new Uint8Array(3 * 6), max: new Uint8Array(3 * 6) } as unknown as Parameters<typeof exactTwin>[0];
    // lines 0–5: 0 noisy, 1–2 exact white, 3 noisy, 4–5 exact white
    for (let i = 0; i < 6; i++) for (let c = 0; c < 3; c++) { stats.min[i * 3 + c] = i === 0 || i === 3 ? 200 : 255; stats.max[i * 3 + c] = 255; }
    expect(exactTwin(stats, { start: 0, end: 4 }, [{ start: 4, end: 6 }])).toEqual({ start: 1, end: 3 });
    expect(exactTwin(stats, { start: 1, end: 3 }, [{ start: 4, end: 6 }])).toBeNull();
    expect(exactTwin(stats, { start: 0, end: 4 }, [{ start: 3, end: 5 }])).toBeNull();
  });
});

/** Three photos on a (30,30,30) canvas with 11 px seams; the third photo's left 40 columns are dark noise around the seam's colour (`specks`: with a bright pixel every 15 rows, so no column of it is plain). */
function darkEdge(specks: boolean): { raster: Raster; third: number } {
  const [w, h, seam] = [200, 180, 11];
  const r = createRaster(3 * w + 2 * seam, h);
  fill(r, { x: 0, y: 0, width: r.width, height: h }, [30, 30, 30]);
  const rand = random(9);
  for (let i = 0; i < 3; i++) gradientPanel(r, { x: i * (w + seam), y: 0, width: w, height: h }, i, 20, 21 + i);
  const third = 2 * (w + seam);
  for (let y = 0; y < h; y++) {
    for (let x = third; x < third + 40; x++) {
      const v = specks && y % 15 === (x * 7) % 15 ? 150 : 18 + Math.floor(rand() * 24);
      fill(r, { x, y, width: 1, height: 1 }, [v, v, v]);
    }
  }
  return { raster: r, third };
}

describe('a drawn seam beside a dark photo edge', () => {
  const cuts = [0, 205, 416];

  it('narrows a seam run that took in the dark edge to its exact stretch', () => {
    // The edge's columns ring (18–41, no speck): one run of seam and edge, 411–462, cut at 436.
    const plan = planSplit(darkEdge(false).raster);
    expect(plan.ok && plan.parts.map((p) => p.x)).toEqual(cuts);
  });

  it('keeps a seam that fades into the dark edge when an exact seam of its width and colour stands', () => {
    // The edge's columns are content (specks), mostly within 28 of the seam's colour: the seam
    // fades into them (fading-seams.ts) and was dropped, 2 parts.
    const plan = planSplit(darkEdge(true).raster);
    expect(plan.ok && plan.parts.map((p) => p.x)).toEqual(cuts);
  });
});
