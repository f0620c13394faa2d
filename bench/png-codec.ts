/**
 * PNG codec before/after on the bench screenshots (the 1920×1080 fixture and the 3840×2160 one
 * bench/inputs.ts builds from it): decode, encode of the parts the tools send, and the two PNG
 * jobs end to end (view: the 4K screenshot shown at 1568; split: the 1080p one in two halves).
 *
 * "before" is the previous pipeline, rebuilt from the same modules: inflate through the platform's
 * `DecompressionStream`, full-size decode for the view, and `CompressionStream` (zlib's default
 * level) for the IDAT. "after" is what the tools run now: the TypeScript inflater, shrink-on-load
 * (2×2 block average while decoding) for the view, and `deflateFast`.
 *
 * Process CPU time (all threads: the platform compressor's worker counts too), A and B alternated
 * in one process, medians; on a shared machine compare the ratios, not the milliseconds.
 * Run: `npx tsx bench/png-codec.ts [runs]`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { decodePng } from '../src/imaging/decoders/png.js';
import { readPngChunks } from '../src/imaging/decoders/png/chunks.js';
import { rowWriter } from '../src/imaging/decoders/png/pixels.js';
import { inflatedSize, passesFor, ScanlineAssembler } from '../src/imaging/decoders/png/scanlines.js';
import { encodePng } from '../src/imaging/encoders/png.js';
import { createRaster, type Raster } from '../src/imaging/raster.js';
import { cropAndShrinkTo } from '../src/imaging/shrink.js';
import { inflateStream } from '../src/imaging/zlib.js';
import { cpuMsOfAsync, median } from './stats.js';

const RUNS = Number(process.argv[2] ?? 9);
const VIEW_SIZE = { width: 1568, height: 882 };

const fixturePath = fileURLToPath(new URL('../fixtures/collages/bench-screenshot-1920x1080.png', import.meta.url));
const outDir = fileURLToPath(new URL('./out/', import.meta.url));

/** The 4K screenshot exactly as bench/inputs.ts builds it (same recipe, same file). */
async function screenshot4k(): Promise<Uint8Array> {
  const path = `${outDir}screenshot-3840x2160.png`;
  if (!existsSync(path)) {
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path, await sharp(readFileSync(fixturePath)).resize(3840, 2160, { kernel: 'nearest' }).png().toBuffer());
  }
  return new Uint8Array(readFileSync(path));
}

/** The previous decoder: the same chunk reader, unfiltering and pixel conversion, inflated by the platform stream. */
async function decodeBefore(bytes: Uint8Array): Promise<Raster> {
  const png = readPngChunks(bytes);
  const h = png.header;
  const passes = passesFor(h.width, h.height, h.interlaced);
  const raster = createRaster(h.width, h.height);
  const rows = new ScanlineAssembler(passes, h.bitsPerPixel, rowWriter(h, raster, png.palette, png.transparency));
  const { produced } = await inflateStream(png.imageData, inflatedSize(passes, h.bitsPerPixel), (piece) => rows.push(piece));
  if (produced !== inflatedSize(passes, h.bitsPerPixel)) throw new Error('bench: the platform inflater came up short');
  return raster;
}

/** Medians of A and B, alternated run by run after one warm-up each, so load on the machine hits both alike. */
async function versus(a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  await a();
  await b();
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    ta.push(await cpuMsOfAsync(a));
    tb.push(await cpuMsOfAsync(b));
  }
  return [median(ta), median(tb)];
}

const rows: string[][] = [];
function report(name: string, megapixels: number, [before, after]: [number, number], sizes?: [number, number]): void {
  rows.push([
    name,
    `${before.toFixed(1)}`,
    `${after.toFixed(1)}`,
    `${(before / after).toFixed(2)}×`,
    `${(megapixels / (before / 1000)).toFixed(0)} → ${(megapixels / (after / 1000)).toFixed(0)}`,
    sizes ? `${(sizes[0] / 1024).toFixed(0)} → ${(sizes[1] / 1024).toFixed(0)} KiB (${(sizes[1] / sizes[0]).toFixed(3)}×)` : '',
  ]);
}

const fixture = new Uint8Array(readFileSync(fixturePath));
const uhd = await screenshot4k();
const full1080 = await decodePng(fixture);
const half4k = await decodePng(uhd, { scale: 2 });
const whole4k = { x: 0, y: 0, width: 3840, height: 2160 };
const halves = [0, 1].map((k) => ({ x: 0, y: k * 540, width: 1920, height: 540 }));
const halfSize = { width: 1568, height: 441 };
const viewPart = cropAndShrinkTo(half4k, { x: 0, y: 0, width: 1920, height: 1080 }, VIEW_SIZE.width, VIEW_SIZE.height);
const halfParts = halves.map((box) => cropAndShrinkTo(full1080, box, halfSize.width, halfSize.height));
const platform = { compression: 'platform' } as const;
const sizeOf = async (parts: Raster[], options = {}) => (await Promise.all(parts.map((p) => encodePng(p, options)))).reduce((s, b) => s + b.length, 0);

report('decode 3840×2160 (full size)', 8.29, await versus(() => decodeBefore(uhd), () => decodePng(uhd)));
report('decode 1920×1080 (full size)', 2.07, await versus(() => decodeBefore(fixture), () => decodePng(fixture)));
report('decode 3840×2160 for the view (after: 1/2 on load)', 8.29, await versus(() => decodeBefore(uhd), () => decodePng(uhd, { scale: 2 })));
report('encode 1568×882 view part', 1.38, await versus(() => encodePng(viewPart, platform), () => encodePng(viewPart)), [
  await sizeOf([viewPart], platform),
  await sizeOf([viewPart]),
]);
report(
  'encode two 1568×441 split halves',
  1.38,
  await versus(
    () => Promise.all(halfParts.map((p) => encodePng(p, platform))),
    () => Promise.all(halfParts.map((p) => encodePng(p))),
  ),
  [await sizeOf(halfParts, platform), await sizeOf(halfParts)],
);
report(
  'view job: 4K screenshot → 1568 PNG',
  8.29,
  await versus(
    async () => encodePng(cropAndShrinkTo(await decodeBefore(uhd), whole4k, VIEW_SIZE.width, VIEW_SIZE.height), platform),
    async () => encodePng(cropAndShrinkTo(await decodePng(uhd, { scale: 2 }), { x: 0, y: 0, width: 1920, height: 1080 }, VIEW_SIZE.width, VIEW_SIZE.height)),
  ),
);
report(
  'split job: 1080p screenshot → two PNG halves',
  2.07,
  await versus(
    async () => {
      const r = await decodeBefore(fixture);
      for (const box of halves) await encodePng(cropAndShrinkTo(r, box, halfSize.width, halfSize.height), platform);
    },
    async () => {
      const r = await decodePng(fixture);
      for (const box of halves) await encodePng(cropAndShrinkTo(r, box, halfSize.width, halfSize.height));
    },
  ),
);

const header = ['', 'before ms CPU', 'after ms CPU', 'speed-up', 'MP per CPU-s', 'PNG size'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
console.log(`PNG codec, before → after, median CPU of ${RUNS} alternated runs`);
for (const r of [header, ...rows]) console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
