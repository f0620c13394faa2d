/**
 * PNG encode/decode throughput (megapixels per second) on a 1920×1080 screenshot-like picture,
 * ours against pngjs, and the team bench's screenshot job (decode the 1920×1080 fixture, encode
 * its two halves), in wall and CPU time. Run: `npx tsx bench/png-codec.ts`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { crop } from '../src/imaging/crop.js';
import { decodePng } from '../src/imaging/decoders/png.js';
import { encodePng } from '../src/imaging/encoders/png.js';
import type { Raster } from '../src/imaging/raster.js';

const WIDTH = 1920;
const HEIGHT = 1080;
/** Repetitions per measurement; the median is reported so one GC pause does not decide. */
const RUNS = 5;

/** A deterministic PRNG (mulberry32) so every run measures the same picture. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Flat panels, a gradient header, and dense "text" strokes: what a game-page screenshot holds. */
function screenshotLike(): Raster {
  const rand = prng(42);
  const data = new Uint8Array(WIDTH * HEIGHT * 4);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const o = (y * WIDTH + x) * 4;
      let r = 245, g = 245, b = 248;
      if (y < 80) [r, g, b] = [30 + (x >> 4), 60 + (y >> 1), 120];
      else if (x < 300) [r, g, b] = [52, 56, 64];
      else if (x > 1500 && y > 400 && y < 900) [r, g, b] = [(x * 3) & 255, (y * 5) & 255, ((x + y) * 7) & 255];
      data[o] = r;
      data[o + 1] = g;
      data[o + 2] = b;
      data[o + 3] = 255;
    }
  }
  // Text-like strokes: short dark runs on text lines.
  for (let line = 120; line < HEIGHT - 20; line += 24) {
    for (let x = 340; x < 1450; x++) {
      if (rand() < 0.35) {
        for (let dy = 0; dy < 12; dy++) {
          if (rand() < 0.5) {
            const o = ((line + dy) * WIDTH + x) * 4;
            data[o] = data[o + 1] = data[o + 2] = 20 + ((rand() * 60) | 0);
          }
        }
      }
    }
  }
  return { width: WIDTH, height: HEIGHT, data };
}

/** Process CPU ms (all threads: the platform compressor's worker counts too), next to wall time because wall time is noisy on a shared machine. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Median wall and CPU ms over RUNS calls after one warm-up (medians taken separately). */
async function median(fn: () => Promise<unknown> | unknown): Promise<{ wall: number; cpu: number }> {
  const walls: number[] = [];
  const cpus: number[] = [];
  await fn(); // warm-up
  for (let i = 0; i < RUNS; i++) {
    const c0 = cpuMs();
    const t0 = performance.now();
    await fn();
    walls.push(performance.now() - t0);
    cpus.push(cpuMs() - c0);
  }
  walls.sort((a, b) => a - b);
  cpus.sort((a, b) => a - b);
  return { wall: walls[RUNS >> 1]!, cpu: cpus[RUNS >> 1]! };
}

const raster = screenshotLike();
const mp = (WIDTH * HEIGHT) / 1e6;
const ours = await encodePng(raster);
const pngjsInput = new PNG({ width: WIDTH, height: HEIGHT });
pngjsInput.data = Buffer.from(raster.data);
const theirs = PNG.sync.write(pngjsInput);

// The team bench's screenshot job: decode the fixture, then encode its top and bottom halves.
const fixture = new Uint8Array(readFileSync(fileURLToPath(new URL('../fixtures/collages/bench-screenshot-1920x1080.png', import.meta.url))));
const decodedFixture = await decodePng(fixture);
const halves = [0, 1].map((k) => crop(decodedFixture, { x: 0, y: k * 540, width: 1920, height: 540 }));
const halvesBytes = (await Promise.all(halves.map((h) => encodePng(h)))).reduce((sum, png) => sum + png.length, 0);

const encOurs = await median(() => encodePng(raster));
const encTheirs = await median(() => PNG.sync.write(pngjsInput));
const decOurs = await median(() => decodePng(ours));
const decTheirs = await median(() => PNG.sync.read(Buffer.from(theirs)));
const decOursOnTheirs = await median(() => decodePng(new Uint8Array(theirs)));
const decFixture = await median(() => decodePng(fixture));
const encHalves = await median(async () => {
  for (const h of halves) await encodePng(h);
});

const row = (name: string, t: { wall: number; cpu: number }, bytes?: number) =>
  `${name.padEnd(46)} ${t.wall.toFixed(1).padStart(7)} ms wall ${t.cpu.toFixed(1).padStart(7)} ms CPU ${(mp / (t.wall / 1000)).toFixed(1).padStart(6)} MP/s${bytes ? `  ${(bytes / 1024).toFixed(0)} KiB` : ''}`;
console.log(`PNG codec, ${WIDTH}×${HEIGHT}, median of ${RUNS} (MP/s from wall time)`);
console.log(row('encode: ours (RGB, adaptive)', encOurs, ours.length));
console.log(row('encode: pngjs (RGBA, adaptive)', encTheirs, theirs.length));
console.log(row('decode: ours (own file)', decOurs));
console.log(row('decode: ours (pngjs file)', decOursOnTheirs));
console.log(row('decode: pngjs (pngjs file)', decTheirs));
console.log(row('decode: ours (bench screenshot fixture)', decFixture));
console.log(row('encode: ours (fixture, two 1920×540 halves)', encHalves, halvesBytes));
