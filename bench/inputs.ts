/** The bench inputs: three fixture collages and a 25-megapixel photo generated on first use. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
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
  const specs: Array<{ name: string; path: string; parts?: number; note: string }> = [
    { name: 'strip 1200×500 JPEG', path: fixture('bench-strip-1200x500.jpg'), note: 'detected, 3 parts' },
    { name: 'grid 4000×3000 JPEG', path: fixture('bench-grid-4000x3000.jpg'), note: 'detected 2×2 grid, each part shrunk to 1568' },
    {
      name: 'screenshot 1920×1080 PNG',
      path: fixture('bench-screenshot-1920x1080.png'),
      parts: 2,
      note: 'no separators (refused without parts), so parts: 2 → equal split, PNG output',
    },
    { name: 'photo 6144×4096 JPEG (25 MP)', path: await ensurePhoto(), parts: 4, note: 'parts: 4 → equal split, each shrunk to 1568' },
  ];
  return specs.map((s) => ({ ...s, bytes: new Uint8Array(readFileSync(s.path)) }));
}
