/**
 * A sequential 4:2:0 JPEG decodes through ring planes: each component keeps only a few MCU rows
 * (the decoder converts one MCU row behind the decoding). The pixels must be the bytes whole planes
 * give — for a plain decode, through a row sink and through the plane-reading shrinking sink — and
 * a file whose later markers or scans need every row again must still decode as before (the
 * decoder starts over with whole planes).
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { Component } from '../../src/imaging/decoders/jpeg/component.js';
import { decodeJpegPixels, type JpegRowSink } from '../../src/imaging/decoders/jpeg/decoder.js';
import { Ycbcr420Shrinker } from '../../src/imaging/shrink.js';
import { corpus } from '../helpers/corpus.js';

async function photo(width: number, height: number): Promise<Uint8Array> {
  const source = readFileSync(corpus('jpeg/truecolor.jpg'));
  return new Uint8Array(await sharp(source).resize(width, height, { fit: 'fill' }).jpeg({ quality: 90, chromaSubsampling: '4:2:0' }).toBuffer());
}

/**
 * The RGBA rows of a decode through a row sink that also declares `planes420` without
 * `planeRowsBehind`: the decoder cannot know how far back such a sink reads, so it keeps whole
 * planes. At full scale planes420 is never called; the rows are what whole planes give.
 */
function wholePlaneRows(bytes: Uint8Array, scale: 1 | 2 | 4 | 8): Uint8Array {
  let picture = new Uint8Array(0);
  let stride = 0;
  const sink: JpegRowSink = {
    begin: (width, height) => {
      stride = width * 4;
      picture = new Uint8Array(stride * height);
    },
    rows: (data, y0, y1) => picture.set(data.subarray(0, (y1 - y0) * stride), y0 * stride),
    restart: () => {},
    planes420: () => {
      throw new Error('planes420 is only for a sink that converts YCbCr itself');
    },
  };
  decodeJpegPixels(bytes, scale, sink);
  return picture;
}

/** Where each marker segment starts: [offset, marker] up to the first SOS. */
function sosOffset(bytes: Uint8Array): number {
  for (let i = 2; i + 3 < bytes.length; ) {
    const marker = bytes[i + 1]!;
    if (marker === 0xda) return i;
    i += 2 + ((bytes[i + 2]! << 8) | bytes[i + 3]!);
  }
  throw new Error('no SOS');
}

function splice(bytes: Uint8Array, at: number, insert: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length + insert.length);
  out.set(bytes.subarray(0, at));
  out.set(insert, at);
  out.set(bytes.subarray(at), at + insert.length);
  return out;
}

function differing(a: Uint8Array, b: Uint8Array): number {
  expect(a.length).toBe(b.length);
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++;
  return n;
}

describe('ring planes (a few MCU rows per component instead of the whole plane)', () => {
  it('a component given a ring holds that many MCU rows, and a small picture all of its rows', () => {
    const spec = { id: 1, h: 2, v: 2, tq: 0 };
    const ringed = new Component(spec, 6144, 4096, 2, 2, false, 8, 3);
    expect(ringed.planeRows).toBe(3 * 16);
    expect(ringed.plane.length).toBe(ringed.stride * 48);
    const whole = new Component(spec, 6144, 4096, 2, 2, false, 8);
    expect(whole.planeRows).toBe(4096);
    expect(new Component(spec, 64, 20, 2, 2, false, 8, 3).planeRows).toBe(32); // two MCU rows are all there is
  });

  it.each([
    [1, 1200, 500],
    [1, 333, 201],
    [2, 901, 601],
    [4, 900, 600],
    [8, 613, 1203],
  ] as const)('at 1/%i, %i×%i: the same pixels as whole planes', async (scale, width, height) => {
    const bytes = await photo(width, height);
    const ring = decodeJpegPixels(bytes, scale);
    expect(differing(ring.data, wholePlaneRows(bytes, scale))).toBe(0);
  });

  it('the shrinking sink reads its planes as rings, and they give the bytes whole planes give', async () => {
    const bytes = await photo(1801, 1203);
    const shrunk = (behind: boolean): { data: Uint8Array; lumaRows: number[] } => {
      let shrinker: Ycbcr420Shrinker | null = null;
      const lumaRows: number[] = [];
      const sink: JpegRowSink = {
        takesYcbcr: true,
        begin: (w, h) => {
          shrinker = new Ycbcr420Shrinker(w, h, 400, 267);
        },
        rows: () => {
          throw new Error('4:2:0 at 1/2 comes as planes');
        },
        restart: () => {},
        planes420: (luma, lumaStride, cb, cr, chromaStride, y1, rows, chromaRows) => {
          lumaRows.push(rows);
          shrinker!.addPlanes(luma, lumaStride, cb, cr, chromaStride, y1, rows, chromaRows);
        },
        ...(behind ? { planeRowsBehind: (height: number) => Math.ceil(height / 267) + 1 } : {}),
      };
      decodeJpegPixels(bytes, 2, sink);
      return { data: (shrinker as unknown as Ycbcr420Shrinker).finish().data, lumaRows };
    };
    const ring = shrunk(true);
    const whole = shrunk(false);
    // 602 rows at 1/2 in MCU rows of 8: a ring of a few of them.
    expect(Math.max(...ring.lumaRows)).toBeLessThan(100);
    expect(Math.min(...whole.lumaRows)).toBe(608);
    expect(differing(ring.data, whole.data)).toBe(0);
  });

  it('starts over with whole planes when a marker after the first scan changes the colour model', async () => {
    const bytes = await photo(640, 480);
    // An Adobe APP14 segment saying "no transform" (RGB) after the scan, before EOI.
    const adobe = new Uint8Array([0xff, 0xee, 0x00, 0x0e, 0x41, 0x64, 0x6f, 0x62, 0x65, 0x00, 0x64, 0x00, 0x00, 0x00, 0x00, 0x00]);
    const late = splice(bytes, bytes.length - 2, adobe);
    const decoded = decodeJpegPixels(late);
    expect(differing(decoded.data, wholePlaneRows(late, 1))).toBe(0);
    // The late marker did change the picture: its samples are shown as RGB, not converted.
    expect(differing(decoded.data, decodeJpegPixels(bytes).data)).toBeGreaterThan(0);
  });

  it('starts over with whole planes for a second scan with data', async () => {
    const bytes = await photo(640, 480);
    const first = await photo(320, 240);
    // This file's header, then the scan of a smaller picture (it fills the top-left MCUs only
    // before its data runs out), then this file's own scan over all of it again.
    const sos = sosOffset(bytes);
    const otherScan = first.subarray(sosOffset(first), first.length - 2);
    const twoScans = splice(bytes, sos, otherScan);
    const decoded = decodeJpegPixels(twoScans);
    expect(differing(decoded.data, wholePlaneRows(twoScans, 1))).toBe(0);
  });
});
