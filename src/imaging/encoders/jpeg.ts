/**
 * Our own baseline JPEG encoder, pure TypeScript (no jpeg-js): 8-bit, Huffman-coded, sequential,
 * three components (YCbCr, JFIF) with 4:2:0 or 4:4:4 chroma.
 *
 * Why not jpeg-js's encoder: it does only 4:4:4 and runs at about 14 MP/s; the split tool encodes
 * up to eight 1568-px parts per call. Speed comes from: the AAN DCT with quantisation folded into
 * one reciprocal multiply (dct.ts), colour conversion in fixed point straight into level-shifted
 * strips (colour.ts), precomputed Huffman codes from the standard tables (no statistics pass), and
 * working one MCU row at a time so memory stays at a few strips besides the output.
 */
import { ImageError } from '../errors.js';
import type { Raster } from '../raster.js';
import { ByteSink } from './jpeg/byte-sink.js';
import { columnOffsets, fillStrip420, fillStrip444, opaqueOverWhite } from './jpeg/colour.js';
import { forwardDctQuantize, quantReciprocals } from './jpeg/dct.js';
import { buildHuffmanCodes, type HuffmanCodes } from './jpeg/huffman.js';
import { writeHeaders } from './jpeg/markers.js';
import {
  CHROMA_AC,
  CHROMA_DC,
  CHROMA_QUANT_BASE,
  LUMA_AC,
  LUMA_DC,
  LUMA_QUANT_BASE,
  scaleQuantTable,
} from './jpeg/tables.js';

export interface JpegEncodeOptions {
  /** 1–100 (IJG scale). */
  quality?: number;
  /** Chroma subsampling: '420' halves chroma both ways (smaller, faster), '444' (default) keeps it. */
  subsampling?: '420' | '444';
}

/**
 * Default quality 90 (the reference's setting). Measured on rendered 11/14 px text
 * (bench/text-quality.md): q90 beats q85 by 1.3–2.9 dB PSNR for 19–21 % more bytes, and the bytes
 * are cheap next to the tokens a model spends on pixels, which do not depend on quality.
 */
export const DEFAULT_JPEG_QUALITY = 90;

/**
 * Default chroma sampling 4:4:4. Measured (bench/text-quality.md, q90): black-on-white text is
 * identical either way, but coloured text loses its edges with 4:2:0 — blue on yellow 20.6 dB /
 * MAE 9.6 against 33.9 dB / MAE 3.0, red on white 26.3 dB against 35.1 dB. Quest pictures are full
 * of coloured captions, so readability wins over 4:2:0's 25 % smaller files and faster encode.
 */
export const DEFAULT_JPEG_SUBSAMPLING: '420' | '444' = '444';

/** Baseline JPEG stores width and height in 16 bits. */
const MAX_JPEG_SIDE = 65535;

/**
 * Worst case bytes for one block: 64 coefficients × (16-bit code + 10 value bits), doubled for 0xFF
 * stuffing; reserved per MCU (at most 6 blocks) so the bit writer itself never checks capacity.
 */
const MCU_RESERVE = 6 * 64 * 26 * 2 / 8 + 16;

const LUMA_DC_CODES = buildHuffmanCodes(LUMA_DC);
const LUMA_AC_CODES = buildHuffmanCodes(LUMA_AC);
const CHROMA_DC_CODES = buildHuffmanCodes(CHROMA_DC);
const CHROMA_AC_CODES = buildHuffmanCodes(CHROMA_AC);

/**
 * Encodes a raster as a baseline JFIF JPEG. Transparent pixels are composited over white first
 * (JPEG has no alpha, and a transparent screenshot must not turn black).
 * Throws `invalid_argument` for a quality outside 1–100 or an unknown subsampling, and
 * `encode_failed` for a side longer than 65535 (the format's limit).
 *
 * @example
 * ```ts
 * const bytes = encodeJpeg(raster, { quality: 90, subsampling: '420' });
 * ```
 */
