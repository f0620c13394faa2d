/**
 * idct4x4 (the 1/2-scale inverse DCT the view of a large photo runs once per block that is not
 * flat) of a git revision (default HEAD) against the working tree's, alternated in one process:
 * 250 000 calls on 1024 photo-like blocks (a DC term and 1–12 small coefficients among the first
 * 20 in zig-zag order, as in the 25 MP photo's non-flat blocks), median CPU ms; and a check that
 * both write the same words. The revision must take dequantized coefficients (idct4x4's signature
 * since the commit that gave the reduced IDCTs one input form).
 *
 * Run: npx tsx bench/view-idct.ts [rounds=25] [--before <git revision>]
 */
import { commitOf, importAtRevision } from './baseline.js';
import { alternatedCpuMs, median } from './stats.js';
import * as tree from '../src/imaging/decoders/jpeg/idct-scaled.js';
import { ZIGZAG } from '../src/imaging/decoders/jpeg/zigzag.js';

const args = process.argv.slice(2);
const rounds = Number(args.find((a) => /^\d+$/.test(a)) ?? 25);
const at = args.indexOf('--before');
const revision = at >= 0 ? args[at + 1]! : 'HEAD';
const before = await importAtRevision<typeof tree>(revision, 'src/imaging/decoders/jpeg/idct-scaled.ts');

const CALLS = 250_000;
const blocks = new Int16Array(1024 * 64);
let seed = 7;
const random = (): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) / 16777216;
for (let b = 0; b < 1024; b++) {
  blocks[b * 64] = Math.floor(random() * 200 - 100);
  const k = 1 + Math.floor(random() * 12);
  for (let j = 0; j < k; j++) blocks[b * 64 + ZIGZAG[1 + Math.floor(random() * 20)]!] = Math.floor(random() * 9) - 4 || 1;
}
const quant = new Int32Array(64).map((_, i) => 2 + (i % 9));
// idct4x4 reads coefficients times their quantisation step, as the block decoder stores them.
const dequantized = Int32Array.from(blocks, (v, i) => v * quant[i & 63]!);
const views = Array.from({ length: 1024 }, (_, b) => dequantized.subarray(b * 64, b * 64 + 64));
const wordsPerRow = 3072 / 4;
const planes = [new Uint32Array(wordsPerRow * 4 * 512), new Uint32Array(wordsPerRow * 4 * 512)];
type Idct = (dequantized: Int32Array, out: Uint32Array, at: number, stride: number) => void;

function job(idct: Idct, plane: Uint32Array): () => void {
  return () => {
    for (let b = 0; b < CALLS; b++) {
      const row = ((b / wordsPerRow) | 0) % 512;
      idct(views[b & 1023]!, plane, row * 4 * wordsPerRow + (b % wordsPerRow), wordsPerRow);
    }
  };
}

const times = alternatedCpuMs([job(before.idct4x4, planes[0]!), job(tree.idct4x4, planes[1]!)], rounds);
let differing = 0;
for (let i = 0; i < planes[0]!.length; i++) if (planes[0]![i] !== planes[1]![i]) differing++;
const [b, a] = times.map(median) as [number, number];
console.log(`idct4x4, ${CALLS} calls, median of ${rounds} alternated rounds: ${revision} ${commitOf(revision)} ${b.toFixed(1)} → working tree ${a.toFixed(1)} ms CPU (${(b / a).toFixed(2)}×); words differing: ${differing}`);
