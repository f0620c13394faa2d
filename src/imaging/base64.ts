/**
 * Base64 for the one edge that needs text (a data URL, a JSON field). Uses the platform's own
 * encoder where there is one — `Uint8Array.prototype.toBase64` (newer runtimes) or Node's
 * `Buffer` (a global there, never imported, so this module still runs anywhere) — and a pure
 * chunked `btoa` elsewhere. Measured on a 270 KB part in Node 20: Buffer 0.25 ms, the chunked
 * `btoa` 14 ms.
 */

/** Bytes per `String.fromCharCode` call; well under every engine's argument-count limit. */
const CHUNK = 0x8000;

type NativeToBase64 = (this: Uint8Array) => string;
type BufferLike = { from(bytes: ArrayBufferLike, offset: number, length: number): { toString(encoding: 'base64'): string } };

/**
 * Base64 of the bytes, no `data:` prefix.
 *
 * @example
 * ```ts
 * toBase64(new Uint8Array([104, 105])); // 'aGk='
 * ```
 */
export function toBase64(bytes: Uint8Array): string {
  const native = (Uint8Array.prototype as unknown as { toBase64?: NativeToBase64 }).toBase64;
  if (typeof native === 'function') return native.call(bytes);
  const buffer = (globalThis as unknown as { Buffer?: BufferLike }).Buffer;
  if (buffer !== undefined && typeof buffer.from === 'function') {
    return buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  }
  return toBase64Portable(bytes);
}

/**
 * The pure encoder `toBase64` falls back to; exported so tests can hold it against the native ones.
 *
 * @example
 * ```ts
 * toBase64Portable(new Uint8Array([104, 105])); // 'aGk='
 * ```
 */
export function toBase64Portable(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}
