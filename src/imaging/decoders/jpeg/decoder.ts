/**
 * The JPEG decoder: walks the markers, keeps the tables, decodes each scan, then converts the
 * component planes to RGBA. Baseline, extended sequential and progressive Huffman JPEG, 8-bit,
 * 1, 3 or 4 components with any sampling factors.
 */
import { ImageError, isImageError } from '../../errors.js';
import { assertPixelBudget } from '../../limits.js';
import { type ColorModel, type RowModel, planesToRgba } from './color.js';
import { isYcbcr420 } from './color-420.js';
import { Component } from './component.js';
import { readExifOrientation } from './exif.js';
import { isStandalone } from './header.js';
import { type HuffmanTable, parseHuffmanTables } from './huffman.js';
import {
  APP1,
  APP14,
  DHT,
  DQT,
  DRI,
  EOI,
  SOI,
  SOS,
  corrupt,
  findMarker,
  isDecodedSof,
  parseFrame,
  readU16,
  refuseUnsupportedSof,
  segmentEnd,
  truncated,
  type FrameHeader,
} from './markers.js';
import { decodeScan } from './scan.js';
import { LITTLE_ENDIAN } from './ycbcr-tables.js';
import { ZIGZAG } from './zigzag.js';

/** APP0 identifier "JFIF\0": the file promises YCbCr for three components. */
const JFIF_ID = [0x4a, 0x46, 0x49, 0x46, 0x00];
/** APP14 identifier "Adobe": carries the colour transform flag (byte 11 of the body). */
const ADOBE_ID = [0x41, 0x64, 0x6f, 0x62, 0x65];
/** Component ids 'R', 'G', 'B': some encoders mark untransformed RGB this way instead of with Adobe. */
const RGB_IDS = [0x52, 0x47, 0x42];

/** Decoding at 1/2, 1/4 or 1/8 of the size reads only the low frequencies of each block. */
export type JpegScale = 1 | 2 | 4 | 8;

/**
 * The most scans a file may have. Real progressive files use about 10 (libjpeg's default script)
 * and rarely more than 100; each scan costs a pass over the whole picture, so a small hostile file
 * repeating scan headers could otherwise keep the decoder busy for minutes. TurboJPEG applies the
 * same kind of limit.
 */
const MAX_SCANS = 500;

/**
 * Takes the RGBA picture band by band instead of as one raster (`decodeJpegPixels`' `sink`): the
 * decoder then converts each band into a small reused buffer, so a caller that shrinks the picture
 * anyway never has the whole of it written out (the 25 MP photo's view: 25 MB at 1/2 scale).
 */
export interface JpegRowSink {
  /**
   * The sink converts YCbCr to RGB itself, after shrinking: rows of a YCbCr picture then come
   * unconverted, as (Y, Cb, Cr, 255) words (see `begin`'s and `restart`'s `ycbcr`).
   */
  readonly takesYcbcr?: boolean;
  /**
   * Called with the picture's size (stored orientation, at the decode scale) before any rows;
   * `ycbcr`: the rows are unconverted YCbCr. Called again if the decoder starts over (a file its
   * ring of MCU rows cannot decode, see `decodeJpegPixels`): everything then comes again from row 0.
   */
  begin(width: number, height: number, ycbcr: boolean): void;
  /** Rows `y0` up to `y1` (exclusive), from byte 0 of `data`, width × 4 bytes apart; `data` is reused after the call. */
  rows(data: Uint8Array, y0: number, y1: number): void;
  /** A marker after the first scan changed how the rows delivered so far look: they come again from row 0 (`ycbcr` as for `begin`). */
  restart(ycbcr: boolean): void;
  /**
   * Instead of `rows`, for 4:2:0 YCbCr decoded at a reduced scale (each chroma sample stands for
   * its 2×2 pixels; only with `takesYcbcr`): the planes themselves, luma rows below `y1` (and
   * chroma rows below `y1 / 2`) final; no words packed. A plane may be a ring of its last
   * `lumaRows` (chroma: `chromaRows`) rows, row r at (r % rows) × stride: rows more than
   * `planeRowsBehind` above `y1` may be overwritten after the call.
   */
  planes420?(luma: Uint8Array, lumaStride: number, cb: Uint8Array, cr: Uint8Array, chromaStride: number, y1: number, lumaRows: number, chromaRows: number): void;
  /** With `planes420`: how many luma rows above `y1` it may still read at its next calls, for a picture `height` rows high. */
  planeRowsBehind?(height: number): number;
}

