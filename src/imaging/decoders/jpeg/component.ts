/**
 * A colour component's decoding state: its block grid, sample plane, and (progressive only) the
 * coefficients collected across scans.
 */
import type { FrameComponent } from './markers.js';
import type { HuffmanTable } from './huffman.js';
import * as idctModule from './idct.js';
import * as idctScaledModule from './idct-scaled.js';
// Module-level copies of imported bindings: TurboFan folds a module's own `const`s into the code
// but re-reads an imported binding, with its checks, at every use (see color-420.ts).
const { idct8x8, idct8x8Corner, idctFlat8x8 } = idctModule;
const { flatScaledSample, idct4x4, idctScaled } = idctScaledModule;

export class Component {
  readonly id: number;
  readonly h: number;
  readonly v: number;
  readonly tq: number;
  /** Output samples per block side: 8, or 4/2/1 when decoding at 1/2, 1/4, 1/8 scale. */
  readonly blockSize: number;
  /** Samples this component really has at the output scale (before padding to whole blocks). */
  readonly sampleWidth: number;
  readonly sampleHeight: number;
  /** Blocks covering the samples: what a non-interleaved scan codes. */
  readonly widthInBlocks: number;
  readonly heightInBlocks: number;
  /** Blocks covering whole MCUs: what interleaved scans code, and the plane's size. */
  readonly blocksPerLine: number;
  readonly blocksPerColumn: number;
  /**
   * Decoded samples, `stride` = blocksPerLine × blockSize apart: every row of the component, or
   * with a ring (`ringMcuRows`) the last few MCU rows only, sample row y at plane row y % planeRows.
   */
  readonly plane: Uint8Array;
  /** Rows the plane holds: all (blocksPerColumn × blockSize), or a ring's; row y lives at (y % planeRows) × stride. */
  readonly planeRows: number;
  /** The same plane as 32-bit words, for the 8- and 4-sample IDCTs' four-sample stores; null at 1/4 and 1/8. */
  private readonly words: Uint32Array | null;
  readonly stride: number;
  /** Progressive frames: 64 coefficients per block, natural order, for all blocksPerLine × blocksPerColumn. */
  readonly coefficients: Int16Array | null;
  /** The quantisation table in natural order, latched at the first scan that codes this component. */
  quant: Int32Array | null = null;
  dcTable: HuffmanTable | null = null;
  acTable: HuffmanTable | null = null;
  /** DC predictor, reset at each scan and restart. */
  pred = 0;
  /** The IDCT's intermediate results between its two passes, this decode's own. */
  private readonly workspace = new Int32Array(64);
  /** A reduced-size block's top-left 4×4 times its quantisation steps (natural order), what the reduced IDCTs read. */
  private readonly dequantized = new Int32Array(32);

  constructor(
    spec: FrameComponent,
    width: number,
    height: number,
    maxH: number,
    maxV: number,
    progressive: boolean,
    blockSize = 8,
    /** 0: the plane holds every row; n > 0: a ring of the n most recent MCU rows (see `planeRows`). */
    ringMcuRows = 0,
  ) {
    this.id = spec.id;
    this.h = spec.h;
    this.v = spec.v;
    this.tq = spec.tq;
    this.blockSize = blockSize;
    this.sampleWidth = Math.ceil((width * spec.h * blockSize) / (maxH * 8));
    this.sampleHeight = Math.ceil((height * spec.v * blockSize) / (maxV * 8));
    this.widthInBlocks = Math.ceil(Math.ceil((width * spec.h) / maxH) / 8);
    this.heightInBlocks = Math.ceil(Math.ceil((height * spec.v) / maxV) / 8);
    this.blocksPerLine = Math.ceil(width / (8 * maxH)) * spec.h;
    this.blocksPerColumn = Math.ceil(height / (8 * maxV)) * spec.v;
    this.stride = this.blocksPerLine * blockSize;
    this.planeRows = (ringMcuRows > 0 ? Math.min(ringMcuRows * spec.v, this.blocksPerColumn) : this.blocksPerColumn) * blockSize;
    this.plane = new Uint8Array(this.stride * this.planeRows);
    this.words = blockSize >= 4 ? new Uint32Array(this.plane.buffer, 0, this.plane.length >> 2) : null;
    this.coefficients = progressive ? new Int16Array(this.blocksPerLine * this.blocksPerColumn * 64) : null;
  }

