/**
 * Plan identity: planSplit's JSON on every picture under fixtures/collages (committed, generated,
 * unseen and scratch batches) and the bench's generated inputs, this tree against a base revision
 * (default main, imported with bench/baseline.ts), for the auto, horizontal, vertical and grid
 * axes and parts 2 and 4. Exit 1 on any difference.
 *
 *   npx tsx scripts/compare-plans.ts [--base REV]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importAtRevision } from '../bench/baseline.js';
import { decode } from '../src/imaging/decode.js';
import * as current from '../src/imaging/separators/index.js';
import type { SplitOptions } from '../src/imaging/separators/plan.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const args = process.argv.slice(2);
const at = args.indexOf('--base');
const ref = at >= 0 ? args[at + 1]! : 'main';
const base = await importAtRevision<typeof current>(ref, 'src/imaging/separators/index.ts');

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (/\.(png|jpe?g|webp|gif|bmp|tiff?)$/i.test(name)) out.push(path);
  }
  return out;
}

const OPTIONS: SplitOptions[] = [{}, { axis: 'horizontal' }, { axis: 'vertical' }, { axis: 'grid' }, { parts: 2 }, { parts: 4 }];
let pictures = 0, plans = 0, differ = 0;
for (const path of [...files(join(ROOT, 'fixtures/collages')), ...files(join(ROOT, 'bench/out')).filter((p) => !p.includes('/rev-'))]) {
  let raster;
  try { raster = (await decode(new Uint8Array(readFileSync(path)))).raster; } catch { continue; }
  pictures++;
  for (const o of OPTIONS) {
    plans++;
    const a = JSON.stringify(base.planSplit(raster, o));
    const b = JSON.stringify(current.planSplit(raster, o));
    if (a !== b) { differ++; console.log(`DIFFERS ${relative(ROOT, path)} ${JSON.stringify(o)}\n  base ${a}\n  now  ${b}`); }
  }
}
console.log(`${pictures} pictures, ${plans} plans compared against ${ref}: ${differ} differ`);
process.exit(differ === 0 ? 0 : 1);