/** Rows per band handed to a `JpegRowSink`: even (4:2:0 converts row pairs), and 16 × 3072 px × 4 B = 192 KB stays in L2. */
const SINK_BAND_ROWS = 16;

/**
 * Converts rows [y0, y1) of the planes: into `out` (the whole picture), or with a sink band by band
 * through `band` (SINK_BAND_ROWS rows).
 */
function convertRows(
  components: Component[],
  model: RowModel,
  inverted: boolean,
  width: number,
  height: number,
  maxH: number,
  maxV: number,
  out: Uint8ClampedArray,
  y0: number,
  y1: number,
  sink: JpegRowSink | undefined,
): void {
  if (sink === undefined) {
    planesToRgba(components, model, inverted, width, height, maxH, maxV, out, y0, y1);
    return;
  }
  if (sink.planes420 !== undefined && model === 'ycbcr-unconverted' && isYcbcr420(components) && components[0]!.blockSize < 8) {
    const [luma, cb, cr] = components as [Component, Component, Component];
    sink.planes420(luma.plane, luma.stride, cb.plane, cr.plane, cb.stride, y1, luma.planeRows, cb.planeRows);
    return;
  }
  const bytes = new Uint8Array(out.buffer, out.byteOffset, out.length);
  for (let a = y0; a < y1; a += SINK_BAND_ROWS) {
    const b = Math.min(y1, a + SINK_BAND_ROWS);
    planesToRgba(components, model, inverted, width, height, maxH, maxV, out, a, b, a);
    sink.rows(bytes, a, b);
  }
}

export interface DecodedJpeg {
  width: number;
  height: number;
  /** RGBA, as stored (before EXIF orientation); width and height are ceil(stored size / scale). */
  data: Uint8Array;
  /** EXIF orientation 1–8. */
  orientation: number;
}

function startsWith(bytes: Uint8Array, at: number, end: number, id: number[]): boolean {
  if (end - at < id.length) return false;
  for (let i = 0; i < id.length; i++) if (bytes[at + i] !== id[i]) return false;
  return true;
}

/** Parses every table in a DQT body into `tables` (natural order, 8- or 16-bit precision). */
function parseQuantTables(bytes: Uint8Array, start: number, end: number, tables: (Int32Array | null)[]): void {
  let at = start;
  while (at < end) {
    const precision = bytes[at]! >> 4;
    const id = bytes[at]! & 15;
    if (precision > 1 || id > 3) throw corrupt(`a quantisation table (DQT) has precision ${precision} and id ${id}`);
    const size = precision === 0 ? 64 : 128;
    if (at + 1 + size > end) throw corrupt('a quantisation table (DQT) is shorter than 64 entries');
    const table = new Int32Array(64);
    for (let k = 0; k < 64; k++) {
      table[ZIGZAG[k]!] = precision === 0 ? bytes[at + 1 + k]! : readU16(bytes, at + 1 + 2 * k);
    }
    tables[id] = table;
    at += 1 + size;
  }
}

/**
 * Converts the rows above each finished MCU row while the scan goes on (`ScanParams.onMcuRow`). An
 * object with a method, not a closure: a closure is a new function object per decode, and the scan
 * loop optimised for one decode's closure was thrown away at the next ("wrong call target"), twice,
 * before settling — recompiling the scan loop on a background thread whose CPU time the bench's
 * decode stage counts. The strip's 2nd–4th decodes in a fresh process: ~40, 21, 20 ms CPU before.
 */
class McuRowConverter {
  constructor(
    private readonly components: Component[],
    private readonly state: { model: RowModel; inverted: boolean; converted: number },
    private readonly out: Uint8ClampedArray,
    private readonly rowHeight: number,
    private readonly width: number,
    private readonly height: number,
    private readonly maxH: number,
    private readonly maxV: number,
    private readonly sink: JpegRowSink | undefined,
    private readonly delivery: { delivered: boolean },
  ) {}

  /** MCU row `row` is decoded: converts up to its top (upsampling reads the chroma row below, which the next MCU row completes). */
  mcuRowDone(row: number): void {
    const state = this.state;
    const upTo = Math.min(row * this.rowHeight, this.height);
    if (upTo <= state.converted) return;
    convertRows(this.components, state.model, state.inverted, this.width, this.height, this.maxH, this.maxV, this.out, state.converted, upTo, this.sink);
    state.converted = upTo;
    this.delivery.delivered = true;
  }
}

