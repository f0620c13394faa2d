/**
 * Bit-exactness check for decoder and shrink work: every corpus JPEG and the bench's JPEGs decoded
 * at scales 1, 2, 4 and 8 (`decodeJpeg`), and the view job (decode with shrinkWhole, then
 * renderPart) at 1568, 400 and 100 px, by a git revision (default ca11632) and by the working tree;
 * prints each file whose raster or encoded bytes differ, then the count.
 *
 * Run: npx tsx bench/_exact.ts [git revision] [--webp]
 */
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { corpusFiles } from '../test/helpers/corpus.js';
import { importAtRevision } from './baseline.js';
import * as tree from '../src/imaging/index.js';
import { decodeJpeg } from '../src/imaging/decoders/jpeg.js';
const rev = process.argv[2] ?? 'ca11632';
const base = await importAtRevision<typeof tree>(rev, 'src/imaging/index.ts');
const baseJpeg = await importAtRevision<{ decodeJpeg: typeof decodeJpeg }>(rev, 'src/imaging/decoders/jpeg.ts');
const h = (b: Uint8Array) => createHash('sha1').update(b).digest('hex');
const files = [...corpusFiles().filter((f) => /\.jpe?g$/i.test(f)), 'bench/out/photo-25mp.jpg', 'bench/out/photo-12mp.jpg', 'bench/out/grid-4x4-1960.jpg', ...(process.argv.includes('--webp') ? ['bench/out/grid-4000x3000-q80.webp'] : [])];
let same = 0, differ = 0, errors = 0;
for (const f of files) {
  const bytes = readFileSync(f);
  for (const scale of [1, 2, 4, 8] as const) {
    let a = '', b = '';
    try { a = h(baseJpeg.decodeJpeg(bytes, { scale }).data); } catch (e) { a = 'E' + (e as Error).message; }
    try { b = h(decodeJpeg(bytes, { scale }).data); } catch (e) { b = 'E' + (e as Error).message; }
    if (a === b) same++; else { differ++; console.log('DIFF decode', f, scale); }
  }
  for (const max of [1568, 400, 100]) {
    let a = '', b = '';
    try { const d = await base.decode(bytes, { maxDimension: max, shrinkWhole: true }); a = h(d.raster.data) + h((await base.renderPart(d, { x: 0, y: 0, width: d.header.width, height: d.header.height }, max)).bytes); } catch (e) { a = 'E' + (e as Error).message; errors++; }
    try { const d = await tree.decode(bytes, { maxDimension: max, shrinkWhole: true }); b = h(d.raster.data) + h((await tree.renderPart(d, { x: 0, y: 0, width: d.header.width, height: d.header.height }, max)).bytes); } catch (e) { b = 'E' + (e as Error).message; }
    if (a === b) same++; else { differ++; console.log('DIFF view', f, max); }
  }
}
console.log(`${files.length} files: ${same} same, ${differ} differ (${errors} base errors)`);
