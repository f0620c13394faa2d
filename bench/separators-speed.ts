/**
 * Separator detection throughput (target: ≥ 1000 MP/s with every pixel of every background line
 * checked), this tree against a base revision (default `main`), alternated in one process.
 *
 * The base's `src/imaging` is extracted with `git archive` into bench/out/ and imported beside
 * this tree's, so both run on the same decoded rasters, under the same load, in the same process.
 * Decoding is not detection: each input is decoded once. Per input, both versions get a few
 * warm-up calls (JIT), then RUNS rounds alternate them (the order flips every round) and the
 * median CPU time of each is reported — CPU time, not wall time, because the machine is shared:
 * wall time includes waiting for a core. Two things are timed: `planSplit` (what the tools call:
 * line statistics plus every rule and the grid recursion) and `measureLines` on the whole picture
 * (the line statistics alone). `plans` says whether both versions return the same plan.
 *
 *   npx tsx bench/separators-speed.ts                    # all inputs, base main
 *   npx tsx bench/separators-speed.ts --base HEAD~3 grid # inputs whose name contains a word
 */
import { decode } from '../src/imaging/decode.js';
import type { Box, Raster } from '../src/imaging/raster.js';
import * as current from '../src/imaging/separators/index.js';
import { commitOf, importAtRevision } from './baseline.js';
import { cpuMsOf, median } from './stats.js';

/**
 * Enough rounds for a stable median on a loaded 2-core machine, few enough for the 25 MP inputs.
 * Not for the 1–2 ms inputs under a load of ~10: there 11 rounds read 0.77–1.05× for two equal
 * trees' worth of difference, 101 rounds 1.00–1.07× (SEPARATORS_RUNS=101 npx tsx bench/separators-speed.ts strip 1920).
 */
const RUNS = Number(process.env.SEPARATORS_RUNS ?? 11);
/** V8 tiers a hot function up after a few calls; the first calls measure the compiler, not the code. */
const WARM_UP = 4;
/** 5000 × 5000: a 25 MP square for the synthetic inputs. */
const SIDE_25MP = 5000;

type Separators = Pick<typeof current, 'planSplit' | 'measureLines'>;

interface Input {
  name: string;
  raster: Raster;
}

/** The base revision's separators module, imported beside the working tree's. */
async function baseModule(ref: string): Promise<{ commit: string; module: Separators }> {
  return { commit: commitOf(ref), module: await importAtRevision<Separators>(ref, 'src/imaging/separators/index.ts') };
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

async function inputs(wanted: (name: string) => boolean): Promise<Input[]> {
  const out: Input[] = [];
  // The split job's inputs of `npm run bench` (bench/inputs.ts builds the generated ones on first use).
  const { loadInputs } = await import('./inputs.js');
  for (const input of await loadInputs()) {
    if (input.job !== 'split' || !wanted(input.name)) continue;
    out.push({ name: input.name, raster: (await decode(input.bytes)).raster });
  }
  if (wanted('noise 25MP')) {
    out.push(
      synthetic('noise 25MP', (d) => {
        const next = xorshift(7);
        for (let i = 0; i < d.length; i += 4) {
          const v = next();
          d[i] = v; d[i + 1] = v >>> 8; d[i + 2] = v >>> 16; d[i + 3] = 255;
        }
      }),
    );
  }
  if (wanted('blank 25MP')) out.push(synthetic('blank 25MP', (d) => d.fill(255)));
  // Every line is plain, yet neighbouring pixels differ (white with ±4 noise, like a scanned page):
  // every pixel must be read and no "same as the previous pixel" shortcut holds — the worst case.
  if (wanted('smooth 25MP')) {
    out.push(
      synthetic('smooth 25MP', (d) => {
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

/** Median CPU ms of `a` and `b`, alternated (order flipped every round) after warm-up. */
function alternate(a: () => void, b: () => void): [number, number] {
  for (let i = 0; i < WARM_UP; i++) { a(); b(); }
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (i % 2 === 0) { ta.push(cpuMsOf(a)); tb.push(cpuMsOf(b)); } else { tb.push(cpuMsOf(b)); ta.push(cpuMsOf(a)); }
  }
  return [median(ta), median(tb)];
}

function describe(plan: ReturnType<typeof current.planSplit>): string {
  return plan.ok ? `${plan.axis} ${plan.method} ${plan.parts.length} parts` : 'refused';
}

const args = process.argv.slice(2);
const baseAt = args.indexOf('--base');
const ref = baseAt >= 0 ? args[baseAt + 1] ?? 'main' : 'main';
const words = baseAt >= 0 ? args.filter((_, i) => i !== baseAt && i !== baseAt + 1) : args;
const wanted = (name: string): boolean => words.length === 0 || words.some((w) => name.includes(w));
const base = await baseModule(ref);
const rate = (mp: number, ms: number): string => (ms > 0 ? (mp / (ms / 1000)).toFixed(0) : '∞');

console.log(`base ${ref} (${base.commit}) against this tree; median CPU ms of ${RUNS} alternated rounds after ${WARM_UP} warm-ups`);
console.log('');
console.log('| input | MP | planSplit base ms | planSplit now ms | MP/s base | MP/s now | speed-up | measureLines base ms | now ms | MP/s base | MP/s now | plans |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
for (const { name, raster } of await inputs(wanted)) {
  const mp = (raster.width * raster.height) / 1e6;
  const full: Box = { x: 0, y: 0, width: raster.width, height: raster.height };
  const [planBase, planNow] = alternate(() => base.module.planSplit(raster), () => current.planSplit(raster));
  const [linesBase, linesNow] = alternate(() => base.module.measureLines(raster, full), () => current.measureLines(raster, full));
  const before = base.module.planSplit(raster);
  const after = current.planSplit(raster);
  const plans = JSON.stringify(before) === JSON.stringify(after) ? `same: ${describe(after)}` : `DIFFER: ${describe(before)} → ${describe(after)}`;
  console.log(
    `| ${name} | ${mp.toFixed(2)} | ${planBase.toFixed(1)} | ${planNow.toFixed(1)} | ${rate(mp, planBase)} | ${rate(mp, planNow)} | ${(planBase / planNow).toFixed(2)}× | ` +
      `${linesBase.toFixed(1)} | ${linesNow.toFixed(1)} | ${rate(mp, linesBase)} | ${rate(mp, linesNow)} | ${plans} |`,
  );
}
