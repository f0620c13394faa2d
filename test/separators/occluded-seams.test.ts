/**
 * Occluded seams (occluded-seams.ts, searched by damaged-seams.ts): a separator crossed by a
 * numbered badge is still a separator; a page of text, a screenshot's title bar, a bar chart and a
 * photo under a plain sky never yield one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRaster, type Box, type Raster } from '../../src/imaging/raster.js';
import { classifyLines, measureLines, planSplit } from '../../src/imaging/separators/index.js';
import { damagedSeams } from '../../src/imaging/separators/damaged-seams.js';
import { BLOB_MAX, crossedWithoutBadge, edgeSeamWideEnough, MAX_OCCLUDERS, MAX_PAGE_GAPS_CROSSED, occludersOnGaps, OCCLUDED_SHARE, pageGapsCrossed, readSeamLine } from '../../src/imaging/separators/occluded-seams.js';
import { scoreBatch } from './score.js';
import { badge, fill, gradientPanel, random, setPixel, type Rgb } from './build.js';
import { expectEveryExact } from './expect-exact.js';

const full = (r: Raster): Box => ({ x: 0, y: 0, width: r.width, height: r.height });
const WHITE: Rgb = [255, 255, 255];

/** Damaged seams found along both axes of the whole picture (first pass: no collage colour). */
function found(r: Raster): { columns: unknown[]; rows: unknown[] } {
  const stats = measureLines(r, full(r));
  return {
    columns: damagedSeams(r, full(r), 'horizontal', classifyLines(stats.columns)),
    rows: damagedSeams(r, full(r), 'vertical', classifyLines(stats.rows)),
  };
}

/** Sparse dark words in lines on a page, `scale` px per glyph dot (7 dots tall). */
function textPage(r: Raster, box: Box, seed: number, scale: number, gap: number, page: Rgb = WHITE): void {
  fill(r, box, page);
  let s = seed >>> 0 || 1;
  const next = (): number => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s;
  };
  for (let y = box.y + 10; y + 7 * scale < box.y + box.height - 6; y += 7 * scale + gap) {
    let x = box.x + 10 + (next() % 3) * scale;
    while (x < box.x + box.width - 30) {
      const letters = 2 + (next() % 8);
      for (let l = 0; l < letters && x + 5 * scale < box.x + box.width - 10; l++) {
        // A glyph: three of its five dot columns inked, on dot rows chosen by the seed.
        for (let gx = 0; gx < 5; gx++) {
          if ((next() & 3) === 0) continue;
          for (let gy = 0; gy < 7; gy++) if (next() & 1) fill(r, { x: x + gx * scale, y: y + gy * scale, width: scale, height: scale }, [30, 30, 30]);
        }
        x += 6 * scale;
      }
      x += 6 * scale;
    }
  }
}

describe('a seam crossed by a badge is still a seam', () => {
  it('splits a 3-panel strip whose two 8 px seams each carry a badge hiding 31 % of them, cutting inside the seams, and says so', () => {
    const r = createRaster(3 * 180 + 2 * 8, 130);
    fill(r, full(r), WHITE);
    for (let i = 0; i < 3; i++) gradientPanel(r, { x: i * 188, y: 0, width: 180, height: 130 }, i, 12, i + 3);
    badge(r, 184, 50, 20);
    badge(r, 372, 75, 20, [30, 90, 200]);
    const plan = planSplit(r);
    expect(plan).toMatchObject({ ok: true, axis: 'horizontal', method: 'detected' });
    if (!plan.ok) return;
    expect(plan.parts.map((p) => p.x)).toEqual([0, 184, 372]);
    expect(plan.reason).toMatch(/2 seams crossed by a badge/);
  });

  it('the same strip without badges splits at the same cuts (the badges change nothing)', () => {
    const r = createRaster(3 * 180 + 2 * 8, 130);
    fill(r, full(r), WHITE);
    for (let i = 0; i < 3; i++) gradientPanel(r, { x: i * 188, y: 0, width: 180, height: 130 }, i, 12, i + 3);
    const plan = planSplit(r);
    expect(plan.ok && plan.parts.map((p) => p.x)).toEqual([0, 184, 372]);
  });

  it('splits a 2×2 grid with a badge on the junction and one on each seam into its four panels', () => {
    const seam = 10;
    const r = createRaster(2 * 200 + seam, 2 * 160 + seam);
    fill(r, full(r), [0, 0, 0]);
    for (let i = 0; i < 2; i++) for (let j = 0; j < 2; j++) gradientPanel(r, { x: j * (200 + seam), y: i * (160 + seam), width: 200, height: 160 }, i * 2 + j, 10, i * 2 + j + 1);
    badge(r, 205, 165, 18, [250, 200, 40]);
    badge(r, 205, 60, 14, [250, 200, 40]);
    badge(r, 300, 165, 14, [250, 200, 40]);
    const plan = planSplit(r);
    expect(plan).toMatchObject({ ok: true, axis: 'grid', method: 'detected' });
    if (!plan.ok) return;
    expect(plan.parts.map((p) => [p.x, p.y])).toEqual([[0, 0], [205, 0], [0, 165], [205, 165]]);
  });
});