/**
 * Decodes a whole JPEG file to RGBA (not yet turned by EXIF orientation), optionally at 1/`scale`
 * of its size (each side rounded up), as libjpeg's `scale_denom`.
 *
 * @example
 * ```ts
 * const { width, height, data, orientation } = decodeJpegPixels(bytes);
 * const preview = decodeJpegPixels(bytes, 8); // 1/8 of each side, from the DC terms alone
 * ```
 *
 * With a `sink` the rows go there band by band and the returned `data` is empty.
 */
export function decodeJpegPixels(bytes: Uint8Array, scale: JpegScale = 1, sink?: JpegRowSink): DecodedJpeg {
  if (![1, 2, 4, 8].includes(scale)) {
    throw new ImageError('invalid_argument', `JPEG decode scale must be 1, 2, 4 or 8 (got ${String(scale)}).`);
  }
  try {
    return decodeFrame(bytes, scale, sink, true);
  } catch (err) {
    if (!(err instanceof NeedsWholePlanes)) throw err;
    return decodeFrame(bytes, scale, sink, false);
  }
}

/**
 * Thrown by a decode that keeps only a ring of MCU rows (`decodeFrame`'s `ring`) when the file
 * turns out to need every row kept: a second scan with data, a first scan that does not code every
 * component, or colour markers after the first scan that change how its rows convert.
 */
class NeedsWholePlanes extends Error {}

/**
 * MCU rows a ring of planes holds beyond what the sink's `planeRowsBehind` asks for: the MCU row
 * being decoded, the one being converted behind it, and the last sample row of the one above it,
 * which the 4:2:0 chroma upsampling of the converted row reads.
 */
const RING_MCU_ROWS = 3;

/**
 * `decodeJpegPixels` proper. `ring`: a sequential 4:2:0 YCbCr frame keeps its planes as a ring of
 * a few MCU rows (converted one MCU row behind the decoding) instead of whole: the 25 MP photo's
 * full decode then allocates 0.6 MB of planes instead of 37.7 MB, its 1/2 view decode 0.15 MB
 * instead of 9.4 MB, so fewer collections are triggered by the memory each decode claims and fewer fresh
 * pages are touched. Measured against main's whole planes, alternated in one process on a loaded
 * machine (load 5–10 on 2 cores, ±10 % noise): full decodes 1.04–1.12× (bench/jpeg-decode.ts, 9
 * runs, twice), the 25 MP photo's view job 1.02–1.06× CPU (bench/view-ab.ts, 15 rounds, twice),
 * and full collections per view job 0.53 → 0.33–0.39 (--trace-gc over 15 and 18 jobs). When the
 * file needs the whole planes it throws NeedsWholePlanes.
 */
