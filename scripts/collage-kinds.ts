/**
 * Collages of the kinds quest organisers make, drawn from a seed: flat graphics panels, big photo
 * grids, photos with captions, numbered badges over seams, heavy JPEG with thin seams of any
 * colour, gradient seams, and pictures that are no collage at all. Each comes with the plan the
 * separator rules must give, computed from the layout that was drawn (never from the detector).
 *
 * Text is drawn with the 5×7 bitmap font below, so no font is needed and every machine draws the
 * same pixels. Photos are crops of the corpus JPEGs the other fixtures use.
 *
 * Used by scripts/make-collages.ts: batch "tuned" (seed 1) in fixtures/collages/generated and
 * batch "unseen" (seed 4, made after the rules were set) in fixtures/collages/unseen.
 */
import { join } from 'node:path';
import sharp from 'sharp';

export type Rgb = [number, number, number];
export interface Box { x: number; y: number; width: number; height: number }

export type Kind = 'flat' | 'grid' | 'caption' | 'badge' | 'heavy' | 'gradient' | 'none';
export const KINDS: readonly Kind[] = ['flat', 'grid', 'caption', 'badge', 'heavy', 'gradient', 'none'];

export interface GeneratedCollage {
  name: string;
  kind: Kind;
  width: number;
  height: number;
  bytes: Buffer;
  format: 'jpeg' | 'png';
  /** null: the picture must be refused (no collage). */
  parts: Box[] | null;
  /** Painted seam rectangles: every cut must lie inside one. */
  seams: Box[];
  /** Panel rectangles (a photo together with its caption): no cut may cross one. */
  panels: Box[];
  tolerance: number;
  description: string;
}

// ---------------------------------------------------------------------------------------------
// Random numbers: xorshift32, one stream per collage.

export class Random {
  private s: number;
  constructor(seed: number) {
    this.s = (seed * 2654435761) >>> 0 || 1;
    for (let i = 0; i < 4; i++) this.next();
  }
  next(): number {
    let s = this.s;
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    this.s = s;
    return s / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
}

// ---------------------------------------------------------------------------------------------
// A canvas of RGB bytes and the few things drawn on it.

export class Canvas {
  readonly data: Buffer;
  constructor(readonly width: number, readonly height: number, background: Rgb) {
    this.data = Buffer.alloc(width * height * 3);
    for (let i = 0; i < this.data.length; i += 3) this.data.set(background, i);
  }
  set(x: number, y: number, c: Rgb): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    this.data.set(c, (y * this.width + x) * 3);
  }
  rect(b: Box, c: Rgb): void {
    for (let y = b.y; y < b.y + b.height; y++) for (let x = b.x; x < b.x + b.width; x++) this.set(x, y, c);
  }
  circle(cx: number, cy: number, r: number, c: Rgb): void {
    for (let y = Math.floor(cy - r); y <= Math.ceil(cy + r); y++) {
      for (let x = Math.floor(cx - r); x <= Math.ceil(cx + r); x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) this.set(x, y, c);
    }
  }
  triangle(b: Box, c: Rgb): void {
    for (let y = 0; y < b.height; y++) {
      const half = Math.round(((y + 1) / b.height) * (b.width / 2));
      for (let x = Math.round(b.width / 2) - half; x < Math.round(b.width / 2) + half; x++) this.set(b.x + x, b.y + y, c);
    }
  }
  paste(pixels: Buffer, b: Box): void {
    for (let y = 0; y < b.height; y++) pixels.copy(this.data, ((b.y + y) * this.width + b.x) * 3, y * b.width * 3, (y + 1) * b.width * 3);
  }
  /** Text in the bitmap font at `scale` px per dot; returns the ink box. */
  text(x: number, y: number, s: string, scale: number, c: Rgb): Box {
    let cx = x;
    for (const ch of s.toUpperCase()) {
      const glyph = FONT[ch] ?? FONT[' ']!;
      glyph.forEach((row, gy) => {
        for (let gx = 0; gx < 5; gx++) if (row[gx] === '#') this.rect({ x: cx + gx * scale, y: y + gy * scale, width: scale, height: scale }, c);
      });
      cx += 6 * scale;
    }
    return { x, y, width: textWidth(s, scale), height: 7 * scale };
  }
}

