/**
 * No invented cuts on real pictures: the corpus's photographs and drawings (test/corpus, from
 * public decoder test suites) are none of them collages, so none may be split. Two of them were:
 * a hockey frame whose rink has an orange rim crossed by the player's legs and stick, and a
 * technical drawing with one long straight edge — each found as the one seam "crossed by a badge
 * or worn by compression", at a 2:1 and a 1.46:1 division. A lone damaged seam must divide the
 * picture equally (plan.ts, LONE_DAMAGED_RATIO); a badge collage of two equal panels still splits.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/imaging/decode.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { CORPUS_DIR, corpus } from '../helpers/corpus.js';

const PICTURE = /\.(jpe?g|png|webp|gif|bmp|tiff?)$/i;
/** Smaller pictures are decoder test patterns (8–150 px), not photographs anyone would split. */
const MIN_SIDE = 200;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : PICTURE.test(name) ? [path] : [];
  });
}

async function rasterOf(path: string) {
  try {
    return (await decode(new Uint8Array(readFileSync(path)))).raster;
  } catch {
    return undefined; // the corpus holds files every decoder must refuse
  }
}

describe('corpus photographs are no collages', () => {
  it('splits none of the corpus pictures of at least 200 px', async () => {
    const split: string[] = [];
    let planned = 0;
    for (const path of files(CORPUS_DIR)) {
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
    expect(plan.ok ? '' : plan.reason).toMatch(/divide the picture unequally \(192 and 96 px\)/);
  });

  it('still splits two equal panels whose one seam a badge crosses', async () => {
    const raster = (await rasterOf(join(CORPUS_DIR, '../../fixtures/collages/independent-a/ia-badge-01.webp')))!;
    const plan = planSplit(raster);
    expect(plan.ok && plan.parts.length).toBe(2);
    expect(plan.ok ? plan.reason : '').toMatch(/1 seam crossed by a badge or worn by compression/);
  });
});