describe("a badge on the picture's edge (a panel's corner badged where the edge cuts the badge off)", () => {
  it('splits a 2×1 strip whose only seam carries a corner badge cut off by the top edge', () => {
    // As organisers draw it (independent batch, seed 1000): centred on the corner of the left
    // panel, so it covers the 12 px seam from its top and reaches into both panels.
    const r = createRaster(2 * 320 + 12, 460);
    fill(r, full(r), [200, 200, 200]);
    for (let i = 0; i < 2; i++) gradientPanel(r, { x: i * 332, y: 0, width: 320, height: 460 }, i, 12, i + 3);
    badge(r, 320, 0, 18, [20, 20, 20]);
    const plan = planSplit(r);
    expect(plan).toMatchObject({ ok: true, axis: 'horizontal', method: 'detected' });
    if (!plan.ok) return;
    expect(plan.parts.map((p) => p.x)).toEqual([0, 326]);
    expect(plan.reason).toMatch(/1 seam crossed by a badge/);
  });

  it('splits a stack whose seams carry corner badges at both ends, cut off by the picture edges', () => {
    const seam = 6;
    const r = createRaster(360, 3 * 300 + 2 * seam);
    fill(r, full(r), [128, 128, 128]);
    for (let i = 0; i < 3; i++) gradientPanel(r, { x: 0, y: i * (300 + seam), width: 360, height: 300 }, i, 12, i + 5);
    for (const y of [300, 606]) {
      badge(r, 0, y, 24, [0, 0, 0]);
      badge(r, 359, y + seam, 24, [0, 0, 0]);
    }
    const plan = planSplit(r);
    expect(plan).toMatchObject({ ok: true, axis: 'vertical', method: 'detected' });
    if (!plan.ok) return;
    expect(plan.parts.map((p) => p.y)).toEqual([0, 303, 609]);
  });

  it('a trunk that ends in a rock at the edge of a short photo is no seam: the rock hides more of the line than a badge', () => {
    // Bounded across like a badge's fill, but 24 px of a 151 px column (EDGE_LINE_SHARE).
    const r = createRaster(420, 151);
    for (let y = 0; y < 151; y++) fill(r, { x: 0, y, width: 420, height: 1 }, [120 + Math.round((60 * y) / 151), 175, 235]);
    fill(r, { x: 210, y: 0, width: 3, height: 127 }, [20, 22, 26]);
    fill(r, { x: 196, y: 127, width: 30, height: 24 }, [150, 150, 150]);
    expect(found(r).columns).toEqual([]);
    expect(planSplit(r).ok).toBe(false);
  });

  it('a pole against the sky that ends in the ground at the edge is no seam: the ground runs on across the edge', () => {
    // Each column of the pole is one colour down to a 30 px stretch of ground at the bottom, the
    // shape of an edge badge on one line; the sky beside is off the pole's colour like a panel.
    const r = createRaster(420, 320);
    const rand = random(7);
    for (let y = 0; y < 290; y++) fill(r, { x: 0, y, width: 420, height: 1 }, [120 + Math.round((60 * y) / 290), 175, 235]);
    for (let y = 290; y < 320; y++) for (let x = 0; x < 420; x++) setPixel(r, x, y, [60 + Math.round(rand() * 30), 120 + Math.round(rand() * 30), 40]);
    fill(r, { x: 210, y: 0, width: 4, height: 290 }, [40, 40, 40]);
    expect(found(r)).toEqual({ columns: [], rows: [] });
    expect(planSplit(r).ok).toBe(false);
  });
});

