/**
 * A seam set aside by the fade rule beside a white panel, kept as the flat twin of the seams that
 * stand (strips.ts, flatTwin): one collage's seams share a width and a colour.
 */
import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { fill, gradientPanel, jpegRoundTrip } from './build.js';

/**
 * After independent seed 10201 mix-06: six 107×108 panels in a row on a 240-grey canvas (22 px
 * seams, 26 px margin), each with a drop shadow 3 px off, its edge ramped over 2 px; the second
 * panel a drawing on white. JPEG q75 4:4:4.
 */
async function shadowedRowWithDrawing(): Promise<{ raster: Raster; seams: [number, number][] }> {
  const n = 6, cw = 107, ch = 108, seam = 22, margin = 26, off = 3;
  const width = 2 * margin + n * cw + (n - 1) * seam, height = 2 * margin + ch;
  const r = createRaster(width, height);
  fill(r, { x: 0, y: 0, width, height }, [240, 240, 240]);
  const xs = Array.from({ length: n }, (_, i) => margin + i * (cw + seam));
  for (const x of xs) for (let d = 2; d >= 0; d--) fill(r, { x: x + off - d, y: margin + off - d, width: cw + 2 * d, height: ch + 2 * d }, [132 + d * 30, 132 + d * 30, 132 + d * 30]);
  xs.forEach((x, i) => {
    if (i !== 1) return gradientPanel(r, { x, y: margin, width: cw, height: ch }, i, 20, i + 3);
    fill(r, { x, y: margin, width: cw, height: ch }, [255, 255, 255]);
    for (let k = 4; k < cw - 4; k++) fill(r, { x: x + k, y: margin + 10 + Math.round((k * 80) / cw), width: 1, height: 3 }, [40, 40, 40]);
  });
  return { raster: await jpegRoundTrip(r, 75, '4:4:4'), seams: xs.slice(1).map((x) => [x - seam, x]) };
}

describe('a flat twin of the standing seams', () => {
  it('the seam beside a white drawing, as wide as the others and of their colour, is cut too', async () => {
    const { raster, seams } = await shadowedRowWithDrawing();
    const plan = planSplit(raster);
    expect(plan).toMatchObject({ ok: true, axis: 'horizontal', method: 'detected' });
    if (!plan.ok) return;
    const cuts = plan.parts.slice(1).map((p) => p.x);
    expect(cuts).toHaveLength(seams.length);
    cuts.forEach((cut, i) => {
      expect(cut).toBeGreaterThan(seams[i]![0]);
      expect(cut).toBeLessThan(seams[i]![1]);
    });
  });
});
