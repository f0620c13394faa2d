/**
 * Interprets the first image directory as a page we can decode: size, sample layout, colour model,
 * compression and the strips or tiles that hold it — validated before any pixel is touched.
 */
import { ImageError } from '../../errors.js';
import { readBytes, readIfd, readValues, type TiffEntry, type TiffFile } from './ifd.js';

export type TiffCompression = 'none' | 'lzw' | 'deflate' | 'packbits' | 'jpeg';
export type TiffColour = 'white-is-zero' | 'black-is-zero' | 'rgb' | 'palette' | 'cmyk' | 'ycbcr';

/** One strip or tile: its place in the page and its stored bytes. */
export interface TiffBlock {
  x: number;
  y: number;
  /** Stored width and rows (a tile is stored whole even where it overhangs the page). */
  width: number;
  rows: number;
  /** For planar configuration 2: one byte range per sample plane; otherwise one. */
  ranges: { offset: number; length: number }[];
}

export interface TiffPage {
  width: number;
  height: number;
  bitsPerSample: number;
  samplesPerPixel: number;
  /** Samples stored per pixel within one block's buffer (1 per plane when planar). */
  planar: boolean;
  colour: TiffColour;
  /** Index of the alpha sample, and whether colour is premultiplied by it. */
  alpha: { index: number; associated: boolean } | null;
  compression: TiffCompression;
  predictor: boolean;
  lsbFirst: boolean;
  /** Palette as 16-bit R, G, B tables, each 2^bitsPerSample long. */
  colourMap: number[] | null;
  jpegTables: Uint8Array | null;
  tiled: boolean;
  blocks: TiffBlock[];
}

const TAG = {
  width: 256,
  height: 257,
  bitsPerSample: 258,
  compression: 259,
  photometric: 262,
  fillOrder: 266,
  stripOffsets: 273,
  samplesPerPixel: 277,
  rowsPerStrip: 278,
  stripByteCounts: 279,
  planarConfig: 284,
  predictor: 317,
  colourMap: 320,
  tileWidth: 322,
  tileLength: 323,
  tileOffsets: 324,
  tileByteCounts: 325,
  inkSet: 332,
  extraSamples: 338,
  sampleFormat: 339,
  jpegTables: 347,
} as const;

const COMPRESSIONS: Record<number, TiffCompression> = { 1: 'none', 5: 'lzw', 8: 'deflate', 32946: 'deflate', 32773: 'packbits', 7: 'jpeg' };
const COLOURS: Record<number, TiffColour> = { 0: 'white-is-zero', 1: 'black-is-zero', 2: 'rgb', 3: 'palette', 5: 'cmyk', 6: 'ycbcr' };
/** Colour samples each photometric interpretation needs before any extra (alpha) sample. */
const COLOUR_SAMPLES: Record<TiffColour, number> = { 'white-is-zero': 1, 'black-is-zero': 1, rgb: 3, palette: 1, cmyk: 4, ycbcr: 3 };

/**
 * Reads the first page's directory; throws `unsupported_format` for layouts we do not decode
 * (float samples, old-style JPEG, CIELab…), `corrupt` for contradictions and `truncated` for
 * blocks that lie past the end of the file.
 *
 * @example
 * ```ts
 * const page = readFirstPage(readTiffHeader(bytes));
 * ```
 */
export function readFirstPage(file: TiffFile): TiffPage {
  const { entries } = readIfd(file, file.firstIfd);
  const get = (tag: number): number[] | undefined => {
    const e = entries.get(tag);
    return e === undefined ? undefined : readValues(file, e);
  };
  const one = (tag: number, fallback?: number): number => {
    const v = get(tag)?.[0] ?? fallback;
    if (v === undefined) throw new ImageError('corrupt', `The TIFF page lacks required tag ${tag}.`);
    return v;
  };

  const width = one(TAG.width);
  const height = one(TAG.height);
  if (!(width > 0 && height > 0 && Number.isInteger(width) && Number.isInteger(height))) {
    throw new ImageError('corrupt', `The TIFF page declares an impossible size ${width}×${height}.`);
  }
  return { ...readLayout(file, entries, get, one, width, height), width, height };
}

/** Reads only the first page's width and height (for probing). */
export function readFirstPageSize(file: TiffFile): { width: number; height: number; lossy: boolean } {
  const { entries } = readIfd(file, file.firstIfd);
  const first = (tag: number): number | undefined => {
    const e = entries.get(tag);
    return e === undefined || e.count < 1 ? undefined : readValues(file, { ...e, count: 1 })[0];
  };
  const width = first(TAG.width) ?? 0;
  const height = first(TAG.height) ?? 0;
  const compression = first(TAG.compression) ?? 1;
  return { width, height, lossy: compression === 6 || compression === 7 };
}

