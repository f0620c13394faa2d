/**
 * The whole view job (decode with shrinkWhole, renderPart to 1568, base64) of a git revision
 * (default `main`) against the working tree's, and sharp's, alternated round by round in one
 * process: median CPU ms (process.cpuUsage: every thread, so sharp's pool counts) and median wall
 * ms of each. On a shared machine only alternated figures compare.
 *
 * `--full` adds the same job with a full-size decode (what it cost before shrink-on-load) for both,
 * and prints how many times slower that is than each view job (run.ts's `fullDecodeOverOurs`).
 *
 * Run: npx tsx bench/view-ab.ts [rounds=15] [--before <git revision>] [--only <name part>] [--no-sharp] [--full]
 */
import { runSharp } from './runners/sharp.js';
import { commitOf, importAtRevision } from './baseline.js';
import { loadInputs } from './inputs.js';
import { median } from './stats.js';
import { MAX_DIMENSION } from './runners/types.js';
import * as tree from '../src/imaging/index.js';

const args = process.argv.slice(2);
const rounds = Number(args.find((a) => /^\d+$/.test(a)) ?? 15);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const revision = option('--before') ?? 'main';
const only = option('--only');
const withSharp = !args.includes('--no-sharp');
const withFull = args.includes('--full');

type Imaging = typeof tree;
const before = await importAtRevision<Imaging>(revision, 'src/imaging/index.ts');

function viewJob(lib: Imaging, bytes: Uint8Array, fullDecode = false): () => Promise<unknown> {
  return async () => {
    const decoded = await lib.decode(bytes, fullDecode ? {} : { maxDimension: MAX_DIMENSION, shrinkWhole: true });
    const whole = { x: 0, y: 0, width: decoded.header.width, height: decoded.header.height };
    const out = await lib.renderPart(decoded, whole, MAX_DIMENSION);
    return Buffer.from(out.bytes).toString('base64');
  };
}

async function timed(fn: () => Promise<unknown>): Promise<[number, number]> {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  await fn();
  const used = process.cpuUsage(cpu);
  return [(used.user + used.system) / 1000, performance.now() - wall];
}

const inputs = (await loadInputs()).filter((i) => i.job === 'view' && (only === undefined || i.name.includes(only)));
console.log(`view job, median of ${rounds} alternated rounds: before = ${revision} ${commitOf(revision)}, after = working tree${withSharp ? ', sharp' : ''}`);
for (const input of inputs) {
  const fns: Array<[string, () => Promise<unknown>]> = [
    ['before', viewJob(before, input.bytes)],
    ['after', viewJob(tree, input.bytes)],
  ];
  if (withSharp) fns.push(['sharp', () => runSharp(input)]);
  const full = fns.length;
  if (withFull) fns.push(['before full', viewJob(before, input.bytes, true)], ['after full', viewJob(tree, input.bytes, true)]);
  for (const [, fn] of fns) for (let i = 0; i < 3; i++) await fn();
  const cpu: number[][] = fns.map(() => []);
  const wall: number[][] = fns.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (let s = 0; s < fns.length; s++) {
      const f = (r + s) % fns.length;
      const [c, w] = await timed(fns[f]![1]);
      cpu[f]!.push(c);
      wall[f]!.push(w);
    }
  }
  const c = cpu.map(median);
  const w = wall.map(median);
  let line = `${input.name.replace(/^view: /, '').padEnd(36)} CPU ${c[0]!.toFixed(1)} → ${c[1]!.toFixed(1)} ms (${(c[0]! / c[1]!).toFixed(2)}×)  wall ${w[0]!.toFixed(1)} → ${w[1]!.toFixed(1)} ms`;
  if (withSharp) line += `  | sharp CPU ${c[2]!.toFixed(1)} wall ${w[2]!.toFixed(1)}: after/sharp CPU ${(c[1]! / c[2]!).toFixed(2)}× wall ${(w[1]! / w[2]!).toFixed(2)}×`;
  if (withFull) {
    const ratios = (i: number, v: number): string => `CPU ${(c[i]! / c[v]!).toFixed(2)}× wall ${(w[i]! / w[v]!).toFixed(2)}×`;
    line += `  | full decode / view: before ${ratios(full, 0)}, after ${ratios(full + 1, 1)}`;
  }
  console.log(line);
}
