import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeWebp, setWebpWasm } from '../../src/imaging/decoders/webp.js';
import { corpus } from '../helpers/corpus.js';

// Runs in its own file (own worker) because it swaps the process-wide libwebp instance.
describe('WebP: the wasm loader', () => {
  const picture = new Uint8Array(readFileSync(corpus('webp/small_13x1.webp')));
  const wasmPath = fileURLToPath(import.meta.resolve('@jsquash/webp/codec/dec/webp_dec.wasm'));

  it('refuses with unsupported_format when handed bytes that are not wasm, and says what to do', async () => {
    setWebpWasm(new Uint8Array([1, 2, 3, 4]));
    const err = await decodeWebp(picture).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'unsupported_format', message: expect.stringContaining('setWebpWasm') });
  });

  it('recovers when given the real wasm bytes afterwards', async () => {
    setWebpWasm(new Uint8Array(readFileSync(wasmPath)));
    const raster = await decodeWebp(picture);
    expect([raster.width, raster.height]).toEqual([13, 1]);
  });

  it('accepts an already compiled WebAssembly.Module', async () => {
    setWebpWasm(await WebAssembly.compile(readFileSync(wasmPath)));
    const raster = await decodeWebp(picture);
    expect(raster.data.length).toBe(13 * 4);
  });
});