describe('a palm trunk from the top of a strip to its ground is no edge-badge seam: seams are drawn alike', () => {
  // fixtures/collages/edge-badge (make-collages.ts --seed 4151): 4×1 badge strips whose photo of
  // palms has a 1 px dark trunk ending in a bounded stretch of ground at the picture's edge, the
  // shape of an edge badge on one line, beside badge seams of 3 px (badge-01) and 10 px (badge-04).
  it('a run no badge crosses whose lines mostly carry occluders is strokes crossing a panel (crossedWithoutBadge)', () => {
    // The rows of a line drawing's white inside, crossed by its diagonal rim (independent-b
    // ib-badge-04, rows 222–231; the first row re-read under the others' occluders).
    const iv = (start: number, end: number): { start: number; end: number } => ({ start, end });
    const rim = [[iv(89, 136)], [iv(89, 108)], [iv(98, 114)], [iv(103, 118)], [iv(112, 124)], [iv(118, 130)], [], [iv(128, 136)], []];
    expect(crossedWithoutBadge(rim, Uint8Array.from([1, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe(true);
    // Fewer than half the lines crossed: no evidence either way.
    expect(crossedWithoutBadge([[], [], [iv(40, 52)], []], new Uint8Array(4))).toBe(false);
    // Two radius-10 badges on a white seam, neither on every line (seed 4119 badge-08, columns
    // 601–612): each stays in place, its longest chord spanning it.
    const seam = [[iv(418, 436)], [iv(216, 224), iv(417, 436)], [iv(214, 226), iv(417, 437)], [iv(212, 228), iv(417, 437)], [iv(211, 229)], [iv(210, 230)], [iv(210, 230), iv(417, 437)]];
    expect(crossedWithoutBadge(seam, new Uint8Array(seam.length))).toBe(false);
  });

  it('is narrower than the seams found with a badge (edgeSeamWideEnough)', () => {
    expect(edgeSeamWideEnough(1, [3, 3, 3])).toBe(false);
    expect(edgeSeamWideEnough(2, [3, 10])).toBe(true);
    expect(edgeSeamWideEnough(1, [])).toBe(true);
  });

  it('the committed strips are cut only at their seams, exactly (badge-04 by strip completion past its badge)', async () => {
    const results = await scoreBatch('edge-badge');
    expect(results.map((r) => r.expected.file)).toEqual(['s4151-badge-01.jpg', 's4151-badge-04.jpg']);
    expectEveryExact(results);
  });
});

describe('a worn seam a sliver away from a whole one', () => {
  // fixtures/collages/worn-beside-seam (independent seed 7409 caption-08): a 4×1 strip on black
  // with 10 px seams; the second photo's palm trunk, 9 px right of the first seam, reads as a worn
  // seam under the foliage. Folded as a sliver, the trunk's cut won: 11 px into the photo.
  it('is the photo’s own stroke: the strip is cut at its seams only', async () => {
    const results = await scoreBatch('worn-beside-seam');
    expect(results.map((r) => r.expected.file)).toEqual(['i7409-caption-08.jpg']);
    expect(results[0]!.badCuts).toEqual([]);
    expect(results[0]!.exact, results[0]!.why).toBe(true);
  });
});

describe("a photo's clear sky beside a badge seam", () => {
  it('is no seam width: the 12 px seam a badge crosses is still found, and the cut is there, not in the sky', () => {
    // The sky's 266 rows are plain (one colour each), a plain run far wider than a seam; the
    // seam's rows are content where the badge crosses them (independent seed 4121 badge-06).
    const r = createRaster(614, 1264);
    gradientPanel(r, { x: 0, y: 0, width: 614, height: 626 }, 1, 20, 3);
    fill(r, { x: 0, y: 626, width: 614, height: 12 }, [20, 120, 60]);
    for (let y = 638; y < 904; y++) fill(r, { x: 0, y, width: 614, height: 1 }, [110 + Math.round((60 * (y - 638)) / 266), 160 + Math.round((45 * (y - 638)) / 266), 225 + Math.round((20 * (y - 638)) / 266)]);
    gradientPanel(r, { x: 0, y: 904, width: 614, height: 360 }, 2, 20, 5);
    badge(r, 307, 632, 22, [40, 90, 200]);
    const plan = planSplit(r);
    expect(plan.ok && plan.parts.map((p) => p.y)).toEqual([0, 632]);
  });
});

describe('a grid whose column seam carries a badge in every band and on every junction', () => {
  it('is found once its rows are: each junction may hide probes of the column more (CROSSING)', () => {
    // As an independent batch draws it (seed 1011): five badges of radius 22 on a 627 px column
    // each hide one of its 16 probes, five groups of misses where a strip's seam may have two.
    const seam = 9;
    const r = createRaster(2 * 226 + seam, 3 * 203 + 2 * seam);
    fill(r, full(r), [128, 128, 128]);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 2; j++) gradientPanel(r, { x: j * (226 + seam), y: i * (203 + seam), width: 226, height: 203 }, i * 2 + j, 12, i * 2 + j + 1);
    for (const y of [134, 207, 320, 419, 572]) badge(r, 230, y, 22, [255, 255, 255], [0, 0, 0]);
    const plan = planSplit(r);
    expect(plan).toMatchObject({ ok: true, axis: 'grid', method: 'detected' });
    if (!plan.ok) return;
    expect(plan.parts.map((p) => [p.x, p.y])).toEqual([[0, 0], [230, 0], [0, 207], [230, 207], [0, 419], [230, 419]]);
  });

  it('… also beside a column seam found without it (the search knowing the rows only adds seams)', () => {
    const seam = 9;
    const r = createRaster(3 * 200 + 2 * seam, 3 * 203 + 2 * seam);
    fill(r, full(r), [128, 128, 128]);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) gradientPanel(r, { x: j * (200 + seam), y: i * (203 + seam), width: 200, height: 203 }, i * 3 + j, 12, i * 3 + j + 1);
    badge(r, 204, 320, 20, [255, 255, 255], [0, 0, 0]);
    for (const y of [134, 207, 320, 419, 572]) badge(r, 413, y, 22, [255, 255, 255], [0, 0, 0]);
    const plan = planSplit(r);
    expect(plan).toMatchObject({ ok: true, axis: 'grid', method: 'detected' });
    if (!plan.ok) return;
    expect(plan.parts.map((p) => [p.x, p.y])).toEqual([0, 207, 419].flatMap((y) => [0, 204, 413].map((x) => [x, y])));
  });
});

describe('badge collages beyond 1.2 MP (long side up to DAMAGED_SEARCH_MAX_SIDE)', () => {
  it('splits a 1.6 MP 2×1 strip whose one 6 px seam carries two badges of radius 28', () => {
    const r = createRaster(2 * 797 + 6, 1000);
    fill(r, full(r), WHITE);
    for (let i = 0; i < 2; i++) gradientPanel(r, { x: i * 803, y: 0, width: 797, height: 1000 }, i, 12, i + 3);
    badge(r, 800, 300, 28);
    badge(r, 800, 700, 28, [30, 90, 200]);
    const plan = planSplit(r);
    expect(plan).toMatchObject({ ok: true, axis: 'horizontal', method: 'detected' });
    if (!plan.ok) return;
    expect(plan.parts.map((p) => p.x)).toEqual([0, 800]);
  });

  it('a seam chained to a panel whose every column is nearly one colour (a horizontal gradient reaching the edge) is found where a badge crosses it', () => {
    // Panel 0…335: columns each one colour, blue to purple; two JPEG-blended columns, a 7 px red
    // seam whose edge columns are blended too (within 43 of red, the next ones 71 off), a photo.
    const r = createRaster(336 + 2 + 7 + 1 + 300, 546);
    const ramp = (x: number): Rgb => [47 + Math.round((68 * x) / 335), 98 - Math.round((36 * x) / 335), 180 - Math.round((88 * x) / 335)];
    for (let x = 0; x < 336; x++) fill(r, { x, y: 0, width: 1, height: 546 }, ramp(x));
    fill(r, { x: 336, y: 0, width: 1, height: 546 }, [145, 51, 72]);
    fill(r, { x: 337, y: 0, width: 1, height: 546 }, [180, 42, 55]);
    fill(r, { x: 338, y: 0, width: 7, height: 546 }, [220, 30, 40]);
    fill(r, { x: 345, y: 0, width: 1, height: 546 }, [192, 43, 52]);
    gradientPanel(r, { x: 346, y: 0, width: 300, height: 546 }, 1, 12, 4);
    badge(r, 341, 476, 11, [250, 200, 0], [255, 255, 255]);
    const stats = measureLines(r, full(r));
    expect(damagedSeams(r, full(r), 'horizontal', classifyLines(stats.columns))).toMatchObject([{ start: 338, end: 345 }]);
  });

  it('a 1800×1200 page of text yields no occluded seam', () => {
    const r = createRaster(1800, 1200);
    textPage(r, full(r), 17, 3, 9);
    expect(found(r)).toEqual({ columns: [], rows: [] });
    expect(planSplit(r).ok).toBe(false);
  });
});

describe('badges in the seam colour, and bands beside a seam', () => {
  /** Three gradient panels 180×130 with 8 px seams of `seam` colour; what `paint` adds. */
  const strip = (seam: Rgb, paint: (r: Raster) => void): Raster => {
    const r = createRaster(3 * 180 + 2 * 8, 130);
    fill(r, full(r), seam);
    for (let i = 0; i < 3; i++) gradientPanel(r, { x: i * 188, y: 0, width: 180, height: 130 }, i, 12, i + 3);
    paint(r);
    return r;
  };

  it('a white badge on a white seam (only its dark digit shows on the seam) is no panel between crossing seams', () => {
    // The badge's fill meets the lines beside the seam at both ends of the digit, as the seams
    // crossing a mosaic's panel would; across the digit's middle the fill is there too.
    const r = strip(WHITE, (r) => {
      badge(r, 184, 50, 18, WHITE, [20, 20, 20]);
      badge(r, 372, 80, 18, WHITE, [20, 20, 20]);
    });
    const plan = planSplit(r);
    expect(plan.ok && plan.parts.map((p) => p.x)).toEqual([0, 184, 372]);
  });

  it('a white seam beside a dark band of a photo, nearly one colour, is found where the badge straddles it', () => {
    // The last 12 columns of the first panel are dark (specks make them content lines), one
    // colour within the seam tolerance: a run of "seam lines" touching the white seam's run.
    const r = strip(WHITE, (r) => {
      fill(r, { x: 168, y: 0, width: 12, height: 130 }, [30, 14, 45]);
      for (let y = 5; y < 130; y += 37) fill(r, { x: 168, y, width: 12, height: 1 }, [200, 200, 220]);
      badge(r, 184, 50, 18, [20, 20, 20]);
      badge(r, 372, 80, 18, [20, 20, 20]);
    });
    const plan = planSplit(r);
    expect(plan.ok && plan.parts.map((p) => p.x)).toEqual([0, 184, 372]);
  });

  it('… also when the digit\'s stem, drawn in the seam colour, leaves the lines through it too little fill to read alone', () => {
    // The stem (3 px wide, 21 px tall) leaves 7–8 px of fill above and below it on the seam's
    // middle lines: those lines are read again under the badge the other lines show, and count
    // as crossed by it.
    const r = strip(WHITE, (r) => {
      fill(r, { x: 168, y: 0, width: 12, height: 130 }, [30, 14, 45]);
      for (let y = 5; y < 130; y += 37) fill(r, { x: 168, y, width: 12, height: 1 }, [200, 200, 220]);
      for (const [cx, cy] of [[184, 50], [372, 80]] as const) {
        badge(r, cx, cy, 18, [20, 20, 20], [20, 20, 20]);
        fill(r, { x: cx - 1, y: cy - 10, width: 3, height: 21 }, WHITE);
      }
    });
    const plan = planSplit(r);
    expect(plan.ok && plan.parts.map((p) => p.x)).toEqual([0, 184, 372]);
  });

  it('a blue seam with the line JPEG blends from it and the panel beside is found, cut inside the seam', () => {
    const blue: Rgb = [30, 60, 190];
    const r = strip(blue, (r) => {
      fill(r, { x: 188, y: 0, width: 1, height: 130 }, [48, 66, 112]);
      fill(r, { x: 376, y: 0, width: 1, height: 130 }, [48, 66, 112]);
      badge(r, 184, 50, 18, [250, 200, 40]);
      badge(r, 372, 80, 18, [250, 200, 40]);
    });
    const plan = planSplit(r);
    expect(plan).toMatchObject({ ok: true, axis: 'horizontal' });
    if (!plan.ok) return;
    expect(plan.parts.length).toBe(3);
    for (const [i, at] of [[1, 180], [2, 368]] as const) {
      expect(plan.parts[i]!.x).toBeGreaterThanOrEqual(at);
      expect(plan.parts[i]!.x).toBeLessThan(at + 8);
    }
  });

  it('beside a seam a badge crosses, a 1 px band of a photo nearly one colour is no seam: the collage draws its seams alike', () => {
    // The first panel has a dark 1 px column with panel on both sides: alone, the heavy-JPEG
    // rule's 1–3 px seam. Beside 8 px seams carrying badges, it is far too thin to be one.
    const r = strip([30, 30, 30], (r) => {
      fill(r, { x: 90, y: 0, width: 1, height: 130 }, [40, 40, 44]);
      for (const y of [20, 100]) fill(r, { x: 90, y, width: 1, height: 1 }, [200, 200, 200]);
      badge(r, 184, 50, 18, [250, 200, 40]);
      badge(r, 372, 80, 18, [250, 200, 40]);
    });
    const stats = measureLines(r, full(r));
    const seams = damagedSeams(r, full(r), 'horizontal', classifyLines(stats.columns));
    expect(seams.map((s) => [s.start, s.end])).toEqual([[180, 188], [368, 376]]);
  });

  it('a white seam between light photos (within the seam tolerance of white in most places) is found where badges cross it', () => {
    // The panels' two columns beside each seam are light (208–221, dark for 3 px in every 15):
    // within 48 of white but for the specks, off by more than 32 everywhere.
    const r = createRaster(3 * 180 + 2 * 8, 130);
    fill(r, full(r), WHITE);
    for (let i = 0; i < 3; i++) {
      const x0 = i * 188;
      gradientPanel(r, { x: x0, y: 0, width: 180, height: 130 }, i, 12, i + 3);
      for (let y = 0; y < 130; y++) for (const x of [x0, x0 + 1, x0 + 178, x0 + 179]) fill(r, { x, y, width: 1, height: 1 }, y % 15 < 3 ? [90, 90, 90] : [210 + ((x * 7 + y * 13) % 12), 212 + ((x * 5 + y * 3) % 10), 208 + (y % 13)]);
    }
    badge(r, 184, 50, 18, [220, 30, 30]);
    badge(r, 372, 80, 18, [30, 90, 200]);
    const plan = planSplit(r);
    expect(plan.ok && plan.parts.map((p) => p.x)).toEqual([0, 184, 372]);
  });

  it('beside thin seams a badge crosses, a dark trunk of a photo as thin is no seam: it is not drawn as clean', () => {
    // 3 px black seams; in the first panel a 1 px dark column whose pixels wander up to 40 levels
    // from its colour (a palm trunk against the sky): as wide as a heavy-JPEG seam, not as tight.
    const r = createRaster(3 * 180 + 2 * 3, 130);
    fill(r, full(r), [0, 0, 0]);
    for (let i = 0; i < 3; i++) gradientPanel(r, { x: i * 183, y: 0, width: 180, height: 130 }, i, 12, i + 3);
    for (let y = 0; y < 130; y++) fill(r, { x: 90, y, width: 1, height: 1 }, y % 3 === 0 ? [70, 76, 79] : [30, 36, 39]);
    badge(r, 181.5, 50, 15, [250, 200, 40]);
    badge(r, 364.5, 80, 15, [250, 200, 40]);
    const stats = measureLines(r, full(r));
    const seams = damagedSeams(r, full(r), 'horizontal', classifyLines(stats.columns));
    expect(seams.some((s) => s.start <= 90 && s.end > 90)).toBe(false);
    expect(seams.length).toBe(2);
  });

  it('a 10 px speck on one heavy-JPEG seam is no badge: the other, loose 1 px seams stay seams', () => {
    // Three 1 px grey seams worn like a q25 JPEG's (a few dark specks make them content lines);
    // the first carries a 10 px blot, the others wander 30 levels off their colour on every
    // fourth pixel (not as tight as a drawn seam). Taken for a badge seam, the blot would hold
    // the others to a badge seam's cleanness and drop them.
    const r = createRaster(4 * 150 + 3, 160);
    fill(r, full(r), [128, 128, 128]);
    for (let i = 0; i < 4; i++) gradientPanel(r, { x: i * 151, y: 0, width: 150, height: 160 }, i, 12, i + 3);
    for (const x of [150, 301, 452]) {
      for (const y of [30, 110]) fill(r, { x, y, width: 1, height: 2 }, [20, 20, 20]);
      if (x === 150) fill(r, { x, y: 60, width: 1, height: 10 }, [230, 60, 60]);
      else for (let y = 0; y < 160; y += 4) fill(r, { x, y, width: 1, height: 1 }, [158, 158, 158]);
    }
    const stats = measureLines(r, full(r));
    const seams = damagedSeams(r, full(r), 'horizontal', classifyLines(stats.columns));
    expect(seams.map((s) => s.start)).toEqual([150, 301, 452]);
  });

  it('a black seam beside a dark photo band nearly its colour is found where the badges cross it', () => {
    // The first panel's last 30 columns shade 90 → 62 (within 48 of the seam's 30, a step of 1–2
    // per column): seam and band make one run of 38 lines, too wide for a seam, until the step of
    // 32 from the band to the seam ends the seam's lines.
    const r = strip([30, 30, 30], (r) => {
      for (let j = 0; j < 30; j++) {
        const v = 90 - j;
        fill(r, { x: 150 + j, y: 0, width: 1, height: 130 }, [v, v + 4, Math.max(0, v - 60)]);
        for (const y of [17, 71, 113]) fill(r, { x: 150 + j, y, width: 1, height: 1 }, [230, 230, 230]);
      }
      badge(r, 184, 50, 18, [250, 200, 40]);
      badge(r, 372, 80, 18, [250, 200, 40]);
    });
    const plan = planSplit(r);
    expect(plan.ok && plan.parts.map((p) => p.x)).toEqual([0, 184, 372]);
  });

  it('… but a dark band with a step to a darker stripe inside one photo is no seam: no badge crosses the stripe', () => {
    const r = strip(WHITE, (r) => {
      for (let j = 0; j < 30; j++) {
        const v = 90 - j;
        fill(r, { x: 60 + j, y: 0, width: 1, height: 130 }, [v, v + 4, Math.max(0, v - 60)]);
      }
      fill(r, { x: 90, y: 0, width: 8, height: 130 }, [30, 30, 30]);
      for (const y of [17, 71, 113]) fill(r, { x: 60, y, width: 38, height: 1 }, [230, 230, 230]);
    });
    const stats = measureLines(r, full(r));
    const seams = damagedSeams(r, full(r), 'horizontal', classifyLines(stats.columns));
    expect(seams.filter((s) => s.start < 100 && s.end > 60)).toEqual([]);
  });

  it('touching runs of seam lines without a badge on either stay unsplit (nothing tells the seam from the band)', () => {
    const r = createRaster(3 * 180 + 2 * 8, 130);
    fill(r, full(r), WHITE);
    for (let i = 0; i < 3; i++) gradientPanel(r, { x: i * 188, y: 0, width: 180, height: 130 }, i, 12, i + 3);
    fill(r, { x: 168, y: 0, width: 12, height: 130 }, [30, 14, 45]);
    for (let y = 5; y < 130; y += 37) fill(r, { x: 168, y, width: 12, height: 1 }, [200, 200, 220]);
    const stats = measureLines(r, full(r));
    const seams = damagedSeams(r, full(r), 'horizontal', classifyLines(stats.columns));
    expect(seams.some((s) => s.start < 180 && s.end > 168)).toBe(false);
  });
});

describe('a grid whose seam a badge hides inside one band', () => {
  it('is still the lattice of the seams running the whole picture', () => {
    // 3×3 panels 160×120, black 6 px seams, a badge on the first column seam in the middle band.
    // There the panel left of the seam ends in 10 near-black columns: inside the band no line
    // beside the seam is a panel line, while across the whole picture it is (the other bands).
    const seam = 6;
    const r = createRaster(3 * 160 + 2 * seam, 3 * 120 + 2 * seam);
    fill(r, full(r), [0, 0, 0]);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) gradientPanel(r, { x: j * (160 + seam), y: i * (120 + seam), width: 160, height: 120 }, i * 3 + j, 10, i * 3 + j + 1);
    fill(r, { x: 150, y: 126, width: 10, height: 120 }, [22, 20, 24]);
    badge(r, 163, 126 + 60, 16, [250, 200, 40]);
    const plan = planSplit(r);
    expect(plan).toMatchObject({ ok: true, axis: 'grid' });
    if (!plan.ok) return;
    expect(plan.parts.map((p) => [p.x, p.y])).toEqual([0, 123, 249].flatMap((py) => [0, 163, 329].map((px) => [px, py])));
  });
});

describe('a panel between seams is no badge', () => {
  it('a mosaic whose top and bottom rows have seams one pixel apart keeps its middle panel whole', () => {
    // Found by fast-check: columns 40–42 are black in the top and bottom rows, the middle panel
    // crosses them like a 40 px "badge" — but it ends on the two seams crossing it.
    const r = createRaster(83, 3 * 40 + 2 * 2);
    fill(r, full(r), [0, 0, 0]);
    gradientPanel(r, { x: 0, y: 0, width: 40, height: 40 }, 0, 4, 1);
    gradientPanel(r, { x: 42, y: 0, width: 41, height: 40 }, 1, 4, 2);
    gradientPanel(r, { x: 0, y: 42, width: 83, height: 40 }, 3, 4, 4);
    gradientPanel(r, { x: 0, y: 84, width: 41, height: 40 }, 6, 4, 7);
    gradientPanel(r, { x: 43, y: 84, width: 40, height: 40 }, 7, 4, 8);
    expect(found(r).columns).toEqual([]);
    const plan = planSplit(r);
    expect(plan.ok && plan.parts.some((p) => p.y < 82 && p.y + p.height > 42 && p.width < 83)).toBe(false);
  });
});

describe('what a seam line may carry', () => {
  const line = (length: number, paint: (r: Raster) => void): Raster => {
    const r = createRaster(1, length);
    fill(r, full(r), WHITE);
    paint(r);
    return r;
  };
  const read = (r: Raster, interior = true) => readSeamLine({ raster: r, region: full(r), axis: 'horizontal', line: 0, length: r.height }, [255, 255, 255], OCCLUDED_SHARE, interior);

  it('a few short occluders: their stretches', () => {
    const r = line(600, (r) => {
      fill(r, { x: 0, y: 100, width: 1, height: 30 }, [200, 0, 0]);
      fill(r, { x: 0, y: 400, width: 1, height: 40 }, [0, 0, 200]);
    });
    expect(read(r)).toEqual([{ start: 100, end: 130 }, { start: 400, end: 440 }]);
  });

  it('a badge whose digit is drawn in the seam colour is one occluder, not parts too short to be a badge', () => {
    // A 140 px line (a strip 130–150 px tall): fill 7 px, digit stroke 3 px in the seam colour,
    // fill 12 px, stroke 3 px, fill 7 px. Counted apart, the two 7 px parts are 14 px of noise,
    // more than a 140 px line may carry.
    const r = line(140, (r) => {
      fill(r, { x: 0, y: 50, width: 1, height: 32 }, [20, 20, 20]);
      fill(r, { x: 0, y: 57, width: 1, height: 3 }, WHITE);
      fill(r, { x: 0, y: 72, width: 1, height: 3 }, WHITE);
    });
    expect(read(r)).toEqual([{ start: 50, end: 82 }]);
  });

  it('two badges close together are two occluders (the digit join undone when the stretch outgrows one badge)', () => {
    const r = line(600, (r) => {
      fill(r, { x: 0, y: 200, width: 1, height: 41 }, [220, 30, 30]);
      fill(r, { x: 0, y: 259, width: 1, height: 41 }, [220, 30, 30]);
    });
    expect(read(r)).toEqual([{ start: 200, end: 241 }, { start: 259, end: 300 }]);
  });

  it('scattered specks a few pixels apart stay noise (no occluder made of JPEG noise)', () => {
    const r = line(600, (r) => {
      for (let y = 100; y < 160; y += 12) fill(r, { x: 0, y, width: 1, height: 1 }, [30, 30, 30]);
    });
    expect(read(r)).toEqual([]);
  });

  it(`more than ${MAX_OCCLUDERS} occluders (a column through lines of text) is no seam line`, () => {
    const r = line(600, (r) => {
      for (let k = 0; k <= MAX_OCCLUDERS; k++) fill(r, { x: 0, y: 40 + k * 70, width: 1, height: 12 }, [30, 30, 30]);
    });
    expect(read(r)).toBeNull();
  });

  it(`an occluder longer than ${BLOB_MAX} px is no badge`, () => {
    const r = line(600, (r) => fill(r, { x: 0, y: 200, width: 1, height: BLOB_MAX + 1 }, [30, 30, 30]));
    expect(read(r)).toBeNull();
  });

  it('an occluder at an end of a whole-picture line is content, not a badge (the seam reaches both edges)', () => {
    const r = line(600, (r) => fill(r, { x: 0, y: 0, width: 1, height: 40 }, [30, 30, 30]));
    expect(read(r, true)).toBeNull();
    expect(read(r, false)).toEqual([{ start: 0, end: 40 }]);
  });
});

describe('no occluded seam where there is no seam', () => {
  it('a page of text', () => {
    const r = createRaster(600, 480);
    textPage(r, full(r), 5, 2, 8);
    expect(found(r)).toEqual({ columns: [], rows: [] });
    expect(planSplit(r).ok).toBe(false);
  });

  it("a screenshot's coloured title bar over text", () => {
    const r = createRaster(640, 480);
    textPage(r, { x: 0, y: 48, width: 640, height: 432 }, 9, 2, 10);
    fill(r, { x: 0, y: 0, width: 640, height: 48 }, [36, 82, 160]);
    textPage(r, { x: 0, y: 10, width: 200, height: 30 }, 3, 2, 4, [36, 82, 160]);
    expect(found(r)).toEqual({ columns: [], rows: [] });
  });

  it('a bar chart with a title and an axis', () => {
    const r = createRaster(640, 420);
    fill(r, full(r), WHITE);
    textPage(r, { x: 200, y: 4, width: 260, height: 36 }, 4, 3, 4);
    const heights = [300, 120, 260, 200, 90];
    heights.forEach((h, i) => fill(r, { x: 60 + i * 110, y: 380 - h, width: 90, height: h }, [47 + i * 30, 109, 181 - i * 20]));
    fill(r, { x: 50, y: 380, width: 580, height: 2 }, [60, 60, 60]);
    expect(found(r)).toEqual({ columns: [], rows: [] });
  });

  it('a photo under a plain sky with clouds', () => {
    const r = createRaster(640, 420);
    for (let y = 0; y < 180; y++) fill(r, { x: 0, y, width: 640, height: 1 }, [110 + Math.round((70 * y) / 180), 170 + Math.round((45 * y) / 180), 230]);
    for (const [cx, cy, rad] of [[120, 60, 20], [300, 70, 24], [480, 55, 16]] as const) badge(r, cx, cy, rad, [245, 245, 248]);
    gradientPanel(r, { x: 0, y: 180, width: 640, height: 240 }, 2, 30, 11);
    expect(found(r)).toEqual({ columns: [], rows: [] });
    expect(planSplit(r).ok).toBe(false);
  });

  it('random pages of text (any glyph size and line spacing) never yield an occluded seam', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1 << 30 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 3, max: 14 }), (seed, scale, gap) => {
        const r = createRaster(420, 300);
        textPage(r, full(r), seed, scale, gap);
        expect(found(r)).toEqual({ columns: [], rows: [] });
      }),
      { numRuns: 25 },
    );
  });
});

