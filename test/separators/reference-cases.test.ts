/**
 * Reference acceptance cases 30–39 (docs/catalog.md, «Reference acceptance cases»): 300×200
 * gradient panels, 10 px white seams, built in memory; case 32 goes through a real JPEG encoder
 * (sharp, quality 75) and our decoder.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/imaging/decode.js';
import { createRaster } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { fill, gradientPanel, stripCollage } from './build.js';

const three = () => stripCollage({ axis: 'horizontal', panels: [300, 300, 300], cross: 200, separator: 10 });

function cutsOf(parts: { x: number; y: number }[], axis: 'horizontal' | 'vertical'): number[] {
  return parts.slice(1).map((p) => (axis === 'horizontal' ? p.x : p.y));
}

describe('reference image cases', () => {
  it('30: three side-by-side panels → cuts at 305 and 615, coverage 0..920', () => {
    const plan = planSplit(three().raster);
    expect(plan).toMatchObject({ ok: true, axis: 'horizontal', method: 'detected' });
    if (!plan.ok) return;
    expect(cutsOf(plan.parts, 'horizontal')).toEqual([305, 615]);
    expect(plan.parts[0]!.x).toBe(0);
    const last = plan.parts[2]!;
    expect(last.x + last.width).toBe(920);
    for (const p of plan.parts) expect([p.y, p.height]).toEqual([0, 200]);
  });

  it('31: 25 px white margins are excluded: first part starts at 25, last ends at 945', () => {
    // Reference: 3×300 + 2×10 + 2×25 = 970 wide; the last part ends where the right margin begins.
    const { raster } = stripCollage({ axis: 'horizontal', panels: [300, 300, 300], cross: 200, separator: 10, margin: 25 });
    const plan = planSplit(raster);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts[0]!.x).toBe(25);
    expect(plan.parts[2]!.x + plan.parts[2]!.width).toBe(945);
    expect(cutsOf(plan.parts, 'horizontal')).toEqual([330, 640]);
  });

  it('32: a JPEG q75 collage still gives 3 parts, each cut inside its separator', async () => {
    const { raster, separators } = three();
    const jpeg = await sharp(raster.data, { raw: { width: raster.width, height: raster.height, channels: 4 } }).jpeg({ quality: 75 }).toBuffer();
    const { raster: decoded } = await decode(new Uint8Array(jpeg));
    const plan = planSplit(decoded);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts).toHaveLength(3);
    cutsOf(plan.parts, 'horizontal').forEach((cut, i) => {
      expect(cut).toBeGreaterThanOrEqual(separators[i]!.start);
      expect(cut).toBeLessThan(separators[i]!.end);
    });
  });

  it('33: two stacked panels, auto → vertical, detected, 2 parts', () => {
    const { raster } = stripCollage({ axis: 'vertical', panels: [200, 200], cross: 300, separator: 10 });
    const plan = planSplit(raster);
    expect(plan).toMatchObject({ ok: true, axis: 'vertical', method: 'detected' });
    if (plan.ok) expect(plan.parts.map((p) => [p.y, p.height])).toEqual([[0, 205], [205, 205]]);
  });

  it('34: a single panel is refused without parts; parts 3 horizontal divides 0..300 evenly', () => {
    const r = createRaster(300, 200);
    gradientPanel(r, { x: 0, y: 0, width: 300, height: 200 }, 0);
    const refused = planSplit(r);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.reason).toMatch(/^no separators were found/);
    const even = planSplit(r, { axis: 'horizontal', parts: 3 });
    expect(even).toMatchObject({ ok: true, axis: 'horizontal', method: 'equal' });
    if (even.ok) expect(even.parts.map((p) => [p.x, p.width])).toEqual([[0, 100], [100, 100], [200, 100]]);
  });

  it('35: parts 1 and 17 are refused, 9 without a 9-panel grid too; a 4 px wide picture cannot be split into 8', () => {
    const r = three().raster;
    expect(planSplit(r, { parts: 1 })).toEqual({ ok: false, reason: 'parts has to be between 2 and 16 (more than 8 only for a grid), got 1' });
    expect(planSplit(r, { parts: 17 })).toEqual({ ok: false, reason: 'parts has to be between 2 and 16 (more than 8 only for a grid), got 17' });
    const nine = planSplit(r, { parts: 9 });
    expect(nine.ok).toBe(false);
    if (!nine.ok) expect(nine.reason).toMatch(/^no grid of 9 panels was found/);
    expect(planSplit(r, { parts: 2.5 }).ok).toBe(false);
    const thin = createRaster(4, 50);
    gradientPanel(thin, { x: 0, y: 0, width: 4, height: 50 }, 0);
    expect(planSplit(thin, { axis: 'horizontal', parts: 8 })).toEqual({
      ok: false,
      reason: 'the picture measures 4 pixels across the horizontal axis, which cannot be divided into 8 parts',
    });
  });

  it('36: 20 narrow stripes (400×100) are refused as textured', () => {
    const r = createRaster(400, 100);
    fill(r, { x: 0, y: 0, width: 400, height: 100 }, [255, 255, 255]);
    for (let i = 0; i < 20; i += 2) gradientPanel(r, { x: i * 20, y: 0, width: 20, height: 100 }, i);
    const plan = planSplit(r, { axis: 'horizontal' });
    expect(plan.ok).toBe(false);
    if (!plan.ok) expect(plan.reason).toContain('textured');
  });

  it('37: without separators the longer side decides the axis of an even split', () => {
    const wide = createRaster(400, 100);
    gradientPanel(wide, { x: 0, y: 0, width: 400, height: 100 }, 0);
    expect(planSplit(wide, { parts: 2 })).toMatchObject({ ok: true, axis: 'horizontal', method: 'equal' });
    const tall = createRaster(100, 400);
    gradientPanel(tall, { x: 0, y: 0, width: 100, height: 400 }, 0);
    expect(planSplit(tall, { parts: 2 })).toMatchObject({ ok: true, axis: 'vertical', method: 'equal' });
  });

  it('parts equal to the detected count uses the detected cuts, other counts divide evenly over the full span', () => {
    const { raster } = stripCollage({ axis: 'horizontal', panels: [300, 300, 300], cross: 200, separator: 10, margin: 25 });
    const same = planSplit(raster, { parts: 3 });
    expect(same).toMatchObject({ ok: true, method: 'detected' });
    const other = planSplit(raster, { parts: 2, axis: 'horizontal' });
    expect(other).toMatchObject({ ok: true, method: 'equal', axis: 'horizontal' });
    if (other.ok) expect(other.parts.map((p) => [p.x, p.width])).toEqual([[0, 485], [485, 485]]);
  });
});
