import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { toBase64, toBase64Portable } from '../../src/imaging/base64.js';
import { decode, shrinkOnLoadScale } from '../../src/imaging/decode.js';
import { renderPart } from '../../src/imaging/render.js';
import { corpus } from '../helpers/corpus.js';

/** Mean absolute difference per channel of two same-sized RGBA buffers. */
function mae(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

async function rgbaOf(bytes: Uint8Array): Promise<Uint8Array> {
  const { raster } = await decode(bytes);
  return raster.data;
}

/** A real corpus photo enlarged to camera size, so shrink-on-load has room to work. */
async function bigPhoto(width: number, height: number): Promise<Uint8Array> {
  const source = readFileSync(corpus('jpeg/truecolor.jpg'));
  return new Uint8Array(await sharp(source).resize(width, height, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer());
}

describe('shrinkOnLoadScale', () => {
  it('is the largest DCT scale that still leaves the target resolution (checked against its definition)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8000 }), fc.integer({ min: 1, max: 8000 }), fc.integer({ min: 1, max: 4096 }), (width, height, max) => {
        const scale = shrinkOnLoadScale({ width, height }, { maxDimension: max });
        const longer = Math.max(width, height);
        const target = Math.min(longer, max);
        expect(Math.floor(longer / scale)).toBeGreaterThanOrEqual(target);
        const next = scale * 2;
        if (next <= 8) expect(Math.floor(longer / next)).toBeLessThan(target);
      }),
    );
  });

  it('decodes at full size without maxDimension and uses the box, not the picture, when given', () => {
    expect(shrinkOnLoadScale({ width: 6144, height: 4096 }, {})).toBe(1);
    expect(shrinkOnLoadScale({ width: 6144, height: 4096 }, { maxDimension: 1568 })).toBe(2);
    expect(shrinkOnLoadScale({ width: 6144, height: 4096 }, { maxDimension: 1568, box: { x: 0, y: 0, width: 1000, height: 800 } })).toBe(1);
    expect(shrinkOnLoadScale({ width: 6144, height: 4096 }, { maxDimension: 700 })).toBe(8);
  });
});

describe('decode with maxDimension and renderPart', () => {
  it('shrinks a large JPEG on load and renders the same size, within JPEG noise of the full-size path', async () => {
    const bytes = await bigPhoto(2400, 1800);
    const full = await decode(bytes);
    const small = await decode(bytes, { maxDimension: 1000 });
    expect(full.scale).toBe(1);
    expect(small.scale).toBe(2);
    expect(small.raster.width).toBe(1200);
    expect(small.header.width).toBe(2400);
    const whole = { x: 0, y: 0, width: 2400, height: 1800 };
    const a = await renderPart(full, whole, 1000);
    const b = await renderPart(small, whole, 1000);
    expect([b.width, b.height]).toEqual([a.width, a.height]);
    expect([a.width, a.height]).toEqual([1000, 750]);
    expect(b.mimeType).toBe('image/jpeg');
    expect(mae(await rgbaOf(a.bytes), await rgbaOf(b.bytes))).toBeLessThan(2);
  });

  it('maps a full-size box onto a raster decoded smaller', async () => {
    const bytes = await bigPhoto(2400, 1800);
    const box = { x: 1200, y: 900, width: 1200, height: 900 };
    const full = await decode(bytes);
    const small = await decode(bytes, { maxDimension: 500, box });
    expect(small.scale).toBe(2);
    const a = await renderPart(full, box, 500);
    const b = await renderPart(small, box, 500);
    expect([b.width, b.height]).toEqual([500, 375]);
    expect([a.width, a.height]).toEqual([500, 375]);
    expect(mae(await rgbaOf(a.bytes), await rgbaOf(b.bytes))).toBeLessThan(2);
  });

  it('leaves pictures that fit alone and keeps PNG for line art', async () => {
    const png = new Uint8Array(await sharp({ create: { width: 300, height: 200, channels: 4, background: '#123456' } }).png().toBuffer());
    const decoded = await decode(png, { maxDimension: 1568 });
    expect(decoded.scale).toBe(1);
    const out = await renderPart(decoded, { x: 10, y: 20, width: 100, height: 50 });
    expect([out.width, out.height, out.mimeType]).toEqual([100, 50, 'image/png']);
  });
});

describe('toBase64', () => {
  it('matches Node for any bytes, on the platform path and the portable one', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 5000 }), fc.nat(16), (bytes, offset) => {
        const view = new Uint8Array(bytes.length + offset);
        view.set(bytes, offset);
        const slice = view.subarray(offset);
        const expected = Buffer.from(bytes).toString('base64');
        expect(toBase64(slice)).toBe(expected);
        expect(toBase64Portable(slice)).toBe(expected);
      }),
    );
  });
});
