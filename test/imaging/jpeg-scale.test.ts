/**
 * Scaled decode (1/2, 1/4, 1/8 from the low DCT frequencies) against the full decode averaged over
 * scale×scale boxes — what a caller shrinking the full picture by block averaging would get.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeJpeg, probeJpeg } from '../../src/imaging/decoders/jpeg.js';
import { isImageError } from '../../src/imaging/errors.js';
import type { Raster } from '../../src/imaging/raster.js';
import { corpus } from '../helpers/corpus.js';
import { exifOrientationSegment, insertAfterSoi } from '../helpers/jpeg-exif.js';
import { meanAbsoluteError } from '../helpers/jpeg-reference.js';

/**
 * Mean absolute error per channel allowed against box averaging. The two are different low-pass
 * filters (a truncated DCT rings slightly at hard edges where a box average does not), so they agree
 * closely on photographs but not exactly; 4 of 255 is invisible and still catches a wrong position,
 * scale or colour (those give tens).
 */
const MAX_MEAN_ERROR = 4;

/** Averages `raster` over scale×scale boxes (partial boxes at the right and bottom edges). */
function boxAverage(raster: Raster, scale: number): Raster {
  const width = Math.ceil(raster.width / scale);
  const height = Math.ceil(raster.height / scale);
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sums = [0, 0, 0, 0];
      let count = 0;
      for (let sy = y * scale; sy < Math.min((y + 1) * scale, raster.height); sy++) {
        for (let sx = x * scale; sx < Math.min((x + 1) * scale, raster.width); sx++) {
          for (let c = 0; c < 4; c++) sums[c]! += raster.data[(sy * raster.width + sx) * 4 + c]!;
          count++;
        }
      }
      for (let c = 0; c < 4; c++) data[(y * width + x) * 4 + c] = Math.round(sums[c]! / count);
    }
  }
  return { width, height, data };
}

describe('scaled JPEG decode', () => {
  it.each([
    ['jpeg/truecolor.jpg', 2],
    ['jpeg/truecolor.jpg', 8],
    ['jpeg/table-with-good-e1.jpg', 4],
    ['jpeg/skater-progressive.jpg', 2],
    ['jpeg/skater-progressive.jpg', 4],
    ['formats/valid/jpg/sample.jpg', 8],
    ['jpeg/tree-cmyk.jpg', 2],
  ] as const)('%s at 1/%i matches the full decode box-averaged', (file, scale) => {
    const bytes = new Uint8Array(readFileSync(corpus(file)));
    const full = decodeJpeg(bytes);
    const scaled = decodeJpeg(bytes, { scale });
    const expected = boxAverage(full, scale);
    expect([scaled.width, scaled.height]).toEqual([expected.width, expected.height]);
    for (const e of meanAbsoluteError(scaled.data, expected.data)) expect(e).toBeLessThanOrEqual(MAX_MEAN_ERROR);
  });

  it('applies EXIF orientation after scaling (orientation 6 at 1/4: sides swapped and rounded up)', () => {
    const bytes = insertAfterSoi(new Uint8Array(readFileSync(corpus('jpeg/redbox.jpg'))), exifOrientationSegment(6, false));
    expect(probeJpeg(bytes)).toMatchObject({ width: 180, height: 320 });
    const raster = decodeJpeg(bytes, { scale: 4 });
    expect([raster.width, raster.height]).toEqual([Math.ceil(180 / 4), Math.ceil(320 / 4)]);
  });

  it('refuses a scale other than 1, 2, 4, 8 as invalid_argument', () => {
    const bytes = new Uint8Array(readFileSync(corpus('jpeg/redbox.jpg')));
    let error: unknown = null;
    try {
      decodeJpeg(bytes, { scale: 3 as 2 });
    } catch (err) {
      error = err;
    }
    expect(isImageError(error, 'invalid_argument')).toBe(true);
  });
});
