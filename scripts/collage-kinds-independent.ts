/**
 * The independent ("red team") collage generator: a second source of test collages for the
 * separator rules, written by QA blind to the rules, as a check that the rules were not tuned to
 * the habits of the project's own generator (scripts/collage-kinds.ts).
 *
 * It draws the same kinds of collage (flat panels, big photo grids, captions, badges, heavy JPEG,
 * gradient seams, no collage at all, plus "mix": unequal widths, mosaics, rounded corners, drop
 * shadows, a frame round the collage, panels of unequal height padded with the seam colour), but
 * its own way: crops of every usable corpus photo (or a synthetic one) instead of a fixed seven,
 * captions and pages in DejaVu fonts through SVG instead of a bitmap font, seams of any colour
 * including saturated ones, WebP besides JPEG and PNG, JPEG in 4:4:4 or 4:2:0 and resaved, and
 * one random stream for the whole batch. The project's generator scores much higher on its own
 * batches than on these: that gap is what this set is for.
 *
 * Expectations follow the project's convention (docs/catalog.md): a margin at the ends of a
 * split axis belongs to no part. The original script wrote parts with the margins kept and a
 * second tool trimmed them; the trimming is folded in here (`trimMargins`), same numbers.
 *
 * Two options keep committed batches small: `scale` multiplies the picture sizes the script drew
 * (long sides 600–2400 px) and nothing else (seam widths, margins, badges, type and encoder
 * settings stay), and `pngAsWebp` stores the lossless pictures as lossless WebP (same pixels).
 * Without them a batch is the QA engineer's own, byte for byte (checked against the original
 * script's batches of seeds 101 and 202, expectations after its trimming tool).
 *
 * Deterministic: same seed, corpus, sharp and fonts → same bytes. Text goes through SVG, so
 * sharp's librsvg draws it with the machine's DejaVu fonts; where they are missing or differ, the
 * text's pixels (and so the bytes) differ, and with them a caption's panel, which is the photo
 * joined to its caption's ink box; every other layout and expectation stays the same.
 *
 * Used by scripts/make-collages.ts: fixtures/collages/independent-a (seed 101) and
 * independent-b (seed 202), and scratch batches with `--independent-seed N`.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Box } from './collage-kinds.js';

export interface IndependentCollage {
  name: string;
  kind: string;
  width: number;
  height: number;
  bytes: Buffer;
  format: 'jpeg' | 'png' | 'webp';
  lossy: boolean;
  /** The plan's axis as the layout was drawn; null with `parts` for no collage. */
  axis: string | null;
  /** Expected parts (margins at the ends excluded); null: the picture must be refused. */
  parts: Box[] | null;
  /** Painted seam rectangles. */
  seams: Box[];
  /** Panel rectangles (a photo with its caption's ink): no cut may cross one. */
  panels: Box[];
  tolerance: number;
  description: string;
  /** Corpus photos used, in drawing order ('synth' for a synthetic one). */
  sources: string[];
}

export interface IndependentOptions {
  /** test/corpus of the repository. */
  corpus: string;
  seed: number;
  perKind: number;
  /** File name prefix: `${prefix}-${kind}-NN`. */
  prefix: string;
  /** Picture size factor (1: the sizes the QA engineer drew). */
  scale?: number;
  /** Store what was drawn as PNG as lossless WebP instead. */
  pngAsWebp?: boolean;
}

// The script kept its state in module variables; generateIndependentBatch resets them, so batches
// must be made one after another (never two at once).
let out: IndependentCollage[] = [];
let prefix = 'rt';
let scale = 1;
let pngAsWebp = false;
/** A picture size the script drew, at this batch's scale. */
const S = (n: number) => Math.round(n * scale);

