/**
 * Separator detection throughput (target: ≥ 1000 MP/s with every pixel of every background line
 * checked). Decoding is not detection, so each input is decoded once and `planSplit` is timed on
 * the decoded raster: a few warm-up calls (JIT), then the median of RUNS calls. CPU time of this
 * process is reported beside wall time because the machine is shared: wall time includes waiting
 * for a core, CPU time does not (the work is single-threaded, so the two agree on an idle machine).
 * The best CPU time of the runs is shown too: the run least disturbed by other processes.
 *
 *   npx tsx bench/separators-speed.ts            # all inputs
 *   npx tsx bench/separators-speed.ts grid blank # inputs whose name contains one of the words
 */
import { readFileSync } from 'node:fs';
import { decode } from '../src/imaging/decode.js';
import type { Raster } from '../src/imaging/raster.js';
import { planSplit } from '../src/imaging/separators/index.js';
import { median } from './stats.js';

/** Enough calls for a stable median on a loaded 2-core machine, few enough for the 25 MP inputs. */
const RUNS = 15;
/** V8 tiers a hot function up after a few calls; the first calls measure the compiler, not the code. */
const WARM_UP = 4;
/** 5000 × 5000: the largest square under the decoder's 25 × 2^20 pixel gate. */
const SIDE_25MP = 5000;

interface Input {
  name: string;
  raster: Raster;
}

function synthetic(name: string, fill: (data: Uint8Array) => void): Input {
  const raster: Raster = { width: SIDE_25MP, height: SIDE_25MP, data: new Uint8Array(SIDE_25MP * SIDE_25MP * 4) };
  fill(raster.data);
  return { name, raster };
}

/** xorshift32: a fixed seed so every run measures the same noise. */
function xorshift(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s;
  };
}

async function inputs(filter: string[]): Promise<Input[]> {
  const wanted = (name: string): boolean => filter.length === 0 || filter.some((w) => name.includes(w));
  const out: Input[] = [];
  for (const file of ['bench-grid-4000x3000.jpg', 'bench-strip-1200x500.jpg', 'bench-screenshot-1920x1080.png']) {
    if (!wanted(file)) continue;
    const { raster } = await decode(new Uint8Array(readFileSync(new URL(`../fixtures/collages/${file}`, import.meta.url))));
    out.push({ name: file, raster });
  }
  if (wanted('noise-25MP')) {
    out.push(
      synthetic('noise-25MP', (d) => {
        const next = xorshift(7);
        for (let i = 0; i < d.length; i += 4) {
          const v = next();
          d[i] = v; d[i + 1] = v >>> 8; d[i + 2] = v >>> 16; d[i + 3] = 255;
        }
      }),
    );
  }
  if (wanted('blank-25MP')) out.push(synthetic('blank-25MP', (d) => d.fill(255)));
  // Not in the list, reported for honesty: every line is plain, yet neighbouring pixels
  // differ (white with ±4 noise, like a scanned page), so no "same as the previous pixel" shortcut holds.
  if (wanted('smooth-25MP')) {
    out.push(
      synthetic('smooth-25MP', (d) => {
        const next = xorshift(11);
        for (let i = 0; i < d.length; i += 4) {
          const v = next();
          d[i] = 247 + (v & 7); d[i + 1] = 247 + ((v >>> 3) & 7); d[i + 2] = 247 + ((v >>> 6) & 7); d[i + 3] = 255;
        }
      }),
    );
  }
  return out;
}

function describe(plan: ReturnType<typeof planSplit>): string {
  return plan.ok ? `${plan.axis} ${plan.method} ${plan.parts.length} parts` : 'refused';
}

const filter = process.argv.slice(2);
console.log(`| input | MP | median wall ms | median CPU ms | best CPU ms | MP/s (wall) | MP/s (CPU) | MP/s (best CPU) | plan |`);
console.log(`|---|---:|---:|---:|---:|---:|---:|---:|---|`);
for (const { name, raster } of await inputs(filter)) {
  const mp = (raster.width * raster.height) / 1e6;
  let plan = planSplit(raster);
  for (let i = 1; i < WARM_UP; i++) plan = planSplit(raster);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    planSplit(raster);
    const t1 = performance.now();
    const c1 = process.cpuUsage(c0);
    wall.push(t1 - t0);
    cpu.push((c1.user + c1.system) / 1000);
  }
  const w = median(wall);
  const c = median(cpu);
  // The best run is the least disturbed by other processes: the cost of the code itself.
  const best = Math.min(...cpu);
  const rate = (ms: number): string => (ms > 0 ? (mp / (ms / 1000)).toFixed(0) : '∞');
  console.log(`| ${name} | ${mp.toFixed(2)} | ${w.toFixed(2)} | ${c.toFixed(2)} | ${best.toFixed(2)} | ${rate(w)} | ${rate(c)} | ${rate(best)} | ${describe(plan)} |`);
}
