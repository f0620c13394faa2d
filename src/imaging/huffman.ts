/**
 * Canonical Huffman codes as deflate defines them (RFC 1951, 3.2.2), shared by the compressor and
 * the inflater: from the code length of every symbol, each symbol's code — bit-reversed, because
 * deflate packs bits least significant first while Huffman codes are defined most significant first.
 */

/**
 * The bit-reversed canonical code of every symbol (0 where the length is 0). Lengths must be ≤ 15;
 * whether they form a valid code is the caller's concern.
 *
 * @example
 * ```ts
 * canonicalCodes(Uint8Array.of(2, 1, 3, 3)); // codes 10, 0, 110, 111 → reversed [0b01, 0b0, 0b011, 0b111]
 * ```
 */
export function canonicalCodes(lengths: Uint8Array): Uint16Array {
  const count = new Uint16Array(16);
  for (const l of lengths) count[l]!++;
  count[0] = 0;
  const next = new Uint16Array(16);
  for (let l = 1, code = 0; l <= 15; l++) {
    code = (code + count[l - 1]!) << 1;
    next[l] = code;
  }
  const codes = new Uint16Array(lengths.length);
  for (let s = 0; s < lengths.length; s++) {
    const l = lengths[s]!;
    if (l === 0) continue;
    const code = next[l]!++;
    let reversed = 0;
    for (let i = 0; i < l; i++) reversed |= ((code >> i) & 1) << (l - 1 - i);
    codes[s] = reversed;
  }
  return codes;
}
