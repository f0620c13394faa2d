/**
 * EXIF orientation: probeJpeg reports the tag and the displayed size, decodeJpeg turns the pixels
 * upright — checked against libjpeg-turbo + libvips's own EXIF rotation (sharp's `.rotate()`), and
 * applyOrientation's algebra checked with fast-check.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeJpeg, probeJpeg } from '../../src/imaging/decoders/jpeg.js';
import { applyOrientation } from '../../src/imaging/orientation.js';
import type { Raster } from '../../src/imaging/raster.js';
import { corpus } from '../helpers/corpus.js';
import { exifOrientationSegment, insertAfterSoi } from '../helpers/jpeg-exif.js';
import { meanAbsoluteError, referenceDecode } from '../helpers/jpeg-reference.js';

const WIDTH = 48;
const HEIGHT = 32;

/** A stored picture with one red 8×8 corner block at the top left, grey elsewhere; 4:4:4, high quality. */
async function cornerMarkedJpeg(): Promise<Uint8Array> {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3, 128);
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) raw.set([230, 20, 20], (y * WIDTH + x) * 3);
  const jpeg = await sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 95, chromaSubsampling: '4:4:4' })
    .toBuffer();
  return new Uint8Array(jpeg);
}

/** Whether the pixel at (x, y) is the red of the marked corner. */
function isRed(r: Raster, x: number, y: number): boolean {
  const i = (y * r.width + x) * 4;
  return r.data[i]! > 180 && r.data[i + 1]! < 80 && r.data[i + 2]! < 80;
}

/**
 * Where the stored top-left corner must appear once displayed, per the EXIF specification's
 * description of each orientation (written out by hand, independently of applyOrientation).
 */
const DISPLAYED_CORNER: Record<number, 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right'> = {
  1: 'top-left',
  2: 'top-right', // mirrored left–right
  3: 'bottom-right', // turned 180°
  4: 'bottom-left', // mirrored top–bottom
  5: 'top-left', // transposed
  6: 'top-right', // turned 90° clockwise
  7: 'bottom-right', // transverse
  8: 'bottom-left', // turned 90° counter-clockwise
};

describe('EXIF orientation', () => {
  for (const littleEndian of [true, false]) {
    for (let orientation = 1; orientation <= 8; orientation++) {
      it(`orientation ${orientation} (${littleEndian ? 'II' : 'MM'}): probe size, upright pixels like libvips`, async () => {
        const bytes = insertAfterSoi(await cornerMarkedJpeg(), exifOrientationSegment(orientation, littleEndian));
        const header = probeJpeg(bytes);
        const turned = orientation >= 5;
        expect([header.width, header.height]).toEqual(turned ? [HEIGHT, WIDTH] : [WIDTH, HEIGHT]);
        expect(header.orientation).toBe(orientation === 1 ? undefined : orientation);

        const raster = decodeJpeg(bytes);
        expect([raster.width, raster.height]).toEqual([header.width, header.height]);
        const w = raster.width - 1;
        const h = raster.height - 1;
        const at = { 'top-left': [0, 0], 'top-right': [w, 0], 'bottom-left': [0, h], 'bottom-right': [w, h] } as const;
        const [cx, cy] = at[DISPLAYED_CORNER[orientation]!];
        expect(isRed(raster, cx, cy)).toBe(true);
        const redCorners = Object.values(at).filter(([x, y]) => isRed(raster, x, y));
        expect(redCorners.length).toBe(1);

        const reference = await referenceDecode(bytes);
        expect([reference.width, reference.height]).toEqual([raster.width, raster.height]);
        for (const e of meanAbsoluteError(raster.data, reference.data)) expect(e).toBeLessThanOrEqual(2);
      });
    }
  }

  it.each(['formats/valid/jpg/1x2-flipped-big-endian.jpg', 'formats/valid/jpg/1x2-flipped-little-endian.jpg'])(
    '%s (orientation 8 in the corpus) is probed as 2×1',
    (file) => {
      const header = probeJpeg(new Uint8Array(readFileSync(corpus(file))));
      expect(header).toMatchObject({ width: 2, height: 1, orientation: 8, lossy: true, format: 'jpeg' });
    },
  );

  it('ignores a damaged EXIF block (table-with-bad-e1.jpg decodes upright at its stored size)', () => {
    const bytes = new Uint8Array(readFileSync(corpus('jpeg/table-with-bad-e1.jpg')));
    const header = probeJpeg(bytes);
    expect(header.orientation).toBeUndefined();
    expect([header.width, header.height]).toEqual([768, 1024]);
  });

  it('ignores an orientation value outside 1–8', () => {
    const segment = exifOrientationSegment(9, true);
    const bytes = insertAfterSoi(new Uint8Array(readFileSync(corpus('jpeg/redbox.jpg'))), segment);
    expect(probeJpeg(bytes).orientation).toBeUndefined();
  });
});

describe('applyOrientation', () => {
  const rasterArb = fc
    .record({ width: fc.integer({ min: 1, max: 9 }), height: fc.integer({ min: 1, max: 9 }) })
    .chain(({ width, height }) =>
      fc.uint8Array({ minLength: width * height * 4, maxLength: width * height * 4 }).map((data) => ({ width, height, data })),
    );
  /** Orientation pairs that undo each other (the turns 6/8 are inverse; the rest are their own inverse). */
  const INVERSE: Record<number, number> = { 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 8, 7: 7, 8: 6 };

  it('is undone by the inverse orientation, and keeps every pixel', () => {
    fc.assert(
      fc.property(rasterArb, fc.integer({ min: 1, max: 8 }), (raster, orientation) => {
        const turned = applyOrientation(raster, orientation);
        expect(turned.width * turned.height).toBe(raster.width * raster.height);
        const back = applyOrientation(turned, INVERSE[orientation]!);
        expect([back.width, back.height]).toEqual([raster.width, raster.height]);
        expect(Array.from(back.data)).toEqual(Array.from(raster.data));
      }),
    );
  });

  it('composes: two quarter turns clockwise (6, 6) equal a half turn (3)', () => {
    fc.assert(
      fc.property(rasterArb, (raster) => {
        expect(Array.from(applyOrientation(applyOrientation(raster, 6), 6).data)).toEqual(Array.from(applyOrientation(raster, 3).data));
      }),
    );
  });

  it('moves a pixel where the specification says: orientation 6 sends stored (0, 0) to the top-right', () => {
    const raster = { width: 3, height: 2, data: new Uint8Array(24) };
    raster.data.set([9, 9, 9, 9], 0);
    const turned = applyOrientation(raster, 6);
    expect([turned.width, turned.height]).toEqual([2, 3]);
    expect(Array.from(turned.data.subarray(4, 8))).toEqual([9, 9, 9, 9]); // (1, 0) of a 2-wide picture
  });

  it('works on a raster whose bytes start at an unaligned offset', () => {
    const backing = new Uint8Array(1 + 2 * 1 * 4);
    backing.set([1, 2, 3, 4, 5, 6, 7, 8], 1);
    const flipped = applyOrientation({ width: 2, height: 1, data: backing.subarray(1) }, 2);
    expect(Array.from(flipped.data)).toEqual([5, 6, 7, 8, 1, 2, 3, 4]);
  });
});