describe('a page of monospaced text whose glyph columns line up (a code screenshot)', () => {
  // Pages the property above drew in CI and locally (seed, dot size, line gap): 3 px glyph dots on
  // one column grid, so a 3 px column between glyph columns is blank in most of the ten text lines.
  const pages: [number, number, number][] = [
    [161430745, 3, 4], [22587441, 3, 4], [155476288, 3, 5], [858825161, 3, 4],
    [247257328, 3, 5], [890886958, 3, 5], [607306329, 3, 4], [335018172, 3, 3],
  ];

  it.each(pages)('page %i (dots %i px, gaps %i px) yields no occluded seam', (seed, scale, gap) => {
    const r = createRaster(420, 300);
    textPage(r, full(r), seed, scale, gap);
    expect(found(r)).toEqual({ columns: [], rows: [] });
  });

  it('the blank column of the first crosses all ten gaps between its text lines, past MAX_PAGE_GAPS_CROSSED', () => {
    const r = createRaster(420, 300);
    textPage(r, full(r), 161430745, 3, 4);
    expect(pageGapsCrossed(r, full(r), 'horizontal', 307, 310, r.height, WHITE, 1000)).toBe(10);
    // Counting stops once the limit is passed.
    expect(pageGapsCrossed(r, full(r), 'horizontal', 307, 310, r.height, WHITE)).toBe(MAX_PAGE_GAPS_CROSSED + 1);
  });

  it("a grid's column seam crosses its row seams, but none is a gap between text lines", () => {
    // 2×8 panels (16, the most a grid returns), white 6 px seams and a 10 px margin.
    const seam = 6, margin = 10, pw = 150, ph = 70;
    const r = createRaster(2 * margin + 2 * pw + seam, 2 * margin + 8 * ph + 7 * seam);
    fill(r, full(r), WHITE);
    for (let i = 0; i < 8; i++) for (let j = 0; j < 2; j++) gradientPanel(r, { x: margin + j * (pw + seam), y: margin + i * (ph + seam), width: pw, height: ph }, i * 2 + j, 10, i * 2 + j + 1);
    const column = margin + pw;
    expect(pageGapsCrossed(r, full(r), 'horizontal', column, column + seam, r.height, WHITE, 1000)).toBe(0);
    // Between two pages of the same text, its lines level, the seam crosses the gaps between
    // them: fourteen lines of 2 px dots at a 20 px pitch, thirteen gaps away from the margins.
    const pages = createRaster(2 * 200 + seam, 300);
    for (const x of [0, 200 + seam]) textPage(pages, { x, y: 0, width: 200, height: 300 }, 7, 2, 6);
    fill(pages, { x: 200, y: 0, width: seam, height: 300 }, WHITE);
    expect(pageGapsCrossed(pages, full(pages), 'horizontal', 200, 200 + seam, pages.height, WHITE, 1000)).toBe(13);
  });

  it('a 4×4 grid of photos with two-line captions and a badge on a column seam still splits into its 16 cells', () => {
    // Its column seam crosses the break between the caption lines in each of the four rows, past
    // MAX_PAGE_GAPS_CROSSED: the seam comes back through grid completion instead.
    const seam = 8, pw = 150, ph = 100, captionLines = 2, cell = ph + 14 * captionLines + 6;
    const r = createRaster(4 * pw + 3 * seam, 4 * cell + 3 * seam);
    fill(r, full(r), WHITE);
    for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) {
      const x = j * (pw + seam), y = i * (cell + seam);
      gradientPanel(r, { x, y, width: pw, height: ph }, i * 4 + j, 10, i * 4 + j + 1);
      for (let l = 0; l < captionLines; l++) for (let c = 0; c < 12 - 3 * l; c++) if ((c * 7 + i + j + l) % 5) fill(r, { x: x + 4 + c * 9, y: y + ph + 5 + 14 * l, width: 6, height: 9 }, [30, 30, 30]);
    }
    badge(r, pw + seam / 2, ph / 2, 14, [250, 200, 40]);
    expect(pageGapsCrossed(r, full(r), 'horizontal', pw, pw + seam, r.height, WHITE, 1000)).toBe(4);
    const plan = planSplit(r);
    expect(plan).toMatchObject({ ok: true, axis: 'grid', method: 'detected' });
    if (!plan.ok) return;
    // Cuts in the middle of each seam; between rows the seam starts where the caption's ink ends.
    const xs = [0, 1, 2, 3].map((j) => (j === 0 ? 0 : j * (pw + seam) - seam / 2));
    const ys = [0, 1, 2, 3].map((i) => (i === 0 ? 0 : i * (cell + seam) - (cell - ph - 14 * captionLines + seam) / 2));
    expect(plan.parts.map((p) => [p.x, p.y])).toEqual(ys.flatMap((y) => xs.map((x) => [x, y])));
  });
});

