/**
 * Our own baseline JPEG encoder, pure TypeScript (no jpeg-js): 8-bit, Huffman-coded, sequential,
 * three components (YCbCr, JFIF) with 4:2:0 or 4:4:4 chroma.
 *
 * Why not jpeg-js's encoder: it does only 4:4:4 and runs at about 12 MP/s; the split tool encodes
 * up to eight 1568-px parts per call. Speed comes from: the AAN DCT with quantisation folded into
 * one reciprocal multiply and rounding by bias + truncation, flat blocks (most of a screenshot)
 * skipping the transform, and a bound on where the nonzero coefficients end so the coder stops early
 * (dct.ts: at q90 most chroma blocks and a third of photo luma blocks are DC only); colour
 * conversion in fixed point from 32-bit pixel reads, alpha composited in the same pass, straight
 * into each block's samples for 4:4:4 and into level-shifted strips for 4:2:0 (strips.ts); precomputed Huffman codes from the standard tables (no statistics pass) sent
 * through a 32-bit bit accumulator held in locals, four bytes at a time (entropy.ts); and working
 * one MCU row at a time so memory stays at a few strips besides the output.
 * bench/jpeg-encode-speed.ts measures it against jpeg-js.
 */
import { ImageError } from '../errors.js';
import type { Raster } from '../raster.js';
import { ByteSink } from './jpeg/byte-sink.js';
import { BLOCK_RESERVE, EntropyWriter, codeBlock, packHuffman } from './jpeg/entropy.js';
import { columnIndex, convertBlock, convertPixel, fill420, gatherEdgeBlock, isFlatBlock, pixelWords } from './jpeg/strips.js';
import { flatDc, forwardDctQuantize, quantReciprocals } from './jpeg/dct.js';
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
  const head = new ByteSink(1024);
  writeHeaders(head, { width, height, subsampling, lumaQuant, chromaQuant, tables: { LUMA_DC, LUMA_AC, CHROMA_DC, CHROMA_AC } });
  // A rough first guess of the output size (grows by doubling if exceeded).
  const out = new EntropyWriter(head.result(), Math.ceil((width * height) / 2) + 1024);

  const words = pixelWords(raster.data, width * height);
  const state = new ScanState(quantReciprocals(lumaQuant), quantReciprocals(chromaQuant));
  if (subsampling === '420') encodeScan420(words, width, height, out, state);
  else encodeScan444(words, width, height, out, state);
  return out.finish();
}

const LUMA_DC_TABLE = packHuffman(LUMA_DC);
const LUMA_AC_TABLE = packHuffman(LUMA_AC);
const CHROMA_DC_TABLE = packHuffman(CHROMA_DC);
const CHROMA_AC_TABLE = packHuffman(CHROMA_AC);

/** Scratch space shared by every block of one scan. */
class ScanState {
  readonly block = new Float64Array(64);
  readonly coefficients = new Int32Array(64);
  constructor(
    readonly lumaRecip: Float64Array,
    readonly chromaRecip: Float64Array,
  ) {}
}

