/**
 * `npm run bench`: the two picture jobs the tools do, by ours, sharp and jimp on the same inputs,
 * alternating runner order each round after a warm-up, medians of BENCH_ROUNDS (default 10)
 * rounds. `split` is enc_split_image (decode → detect → crop → shrink to 1568 → encode → base64),
 * `view` is enc_view_image (decode, shrinking on load where the format allows → shrink to 1568 →
 * encode → base64). Ours runs the functions the tools call (`decode`, `planSplit`, `renderPart`,
 * `toBase64`). Checks that all three cut the same boxes and that our pixels stay close to sharp's,
 * measures each runner's peak RSS in its own child process, and writes bench/results.{md,json,svg}.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { decode } from '../src/imaging/decode.js';
import { planSplit } from '../src/imaging/separators/index.js';
import { crop } from '../src/imaging/crop.js';
import { shrinkToFit } from '../src/imaging/shrink.js';
import { barChartSvg } from './chart.js';
import { boxDifference, worstPartMae } from './compare.js';
import { loadInputs, type BenchInput } from './inputs.js';
import { encoderShootout, headerRefusalMs, type EncoderFigures } from './micro.js';
import { runJimp } from './runners/jimp.js';
import { runOurs } from './runners/ours.js';
import { runSharp } from './runners/sharp.js';
import { cpuMs, type SplitResult, type SplitRunner, type StageTimes } from './runners/types.js';
import { median } from './stats.js';

/** At least 10 timed rounds (the team's rule); override with BENCH_ROUNDS for a quick smoke run. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
/** Rounds run and discarded first, so every runner is JIT-compiled and its caches are warm. */
const WARMUP_ROUNDS = 1;
/**
 * A runner keeps warming up (at most WARMUP_MAX_CALLS calls in all) until its warm-up calls took this
 * much wall time: one call of a small input left V8 mid tier-up, and the first input (the 0.6 MP
 * strip) read 38 MP per CPU second in its decode stage against 56 once warm (bench/jpeg-decode.ts).
 * Slow runners (jimp: seconds per call) still warm up once.
 */
const WARMUP_MS = 200;
const WARMUP_MAX_CALLS = 10;
/** Optional substring filter on input names, for a quick look at one input (BENCH_ONLY=strip). */
const ONLY = process.env.BENCH_ONLY;
const HERE = fileURLToPath(new URL('.', import.meta.url));

type RunnerName = 'ours' | 'sharp' | 'jimp';
const RUNNERS: Array<[name: RunnerName, run: SplitRunner]> = [
  ['ours', (job) => runOurs(job)],
  ['sharp', runSharp],
  ['jimp', runJimp],
];

/** The runners that can read an input (jimp reads no WebP). */
function runnersFor(input: BenchInput): Array<[RunnerName, SplitRunner]> {
  return RUNNERS.filter(([name]) => !(name === 'jimp' && input.jimpUnsupported));
}

interface InputFigures {
  job: 'split' | 'view';
  name: string;
  note: string;
  megapixels: number;
  parts: number;
  oursMs: number;
  sharpMs: number;
  /** NaN where jimp cannot read the input. */
  jimpMs: number;
  oursOverSharp: number;
  jimpOverOurs: number;
  /** View job only: our median with a full-size decode (the path before shrink-on-load), over ours. */
  fullDecodeOverOurs?: number;
  jimpUnsupported?: string;
  /** Median process CPU ms per job (all threads: sharp's libvips workers count too). */
  cpuMs: { ours: number; sharp: number; jimp: number };
  stages: Record<string, number>;
  /** Our stages in MP per CPU second. */
  stagesCpuMPs: Record<string, number>;
  peakRssMB: number;
  rss: Record<string, { baselineMB: number; peakMB: number }>;
  rgbaMB: number;
  boxDiffSharp: number;
  boxDiffJimp: number;
  maeVsSharp: number;
}

