/**
 * Shrink throughput in source megapixels per second (target: ≥ 150 MP/s for ratios 1.1–4 on a
 * photo). The photo is decoded once; each case times `cropAndShrinkToFit` on it: a few warm-up
 * calls (JIT), then the median of RUNS calls. CPU time of this process is reported beside wall
 * time because the machine is shared: wall time includes waiting for a core, CPU time does not
 * (the shrink is single-threaded, so the two agree on an idle machine).
 *
 *   npx tsx bench/shrink-speed.ts                    # all cases
 *   npx tsx bench/shrink-speed.ts quarter            # cases whose name contains one of the words
 *   npx tsx bench/shrink-speed.ts --baseline main    # before (that revision) vs after, alternating
 *
 * With --baseline, each round times the revision's shrink and the working tree's on the same case
 * back to back, checks that both give the same bytes, and prints both rates in MP per CPU-second.
 */
import { readFileSync } from 'node:fs';
import { decode } from '../src/imaging/decode.js';
import type { Box, Raster } from '../src/imaging/raster.js';
import { cropAndShrinkToFit } from '../src/imaging/shrink.js';
import { baselineArgument, importAtRevision } from './baseline.js';
import { cpuMsOf, median } from './stats.js';

/** Enough calls for a stable median on a loaded 2-core machine, few enough to finish in seconds. */
const RUNS = 11;
/** V8 tiers a hot function up after a few calls; the first calls measure the compiler, not the code. */
const WARM_UP = 4;
/** The limit the tools use for a part handed to a model. */
const MODEL_LIMIT = 1568;

interface Case {
  name: string;
  box: Box;
  limit: number;
}

function cases(raster: Raster): Case[] {
  const halfW = raster.width >> 1;
  const halfH = raster.height >> 1;
  const whole: Box = { x: 0, y: 0, width: raster.width, height: raster.height };
  const quarter = (qx: number, qy: number): Box => ({ x: qx * halfW, y: qy * halfH, width: halfW, height: halfH });
  const longest = (b: Box): number => Math.max(b.width, b.height);
  const out: Case[] = [];
  // The four quarters at the model limit: 2000 → 1568, ratio ≈ 1.28 (the slow case the team bench saw).
  for (const [qx, qy] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) {
    out.push({ name: `quarter${qx}${qy} → ${MODEL_LIMIT}`, box: quarter(qx, qy), limit: MODEL_LIMIT });
  }
  out.push({ name: `whole → ${MODEL_LIMIT}`, box: whole, limit: MODEL_LIMIT });
  // The ends and middle of the 1.1–4 ratio range, on a quarter and on the whole picture.
  for (const ratio of [1.1, 2, 3, 4]) {
    out.push({ name: `quarter ratio ${ratio}`, box: quarter(0, 0), limit: Math.round(longest(quarter(0, 0)) / ratio) });
    out.push({ name: `whole ratio ${ratio}`, box: whole, limit: Math.round(longest(whole) / ratio) });
  }
  return out;
}

type Shrink = typeof cropAndShrinkToFit;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const revision = baselineArgument(args);
  const filter = args.filter((a, i) => a !== '--baseline' && args[i - 1] !== '--baseline');
  const bytes = new Uint8Array(readFileSync(new URL('../fixtures/collages/bench-grid-4000x3000.jpg', import.meta.url)));
  const { raster } = await decode(bytes);
  if (revision !== undefined) {
    const before = (await importAtRevision<{ cropAndShrinkToFit: Shrink }>(revision, 'src/imaging/shrink.ts')).cropAndShrinkToFit;
    compare(raster, before, revision, filter);
    return;
  }
  console.log(`source ${raster.width}×${raster.height}, median of ${RUNS} after ${WARM_UP} warm-up calls`);
  console.log('case                    out size     wall ms  CPU ms   MP/s wall  MP/s CPU');
  for (const c of cases(raster)) {
    if (filter.length > 0 && !filter.some((w) => c.name.includes(w))) continue;
    let out: Raster = raster;
    for (let i = 0; i < WARM_UP; i++) out = cropAndShrinkToFit(raster, c.box, c.limit);
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      out = cropAndShrinkToFit(raster, c.box, c.limit);
      wall.push(performance.now() - t0);
      const dc = process.cpuUsage(c0);
      cpu.push((dc.user + dc.system) / 1000);
    }
    const mp = (c.box.width * c.box.height) / 1e6;
    const w = median(wall);
    const u = median(cpu);
    console.log(
      `${c.name.padEnd(22)}  ${`${out.width}×${out.height}`.padEnd(11)} ${w.toFixed(1).padStart(7)} ${u.toFixed(1).padStart(7)} ${(mp / (w / 1000)).toFixed(0).padStart(10)} ${(mp / (u / 1000)).toFixed(0).padStart(9)}`,
    );
  }
}

/** Alternating rounds of the revision's shrink and ours per case: source MP per CPU-second, medians. */
function compare(raster: Raster, before: Shrink, revision: string, filter: readonly string[]): void {
  const rounds = 2 * RUNS;
  console.log(`source ${raster.width}×${raster.height}; ${revision} vs working tree alternating, median of ${rounds} rounds after ${WARM_UP} warm-up; source MP per CPU-second`);
  console.log(`case                    out size     ${revision.padStart(8)}     after   after/before  same bytes`);
  for (const c of cases(raster)) {
    if (filter.length > 0 && !filter.some((w) => c.name.includes(w))) continue;
    const a = before(raster, c.box, c.limit);
    const b = cropAndShrinkToFit(raster, c.box, c.limit);
    const same = a.data.length === b.data.length && a.data.every((v, i) => v === b.data[i]);
    for (let i = 1; i < WARM_UP; i++) {
      before(raster, c.box, c.limit);
      cropAndShrinkToFit(raster, c.box, c.limit);
    }
    const beforeMs: number[] = [];
    const afterMs: number[] = [];
    for (let i = 0; i < rounds; i++) {
      // Which goes first alternates too, so neither always inherits the other's warm caches or garbage.
      if (i % 2 === 0) beforeMs.push(cpuMsOf(() => before(raster, c.box, c.limit)));
      afterMs.push(cpuMsOf(() => cropAndShrinkToFit(raster, c.box, c.limit)));
      if (i % 2 === 1) beforeMs.push(cpuMsOf(() => before(raster, c.box, c.limit)));
    }
    const mp = (c.box.width * c.box.height) / 1e6;
    const rateBefore = mp / (median(beforeMs) / 1000);
    const rateAfter = mp / (median(afterMs) / 1000);
    console.log(
      `${c.name.padEnd(22)}  ${`${b.width}×${b.height}`.padEnd(11)} ${rateBefore.toFixed(0).padStart(8)}  ${rateAfter.toFixed(0).padStart(8)}  ${`${(rateAfter / rateBefore).toFixed(2)}×`.padStart(12)}  ${same ? 'yes' : 'NO'}`,
    );
  }
}

await main();
