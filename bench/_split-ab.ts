/**
 * The split job's detection stage as bench/run.ts times it (wall, with the GC pauses it hosts),
 * a git revision's against the working tree's, each job after a sharp run as in the bench.
 *
 * Run: npx tsx bench/_split-ab.ts [git revision] [rounds] [input name part]
 */
import { loadInputs } from './inputs.js';
import { runSharp } from './runners/sharp.js';
import { importAtRevision } from './baseline.js';
import { GcPauses } from './gc-pauses.js';
import { median } from './stats.js';
import * as tree from '../src/imaging/index.js';
import { MAX_DIMENSION } from './runners/types.js';
const rev = process.argv[2] ?? 'ca11632';
const rounds = Number(process.argv[3] ?? 15);
const which = process.argv[4] ?? 'WebP';
const base = await importAtRevision<typeof tree>(rev, 'src/imaging/index.ts');
const input = (await loadInputs()).find((i) => i.job === 'split' && i.name.includes(which))!;
async function job(lib: typeof tree) {
  const log = new GcPauses();
  const d = await lib.decode(input.bytes);
  const t = performance.now();
  const plan = lib.planSplit(d.raster, input.parts === undefined ? {} : { parts: input.parts });
  const e = performance.now();
  if (!plan.ok) throw new Error('refused');
  for (const box of plan.parts) { const p = await lib.renderPart(d, box, MAX_DIMENSION); Buffer.from(p.bytes).toString('base64'); }
  const gc = await log.pausedMs([[t, e]]); log.stop();
  return [e - t, gc];
}
const libs = [base, tree];
for (const l of libs) for (let i = 0; i < 2; i++) { await job(l); await runSharp(input); }
const det: number[][] = [[], []], gc: number[][] = [[], []];
for (let r = 0; r < rounds; r++) for (let s = 0; s < 2; s++) {
  const i = (r + s) % 2; await runSharp(input); const [d, g] = await job(libs[i]!); det[i]!.push(d!); gc[i]!.push(g!);
}
const mp = 12;
for (let i = 0; i < 2; i++) console.log(`${i ? 'tree' : 'base'}: detect median ${median(det[i]!).toFixed(2)} ms = ${(mp * 1000 / median(det[i]!)).toFixed(0)} MP/s, gc median ${median(gc[i]!).toFixed(2)} ms, without ${(mp * 1000 / median(det[i]!.map((d, j) => d - gc[i]![j]!))).toFixed(0)} MP/s; gc>0 in ${gc[i]!.filter((x) => x > 0).length}/${rounds}`);
