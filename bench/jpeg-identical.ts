/**
 * Checks that the working tree's JPEG decoder gives the same bytes as another revision's (default
 * `main`) on every JPEG in the repository — fixtures, the corpus copies, docs, the bench's
 * generated photos — at every scale and through the shrinking sink, plus damaged copies of each
 * (cut short, bytes flipped: the same error, or the same pixels); and on each undamaged file the
 * view job (decode with shrinkWhole, renderPart of the whole picture) at 1568, 400 and 100 px: its
 * decoded raster and its encoded bytes, which covers the shrinking after the decode too. Speed work
 * on the decoder or the shrink must keep its output bit-identical; this is the check that says so.
 * Exits 1 on any difference.
 *
 * Run: npx tsx bench/jpeg-identical.ts [--before <git revision>]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import * as after from '../src/imaging/decoders/jpeg.js';
import * as afterImaging from '../src/imaging/index.js';
import { importAtRevision } from './baseline.js';

const ROOT = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const at = args.indexOf('--before');
const revision = at >= 0 ? args[at + 1]! : 'main';
const before = await importAtRevision<typeof after>(revision, 'src/imaging/decoders/jpeg.ts');
const beforeImaging = await importAtRevision<typeof afterImaging>(revision, 'src/imaging/index.ts');

function jpegsUnder(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('rev-') || name.startsWith('.')) continue;
    if (statSync(path).isDirectory()) found.push(...jpegsUnder(path));
    else if (/\.jpe?g$/i.test(name)) found.push(path);
  }
  return found;
}

/** What a decode gave: its pixels as one string of size and bytes, or its error's message. */
function outcome(run: () => { width: number; height: number; data: Uint8Array | Uint8ClampedArray }): { ok: boolean; key: string; data?: Uint8Array } {
  try {
    const r = run();
    return { ok: true, key: `${r.width}x${r.height}`, data: new Uint8Array(r.data.buffer, r.data.byteOffset, r.data.length) };
  } catch (err) {
    return { ok: false, key: err instanceof Error ? err.message : String(err) };
  }
}

function same(a: ReturnType<typeof outcome>, b: ReturnType<typeof outcome>): boolean {
  if (a.ok !== b.ok || a.key !== b.key) return false;
  if (!a.ok) return true;
  return Buffer.compare(a.data!, b.data!) === 0;
}

/** The view job's result at `max` px: its raster's and its encoded picture's bytes, or its error's message. */
async function viewOutcome(lib: typeof afterImaging, bytes: Uint8Array, max: number): Promise<ReturnType<typeof outcome>> {
  try {
    const decoded = await lib.decode(bytes, { maxDimension: max, shrinkWhole: true });
    const { width, height, data } = decoded.raster;
    const encoded = (await lib.renderPart(decoded, { x: 0, y: 0, width: decoded.header.width, height: decoded.header.height }, max)).bytes;
    return { ok: true, key: `${width}x${height}`, data: Buffer.concat([data, encoded]) };
  } catch (err) {
    return { ok: false, key: err instanceof Error ? err.message : String(err) };
  }
}

/** Deterministic damaged copies: cut at 60 %, and three bytes of the entropy data flipped. */
function damaged(bytes: Uint8Array): Uint8Array[] {
  const cut = bytes.slice(0, Math.floor(bytes.length * 0.6));
  const flipped = bytes.slice();
  for (const f of [0.5, 0.7, 0.9]) flipped[Math.floor(bytes.length * f)]! ^= 0x5a;
  return [cut, flipped];
}

const files = ['fixtures', 'test', 'docs', 'bench/out'].flatMap((d) => jpegsUnder(join(ROOT, d)));
let compared = 0;
let differ = 0;
for (const file of files) {
  const original = new Uint8Array(readFileSync(file));
  const variants = [original, ...damaged(original)];
  for (let v = 0; v < variants.length; v++) {
    const bytes = variants[v]!;
    // The big bench photos only at full scale and 1/2 (each decode takes a while).
    const scales = original.length > 1_500_000 ? ([1, 2] as const) : ([1, 2, 4, 8] as const);
    const checks: Array<[string, () => { width: number; height: number; data: Uint8Array | Uint8ClampedArray }, () => { width: number; height: number; data: Uint8Array | Uint8ClampedArray }]> = scales.map((scale) => [
      `scale 1/${scale}`,
      () => after.decodeJpeg(bytes, { scale }),
      () => before.decodeJpeg(bytes, { scale }),
    ]);
    let header: { width: number; height: number } | null = null;
    try {
      header = after.probeJpeg(bytes);
    } catch {
      header = null;
    }
    if (header !== null) {
      const w = Math.max(1, Math.ceil(header.width / 5));
      const h = Math.max(1, Math.ceil(header.height / 5));
      checks.push([`shrunk 1/2 to ${w}×${h}`, () => after.decodeJpegShrunk(bytes, 2, w, h), () => before.decodeJpegShrunk(bytes, 2, w, h)]);
    }
    for (const [what, a, b] of checks) {
      compared++;
      if (!same(outcome(a), outcome(b))) {
        differ++;
        console.log(`DIFFERENT: ${relative(ROOT, file)}${v === 0 ? '' : v === 1 ? ' (cut)' : ' (flipped)'} ${what}`);
      }
    }
  }
  for (const max of [1568, 400, 100]) {
    compared++;
    if (!same(await viewOutcome(afterImaging, original, max), await viewOutcome(beforeImaging, original, max))) {
      differ++;
      console.log(`DIFFERENT: ${relative(ROOT, file)} view job at ${max} px`);
    }
  }
}
console.log(`${files.length} JPEG files, ${compared} decodes and view jobs compared with ${revision}: ${differ} different`);
process.exit(differ === 0 ? 0 : 1);