// ---------- rng ----------
// One stream for the whole batch (mulberry32), as in the QA engineer's script: pictures draw from
// it in order, so a batch is reproducible from its seed but one picture is not from its index.
let st = 1;
function rnd(): number {
  st = (st + 0x6d2b79f5) >>> 0;
  let t = st;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const ri = (a: number, b: number) => a + Math.floor(rnd() * (b - a + 1));
const rf = (a: number, b: number) => a + rnd() * (b - a);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
const chance = (p: number) => rnd() < p;

type RGB = [number, number, number];

// ---------- canvas ----------
class Canvas {
  data: Uint8Array;
  constructor(public w: number, public h: number, bg: RGB | ((x: number, y: number) => RGB)) {
    this.data = new Uint8Array(w * h * 3);
    this.fill(0, 0, w, h, bg);
  }
  fill(x0: number, y0: number, w: number, h: number, c: RGB | ((x: number, y: number) => RGB)) {
    for (let y = Math.max(0, y0); y < Math.min(this.h, y0 + h); y++)
      for (let x = Math.max(0, x0); x < Math.min(this.w, x0 + w); x++) {
        const col = typeof c === 'function' ? c(x, y) : c;
        const i = (y * this.w + x) * 3;
        this.data[i] = col[0]; this.data[i + 1] = col[1]; this.data[i + 2] = col[2];
      }
  }
  blit(src: Uint8Array, sw: number, sh: number, x0: number, y0: number, mask?: (x: number, y: number) => boolean) {
    for (let y = 0; y < sh; y++) {
      const cy = y0 + y; if (cy < 0 || cy >= this.h) continue;
      for (let x = 0; x < sw; x++) {
        const cx = x0 + x; if (cx < 0 || cx >= this.w) continue;
        if (mask && !mask(x, y)) continue;
        const s = (y * sw + x) * 3, d = (cy * this.w + cx) * 3;
        this.data[d] = src[s]!; this.data[d + 1] = src[s + 1]!; this.data[d + 2] = src[s + 2]!;
      }
    }
  }
  /** alpha-blend an RGBA buffer; returns ink bbox (alpha > 40) in canvas coords */
  blend(src: Uint8Array, sw: number, sh: number, x0: number, y0: number): Box | null {
    let minx = 1e9, miny = 1e9, maxx = -1, maxy = -1;
    for (let y = 0; y < sh; y++) {
      const cy = y0 + y; if (cy < 0 || cy >= this.h) continue;
      for (let x = 0; x < sw; x++) {
        const cx = x0 + x; if (cx < 0 || cx >= this.w) continue;
        const s = (y * sw + x) * 4; const a = src[s + 3]! / 255; if (a === 0) continue;
        const d = (cy * this.w + cx) * 3;
        for (let k = 0; k < 3; k++) this.data[d + k] = Math.round(src[s + k]! * a + this.data[d + k]! * (1 - a));
        if (src[s + 3]! > 40) { minx = Math.min(minx, cx); maxx = Math.max(maxx, cx); miny = Math.min(miny, cy); maxy = Math.max(maxy, cy); }
      }
    }
    return maxx < 0 ? null : { x: minx, y: miny, width: maxx - minx + 1, height: maxy - miny + 1 };
  }
  async svg(x0: number, y0: number, w: number, h: number, body: string): Promise<Box | null> {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`;
    const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return this.blend(data, info.width, info.height, x0, y0);
  }
}
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const css = (c: RGB) => `rgb(${c[0]},${c[1]},${c[2]})`;

// ---------- photos ----------
interface Src { data: Uint8Array; w: number; h: number; name: string }
let sources: Src[] = [];
let sourcesOf = '';
/** Every usable corpus photo, at most 900 px (bryce.webp, a panorama, 2400 px wide), loaded once per corpus. */
async function loadSources(corpus: string): Promise<void> {
  if (sourcesOf === corpus) return;
  const list = (dir: string, keep: (f: string) => boolean) => readdirSync(join(corpus, dir)).filter(keep).sort().map((f) => join(corpus, dir, f));
  const files = [...list('jpeg', (f) => f.endsWith('.jpg')), ...list('webp', (f) => f.endsWith('.png') || f === 'bryce.webp')];
  sources = [];
  for (const f of files) {
    // Test pictures of the decoder, not photos: uniform, synthetic or broken on purpose.
    if (/black-6000|plusshelf|cmyk-grey|redbox|fillbytes|marker|trailing/.test(f)) continue;
    try {
      const m = await sharp(f).metadata();
      if (!m.width || !m.height || m.width < 200 || m.height < 150) continue;
      const { data, info } = await sharp(f).rotate().toColourspace('srgb').removeAlpha()
        .resize(f.endsWith('bryce.webp') ? 2400 : 900, 900, { fit: 'inside', withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
      if (info.channels !== 3) continue;
      // Skip near-uniform pictures: a plain photo would be a plain band, not a panel.
      let sum = 0, sum2 = 0, n = 0;
      for (let i = 0; i < data.length; i += 301) { sum += data[i]!; sum2 += data[i]! * data[i]!; n++; }
      if (Math.sqrt(sum2 / n - (sum / n) ** 2) < 12) continue;
      sources.push({ data, w: info.width, h: info.height, name: f.split('/').pop()! });
    } catch { /* a corpus file sharp cannot read: not a photo source */ }
  }
  sourcesOf = corpus;
}

function synthPhoto(w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h * 3);
  const kind = ri(0, 2);
  const a: RGB = [ri(20, 230), ri(20, 230), ri(20, 230)], b: RGB = [ri(20, 230), ri(20, 230), ri(20, 230)];
  const horizon = Math.floor(h * rf(0.3, 0.6));
  const fx = rf(0.01, 0.06), fy = rf(0.01, 0.06);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3; let c: number[];
      if (kind === 0) { // gradient + noise
        const t = (x / w + y / h) / 2;
        c = a.map((v, k) => v * (1 - t) + b[k]! * t + (rnd() - 0.5) * 30);
      } else if (kind === 1) { // sky over texture
        if (y < horizon) { const t = y / horizon; c = [110 + 60 * t, 160 + 50 * t, 225 + 20 * t].map((v) => v + (rnd() - 0.5) * 4); }
        else { const s = Math.sin(x * fx) * Math.cos(y * fy) * 40; c = [70 + s + (rnd() - 0.5) * 60, 110 + s + (rnd() - 0.5) * 60, 50 + (rnd() - 0.5) * 40]; }
      } else { // blobs
        const s = Math.sin(x * fx + Math.cos(y * fy) * 3) * 60;
        c = a.map((v, k) => v * 0.6 + b[k]! * 0.4 + s * (k === 1 ? -1 : 1) + (rnd() - 0.5) * 20);
      }
      out[i] = Math.max(0, Math.min(255, c[0]!)); out[i + 1] = Math.max(0, Math.min(255, c[1]!)); out[i + 2] = Math.max(0, Math.min(255, c[2]!));
    }
  return out;
}

let used: string[] = [];
async function photo(w: number, h: number, synthP = 0.15): Promise<Uint8Array> {
  if (chance(synthP) || sources.length === 0) { used.push('synth'); return synthPhoto(w, h); }
  const s = pick(sources);
  used.push(s.name);
  const asp = w / h;
  let cw = s.w, ch = Math.round(s.w / asp);
  if (ch > s.h) { ch = s.h; cw = Math.round(s.h * asp); }
  const sc = rf(0.45, 1);
  cw = Math.max(8, Math.round(cw * sc)); ch = Math.max(8, Math.round(ch * sc));
  const left = ri(0, s.w - cw), top = ri(0, s.h - ch);
  const buf = await sharp(s.data, { raw: { width: s.w, height: s.h, channels: 3 } })
    .extract({ left, top, width: cw, height: ch }).resize(w, h, { fit: 'cover' }).raw().toBuffer();
  return new Uint8Array(buf);
}

// ---------- colours ----------
const WHITE: RGB = [255, 255, 255], BLACK: RGB = [0, 0, 0];
function seamColour(): RGB {
  return pick<RGB>([WHITE, WHITE, WHITE, BLACK, [128, 128, 128], [240, 240, 240], [30, 30, 30], [200, 200, 200],
    [220, 30, 40], [30, 60, 190], [250, 220, 60], [20, 120, 60], [245, 235, 215]]);
}
const dist = (a: RGB, b: RGB) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);
function colourNot(avoid: RGB[], min = 90): RGB {
  for (;;) { const c: RGB = [ri(0, 255), ri(0, 255), ri(0, 255)]; if (avoid.every((a) => dist(a, c) >= min)) return c; }
}

// ---------- layout ----------
function splitLen(total: number, n: number, jitter = 0): number[] {
  const ws = Array.from({ length: n }, () => 1 + (jitter ? rf(-jitter, jitter) : 0));
  const sum = ws.reduce((a, b) => a + b, 0);
  const out = ws.map((v) => Math.floor((v / sum) * total));
  out[n - 1]! += total - out.reduce((a, b) => a + b, 0);
  return out;
}
interface Cell { box: Box; r: number; c: number }
/** Grid of cells: returns canvas size and cell boxes. */
function gridLayout(cols: number[], rows: number[], seam: number, margin: number) {
  const W = 2 * margin + cols.reduce((a, b) => a + b, 0) + seam * (cols.length - 1);
  const H = 2 * margin + rows.reduce((a, b) => a + b, 0) + seam * (rows.length - 1);
  const cells: Cell[] = [];
  let y = margin;
  rows.forEach((rh, r) => {
    let x = margin;
    cols.forEach((cw, c) => { cells.push({ box: { x, y, width: cw, height: rh }, r, c }); x += cw + seam; });
    y += rh + seam;
  });
  return { W, H, cells };
}
/** Expected parts from panels with row/col indices (regular grid of cuts). */
function partsFromPanels(W: number, H: number, panels: { box: Box; r: number; c: number }[]) {
  const nr = Math.max(...panels.map((p) => p.r)) + 1, nc = Math.max(...panels.map((p) => p.c)) + 1;
  const xs = [0], ys = [0]; const seps: Box[] = []; let maxSeam = 0;
  for (let c = 0; c < nc - 1; c++) {
    const a = Math.max(...panels.filter((p) => p.c === c).map((p) => p.box.x + p.box.width));
    const b = Math.min(...panels.filter((p) => p.c === c + 1).map((p) => p.box.x));
    xs.push(a + Math.floor((b - a) / 2)); seps.push({ x: a, y: 0, width: b - a, height: H }); maxSeam = Math.max(maxSeam, b - a);
  }
  for (let r = 0; r < nr - 1; r++) {
    const a = Math.max(...panels.filter((p) => p.r === r).map((p) => p.box.y + p.box.height));
    const b = Math.min(...panels.filter((p) => p.r === r + 1).map((p) => p.box.y));
    ys.push(a + Math.floor((b - a) / 2)); seps.push({ x: 0, y: a, width: W, height: b - a }); maxSeam = Math.max(maxSeam, b - a);
  }
  xs.push(W); ys.push(H);
  const parts: Box[] = [];
  for (let r = 0; r < nr; r++) for (let c = 0; c < nc; c++) parts.push({ x: xs[c]!, y: ys[r]!, width: xs[c + 1]! - xs[c]!, height: ys[r + 1]! - ys[r]! });
  const axis = nr === 1 ? 'horizontal' : nc === 1 ? 'vertical' : 'grid';
  return { parts, seps, axis, maxSeam };
}

// ---------- output ----------
interface Fmt { format: 'jpeg' | 'png' | 'webp'; q: number; chroma: '4:4:4' | '4:2:0'; twice?: number; lossless?: boolean }
function randomFmt(): Fmt {
  const r = rnd();
  if (r < 0.6) return { format: 'jpeg', q: ri(25, 95), chroma: chance(0.4) ? '4:4:4' : '4:2:0' };
  if (r < 0.85) return { format: 'png', q: 100, chroma: '4:4:4' };
  return { format: 'webp', q: ri(50, 90), chroma: '4:2:0', lossless: chance(0.3) };
}
let counters: Record<string, number> = {};
const fmtDesc = (f: Fmt) => f.format === 'jpeg' ? `jpeg q${f.q} ${f.chroma}${f.twice ? ` resaved q${f.twice}` : ''}` : f.format === 'webp' ? (f.lossless ? 'webp lossless' : `webp q${f.q}`) : 'png';

/**
 * The project's convention for the parts (docs/catalog.md): a margin at either end of a split axis
 * belongs to no part, so the outermost parts start at the first panel and end at the last one
 * (strips along their axis, grids along both). The layouts above give parts that run to the
 * picture's edges; this moves those outer edges onto the panels' bounding box.
 */
function trimMargins(parts: Box[], axis: string, panels: Box[], W: number, H: number): Box[] {
  const minX = Math.min(...panels.map((p) => p.x)), maxX = Math.max(...panels.map((p) => p.x + p.width));
  const minY = Math.min(...panels.map((p) => p.y)), maxY = Math.max(...panels.map((p) => p.y + p.height));
  return parts.map((part) => {
    const p = { ...part };
    if (axis !== 'vertical') {
      if (p.x === 0) { p.x = minX; p.width -= minX; }
      if (p.x + p.width === W) p.width = maxX - p.x;
    }
    if (axis !== 'horizontal') {
      if (p.y === 0) { p.y = minY; p.height -= minY; }
      if (p.y + p.height === H) p.height = maxY - p.y;
    }
    return p;
  });
}

async function save(kind: string, cv: Canvas, drawn: Fmt, description: string, plan: { parts: Box[]; axis: string } | null, seps: Box[], panels: Box[], maxSeam: number): Promise<void> {
  counters[kind] = (counters[kind] ?? 0) + 1;
  // A lossless WebP holds the same pixels as the PNG in about half the bytes.
  const fmt: Fmt = drawn.format === 'png' && pngAsWebp ? { format: 'webp', q: 100, chroma: '4:4:4', lossless: true } : drawn;
  const img = sharp(Buffer.from(cv.data), { raw: { width: cv.w, height: cv.h, channels: 3 } });
  let bytes: Buffer;
  if (fmt.format === 'jpeg') {
    bytes = await img.jpeg({ quality: fmt.q, chromaSubsampling: fmt.chroma }).toBuffer();
    if (fmt.twice) bytes = await sharp(bytes).jpeg({ quality: fmt.twice, chromaSubsampling: '4:2:0' }).toBuffer();
  } else if (fmt.format === 'png') bytes = await img.png({ compressionLevel: 6 }).toBuffer();
  else bytes = await img.webp(fmt.lossless ? { lossless: true } : { quality: fmt.q }).toBuffer();
  const lossy = fmt.format === 'jpeg' || (fmt.format === 'webp' && !fmt.lossless);
  out.push({
    name: `${prefix}-${kind}-${String(counters[kind]).padStart(2, '0')}`,
    kind, width: cv.w, height: cv.h, bytes, format: fmt.format, lossy,
    axis: plan?.axis ?? null,
    parts: plan ? trimMargins(plan.parts, plan.axis, panels, cv.w, cv.h) : null,
    seams: seps, panels,
    // Lossy ringing may move where a seam or margin stops being plain by up to half the widest seam.
    tolerance: plan && lossy ? Math.max(3, Math.ceil(maxSeam / 2)) : 0,
    description: `${description}, ${fmtDesc(fmt)}${fmt === drawn ? '' : ' (drawn as png)'}`,
    sources: used,
  });
  used = [];
}

function stripShape(): [number, number] {
  const r = rnd();
  if (r < 0.45) return [ri(2, 6), 1];
  if (r < 0.7) return [1, ri(2, 5)];
  return pick<[number, number]>([[2, 2], [3, 2], [2, 3]]);
}
/** cell sizes so that the long side of the collage is in [lo, hi] */
function cellSizes(nc: number, nr: number, seam: number, margin: number, lo = 600, hi = 2400, aspect?: number, minShort = 320) {
  const asp = aspect ?? rf(0.6, 1.6); // cell w/h
  const target = ri(S(lo), S(hi));
  let cw = ri(200, 800);
  for (let k = 0; k < 4; k++) {
    const ch = cw / asp;
    const L = Math.max(2 * margin + nc * cw + seam * (nc - 1), 2 * margin + nr * ch + seam * (nr - 1));
    cw = cw * (target - 2 * margin) / (L - 2 * margin);
  }
  // organisers rarely make a collage thinner than ~320 px
  const shortSide = Math.min(2 * margin + nc * cw + seam * (nc - 1), 2 * margin + nr * (cw / asp) + seam * (nr - 1));
  if (shortSide < S(minShort)) cw = cw * (S(minShort) - 2 * margin) / (shortSide - 2 * margin);
  // but never past the long-side limit
  const longSide = Math.max(2 * margin + nc * cw + seam * (nc - 1), 2 * margin + nr * (cw / asp) + seam * (nr - 1));
  if (longSide > S(hi)) cw = cw * (S(hi) - 2 * margin) / (longSide - 2 * margin);
  cw = Math.max(40, Math.floor(cw));
  return { cw, ch: Math.max(40, Math.round(cw / asp)) };
}

// ---------- kinds ----------
const WORDS = ['The iron bridge', 'Old mill', 'Red gate', 'Town hall', 'Lighthouse', 'The big oak', 'Fountain', 'Station square', 'Clock tower', 'Market', 'Stone lion', 'Church of St. George', 'Harbour', 'Yellow house', 'Park gate', 'Monument', 'Museum', 'Quay', 'Tram depot', 'Water tower'];
const GLYPHS = 'ABCDEFGHJKLMNOPRSTUVWXYZ0123456789?!&#@'.split('');

async function flatPanel(cv: Canvas, b: Box, bg: RGB, seam: RGB) {
  const style = ri(0, 4);
  if (style === 4) { // flag: stripes
    const n = ri(2, 3), vert = chance(0.5);
    const cols = [bg, colourNot([seam, bg], 120), colourNot([seam], 90)];
    for (let i = 0; i < n; i++) {
      if (vert) { const x0 = b.x + Math.floor((i * b.width) / n), x1 = b.x + Math.floor(((i + 1) * b.width) / n); cv.fill(x0, b.y, x1 - x0, b.height, cols[i]!); }
      else { const y0 = b.y + Math.floor((i * b.height) / n), y1 = b.y + Math.floor(((i + 1) * b.height) / n); cv.fill(b.x, y0, b.width, y1 - y0, cols[i]!); }
    }
    if (chance(0.5)) await cv.svg(b.x, b.y, b.width, b.height, `<circle cx="${b.width * 0.35}" cy="${b.height / 2}" r="${Math.min(b.width, b.height) * 0.2}" fill="${css(colourNot([bg], 100))}"/>`);
    return 'flag';
  }
  cv.fill(b.x, b.y, b.width, b.height, bg);
  const fg = colourNot([bg], 150);
  const m = Math.min(b.width, b.height);
  const cx = b.width / 2 + rf(-0.1, 0.1) * b.width, cy = b.height / 2 + rf(-0.1, 0.1) * b.height;
  let body = '';
  if (style === 0) body = `<text x="${cx}" y="${cy + m * 0.25}" font-family="DejaVu Sans" font-weight="bold" font-size="${Math.round(m * rf(0.5, 0.8))}" text-anchor="middle" fill="${css(fg)}">${esc(pick(GLYPHS))}</text>`;
  else if (style === 1) body = `<circle cx="${cx}" cy="${cy}" r="${m * rf(0.2, 0.4)}" fill="${css(fg)}"/>`;
  else if (style === 2) { const r = m * rf(0.25, 0.42); body = `<polygon points="${cx},${cy - r} ${cx + r},${cy + r * 0.8} ${cx - r},${cy + r * 0.8}" fill="${css(fg)}"/>`; }
  else { // diagram: boxes + arrow
    const bw = b.width * 0.25, bh = b.height * 0.2;
    body = `<rect x="${b.width * 0.1}" y="${b.height * 0.4}" width="${bw}" height="${bh}" fill="none" stroke="${css(fg)}" stroke-width="4"/>` +
      `<rect x="${b.width * 0.65}" y="${b.height * 0.4}" width="${bw}" height="${bh}" fill="none" stroke="${css(fg)}" stroke-width="4"/>` +
      `<line x1="${b.width * 0.35}" y1="${b.height * 0.5}" x2="${b.width * 0.63}" y2="${b.height * 0.5}" stroke="${css(fg)}" stroke-width="4"/>` +
      `<text x="${b.width * 0.5}" y="${b.height * 0.3}" font-family="DejaVu Sans" font-size="${Math.round(m * 0.12)}" text-anchor="middle" fill="${css(fg)}">${esc(pick(GLYPHS))}+${esc(pick(GLYPHS))}</text>`;
  }
  await cv.svg(b.x, b.y, b.width, b.height, body);
  return ['glyph', 'circle', 'triangle', 'diagram'][style]!;
}

async function kindFlat() {
  const [nc, nr] = chance(0.6) ? [ri(2, 6), 1] as [number, number] : pick<[number, number]>([[2, 2], [3, 2], [2, 3], [1, 3]]);
  const seamW = ri(2, 16), margin = chance(0.4) ? ri(4, 30) : 0, seam = seamColour();
  const { cw, ch } = cellSizes(nc, nr, seamW, margin, 600, 1800, rf(0.8, 1.25));
  const { W, H, cells } = gridLayout(Array(nc).fill(cw), Array(nr).fill(ch), seamW, margin);
  const cv = new Canvas(W, H, seam);
  const styles: string[] = [];
  const pal = chance(0.5) ? colourNot([seam], 120) : null; // sometimes all panels same bg
  for (const c of cells) styles.push(await flatPanel(cv, c.box, pal ?? colourNot([seam], 120), seam));
  const fmt = chance(0.5) ? { format: 'png', q: 100, chroma: '4:4:4' } as Fmt : randomFmt();
  const { parts, seps, axis, maxSeam } = partsFromPanels(W, H, cells);
  await save('flat', cv, fmt, `${nc}x${nr} flat panels (${[...new Set(styles)].join('/')}), seam ${seamW}px ${css(seam)}${margin ? `, margin ${margin}` : ''}${pal ? ', same panel bg' : ''}`, { parts, axis }, seps, cells.map((c) => c.box), maxSeam);
}

async function kindBigGrid() {
  const [nc, nr] = pick<[number, number]>([[3, 3], [4, 3], [3, 4], [4, 4]]);
  const seamW = ri(1, 6), margin = chance(0.4) ? ri(3, 24) : 0, seam = seamColour();
  const { cw, ch } = cellSizes(nc, nr, seamW, margin, 700, 2400);
  const cols = splitLen(cw * nc, nc, 0.02), rows = splitLen(ch * nr, nr, 0.02);
  const { W, H, cells } = gridLayout(cols, rows, seamW, margin);
  const cv = new Canvas(W, H, seam);
  for (const c of cells) cv.blit(await photo(c.box.width, c.box.height), c.box.width, c.box.height, c.box.x, c.box.y);
  const fmt = randomFmt();
  const { parts, seps, axis, maxSeam } = partsFromPanels(W, H, cells);
  await save('grid', cv, fmt, `${nc}x${nr} photo grid, seam ${seamW}px ${css(seam)}${margin ? `, margin ${margin}` : ''}`, { parts, axis }, seps, cells.map((c) => c.box), maxSeam);
}

async function renderText(cv: Canvas, x: number, y: number, w: number, h: number, lines: string[], size: number, colour: RGB, anchor: 'start' | 'middle') {
  const tx = anchor === 'middle' ? w / 2 : 4;
  const body = lines.map((l, i) => `<text x="${tx}" y="${Math.round(size * (1 + i * 1.25))}" font-family="DejaVu Sans" font-size="${size}" text-anchor="${anchor}" fill="${css(colour)}">${esc(l)}</text>`).join('');
  return cv.svg(x, y, w, h, body);
}
const union = (a: Box, b: Box | null): Box => {
  if (!b) return a;
  const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
};

async function kindCaption() {
  const [nc, nr] = chance(0.55) ? (chance(0.6) ? [ri(2, 4), 1] : [1, ri(2, 3)]) as [number, number] : [2, 2] as [number, number];
  const seamW = ri(6, 24), margin = chance(0.5) ? ri(6, 30) : 0, seam = pick<RGB>([WHITE, WHITE, [245, 240, 230], [235, 235, 235], [30, 30, 30], BLACK]);
  const textCol: RGB = seam[0] > 128 ? pick<RGB>([[0, 0, 0], [40, 40, 40], [90, 90, 90], [150, 20, 20]]) : [240, 240, 240];
  const above = chance(0.25);
  const size = ri(14, 30), nlines = chance(0.3) ? 2 : 1;
  const capH = Math.round(size * (0.4 + 1.25 * nlines)) + 4;
  const gap = ri(3, 10);
  const { cw, ch } = cellSizes(nc, nr, seamW + capH + gap, margin, 660, 1800);
  const { W, H, cells } = gridLayout(Array(nc).fill(cw), Array(nr).fill(ch + capH + gap), seamW, margin);
  const cv = new Canvas(W, H, seam);
  const panels: Cell[] = [];
  let n = 0;
  for (const c of cells) {
    n++;
    const ph = ch; const py = above ? c.box.y + capH + gap : c.box.y;
    cv.blit(await photo(cw, ph), cw, ph, c.box.x, py);
    const title = chance(0.8) ? `${n}. ${pick(WORDS)}` : pick(WORDS);
    const lines = nlines === 2 ? [title, pick(['(near the river)', 'built 1887', 'see the sign', 'look left'])] : [title];
    let sz = size;
    while (sz > 9 && lines.some((l) => l.length * sz * 0.58 > cw - 8)) sz--;
    const ty = above ? c.box.y : c.box.y + ph + gap;
    const ink = await renderText(cv, c.box.x, ty, cw, capH, lines, sz, textCol, chance(0.6) ? 'middle' : 'start');
    panels.push({ box: union({ x: c.box.x, y: py, width: cw, height: ph }, ink), r: c.r, c: c.c });
  }
  const fmt = randomFmt();
  const { parts, seps, axis, maxSeam } = partsFromPanels(W, H, panels);
  await save('caption', cv, fmt, `${nc}x${nr} photos with ${nlines}-line caption ${above ? 'above' : 'below'} (${size}px), seam ${seamW}px ${css(seam)}${margin ? `, margin ${margin}` : ''}`, { parts, axis }, seps, panels.map((p) => p.box), maxSeam);
}

async function kindBadge() {
  const [nc, nr] = chance(0.4) ? (chance(0.5) ? [ri(2, 5), 1] : [1, ri(2, 4)]) as [number, number] : pick<[number, number]>([[2, 2], [3, 2], [3, 3], [2, 3]]);
  const seamW = ri(2, 12), margin = chance(0.3) ? ri(4, 20) : 0, seam = seamColour();
  const { cw, ch } = cellSizes(nc, nr, seamW, margin, 600, 1800);
  const { W, H, cells } = gridLayout(Array(nc).fill(cw), Array(nr).fill(ch), seamW, margin);
  const cv = new Canvas(W, H, seam);
  for (const c of cells) cv.blit(await photo(cw, ch), cw, ch, c.box.x, c.box.y);
  const { parts, seps, axis, maxSeam } = partsFromPanels(W, H, cells);
  // badge spots: seam midpoints, junctions, panel corners
  const spots: [number, number, string][] = [];
  const vx = seps.filter((s) => s.height === H).map((s) => s.x + s.width / 2), hy = seps.filter((s) => s.width === W).map((s) => s.y + s.height / 2);
  for (const x of vx) for (let r = 0; r < nr; r++) spots.push([x, cells[r * nc]!.box.y + rf(0.1, 0.9) * ch, 'seam']);
  for (const y of hy) for (let c = 0; c < nc; c++) spots.push([cells[c]!.box.x + rf(0.1, 0.9) * cw, y, 'seam']);
  for (const x of vx) for (const y of hy) spots.push([x, y, 'junction']);
  for (const c of cells) if (chance(0.3)) {
    const xs = [c.c > 0 ? c.box.x : null, c.c < nc - 1 ? c.box.x + cw : null].filter((v) => v !== null) as number[];
    const ys = [c.r > 0 ? c.box.y : null, c.r < nr - 1 ? c.box.y + ch : null].filter((v) => v !== null) as number[];
    if (xs.length || ys.length) spots.push([xs.length ? pick(xs) : c.box.x + (chance(0.5) ? 0 : cw), ys.length ? pick(ys) : c.box.y + (chance(0.5) ? 0 : ch), 'corner']);
  }
  const nb = Math.min(spots.length, ri(1, Math.max(1, Math.ceil(spots.length * 0.7))));
  // A random comparator, as the script had it: which spots get badges then depends on the engine's
  // sort as well as the seed (V8's TimSort: the same on every Node).
  const chosen = spots.sort(() => rnd() - 0.5).slice(0, nb);
  const rad = ri(10, 30), fill = pick<RGB>([[220, 30, 40], [250, 200, 0], [30, 90, 200], [255, 255, 255], [0, 0, 0], [20, 150, 60]]);
  const tcol = dist(fill, WHITE) < 200 ? BLACK : WHITE;
  let body = '';
  chosen.forEach(([x, y], i) => {
    body += `<circle cx="${x}" cy="${y}" r="${rad}" fill="${css(fill)}"${chance(0.4) ? ` stroke="${css(tcol)}" stroke-width="2"` : ''}/>` +
      `<text x="${x}" y="${y + rad * 0.42}" font-family="DejaVu Sans" font-weight="bold" font-size="${Math.round(rad * 1.2)}" text-anchor="middle" fill="${css(tcol)}">${(i % 9) + 1}</text>`;
  });
  await cv.svg(0, 0, W, H, body);
  const fmt = randomFmt();
  await save('badge', cv, fmt, `${nc}x${nr} photos, seam ${seamW}px ${css(seam)}, ${nb} badges r=${rad} (${[...new Set(chosen.map((s) => s[2]))].join('/')})`, { parts, axis }, seps, cells.map((c) => c.box), maxSeam);
}

async function kindHeavy() {
  const [nc, nr] = chance(0.6) ? (chance(0.6) ? [ri(2, 4), 1] : [1, ri(2, 4)]) as [number, number] : pick<[number, number]>([[2, 2], [3, 2], [2, 3]]);
  const seamW = ri(1, 3), margin = chance(0.2) ? ri(2, 8) : 0;
  const seam = pick<RGB>([WHITE, WHITE, BLACK, [220, 30, 40], [30, 60, 190], [255, 0, 0], [0, 0, 255], [128, 128, 128]]);
  const { cw, ch } = cellSizes(nc, nr, seamW, margin, 600, 900, undefined, 220);
  const { W, H, cells } = gridLayout(splitLen(cw * nc, nc, 0.03), splitLen(ch * nr, nr, 0.03), seamW, margin);
  const cv = new Canvas(W, H, seam);
  for (const c of cells) cv.blit(await photo(c.box.width, c.box.height), c.box.width, c.box.height, c.box.x, c.box.y);
  const fmt: Fmt = { format: 'jpeg', q: ri(25, 40), chroma: '4:2:0', twice: chance(0.4) ? ri(25, 60) : undefined };
  const { parts, seps, axis, maxSeam } = partsFromPanels(W, H, cells);
  await save('heavy', cv, fmt, `${nc}x${nr} photos, seam ${seamW}px ${css(seam)}${margin ? `, margin ${margin}` : ''}`, { parts, axis }, seps, cells.map((c) => c.box), maxSeam);
}

async function kindGradient() {
  const side = chance(0.5);
  const n = ri(2, 5);
  const [nc, nr] = chance(0.2) ? [2, 2] : side ? [n, 1] : [1, n];
  const seamW = ri(3, 14), margin = chance(0.5) ? ri(4, 24) : 0;
  const lo = ri(225, 235), hi = ri(245, 252);
  const { cw, ch } = cellSizes(nc, nr, seamW, margin, 600, 2000);
  const { W, H, cells } = gridLayout(Array(nc).fill(cw), Array(nr).fill(ch), seamW, margin);
  const alongY = nr === 1 || (nc > 1 && chance(0.5));
  const tint = chance(0.3) ? [rf(-6, 0), rf(-6, 0), rf(0, 3)] : [0, 0, 0];
  const bg = (x: number, y: number): RGB => { const t = alongY ? y / H : x / W; const v = lo + (hi - lo) * t; return [v + tint[0]!, v + tint[1]!, Math.min(255, v + tint[2]!)].map(Math.round) as RGB; };
  const cv = new Canvas(W, H, bg);
  for (const c of cells) cv.blit(await photo(cw, ch), cw, ch, c.box.x, c.box.y);
  const fmt = randomFmt();
  const { parts, seps, axis, maxSeam } = partsFromPanels(W, H, cells);
  await save('gradient', cv, fmt, `${nc}x${nr} photos, gradient seam ${seamW}px ${lo}->${hi} along ${alongY ? 'y' : 'x'}${margin ? `, margin ${margin}` : ''}`, { parts, axis }, seps, cells.map((c) => c.box), maxSeam);
}

async function kindNone() {
  const t = ri(0, 5);
  let cv: Canvas, desc: string;
  if (t === 0) { // screenshot
    const W = ri(S(800), S(1920)), H = ri(S(500), S(1200));
    const bar = colourNot([WHITE], 200);
    cv = new Canvas(W, H, WHITE);
    const bh = ri(30, 70);
    cv.fill(0, 0, W, bh, bar);
    let body = `<text x="16" y="${bh * 0.68}" font-family="DejaVu Sans" font-size="${Math.round(bh * 0.45)}" fill="white">${esc(pick(['Quest Manager', 'Encounter — Level 7', 'Task list', 'Settings']))}</text>`;
    const side = chance(0.5) ? ri(150, 260) : 0;
    if (side) cv.fill(0, bh, side, H - bh, [242, 243, 245]);
    const fs = ri(13, 20);
    for (let y = bh + 30; y < H - 20; y += Math.round(fs * rf(1.5, 2.2))) body += `<text x="${side + 24}" y="${y}" font-family="DejaVu Sans" font-size="${fs}" fill="rgb(50,50,50)">${esc(Array.from({ length: ri(4, 12) }, () => pick(WORDS)).join(' '))}</text>`;
    await cv.svg(0, 0, W, H, body);
    desc = `app screenshot, title bar ${css(bar)}${side ? ', sidebar' : ''}`;
  } else if (t === 1) { // bar chart
    const W = ri(S(700), S(1400)), H = ri(S(500), S(1000));
    cv = new Canvas(W, H, WHITE);
    const n = ri(3, 8), top = 80, base = H - 60, x0 = 80, x1 = W - 40;
    let body = `<text x="${W / 2}" y="45" font-family="DejaVu Sans" font-size="28" text-anchor="middle" fill="black">${esc(pick(['Visitors per year', 'Answers by level', 'Time per task']))}</text>` +
      `<line x1="${x0}" y1="${base}" x2="${x1}" y2="${base}" stroke="black" stroke-width="2"/><line x1="${x0}" y1="${top}" x2="${x0}" y2="${base}" stroke="black" stroke-width="2"/>`;
    const bw = ((x1 - x0) / n) * 0.6, col = colourNot([WHITE], 150);
    for (let i = 0; i < n; i++) { const bx = x0 + ((i + 0.2) * (x1 - x0)) / n, bh = rf(0.2, 1) * (base - top - 10); body += `<rect x="${bx}" y="${base - bh}" width="${bw}" height="${bh}" fill="${css(col)}"/><text x="${bx + bw / 2}" y="${base + 25}" font-family="DejaVu Sans" font-size="16" text-anchor="middle">${2015 + i}</text>`; }
    await cv.svg(0, 0, W, H, body);
    desc = `bar chart with a title, ${n} bars`;
  } else if (t === 2) { // text page
    const W = ri(S(600), S(1400)), H = Math.round(W * rf(1.2, 1.5));
    cv = new Canvas(W, H, chance(0.5) ? WHITE : [250, 246, 236]);
    const fs = ri(14, 24); let body = ''; let y = 60;
    while (y < H - 40) { const paraLines = ri(2, 6); for (let k = 0; k < paraLines && y < H - 40; k++, y += Math.round(fs * 1.5)) body += `<text x="50" y="${y}" font-family="DejaVu ${chance(0.5) ? 'Serif' : 'Sans'}" font-size="${fs}" fill="black">${esc(Array.from({ length: Math.floor(W / (fs * 5)) }, () => pick(WORDS)).join(' '))}</text>`; y += fs * ri(1, 3); }
    await cv.svg(0, 0, W, H, body);
    desc = 'text page';
  } else if (t === 3 || t === 4) { // single photo
    const W = ri(S(600), S(2000)), H = Math.min(S(2400), Math.round(W * rf(0.55, 1.4)));
    cv = new Canvas(W, H, WHITE);
    cv.blit(await photo(W, H, t === 4 ? 0 : 0.2), W, H, 0, 0);
    desc = 'single photo';
  } else { // photo with plain sky
    const W = ri(S(700), S(2000)), H = Math.round(W * rf(0.55, 1.0));
    cv = new Canvas(W, H, WHITE);
    const hz = Math.round(H * rf(0.35, 0.6));
    const sky0: RGB = [ri(90, 150), ri(150, 190), ri(215, 250)];
    cv.fill(0, 0, W, hz, (x, y) => [sky0[0] + (y / hz) * 50, sky0[1] + (y / hz) * 40, Math.min(255, sky0[2] + (y / hz) * 10)].map(Math.round) as RGB);
    cv.blit(await photo(W, H - hz, 0), W, H - hz, 0, hz);
    desc = 'photo with a plain sky (upper ' + Math.round((100 * hz) / H) + ' %)';
  }
  const fmt = randomFmt();
  await save('none', cv, fmt, desc, null, [], [], 0);
}

async function kindMix() {
  const t = ri(0, 5);
  const seam = seamColour();
  if (t === 0) { // unequal widths in a row
    const n = ri(2, 4), seamW = ri(4, 16);
    let H = ri(S(300), S(800));
    const ratios = Array.from({ length: n }, () => rf(0.5, 1.6));
    const sum = ratios.reduce((a, b) => a + b, 0);
    if (H * sum + seamW * (n - 1) > S(2400)) H = Math.floor((S(2400) - seamW * (n - 1)) / sum);
    const widths = ratios.map((r) => Math.round(H * r));
    const { W, cells } = gridLayout(widths, [H], seamW, 0);
    const cv = new Canvas(W, H, seam);
    for (const c of cells) cv.blit(await photo(c.box.width, H), c.box.width, H, c.box.x, 0);
    const { parts, seps, axis, maxSeam } = partsFromPanels(W, H, cells);
    return save('mix', cv, randomFmt(), `row of ${n} unequal widths ${widths.join('/')}, seam ${seamW}px ${css(seam)}`, { parts, axis }, seps, cells.map((c) => c.box), maxSeam);
  }
  if (t === 1) { // mosaic: big + two small stacked
    const seamW = ri(4, 16), margin = chance(0.4) ? ri(4, 20) : 0;
    const sh = ri(S(200), S(450)), bigW = Math.round((2 * sh + seamW) * rf(1.0, 1.4)), smW = Math.round(sh * rf(1.0, 1.5));
    const bigLeft = chance(0.6), transpose = chance(0.3);
    // layout in (u,v) then map; u across, v down
    const U = 2 * margin + bigW + seamW + smW, V = 2 * margin + 2 * sh + seamW;
    const big: Box = { x: bigLeft ? margin : margin + smW + seamW, y: margin, width: bigW, height: 2 * sh + seamW };
    const sx = bigLeft ? margin + bigW + seamW : margin;
    const s1: Box = { x: sx, y: margin, width: smW, height: sh }, s2: Box = { x: sx, y: margin + sh + seamW, width: smW, height: sh };
    const tr = (b: Box): Box => (transpose ? { x: b.y, y: b.x, width: b.height, height: b.width } : b);
    const W = transpose ? V : U, H = transpose ? U : V;
    const cv = new Canvas(W, H, seam);
    const panels = [big, s1, s2].map(tr);
    for (const p of panels) cv.blit(await photo(p.width, p.height), p.width, p.height, p.x, p.y);
    // expected parts
    const bigCutU = bigLeft ? margin + bigW + Math.floor(seamW / 2) : margin + smW + Math.floor(seamW / 2);
    const smCutV = margin + sh + Math.floor(seamW / 2);
    let partsUV: Box[];
    if (bigLeft) partsUV = [{ x: 0, y: 0, width: bigCutU, height: V }, { x: bigCutU, y: 0, width: U - bigCutU, height: smCutV }, { x: bigCutU, y: smCutV, width: U - bigCutU, height: V - smCutV }];
    else partsUV = [{ x: 0, y: 0, width: bigCutU, height: smCutV }, { x: bigCutU, y: 0, width: U - bigCutU, height: V }, { x: 0, y: smCutV, width: bigCutU, height: V - smCutV }];
    let parts = partsUV.map(tr);
    parts = parts.sort((a, b) => a.y - b.y || a.x - b.x);
    const seps = [tr({ x: bigLeft ? margin + bigW : margin + smW, y: 0, width: seamW, height: V }), tr({ x: sx, y: margin + sh, width: smW, height: seamW })];
    return save('mix', cv, randomFmt(), `mosaic big ${transpose ? (bigLeft ? 'top' : 'bottom') : bigLeft ? 'left' : 'right'} + two small, seam ${seamW}px ${css(seam)}${margin ? `, margin ${margin}` : ''}`, { parts, axis: 'grid' }, seps, panels, seamW);
  }
  // grid-based mixtures
  const [nc, nr] = stripShape();
  const seamW = ri(8, 24), margin = ri(0, 1) ? ri(8, 30) : 0;
  const { cw, ch } = cellSizes(nc, nr, seamW, margin, 600, 1800);
  const { W, H, cells } = gridLayout(Array(nc).fill(cw), Array(nr).fill(ch), seamW, margin);
  if (t === 2) { // rounded corners
    const rad = ri(6, Math.min(40, Math.floor(Math.min(cw, ch) / 5)));
    const cv = new Canvas(W, H, seam);
    const inside = (x: number, y: number) => { const dx = x < rad ? rad - x : x >= cw - rad ? x - (cw - rad - 1) : 0, dy = y < rad ? rad - y : y >= ch - rad ? y - (ch - rad - 1) : 0; return dx * dx + dy * dy <= rad * rad; };
    for (const c of cells) cv.blit(await photo(cw, ch), cw, ch, c.box.x, c.box.y, inside);
    const { parts, seps, axis, maxSeam } = partsFromPanels(W, H, cells);
    return save('mix', cv, randomFmt(), `${nc}x${nr} rounded-corner panels r=${rad}, seam ${seamW}px ${css(seam)}${margin ? `, margin ${margin}` : ''}`, { parts, axis }, seps, cells.map((c) => c.box), maxSeam);
  }
  if (t === 3) { // drop shadows
    const bgc: RGB = pick<RGB>([WHITE, [240, 240, 240], [250, 245, 235]]);
    const cv = new Canvas(W, H, bgc);
    const off = ri(3, Math.min(8, Math.floor(seamW / 2))), blur = ri(2, 6);
    let body = `<defs><filter id="f" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${blur / 2}"/></filter></defs>`;
    for (const c of cells) body += `<rect x="${c.box.x + off}" y="${c.box.y + off}" width="${cw}" height="${ch}" fill="rgba(0,0,0,0.45)" filter="url(#f)"/>`;
    await cv.svg(0, 0, W, H, body);
    for (const c of cells) cv.blit(await photo(cw, ch), cw, ch, c.box.x, c.box.y);
    const { parts, seps, axis, maxSeam } = partsFromPanels(W, H, cells);
    const fmt = chance(0.7) ? { format: 'jpeg', q: ri(60, 95), chroma: '4:2:0' } as Fmt : randomFmt();
    return save('mix', cv, fmt, `${nc}x${nr} panels with drop shadow off=${off} blur=${blur}, seam ${seamW}px ${css(bgc)}${margin ? `, margin ${margin}` : ''}`, { parts, axis }, seps, cells.map((c) => c.box), maxSeam);
  }
  if (t === 4) { // frame around whole collage
    const fw = ri(6, 30), frame = colourNot([seam], 150);
    const { W: W2, H: H2, cells: cells2 } = gridLayout(Array(nc).fill(cw), Array(nr).fill(ch), seamW, margin + fw);
    const cv = new Canvas(W2, H2, frame);
    cv.fill(fw, fw, W2 - 2 * fw, H2 - 2 * fw, seam);
    for (const c of cells2) cv.blit(await photo(cw, ch), cw, ch, c.box.x, c.box.y);
    const { parts, seps, axis, maxSeam } = partsFromPanels(W2, H2, cells2);
    return save('mix', cv, randomFmt(), `${nc}x${nr} photos inside a ${fw}px frame ${css(frame)}, seam ${seamW}px ${css(seam)}, inner margin ${margin}`, { parts, axis }, seps, cells2.map((c) => c.box), maxSeam);
  }
  // t === 5: panels of slightly different heights in a row (or widths in a column), padded with seam colour
  const n = ri(2, 5), horiz = chance(0.65), sw2 = ri(4, 16);
  let base = ri(S(300), S(700));
  const acrossR = Array.from({ length: n }, () => rf(0.7, 1.4));
  const sumR = acrossR.reduce((a, b) => a + b, 0);
  if (base * sumR + sw2 * (n - 1) > S(2400)) base = Math.floor((S(2400) - sw2 * (n - 1)) / sumR);
  const sizes = Array.from({ length: n }, () => Math.round(base * rf(0.85, 1)));
  const across = acrossR.map((r) => Math.round(base * r));
  const align = pick(['start', 'center', 'end']);
  const L = Math.max(...sizes);
  const total = across.reduce((a, b) => a + b, 0) + sw2 * (n - 1);
  const W3 = horiz ? total : L, H3 = horiz ? L : total;
  const cv = new Canvas(W3, H3, seam);
  const panels: Cell[] = []; let pos = 0;
  for (let i = 0; i < n; i++) {
    const off = align === 'start' ? 0 : align === 'end' ? L - sizes[i]! : Math.floor((L - sizes[i]!) / 2);
    const b: Box = horiz ? { x: pos, y: off, width: across[i]!, height: sizes[i]! } : { x: off, y: pos, width: sizes[i]!, height: across[i]! };
    cv.blit(await photo(b.width, b.height), b.width, b.height, b.x, b.y);
    panels.push({ box: b, r: horiz ? 0 : i, c: horiz ? i : 0 }); pos += across[i]! + sw2;
  }
  const { parts, seps, axis, maxSeam } = partsFromPanels(W3, H3, panels);
  return save('mix', cv, randomFmt(), `${n} panels ${horiz ? 'in a row, heights' : 'in a column, widths'} ${sizes.join('/')} padded (${align}), seam ${sw2}px ${css(seam)}`, { parts, axis }, seps, panels.map((p) => p.box), maxSeam);
}

const KIND_MAKERS: [string, () => Promise<unknown>][] = [['flat', kindFlat], ['grid', kindBigGrid], ['caption', kindCaption], ['badge', kindBadge], ['heavy', kindHeavy], ['gradient', kindGradient], ['none', kindNone], ['mix', kindMix]];

/** A batch: `perKind` pictures of each kind, kind after kind, all drawn from one stream seeded with `seed`. */
export async function generateIndependentBatch(options: IndependentOptions): Promise<IndependentCollage[]> {
  await loadSources(options.corpus);
  st = options.seed >>> 0 || 1;
  out = [];
  used = [];
  counters = {};
  prefix = options.prefix;
  scale = options.scale ?? 1;
  pngAsWebp = options.pngAsWebp ?? false;
  for (const [, make] of KIND_MAKERS) for (let i = 0; i < options.perKind; i++) await make();
  const batch = out;
  out = [];
  return batch;
}