function decodeFrame(bytes: Uint8Array, scale: JpegScale, sink: JpegRowSink | undefined, ring: boolean): DecodedJpeg {
  if (bytes.length < 4) throw truncated('header');
  if (bytes[0] !== 0xff || bytes[1] !== SOI) throw corrupt('it does not start with the SOI marker FF D8');
  const quantTables: (Int32Array | null)[] = [null, null, null, null];
  const dcTables: (HuffmanTable | null)[] = [null, null, null, null];
  const acTables: (HuffmanTable | null)[] = [null, null, null, null];
  let restartInterval = 0;
  let frame: FrameHeader | null = null;
  let components: Component[] = [];
  let maxH = 1;
  let maxV = 1;
  let orientation = 1;
  let jfif = false;
  let adobeTransform = -1;
  let scans = 0;
  let scansWithData = 0;
  // Set by the first scan when it codes every component of a sequential frame: the RGBA picture,
  // filled band by band behind the decoding so each band is converted while its samples are still
  // in cache (the planes are too big for it once the whole scan is decoded).
  let incremental: { data: Uint8Array; model: RowModel; inverted: boolean; converted: number } | null = null;
  let begun = false;
  /** Rows already went to the sink (from behind the first scan): a full conversion at the end restarts it. */
  const delivery = { delivered: false };
  /** What the rows carry: a sink that converts YCbCr itself (after shrinking) gets it unconverted. */
  const rowModel = (model: ColorModel): RowModel => (model === 'ycbcr' && sink?.takesYcbcr === true ? 'ycbcr-unconverted' : model);
  /** The RGBA output: the whole picture, or with a sink one band (told the size first). */
  const output = (width: number, height: number, model: RowModel): Uint8Array => {
    if (sink === undefined) return new Uint8Array(width * height * 4);
    if (!begun) sink.begin(width, height, model === 'ycbcr-unconverted');
    begun = true;
    return new Uint8Array(width * Math.min(height, SINK_BAND_ROWS) * 4);
  };

  let at = 2;
  for (;;) {
    const found = findMarker(bytes, at);
    if (found === null) break; // missing EOI: decode what is there, like libjpeg
    const { marker, next } = found;
    if (marker === EOI) break;
    if (isStandalone(marker)) {
      at = next; // stray RSTn or TEM between segments
      continue;
    }
    let end: number;
    try {
      end = segmentEnd(bytes, next, `segment FF ${marker.toString(16).toUpperCase()}`);
    } catch (err) {
      // A file cut off after some image data shows what arrived, like a browser or libjpeg does.
      if (scans > 0 && isImageError(err, 'truncated')) break;
      throw err;
    }
    const body = next + 2;
    refuseUnsupportedSof(marker);
    if (isDecodedSof(marker)) {
      const parsed = parseFrame(bytes, marker, body, end);
      assertPixelBudget(parsed.width, parsed.height, 'JPEG frame');
      if (frame !== null) {
        if (parsed.width !== frame.width || parsed.height !== frame.height || parsed.components.length !== frame.components.length) {
          throw corrupt(
            `it declares a second frame of ${parsed.width}×${parsed.height} after one of ${frame.width}×${frame.height}`,
          );
        }
      } else {
        frame = parsed;
        maxH = Math.max(...frame.components.map((c) => c.h));
        maxV = Math.max(...frame.components.map((c) => c.v));
        const f = frame;
        // Only the 4:2:0 conversions read ring planes; other layouts and byte orders keep whole ones.
        const ringMcuRows = ring && !f.progressive && LITTLE_ENDIAN && isYcbcr420(f.components) ? ringDepth(sink, Math.ceil(f.height / scale), (8 / scale) * maxV) : 0;
        components = f.components.map((c) => new Component(c, f.width, f.height, maxH, maxV, f.progressive, 8 / scale, ringMcuRows));
      }
    } else if (marker === DQT) {
      parseQuantTables(bytes, body, end, quantTables);
    } else if (marker === DHT) {
      parseHuffmanTables(bytes, body, end, dcTables, acTables);
    } else if (marker === DRI) {
      if (end - body < 2) throw corrupt('the restart interval (DRI) segment is too short');
      restartInterval = readU16(bytes, body);
    } else if (marker === 0xe0) {
      if (startsWith(bytes, body, end, JFIF_ID)) jfif = true;
    } else if (marker === APP1) {
      if (orientation === 1) orientation = readExifOrientation(bytes, body, end);
    } else if (marker === APP14) {
      if (startsWith(bytes, body, end, ADOBE_ID) && end - body >= 12) adobeTransform = bytes[body + 11]!;
    } else if (marker === SOS) {
      if (frame === null) throw corrupt('image data (SOS) starts before the frame header');
      if (scans >= MAX_SCANS) throw corrupt(`it has more than ${MAX_SCANS} scans, far more than any real JPEG`);
      // Entropy-coded data follows the scan header directly; a marker (or the end) there means none.
      const hasData = end < bytes.length && !(bytes[end] === 0xff && bytes[end + 1] !== 0x00);
      let onMcuRow: McuRowConverter | undefined;
      const ringed = components[0]!.ringed;
      if (hasData && scans === 0 && !frame.progressive && end > body && bytes[body] === components.length) {
        // The model as the markers so far say; rechecked at the end, where a late marker redoes all.
        const model = rowModel(colorModel(components, jfif, adobeTransform));
        // Ring planes are read only by the 4:2:0 conversions of these two models (see convertRows).
        if (ringed && model !== 'ycbcr' && !(model === 'ycbcr-unconverted' && scale > 1)) throw new NeedsWholePlanes();
        const outWidth = Math.ceil(frame.width / scale);
        const outHeight = Math.ceil(frame.height / scale);
        const inverted = adobeTransform >= 0;
        const state = { data: output(outWidth, outHeight, model), model, inverted, converted: 0 };
        // A single-component scan reports rows of blocks, an interleaved one rows of MCUs.
        const rowHeight = (8 / scale) * (components.length === 1 ? 1 : maxV);
        onMcuRow = new McuRowConverter(components, state, new Uint8ClampedArray(state.data.buffer), rowHeight, outWidth, outHeight, maxH, maxV, sink, delivery);
        incremental = state;
      } else if (ringed && hasData) {
        throw new NeedsWholePlanes(); // this scan's samples are needed with every row of the first's
      } else if (!ringed) {
        incremental = null; // another scan changes planes already converted: convert all at the end
      }
      at = decodeScanSegment(bytes, body, end, frame, components, quantTables, dcTables, acTables, restartInterval, maxH, maxV, onMcuRow);
      scans++;
      if (hasData) scansWithData++;
      continue;
    }
    at = end;
  }
  if (frame === null) throw truncated('header (no frame header before the end of the file)');
  if (scans === 0) throw truncated('image data (no scan before the end of the file)');
  // Headers alone would decode as a blank picture of the declared size (up to the pixel budget):
  // nothing of the image arrived, so say so instead of handing a model a black rectangle.
  // libjpeg warns "premature end of data" here; some data, however little, is shown as it is.
  if (scansWithData === 0) throw truncated('image data (the scan header is followed by no image data)');

  const model = rowModel(colorModel(components, jfif, adobeTransform));
  const width = Math.ceil(frame.width / scale);
  const height = Math.ceil(frame.height / scale);
  if (frame.progressive) {
    for (const c of components) c.quant ??= quantTables[c.tq] ?? null;
    // Inverse-transform one row of MCUs of every component, then convert the band above it while
    // its samples are still in cache (one MCU row behind, since upsampling reads the row below).
    if (delivery.delivered) sink?.restart(model === 'ycbcr-unconverted');
    const data = output(width, height, model);
    const out = new Uint8ClampedArray(data.buffer);
    const inverted = adobeTransform >= 0;
    const bandHeight = (8 / scale) * maxV;
    const mcuRows = Math.ceil(frame.height / (8 * maxV));
    let converted = 0;
    for (let mcuRow = 0; mcuRow < mcuRows; mcuRow++) {
      for (const c of components) {
        if (c.quant === null) continue; // never coded: the plane stays black
        const coefficients = c.coefficients!;
        for (let row = mcuRow * c.v; row < (mcuRow + 1) * c.v; row++) {
          for (let col = 0; col < c.blocksPerLine; col++) c.storeBlock(coefficients, (row * c.blocksPerLine + col) * 64, row, col);
        }
      }
      const upTo = Math.min(mcuRow * bandHeight, height);
      if (upTo > converted) {
        convertRows(components, model, inverted, width, height, maxH, maxV, out, converted, upTo, sink);
        converted = upTo;
      }
    }
    convertRows(components, model, inverted, width, height, maxH, maxV, out, converted, height, sink);
    return { width, height, data: sink === undefined ? data : new Uint8Array(0), orientation };
  }

  if (incremental !== null && incremental.model === model && incremental.inverted === adobeTransform >= 0) {
    const data = incremental.data;
    convertRows(components, model, adobeTransform >= 0, width, height, maxH, maxV, new Uint8ClampedArray(data.buffer), incremental.converted, height, sink);
    return { width, height, data: sink === undefined ? data : new Uint8Array(0), orientation };
  }
  // A late marker changed the model: every row is converted again, which a ring no longer holds.
  if (components[0]!.ringed) throw new NeedsWholePlanes();
  if (delivery.delivered) sink?.restart(model === 'ycbcr-unconverted');
  const data = output(width, height, model);
  convertRows(components, model, adobeTransform >= 0, width, height, maxH, maxV, new Uint8ClampedArray(data.buffer), 0, height, sink);
  return { width, height, data: sink === undefined ? data : new Uint8Array(0), orientation };
}

