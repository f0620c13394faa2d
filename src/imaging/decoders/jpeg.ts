/**
 * JPEG: header probe (size as displayed, after EXIF orientation) and decode to an upright RGBA raster.
 * Contract: see `../decode.ts`. The decoder itself lives in `./jpeg/`.
 */
import { ImageError } from '../errors.js';
import type { ImageHeader } from '../format.js';
import { applyOrientation, orientedSize } from '../orientation.js';
import type { Raster } from '../raster.js';
import { AreaShrinker, Ycbcr420Shrinker, cropAndShrinkTo } from '../shrink.js';
import { type JpegRowSink, type JpegScale, decodeJpegPixels } from './jpeg/decoder.js';
import { readJpegHeader } from './jpeg/header.js';

/**
 * Reads size, orientation and variant from the markers before the first scan; no pixel is decoded.
 * Width and height are as displayed: swapped for EXIF orientations 5–8.
 *
 * @example
 * ```ts
 * probeJpeg(bytes); // { format: 'jpeg', width: 3000, height: 4000, lossy: true, orientation: 6 }
 * ```
 */
export function probeJpeg(bytes: Uint8Array): ImageHeader {
  const { frame, orientation } = readJpegHeader(bytes);
  const size = orientedSize(frame.width, frame.height, orientation);
  const header: ImageHeader = { format: 'jpeg', width: size.width, height: size.height, lossy: true };
  if (orientation !== 1) header.orientation = orientation;
  return header;
}

export type { JpegScale };

export interface JpegDecodeOptions {
  /**
   * Decode at 1/scale of each side (rounded up), reading only each block's low frequencies: much
   * cheaper than decoding in full and shrinking afterwards, for callers that will shrink anyway.
   */
  scale?: JpegScale;
}

/**
 * Decodes a JPEG to RGBA, turned upright according to its EXIF orientation. Checks the pixel budget
 * itself before allocating (for every frame header it meets).
 *
 * @example
 * ```ts
 * const raster = decodeJpeg(bytes); // raster.width/height equal probeJpeg(bytes).width/height
 * const small = decodeJpeg(bytes, { scale: 4 }); // a quarter of each side
 * ```
 */
export function decodeJpeg(bytes: Uint8Array, options: JpegDecodeOptions = {}): Raster {
  try {
    const decoded = decodeJpegPixels(bytes, options.scale ?? 1);
    return applyOrientation({ width: decoded.width, height: decoded.height, data: decoded.data }, decoded.orientation);
  } catch (err) {
    if (err instanceof ImageError) throw err;
    // A decoder bug must still reach the caller as an actionable ImageError, never a RangeError.
    const why = err instanceof Error ? err.message : String(err);
    throw new ImageError('corrupt', `The JPEG data is damaged and could not be decoded (${why}).`, { cause: err });
  }
}

/**
 * `cropAndShrinkTo(decodeJpeg(bytes, { scale }), whole, width, height)` — the same bytes — without
 * the intermediate raster: each band of rows goes from the colour conversion straight into the area
 * average (`AreaShrinker`) while it is in cache. `width`×`height` is the size as displayed, at most
 * the decoded size; EXIF orientation is applied to the small result (area averaging treats both
 * axes alike, so turning first or last gives the same pixels). On the 25 MP photo's view (1/2, then
 * 3072 → 1568) this saves writing and re-reading 25 MB: the job took 145.7 → 139.9 ms CPU (1.04×,
 * alternated in one process on a loaded machine), and its peak memory drops by that raster.
 *
 * @example
 * ```ts
 * const view = decodeJpegShrunk(bytes, 2, 1568, 1045); // a 6144×4096 photo, shown at 1568 px
 * ```
 */
