/**
 * Oracle for the line statistics and the split plans built on them: dumps, for every picture under
 * fixtures/collages (committed and scratch batches) and test/corpus that decodes, the plan of
 * `planSplit` (auto axis) and what any rule can read of `measureLines`, `measureRows` and
 * `measureColumnsOnly` on the whole picture and on one inner box — each line's kind; for a line
 * that is not content its exact min, max and sums and its sums of squares; for a content line its
 * zero sums — and compares two dumps. Take the dump on the old code, change the code, compare:
 *
 *   npx tsx test/separators/line-stats-oracle.ts dump before.json
 *   npx tsx test/separators/line-stats-oracle.ts compare before.json   # exit 1 on any difference
 *
 * Min and max of a content line are partial by contract (a line is dropped once proven content,
 * wherever the reading order proved it), so only their spread above RINGING_SPREAD is kept.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decode } from '../../src/imaging/decode.js';
import type { Box, Raster } from '../../src/imaging/raster.js';
import { classifyLines, LineKind, measureColumnsOnly, measureLines, measureRows, planSplit, type LineStats } from '../../src/imaging/separators/index.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIRS = ['fixtures/collages', 'test/corpus'];

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (/\.(png|jpe?g|webp|gif|bmp|tiff?)$/i.test(name)) out.push(path);
  }
  return out;
}

/** What a rule can read of one axis, as one string per line. */
function canonical(stats: LineStats): string[] {
  const kinds = classifyLines(stats);
  const out: string[] = [];
  for (let i = 0; i < stats.count; i++) {
    const k = i * 3;
    const pick = (a: ArrayLike<number>): string => `${a[k]},${a[k + 1]},${a[k + 2]}`;
    if (kinds[i] === LineKind.Content && Math.max(stats.max[k]! - stats.min[k]!, stats.max[k + 1]! - stats.min[k + 1]!, stats.max[k + 2]! - stats.min[k + 2]!) > 64) {
      out.push(`C sum ${pick(stats.sum)} sq ${pick(stats.sumSq)}`);
    } else {
      out.push(`${kinds[i]} min ${pick(stats.min)} max ${pick(stats.max)} sum ${pick(stats.sum)} sq ${pick(stats.sumSq)}`);
    }
  }
  return out;
}

function inner(r: Raster): Box {
  const x = Math.floor(r.width / 7), y = Math.floor(r.height / 5);
  return { x, y, width: Math.max(1, Math.floor((r.width * 3) / 5)), height: Math.max(1, Math.floor((r.height * 2) / 3)) };
}

async function dump(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const dir of DIRS) {
    for (const path of files(join(ROOT, dir))) {
      let raster: Raster;
      try {
        raster = (await decode(new Uint8Array(readFileSync(path)))).raster;
      } catch {
        continue;
      }
      const entry: Record<string, unknown> = { plan: planSplit(raster), planH: planSplit(raster, { axis: 'horizontal' }), planV: planSplit(raster, { axis: 'vertical' }) };
      for (const [name, box] of [['full', { x: 0, y: 0, width: raster.width, height: raster.height }], ['inner', inner(raster)]] as const) {
        const both = measureLines(raster, box);
        entry[name] = {
          rows: canonical(both.rows),
          columns: canonical(both.columns),
          rowsOnly: canonical(measureRows(raster, box).rows),
          columnsOnly: canonical(measureColumnsOnly(raster, box).columns),
        };
      }
      out[relative(ROOT, path)] = entry;
    }
  }
  return out;
}

const [mode, file] = process.argv.slice(2);
if ((mode !== 'dump' && mode !== 'compare') || !file) {
  console.error('usage: npx tsx test/separators/line-stats-oracle.ts dump|compare FILE.json');
  process.exit(2);
}
const now = await dump();
if (mode === 'dump') {
  writeFileSync(file, JSON.stringify(now));
  console.log(`${Object.keys(now).length} pictures dumped to ${file}`);
} else {
  const before = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  let differ = 0;
  for (const name of new Set([...Object.keys(before), ...Object.keys(now)])) {
    if (JSON.stringify(before[name]) !== JSON.stringify(now[name])) {
      differ++;
      console.log(`differs: ${name}`);
    }
  }
  console.log(`${Object.keys(now).length} pictures compared, ${differ} differ`);
  process.exit(differ === 0 ? 0 : 1);
}
