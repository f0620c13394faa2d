/**
 * JPEG decode speed, ours vs jpeg-js, in megapixels per second (median of several runs after a
 * warm-up). Files: corpus truecolor.jpg, corpus very-large.jpg, and a 24 MP photo (baseline 4:2:0
 * and progressive) that sharp makes once into the OS temp folder.
 *
 * Run: npx tsx bench/jpeg-decode.ts [runs]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jpegJs from 'jpeg-js';
import sharp from 'sharp';
import { decodeJpeg } from '../src/imaging/decoders/jpeg.js';
import { corpus } from '../test/helpers/corpus.js';

const runs = Number(process.argv[2] ?? 5);

async function photo24mp(progressive: boolean): Promise<string> {
  const path = join(tmpdir(), `encx-bench-24mp${progressive ? '-progressive' : ''}.jpg`);
  if (!existsSync(path)) {
    // Upscaling a real photo keeps photographic statistics (the corpus has none this large).
    const out = await sharp(readFileSync(corpus('formats/valid/jpg/very-large.jpg')))
      .resize(6000, 4000, { fit: 'fill' })
      .jpeg({ quality: 90, chromaSubsampling: '4:2:0', progressive })
      .toBuffer();
    writeFileSync(path, out);
  }
  return path;
}

interface Rate {
  median: number;
  /** The best run: on a shared machine the closest to what the code does on an idle core. */
  best: number;
}

/** Source megapixels per second decoding `bytes` (`pixels` = the stored picture's size). */
function measure(pixels: number, decode: () => unknown): Rate {
  decode(); // warm-up: JIT compilation is not decode speed
  const rates: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    decode();
    rates.push(pixels / 1e3 / (performance.now() - started));
  }
  rates.sort((a, b) => a - b);
  return { median: rates[Math.floor(rates.length / 2)]!, best: rates[rates.length - 1]! };
}

const show = (r: Rate): string => `${r.median.toFixed(1).padStart(6)} (best ${r.best.toFixed(1).padStart(5)})`;

const files = [
  corpus('jpeg/truecolor.jpg'),
  corpus('formats/valid/jpg/very-large.jpg'),
  await photo24mp(false),
  await photo24mp(true),
];
console.log(`source megapixels per second, median (and best) of ${runs} runs; higher is better`);
for (const file of files) {
  const bytes = new Uint8Array(readFileSync(file));
  const full = decodeJpeg(bytes);
  const pixels = full.width * full.height;
  const ours = measure(pixels, () => decodeJpeg(bytes));
  const theirs = measure(pixels, () =>
    jpegJs.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: 100, maxMemoryUsageInMB: 2048 }),
  );
  const name = file.split('/').pop()!;
  console.log(`${name.padEnd(34)} ours ${show(ours)}  jpeg-js ${show(theirs)}  ×${(ours.median / theirs.median).toFixed(1)}`);
  for (const scale of [2, 8] as const) {
    console.log(`${''.padEnd(34)} ours at 1/${scale} ${show(measure(pixels, () => decodeJpeg(bytes, { scale })))}`);
  }
}