function readLayout(
  file: TiffFile,
  entries: Map<number, TiffEntry>,
  get: (tag: number) => number[] | undefined,
  one: (tag: number, fallback?: number) => number,
  width: number,
  height: number,
): Omit<TiffPage, 'width' | 'height'> {
  const compressionCode = one(TAG.compression, 1);
  const compression = COMPRESSIONS[compressionCode];
  if (compression === undefined) {
    const name = compressionCode === 6 ? 'old-style JPEG (6)' : `compression ${compressionCode}`;
    throw new ImageError('unsupported_format', `The TIFF uses ${name}, which is not decoded (none, LZW, deflate, PackBits and JPEG are). Ask for PNG or JPEG.`);
  }
  const samplesPerPixel = one(TAG.samplesPerPixel, 1);
  const bits = get(TAG.bitsPerSample) ?? [1];
  const bitsPerSample = bits[0]!;
  if (bits.some((b) => b !== bitsPerSample) || ![1, 2, 4, 8, 16].includes(bitsPerSample)) {
    throw new ImageError('unsupported_format', `The TIFF has ${bits.join('/')} bits per sample; 1, 2, 4, 8 and 16 (the same for every sample) are decoded.`);
  }
  const sampleFormat = get(TAG.sampleFormat)?.[0] ?? 1;
  if (sampleFormat !== 1) {
    throw new ImageError('unsupported_format', `The TIFF stores ${sampleFormat === 3 ? 'floating-point' : 'signed'} samples; only unsigned integer samples are decoded.`);
  }
  const photometric = one(TAG.photometric, samplesPerPixel >= 3 ? 2 : 1);
  const colour = COLOURS[photometric];
  if (colour === undefined) {
    throw new ImageError('unsupported_format', `The TIFF uses photometric interpretation ${photometric}; greyscale, RGB, palette, CMYK and JPEG YCbCr are decoded.`);
  }
  if (colour === 'ycbcr' && compression !== 'jpeg') {
    throw new ImageError('unsupported_format', 'The TIFF stores YCbCr without JPEG compression, which is not decoded.');
  }
  if (colour === 'cmyk' && (get(TAG.inkSet)?.[0] ?? 1) !== 1) {
    throw new ImageError('unsupported_format', 'The TIFF is separated into inks other than CMYK, which is not decoded.');
  }
  const colourSamples = COLOUR_SAMPLES[colour];
  if (samplesPerPixel < colourSamples && compression !== 'jpeg') {
    throw new ImageError('corrupt', `The TIFF says ${colour} with only ${samplesPerPixel} samples per pixel.`);
  }
  const extra = get(TAG.extraSamples) ?? [];
  // Extra sample 1 = premultiplied alpha, 2 = straight alpha; 0 (unspecified) is not shown.
  const alpha = samplesPerPixel > colourSamples && (extra[0] === 1 || extra[0] === 2) ? { index: colourSamples, associated: extra[0] === 1 } : null;
  const predictorCode = get(TAG.predictor)?.[0] ?? 1;
  if (predictorCode !== 1 && predictorCode !== 2) {
    throw new ImageError('unsupported_format', `The TIFF uses predictor ${predictorCode} (floating point); only horizontal differencing is decoded.`);
  }
  if (predictorCode === 2 && bitsPerSample < 8) {
    throw new ImageError('unsupported_format', `The TIFF applies a horizontal predictor to ${bitsPerSample}-bit samples, which is not decoded.`);
  }
  const planar = (get(TAG.planarConfig)?.[0] ?? 1) === 2 && samplesPerPixel > 1;
  if (planar && (bitsPerSample < 8 || compression === 'jpeg')) {
    throw new ImageError('unsupported_format', 'The TIFF stores separate sample planes at less than 8 bits or with JPEG, which is not decoded.');
  }

  let colourMap: number[] | null = null;
  if (colour === 'palette') {
    if (bitsPerSample > 8) throw new ImageError('unsupported_format', 'The TIFF is a palette picture with 16-bit indices, which is not decoded.');
    colourMap = get(TAG.colourMap) ?? null;
    if (colourMap === null || colourMap.length < 3 * 2 ** bitsPerSample) {
      throw new ImageError('corrupt', `The palette TIFF's colour map has ${colourMap?.length ?? 0} values; ${3 * 2 ** bitsPerSample} are needed.`);
    }
  }
  const tablesEntry = entries.get(TAG.jpegTables);
  const jpegTables = tablesEntry === undefined ? null : readBytes(file, tablesEntry);

  const tiled = entries.has(TAG.tileWidth) || entries.has(TAG.tileOffsets);
  const planes = planar ? samplesPerPixel : 1;
  const blocks = tiled
    ? tileBlocks(get, one, width, height, planes)
    : stripBlocks(get, one, width, height, planes, compression, bitsPerSample, planar ? 1 : samplesPerPixel);
  for (const block of blocks) {
    for (const r of block.ranges) {
      if (!(r.offset + r.length <= file.bytes.length)) {
        throw new ImageError('truncated', `A TIFF ${tiled ? 'tile' : 'strip'} lies past the end of the file (bytes ${r.offset}–${r.offset + r.length} of ${file.bytes.length}). Fetch the whole file again.`);
      }
    }
  }
  return {
    bitsPerSample,
    samplesPerPixel,
    planar,
    colour,
    alpha,
    compression,
    predictor: predictorCode === 2,
    lsbFirst: (get(TAG.fillOrder)?.[0] ?? 1) === 2,
    colourMap,
    jpegTables,
    tiled,
    blocks,
  };
}