describe('a short page of monospaced text: a glyph column inked in each line is no dark seam', () => {
  // Pages of three and four text lines (height, seed, line gap; 3 px dots) that planSplit cut in
  // two at a dark glyph column crossed by the page's line gaps, fewer than MAX_OCCLUDERS.
  const pages: [number, number, number][] = [[90, 651442177, 5], [115, 586440705, 3], [115, 953220097, 3], [115, 276257793, 3], [115, 158750721, 3]];

  it.each(pages)('a 420×%i page (seed %i, gaps %i px) is not split', (height, seed, gap) => {
    const r = createRaster(420, height);
    textPage(r, full(r), seed, 3, gap);
    const plan = planSplit(r);
    expect(plan.ok ? plan.parts.length : 1).toBe(1);
  });

  it('random pages of text of any height (60–300 px) are never split', () => {
    // The first pass may still find a blank column on a page of three lines (up to 10 % of them
    // at 3 px dots); the plan must not cut there. Measured on 18 000 pages of random height, 8 000
    // of them of 3 px dots and 3–5 px gaps: none was cut.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1 << 30 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 3, max: 14 }), fc.integer({ min: 60, max: 300 }), (seed, scale, gap, height) => {
        const r = createRaster(420, height);
        textPage(r, full(r), seed, scale, gap);
        const plan = planSplit(r);
        expect(plan.ok ? plan.parts.length : 1).toBe(1);
      }),
      { numRuns: 25 },
    );
  });

  it('counts the occluders of a dark column that hold a line gap, and none of badges on a seam', () => {
    const ink: Rgb = [30, 30, 30];
    const page = createRaster(300, 100);
    fill(page, full(page), WHITE);
    for (const y of [10, 40, 70]) {
      fill(page, { x: 150, y, width: 3, height: 20 }, ink);
      for (let x = 20; x < 280; x += 11) if (x < 140 || x > 160) fill(page, { x, y: y + 3, width: 5, height: 14 }, ink);
    }
    expect(occludersOnGaps(page, full(page), 'horizontal', 150, 153, [{ start: 30, end: 40 }, { start: 60, end: 70 }], ink)).toBe(2);
    // A white badge and a red one on the dark seam of a strip of photos.
    const seam = 6;
    const strip = createRaster(2 * 200 + seam, 200);
    fill(strip, full(strip), ink);
    for (let i = 0; i < 2; i++) gradientPanel(strip, { x: i * (200 + seam), y: 0, width: 200, height: 200 }, i, 10, i + 1);
    badge(strip, 203, 50, 16, WHITE, [0, 0, 0]);
    badge(strip, 203, 140, 16);
    expect(occludersOnGaps(strip, full(strip), 'horizontal', 200, 206, [{ start: 34, end: 67 }, { start: 124, end: 157 }], ink)).toBe(0);
  });
});

describe('one badge over a seam and the white band of the panel under it', () => {
  it('the committed 1×3 (independent seed 6410 badge-05, WebP lossless: a 9 px yellow seam, the drawing under it white at its top) is cut at its seams, not in the drawing', async () => {
    const results = await scoreBatch('badge-blend');
    expect(results.map((r) => r.expected.file)).toEqual(['i6410-badge-05.webp']);
    expectEveryExact(results);
  });
});