function log(message: string): void {
  process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${message}\n`);
}

function childRss(runner: string, input: BenchInput): { baselineMB: number; peakMB: number } {
  const args = ['--import', 'tsx', `${HERE}rss-child.ts`, runner, input.job, input.path, ...(input.parts ? [String(input.parts)] : [])];
  const out = execFileSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(out) as { baselineMB: number; peakMB: number };
}

async function benchInput(input: BenchInput): Promise<InputFigures> {
  log(`${input.name}: warm-up and correctness`);
  const runners = runnersFor(input);
  const first: Partial<Record<RunnerName, SplitResult>> = {};
  const warmedMs: Partial<Record<RunnerName, number>> = {};
  for (let w = 0; w < WARMUP_ROUNDS; w++) {
    for (const [name, run] of runners) {
      const t = performance.now();
      first[name] = await run(input);
      warmedMs[name] = (warmedMs[name] ?? 0) + performance.now() - t;
    }
  }
  for (const [name, run] of runners) {
    for (let calls = WARMUP_ROUNDS, spent = warmedMs[name]!; calls < WARMUP_MAX_CALLS && spent < WARMUP_MS; calls++) {
      const t = performance.now();
      await run(input);
      spent += performance.now() - t;
    }
  }
  const ours = first.ours!;
  const boxDiffSharp = boxDifference(ours, first.sharp!);
  const boxDiffJimp = first.jimp ? boxDifference(ours, first.jimp) : Number.NaN;
  const maeVsSharp = await worstPartMae(ours, first.sharp!);

  const times: Record<string, number[]> = { ours: [], sharp: [], jimp: [] };
  const cpuTimes: Record<string, number[]> = { ours: [], sharp: [], jimp: [] };
  const stageLists: Record<keyof StageTimes, number[]> = { decode: [], detect: [], render: [], base64: [] };
  const stageCpuLists: Record<keyof StageTimes, number[]> = { decode: [], detect: [], render: [], base64: [] };
  const detectGcLists = { paused: [] as number[], without: [] as number[] };
  const fullDecodeTimes: number[] = [];
  let pixels = ours.stagePixels!;
  for (let round = 0; round < ROUNDS; round++) {
    if (input.job === 'view') {
      // The view job as it was before shrink-on-load, for the "how much faster" ratio.
      const t = performance.now();
      await runOurs(input, { fullDecode: true });
      fullDecodeTimes.push(performance.now() - t);
    }
    // Rotate who goes first so no runner always inherits the previous one's garbage or cache state.
    for (let k = 0; k < runners.length; k++) {
      const [name, run] = runners[(round + k) % runners.length]!;
      const c = cpuMs();
      const t = performance.now();
      const result = await run(input);
      times[name]!.push(performance.now() - t);
      cpuTimes[name]!.push(cpuMs() - c);
      if (name === 'ours') {
        for (const key of Object.keys(stageLists) as Array<keyof StageTimes>) {
          stageLists[key].push(result.stages![key]);
          stageCpuLists[key].push(result.stagesCpu![key]);
        }
        detectGcLists.paused.push(result.stagesGc!.detect);
        detectGcLists.without.push(result.stages!.detect - result.stagesGc!.detect);
        pixels = result.stagePixels!;
      }
    }
    log(`${input.name}: round ${round + 1}/${ROUNDS}`);
  }
  const stageMs = Object.fromEntries(Object.entries(stageLists).map(([k, v]) => [k, median(v)])) as Record<keyof StageTimes, number>;
  const stages: Record<string, number> = {
    decodeMs: stageMs.decode,
    detectMs: stageMs.detect,
    renderMs: stageMs.render,
    base64Ms: stageMs.base64,
    decodeMPs: pixels.source / (stageMs.decode / 1000),
    detectMPs: pixels.source / (stageMs.detect / 1000),
    detectGcMs: median(detectGcLists.paused),
    detectWithoutGcMPs: pixels.source / (median(detectGcLists.without) / 1000),
    renderMPs: pixels.encoded / (stageMs.render / 1000),
    base64MPs: pixels.encoded / (stageMs.base64 / 1000),
  };

  const cpu = Object.fromEntries(Object.entries(stageCpuLists).map(([k, v]) => [k, median(v)])) as Record<keyof StageTimes, number>;
  const stagesCpuMPs: Record<string, number> = {
    decode: pixels.source / (cpu.decode / 1000),
    detect: pixels.source / (cpu.detect / 1000),
    render: pixels.encoded / (cpu.render / 1000),
    base64: pixels.encoded / (cpu.base64 / 1000),
  };

  log(`${input.name}: peak RSS per runner (child processes)`);
  const rss: Record<string, { baselineMB: number; peakMB: number }> = {};
  for (const [name] of runners) rss[name] = childRss(name, input);

  const oursMs = median(times.ours!);
  const sharpMs = median(times.sharp!);
  const jimpMs = input.jimpUnsupported ? Number.NaN : median(times.jimp!);
  return {
    job: input.job,
    name: input.name,
    note: input.note,
    megapixels: pixels.source,
    parts: ours.parts.length,
    oursMs,
    sharpMs,
    jimpMs,
    oursOverSharp: oursMs / sharpMs,
    jimpOverOurs: jimpMs / oursMs,
    ...(input.job === 'view' ? { fullDecodeOverOurs: median(fullDecodeTimes) / oursMs } : {}),
    ...(input.jimpUnsupported ? { jimpUnsupported: input.jimpUnsupported } : {}),
    cpuMs: { ours: median(cpuTimes.ours!), sharp: median(cpuTimes.sharp!), jimp: input.jimpUnsupported ? Number.NaN : median(cpuTimes.jimp!) },
    stages,
    stagesCpuMPs,
    peakRssMB: rss.ours!.peakMB,
    rss,
    rgbaMB: (pixels.source * 1e6 * 4) / 2 ** 20,
    boxDiffSharp,
    boxDiffJimp,
    maeVsSharp,
  };
}

async function shootoutRaster(inputs: BenchInput[]): Promise<{ raster: ReturnType<typeof shrinkToFit>; from: string }> {
  // A real 1568-px part: the first quadrant of the grid collage, as the split tool would encode it.
  const grid = inputs.find((i) => i.name.startsWith('grid')) ?? inputs[0]!;
  const { raster } = await decode(grid.bytes);
  const plan = planSplit(raster);
  const box = plan.ok ? plan.parts[0]! : { x: 0, y: 0, width: raster.width, height: raster.height };
  return { raster: shrinkToFit(crop(raster, box), 1568), from: grid.name };
}

function fmt(n: number, digits = 1): string {
  return Number.isFinite(n) ? n.toFixed(digits) : String(n);
}

function ratio(n: number): string {
  return Number.isFinite(n) ? `${fmt(n, 2)}×` : 'n/a';
}

/** What the measured load average says about the run: only measured facts, no assumptions about the machine. */
function contention(machine: Machine): string {
  const cores = Number(machine.cores);
  // The 1-minute values bracket the run; the 5-minute value after it covers most of a run this long.
  const [before1] = machine.loadBefore.split(' / ').map(Number);
  const [after1, after5] = machine.loadAfter.split(' / ').map(Number);
  const peak = Math.max(before1 ?? 0, after1 ?? 0, after5 ?? 0);
  const measured = `Load average (1 / 5 / 15 min) was ${machine.loadBefore} before the run and ${machine.loadAfter} after it, on ${cores} cores.`;
  const reading =
    peak > cores
      ? 'More processes wanted a core than there were cores, so absolute times include waiting for one and are inflated and noisy.'
      : 'The measured load stayed at or below the core count.';
  return `${measured} ${reading} The three runners alternated every round, so the ratios between them are the most robust figures; sharp (libvips) may use several threads, ours and jimp use one.`;
}

interface Machine {
  when: string;
  cpu: string;
  cores: string;
  memoryGB: string;
  node: string;
  loadBefore: string;
  loadAfter: string;
}

function markdown(figures: InputFigures[], shootout: EncoderFigures & { from: string }, refusal: { medianMs: number; code: string }, machine: Machine): string {
  const lines: string[] = [];
  lines.push('# Picture jobs bench: ours vs sharp vs jimp', '');
  lines.push(`Generated by \`npm run bench\` (bench/run.ts) at ${machine.when}.`, '');
  lines.push(`Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGB} GB memory, Node ${machine.node}.`, '', contention(machine), '');
  lines.push(
    `Jobs, as the tools do them: **split** (enc_split_image) = decode → separator plan (our planSplit for all three) → crop → shrink to 1568 px → encode → base64; ` +
      `**view** (enc_view_image) = decode (JPEG shrinks on load, for us and for sharp) → shrink to 1568 px → encode → base64. ` +
      `Encoding: JPEG q90 4:4:4 for lossy sources, PNG for lossless unless > 1 MiB. Ours calls decode, planSplit, renderPart and toBase64 — the functions the tools call. ` +
      `Medians of ${ROUNDS} rounds after ${WARMUP_ROUNDS} warm-up round (and more warm-up calls per runner until ${WARMUP_MS} ms, at most ${WARMUP_MAX_CALLS}).`,
    '',
  );
  lines.push('## End to end', '');
  lines.push('| job | input | MP | parts | ours ms | sharp ms | jimp ms | ours/sharp | jimp/ours | boxes Δ sharp/jimp px | MAE vs sharp |');
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const f of figures) {
    lines.push(
      `| ${f.job} | ${f.name} | ${fmt(f.megapixels, 2)} | ${f.parts} | ${fmt(f.oursMs)} | ${fmt(f.sharpMs)} | ${fmt(f.jimpMs)} | ${ratio(f.oursOverSharp)} | ${ratio(f.jimpOverOurs)} | ${f.boxDiffSharp}/${Number.isNaN(f.boxDiffJimp) ? 'n/a' : f.boxDiffJimp} | ${fmt(f.maeVsSharp, 2)} |`,
    );
  }
  lines.push('', ...figures.map((f) => `- ${f.name}: ${f.note}${f.jimpUnsupported ? ` (jimp: n/a, ${f.jimpUnsupported})` : ''}.`), '');
  lines.push('### The same in process CPU time (all threads; immune to waiting for a core, not to cache contention)', '');
  lines.push('| job | input | ours CPU ms | sharp CPU ms | jimp CPU ms | ours/sharp | jimp/ours |', '|---|---|---|---|---|---|---|');
  for (const f of figures) {
    lines.push(`| ${f.job} | ${f.name} | ${fmt(f.cpuMs.ours)} | ${fmt(f.cpuMs.sharp)} | ${fmt(f.cpuMs.jimp)} | ${ratio(f.cpuMs.ours / f.cpuMs.sharp)} | ${ratio(f.cpuMs.jimp / f.cpuMs.ours)} |`);
  }
  lines.push('');
  lines.push('## Our stages (MP/s: decode and detect over the picture, render = crop + shrink + encode and base64 over the output pixels)', '');
  lines.push('| job | input | decode | detect | render | base64 |');
  lines.push('|---|---|---|---|---|---|');
  for (const f of figures) {
    const s = f.stages;
    const detect = f.job === 'split' ? `${fmt(s.detectMs!)} ms, ${fmt(s.detectMPs!, 0)} MP/s (GC ${fmt(s.detectGcMs!)} ms; without it ${fmt(s.detectWithoutGcMPs!, 0)} MP/s)` : '—';
    lines.push(
      `| ${f.job} | ${f.name} | ${fmt(s.decodeMs!)} ms, ${fmt(s.decodeMPs!)} MP/s | ${detect} | ${fmt(s.renderMs!)} ms, ${fmt(s.renderMPs!)} MP/s | ${fmt(s.base64Ms!)} ms, ${fmt(s.base64MPs!)} MP/s |`,
    );
  }
  lines.push('', 'Per CPU second (MP per second of CPU time):', '');
  lines.push('| job | input | decode | detect | render | base64 |', '|---|---|---|---|---|---|');
  for (const f of figures) {
    const c = f.stagesCpuMPs;
    lines.push(`| ${f.job} | ${f.name} | ${fmt(c.decode!)} | ${f.job === 'split' ? fmt(c.detect!, 0) : '—'} | ${fmt(c.render!)} | ${fmt(c.base64!)} |`);
  }
  lines.push('', '## Peak RSS (one job in a fresh child process; baseline = after loading modules and reading the file)', '');
  lines.push('| job | input | RGBA size MB | ours peak (baseline) MB | sharp peak (baseline) MB | jimp peak (baseline) MB | ours (peak − baseline) / RGBA |');
  lines.push('|---|---|---|---|---|---|---|');
  const above = (f: InputFigures): number => (f.rss.ours!.peakMB - f.rss.ours!.baselineMB) / f.rgbaMB;
  for (const f of figures) {
    const r = (n: string): string => (f.rss[n] ? `${fmt(f.rss[n]!.peakMB, 0)} (${fmt(f.rss[n]!.baselineMB, 0)})` : 'n/a');
    lines.push(`| ${f.job} | ${f.name} | ${fmt(f.rgbaMB, 0)} | ${r('ours')} | ${r('sharp')} | ${r('jimp')} | ${fmt(above(f), 2)}× |`);
  }
  lines.push('', `## JPEG encoders on one ${shootout.width}×${shootout.height} part (${shootout.from}), q90, median of 10`, '');
  lines.push('| encoder | MP/s (wall) | MP per CPU second | bytes |', '|---|---|---|---|');
  for (const [name, mps] of Object.entries(shootout.mpPerSecond)) lines.push(`| ${name} | ${fmt(mps)} | ${fmt(shootout.mpPerCpuSecond[name]!)} | ${shootout.bytes[name]} |`);

  const split = figures.filter((f) => f.job === 'split');
  const fullJpeg = figures.filter((f) => f.name.includes('JPEG') && f.job === 'split');
  const minOf = (values: number[]): number => Math.min(...values);
  const maxOf = (values: number[]): number => Math.max(...values);
  const yes = (ok: boolean): string => (ok ? 'yes' : 'no');
  lines.push('', '## Targets', '');
  lines.push('| target | measured | met? |', '|---|---|---|');
  const worstRatio = maxOf(figures.map((f) => f.oursOverSharp));
  const worstCpuRatio = maxOf(figures.map((f) => f.cpuMs.ours / f.cpuMs.sharp));
  lines.push(`| ours ≤ 2× sharp on every input, both jobs | wall: worst ${ratio(worstRatio)}; CPU: worst ${ratio(worstCpuRatio)} | ${yes(worstRatio <= 2)} (wall) |`);
  const withJimp = figures.filter((f) => !f.jimpUnsupported);
  const worstJimp = minOf(withJimp.map((f) => f.jimpOverOurs));
  const worstCpuJimp = minOf(withJimp.map((f) => f.cpuMs.jimp / f.cpuMs.ours));
  lines.push(`| ours ≥ 3× faster than jimp on every input jimp reads | wall: worst ${ratio(worstJimp)}; CPU: worst ${ratio(worstCpuJimp)} | ${yes(worstJimp >= 3)} (wall) |`);
  if (fullJpeg.length > 0) {
    const decodeMin = minOf(fullJpeg.map((f) => f.stagesCpuMPs.decode!));
    lines.push(`| JPEG decode at full scale ≥ 50 MP per CPU second on every JPEG input | slowest ${fmt(decodeMin)} | ${yes(decodeMin >= 50)} |`);
  }
  const view25 = figures.find((f) => f.job === 'view' && f.name.includes('25 MP'));
  if (view25?.fullDecodeOverOurs !== undefined) {
    lines.push(`| view job on the 25 MP photo ≥ 4× faster than with a full decode | ${ratio(view25.fullDecodeOverOurs)} | ${yes(view25.fullDecodeOverOurs >= 4)} |`);
  }
  const detectInputs = split.filter((f) => f.name.includes('25 MP') || f.name.includes('grid'));
  const detectMin = minOf(detectInputs.map((f) => f.stagesCpuMPs.detect!));
  const detectWallMin = minOf(detectInputs.map((f) => f.stages.detectMPs!));
  const detectWithoutGcMin = minOf(detectInputs.map((f) => f.stages.detectWithoutGcMPs!));
  lines.push(
    `| detection ≥ 1000 MP/s on the 25 MP photo and the grids | slowest: wall ${fmt(detectWallMin, 0)} MP/s, ${fmt(detectMin, 0)} MP per CPU s; without the GC pauses it hosts ${fmt(detectWithoutGcMin, 0)} MP/s | ${yes(detectWallMin >= 1000)} (wall) |`,
  );
  lines.push(`| 100000×100000 header refused < 1 ms | ${fmt(refusal.medianMs, 4)} ms median (error code ${refusal.code}) | ${yes(refusal.medianMs < 1 && refusal.code === 'too_large')} |`);
  const photoSplit = split.find((f) => f.name.includes('25 MP'));
  if (photoSplit) {
    lines.push(`| peak RSS of the 25 MP split ≤ 2× its RGBA size (${fmt(photoSplit.rgbaMB, 0)} MB) above the baseline | ${fmt(above(photoSplit), 2)}× | ${yes(above(photoSplit) <= 2)} |`);
  }
  if (view25) lines.push(`| peak RSS of the 25 MP view ≤ 1× its RGBA size above the baseline | ${fmt(above(view25), 2)}× | ${yes(above(view25) <= 1)} |`);
  lines.push('', '![end-to-end medians](results.svg)', '');
  return lines.join('\n');
}

