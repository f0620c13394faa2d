/**
 * Loads libwebp's decoder (compiled to wasm, shipped in @jsquash/webp) exactly once, in any
 * runtime, without a static `node:` import:
 *
 * 1. If the embedder called `setWebpWasm(bytesOrModule)`, that is used (bundlers, offline
 *    browsers, workers that ship the .wasm themselves).
 * 2. Otherwise the .wasm is located with `import.meta.resolve` beside the package. A `file:` URL
 *    (Node, Deno, Bun) is read through a *dynamic* import of the file-system module — Node's
 *    `fetch` cannot read `file:` URLs; any other URL (browser, CDN) is fetched.
 *
 * @jsquash's own default fetches the file next to its script, which fails under Node; hence this.
 */
import decodeWithLibwebp, { init as initLibwebp } from '@jsquash/webp/decode.js';
import { ImageError } from '../../errors.js';

/** What `setWebpWasm` accepts: the bytes of `webp_dec.wasm` or an already compiled module. */
export type WebpWasmSource = Uint8Array | ArrayBuffer | WebAssembly.Module;

/** The decoder's wasm, relative to the package root (@jsquash/webp has no `exports` map). */
const WASM_SPECIFIER = '@jsquash/webp/codec/dec/webp_dec.wasm';
/**
 * Held in a variable so bundlers targeting browsers do not try to resolve it: this branch only
 * runs for `file:` URLs, i.e. in a runtime that has a file system.
 */
const FILE_SYSTEM_MODULE = 'node:fs/promises';

let ready: Promise<void> | undefined;

/**
 * Supplies the WebP decoder's wasm yourself (call before the first WebP decode, or to replace it).
 *
 * @example
 * ```ts
 * setWebpWasm(await (await fetch('/assets/webp_dec.wasm')).arrayBuffer());
 * ```
 */
export function setWebpWasm(source: WebpWasmSource): void {
  start(initialise(source));
}

function start(loading: Promise<void>): Promise<void> {
  const current = loading;
  ready = current;
  // A failed start is retried on the next decode rather than cached forever.
  current.catch(() => {
    if (ready === current) ready = undefined;
  });
  return current;
}

/** Decodes a whole WebP file with libwebp; returns null when libwebp refuses the data. */
export async function decodeWithWasm(bytes: Uint8Array): Promise<{ width: number; height: number; data: Uint8Array } | null> {
  await ensureReady();
  // libwebp reads from an ArrayBuffer; copy only when the view does not cover its buffer exactly.
  const buffer =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer
      ? bytes.buffer
      : new Uint8Array(bytes).buffer; // a copy: Node Buffer.slice() would return a view of its pool
  try {
    const image = await decodeWithLibwebp(buffer);
    const data = image.data;
    return { width: image.width, height: image.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  } catch {
    // @jsquash throws a bare Error('Decoding error') for every libwebp failure.
    return null;
  }
}

async function ensureReady(): Promise<void> {
  // Concurrent first decodes share one load.
  const loading = ready ?? start(locateDefaultWasm().then(initialise));
  try {
    await loading;
  } catch (err) {
    throw unavailable(err);
  }
}

async function initialise(source: WebpWasmSource): Promise<void> {
  const module = source instanceof WebAssembly.Module ? source : await WebAssembly.compile(toArrayBuffer(source));
  // init(module) instantiates synchronously from the compiled module; its d.ts only lists the
  // options-only overload, hence the widened signature.
  const init = initLibwebp as unknown as (module: WebAssembly.Module) => Promise<void>;
  await init(module);
}

async function locateDefaultWasm(): Promise<Uint8Array | ArrayBuffer> {
  let url: URL;
  try {
    url = new URL(import.meta.resolve(WASM_SPECIFIER));
  } catch (err) {
    throw unavailable(err);
  }
  try {
    if (url.protocol === 'file:') {
      const fs = (await import(/* @vite-ignore */ FILE_SYSTEM_MODULE)) as { readFile(path: URL): Promise<Uint8Array> };
      return await fs.readFile(url);
    }
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${url.href}`);
    return await response.arrayBuffer();
  } catch (err) {
    throw unavailable(err);
  }
}

function toArrayBuffer(source: Uint8Array | ArrayBuffer): ArrayBuffer {
  if (source instanceof ArrayBuffer) return source;
  return new Uint8Array(source).buffer; // a copy (Buffer.slice() is a view)
}

function unavailable(err: unknown): ImageError {
  if (err instanceof ImageError) return err;
  const why = err instanceof Error ? err.message : String(err);
  return new ImageError(
    'unsupported_format',
    `The WebP decoder (libwebp as wasm) could not be loaded here (${why}); WebP pictures cannot be decoded in this ` +
      'environment. Ask for the picture as PNG or JPEG, or have the embedder call setWebpWasm().',
    { cause: err },
  );
}
