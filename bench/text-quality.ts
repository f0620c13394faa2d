/**
 * Picks the JPEG default for fragments: renders small text (the hardest case for a model reading a
 * quest picture), encodes it with our encoder at quality 85/90 with 4:2:0 and 4:4:4, decodes with
 * sharp (libjpeg-turbo) and reports PSNR, mean absolute error and size. Writes bench/text-quality.md.
 *
 * Run: npx tsx bench/text-quality.ts
 */
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { encodeJpeg } from '../src/imaging/encoders/jpeg.js';
import type { Raster } from '../src/imaging/raster.js';

const SAMPLES: Array<{ name: string; fg: string; bg: string }> = [
  { name: 'black on white', fg: '#000000', bg: '#ffffff' },
  { name: 'red on white', fg: '#d01010', bg: '#ffffff' },
  { name: 'blue on yellow', fg: '#1030c0', bg: '#ffe860' },
  { name: 'white on dark green', fg: '#ffffff', bg: '#1d5a2a' },
];

const LINES = ['Код уровня: 7ГРАНЬ-42, бонус #3 — x=55.7539', 'Level code: QUEST-1568 / hint at 12:45', 'Найдите табличку на доме 17к2 (ул. Ленина)'];

async function renderText(fg: string, bg: string, size: number): Promise<Raster> {
  const lines = LINES.map((t, i) => `<text x="6" y="${(i + 1) * (size + 6)}" font-family="DejaVu Sans" font-size="${size}" fill="${fg}">${t}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="${LINES.length * (size + 6) + 8}"><rect width="100%" height="100%" fill="${bg}"/>${lines}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

async function measure(raster: Raster, jpeg: Uint8Array): Promise<{ psnr: number; mae: number }> {
  const back = await sharp(jpeg).ensureAlpha().raw().toBuffer();
  let abs = 0;
  let sq = 0;
  let n = 0;
  for (let i = 0; i < back.length; i++) {
    if ((i & 3) === 3) continue;
    const e = back[i]! - raster.data[i]!;
    abs += Math.abs(e);
    sq += e * e;
    n++;
  }
  return { psnr: 10 * Math.log10((255 * 255) / (sq / n)), mae: abs / n };
}

const rows: string[] = ['| text | size px | setting | PSNR dB | MAE | bytes |', '|---|---|---|---|---|---|'];
const totals = new Map<string, { psnr: number; mae: number; bytes: number; n: number }>();
for (const sample of SAMPLES) {
  for (const size of [11, 14]) {
    const raster = await renderText(sample.fg, sample.bg, size);
    for (const quality of [85, 90]) {
      for (const subsampling of ['420', '444'] as const) {
        const jpeg = encodeJpeg(raster, { quality, subsampling });
        const m = await measure(raster, jpeg);
        const setting = `q${quality} ${subsampling}`;
        rows.push(`| ${sample.name} | ${size} | ${setting} | ${m.psnr.toFixed(2)} | ${m.mae.toFixed(2)} | ${jpeg.length} |`);
        const t = totals.get(setting) ?? { psnr: 0, mae: 0, bytes: 0, n: 0 };
        totals.set(setting, { psnr: t.psnr + m.psnr, mae: t.mae + m.mae, bytes: t.bytes + jpeg.length, n: t.n + 1 });
      }
    }
  }
}
const summary = ['| setting | mean PSNR dB | mean MAE | total bytes |', '|---|---|---|---|'];
for (const [setting, t] of totals) summary.push(`| ${setting} | ${(t.psnr / t.n).toFixed(2)} | ${(t.mae / t.n).toFixed(2)} | ${t.bytes} |`);
const report = `# Small text through our JPEG encoder\n\nRendered with sharp (librsvg, DejaVu Sans), encoded by src/imaging/encoders/jpeg.ts, decoded by sharp.\n\n${summary.join('\n')}\n\n${rows.join('\n')}\n`;
writeFileSync(new URL('./text-quality.md', import.meta.url), report);
console.log(summary.join('\n'));
