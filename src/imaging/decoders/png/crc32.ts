/**
 * CRC-32 as PNG uses it (ISO 3309 / ITU-T V.42, reflected polynomial 0xEDB88320) over a chunk's
 * type and data. Shared by the PNG decoder (to verify) and encoder (to write).
 */

/** The reflected CRC-32 polynomial named by the PNG specification. */
const POLYNOMIAL = 0xedb88320;

/** One entry per byte value: the classic table-driven form, 1 KiB, built once on first use. */
let table: Uint32Array | undefined;

function crcTable(): Uint32Array {
  if (table) return table;
  table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? POLYNOMIAL ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}

/**
 * CRC-32 of `bytes[start, end)`, unsigned.
 *
 * @example
 * ```ts
 * crc32(new TextEncoder().encode('IEND')); // 0xae426082
 * ```
 */
export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  const t = crcTable();
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = t[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
