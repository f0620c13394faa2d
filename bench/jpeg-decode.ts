/**
 * JPEG decode speed, ours vs jpeg-js, in megapixels per second (median of several runs after a
 * warm-up), both per wall-clock second and per CPU second: on a shared machine wall time swings
 * with other load, CPU time (process.cpuUsage, user + system) much less. Files: corpus
 * truecolor.jpg, corpus very-large.jpg, and a 24 MP photo (baseline 4:2:0, baseline 4:4:4 and
 * progressive 4:2:0) that sharp makes once into the OS temp folder.
 *
 * Run: npx tsx bench/jpeg-decode.ts [runs] [--ours]   (--ours skips jpeg-js and the scaled decodes)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jpegJs from 'jpeg-js';
import sharp from 'sharp';
import { decodeJpeg } from '../src/imaging/decoders/jpeg.js';
import { corpus } from '../test/helpers/corpus.js';

const runs = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 5);
const oursOnly = process.argv.includes('--ours');

async function photo24mp(progressive: boolean, subsampling: '4:2:0' | '4:4:4'): Promise<string> {
  const tag = `${progressive ? '-progressive' : ''}${subsampling === '4:4:4' ? '-444' : ''}`;
  const path = join(tmpdir(), `encx-bench-24mp${tag}.jpg`);
  if (!existsSync(path)) {
    // Upscaling a real photo keeps photographic statistics (the corpus has none this large).
    const out = await sharp(readFileSync(corpus('formats/valid/jpg/very-large.jpg')))
      .resize(6000, 4000, { fit: 'fill' })
      .jpeg({ quality: 90, chromaSubsampling: subsampling, progressive })
      .toBuffer();
    writeFileSync(path, out);
  }
  return path;
}

interface Rate {
  /** Megapixels per wall-clock second, median of the runs. */
  median: number;
  /** The best run: on a shared machine the closest to what the code does on an idle core. */
  best: number;
  /** Megapixels per CPU second (user + system of this process), median of the runs. */
  cpu: number;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Source megapixels per second decoding `bytes` (`pixels` = the stored picture's size). */
function measure(pixels: number, decode: () => unknown): Rate {
  decode(); // warm-up: JIT compilation is not decode speed
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    decode();
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpuStart);
    wall.push(pixels / 1e3 / ms);
    // cpuUsage is in microseconds; GC helper threads count too, which is fair: they are the decoder's cost.
    cpu.push(pixels / ((used.user + used.system) || 1));
  }
  return { median: median(wall), best: Math.max(...wall), cpu: median(cpu) };
}

const show = (r: Rate): string =>
  `${r.median.toFixed(1).padStart(6)} (best ${r.best.toFixed(1).padStart(5)}, per CPU-s ${r.cpu.toFixed(1).padStart(5)})`;

const files = [
  corpus('jpeg/truecolor.jpg'),
  corpus('formats/valid/jpg/very-large.jpg'),
  await photo24mp(false, '4:2:0'),
  await photo24mp(false, '4:4:4'),
  await photo24mp(true, '4:2:0'),
];
console.log(`source megapixels per second, median (and best) of ${runs} runs, wall and per CPU second; higher is better`);
for (const file of files) {
  const bytes = new Uint8Array(readFileSync(file));
  const full = decodeJpeg(bytes);
  const pixels = full.width * full.height;
  const ours = measure(pixels, () => decodeJpeg(bytes));
  const name = file.split('/').pop()!;
  if (oursOnly) {
    console.log(`${name.padEnd(34)} ours ${show(ours)}`);
    continue;
  }
  const theirs = measure(pixels, () =>
    jpegJs.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: 100, maxMemoryUsageInMB: 2048 }),
  );
  console.log(`${name.padEnd(34)} ours ${show(ours)}  jpeg-js ${show(theirs)}  ×${(ours.median / theirs.median).toFixed(1)}`);
  for (const scale of [2, 8] as const) {
    console.log(`${''.padEnd(34)} ours at 1/${scale} ${show(measure(pixels, () => decodeJpeg(bytes, { scale })))}`);
  }
}
