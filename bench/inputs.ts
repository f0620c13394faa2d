/**
 * The bench inputs. Split job: the fixture collages, a 4×4 photo grid, a 4K PNG screenshot, a lossy
 * WebP collage and the 25-megapixel photo. View job: the 25 MP and a 12 MP photo and the 4K
 * screenshot. Generated pictures are built on first use into bench/out/ from real corpus photos,
 * deterministically.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { corpus } from '../test/helpers/corpus.js';
import type { SplitJob } from './runners/types.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/collages/', import.meta.url));
export const OUT_DIR = fileURLToPath(new URL('./out/', import.meta.url));

/**
 * 6144 × 4096 = 25.2 MP: a 24-MP-class camera frame, just under the 25 × 2^20 pixel gate, so the
 * bench exercises the largest picture the tools accept.
 */
const PHOTO_WIDTH = 6144;
const PHOTO_HEIGHT = 4096;

export interface BenchInput extends SplitJob {
  path: string;
  note: string;
  /** Why jimp cannot run this input (it reads no WebP), when it cannot. */
  jimpUnsupported?: string;
}

/** Builds a file once with `make` and returns its path. */
async function generated(name: string, make: () => Promise<Uint8Array>): Promise<string> {
  const path = `${OUT_DIR}${name}`;
  if (existsSync(path)) return path;
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(path, await make());
  return path;
}

/** 12 MP (4000 × 3000), a phone camera's frame, from the same corpus photo. */
function photo12mp(): Promise<string> {
  return generated('photo-12mp.jpg', async () =>
    sharp(readFileSync(corpus('jpeg/truecolor.jpg'))).resize(4000, 3000, { fit: 'fill', kernel: 'cubic' }).sharpen({ sigma: 1 }).jpeg({ quality: 90 }).toBuffer(),
  );
}

/** The commonest collage: 16 photos, 4 × 4, 480 px tiles with 8 px white seams and margins, q85. */
function grid4x4(): Promise<string> {
  return generated('grid-4x4-1960.jpg', async () => {
    const sources = ['jpeg/truecolor.jpg', 'jpeg/skater.jpg', 'jpeg/tree-rgb.jpg', 'jpeg/apsara.jpg'];
    const tile = 480;
    const seam = 8;
    const side = 4 * tile + 5 * seam;
    const tiles: OverlayOptions[] = [];
    for (let i = 0; i < 16; i++) {
      const input = await sharp(readFileSync(corpus(sources[i % sources.length]!)))
        .rotate(90 * Math.floor(i / 4))
        .resize(tile, tile, { fit: 'cover' })
        .modulate({ hue: i * 20 })
        .toBuffer();
      tiles.push({ input, left: seam + (i % 4) * (tile + seam), top: seam + Math.floor(i / 4) * (tile + seam) });
    }
    return sharp({ create: { width: side, height: side, channels: 3, background: '#ffffff' } }).composite(tiles).jpeg({ quality: 85 }).toBuffer();
  });
}

/** A 3840 × 2160 screenshot: the fixture screenshot doubled with nearest neighbour (flat colours, crisp text). */
function screenshot4k(): Promise<string> {
  return generated('screenshot-3840x2160.png', async () =>
    sharp(readFileSync(fixture('bench-screenshot-1920x1080.png'))).resize(3840, 2160, { kernel: 'nearest' }).png().toBuffer(),
  );
}

/** The grid collage as lossy WebP (quality 80), as pictures hosted on modern sites arrive. */
function lossyWebp(): Promise<string> {
  return generated('grid-4000x3000-q80.webp', async () => sharp(readFileSync(fixture('bench-grid-4000x3000.jpg'))).webp({ quality: 80 }).toBuffer());
}

/** Builds (once) bench/out/photo-25mp.jpg from a real corpus photo: upscaled, sharpened, q90. Deterministic. */
async function ensurePhoto(): Promise<string> {
  const path = `${OUT_DIR}photo-25mp.jpg`;
  if (existsSync(path)) return path;
  mkdirSync(OUT_DIR, { recursive: true });
  const bytes = await sharp(readFileSync(corpus('jpeg/truecolor.jpg')))
    .resize(PHOTO_WIDTH, PHOTO_HEIGHT, { fit: 'fill', kernel: 'cubic' })
    .sharpen({ sigma: 1.2 })
    .jpeg({ quality: 90 })
    .toBuffer();
  writeFileSync(path, bytes);
  return path;
}

function fixture(name: string): string {
  const path = `${FIXTURES}${name}`;
  if (!existsSync(path)) throw new Error(`bench fixture missing: ${path} (run npm run fixtures)`);
  return path;
}

export async function loadInputs(): Promise<BenchInput[]> {
  const webpNote = 'jimp 1.x reads no WebP';
  const specs: Array<Omit<BenchInput, 'bytes'>> = [
    { job: 'split', name: 'strip 1200×500 JPEG', path: fixture('bench-strip-1200x500.jpg'), note: 'detected, 3 parts' },
    { job: 'split', name: 'grid 4000×3000 JPEG', path: fixture('bench-grid-4000x3000.jpg'), note: 'detected 2×2 grid, each part shrunk to 1568' },
    { job: 'split', name: 'grid 4×4 1960×1960 JPEG', path: await grid4x4(), note: 'detected 4×4 grid of photos, 16 parts' },
    {
      job: 'split',
      name: 'screenshot 1920×1080 PNG',
      path: fixture('bench-screenshot-1920x1080.png'),
      parts: 2,
      note: 'no separators (refused without parts), so parts: 2 → equal split, PNG output',
    },
    { job: 'split', name: 'screenshot 3840×2160 PNG', path: await screenshot4k(), parts: 2, note: 'parts: 2 → equal split of a 4K screenshot, PNG output' },
    { job: 'split', name: 'grid 4000×3000 WebP q80', path: await lossyWebp(), note: 'detected 2×2 grid from lossy WebP, JPEG output', jimpUnsupported: webpNote },
    { job: 'split', name: 'photo 6144×4096 JPEG (25 MP)', path: await ensurePhoto(), parts: 4, note: 'parts: 4 → equal split, each shrunk to 1568' },
    { job: 'view', name: 'view: photo 6144×4096 JPEG (25 MP)', path: await ensurePhoto(), note: 'whole picture shrunk to 1568×1045' },
    { job: 'view', name: 'view: photo 4000×3000 JPEG (12 MP)', path: await photo12mp(), note: 'whole picture shrunk to 1568×1176' },
    { job: 'view', name: 'view: screenshot 3840×2160 PNG', path: await screenshot4k(), note: 'whole screenshot shrunk to 1568×882' },
  ];
  return specs.map((s) => ({ ...s, bytes: new Uint8Array(readFileSync(s.path)) }));
}