async function main(): Promise<void> {
  const loadBefore = loadavg().map((n) => n.toFixed(1)).join(' / ');
  const inputs = (await loadInputs()).filter((i) => ONLY === undefined || i.name.includes(ONLY));
  const figures: InputFigures[] = [];
  for (const input of inputs) figures.push(await benchInput(input));
  log('encoder shoot-out and header refusal');
  const { raster, from } = await shootoutRaster(inputs);
  const shootout = { ...(await encoderShootout(raster)), from };
  const refusal = headerRefusalMs();
  const machine: Machine = {
    when: new Date().toISOString(),
    cpu: cpus()[0]?.model ?? 'unknown CPU',
    cores: String(cpus().length),
    memoryGB: (totalmem() / 2 ** 30).toFixed(1),
    node: process.versions.node,
    loadBefore,
    loadAfter: loadavg().map((n) => n.toFixed(1)).join(' / '),
  };
  const json = {
    machine,
    rounds: ROUNDS,
    inputs: figures,
    encoders: shootout,
    headerRefusal: refusal,
  };
  writeFileSync(`${HERE}results.json`, JSON.stringify(json, null, 2) + '\n');
  writeFileSync(`${HERE}results.md`, markdown(figures, shootout, refusal, machine));
  const chartRows = figures.map((f) => ({ ...f, name: `${f.job}: ${f.name.replace(/^view: /, '')}` }));
  writeFileSync(`${HERE}results.svg`, barChartSvg(chartRows, `enc_split_image and enc_view_image end to end, median ms (${ROUNDS} rounds; bars scaled within each input; ${machine.cores} cores, load ${machine.loadBefore.split(' / ')[0]}→${machine.loadAfter.split(' / ')[0]})`));
  process.stdout.write(markdown(figures, shootout, refusal, machine));
}

await main();
