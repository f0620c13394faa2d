/**
 * The 25 MP photo's view decode (decode with shrinkWhole) and plain 1/2 decode, a git revision's
 * against the working tree's, alternated in one process: median CPU ms. With "view" or "half" as
 * the last argument only that pair runs (in a mixed process each path's code also sees the other's).
 *
 * Run: npx tsx bench/_ab-decode.ts [git revision] [runs] [file] [view|half]
 */
import { readFileSync } from 'node:fs';
import { importAtRevision } from './baseline.js';
import * as tree from '../src/imaging/index.js';
import { decodeJpeg } from '../src/imaging/decoders/jpeg.js';
import { median } from './stats.js';
const rev = process.argv[2] ?? 'ca11632';
const runs = Number(process.argv[3] ?? 25);
const file = process.argv[4] ?? 'bench/out/photo-25mp.jpg';
const base = await importAtRevision<typeof tree>(rev, 'src/imaging/index.ts');
const baseJ = await importAtRevision<{ decodeJpeg: typeof decodeJpeg }>(rev, 'src/imaging/decoders/jpeg.ts');
const bytes = readFileSync(file);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const all: Array<[string, () => unknown]> = [
  ['base view', () => base.decode(bytes, { maxDimension: 1568, shrinkWhole: true })],
  ['tree view', () => tree.decode(bytes, { maxDimension: 1568, shrinkWhole: true })],
  ['base 1/2', () => baseJ.decodeJpeg(bytes, { scale: 2 })],
  ['tree 1/2', () => decodeJpeg(bytes, { scale: 2 })],
];
const pick = process.argv[5]; const fns = pick === "half" ? all.slice(2) : pick === "view" ? all.slice(0, 2) : all;
const t: number[][] = fns.map(() => []);
for (const [, f] of fns) for (let i = 0; i < 4; i++) await f();
for (let r = 0; r < runs; r++) for (let s = 0; s < fns.length; s++) { const i = (r + s) % fns.length; const c = cpu(); await fns[i]![1](); t[i]!.push(cpu() - c); }
const m = t.map(median); if (fns.length === 2) { console.log(`${fns[0]![0]} ${m[0]!.toFixed(1)} -> ${m[1]!.toFixed(1)} (${(m[0]! / m[1]!).toFixed(3)}x)`); process.exit(0); }
console.log(`view ${m[0]!.toFixed(1)} -> ${m[1]!.toFixed(1)} (${(m[0]! / m[1]!).toFixed(3)}x)   1/2 ${m[2]!.toFixed(1)} -> ${m[3]!.toFixed(1)} (${(m[2]! / m[3]!).toFixed(3)}x)`);
