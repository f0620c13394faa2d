/**
 * JPEG encode speed: ours (q90, 4:2:0 and 4:4:4) against jpeg-js's encoder (4:4:4 only, q90), in
 * megapixels per CPU-second, median of several runs after a warm-up. CPU time (process.cpuUsage)
 * is the headline because the machine is shared and wall time mostly measures the neighbours;
 * wall-clock MP/s is printed next to it.
 *
 * Inputs: the 4000×3000 photo collage and the 1920×1080 screenshot from fixtures/collages.
 *
 * Run: npx tsx bench/jpeg-encode-speed.ts [runs] [--no-jpegjs] [--baseline main]
 * With --baseline REV, that revision's encoder and the working tree's are timed alternately on
 * each input and subsampling (before vs after, MP per CPU-second, and whether the bytes agree)
 * before the usual table.
 * Set JPEG_CANDIDATE=path/to/module.ts (exporting encodeJpeg) to time a candidate encoder too and
 * check that its output is byte-identical to the current one.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import jpegJs from 'jpeg-js';
import { decode } from '../src/imaging/decode.js';
import { encodeJpeg } from '../src/imaging/encoders/jpeg.js';
import type { Raster } from '../src/imaging/raster.js';
import { baselineArgument, importAtRevision } from './baseline.js';
import { cpuMsOf, median } from './stats.js';

const args = process.argv.slice(2);
/** At least 7 runs: fewer and one scheduler hiccup moves the median. */
const runs = Math.max(7, Number(args.find((a) => /^\d+$/.test(a)) ?? 7));
const withJpegJs = !args.includes('--no-jpegjs');
const revision = baselineArgument(args);

type Encode = (raster: Raster) => Uint8Array;

interface Rate {
  cpu: number;
  wall: number;
  bytes: number;
}

/** Megapixels per CPU-second and per wall-second, medians over `count` runs after one warm-up. */
function measure(raster: Raster, encode: Encode, count: number): Rate {
  const megapixels = (raster.width * raster.height) / 1e6;
  const bytes = encode(raster).length; // warm-up: JIT compilation is not encode speed
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < count; i++) {
    const c0 = process.cpuUsage();
    const w0 = performance.now();
    encode(raster);
    const w = performance.now() - w0;
    const c = process.cpuUsage(c0);
    cpu.push(megapixels / ((c.user + c.system) / 1e6));
    wall.push(megapixels / (w / 1e3));
  }
  return { cpu: median(cpu), wall: median(wall), bytes };
}

async function load(path: string): Promise<Raster> {
  return (await decode(new Uint8Array(readFileSync(resolve(path))))).raster;
}

const inputs: Array<[string, Raster]> = [
  ['photo 4000x3000', await load('fixtures/collages/bench-grid-4000x3000.jpg')],
  ['screenshot 1920x1080', await load('fixtures/collages/bench-screenshot-1920x1080.png')],
];

const encoders: Array<[string, Encode, number]> = [
  ['ours q90 4:2:0', (r) => encodeJpeg(r, { quality: 90, subsampling: '420' }), runs],
  ['ours q90 4:4:4', (r) => encodeJpeg(r, { quality: 90, subsampling: '444' }), runs],
];
const candidatePath = process.env['JPEG_CANDIDATE'];
if (candidatePath) {
  const candidate = (await import(pathToFileURL(resolve(candidatePath)).href)) as { encodeJpeg: typeof encodeJpeg };
  encoders.push(
    ['candidate q90 4:2:0', (r) => candidate.encodeJpeg(r, { quality: 90, subsampling: '420' }), runs],
    ['candidate q90 4:4:4', (r) => candidate.encodeJpeg(r, { quality: 90, subsampling: '444' }), runs],
  );
  for (const [name, raster] of inputs) {
    for (const subsampling of ['420', '444'] as const) {
      const a = encodeJpeg(raster, { quality: 90, subsampling });
      const b = candidate.encodeJpeg(raster, { quality: 90, subsampling });
      const same = a.length === b.length && a.every((v, i) => v === b[i]);
      console.log(`${name} ${subsampling}: candidate output ${same ? 'identical' : `differs (${a.length} vs ${b.length} bytes)`}`);
    }
  }
}
if (withJpegJs) {
  encoders.push(['jpeg-js q90 4:4:4', (r) => jpegJs.encode({ width: r.width, height: r.height, data: r.data }, 90).data, runs]);
}

if (revision !== undefined) {
  const before = (await importAtRevision<{ encodeJpeg: typeof encodeJpeg }>(revision, 'src/imaging/encoders/jpeg.ts')).encodeJpeg;
  const rounds = 2 * runs;
  console.log(`${revision} vs working tree, alternating, median of ${rounds} rounds after a warm-up; MP per CPU-second`);
  for (const [name, raster] of inputs) {
    for (const subsampling of ['444', '420'] as const) {
      const options = { quality: 90, subsampling };
      const a = before(raster, options);
      const b = encodeJpeg(raster, options);
      const same = a.length === b.length && a.every((v, i) => v === b[i]);
      const beforeMs: number[] = [];
      const afterMs: number[] = [];
      for (let i = 0; i < rounds; i++) {
        // Which goes first alternates too, so neither always inherits the other's warm caches or garbage.
        if (i % 2 === 0) beforeMs.push(cpuMsOf(() => before(raster, options)));
        afterMs.push(cpuMsOf(() => encodeJpeg(raster, options)));
        if (i % 2 === 1) beforeMs.push(cpuMsOf(() => before(raster, options)));
      }
      const mp = (raster.width * raster.height) / 1e6;
      const rateBefore = mp / (median(beforeMs) / 1000);
      const rateAfter = mp / (median(afterMs) / 1000);
      console.log(
        `${name.padEnd(21)} q90 ${subsampling}  ${revision} ${rateBefore.toFixed(1).padStart(6)}  after ${rateAfter.toFixed(1).padStart(6)}  ${(rateAfter / rateBefore).toFixed(2)}×  bytes ${same ? 'identical' : 'DIFFER'}`,
      );
    }
  }
}

console.log(`MP per CPU-second (and per wall-second), median of ${runs} runs after a warm-up; Node ${process.version}`);
for (const [name, raster] of inputs) {
  for (const [label, encode, count] of encoders) {
    const r = measure(raster, encode, count);
    console.log(
      `${name.padEnd(21)} ${label.padEnd(20)} ${r.cpu.toFixed(1).padStart(6)} MP/cpu-s  (${r.wall.toFixed(1).padStart(6)} MP/s wall)  ${(r.bytes / 1024).toFixed(0).padStart(6)} KiB`,
    );
  }
}
