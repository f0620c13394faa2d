/**
 * Base64 without Node's Buffer, so the catalog runs in Deno and browsers too. Bytes go through
 * `btoa` in chunks: one `String.fromCharCode(...bytes)` over megabytes would overflow the stack.
 */

/** Bytes per `String.fromCharCode` call; well under every engine's argument-count limit. */
const CHUNK = 0x8000;

/**
 * Base64 of the bytes, no `data:` prefix.
 *
 * @example
 * ```ts
 * toBase64(new Uint8Array([104, 105])); // 'aGk='
 * ```
 */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}