export function textWidth(s: string, scale: number): number {
  return s.length * 6 * scale - scale;
}

/** A 5×7 bitmap font: digits, capitals and a little punctuation, one string per dot row. */
const FONT: Record<string, string[]> = {
  ' ': ['.....', '.....', '.....', '.....', '.....', '.....', '.....'],
  '.': ['.....', '.....', '.....', '.....', '.....', '.##..', '.##..'],
  ':': ['.....', '.##..', '.##..', '.....', '.##..', '.##..', '.....'],
  '-': ['.....', '.....', '.....', '#####', '.....', '.....', '.....'],
  '%': ['##..#', '##.#.', '..#..', '.#...', '#..##', '...##', '.....'],
  '0': ['.###.', '#...#', '#..##', '#.#.#', '##..#', '#...#', '.###.'],
  '1': ['..#..', '.##..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  '2': ['.###.', '#...#', '....#', '...#.', '..#..', '.#...', '#####'],
  '3': ['#####', '...#.', '..#..', '...#.', '....#', '#...#', '.###.'],
  '4': ['...#.', '..##.', '.#.#.', '#..#.', '#####', '...#.', '...#.'],
  '5': ['#####', '#....', '####.', '....#', '....#', '#...#', '.###.'],
  '6': ['..##.', '.#...', '#....', '####.', '#...#', '#...#', '.###.'],
  '7': ['#####', '....#', '...#.', '..#..', '.#...', '.#...', '.#...'],
  '8': ['.###.', '#...#', '#...#', '.###.', '#...#', '#...#', '.###.'],
  '9': ['.###.', '#...#', '#...#', '.####', '....#', '...#.', '.##..'],
  A: ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  B: ['####.', '#...#', '#...#', '####.', '#...#', '#...#', '####.'],
  C: ['.###.', '#...#', '#....', '#....', '#....', '#...#', '.###.'],
  D: ['###..', '#..#.', '#...#', '#...#', '#...#', '#..#.', '###..'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
  F: ['#####', '#....', '#....', '####.', '#....', '#....', '#....'],
  G: ['.###.', '#...#', '#....', '#.###', '#...#', '#...#', '.####'],
  H: ['#...#', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  I: ['.###.', '..#..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  J: ['..###', '...#.', '...#.', '...#.', '...#.', '#..#.', '.##..'],
  K: ['#...#', '#..#.', '#.#..', '##...', '#.#..', '#..#.', '#...#'],
  L: ['#....', '#....', '#....', '#....', '#....', '#....', '#####'],
  M: ['#...#', '##.##', '#.#.#', '#.#.#', '#...#', '#...#', '#...#'],
  N: ['#...#', '#...#', '##..#', '#.#.#', '#..##', '#...#', '#...#'],
  O: ['.###.', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  Q: ['.###.', '#...#', '#...#', '#...#', '#.#.#', '#..#.', '.##.#'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  S: ['.####', '#....', '#....', '.###.', '....#', '....#', '####.'],
  T: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..'],
  U: ['#...#', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  V: ['#...#', '#...#', '#...#', '#...#', '#...#', '.#.#.', '..#..'],
  W: ['#...#', '#...#', '#...#', '#.#.#', '#.#.#', '#.#.#', '.#.#.'],
  X: ['#...#', '#...#', '.#.#.', '..#..', '.#.#.', '#...#', '#...#'],
  Y: ['#...#', '#...#', '.#.#.', '..#..', '..#..', '..#..', '..#..'],
  Z: ['#####', '....#', '...#.', '..#..', '.#...', '#....', '#####'],
};

// ---------------------------------------------------------------------------------------------
// Photos

export interface Corpus { dir: string }

/** Corpus photos with busy content; apsara is greyscale, galaxy dark, table a busy street scene. */
const PHOTOS = ['jpeg/skater.jpg', 'jpeg/tree-rgb.jpg', 'jpeg/grumpycat.jpg', 'jpeg/apsara.jpg', 'webp/peak.png', 'jpeg/table-with-good-e1.jpg', 'jpeg/unconventional-table.jpg'];
const POSITIONS = ['centre', 'north', 'south', 'east', 'west', 'northeast', 'southwest'] as const;

async function photo(corpus: Corpus, rnd: Random, width: number, height: number): Promise<Buffer> {
  const file = rnd.pick(PHOTOS);
  const position = rnd.pick(POSITIONS);
  return sharp(join(corpus.dir, file)).resize(width, height, { fit: 'cover', position }).removeAlpha().toColourspace('srgb').raw().toBuffer();
}

// ---------------------------------------------------------------------------------------------
// Colours

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const SEAM_COLOURS: Rgb[] = [WHITE, WHITE, WHITE, BLACK, [128, 128, 128], [240, 240, 240], [30, 30, 30], [200, 30, 30], [30, 60, 190], [250, 220, 60]];
const FLAT_COLOURS: Rgb[] = [
  [47, 109, 181], [58, 157, 93], [181, 65, 47], [240, 200, 60], [120, 70, 160], [20, 150, 160], [230, 120, 40], [90, 90, 90], [200, 60, 120], [150, 200, 90], [250, 240, 220], [40, 40, 60],
];

function far(a: Rgb, b: Rgb, d: number): boolean {
  return Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]), Math.abs(a[2] - b[2])) > d;
}

// ---------------------------------------------------------------------------------------------
// Layout of a regular grid (a strip is a 1×n or n×1 grid)

interface Grid {
  cols: number[];
  rows: number[];
  seam: number;
  margin: number;
}

function gridSize(g: Grid): [number, number] {
  const w = g.cols.reduce((a, b) => a + b, 0) + g.seam * (g.cols.length - 1) + 2 * g.margin;
  const h = g.rows.reduce((a, b) => a + b, 0) + g.seam * (g.rows.length - 1) + 2 * g.margin;
  return [w, h];
}

function starts(sizes: number[], seam: number, margin: number): number[] {
  const out: number[] = [];
  let p = margin;
  for (const s of sizes) {
    out.push(p);
    p += s + seam;
  }
  return out;
}

function cells(g: Grid): Box[] {
  const xs = starts(g.cols, g.seam, g.margin);
  const ys = starts(g.rows, g.seam, g.margin);
  const out: Box[] = [];
  ys.forEach((y, r) => xs.forEach((x, c) => out.push({ x, y, width: g.cols[c]!, height: g.rows[r]! })));
  return out;
}

function seamsOf(g: Grid): Box[] {
  const [w, h] = gridSize(g);
  const out: Box[] = [];
  const xs = starts(g.cols, g.seam, g.margin);
  const ys = starts(g.rows, g.seam, g.margin);
  for (let c = 1; c < xs.length; c++) out.push({ x: xs[c]! - g.seam, y: 0, width: g.seam, height: h });
  for (let r = 1; r < ys.length; r++) out.push({ x: 0, y: ys[r]! - g.seam, width: w, height: g.seam });
  return out;
}

/**
 * The plan the rules give: along each axis the content runs from the first panel's ink to the last
 * panel's ink (plain lines of the collage colour outside are margins) and cuts go through the
 * middle of each gap between panels (start + ⌊width/2⌋); parts in reading order.
 */
function expectedGrid(colBounds: [number, number][], rowBounds: [number, number][], width: number, height: number): Box[] {
  // A strip's parts span the whole picture across it (the cross axis is never trimmed).
  if (colBounds.length === 1) colBounds = [[0, width]];
  if (rowBounds.length === 1) rowBounds = [[0, height]];
  const edges = (b: [number, number][]): number[] => {
    const out = [b[0]![0]];
    for (let i = 1; i < b.length; i++) {
      const gapStart = b[i - 1]![1];
      const gapEnd = b[i]![0];
      out.push(gapStart + Math.floor((gapEnd - gapStart) / 2));
    }
    out.push(b[b.length - 1]![1]);
    return out;
  };
  const xe = edges(colBounds);
  const ye = edges(rowBounds);
  const parts: Box[] = [];
  for (let r = 0; r + 1 < ye.length; r++) for (let c = 0; c + 1 < xe.length; c++) parts.push({ x: xe[c]!, y: ye[r]!, width: xe[c + 1]! - xe[c]!, height: ye[r + 1]! - ye[r]! });
  return parts;
}

function boundsOf(g: Grid): { cols: [number, number][]; rows: [number, number][] } {
  const xs = starts(g.cols, g.seam, g.margin);
  const ys = starts(g.rows, g.seam, g.margin);
  return { cols: xs.map((x, i) => [x, x + g.cols[i]!]), rows: ys.map((y, i) => [y, y + g.rows[i]!]) };
}

function randomSizes(rnd: Random, n: number, min: number, max: number, equal: boolean): number[] {
  const first = rnd.int(min, max);
  return Array.from({ length: n }, () => (equal ? first : rnd.int(min, max)));
}

// ---------------------------------------------------------------------------------------------
// Encoding

interface Encoding { format: 'jpeg' | 'png'; quality?: number; twice?: number; chroma?: '4:2:0' | '4:4:4' }

async function encode(c: Canvas, e: Encoding): Promise<Buffer> {
  const raw = sharp(c.data, { raw: { width: c.width, height: c.height, channels: 3 } });
  if (e.format === 'png') return raw.png({ compressionLevel: 9 }).toBuffer();
  const once = await raw.jpeg({ quality: e.quality ?? 80, chromaSubsampling: e.chroma ?? '4:2:0' }).toBuffer();
  if (e.twice === undefined) return once;
  return sharp(once).jpeg({ quality: e.twice, chromaSubsampling: '4:2:0' }).toBuffer();
}

function tolerance(e: Encoding, seam: number): number {
  return e.format === 'png' ? 1 : Math.max(3, Math.ceil(seam / 2) + 1);
}

function lossyEncoding(rnd: Random): Encoding {
  return rnd.pick<Encoding>([{ format: 'png' }, { format: 'jpeg', quality: 90 }, { format: 'jpeg', quality: 75 }, { format: 'jpeg', quality: 60 }]);
}

// ---------------------------------------------------------------------------------------------
// The kinds

type Maker = (corpus: Corpus, rnd: Random, name: string) => Promise<GeneratedCollage>;

/** Strip or grid shape: 2–5 side by side, 2–5 stacked, or a 2×2 / 3×2 / 2×3 grid. */
function flatShape(rnd: Random): [number, number] {
  return rnd.pick<[number, number]>([[2, 1], [3, 1], [4, 1], [5, 1], [1, 2], [1, 3], [1, 4], [2, 2], [3, 2], [2, 3]]);
}

/** Flat graphics: every panel a solid background of its own colour with a shape inside (rebus, icon, flag). */
const flat: Maker = async (_corpus, rnd, name) => {
  const [nc, nr] = flatShape(rnd);
  const seamColour = rnd.pick(SEAM_COLOURS);
  const g: Grid = { cols: randomSizes(rnd, nc, 140, 220, rnd.next() < 0.6), rows: randomSizes(rnd, nr, 120, 200, rnd.next() < 0.6), seam: rnd.int(2, 14), margin: rnd.next() < 0.4 ? rnd.int(4, 20) : 0 };
  const [w, h] = gridSize(g);
  const c = new Canvas(w, h, seamColour);
  const boxes = cells(g);
  let prev: Rgb | null = null;
  for (const b of boxes) {
    let bg = rnd.pick(FLAT_COLOURS);
    while (!far(bg, seamColour, 60) || (prev && !far(bg, prev, 30))) bg = rnd.pick(FLAT_COLOURS);
    prev = bg;
    c.rect(b, bg);
    let fg = rnd.pick(FLAT_COLOURS);
    while (!far(fg, bg, 60)) fg = rnd.pick(FLAT_COLOURS);
    const size = Math.round(Math.min(b.width, b.height) * (0.3 + rnd.next() * 0.4));
    const inner = { x: b.x + Math.round((b.width - size) / 2), y: b.y + Math.round((b.height - size) / 2), width: size, height: size };
    const shape = rnd.int(0, 3);
    if (shape === 0) c.circle(inner.x + size / 2, inner.y + size / 2, size / 2, fg);
    else if (shape === 1) c.rect(inner, fg);
    else if (shape === 2) c.triangle(inner, fg);
    else c.text(inner.x, inner.y + Math.round(size / 3), String(rnd.int(1, 9)) + 'A', Math.max(2, Math.floor(size / 12)), fg);
  }
  const e = lossyEncoding(rnd);
  const bounds = boundsOf(g);
  return done(name, 'flat', c, e, expectedGrid(bounds.cols, bounds.rows, w, h), seamsOf(g), boxes, tolerance(e, g.seam), `${nc}x${nr} flat panels, seam ${g.seam}px rgb(${seamColour}), margin ${g.margin}`);
};

/** Big photo grids: 3×3, 4×3, 3×4, 4×4. */
const grid: Maker = async (corpus, rnd, name) => {
  const [nc, nr] = rnd.pick<[number, number]>([[3, 3], [4, 3], [3, 4], [4, 4]]);
  const seamColour = rnd.pick(SEAM_COLOURS);
  const g: Grid = { cols: randomSizes(rnd, nc, 130, 220, rnd.next() < 0.7), rows: randomSizes(rnd, nr, 110, 190, rnd.next() < 0.7), seam: rnd.int(2, 12), margin: rnd.next() < 0.3 ? rnd.int(4, 16) : 0 };
  const [w, h] = gridSize(g);
  const c = new Canvas(w, h, seamColour);
  const boxes = cells(g);
  for (const b of boxes) c.paste(await photo(corpus, rnd, b.width, b.height), b);
  const e: Encoding = rnd.pick<Encoding>([{ format: 'jpeg', quality: 85 }, { format: 'jpeg', quality: 70 }, { format: 'jpeg', quality: 55 }, { format: 'jpeg', quality: 95 }]);
  const bounds = boundsOf(g);
  return done(name, 'grid', c, e, expectedGrid(bounds.cols, bounds.rows, w, h), seamsOf(g), boxes, tolerance(e, g.seam), `${nc}x${nr} photo grid, seam ${g.seam}px rgb(${seamColour}), margin ${g.margin}`);
};

const WORDS = ['THE IRON BRIDGE', 'OLD TOWER', 'RIVER GATE', 'MARKET', 'CLOCK', 'STATION', 'NORTH PARK', 'BELL', 'FOUNTAIN', 'LIBRARY', 'HARBOUR', 'MILL'];

/** Photos with one or two lines of caption under or over each, in strips and 2×2 grids. */
const caption: Maker = async (corpus, rnd, name) => {
  const shape = rnd.pick<[number, number]>([[2, 1], [3, 1], [4, 1], [1, 2], [1, 3], [2, 2]]);
  const [nc, nr] = shape;
  const under = rnd.next() < 0.7;
  const lines = rnd.int(1, 2);
  const scale = rnd.int(2, 3);
  const gap = rnd.int(3, 8);
  const lineGap = scale * 3;
  const capH = lines * 7 * scale + (lines - 1) * lineGap;
  const seamColour = rnd.pick<Rgb>([WHITE, WHITE, [245, 245, 240], BLACK]);
  const ink: Rgb = seamColour[0] > 128 ? [25, 25, 25] : [240, 240, 240];
  const photoW = randomSizes(rnd, nc, 170, 240, true);
  const photoH = rnd.int(130, 190);
  const seam = rnd.int(gap + 8, gap + 24);
  const margin = rnd.int(6, 16);
  const cellH = photoH + gap + capH;
  const g: Grid = { cols: photoW, rows: Array(nr).fill(cellH), seam, margin };
  const [w, h] = gridSize(g);
  const c = new Canvas(w, h, seamColour);
  const boxes = cells(g);
  const colBounds: [number, number][] = [];
  const rowBounds: [number, number][] = [];
  let n = 1;
  for (const b of boxes) {
    const py = under ? b.y : b.y + capH + gap;
    c.paste(await photo(corpus, rnd, b.width, photoH), { x: b.x, y: py, width: b.width, height: photoH });
    let ty = under ? b.y + photoH + gap : b.y;
    for (let l = 0; l < lines; l++) {
      let s = l === 0 ? `${n}. ${rnd.pick(WORDS)}` : rnd.pick(WORDS);
      while (textWidth(s, scale) > b.width) s = s.slice(0, -1);
      c.text(b.x, ty, s, scale, ink);
      ty += 7 * scale + lineGap;
    }
    n++;
  }
  // Ink extents: photos span their cells' full width; the first/last line of a row of cells is
  // photo or caption ink (every caption starts with "N." so the first row of dots is never blank).
  for (let i = 0; i < nc; i++) colBounds.push([boxes[i]!.x, boxes[i]!.x + boxes[i]!.width]);
  for (let r = 0; r < nr; r++) {
    const b = boxes[r * nc]!;
    rowBounds.push([b.y, b.y + cellH]);
  }
  const e = rnd.pick<Encoding>([{ format: 'jpeg', quality: 95 }, { format: 'jpeg', quality: 85 }, { format: 'jpeg', quality: 70 }]);
  return done(name, 'caption', c, e, expectedGrid(colBounds, rowBounds, w, h), seamsOf(g), boxes, tolerance(e, seam), `${nc}x${nr} photos, ${lines}-line captions ${under ? 'under' : 'over'}, gap ${gap}, seam ${seam}`);
};

/** Numbered badges (a filled circle with a digit) drawn over seams and grid junctions. */
const badge: Maker = async (corpus, rnd, name) => {
  const [nc, nr] = rnd.pick<[number, number]>([[3, 1], [4, 1], [1, 3], [2, 2], [3, 2], [3, 3]]);
  const seamColour = rnd.pick(SEAM_COLOURS);
  const g: Grid = { cols: randomSizes(rnd, nc, 160, 230, true), rows: randomSizes(rnd, nr, 130, 200, true), seam: rnd.int(3, 12), margin: 0 };
  const [w, h] = gridSize(g);
  const c = new Canvas(w, h, seamColour);
  const boxes = cells(g);
  for (const b of boxes) c.paste(await photo(corpus, rnd, b.width, b.height), b);
  const seams = seamsOf(g);
  const fill = rnd.pick<Rgb>([[220, 30, 30], [250, 200, 40], [30, 90, 200], [255, 255, 255], [20, 20, 20]]);
  const digit: Rgb = fill[0] + fill[1] + fill[2] > 400 ? [20, 20, 20] : [255, 255, 255];
  const r = rnd.int(11, 20);
  const spots: [number, number][] = [];
  const xs = starts(g.cols, g.seam, 0);
  const ys = starts(g.rows, g.seam, 0);
  // Junctions of a grid, else the middle of each seam.
  if (nc > 1 && nr > 1) {
    for (let j = 1; j < ys.length; j++) for (let i = 1; i < xs.length; i++) spots.push([xs[i]! - g.seam / 2, ys[j]! - g.seam / 2]);
  }
  for (let i = 1; i < xs.length; i++) spots.push([xs[i]! - g.seam / 2, rnd.int(r + 4, h - r - 4)]);
  for (let j = 1; j < ys.length; j++) spots.push([rnd.int(r + 4, w - r - 4), ys[j]! - g.seam / 2]);
  spots.forEach(([x, y], k) => {
    c.circle(x, y, r, fill);
    const s = Math.max(1, Math.floor(r / 6));
    c.text(Math.round(x - 2.5 * s), Math.round(y - 3.5 * s), String((k % 9) + 1), s, digit);
  });
  const e: Encoding = rnd.pick<Encoding>([{ format: 'jpeg', quality: 95 }, { format: 'jpeg', quality: 85 }, { format: 'jpeg', quality: 65 }]);
  const bounds = boundsOf(g);
  return done(name, 'badge', c, e, expectedGrid(bounds.cols, bounds.rows, w, h), seams, boxes, tolerance(e, g.seam), `${nc}x${nr} photos, seam ${g.seam}px rgb(${seamColour}), ${spots.length} badges r=${r}`);
};

/** Heavy JPEG: 600–900 px, quality 25–40, seams of 1–3 px of any colour, some saved twice. */
const heavy: Maker = async (corpus, rnd, name) => {
  const [nc, nr] = rnd.pick<[number, number]>([[2, 1], [3, 1], [4, 1], [1, 2], [1, 3], [2, 2], [3, 2], [3, 3]]);
  const seamColour = rnd.pick<Rgb>([WHITE, BLACK, [128, 128, 128], [220, 20, 20], [20, 40, 210], [255, 220, 0], [0, 160, 70]]);
  const seam = rnd.int(1, 3);
  const target = rnd.int(600, 900);
  const along = nc >= nr;
  const cw = Math.floor((along ? target : target * 0.75) / nc) - seam;
  const rh = Math.floor((along ? target * 0.7 : target) / nr) - seam;
  const g: Grid = { cols: randomSizes(rnd, nc, cw - 20, cw, false), rows: randomSizes(rnd, nr, rh - 20, rh, false), seam, margin: 0 };
  const [w, h] = gridSize(g);
  const c = new Canvas(w, h, seamColour);
  const boxes = cells(g);
  for (const b of boxes) c.paste(await photo(corpus, rnd, b.width, b.height), b);
  const q = rnd.int(25, 40);
  const e: Encoding = rnd.next() < 0.35 ? { format: 'jpeg', quality: q + 10, twice: q } : { format: 'jpeg', quality: q };
  const bounds = boundsOf(g);
  return done(name, 'heavy', c, e, expectedGrid(bounds.cols, bounds.rows, w, h), seamsOf(g), boxes, 3, `${nc}x${nr} photos ${w}x${h}, seam ${seam}px rgb(${seamColour}), q${q}${e.twice ? ' saved twice' : ''}`);
};

/** Seams shading 230→250 along their length (vertical seams down the picture, horizontal ones across it). */
const gradient: Maker = async (corpus, rnd, name) => {
  const [nc, nr] = rnd.pick<[number, number]>([[2, 1], [3, 1], [1, 2], [1, 3], [2, 2], [3, 2]]);
  const g: Grid = { cols: randomSizes(rnd, nc, 160, 240, rnd.next() < 0.5), rows: randomSizes(rnd, nr, 130, 200, rnd.next() < 0.5), seam: rnd.int(3, 12), margin: 0 };
  const [w, h] = gridSize(g);
  const c = new Canvas(w, h, WHITE);
  const reverse = rnd.next() < 0.5;
  const shade = (t: number): Rgb => {
    const v = Math.round(230 + 20 * (reverse ? 1 - t : t));
    return [v, v, v];
  };
  for (const s of seamsOf(g)) {
    for (let y = s.y; y < s.y + s.height; y++) {
      for (let x = s.x; x < s.x + s.width; x++) c.set(x, y, s.height > s.width ? shade(y / (h - 1)) : shade(x / (w - 1)));
    }
  }
  const boxes = cells(g);
  for (const b of boxes) c.paste(await photo(corpus, rnd, b.width, b.height), b);
  const e: Encoding = rnd.pick<Encoding>([{ format: 'jpeg', quality: 95 }, { format: 'jpeg', quality: 90 }, { format: 'jpeg', quality: 75 }]);
  const bounds = boundsOf(g);
  return done(name, 'gradient', c, e, expectedGrid(bounds.cols, bounds.rows, w, h), seamsOf(g), boxes, tolerance(e, g.seam), `${nc}x${nr} photos, seam ${g.seam}px shading 230-250`);
};

const PAGE_WORDS = 'FIND THE OLD CLOCK NEAR THE RIVER AND COUNT THE WINDOWS ABOVE THE BAKERY THEN ADD THE YEAR ON THE BRIDGE PLATE CODE STARTS WITH EN'.split(' ');

function paragraph(c: Canvas, rnd: Random, x: number, y: number, width: number, lines: number, scale: number, ink: Rgb): number {
  for (let l = 0; l < lines; l++) {
    let s = '';
    const limit = Math.floor(width / (6 * scale)) - rnd.int(0, 8);
    while (s.length < limit) s += rnd.pick(PAGE_WORDS) + ' ';
    c.text(x, y, s.slice(0, limit).trim(), scale, ink);
    y += 7 * scale + rnd.int(3, 5) * scale;
  }
  return y;
}

/** Pictures that are no collage: an app screenshot, a bar chart with a title, a text page, a photo under a plain sky. */
const none: Maker = async (corpus, rnd, name) => {
  const which = rnd.int(0, 3);
  const w = rnd.int(600, 900);
  const h = rnd.int(450, 700);
  const c = new Canvas(w, h, WHITE);
  let description = '';
  if (which === 0) {
    const bar = rnd.pick<Rgb>([[36, 82, 160], [200, 60, 60], [40, 140, 90], [60, 60, 70]]);
    const barH = rnd.int(36, 56);
    c.rect({ x: 0, y: 0, width: w, height: barH }, bar);
    c.text(16, Math.round(barH / 2 - 7), 'LEVEL 7 TASK', 2, WHITE);
    let y = barH + rnd.int(16, 30);
    while (y < h - 80) y = paragraph(c, rnd, 20, y, w - 40, rnd.int(2, 4), 2, [30, 30, 30]) + rnd.int(12, 30);
    description = 'app screenshot with a coloured title bar';
  } else if (which === 1) {
    const scale = 3;
    const title = 'VISITS PER DAY';
    c.text(Math.round((w - textWidth(title, scale)) / 2), 16, title, scale, [30, 30, 30]);
    const n = rnd.int(4, 8);
    const left = 50;
    const base = h - 40;
    const slot = Math.floor((w - left - 20) / n);
    const axis = rnd.next() < 0.5;
    for (let i = 0; i < n; i++) {
      const bh = rnd.int(60, base - 80);
      c.rect({ x: left + i * slot + 10, y: base - bh, width: slot - 20, height: bh }, rnd.pick(FLAT_COLOURS.slice(0, 9)));
      c.text(left + i * slot + slot / 2 - 5, base + 10, String(i + 1), 2, [30, 30, 30]);
    }
    if (axis) c.rect({ x: left - 4, y: base, width: w - left - 10, height: 2 }, [60, 60, 60]);
    description = `bar chart with a title${axis ? ' and an axis' : ''}`;
  } else if (which === 2) {
    let y = 30;
    c.text(30, y, 'TASK 3', 4, [20, 20, 20]);
    y += 60;
    while (y < h - 60) y = paragraph(c, rnd, 30, y, w - 60, rnd.int(2, 5), 2, [30, 30, 30]) + rnd.int(14, 30);
    description = 'text page';
  } else {
    const horizon = Math.round(h * (0.35 + rnd.next() * 0.25));
    const top: Rgb = [rnd.int(90, 140), rnd.int(150, 190), rnd.int(215, 245)];
    for (let y = 0; y < horizon; y++) {
      const t = y / horizon;
      c.rect({ x: 0, y, width: w, height: 1 }, [Math.round(top[0] + 70 * t), Math.round(top[1] + 45 * t), Math.min(255, Math.round(top[2] + 10 * t))]);
    }
    if (rnd.next() < 0.6) {
      const cy = rnd.int(30, Math.max(31, horizon - 60));
      for (let k = 0; k < 4; k++) c.circle(rnd.int(80, w - 80), cy + rnd.int(-8, 8), rnd.int(14, 26), [245, 245, 248]);
    }
    c.paste(await photo(corpus, rnd, w, h - horizon), { x: 0, y: horizon, width: w, height: h - horizon });
    description = 'photo under a plain sky';
  }
  const e: Encoding = which === 3 ? { format: 'jpeg', quality: rnd.pick([85, 40]) } : rnd.pick<Encoding>([{ format: 'png' }, { format: 'jpeg', quality: 85 }, { format: 'jpeg', quality: 40 }]);
  return done(name, 'none', c, e, null, [], [], 0, description);
};

async function done(name: string, kind: Kind, c: Canvas, e: Encoding, parts: Box[] | null, seams: Box[], panels: Box[], tol: number, description: string): Promise<GeneratedCollage> {
  return { name, kind, width: c.width, height: c.height, bytes: await encode(c, e), format: e.format, parts, seams, panels, tolerance: tol, description: `${description}, ${e.format}${e.quality ? ` q${e.quality}` : ''}${e.twice ? `→q${e.twice}` : ''}` };
}

const MAKERS: Record<Kind, Maker> = { flat, grid, caption, badge, heavy, gradient, none };

/**
 * `perKind` collages of every kind from `seed` (the same seed gives the same pictures).
 *
 * @example
 * ```ts
 * const batch = await generateBatch({ dir: 'test/corpus' }, 1, 6, 'generated');
 * ```
 */
export async function generateBatch(corpus: Corpus, seed: number, perKind: number, prefix: string): Promise<GeneratedCollage[]> {
  const out: GeneratedCollage[] = [];
  for (const kind of KINDS) {
    for (let i = 0; i < perKind; i++) {
      const rnd = new Random(seed * 100_003 + KINDS.indexOf(kind) * 1009 + i);
      out.push(await MAKERS[kind](corpus, rnd, `${prefix}-${kind}-${String(i + 1).padStart(2, '0')}`));
    }
  }
  return out;
}