/**
 * MCU rows of ring planes for a picture `height` rows high at the decode scale, with `mcuHeight`
 * luma rows per MCU row: RING_MCU_ROWS, plus the rows a plane-reading sink still reads behind the
 * converted ones (its shrink window), plus two rows of margin for the window's shift at the edge.
 */
function ringDepth(sink: JpegRowSink | undefined, height: number, mcuHeight: number): number {
  const behind = sink?.planes420 !== undefined ? (sink.planeRowsBehind?.(height) ?? height) : 0;
  return RING_MCU_ROWS + Math.ceil((behind + 2) / mcuHeight);
}

/** Decides the colour model as libjpeg does: Adobe's flag first, then JFIF, then component ids. */
function colorModel(components: Component[], jfif: boolean, adobeTransform: number): ColorModel {
  if (components.length === 1) return 'grey';
  if (components.length === 4) return adobeTransform === 0 || adobeTransform < 0 ? 'cmyk' : 'ycck';
  if (adobeTransform === 0) return 'rgb';
  if (adobeTransform > 0 || jfif) return 'ycbcr';
  if (components.every((c, i) => c.id === RGB_IDS[i])) return 'rgb';
  return 'ycbcr';
}

/** Parses an SOS header `bytes[start, end)`, decodes the scan data after it, returns where it ends. */
function decodeScanSegment(
  bytes: Uint8Array,
  start: number,
  end: number,
  frame: FrameHeader,
  components: Component[],
  quantTables: (Int32Array | null)[],
  dcTables: (HuffmanTable | null)[],
  acTables: (HuffmanTable | null)[],
  restartInterval: number,
  maxH: number,
  maxV: number,
  onMcuRow?: { mcuRowDone(row: number): void },
): number {
  const count = end > start ? bytes[start]! : 0;
  if (count < 1 || count > 4 || end - start < 1 + count * 2 + 3) throw corrupt('a scan header (SOS) is malformed');
  const scanComponents: Component[] = [];
  for (let i = 0; i < count; i++) {
    const id = bytes[start + 1 + i * 2]!;
    const tables = bytes[start + 2 + i * 2]!;
    const c = components.find((x) => x.id === id);
    if (!c) throw corrupt(`a scan refers to component ${id}, which the frame does not declare`);
    const dc = tables >> 4;
    const ac = tables & 15;
    if (dc > 3 || ac > 3) throw corrupt(`a scan selects Huffman tables ${dc}/${ac} (allowed 0–3)`);
    c.dcTable = dcTables[dc] ?? null;
    c.acTable = acTables[ac] ?? null;
    c.quant ??= quantTables[c.tq] ?? null;
    if (c.quant === null) throw corrupt(`component ${id} uses quantisation table ${c.tq}, which was never defined`);
    scanComponents.push(c);
  }
  const p = start + 1 + count * 2;
  const ss = bytes[p]!;
  const se = bytes[p + 1]!;
  const ah = bytes[p + 2]! >> 4;
  const al = bytes[p + 2]! & 15;
  const progressive = frame.progressive;
  if (progressive) {
    const dcScan = ss === 0;
    // 13 bits is the most a coefficient of 8-bit data can need.
    if (se > 63 || ss > se || (dcScan && se !== 0) || (!dcScan && count !== 1) || al > 13 || ah > 13) {
      throw corrupt(`a progressive scan has impossible parameters (Ss=${ss}, Se=${se}, Ah=${ah}, Al=${al})`);
    }
  }
  if (count > 1) {
    // An interleaved MCU holds at most 10 blocks (B.2.3); more means damaged sampling factors.
    const blocks = scanComponents.reduce((n, c) => n + c.h * c.v, 0);
    if (blocks > 10) throw corrupt(`an interleaved scan needs ${blocks} blocks per MCU (at most 10 are allowed)`);
  }
  for (const c of scanComponents) {
    const needsDc = !progressive || (ss === 0 && ah === 0);
    const needsAc = !progressive ? true : ss > 0;
    if ((needsDc && c.dcTable === null) || (needsAc && c.acTable === null)) {
      throw corrupt(`a scan of component ${c.id} uses a Huffman table that was never defined`);
    }
  }
  return decodeScan(bytes, end, {
    components: scanComponents,
    ss: progressive ? ss : 0,
    se: progressive ? se : 63,
    ah,
    al,
    progressive,
    restartInterval,
    mcusX: Math.ceil(frame.width / (8 * maxH)),
    mcusY: Math.ceil(frame.height / (8 * maxV)),
    ...(onMcuRow !== undefined ? { onMcuRow } : {}),
  });
}

