/**
 * A frame around the whole collage, of another colour than its seams (plan.ts, insideFrame):
 * every line across the picture crosses the frame, so no line is plain until the frame is set aside.
 */
import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../src/imaging/raster.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { fill, gradientPanel, jpegRoundTrip, stripCollage, type Rgb } from './build.js';
import { scoreBatch } from './score.js';
import { expectEveryExact } from './expect-exact.js';

/** `inner` pasted inside a `frame` px border of `colour`. */
function framed(inner: Raster, frame: number, colour: Rgb): Raster {
  const r = createRaster(inner.width + 2 * frame, inner.height + 2 * frame);
  fill(r, { x: 0, y: 0, width: r.width, height: r.height }, colour);
  for (let y = 0; y < inner.height; y++) r.data.set(inner.data.subarray(y * inner.width * 4, (y + 1) * inner.width * 4), ((y + frame) * r.width + frame) * 4);
  return r;
}

describe('a frame around the collage', () => {
  it('a stack of 3 photos with 6 px grey seams inside an 8 px olive frame splits at its seams, the frame as margin', () => {
    const { raster: inner } = stripCollage({ axis: 'vertical', panels: [150, 160, 150], cross: 300, separator: 6, separatorColour: [30, 30, 30], noise: 20 });
    const plan = planSplit(framed(inner, 8, [105, 94, 52]));
    expect(plan).toMatchObject({ ok: true, axis: 'vertical', method: 'detected' });
    if (!plan.ok) return;
    // Cuts through the middle of each seam (frame offset 8); the frame's rows are margin, its columns kept.
    expect(plan.parts).toEqual([
      { x: 0, y: 8, width: 316, height: 153 },
      { x: 0, y: 161, width: 316, height: 166 },
      { x: 0, y: 327, width: 316, height: 153 },
    ]);
  });

  it('a framed single photo is still refused', () => {
    const inner = createRaster(300, 200);
    gradientPanel(inner, { x: 0, y: 0, width: 300, height: 200 }, 0, 20, 3);
    expect(planSplit(framed(inner, 8, [105, 94, 52])).ok).toBe(false);
  });

  it('a lossy frame (ringing lines of its colour, one blended line) is set aside too', () => {
    const { raster: inner } = stripCollage({ axis: 'vertical', panels: [150, 160, 150], cross: 300, separator: 8, separatorColour: [255, 255, 255], noise: 20 });
    const r = framed(inner, 12, [178, 1, 25]);
    // The 6 frame lines nearest the collage ring (every fourth pixel 22 off: spread 22, σ 9.5 — no plain line),
    // and the last one is half-way to the panel beside it, as JPEG leaves them.
    for (let y = 0; y < r.height; y++) {
      for (let x = 0; x < r.width; x++) {
        const d = Math.min(x, y, r.width - 1 - x, r.height - 1 - y);
        if (d < 6 || d >= 12) continue;
        const p = (y * r.width + x) * 4;
        if (d === 11) {
          const q = p + 4 * (x === 11 ? 1 : x === r.width - 12 ? -1 : y === 11 ? r.width : -r.width);
          for (let c = 0; c < 3; c++) r.data[p + c] = (r.data[p + c]! + r.data[q + c]!) >> 1;
        } else if ((x + y) % 4 === 0) r.data[p] = 200;
      }
    }
    const plan = planSplit(r);
    expect(plan).toMatchObject({ ok: true, axis: 'vertical', method: 'detected' });
    if (!plan.ok) return;
    expect(plan.parts.map((p) => p.y)).toEqual([13, 166, 334]);
  });

  it('a JPEG 4:2:0 orange frame round a grey inner margin: the lines its chroma still tints are set aside too', async () => {
    // Independent seed 1202 mix-02 in small: 1x3 photos, 24 px grey (200) seams and a 30 px inner
    // margin of that grey, a 27 px orange frame, q53. The crop began on lines still tinted orange,
    // every row of it read ringing, and the collage was refused.
    const { raster: inner } = stripCollage({ axis: 'vertical', panels: [200, 200, 200], cross: 320, separator: 24, separatorColour: [200, 200, 200], margin: 30, noise: 20 });
    const withMargin = createRaster(inner.width + 60, inner.height);
    fill(withMargin, { x: 0, y: 0, width: withMargin.width, height: withMargin.height }, [200, 200, 200]);
    for (let y = 0; y < inner.height; y++) withMargin.data.set(inner.data.subarray(y * inner.width * 4, (y + 1) * inner.width * 4), (y * withMargin.width + 30) * 4);
    const r = framed(withMargin, 27, [237, 147, 91]);
    const plan = planSplit(await jpegRoundTrip(r, 53, '4:2:0'));
    expect(plan).toMatchObject({ ok: true, axis: 'vertical', method: 'detected' });
    if (!plan.ok) return;
    // Frame 27 + inner margin 30: photos at 57 (its JPEG edge from 56), 281, 505; cuts through the middle of the 24 px seams.
    expect(plan.parts.map((p) => p.y)).toEqual([56, 269, 493]);
  });
  it('a JPEG 4:2:0 frame right round the photos: a second search skips the coding blocks its edge rings through', async () => {
    // After independent seed 10207 mix-03 (1x3 photos, 15 px green seams, no inner margin, a 19 px
    // lilac frame, q45): here a 23 px frame at q55. The frame's edge rings through the rest of its
    // 16 px block (seed 10207: a blue spread of 28 along every seam row), no row of the crop is a
    // seam, and the collage was refused.
    const { raster: inner } = stripCollage({ axis: 'vertical', panels: [220, 220, 220], cross: 320, separator: 15, separatorColour: [20, 120, 60], noise: 20 });
    const r = framed(inner, 23, [210, 176, 250]);
    const plan = planSplit(await jpegRoundTrip(r, 55, '4:2:0'));
    expect(plan).toMatchObject({ ok: true, axis: 'vertical', method: 'detected' });
    if (!plan.ok) return;
    // Photos at 23, 258, 493 (frame 23, seams 15): cuts through the seams' middles; the first part
    // starts past the frame's blend, not at the block boundary the search began from (32).
    expect(plan.parts.map((p) => p.y)).toEqual([25, 250, 485]);
  });
  it('a thin JPEG frame whose every line rings on a side is still found from the picture\'s edges', async () => {
    // After independent seed 12206 mix-08 (3x1 photos, 22 px dark seams and a 16 px inner margin of
    // them, a 7 px sand frame, q85 4:4:4): the frame shares its 8 px coding blocks with the dark
    // margin, so its left and top lines all ring, the strip search finds no margin there, and the
    // collage was refused.
    const { raster: inner } = stripCollage({ axis: 'horizontal', panels: [228, 239, 228], cross: 161, separator: 22, separatorColour: [30, 30, 30], margin: 16, noise: 20 });
    const r = framed(inner, 7, [240, 209, 127]);
    const plan = planSplit(await jpegRoundTrip(r, 85, '4:4:4'));
    expect(plan).toMatchObject({ ok: true, axis: 'horizontal', method: 'detected' });
    if (!plan.ok) return;
    expect(plan.parts.length).toBe(3);
  });

  it('four framed JPEG mixes refused before (fixtures/collages/ringing-frame) split exactly', async () => {
    // Independent seeds 12206 mix-08 (7 px frame, q85), 12208 mix-04 (14 px frame, white seams,
    // q40 4:2:0), 12212 mix-02 (10 px frame right round a 3x2 grid, q64 4:2:0); 12214 mix-07 (a
    // 6 px frame at q37 4:2:0 whose outermost line is content, round an 11 px inner margin of the
    // seams' colour: the frame and margin were taken for parts, and the layout refused).
    const results = await scoreBatch('ringing-frame');
    expect(results.length).toBe(4);
    expectEveryExact(results);
  });
  it('three JPEG mixes framed with no inner margin (fixtures/collages/frame-no-margin) keep the seams the frame rang over', async () => {
    // Independent seeds 18002 mix-10 (2x3 in a 21 px frame, q50 4:4:4), 18021 mix-09 (1x4 in an
    // 8 px frame, q57 4:2:0) and 18040 mix-03 (2x2 in a 19 px frame, q60 4:2:0): the seams meet the
    // frame inside the coding block it rings through, and the first search inside the frame found
    // 2, 2 and 3 parts; inside whole coding blocks, every seam.
    const results = await scoreBatch('frame-no-margin');
    expect(results.length).toBe(3);
    expectEveryExact(results);
  });
  it('the blend line between a ringing frame and a plain inner margin is no part (fixtures/collages/frame-blend)', async () => {
    // Independent seed 18035 mix-05: a 7 px frame at JPEG q69 4:4:4, every line of it ringing,
    // round a 28 px white inner margin; column 7 (spread 198) was left in the search, and both
    // parts began at the frame: x 7 for 35.
    const results = await scoreBatch('frame-blend');
    expect(results.length).toBe(1);
    expectEveryExact(results);
  });
  it('a ringing border over 40 lines deep (a studio backdrop, not a frame) is not searched inside', () => {
    // Two noisy panels with a 10 px white seam inside a 60 px border of one colour whose every line
    // rings (every fourth pixel 20 off): the edge walk reads 60 lines on each side. A backdrop
    // reads so (the bench's 25 MP studio photo: 1124, 1000, 82 and 130 lines), and searching
    // inside it cost that photo 86 ms for the same refusal.
    const { raster: inner } = stripCollage({ axis: 'horizontal', panels: [130, 130], cross: 180, separator: 10, separatorColour: [255, 255, 255], noise: 20 });
    const r = framed(inner, 60, [120, 60, 60]);
    for (let y = 0; y < r.height; y++) {
      for (let x = 0; x < r.width; x++) {
        if (Math.min(x, y, r.width - 1 - x, r.height - 1 - y) < 60 && (x + 2 * y) % 4 === 0) r.data[(y * r.width + x) * 4] = 140;
      }
    }
    expect(planSplit(r).ok).toBe(false);
  });
});

