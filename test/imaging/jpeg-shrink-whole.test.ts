/**
 * `decode(bytes, { maxDimension, shrinkWhole: true })` shrinks a JPEG band by band while it decodes
 * (decodeJpegShrunk → AreaShrinker): the whole picture from it must be the picture the two-step
 * path gives (decode at the DCT scale, then renderPart's area average), for every corpus JPEG,
 * every EXIF orientation, and a file whose colour model changes after the scan (the rows already
 * handed to the shrinker are redone). Exactly the same bytes for grey, RGB and CMYK; YCbCr is
 * shrunk first and converted after (one rounding instead of two, and no clamp of single pixels),
 * so it may differ slightly: on the corpus at most MAE 0.23 and PSNR ≥ 53.5 dB (a difference of
 * up to 22 at one pixel of jpeg/rgb.jpg, where converting each pixel first clamped it).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/imaging/decode.js';
import type { Raster } from '../../src/imaging/raster.js';
import { renderPart } from '../../src/imaging/render.js';
import { cropAndShrinkTo } from '../../src/imaging/shrink.js';
import { CORPUS_DIR, corpus } from '../helpers/corpus.js';
import { exifOrientationSegment, insertAfterSoi } from '../helpers/jpeg-exif.js';

/** Renders the whole picture at `max` both ways; returns both results (encoded, and the shrunk rasters) and whether the fused path ran. */
async function bothWays(
  bytes: Uint8Array,
  max: number,
): Promise<{ plain: Uint8Array; fused: Uint8Array; plainRaster: Raster; fusedRaster: Raster; shrunkWhileDecoding: boolean }> {
  const a = await decode(bytes, { maxDimension: max });
  const whole = { x: 0, y: 0, width: a.header.width, height: a.header.height };
  const plain = await renderPart(a, whole, max);
  const b = await decode(bytes, { maxDimension: max, shrinkWhole: true });
  const fused = await renderPart(b, whole, max);
  expect([fused.width, fused.height]).toEqual([plain.width, plain.height]);
  const plainRaster = cropAndShrinkTo(a.raster, { x: 0, y: 0, width: a.raster.width, height: a.raster.height }, b.raster.width, b.raster.height);
  return { plain: plain.bytes, fused: fused.bytes, plainRaster, fusedRaster: b.raster, shrunkWhileDecoding: b.scale !== a.scale };
}

/** The fused raster is the two-step one within the bounds above (alpha exactly). */
function expectSamePicture(fused: Raster, plain: Raster): void {
  expect([fused.width, fused.height]).toEqual([plain.width, plain.height]);
  let abs = 0;
  let squares = 0;
  let alphaDiffers = 0;
  for (let i = 0; i < plain.data.length; i++) {
    const e = fused.data[i]! - plain.data[i]!;
    if ((i & 3) === 3) {
      if (e !== 0) alphaDiffers++;
      continue;
    }
    abs += Math.abs(e);
    squares += e * e;
  }
  const samples = (plain.data.length / 4) * 3;
  expect(alphaDiffers).toBe(0);
  expect(abs / samples).toBeLessThanOrEqual(0.3);
  if (squares > 0) expect(10 * Math.log10((255 * 255) / (squares / samples))).toBeGreaterThanOrEqual(50);
}

/** A 900×600 photo (not square, so a wrong turn shows in the size). */
async function photo(): Promise<Uint8Array> {
  const source = readFileSync(corpus('jpeg/truecolor.jpg'));
  return new Uint8Array(await sharp(source).resize(900, 600, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer());
}

describe('shrinkWhole (shrinking a JPEG while it decodes)', () => {
  const files = ['jpeg', 'formats/valid/jpg'].flatMap((folder) =>
    readdirSync(join(CORPUS_DIR, folder))
      .filter((name) => /\.jpe?g$/i.test(name))
      .map((name) => `${folder}/${name}`),
  );

  it.each(files)('%s renders the same bytes as decode-then-shrink', async (file) => {
    const bytes = new Uint8Array(readFileSync(corpus(file)));
    let decodable = true;
    await decode(bytes).catch(() => (decodable = false));
    if (!decodable) return; // a refused file is refused the same way: covered by the corpus tests
    for (const max of [1568, 100]) {
      const { plainRaster, fusedRaster } = await bothWays(bytes, max);
      expectSamePicture(fusedRaster, plainRaster);
    }
    // formats/valid/jpg/very-large.jpg (4800×3600, progressive) decodes seven times here: 8.7 s alone
    // on a 2-core machine at load 8 (12.9 s before the 4:2:0 plane shrinker), 31–38 s inside the
    // whole parallel suite there, past vitest's default 30 s; the time is the machine's, not a hang.
  }, 120_000);

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('orientation %i: the small result is turned like the large one', async (orientation) => {
    const bytes = insertAfterSoi(await photo(), exifOrientationSegment(orientation, true));
    const { plainRaster, fusedRaster, shrunkWhileDecoding } = await bothWays(bytes, 200);
    expect(shrunkWhileDecoding).toBe(true);
    expectSamePicture(fusedRaster, plainRaster);
  });

  it('redoes the rows already shrunk when a marker after the scan changes the colour model', async () => {
    const base = await photo();
    // An Adobe APP14 segment saying "no transform" (RGB) just before EOI: libjpeg would read the
    // planes as RGB, so the rows converted as YCbCr behind the scan are converted again.
    const adobe = [0xff, 0xee, 0x00, 0x0e, 0x41, 0x64, 0x6f, 0x62, 0x65, 0x00, 0x64, 0x00, 0x00, 0x00, 0x00, 0x00];
    const eoi = base.length - 2;
    const bytes = new Uint8Array([...base.subarray(0, eoi), ...adobe, 0xff, 0xd9]);
    const { plain, fused, shrunkWhileDecoding } = await bothWays(bytes, 200);
    expect(shrunkWhileDecoding).toBe(true);
    // Redone as RGB, which is never converted after the shrink: exactly the two-step bytes.
    expect(Buffer.from(fused).equals(Buffer.from(plain))).toBe(true);
    const normal = await bothWays(base, 200);
    expect(Buffer.from(fused).equals(Buffer.from(normal.fused))).toBe(false); // the marker did change the picture
  });
});
