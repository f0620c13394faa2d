/**
 * bench/view-ab.ts --full without sharp, with minimum as well as median: the view job and the
 * full-decode job, a git revision's and the working tree's, alternated in one process; CPU and
 * wall, and full over view for each. On a loaded machine the minimum is the least disturbed run.
 *
 * Run: npx tsx bench/_ratio.ts [git revision] [rounds] [file]
 */
import { readFileSync } from 'node:fs';
import { importAtRevision } from './baseline.js';
import * as tree from '../src/imaging/index.js';
import { median } from './stats.js';
const rev = process.argv[2] ?? 'ca11632';
const rounds = Number(process.argv[3] ?? 21);
const file = process.argv[4] ?? 'bench/out/photo-25mp.jpg';
const base = await importAtRevision<typeof tree>(rev, 'src/imaging/index.ts');
const bytes = readFileSync(file);
const job = (lib: typeof tree, full: boolean) => async () => {
  const d = await lib.decode(bytes, full ? {} : { maxDimension: 1568, shrinkWhole: true });
  const out = await lib.renderPart(d, { x: 0, y: 0, width: d.header.width, height: d.header.height }, 1568);
  return Buffer.from(out.bytes).toString('base64');
};
const fns = [job(base, false), job(tree, false), job(base, true), job(tree, true)];
for (const f of fns) for (let i = 0; i < 3; i++) await f();
const cpu: number[][] = fns.map(() => []), wall: number[][] = fns.map(() => []);
for (let r = 0; r < rounds; r++) for (let s = 0; s < fns.length; s++) {
  const i = (r + s) % fns.length; const c = process.cpuUsage(); const w = performance.now();
  await fns[i]!(); const u = process.cpuUsage(c); cpu[i]!.push((u.user + u.system) / 1000); wall[i]!.push(performance.now() - w);
}
console.log("tree view cpu:", cpu[1]!.map((x) => x.toFixed(0)).join(" ")); console.log("base view cpu:", cpu[0]!.map((x) => x.toFixed(0)).join(" "));
const f = (a: number[][], g: (x: number[]) => number) => a.map(g);
const min = (x: number[]) => Math.min(...x);
for (const [name, a] of [['cpu', cpu], ['wall', wall]] as const) for (const [gn, g] of [['median', median], ['min', min]] as const) {
  const m = f(a, g);
  console.log(`${name} ${gn}: view ${m[0]!.toFixed(1)} -> ${m[1]!.toFixed(1)} (${(m[0]! / m[1]!).toFixed(3)}x)  full ${m[2]!.toFixed(1)} -> ${m[3]!.toFixed(1)}  ratio before ${(m[2]! / m[0]!).toFixed(2)} after ${(m[3]! / m[1]!).toFixed(2)}`);
}