export function decodeJpegShrunk(bytes: Uint8Array, scale: JpegScale, width: number, height: number): Raster {
  try {
    const transposed = (probeJpeg(bytes).orientation ?? 1) >= 5;
    const outWidth = transposed ? height : width;
    const outHeight = transposed ? width : height;
    const sink = new ShrinkingSink(outWidth, outHeight);
    const decoded = decodeJpegPixels(bytes, scale, sink);
    if (!sink.begun || decoded.orientation >= 5 !== transposed) {
      // An orientation the header did not promise (an EXIF block after the first scan): the plain way.
      const raster = decodeJpeg(bytes, { scale });
      return cropAndShrinkTo(raster, { x: 0, y: 0, width: raster.width, height: raster.height }, Math.min(width, raster.width), Math.min(height, raster.height));
    }
    return applyOrientation(sink.finish(), decoded.orientation);
  } catch (err) {
    if (err instanceof ImageError) throw err;
    const why = err instanceof Error ? err.message : String(err);
    throw new ImageError('corrupt', `The JPEG data is damaged and could not be decoded (${why}).`, { cause: err });
  }
}

/**
 * `decodeJpegShrunk`'s sink: shrinks the rows (or 4:2:0 planes) as they come. A class rather than an
 * object of closures: the decoder's scan loop inlines these calls, and a closure is a new function
 * object per decode, so each new one threw that optimised code away ("wrong call target").
 */
class ShrinkingSink implements JpegRowSink {
  // Shrink YCbCr, then convert the shrunk pixels (see AreaShrinker's `ycbcr`). 4:2:0 comes as
  // planes (Ycbcr420Shrinker), the same bytes as through packed words. Summing the planes into
  // AreaShrinker's Float64 output rows had measured neutral (138.1 -> 137.5 ms CPU): those
  // read-modify-write adds were the cost, so Ycbcr420Shrinker sums each output row's source rows
  // first, into integers: the 25 MP view job 145.0 -> 134.4 ms CPU (1.08x, 15 rounds alternated
  // with main, bench/view-ab.ts; 12 MP 1.02x), before its rows were read as words.
  readonly takesYcbcr = true;
  /** The picture's size as `begin` gave it; a shrinker is made for the kind of input that comes. */
  private width = 0;
  private height = 0;
  private ycbcr = false;
  private stride = 0;
  begun = false;
  private shrinker: AreaShrinker | Ycbcr420Shrinker | null = null;

  constructor(
    private readonly outWidth: number,
    private readonly outHeight: number,
  ) {}

  begin(width: number, height: number, ycbcr: boolean): void {
    this.stride = width * 4;
    this.width = width;
    this.height = height;
    this.ycbcr = ycbcr;
    this.begun = true;
    this.shrinker = null;
  }

  rows(data: Uint8Array, y0: number, y1: number): void {
    this.fedRows().addRows(data, 0, this.stride, y1 - y0);
  }

  planes420(luma: Uint8Array, lumaStride: number, cb: Uint8Array, cr: Uint8Array, chromaStride: number, y1: number, lumaRows: number, chromaRows: number): void {
    if (!(this.shrinker instanceof Ycbcr420Shrinker)) {
      const { width: w, height: h } = this;
      this.shrinker = new Ycbcr420Shrinker(w, h, Math.min(this.outWidth, w), Math.min(this.outHeight, h));
    }
    this.shrinker.addPlanes(luma, lumaStride, cb, cr, chromaStride, y1, lumaRows, chromaRows);
  }

  /**
   * An output row not yet written needs source rows from at most its window's length above the
   * rows given so far: an area average's window is at most ceil(height / outHeight) + 1 rows.
   */
  planeRowsBehind(height: number): number {
    return Math.ceil(height / Math.min(this.outHeight, height)) + 1;
  }

  restart(ycbcr: boolean): void {
    this.ycbcr = ycbcr;
    this.shrinker = null;
  }

  /** The shrunk picture. No rows at all (cannot happen once begun: the decoder converts up to the last row) is a blank picture. */
  finish(): Raster {
    return (this.shrinker ?? this.fedRows()).finish();
  }

  private fedRows(): AreaShrinker {
    if (!(this.shrinker instanceof AreaShrinker)) {
      const { width: w, height: h } = this;
      this.shrinker = new AreaShrinker(w, h, Math.min(this.outWidth, w), Math.min(this.outHeight, h), this.ycbcr);
    }
    return this.shrinker;
  }
}
