/**
 * Base64 for data URLs without Node's Buffer, so providers run in browsers and apps too. Bytes go
 * through `btoa` in chunks: one `String.fromCharCode(...bytes)` over megabytes would overflow the stack.
 */

/** Bytes per `String.fromCharCode` call; well under every engine's argument-count limit. */
const CHUNK = 0x8000;

/**
 * @example
 * ```ts
 * toBase64(new Uint8Array([104, 105])); // 'aGk='
 * ```
 */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}
