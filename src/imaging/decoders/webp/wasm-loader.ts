/**
 * Loads libwebp's decoder (compiled to wasm, shipped in @jsquash/webp) once, in any runtime,
 * without the embedder calling anything and without a static `node:` import:
 *
 * - Node, Deno, Bun: the package resolves to a `file:` URL; the .wasm beside it is read through a
 *   *dynamic* import of the file-system module (Node's `fetch` cannot read `file:` URLs).
 * - Browsers, workers and bundles: libwebp's own glue script finds `webp_dec.wasm` beside itself
 *   (`new URL('webp_dec.wasm', import.meta.url)`), which an import map, a CDN or a bundler that
 *   emits `new URL(…, import.meta.url)` assets (Vite, webpack) all serve.
 * - Anything else (an offline app, a bundler that drops the asset): `setWebpWasm(bytesOrModule)`.
 *
 * The glue's module factory is called directly rather than through @jsquash's `decode.js`, whose
 * hidden singleton reports a failed wasm download as "Decoding error" — indistinguishable from a
 * corrupt picture. Here a load failure is `unsupported_format` with the reason.
 */
import createLibwebpDecoder, { type WebPModule } from '@jsquash/webp/codec/dec/webp_dec.js';
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

/** The one libwebp instance of this realm (wasm memory is per instance; one is enough). */
let loading: Promise<WebPModule> | undefined;

/**
 * Supplies the WebP decoder's wasm yourself (call before the first WebP decode, or to replace it).
 * Only needed where the default cannot find `webp_dec.wasm` (see README, "WebP in a browser").
 *
 * @example
 * ```ts
 * setWebpWasm(await (await fetch('/assets/webp_dec.wasm')).arrayBuffer());
 * ```
 */
export function setWebpWasm(source: WebpWasmSource): void {
  start(instantiate(source));
}

function start(next: Promise<WebPModule>): Promise<WebPModule> {
  loading = next;
  // A failed start is retried on the next decode rather than cached forever.
  next.catch(() => {
    if (loading === next) loading = undefined;
  });
  return next;
}

/**
 * Decodes a whole WebP file with libwebp; returns null when libwebp refuses the data.
 *
 * @example
 * ```ts
 * const rgba = await decodeWithWasm(bytes); // { width, height, data } or null
 * ```
 */
export async function decodeWithWasm(bytes: Uint8Array): Promise<{ width: number; height: number; data: Uint8Array } | null> {
  let libwebp: WebPModule;
  try {
    // Concurrent first decodes share one load.
    libwebp = await (loading ?? start(loadDefault()));
  } catch (err) {
    throw unavailable(err);
  }
  // libwebp reads from an ArrayBuffer; copy only when the view does not cover its buffer exactly.
  const buffer =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer
      ? bytes.buffer
      : new Uint8Array(bytes).buffer; // a copy: Node Buffer.slice() would return a view of its pool
  let image: ImageData | null;
  try {
    image = libwebp.decode(buffer);
  } catch {
    return null; // a trap inside libwebp on hostile data is a refusal like any other
  }
  if (!image) return null;
  const data = image.data;
  return { width: image.width, height: image.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

async function loadDefault(): Promise<WebPModule> {
  const local = localWasmUrl();
  if (!local) return createLibwebpDecoder({ noInitialRun: true });
  const fs = (await import(/* @vite-ignore */ FILE_SYSTEM_MODULE)) as { readFile(path: URL): Promise<Uint8Array> };
  return instantiate(await fs.readFile(local));
}

/** The .wasm as a `file:` URL when this runtime resolves packages from a file system; otherwise null. */
function localWasmUrl(): URL | null {
  // Bundles and old browsers may lack import.meta.resolve; a page without an import map throws.
  if (typeof import.meta.resolve !== 'function') return null;
  try {
    const url = new URL(import.meta.resolve(WASM_SPECIFIER));
    return url.protocol === 'file:' ? url : null;
  } catch {
    return null;
  }
}

async function instantiate(source: WebpWasmSource): Promise<WebPModule> {
  const compiled = source instanceof WebAssembly.Module ? source : await WebAssembly.compile(toArrayBuffer(source));
  return createLibwebpDecoder({
    noInitialRun: true,
    // Instantiated from the module we hold, so the glue never looks for the file itself.
    instantiateWasm: (imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) => {
      const instance = new WebAssembly.Instance(compiled, imports);
      done(instance);
      return instance.exports;
    },
  });
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
