import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sniff } from '../../src/imaging/sniff.js';
import { corpus } from '../helpers/corpus.js';

describe('sniff', () => {
  it.each([
    ['jpeg/skater.jpg', 'jpeg'],
    ['pngsuite/basn2c08.png', 'png'],
    ['formats/valid/gif/sample.gif', 'gif'],
    ['webp/test.webp', 'webp'],
    ['formats/valid/bmp/sample.bmp', 'bmp'],
    ['webp/grid.tiff', 'tiff'],
  ])('names %s as %s from its bytes', (file, format) => {
    expect(sniff(readFileSync(corpus(file)))).toBe(format);
  });

  it.each(['formats/valid/psd/sample.psd', 'formats/valid/heif/sample.heic', 'formats/valid/svg/width-height.svg'])(
    'returns null for %s, a format we do not decode',
    (file) => {
      expect(sniff(readFileSync(corpus(file)))).toBeNull();
    },
  );

  it('returns null for empty and short input', () => {
    expect(sniff(new Uint8Array())).toBeNull();
    expect(sniff(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniff(new TextEncoder().encode('BM is not a bitmap'))).toBeNull();
  });
});

describe('decode of a PNG with a damaged signature', () => {
  it.each(['xs1n0g01.png', 'xs2n0g01.png', 'xs4n0g01.png', 'xs7n0g01.png'])('refuses %s as corrupt, not as an unknown format', async (file) => {
    const { decode } = await import('../../src/imaging/decode.js');
    const bytes = readFileSync(corpus(`pngsuite/${file}`));
    expect(sniff(bytes)).toBeNull();
    await expect(decode(bytes)).rejects.toMatchObject({ name: 'ImageError', code: 'corrupt', message: expect.stringMatching(/signature is damaged/) });
  });
});
