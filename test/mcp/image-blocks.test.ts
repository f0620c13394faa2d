import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toImageBlock, toImageBlocks } from '../../src/mcp/index.js';
import type { ToolImage } from '../../src/tools/types.js';
import { corpus } from '../helpers/corpus.js';

const png = new Uint8Array(readFileSync(corpus('pngsuite/basn2c08.png')));

describe('toImageBlock', () => {
  it('carries the bytes as base64 with the type the catalog gave', () => {
    const image: ToolImage = { mimeType: 'image/png', bytes: png, width: 32, height: 32 };
    expect(toImageBlock(image)).toEqual({ type: 'image', mimeType: 'image/png', data: Buffer.from(png).toString('base64') });
  });

  it('encodes exactly the viewed bytes of a Uint8Array that is a window on a larger buffer', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 512 }), fc.nat(), fc.nat(), (all, a, b) => {
        const start = a % all.length;
        const end = start + (b % (all.length - start + 1));
        const view = all.subarray(start, end);
        const block = toImageBlock({ mimeType: 'image/jpeg', bytes: view, width: 1, height: 1 });
        expect(new Uint8Array(Buffer.from(block.data, 'base64'))).toEqual(view);
      }),
    );
  });
});

describe('toImageBlocks', () => {
  it('keeps order and type', () => {
    const blocks = toImageBlocks([
      { mimeType: 'image/png', bytes: png, width: 32, height: 32 },
      { mimeType: 'image/webp', bytes: new Uint8Array([1, 2, 3]), width: 1, height: 1 },
    ]);
    expect(blocks.map((b) => b.mimeType)).toEqual(['image/png', 'image/webp']);
    expect(blocks[1]!.data).toBe('AQID');
  });
});
