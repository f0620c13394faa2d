/**
 * A 4:2:0 JPEG decoded smaller and shrunk while it decodes (`decodeJpegShrunk`) goes to
 * Ycbcr420Shrinker as planes (the sink's `planes420`) instead of as packed (Y, Cb, Cr, 255) rows
 * into AreaShrinker: the result must be exactly the bytes the rows give, at every DCT scale, at
 * odd sizes (the last chroma sample covering one pixel) and at shrink ratios from 1 (nothing to
 * average) to far beyond 3 (the general loops, not the three- and two-tap ones).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeJpegShrunk, type JpegScale } from '../../src/imaging/decoders/jpeg.js';
import { decodeJpegPixels, type JpegRowSink } from '../../src/imaging/decoders/jpeg/decoder.js';
import type { Raster } from '../../src/imaging/raster.js';
import { AreaShrinker } from '../../src/imaging/shrink.js';
import { CORPUS_DIR, corpus } from '../helpers/corpus.js';

/** The row-fed way: a sink without `planes420`, as decodeJpegShrunk's was. */
function throughRows(bytes: Uint8Array, scale: JpegScale, width: number, height: number): Raster {
  let shrinker: AreaShrinker | null = null;
  let stride = 0;
  const sink: JpegRowSink = {
    takesYcbcr: true,
    begin: (w, h, ycbcr) => {
      stride = w * 4;
      shrinker = new AreaShrinker(w, h, Math.min(width, w), Math.min(height, h), ycbcr);
    },
    rows: (data, y0, y1) => shrinker!.addRows(data, 0, stride, y1 - y0),
    restart: (ycbcr) => {
      shrinker = new AreaShrinker(shrinker!.width, shrinker!.height, shrinker!.outWidth, shrinker!.outHeight, ycbcr);
    },
  };
  decodeJpegPixels(bytes, scale, sink);
  return (shrinker as unknown as AreaShrinker).finish();
}

/** Whether the decoder hands this file's planes over (4:2:0 YCbCr at a reduced scale). */
function takesPlanes(bytes: Uint8Array, scale: JpegScale): boolean {
  let called = false;
  const sink: JpegRowSink = {
    takesYcbcr: true,
    begin: () => {},
    rows: () => {},
    restart: () => {},
    planes420: () => {
      called = true;
    },
  };
  decodeJpegPixels(bytes, scale, sink);
  return called;
}

function expectSameBytes(bytes: Uint8Array, scale: JpegScale, width: number, height: number): void {
  const rows = throughRows(bytes, scale, width, height);
  const planes = decodeJpegShrunk(bytes, scale, rows.width, rows.height);
  expect([planes.width, planes.height]).toEqual([rows.width, rows.height]);
  let differing = 0;
  for (let i = 0; i < rows.data.length; i++) if (planes.data[i] !== rows.data[i]) differing++;
  expect(differing).toBe(0);
}

async function photo(width: number, height: number, chroma: '4:2:0' | '4:4:4' = '4:2:0'): Promise<Uint8Array> {
  const source = readFileSync(corpus('jpeg/truecolor.jpg'));
  return new Uint8Array(await sharp(source).resize(width, height, { fit: 'fill' }).jpeg({ quality: 90, chromaSubsampling: chroma }).toBuffer());
}

describe('Ycbcr420Shrinker (4:2:0 planes shrunk while decoding)', () => {
  it('is what the decoder uses for 4:2:0 at 1/2, 1/4 and 1/8, and not at full size or for 4:4:4', async () => {
    const bytes = await photo(640, 480);
    for (const scale of [2, 4, 8] as const) expect(takesPlanes(bytes, scale)).toBe(true);
    expect(takesPlanes(bytes, 1)).toBe(false);
    expect(takesPlanes(await photo(640, 480, '4:4:4'), 2)).toBe(false);
  });

  // Decoded sizes at 1/2: 451×301 and 450×300 (odd and even), 1/4: 226×151, 1/8: 113×76.
  it.each([
    [901, 601],
    [900, 600],
    [613, 1203],
  ])('%i×%i: the same bytes as the rows, at every scale and many ratios', async (width, height) => {
    const bytes = await photo(width, height);
    for (const scale of [2, 4, 8] as const) {
      const w = Math.ceil(width / scale);
      const h = Math.ceil(height / scale);
      // Ratio 1 (no averaging), about 1.28, 1.96, 3.3 and 7 (the general loops).
      for (const divisor of [1, 1.28, 1.96, 3.3, 7]) {
        expectSameBytes(bytes, scale, Math.max(1, Math.round(w / divisor)), Math.max(1, Math.round(h / divisor)));
      }
    }
  });

  it('gives the rows\' bytes for every 4:2:0 corpus JPEG it takes', () => {
    const files = ['jpeg', 'formats/valid/jpg'].flatMap((folder) =>
      readdirSync(join(CORPUS_DIR, folder))
        .filter((name) => /\.jpe?g$/i.test(name))
        .map((name) => join(CORPUS_DIR, folder, name)),
    );
    let taken = 0;
    for (const file of files) {
      const bytes = new Uint8Array(readFileSync(file));
      let planes = false;
      try {
        planes = takesPlanes(bytes, 2);
      } catch {
        continue; // refused files are the corpus tests' business
      }
      if (!planes) continue;
      taken++;
      const probe = throughRows(bytes, 2, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
      expectSameBytes(bytes, 2, Math.max(1, Math.round(probe.width / 1.7)), Math.max(1, Math.round(probe.height / 1.7)));
    }
    expect(taken).toBeGreaterThanOrEqual(4); // the corpus holds four 4:2:0 YCbCr files today
  });
});
