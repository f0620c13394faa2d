/**
 * The pictures a new user meets first: the demo game's task pictures (src/demo/assets) and the
 * collage of the README (docs/images/collage.jpg). Boxes come from how they were drawn
 * (test/fake-encounter/make-demo-pictures.ts: three 200×150 flat panels, 10 px white seams).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/imaging/decode.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { DEMO_PICTURES_BASE64 } from '../../src/demo/assets/pictures.js';

async function rasterOf(bytes: Uint8Array) {
  return (await decode(bytes)).raster;
}

const demo = (name: string): Uint8Array => Uint8Array.from(atob(DEMO_PICTURES_BASE64[name]!), (c) => c.charCodeAt(0));

/** JPEG q80 blurs a flat panel's edge by a pixel or two; the cut stays inside the 10 px seam. */
const BLUR = 2;

describe('demo pictures', () => {
  it('every demo picture is covered here', () => {
    expect(Object.keys(DEMO_PICTURES_BASE64).sort()).toEqual(['collage.jpg', 'finish.gif', 'map.png']);
  });

  it('collage.jpg: three flat panels at x = 0, 210, 420, cut in the middle of each white seam', async () => {
    const plan = planSplit(await rasterOf(demo('collage.jpg')));
    expect(plan).toMatchObject({ ok: true, axis: 'horizontal', method: 'detected' });
    if (!plan.ok) return;
    expect(plan.parts).toHaveLength(3);
    const [a, b, c] = plan.parts;
    expect(a!.x).toBe(0);
    expect(a!.x + a!.width).toBe(b!.x);
    expect(Math.abs(b!.x - 205)).toBeLessThanOrEqual(BLUR);
    expect(Math.abs(c!.x - 415)).toBeLessThanOrEqual(BLUR);
    expect(c!.x + c!.width).toBe(620);
    // No part carries a neighbour's panel: every cut lies inside the seams 200–210 and 410–420.
    expect(b!.x).toBeGreaterThanOrEqual(200);
    expect(b!.x).toBeLessThanOrEqual(210);
    expect(c!.x).toBeGreaterThanOrEqual(410);
    expect(c!.x).toBeLessThanOrEqual(420);
    expect(plan.reason).toMatch(/^3 panels side by side/);
  });

  it('finish.gif (a framed card) is not cut', async () => {
    expect(planSplit(await rasterOf(demo('finish.gif'))).ok).toBe(false);
  });

  it('map.png reads as a 2×2 grid: its 14 px grey roads run the whole picture over one beige ground', async () => {
    // Indistinguishable by its pixels from four flat panels on a grey canvas; the cuts at least
    // follow the roads' middles (x = 160, y = 120), so no quarter loses a piece of another.
    const plan = planSplit(await rasterOf(demo('map.png')));
    expect(plan).toMatchObject({ ok: true, axis: 'grid' });
    if (plan.ok) expect(plan.parts.map((p) => [p.x, p.y])).toEqual([[0, 0], [160, 0], [0, 120], [160, 120]]);
  });
});

describe('README collage (docs/images/collage.jpg)', () => {
  it('splits into the three parts the README shows', async () => {
    const plan = planSplit(await rasterOf(new Uint8Array(readFileSync(new URL('../../docs/images/collage.jpg', import.meta.url)))));
    expect(plan).toMatchObject({ ok: true, axis: 'grid', method: 'detected' });
    if (!plan.ok) return;
    expect(plan.parts).toEqual([
      { x: 0, y: 0, width: 405, height: 410 },
      { x: 405, y: 0, width: 265, height: 205 },
      { x: 405, y: 205, width: 265, height: 205 },
    ]);
  });
});