function stripBlocks(
  get: (tag: number) => number[] | undefined,
  one: (tag: number, fallback?: number) => number,
  width: number,
  height: number,
  planes: number,
  compression: TiffCompression,
  bitsPerSample: number,
  samplesPerBlockPixel: number,
): TiffBlock[] {
  // RowsPerStrip defaults to "all rows" (2^32 - 1); anything above the height means one strip.
  const rowsPerStrip = Math.min(one(TAG.rowsPerStrip, height), height);
  if (!(rowsPerStrip >= 1)) throw new ImageError('corrupt', 'The TIFF says 0 rows per strip.');
  const perPlane = Math.ceil(height / rowsPerStrip);
  const offsets = get(TAG.stripOffsets);
  if (offsets === undefined) throw new ImageError('corrupt', 'The TIFF page has neither strip nor tile offsets.');
  let counts = get(TAG.stripByteCounts);
  if (counts === undefined && compression === 'none') {
    // Very old writers omit byte counts for uncompressed strips; the layout implies them.
    const rowBytes = Math.ceil((width * bitsPerSample * samplesPerBlockPixel) / 8);
    counts = offsets.map(() => rowBytes * rowsPerStrip);
  }
  if (counts === undefined) throw new ImageError('corrupt', 'The TIFF page lacks strip byte counts.');
  const needed = perPlane * planes;
  if (offsets.length < needed || counts.length < needed) {
    throw new ImageError('corrupt', `The TIFF page needs ${needed} strips but lists ${Math.min(offsets.length, counts.length)}.`);
  }
  const blocks: TiffBlock[] = [];
  for (let s = 0; s < perPlane; s++) {
    const y = s * rowsPerStrip;
    const ranges = [];
    for (let p = 0; p < planes; p++) ranges.push({ offset: offsets[p * perPlane + s]!, length: counts[p * perPlane + s]! });
    blocks.push({ x: 0, y, width, rows: Math.min(rowsPerStrip, height - y), ranges });
  }
  return blocks;
}

function tileBlocks(
  get: (tag: number) => number[] | undefined,
  one: (tag: number, fallback?: number) => number,
  width: number,
  height: number,
  planes: number,
): TiffBlock[] {
  const tileWidth = one(TAG.tileWidth);
  const tileHeight = one(TAG.tileLength);
  if (!(tileWidth >= 1 && tileHeight >= 1)) throw new ImageError('corrupt', `The TIFF declares ${tileWidth}×${tileHeight} tiles.`);
  const across = Math.ceil(width / tileWidth);
  const down = Math.ceil(height / tileHeight);
  const offsets = get(TAG.tileOffsets);
  const counts = get(TAG.tileByteCounts);
  const needed = across * down * planes;
  if (offsets === undefined || counts === undefined || offsets.length < needed || counts.length < needed) {
    throw new ImageError('corrupt', `The TIFF page needs ${needed} tiles but lists ${Math.min(offsets?.length ?? 0, counts?.length ?? 0)}.`);
  }
  const perPlane = across * down;
  const blocks: TiffBlock[] = [];
  for (let t = 0; t < perPlane; t++) {
    const ranges = [];
    for (let p = 0; p < planes; p++) ranges.push({ offset: offsets[p * perPlane + t]!, length: counts[p * perPlane + t]! });
    blocks.push({ x: (t % across) * tileWidth, y: Math.floor(t / across) * tileHeight, width: tileWidth, rows: tileHeight, ranges });
  }
  return blocks;
}
