import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decode, probe } from '../../src/imaging/decode.js';
import { decodeWebp, probeWebp } from '../../src/imaging/decoders/webp.js';
import { ImageError } from '../../src/imaging/errors.js';
import { assertRandomDamageGivesOnlyImageErrors } from '../helpers/damage.js';
import { CORPUS_DIR, corpus } from '../helpers/corpus.js';
import { vp8lHeader, vp8xHeader } from '../helpers/webp-headers.js';
import { meanAbsoluteError, sharpRgba } from '../helpers/webp-reference.js';

const WEBP_DIR = join(CORPUS_DIR, 'webp');

/** `NAME.webp.pam` → MD5 of libwebp's own PAM output, from libwebp-test-data. */
function libwebpPamDigests(): Map<string, string> {
  const digests = new Map<string, string>();
  for (const line of readFileSync(corpus('webp/libwebp_tests.md5'), 'latin1').split('\n')) {
    const m = /^([0-9a-f]{32})\s+(\S+)\.pam$/.exec(line.trim());
    if (m) digests.set(m[2]!, m[1]!);
  }
  return digests;
}

function pamDigest(width: number, height: number, rgba: Uint8Array): string {
  const header = `P7\nWIDTH ${width}\nHEIGHT ${height}\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n`;
  return createHash('md5').update(header, 'latin1').update(rgba).digest('hex');
}

function read(rel: string): Uint8Array {
  return new Uint8Array(readFileSync(corpus(rel)));
}

const digests = libwebpPamDigests();
const withDigest = readdirSync(WEBP_DIR).filter((f) => f.endsWith('.webp') && digests.has(f)).sort();

describe('WebP: byte-exact against libwebp-test-data', () => {
  it('finds the digests and the files they name', () => {
    // The md5 list names 96 pictures; every one of them is in the corpus.
    expect(digests.size).toBe(96);
    expect(withDigest.length).toBe(digests.size);
  });

  it.each(withDigest)('%s decodes to libwebp’s exact RGBA', async (name) => {
    const bytes = read(`webp/${name}`);
    const raster = await decodeWebp(bytes);
    expect(pamDigest(raster.width, raster.height, raster.data)).toBe(digests.get(name));
    const header = probeWebp(bytes);
    expect([header.width, header.height]).toEqual([raster.width, raster.height]);
  });
});

describe('WebP: pictures without a digest match their lossless renderings', () => {
  const vectors = readdirSync(WEBP_DIR).filter((f) => /^lossless_vec_[12]_\d+\.webp$/.test(f)).sort();

  it('the corpus holds the 32 lossless test vectors', () => {
    expect(vectors.length).toBe(32);
  });

  // libwebp-test-data: lossless_vec_1_* encode grid.png, lossless_vec_2_* encode peak.png.
  it.each(vectors)('%s equals its source PNG exactly', async (name) => {
    const source = name.startsWith('lossless_vec_1_') ? 'grid.png' : 'peak.png';
    const expected = await sharpRgba(corpus(`webp/${source}`));
    const raster = await decodeWebp(read(`webp/${name}`));
    expect([raster.width, raster.height]).toEqual([expected.width, expected.height]);
    expect(Buffer.from(raster.data).equals(Buffer.from(expected.data))).toBe(true);
  });

  it('lossless_color_transform.webp equals its TIFF rendering', async () => {
    const expected = await sharpRgba(corpus('webp/lossless_color_transform.tiff'));
    const raster = await decodeWebp(read('webp/lossless_color_transform.webp'));
    expect(meanAbsoluteError(raster.data, expected.data)).toBe(0);
  });

  it('bryce.webp (11158×2156, 24 MP: just under the gate) decodes like sharp', async () => {
    const bytes = read('webp/bryce.webp');
    expect(probe(bytes)).toMatchObject({ width: 11158, height: 2156 });
    const raster = await decodeWebp(bytes);
    const expected = await sharpRgba(bytes);
    expect(meanAbsoluteError(raster.data, expected.data)).toBe(0);
    // Two 24-megapixel decodes plus a 96 MB comparison: a guard against a hang, not a speed test.
  }, 120_000);
});

