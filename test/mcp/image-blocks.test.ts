import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { probe } from '../../src/imaging/index.js';
import { toImageBlock, toImageBlocks } from '../../src/mcp/index.js';
import { corpus } from '../helpers/corpus.js';

const b64 = (path: string) => readFileSync(corpus(path)).toString('base64');

describe('toImageBlock', () => {
  it('carries PNG, JPEG, GIF and WebP with the MIME type the bytes prove', () => {
    const cases = [
      ['pngsuite/basn6a08.png', 'image/png'],
      ['jpeg/skater-progressive.jpg', 'image/jpeg'],
      ['formats/valid/gif/sample.gif', 'image/gif'],
      ['formats/valid/webp/lossless.webp', 'image/webp'],
    ] as const;
    for (const [path, mime] of cases) {
      // Label deliberately wrong: the bytes decide.
      const block = toImageBlock({ mimeType: 'application/octet-stream', data: b64(path) });
      expect(block, path).toEqual({ type: 'image', mimeType: mime, data: b64(path) });
    }
  });

  it('accepts a data URL with extra parameters and strips the prefix', () => {
    const data = b64('pngsuite/basn2c08.png');
    expect(toImageBlock({ mimeType: 'image/png', data: `data:IMAGE/PNG;charset=utf-8;BASE64,${data}` })).toEqual({
      type: 'image',
      mimeType: 'image/png',
      data,
    });
  });

  it.each([
    ['empty', '', /empty/],
    ['not base64', 'not base64!', /not valid base64/],
    ['data URL without base64', 'data:image/png,plain', /not base64-encoded/],
    ['data URL without a comma', 'data:image/png;base64', /not base64-encoded/],
    ['text bytes', Buffer.from('hello, world').toString('base64'), /not a readable picture/],
    ['a BMP', b64('formats/valid/bmp/sample.bmp'), /BMP, which MCP clients do not display/],
    ['a corrupt PNG', b64('pngsuite/xs1n0g01.png'), /not a readable picture/],
  ])('skips %s with a reason', (_label, data, reason) => {
    const result = toImageBlock({ mimeType: 'image/png', data });
    expect(typeof result).toBe('string');
    expect(result).toMatch(reason);
  });

  it('never throws, and only carries bytes whose header reads', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 256 }), fc.constantFrom('', 'data:image/png;base64,'), (bytes, prefix) => {
        const result = toImageBlock({ mimeType: 'image/png', data: prefix + Buffer.from(bytes).toString('base64') });
        if (typeof result !== 'string') expect(() => probe(bytes)).not.toThrow();
      }),
    );
  });
});

describe('toImageBlocks', () => {
  it('keeps order and numbers the skipped pictures', () => {
    const png = b64('pngsuite/basn2c08.png');
    const { blocks, skipped } = toImageBlocks([
      { mimeType: 'image/png', data: png },
      { mimeType: 'image/png', data: '' },
      { mimeType: 'image/png', data: png },
    ]);
    expect(blocks).toHaveLength(2);
    expect(skipped.map((s) => s.index)).toEqual([1]);
  });
});
