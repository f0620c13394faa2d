/**
 * The oracle the JPEG decoder is held against: libjpeg-turbo, through sharp (a dev-only dependency).
 *
 * For YCbCr and greyscale files the reference is sharp's own RGBA, with EXIF rotation applied and
 * the embedded ICC profile ignored (our decoder does not colour-manage; sharp would otherwise convert
 * to sRGB through the profile). For CMYK/YCCK files sharp colour-manages through a CMYK profile, which
 * no plain decoder reproduces, so the reference is libjpeg's raw CMYK (which libvips has already
 * un-inverted for Adobe files: 0 = no ink) converted with the textbook formula
 * R = (255 − C)(255 − K) / 255 — the conversion our decoder documents.
 */
import sharp from 'sharp';

export interface ReferenceImage {
  width: number;
  height: number;
  /** RGBA. */
  data: Uint8Array;
}

/** libjpeg-turbo's decode of `bytes` as upright RGBA (see the module comment for CMYK). */
export async function referenceDecode(bytes: Uint8Array): Promise<ReferenceImage> {
  // failOn 'none': libjpeg's warnings (extraneous bytes, premature end) are not failures for a viewer.
  const options = { failOn: 'none', ignoreIcc: true } as const;
  const meta = await sharp(bytes, options).metadata();
  if (meta.channels === 4 && meta.space === 'cmyk') {
    const raw = await sharp(bytes, options)
      .rotate()
      .pipelineColourspace('cmyk')
      .toColourspace('cmyk')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const n = raw.info.width * raw.info.height;
    const data = new Uint8Array(n * 4);
    for (let i = 0; i < n; i++) {
      const key = 255 - raw.data[i * 4 + 3]!;
      for (let c = 0; c < 3; c++) data[i * 4 + c] = Math.round(((255 - raw.data[i * 4 + c]!) * key) / 255);
      data[i * 4 + 3] = 255;
    }
    return { width: raw.info.width, height: raw.info.height, data };
  }
  const { data, info } = await sharp(bytes, options).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/** Mean absolute difference per colour channel (R, G, B) between two RGBA buffers of equal size. */
export function meanAbsoluteError(a: Uint8Array, b: Uint8Array): [number, number, number] {
  if (a.length !== b.length) throw new Error(`buffers differ in length: ${a.length} vs ${b.length}`);
  const sums = [0, 0, 0];
  for (let i = 0; i < a.length; i += 4) {
    sums[0]! += Math.abs(a[i]! - b[i]!);
    sums[1]! += Math.abs(a[i + 1]! - b[i + 1]!);
    sums[2]! += Math.abs(a[i + 2]! - b[i + 2]!);
  }
  const n = a.length / 4;
  return [sums[0]! / n, sums[1]! / n, sums[2]! / n];
}
