/**
 * probeJpeg / probe on JPEG headers: what it reports, which variants it refuses and how, and the
 * pixel gate on declared sizes (also for a second frame header met while decoding).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { probe } from '../../src/imaging/decode.js';
import { decodeJpeg, probeJpeg } from '../../src/imaging/decoders/jpeg.js';
import { ImageError } from '../../src/imaging/errors.js';
import { corpus } from '../helpers/corpus.js';
import { findMarkerOffset } from '../helpers/jpeg-exif.js';

const redbox = (): Uint8Array => new Uint8Array(readFileSync(corpus('jpeg/redbox.jpg')));

/** Catches what `fn` throws; fails the test when it returns. */
function thrown(fn: () => unknown): ImageError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ImageError) return err;
    throw new Error(`expected an ImageError, got ${String(err)}`);
  }
  throw new Error('expected an ImageError, nothing was thrown');
}

/** A copy of `jpeg` with its SOF's declared width and height replaced. */
function withSize(jpeg: Uint8Array, width: number, height: number): Uint8Array {
  const out = jpeg.slice();
  const sof = findMarkerOffset(out, 0xc0);
  expect(sof).toBeGreaterThan(0);
  out[sof + 5] = height >> 8;
  out[sof + 6] = height & 0xff;
  out[sof + 7] = width >> 8;
  out[sof + 8] = width & 0xff;
  return out;
}

describe('probeJpeg', () => {
  it('reads size, variant and lossiness of baseline and progressive files', () => {
    expect(probeJpeg(redbox())).toEqual({ format: 'jpeg', width: 320, height: 180, lossy: true });
    const progressive = new Uint8Array(readFileSync(corpus('jpeg/skater-progressive.jpg')));
    expect(probeJpeg(progressive)).toEqual({ format: 'jpeg', width: 256, height: 256, lossy: true });
  });

  it('refuses a SOF declaring 20000×20000 as too_large, from probe', () => {
    const err = thrown(() => probe(withSize(redbox(), 20000, 20000)));
    expect(err.code).toBe('too_large');
    expect(err.message).toMatch(/20000×20000/);
  });

  it.each([
    [0xc3, /lossless/],
    [0xc5, /hierarchical/],
    [0xc6, /hierarchical/],
    [0xc7, /lossless/],
    [0xc9, /arithmetic/],
    [0xca, /arithmetic-coded progressive/],
    [0xcb, /arithmetic/],
    [0xcd, /arithmetic/],
    [0xce, /arithmetic/],
    [0xcf, /arithmetic/],
  ])('refuses SOF marker FF %s as unsupported_format naming the variant', (marker, name) => {
    const bytes = redbox();
    bytes[findMarkerOffset(bytes, 0xc0) + 1] = marker;
    for (const fn of [() => probeJpeg(bytes), () => decodeJpeg(bytes)]) {
      const err = thrown(fn);
      expect(err.code).toBe('unsupported_format');
      expect(err.message).toMatch(name);
    }
  });

  it('refuses 12-bit samples as unsupported_format', () => {
    const bytes = redbox();
    bytes[findMarkerOffset(bytes, 0xc0) + 4] = 12;
    expect(thrown(() => probeJpeg(bytes)).code).toBe('unsupported_format');
  });

  it('calls a file that does not start with SOI corrupt, and an empty or 3-byte one truncated', () => {
    const bytes = redbox();
    bytes[1] = 0xd9;
    expect(thrown(() => probeJpeg(bytes)).code).toBe('corrupt');
    expect(thrown(() => probeJpeg(new Uint8Array())).code).toBe('truncated');
    expect(thrown(() => probeJpeg(new Uint8Array([0xff, 0xd8, 0xff]))).code).toBe('truncated');
  });

  it('calls a header cut off before the frame header truncated', () => {
    const bytes = redbox();
    const sof = findMarkerOffset(bytes, 0xc0);
    for (const end of [4, sof - 3, sof + 1, sof + 6]) {
      expect(thrown(() => probeJpeg(bytes.subarray(0, end))).code).toBe('truncated');
    }
  });

  it('calls a zero width corrupt and a segment length below 2 corrupt', () => {
    expect(thrown(() => probeJpeg(withSize(redbox(), 0, 10))).code).toBe('corrupt');
    const bytes = redbox();
    const sof = findMarkerOffset(bytes, 0xc0);
    bytes[sof + 2] = 0;
    bytes[sof + 3] = 1;
    expect(thrown(() => probeJpeg(bytes)).code).toBe('corrupt');
  });
});

describe('a second frame header', () => {
  /** `jpeg` with a copy of its own SOF segment, size replaced, inserted just before the first SOS. */
  function withSecondSof(jpeg: Uint8Array, width: number, height: number): Uint8Array {
    const sof = findMarkerOffset(jpeg, 0xc0);
    const length = (jpeg[sof + 2]! << 8) | jpeg[sof + 3]!;
    const second = withSize(jpeg, width, height).slice(sof, sof + 2 + length);
    const sos = findMarkerOffset(jpeg, 0xda);
    return new Uint8Array([...jpeg.subarray(0, sos), ...second, ...jpeg.subarray(sos)]);
  }

  it('of a different size is corrupt', () => {
    const err = thrown(() => decodeJpeg(withSecondSof(redbox(), 640, 360)));
    expect(err.code).toBe('corrupt');
    expect(err.message).toMatch(/second frame/);
  });

  it('beyond the pixel budget is too_large, before anything is allocated for it', () => {
    const err = thrown(() => decodeJpeg(withSecondSof(redbox(), 30000, 30000)));
    expect(err.code).toBe('too_large');
  });

  it('repeating the first one exactly is tolerated', () => {
    const raster = decodeJpeg(withSecondSof(redbox(), 320, 180));
    expect([raster.width, raster.height]).toEqual([320, 180]);
  });
});
