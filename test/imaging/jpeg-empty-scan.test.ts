/**
 * A JPEG with every header and no image data: the frame says 5120×5120, the scan header is there,
 * then the file ends (or EOI follows). Decoding it as a blank 5120×5120 picture would cost a
 * hundred megabytes to show nothing; it is `truncated`, as libjpeg warns. A scan with even a
 * little data is still shown as far as it goes, like libjpeg and browsers do.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/imaging/decode.js';
import { rejection } from '../helpers/damage.js';

/** A real 16×16 baseline JPEG, its frame header patched to claim `size`×`size`, cut after the SOS header. */
async function headersOnly(size: number): Promise<{ headers: Uint8Array; full: Uint8Array; dataStart: number }> {
  const full = new Uint8Array(await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c03030' } }).jpeg({ quality: 90 }).toBuffer());
  let at = 2;
  let dataStart = -1;
  while (at < full.length) {
    const marker = full[at + 1]!;
    const length = (full[at + 2]! << 8) | full[at + 3]!;
    if (marker === 0xc0) {
      full[at + 5] = size >> 8;
      full[at + 6] = size & 255;
      full[at + 7] = size >> 8;
      full[at + 8] = size & 255;
    }
    if (marker === 0xda) {
      dataStart = at + 2 + length;
      break;
    }
    at += 2 + length;
  }
  if (dataStart < 0) throw new Error('sharp wrote no SOS');
  return { headers: full.slice(0, dataStart), full, dataStart };
}

describe('a JPEG whose scan holds no data', () => {
  it('headers only, ending right after the scan header (a few hundred bytes claiming 5120×5120): truncated', async () => {
    const { headers } = await headersOnly(5120);
    expect(headers.length).toBeLessThan(700);
    const error = await rejection(decode(headers));
    expect(error.code).toBe('truncated');
    expect(error.message).toMatch(/no image data/);
  });

  it('the scan header followed directly by EOI: truncated', async () => {
    const { headers } = await headersOnly(5120);
    const error = await rejection(decode(new Uint8Array([...headers, 0xff, 0xd9])));
    expect(error.code).toBe('truncated');
  });

  it('with a few bytes of scan data it still decodes (shown as far as the data goes)', async () => {
    const { full, dataStart } = await headersOnly(16);
    const cut = full.slice(0, dataStart + 4);
    const { raster } = await decode(cut);
    expect([raster.width, raster.height]).toEqual([16, 16]);
  });
});
