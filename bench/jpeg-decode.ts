/**
 * JPEG decode speed on the bench's JPEG inputs, in source megapixels per CPU second (user + system
 * of this process; on a shared machine wall time swings with other load, CPU time much less):
 * - `full`: a full-size decode, what a split job does;
 * - `view`: the decode a view job does, at the DCT scale `decode(bytes, { maxDimension: 1568 })`
 *   picks (shown as 1/s), still counted in source megapixels so the two columns compare.
 * Each figure is "before → after": before is the decoder of a git revision (default `main`),
 * extracted into bench/out/ and imported beside the working tree's; the two are alternated run
 * by run in this one process and the medians compared. The last column is what the issue's view
 * target asks: today's (before) full decode time over the view decode's time after.
 * `--job` adds the whole view job after (decode with shrinkWhole + renderPart: shrink to 1568 and encode, as the view tool does) against
 * the before full decode.
 *
 * Run: npx tsx bench/jpeg-decode.ts [runs] [--before <git revision>] [--no-before] [--job] [--only <name part>]
 */
import { decode, shrinkOnLoadScale } from '../src/imaging/decode.js';
import { decodeJpeg, probeJpeg, type JpegScale } from '../src/imaging/decoders/jpeg.js';
import { renderPart } from '../src/imaging/render.js';
import { commitOf, importAtRevision } from './baseline.js';
import { loadInputs } from './inputs.js';
import { cpuMsOfAsync, median } from './stats.js';
import { MAX_DIMENSION } from './runners/types.js';

const args = process.argv.slice(2);
const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 7);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const beforeRevision = args.includes('--no-before') ? null : (option('--before') ?? 'main');
const withJob = args.includes('--job');
const only = option('--only');

type Decoder = (bytes: Uint8Array, options: { scale?: JpegScale }) => unknown;

/** `revision`'s JPEG decoder, imported beside the working tree's. */
async function decoderAt(revision: string): Promise<{ decode: Decoder; label: string }> {
  const module = await importAtRevision<{ decodeJpeg: Decoder }>(revision, 'src/imaging/decoders/jpeg.ts');
  return { decode: module.decodeJpeg, label: `${revision} ${commitOf(revision)}` };
}

/**
 * Median CPU ms of each function, run alternately `runs` times after one warm-up each; each round
 * starts at a different function, so none always follows the same neighbour (and pays for its
 * garbage: collection is counted, since CPU time includes the collector's threads).
 */
async function alternate(fns: Array<() => unknown>): Promise<number[]> {
  // Warm-up: JIT compilation is not decode speed. One call was not enough for a small input: the
  // strip (0.6 MP, the first input) was timed while V8 was still tiering the decoder up and read
  // 30–33 MP/s against 53–57 once warm; each function now runs for at least 3 calls and 150 ms CPU.
  for (const fn of fns) {
    for (let calls = 0, spent = 0; calls < 3 || spent < 150; calls++) spent += await cpuMsOfAsync(fn);
  }
  const times: number[][] = fns.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (let step = 0; step < fns.length; step++) {
      const f = (i + step) % fns.length;
      times[f]!.push(await cpuMsOfAsync(fns[f]!));
    }
  }
  return times.map(median);
}

const before = beforeRevision === null ? null : await decoderAt(beforeRevision);
const after: Decoder = decodeJpeg;
const inputs = (await loadInputs()).filter(
  (input, i, all) =>
    input.path.endsWith('.jpg') && all.findIndex((other) => other.path === input.path) === i && (only === undefined || input.name.includes(only)),
);

const rate = (mp: number, ms: number): string => (mp / (ms / 1000)).toFixed(1).padStart(6);
console.log(
  `JPEG decode, source MP per CPU second (median of ${runs} alternated runs)${before ? `, before = ${before.label} → after = working tree` : ''}; higher is better`,
);
console.log(`${'input'.padEnd(36)} ${'full'.padStart(before ? 16 : 6)}  ${'scale'.padStart(5)} ${'view'.padStart(before ? 16 : 6)}  full before / view after`);
for (const input of inputs) {
  const bytes = input.bytes;
  const header = probeJpeg(bytes);
  const mp = (header.width * header.height) / 1e6;
  const scale = shrinkOnLoadScale(header, { maxDimension: MAX_DIMENSION });
  const fns: Array<() => unknown> = [() => after(bytes, {}), () => after(bytes, { scale })];
  if (before) fns.push(() => before.decode(bytes, {}), () => before.decode(bytes, { scale }));
  const whole = { x: 0, y: 0, width: header.width, height: header.height };
  if (withJob) fns.push(async () => renderPart(await decode(bytes, { maxDimension: MAX_DIMENSION, shrinkWhole: true }), whole, MAX_DIMENSION));
  const ms = await alternate(fns);
  const [fullAfter, viewAfter] = ms as [number, number];
  const fullBefore = before ? ms[2]! : fullAfter;
  const viewBefore = before ? ms[3]! : viewAfter;
  const pair = (b: number, a: number): string => (before ? `${rate(mp, b)} → ${rate(mp, a)}` : rate(mp, a)) + ` (${(b / a).toFixed(2)}×)`;
  const name = `${input.name.replace(/^view: /, '')}`.slice(0, 36).padEnd(36);
  let line = `${name} ${pair(fullBefore, fullAfter)}  ${`1/${scale}`.padStart(5)} ${pair(viewBefore, viewAfter)}  ${(fullBefore / viewAfter).toFixed(2)}×`;
  if (withJob) line += `  view job after: ${ms[ms.length - 1]!.toFixed(0)} ms CPU, ${(fullBefore / ms[ms.length - 1]!).toFixed(2)}× faster than the full decode before`;
  console.log(line);
}