export function encodeJpeg(raster: Raster, options: JpegEncodeOptions = {}): Uint8Array {
  const quality = options.quality ?? DEFAULT_JPEG_QUALITY;
  const subsampling = options.subsampling ?? DEFAULT_JPEG_SUBSAMPLING;
  if (!Number.isInteger(quality) || quality < 1 || quality > 100) {
    throw new ImageError('invalid_argument', `JPEG quality has to be a whole number from 1 to 100, got ${quality}`);
  }
  if (subsampling !== '420' && subsampling !== '444') {
    throw new ImageError('invalid_argument', `JPEG subsampling has to be "420" or "444", got ${String(subsampling)}`);
  }
  const { width, height } = raster;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || raster.data.length < width * height * 4) {
    throw new ImageError('invalid_argument', `The raster to encode is ${width}×${height} with ${raster.data.length} bytes; it needs at least one pixel and 4 bytes per pixel.`);
  }
  if (width > MAX_JPEG_SIDE || height > MAX_JPEG_SIDE) {
    throw new ImageError('encode_failed', `A JPEG side can be at most ${MAX_JPEG_SIDE} pixels; this picture is ${width}×${height}. Crop or shrink it first.`);
  }

  const lumaQuant = scaleQuantTable(LUMA_QUANT_BASE, quality);
  const chromaQuant = scaleQuantTable(CHROMA_QUANT_BASE, quality);
  // A rough first guess of the output size (grows by doubling if exceeded).
  const sink = new ByteSink(Math.ceil((width * height) / 2) + 1024);
  writeHeaders(sink, { width, height, subsampling, lumaQuant, chromaQuant, tables: { LUMA_DC, LUMA_AC, CHROMA_DC, CHROMA_AC } });

  const pixels = opaqueOverWhite(raster.data);
  const state = new ScanState(quantReciprocals(lumaQuant), quantReciprocals(chromaQuant));
  if (subsampling === '420') encodeScan420(pixels, width, height, sink, state);
  else encodeScan444(pixels, width, height, sink, state);

  sink.flushBits();
  sink.u16(0xffd9); // EOI
  return sink.result();
}

/** Scratch space and DC predictors shared by every block of one scan. */
class ScanState {
  readonly block = new Float64Array(64);
  readonly coefficients = new Int32Array(64);
  dcY = 0;
  dcCb = 0;
  dcCr = 0;
  constructor(
    readonly lumaRecip: Float64Array,
    readonly chromaRecip: Float64Array,
  ) {}
}

function encodeScan420(pixels: Uint8Array, width: number, height: number, sink: ByteSink, s: ScanState): void {
  const paddedWidth = Math.ceil(width / 16) * 16;
  const halfWidth = paddedWidth >> 1;
  const cols = columnOffsets(width, paddedWidth);
  const luma = new Int16Array(paddedWidth * 16);
  const cb = new Int16Array(halfWidth * 8);
  const cr = new Int16Array(halfWidth * 8);
  for (let top = 0; top < height; top += 16) {
    fillStrip420(pixels, width, height, top, cols, luma, cb, cr);
    for (let x = 0; x < paddedWidth; x += 16) {
      sink.ensure(MCU_RESERVE);
      s.dcY = codeBlock(luma, x, paddedWidth, s, s.lumaRecip, s.dcY, LUMA_DC_CODES, LUMA_AC_CODES, sink);
      s.dcY = codeBlock(luma, x + 8, paddedWidth, s, s.lumaRecip, s.dcY, LUMA_DC_CODES, LUMA_AC_CODES, sink);
      s.dcY = codeBlock(luma, 8 * paddedWidth + x, paddedWidth, s, s.lumaRecip, s.dcY, LUMA_DC_CODES, LUMA_AC_CODES, sink);
      s.dcY = codeBlock(luma, 8 * paddedWidth + x + 8, paddedWidth, s, s.lumaRecip, s.dcY, LUMA_DC_CODES, LUMA_AC_CODES, sink);
      s.dcCb = codeBlock(cb, x >> 1, halfWidth, s, s.chromaRecip, s.dcCb, CHROMA_DC_CODES, CHROMA_AC_CODES, sink);
      s.dcCr = codeBlock(cr, x >> 1, halfWidth, s, s.chromaRecip, s.dcCr, CHROMA_DC_CODES, CHROMA_AC_CODES, sink);
    }
  }
}

