/**
 * Turns the inflated PNG byte stream back into scanlines as it arrives: splits it into rows
 * (per Adam7 pass when interlaced), undoes the five filters, and hands each row on. Only two rows
 * are ever held, so decoding never keeps the whole filtered image in memory.
 */
import { ImageError } from '../../errors.js';

/** One (sub-)image of the scanline stream: the whole picture, or one Adam7 pass. */
export interface Pass {
  /** Where its first pixel lands and the step between its pixels, in picture coordinates. */
  x0: number;
  y0: number;
  dx: number;
  dy: number;
  /** Its own size in pixels (both ≥ 1: empty passes are left out, as they carry no bytes). */
  width: number;
  height: number;
}

/** Adam7's seven passes as [x0, y0, dx, dy] (PNG specification, section 8.2). */
const ADAM7: readonly (readonly [number, number, number, number])[] = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

/**
 * The non-empty passes of a picture: one for a plain PNG, up to seven for Adam7.
 *
 * @example
 * ```ts
 * passesFor(1, 1, true); // only pass 1 is non-empty: [{ x0: 0, y0: 0, dx: 8, dy: 8, width: 1, height: 1 }]
 * ```
 */
export function passesFor(width: number, height: number, interlaced: boolean): Pass[] {
  if (!interlaced) return [{ x0: 0, y0: 0, dx: 1, dy: 1, width, height }];
  const passes: Pass[] = [];
  for (const [x0, y0, dx, dy] of ADAM7) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w > 0 && h > 0) passes.push({ x0, y0, dx, dy, width: w, height: h });
  }
  return passes;
}

/** Bytes of one scanline without its filter byte. */
export function rowBytes(width: number, bitsPerPixel: number): number {
  return Math.ceil((width * bitsPerPixel) / 8);
}

/** The exact number of bytes the inflated data must hold: every row of every pass plus its filter byte. */
export function inflatedSize(passes: readonly Pass[], bitsPerPixel: number): number {
  let total = 0;
  for (const p of passes) total += p.height * (1 + rowBytes(p.width, bitsPerPixel));
  return total;
}

/** Receives one unfiltered row (without the filter byte; valid only during the call). */
export type RowSink = (row: Uint8Array, pass: Pass, rowIndex: number) => void;

/** The filter types of PNG filter method 0. */
const enum Filter {
  None = 0,
  Sub = 1,
  Up = 2,
  Average = 3,
  Paeth = 4,
}

/**
 * Reassembles and unfilters scanlines from inflated pieces of any size.
 *
 * @example
 * ```ts
 * const rows = new ScanlineAssembler(passes, 32, (row, pass, y) => copyRow(row, pass, y));
 * await inflateStream(idat, inflatedSize(passes, 32), (piece) => rows.push(piece));
 * ```
 */
export class ScanlineAssembler {
  private passIndex = 0;
  private rowIndex = 0;
  private filter = -1;
  private filled = 0;
  private current: Uint8Array;
  private previous: Uint8Array;
  private rowLength: number;
  /** Bytes per complete pixel, at least 1: the distance Sub/Average/Paeth look back. */
  private readonly bytesPerPixel: number;

  constructor(
    private readonly passes: readonly Pass[],
    private readonly bitsPerPixel: number,
    private readonly sink: RowSink,
  ) {
    const widest = Math.max(...passes.map((p) => rowBytes(p.width, bitsPerPixel)));
    this.current = new Uint8Array(widest);
    this.previous = new Uint8Array(widest);
    this.rowLength = rowBytes(passes[0]!.width, bitsPerPixel);
    this.bytesPerPixel = Math.max(1, bitsPerPixel >> 3);
  }

  /** True once every row of every pass has been received. */
  get complete(): boolean {
    return this.passIndex >= this.passes.length;
  }