describe('WebP: corpus/formats/valid/webp against sharp', () => {
  it.each([
    ['lossy.webp', true],
    ['lossless.webp', false],
    ['extended.webp', false],
  ] as const)('%s', async (name, lossy) => {
    const bytes = read(`formats/valid/webp/${name}`);
    const expected = await sharpRgba(bytes);
    expect(probe(bytes)).toMatchObject({ format: 'webp', width: expected.width, height: expected.height, lossy });
    const { raster } = await decode(bytes);
    expect([raster.width, raster.height]).toEqual([expected.width, expected.height]);
    expect(meanAbsoluteError(raster.data, expected.data)).toBeLessThanOrEqual(2);
  });
});

describe('WebP: animation', () => {
  async function animatedWebp(): Promise<Uint8Array> {
    const red = await sharp({ create: { width: 8, height: 6, channels: 4, background: '#f00' } }).png().toBuffer();
    const blue = await sharp({ create: { width: 8, height: 6, channels: 4, background: '#00f' } }).png().toBuffer();
    const green = await sharp({ create: { width: 8, height: 6, channels: 4, background: '#0f0' } }).png().toBuffer();
    return new Uint8Array(await sharp([red, blue, green], { join: { animated: true } }).webp({ lossless: true }).toBuffer());
  }

  it('probe counts the frames', async () => {
    expect(probeWebp(await animatedWebp())).toMatchObject({ width: 8, height: 6, frames: 3, lossy: false });
  });

  it('decode refuses it with unsupported_format and says why', async () => {
    const err = await decodeWebp(await animatedWebp()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageError);
    expect(err).toMatchObject({ code: 'unsupported_format', message: expect.stringContaining('animated') });
  });
});

describe('WebP: hostile and broken input', () => {
  it.each([
    ['VP8X 20000×20000', () => vp8xHeader(20000, 20000)],
    ['VP8L 16384×16384', () => vp8lHeader(16384, 16384)],
    ['VP8X 2^24×2', () => vp8xHeader(2 ** 24, 2)],
  ])('%s is too_large at probe', (_label, make) => {
    expect(() => probe(make())).toThrow(expect.objectContaining({ code: 'too_large' }));
  });

  it('a header that passes the gate but carries no data is refused as truncated or corrupt', async () => {
    const err = await decode(vp8lHeader(4000, 4000)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageError);
    expect(['truncated', 'corrupt']).toContain((err as ImageError).code);
  });

  // Small files of each kind (VP8, VP8X + ALPH, VP8L, VP8X + ALPH + VP8): one decode per 7 bytes.
  const small = ['webp/small_13x1.webp', 'webp/alpha_no_compression.webp', 'webp/lossless_vec_1_3.webp', 'webp/lossy_alpha1.webp'];
  it.each(small)('%s cut at every 7th byte gives only ImageError', async (rel) => {
    const bytes = read(rel);
    let refused = 0;
    for (let cut = 0; cut < bytes.length; cut += 7) {
      const err = await decode(bytes.subarray(0, cut)).then(
        () => null,
        (e: unknown) => e,
      );
      if (err !== null) {
        expect(err).toBeInstanceOf(ImageError);
        refused++;
      }
    }
    // libwebp needs the whole bitstream: every cut must be refused.
    expect(refused).toBe(Math.ceil(bytes.length / 7));
  });

  it('a cut-off file inside its pixel data is reported as truncated', async () => {
    const bytes = read('webp/test.webp');
    const err = await decodeWebp(bytes.subarray(0, bytes.length - 100)).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'truncated' });
  });

  it('random byte damage never escapes as anything but ImageError', async () => {
    const original = read('webp/lossy_alpha2.webp');
    await assertRandomDamageGivesOnlyImageErrors(original, { numRuns: 150, maxEdits: 8 });
  });
});
