/**
 * Thin seams between busy corpus photographs after JPEG quality 50 and lossy WebP quality 50 — the
 * case the plain 16-per-channel rule alone misses (see the measurements in classify.ts). Encoded by
 * sharp (libjpeg / libwebp), decoded by our own decoders. The same photos alone must stay unsplit.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/imaging/decode.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { corpus } from '../helpers/corpus.js';

const PHOTOS = ['jpeg/skater.jpg', 'jpeg/tree-rgb.jpg', 'jpeg/grumpycat.jpg', 'jpeg/apsara.jpg'];
const HEIGHT = 200;

async function panels(): Promise<{ data: Buffer; width: number }[]> {
  return Promise.all(
    PHOTOS.map(async (f) => {
      const { data, info } = await sharp(corpus(f)).resize({ height: HEIGHT }).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
      return { data, width: info.width };
    }),
  );
}

async function collage(seam: number, colour: number): Promise<{ rgb: Buffer; width: number; seams: [number, number][] }> {
  const ps = await panels();
  const width = ps.reduce((a, p) => a + p.width, 0) + seam * (ps.length - 1);
  const rgb = Buffer.alloc(width * HEIGHT * 3, colour);
  const seams: [number, number][] = [];
  let x0 = 0;
  ps.forEach((p, i) => {
    for (let y = 0; y < HEIGHT; y++) p.data.copy(rgb, (y * width + x0) * 3, y * p.width * 3, (y + 1) * p.width * 3);
    x0 += p.width;
    if (i < ps.length - 1) seams.push([x0, x0 + seam]);
    x0 += seam;
  });
  return { rgb, width, seams };
}

type Pipeline = ReturnType<typeof sharp>;

const CODECS = {
  'JPEG q50': (s: Pipeline) => s.jpeg({ quality: 50 }),
  'WebP q50': (s: Pipeline) => s.webp({ quality: 50 }),
} as const;

describe('thin seams survive lossy compression', () => {
  for (const [codec, encode] of Object.entries(CODECS)) {
    for (const seam of [2, 3, 4]) {
      for (const colour of [255, 0, 128]) {
        it(`${codec}, ${seam} px seam of grey ${colour}: 4 parts, every cut inside its seam`, async () => {
          const { rgb, width, seams } = await collage(seam, colour);
          const bytes = await encode(sharp(rgb, { raw: { width, height: HEIGHT, channels: 3 } })).toBuffer();
          const { raster } = await decode(new Uint8Array(bytes));
          const plan = planSplit(raster);
          expect(plan).toMatchObject({ ok: true, axis: 'horizontal', method: 'detected' });
          if (!plan.ok) return;
          expect(plan.parts).toHaveLength(4);
          plan.parts.slice(1).forEach((p, i) => {
            expect(p.x).toBeGreaterThanOrEqual(seams[i]![0]);
            expect(p.x).toBeLessThan(seams[i]![1]);
          });
        });
      }
    }
  }

  for (const [codec, encode] of Object.entries(CODECS)) {
    it(`${codec}: each photo alone is not split`, async () => {
      for (const f of PHOTOS) {
        const bytes = await encode(sharp(corpus(f)).resize({ height: 300 })).toBuffer();
        const { raster } = await decode(new Uint8Array(bytes));
        const plan = planSplit(raster);
        expect(plan.ok, `${f}: ${JSON.stringify(plan)}`).toBe(false);
      }
    });
  }
});