  /** Consumes inflated bytes; throws `corrupt` on an unknown filter type or surplus data. */
  push(piece: Uint8Array): void {
    let at = 0;
    while (at < piece.length) {
      if (this.complete) {
        throw new ImageError('corrupt', 'The PNG image data holds more bytes than its header implies; the file is damaged.');
      }
      if (this.filter < 0) {
        const f = piece[at++]!;
        if (f > Filter.Paeth) {
          throw new ImageError('corrupt', `The PNG has an invalid row filter type ${f} (valid: 0–4); the image data is damaged.`);
        }
        this.filter = f;
        this.filled = 0;
        continue;
      }
      const take = Math.min(this.rowLength - this.filled, piece.length - at);
      this.current.set(piece.subarray(at, at + take), this.filled);
      this.filled += take;
      at += take;
      if (this.filled === this.rowLength) this.finishRow();
    }
  }

  private finishRow(): void {
    const row = this.current.subarray(0, this.rowLength);
    unfilter(this.filter, row, this.previous, this.bytesPerPixel);
    const pass = this.passes[this.passIndex]!;
    this.sink(row, pass, this.rowIndex);
    [this.current, this.previous] = [this.previous, this.current];
    this.filter = -1;
    this.rowIndex++;
    if (this.rowIndex === pass.height) {
      this.rowIndex = 0;
      this.passIndex++;
      const next = this.passes[this.passIndex];
      if (next) {
        this.rowLength = rowBytes(next.width, this.bitsPerPixel);
        // A pass starts as if the row above were zeros.
        this.previous.fill(0, 0, this.rowLength);
      }
    }
  }
}

/**
 * Undoes one row's filter in place. `prior` is the unfiltered row above (zeros for the first row).
 * Split per filter so each loop stays simple enough for the JIT.
 */
function unfilter(filter: number, row: Uint8Array, prior: Uint8Array, bpp: number): void {
  const n = row.length;
  switch (filter) {
    case Filter.None:
      return;
    case Filter.Sub:
      for (let i = bpp; i < n; i++) row[i] = (row[i]! + row[i - bpp]!) & 0xff;
      return;
    case Filter.Up:
      unfilterUp(row, prior);
      return;
    case Filter.Average:
      for (let i = 0; i < bpp && i < n; i++) row[i] = (row[i]! + (prior[i]! >> 1)) & 0xff;
      for (let i = bpp; i < n; i++) row[i] = (row[i]! + ((row[i - bpp]! + prior[i]!) >> 1)) & 0xff;
      return;
    case Filter.Paeth:
      for (let i = 0; i < bpp && i < n; i++) row[i] = (row[i]! + prior[i]!) & 0xff;
      for (let i = bpp; i < n; i++) {
        const a = row[i - bpp]!;
        const b = prior[i]!;
        const c = prior[i - bpp]!;
        // Flat areas have left = upper-left (predict "above") or above = upper-left (predict "left"):
        // both are exact shortcuts of the predictor, and they spare most pixels of a screenshot the distances.
        row[i] = (row[i]! + (a === c ? b : b === c ? a : paeth(a, b, c))) & 0xff;
      }
      return;
  }
}

/**
 * Up: row += row above, per byte mod 256 — four bytes per step when both rows are word-aligned
 * (the assembler's own buffers always are). Each lane adds its low 7 bits, which cannot carry out
 * of the lane, and the top bit is restored by XOR: (x & L) + (y & L) ^ ((x ^ y) & H).
 */
function unfilterUp(row: Uint8Array, prior: Uint8Array): void {
  const n = row.length;
  let i = 0;
  if (((row.byteOffset | prior.byteOffset) & 3) === 0) {
    const words = n >> 2;
    const x32 = new Uint32Array(row.buffer, row.byteOffset, words);
    const y32 = new Uint32Array(prior.buffer, prior.byteOffset, words);
    for (let w = 0; w < words; w++) {
      const x = x32[w]!;
      const y = y32[w]!;
      x32[w] = ((x & 0x7f7f7f7f) + (y & 0x7f7f7f7f)) ^ ((x ^ y) & 0x80808080);
    }
    i = words << 2;
  }
  for (; i < n; i++) row[i] = (row[i]! + prior[i]!) & 0xff;
}

/** The Paeth predictor: whichever of left, above, upper-left is closest to left + above − upper-left. */
export function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}
