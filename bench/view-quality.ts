/**
 * What the view job's decode + shrink (`decode(bytes, { maxDimension: 1568, shrinkWhole: true })`)
 * gives, against a git revision's (default `main`) and against sharp's shrink-on-load resize of the
 * same file to the same size: MAE, PSNR and the largest difference per RGB channel. Inputs: the
 * bench's view photos, and text pictures (small type, four colour pairs) rendered large and saved
 * by sharp as JPEG q90 4:2:0 and 4:4:4, which the view shrinks 2–3×.
 *
 * Run: npx tsx bench/view-quality.ts [--before <git revision>]
 */
import sharp from 'sharp';
import { commitOf, importAtRevision } from './baseline.js';
import { loadInputs } from './inputs.js';
import { MAX_DIMENSION } from './runners/types.js';
import * as tree from '../src/imaging/index.js';

const args = process.argv.slice(2);
const at = args.indexOf('--before');
const revision = at >= 0 ? args[at + 1]! : 'main';
const before = await importAtRevision<typeof tree>(revision, 'src/imaging/index.ts');

async function view(lib: typeof tree, bytes: Uint8Array): Promise<tree.Raster> {
  return (await lib.decode(bytes, { maxDimension: MAX_DIMENSION, shrinkWhole: true })).raster;
}

function compare(a: Uint8Array, b: Uint8Array): string {
  let abs = 0;
  let sq = 0;
  let max = 0;
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    if ((i & 3) === 3) continue;
    const e = a[i]! - b[i]!;
    abs += Math.abs(e);
    sq += e * e;
    max = Math.max(max, Math.abs(e));
    n++;
  }
  const psnr = sq === 0 ? Infinity : 10 * Math.log10((255 * 255) / (sq / n));
  return `MAE ${(abs / n).toFixed(3)} PSNR ${psnr.toFixed(2)} dB max ${max}`;
}

async function textPicture(fg: string, bg: string, chroma: '4:2:0' | '4:4:4'): Promise<Uint8Array> {
  const lines = ['Код уровня: 7ГРАНЬ-42, бонус #3 — x=55.7539', 'Level code: QUEST-1568 / hint at 12:45', 'Найдите табличку на доме 17к2 (ул. Ленина)'];
  const size = 34; // about 12–17 px once shrunk 2–3×
  const body = lines.map((t, i) => `<text x="12" y="${(i + 1) * (size + 14)}" font-family="DejaVu Sans" font-size="${size}" fill="${fg}">${t}</text>`).join('');
  const rows = Array.from({ length: 24 }, (_, r) => `<g transform="translate(0 ${r * 170})">${body}</g>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><rect width="100%" height="100%" fill="${bg}"/>${rows}</svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: bg }).jpeg({ quality: 90, chromaSubsampling: chroma }).toBuffer();
}

const inputs: Array<{ name: string; bytes: Uint8Array }> = (await loadInputs())
  .filter((i) => i.job === 'view' && i.path.endsWith('.jpg'))
  .map((i) => ({ name: i.name.replace(/^view: /, ''), bytes: i.bytes }));
for (const [fg, bg] of [['#000000', '#ffffff'], ['#d01010', '#ffffff'], ['#1030c0', '#ffe860'], ['#ffffff', '#1d5a2a']] as const) {
  for (const chroma of ['4:2:0', '4:4:4'] as const) inputs.push({ name: `text ${fg} on ${bg} ${chroma}`, bytes: new Uint8Array(await textPicture(fg, bg, chroma)) });
}
console.log(`view raster: working tree vs ${revision} ${commitOf(revision)}, and each vs sharp's resize`);
for (const input of inputs) {
  const now = await view(tree, input.bytes);
  const old = await view(before, input.bytes);
  const theirs = await sharp(input.bytes).resize(now.width, now.height, { fit: 'fill' }).ensureAlpha().raw().toBuffer();
  console.log(`${input.name.padEnd(40)} new vs old: ${compare(now.data, old.data)} | old vs sharp: ${compare(old.data, theirs)} | new vs sharp: ${compare(now.data, theirs)}`);
}