function encodeScan420(words: Int32Array, width: number, height: number, out: EntropyWriter, s: ScanState): void {
  const paddedWidth = Math.ceil(width / 16) * 16;
  const halfWidth = paddedWidth >> 1;
  const cols = columnIndex(width, paddedWidth);
  const luma = new Int16Array(paddedWidth * 16);
  const cb = new Int16Array(halfWidth * 8);
  const cr = new Int16Array(halfWidth * 8);
  const d = s.block;
  const zz = s.coefficients;
  const ly = s.lumaRecip;
  const lc = s.chromaRecip;
  let dcY = 0;
  let dcCb = 0;
  let dcCr = 0;
  let end: number;
  for (let top = 0; top < height; top += 16) {
    fill420(words, width, height, top, cols, luma, cb, cr);
    for (let x = 0; x < paddedWidth; x += 16) {
      out.ensure(6 * BLOCK_RESERVE);
      end = forwardDctQuantize(luma, x, paddedWidth, d, ly, zz);
      dcY = codeBlock(out, zz, end, dcY, LUMA_DC_TABLE, LUMA_AC_TABLE);
      end = forwardDctQuantize(luma, x + 8, paddedWidth, d, ly, zz);
      dcY = codeBlock(out, zz, end, dcY, LUMA_DC_TABLE, LUMA_AC_TABLE);
      end = forwardDctQuantize(luma, 8 * paddedWidth + x, paddedWidth, d, ly, zz);
      dcY = codeBlock(out, zz, end, dcY, LUMA_DC_TABLE, LUMA_AC_TABLE);
      end = forwardDctQuantize(luma, 8 * paddedWidth + x + 8, paddedWidth, d, ly, zz);
      dcY = codeBlock(out, zz, end, dcY, LUMA_DC_TABLE, LUMA_AC_TABLE);
      end = forwardDctQuantize(cb, x >> 1, halfWidth, d, lc, zz);
      dcCb = codeBlock(out, zz, end, dcCb, CHROMA_DC_TABLE, CHROMA_AC_TABLE);
      end = forwardDctQuantize(cr, x >> 1, halfWidth, d, lc, zz);
      dcCr = codeBlock(out, zz, end, dcCr, CHROMA_DC_TABLE, CHROMA_AC_TABLE);
    }
  }
}

/**
 * 4:4:4: each block's pixels are converted straight into three sample blocks (strips.ts), read in
 * place except on the right and bottom edges; a block of one repeated pixel costs one conversion
 * and three DC codes.
 */
function encodeScan444(words: Int32Array, width: number, height: number, out: EntropyWriter, s: ScanState): void {
  const y = new Int16Array(64);
  const cb = new Int16Array(64);
  const cr = new Int16Array(64);
  const edge = new Int32Array(64);
  const d = s.block;
  const zz = s.coefficients;
  const ly = s.lumaRecip;
  const lc = s.chromaRecip;
  let dcY = 0;
  let dcCb = 0;
  let dcCr = 0;
  let end: number;
  for (let top = 0; top < height; top += 8) {
    const inside = top + 8 <= height;
    for (let x = 0; x < width; x += 8) {
      out.ensure(3 * BLOCK_RESERVE);
      let source = words;
      let start = top * width + x;
      let stride = width;
      if (!inside || x + 8 > width) {
        gatherEdgeBlock(words, width, height, x, top, edge);
        source = edge;
        start = 0;
        stride = 8;
      }
      if (isFlatBlock(source, start, stride)) {
        const [sy, scb, scr] = convertPixel(source[start]!);
        zz[0] = flatDc(sy, ly);
        dcY = codeBlock(out, zz, 1, dcY, LUMA_DC_TABLE, LUMA_AC_TABLE);
        zz[0] = flatDc(scb, lc);
        dcCb = codeBlock(out, zz, 1, dcCb, CHROMA_DC_TABLE, CHROMA_AC_TABLE);
        zz[0] = flatDc(scr, lc);
        dcCr = codeBlock(out, zz, 1, dcCr, CHROMA_DC_TABLE, CHROMA_AC_TABLE);
        continue;
      }
      convertBlock(source, start, stride, y, cb, cr);
      end = forwardDctQuantize(y, 0, 8, d, ly, zz);
      dcY = codeBlock(out, zz, end, dcY, LUMA_DC_TABLE, LUMA_AC_TABLE);
      end = forwardDctQuantize(cb, 0, 8, d, lc, zz);
      dcCb = codeBlock(out, zz, end, dcCb, CHROMA_DC_TABLE, CHROMA_AC_TABLE);
      end = forwardDctQuantize(cr, 0, 8, d, lc, zz);
      dcCr = codeBlock(out, zz, end, dcCr, CHROMA_DC_TABLE, CHROMA_AC_TABLE);
    }
  }
}
