/**
 * A panel's anti-aliased edge beside a seam drawn exactly (runs.ts `antialiasedInk`): the faint last
 * row of a caption's letters is the caption's, not the seam's, when it shows ink — so a cut stays in
 * the middle of the gap the ink leaves, to the line. A haze too faint to show, and JPEG ringing
 * (no pixel exact), stay seam.
 */
import { describe, expect, it } from 'vitest';
import { createRaster, type Box, type Raster } from '../../src/imaging/raster.js';
import { antialiasedInk, planSplit } from '../../src/imaging/separators/index.js';
import { fill, gradientPanel, type Rgb } from './build.js';

const WIDTH = 240;
const PHOTO = 130;
/** Caption marks: rows [PHOTO + 4, PHOTO + 16) under each photo. */
const MARKS = { gap: 4, height: 12 };
const SEAM = 28;
const WHITE: Rgb = [255, 255, 255];

interface Edge {
  /** Colour of the caption's marks. */
  ink: Rgb;
  /** Colour of the faint row under the marks, or null for none. */
  faint: Rgb | null;
  /** Every pixel of the faint row off white by ±1 (a lossy row: nothing exact), else only its marks. */
  ringing?: boolean;
  /** A bottom margin (the last caption's faint row then borders the margin). */
  margin?: number;
}

/**
 * Three photos stacked on white, each with a caption of dark marks under it and, under the marks, a
 * faint row: the last row of anti-aliased letters. Returns the raster and the row after each
 * caption's last drawn row (its faint row included).
 */
function stack(edge: Edge): { raster: Raster; inkEnds: number[] } {
  const cell = PHOTO + MARKS.gap + MARKS.height + 1;
  const margin = edge.margin ?? 0;
  const height = 3 * cell + 2 * SEAM + margin;
  const r = createRaster(WIDTH, height);
  fill(r, { x: 0, y: 0, width: WIDTH, height }, WHITE);
  const inkEnds: number[] = [];
  for (let i = 0; i < 3; i++) {
    const y = i * (cell + SEAM);
    gradientPanel(r, { x: 0, y, width: WIDTH, height: PHOTO }, i, 20, 3 + i);
    const marksY = y + PHOTO + MARKS.gap;
    for (let x = 40; x + 3 <= 200; x += 7) fill(r, { x, y: marksY, width: 3, height: MARKS.height }, edge.ink);
    const faintY = marksY + MARKS.height;
    if (edge.faint !== null) {
      if (edge.ringing) for (let x = 0; x < WIDTH; x++) fill(r, { x, y: faintY, width: 1, height: 1 }, x % 2 ? [254, 254, 254] : [255, 254, 255]);
      for (let x = 40; x < 200; x += 21) fill(r, { x, y: faintY, width: 1, height: 1 }, edge.faint);
    }
    inkEnds.push(faintY + 1);
  }
  return { raster: r, inkEnds };
}

function cuts(raster: Raster): number[] {
  const plan = planSplit(raster);
  if (!plan.ok) throw new Error(plan.reason);
  expect(plan.axis).toBe('vertical');
  return plan.parts.slice(1).map((p) => p.y);
}

describe('anti-aliased ink beside a drawn seam', () => {
  it('keeps a caption’s faint last row with its caption: the cut is the middle of the gap under it', () => {
    // 213 on white under marks of 40: 42 of 215 (coverage 0.20, visible).
    const { raster, inkEnds } = stack({ ink: [40, 40, 40], faint: [213, 213, 213] });
    expect(cuts(raster)).toEqual([inkEnds[0]! + SEAM / 2, inkEnds[1]! + SEAM / 2]);
  });

  it('keeps a haze too faint to show in the seam', () => {
    // 221 under marks of 0: 34 of 255 (coverage 0.13) — the seam starts at the faint row.
    const { raster, inkEnds } = stack({ ink: [0, 0, 0], faint: [221, 221, 221] });
    expect(cuts(raster)).toEqual([inkEnds[0]! - 1 + Math.floor((SEAM + 1) / 2), inkEnds[1]! - 1 + Math.floor((SEAM + 1) / 2)]);
  });

  it('keeps ringing (no pixel exact) in the seam', () => {
    const { raster, inkEnds } = stack({ ink: [40, 40, 40], faint: [213, 213, 213], ringing: true });
    expect(cuts(raster)).toEqual([inkEnds[0]! - 1 + Math.floor((SEAM + 1) / 2), inkEnds[1]! - 1 + Math.floor((SEAM + 1) / 2)]);
  });

  it('keeps the faint row of the last caption out of a drawn margin', () => {
    const { raster, inkEnds } = stack({ ink: [40, 40, 40], faint: [213, 213, 213], margin: 20 });
    const plan = planSplit(raster);
    if (!plan.ok) throw new Error(plan.reason);
    const last = plan.parts[plan.parts.length - 1]!;
    expect(last.y + last.height).toBe(inkEnds[2]);
  });

  it('antialiasedInk: exact share and coverage decide', () => {
    const { raster, inkEnds } = stack({ ink: [40, 40, 40], faint: [213, 213, 213] });
    const region: Box = { x: 0, y: 0, width: raster.width, height: raster.height };
    const faint = inkEnds[0]! - 1;
    expect(antialiasedInk(raster, region, 'vertical', faint, faint - 1, [255, 255, 255])).toBe(true);
    // Against a grey seam colour the row is not mostly exact.
    expect(antialiasedInk(raster, region, 'vertical', faint, faint - 1, [250, 250, 250])).toBe(false);
  });
});