  /** The plane is a ring: it holds fewer rows than the component has. */
  get ringed(): boolean {
    return this.planeRows < this.blocksPerColumn * this.blockSize;
  }

  /** The plane offset of block (row, col)'s top-left sample (ring planes: row modulo planeRows). */
  planeOffset(row: number, col: number): number {
    const size = this.blockSize;
    return ((row * size) % this.planeRows) * this.stride + col * size;
  }

  /** Inverse-transforms the 64 coefficients at `coefficients[offset…]` into the plane at block (row, col). */
  storeBlock(coefficients: Int16Array, offset: number, row: number, col: number): void {
    const at = this.planeOffset(row, col);
    if (this.blockSize === 8) {
      idct8x8(coefficients, offset, this.quant!, this.words!, at >> 2, this.stride >> 2, this.workspace);
      return;
    }
    // The reduced IDCTs read dequantized coefficients (see idct4x4): 16 multiplications, as they did inline.
    const d = this.dequantized;
    const q = this.quant!;
    for (let i = 0; i < 32; i += 8) {
      d[i] = coefficients[offset + i]! * q[i]!;
      d[i + 1] = coefficients[offset + i + 1]! * q[i + 1]!;
      d[i + 2] = coefficients[offset + i + 2]! * q[i + 2]!;
      d[i + 3] = coefficients[offset + i + 3]! * q[i + 3]!;
    }
    this.storeScaledBlockAt(d, at);
  }

  /** Like `storeBlock` for a block whose non-zero coefficients all lie in its top-left 4×4 (see `idct8x8Corner`). */
  storeCornerBlock(coefficients: Int16Array, offset: number, row: number, col: number): void {
    if (this.blockSize !== 8) {
      this.storeBlock(coefficients, offset, row, col);
      return;
    }
    const at = this.planeOffset(row, col);
    idct8x8Corner(coefficients, offset, this.quant!, this.words!, at >> 2, this.stride >> 2, this.workspace);
  }

  /**
   * `storeBlock` at a reduced size (blockSize 4, 2 or 1) of coefficients already multiplied by
   * their quantisation steps (natural order, see `idct4x4`), for the block whose top-left sample
   * is at `at` in the plane: a caller walking a row of blocks computes the row's offset once (its
   * `%` for the ring is an integer division, per block a measurable part of a 1/2-scale decode).
   */
  storeScaledBlockAt(dequantized: Int32Array, at: number): void {
    if (this.blockSize === 4) idct4x4(dequantized, this.words!, at >> 2, this.stride >> 2);
    else idctScaled(dequantized, this.plane, at, this.stride, this.blockSize);
  }

  /** `storeFlatBlock` at a reduced size, at sample offset `at` (see `storeScaledBlockAt`), for a DC term already multiplied by its quantisation step. */
  storeScaledFlatAt(dc: number, at: number): void {
    const stride = this.stride;
    const size = this.blockSize;
    const v = flatScaledSample(dc);
    if (size === 4) {
      const words = this.words!;
      const word = v * 0x01010101;
      const s = stride >> 2;
      const w = at >> 2;
      words[w] = word;
      words[w + s] = word;
      words[w + 2 * s] = word;
      words[w + 3 * s] = word;
      return;
    }
    const plane = this.plane;
    for (let y = 0, o = at; y < size; y++, o += stride) {
      for (let x = 0; x < size; x++) plane[o + x] = v;
    }
  }

  /** Like `storeBlock` for a block whose only non-zero coefficient is the DC term `dc`: one level fills it. */
  storeFlatBlock(dc: number, row: number, col: number): void {
    const at = this.planeOffset(row, col);
    if (this.blockSize === 8) idctFlat8x8(dc, this.quant![0]!, this.words!, at >> 2, this.stride >> 2);
    else this.storeScaledFlatAt(dc * this.quant![0]!, at);
  }
}
