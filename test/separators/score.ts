/**
 * Scores the generated collage batches (fixtures/collages/generated and unseen from
 * scripts/collage-kinds.ts, independent-a and independent-b from the independent generator
 * scripts/collage-kinds-independent.ts, all made by scripts/make-collages.ts): per picture, whether the plan is exact (every box within the
 * fixture's tolerance; a non-collage refused), and whether any cut crosses a panel (a photo with
 * its caption counts as one panel) — the one mistake that loses a clue.
 *
 *   npx tsx test/separators/score.ts            # per-kind table of the four committed batches
 *   npx tsx test/separators/score.ts unseen -v  # one batch, every picture that is not exact
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decode } from '../../src/imaging/decode.js';
import type { Box } from '../../src/imaging/raster.js';
import { planSplit, type SplitPlan } from '../../src/imaging/separators/index.js';

/** The committed batches, scored when no batch is named. */
export const DEFAULT_BATCHES = ['generated', 'unseen', 'independent-a', 'independent-b'] as const;

export const BATCH_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../fixtures/collages');

export interface GeneratedExpected {
  file: string;
  kind: string;
  description: string;
  width: number;
  height: number;
  lossy: boolean;
  plan: { axis: string; method: string; parts: Box[] } | null;
  separators: Box[];
  panels: Box[];
  tolerance: number;
}

export interface Scored {
  expected: GeneratedExpected;
  plan: SplitPlan;
  exact: boolean;
  /** Cuts that run through a panel (or, for a non-collage, any cut at all). */
  badCuts: string[];
  why: string;
}

export function loadBatch(batch: string): GeneratedExpected[] {
  const dir = join(BATCH_ROOT, batch);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.expected.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as GeneratedExpected);
}

/** Interior edges of the parts: a part's right or bottom edge where another part begins. */
function cutsOf(parts: Box[]): { edge: 'x' | 'y'; at: number; from: number; to: number }[] {
  const cuts: { edge: 'x' | 'y'; at: number; from: number; to: number }[] = [];
  for (const p of parts) {
    const right = p.x + p.width;
    const bottom = p.y + p.height;
    if (parts.some((o) => o.x === right && o.y < bottom && o.y + o.height > p.y)) cuts.push({ edge: 'x', at: right, from: p.y, to: bottom });
    if (parts.some((o) => o.y === bottom && o.x < right && o.x + o.width > p.x)) cuts.push({ edge: 'y', at: bottom, from: p.x, to: right });
  }
  return cuts;
}

export async function scoreOne(batch: string, expected: GeneratedExpected): Promise<Scored> {
  const { raster } = await decode(new Uint8Array(readFileSync(join(BATCH_ROOT, batch, expected.file))));
  const plan = planSplit(raster);
  if (expected.plan === null) {
    const parts = plan.ok ? plan.parts.length : 0;
    return { expected, plan, exact: !plan.ok, badCuts: plan.ok ? [`invented a ${parts}-part ${plan.axis} split`] : [], why: plan.ok ? `split into ${parts}` : '' };
  }
  if (!plan.ok) return { expected, plan, exact: false, badCuts: [], why: `refused: ${plan.reason.slice(0, 60)}` };
  // A lossy rim may blur a panel's first line: a cut on it is not through the panel.
  const slack = expected.lossy ? 1 : 0;
  const badCuts: string[] = [];
  for (const c of cutsOf(plan.parts)) {
    for (const p of expected.panels) {
      const [lo, hi, a, b] = c.edge === 'x' ? [p.x, p.x + p.width, p.y, p.y + p.height] : [p.y, p.y + p.height, p.x, p.x + p.width];
      if (c.at > lo + slack && c.at < hi - slack && c.from < b && c.to > a) badCuts.push(`${c.edge}=${c.at} through panel at ${p.x},${p.y} ${p.width}x${p.height}`);
    }
  }
  const want = expected.plan.parts;
  let exact = plan.parts.length === want.length;
  let why = exact ? '' : `${plan.parts.length} parts (${plan.axis}), want ${want.length}`;
  if (exact) {
    plan.parts.forEach((got, i) => {
      for (const k of ['x', 'y', 'width', 'height'] as const) {
        if (Math.abs(got[k] - want[i]![k]) > expected.tolerance && exact) {
          exact = false;
          why = `part ${i + 1} ${k}=${got[k]}, want ${want[i]![k]}±${expected.tolerance}`;
        }
      }
    });
  }
  return { expected, plan, exact, badCuts, why };
}

export async function scoreBatch(batch: string): Promise<Scored[]> {
  return Promise.all(loadBatch(batch).map((e) => scoreOne(batch, e)));
}

/** Markdown table: per kind, exact / total and pictures with a cut through a panel. */
export function table(results: Scored[]): string {
  const kinds = [...new Set(results.map((r) => r.expected.kind))];
  const rows = ['| kind | exact | cuts through a panel |', '|---|---:|---:|'];
  for (const kind of [...kinds, 'all']) {
    const of = results.filter((r) => kind === 'all' || r.expected.kind === kind);
    const exact = of.filter((r) => r.exact).length;
    rows.push(`| ${kind} | ${exact}/${of.length} (${Math.round((100 * exact) / of.length)} %) | ${of.filter((r) => r.badCuts.length > 0).length} |`);
  }
  return rows.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const batches = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const verbose = process.argv.includes('-v');
  for (const batch of batches.length ? batches : DEFAULT_BATCHES) {
    const results = await scoreBatch(batch);
    console.log(`\n${batch}\n${table(results)}`);
    if (verbose) {
      for (const r of results) if (!r.exact || r.badCuts.length) console.log(`  ${r.expected.file}: ${r.why} ${r.badCuts.join('; ')} — ${r.expected.description}`);
    }
  }
}
