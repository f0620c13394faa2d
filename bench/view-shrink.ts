/**
 * The view job's shrink alone: Ycbcr420Shrinker on 4:2:0 planes the size of the 25 MP photo's 1/2
 * decode (3072×2048 luma, pseudo-random samples) down to 1568×1045, fed eight rows at a time as
 * the decoder does; a git revision's (default HEAD) against the working tree's, alternated in one
 * process, median CPU ms.
 *
 * Run: npx tsx bench/view-shrink.ts [rounds=25] [--before <git revision>]
 */
import { commitOf, importAtRevision } from './baseline.js';
import { alternatedCpuMs, median } from './stats.js';
import * as tree from '../src/imaging/shrink.js';

const args = process.argv.slice(2);
const rounds = Number(args.find((a) => /^\d+$/.test(a)) ?? 25);
const at = args.indexOf('--before');
const revision = at >= 0 ? args[at + 1]! : 'HEAD';
const before = await importAtRevision<typeof tree>(revision, 'src/imaging/shrink.ts');

const W = 3072;
const H = 2048;
const luma = new Uint8Array(W * H);
const cb = new Uint8Array((W * H) / 4);
const cr = new Uint8Array((W * H) / 4);
let seed = 1;
const next = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
for (let i = 0; i < luma.length; i++) luma[i] = (next() >>> 16) & 255;
for (let i = 0; i < cb.length; i++) {
  cb[i] = 100 + ((next() >>> 16) & 63);
  cr[i] = 90 + ((next() >>> 16) & 63);
}

function job(lib: typeof tree): () => void {
  return () => {
    const shrinker = new lib.Ycbcr420Shrinker(W, H, 1568, 1045);
    for (let y = 8; y <= H; y += 8) shrinker.addPlanes(luma, W, cb, cr, W / 2, y);
    shrinker.finish();
  };
}

const times = alternatedCpuMs([job(before), job(tree)], rounds);
const [b, a] = times.map(median) as [number, number];
console.log(`Ycbcr420Shrinker 3072×2048 → 1568×1045, median of ${rounds} alternated rounds: ${revision} ${commitOf(revision)} ${b.toFixed(1)} → working tree ${a.toFixed(1)} ms CPU (${(b / a).toFixed(2)}×)`);