function encodeScan444(pixels: Uint8Array, width: number, height: number, sink: ByteSink, s: ScanState): void {
  const paddedWidth = Math.ceil(width / 8) * 8;
  const cols = columnOffsets(width, paddedWidth);
  const luma = new Int16Array(paddedWidth * 8);
  const cb = new Int16Array(paddedWidth * 8);
  const cr = new Int16Array(paddedWidth * 8);
  for (let top = 0; top < height; top += 8) {
    fillStrip444(pixels, width, height, top, cols, luma, cb, cr);
    for (let x = 0; x < paddedWidth; x += 8) {
      sink.ensure(MCU_RESERVE);
      s.dcY = codeBlock(luma, x, paddedWidth, s, s.lumaRecip, s.dcY, LUMA_DC_CODES, LUMA_AC_CODES, sink);
      s.dcCb = codeBlock(cb, x, paddedWidth, s, s.chromaRecip, s.dcCb, CHROMA_DC_CODES, CHROMA_AC_CODES, sink);
      s.dcCr = codeBlock(cr, x, paddedWidth, s, s.chromaRecip, s.dcCr, CHROMA_DC_CODES, CHROMA_AC_CODES, sink);
    }
  }
}

/** Largest magnitude a baseline AC coefficient may take (category 10); guards quality 100 overshoot. */
const MAX_AC = 1023;

/**
 * Transforms, quantises and Huffman-codes the 8×8 block whose top-left sample is plane[start]
 * (rows `stride` apart). Returns the block's DC value, the predictor for the next block.
 */
function codeBlock(
  plane: Int16Array,
  start: number,
  stride: number,
  s: ScanState,
  recip: Float64Array,
  previousDc: number,
  dc: HuffmanCodes,
  ac: HuffmanCodes,
  sink: ByteSink,
): number {
  const zz = s.coefficients;
  forwardDctQuantize(plane, start, stride, s.block, recip, zz);

  const dcValue = zz[0]!;
  const diff = dcValue - previousDc;
  if (diff === 0) {
    sink.writeBits(dc.code[0]!, dc.length[0]!);
  } else {
    const magnitude = diff < 0 ? -diff : diff;
    const size = 32 - Math.clz32(magnitude);
    sink.writeBits(dc.code[size]!, dc.length[size]!);
    // Negative values are sent as diff − 1 in `size` bits (one's complement form, T.81 F.1.2.1).
    sink.writeBits(diff < 0 ? (diff - 1) & ((1 << size) - 1) : diff, size);
  }

  let last = 63;
  while (last > 0 && zz[last] === 0) last--;
  let run = 0;
  for (let k = 1; k <= last; k++) {
    let v = zz[k]!;
    if (v === 0) {
      run++;
      continue;
    }
    while (run > 15) {
      sink.writeBits(ac.code[0xf0]!, ac.length[0xf0]!); // ZRL: sixteen zeros
      run -= 16;
    }
    if (v > MAX_AC) v = MAX_AC;
    else if (v < -MAX_AC) v = -MAX_AC;
    const magnitude = v < 0 ? -v : v;
    const size = 32 - Math.clz32(magnitude);
    const symbol = (run << 4) | size;
    const codeLength = ac.length[symbol]!;
    const valueBits = v < 0 ? (v - 1) & ((1 << size) - 1) : v;
    // One call when code and value fit the writer's 24-bit budget (nearly always), two otherwise.
    if (codeLength + size <= 24) {
      sink.writeBits((ac.code[symbol]! << size) | valueBits, codeLength + size);
    } else {
      sink.writeBits(ac.code[symbol]!, codeLength);
      sink.writeBits(valueBits, size);
    }
    run = 0;
  }
  if (last < 63) sink.writeBits(ac.code[0]!, ac.length[0]!); // EOB
  return dcValue;
}
