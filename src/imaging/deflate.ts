/**
 * A fast zlib compressor (RFC 1950/1951) in plain TypeScript for the PNG encoder: greedy LZ77
 * over a hash chain of a few candidates (about zlib's level 2–3 effort) with dynamic Huffman
 * blocks. The platform's `CompressionStream` offers no level, and its default (6) spent most of a
 * screenshot part's encode time searching for matches the filtered rows mostly hand it at once:
 * runs of zeros and rows repeating the one above. bench/png-codec.ts measures both, time and size.
 */
import { canonicalCodes } from './huffman.js';

/** Deflate's history window. */
const WINDOW = 32768;
const WINDOW_MASK = WINDOW - 1;
const MIN_MATCH = 3;
const MAX_MATCH = 258;
const HASH_BITS = 15;
const HASH_SIZE = 1 << HASH_BITS;
/** Candidates examined per position: more finds longer matches, slowly. */
const MAX_CHAIN = 4;
/** A match this long ends the search: longer ones gain little. */
const NICE_MATCH = 128;
/** Positions inside a match longer than this are not hashed (runs would fill the chain with themselves). */
const MAX_INSERT = 16;
/** A run of one byte at least this long is coded as such without looking for a better match. */
const RUN_MATCH = 32;
/** Symbols per block: new Huffman codes follow the picture's changing statistics. */
const BLOCK_SYMBOLS = 1 << 16;

const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA = Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0);
const DISTANCE_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577];
const DISTANCE_EXTRA = Uint8Array.of(0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13);
const CODE_LENGTH_ORDER = Uint8Array.of(16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15);

/** Length 3..258 → its length code 0..28 (symbol − 257). Never modified. */
const LENGTH_CODE = (() => {
  const t = new Uint8Array(MAX_MATCH + 1);
  for (let c = 0; c < 29; c++) for (let l = LENGTH_BASE[c]!; l < (c === 28 ? 259 : LENGTH_BASE[c + 1]!); l++) t[l] = c;
  return t;
})();

/** Distance − 1 → its distance code 0..29. Never modified. */
const DISTANCE_CODE = (() => {
  const t = new Uint8Array(WINDOW);
  for (let c = 0; c < 30; c++) for (let d = DISTANCE_BASE[c]!; d < (c === 29 ? WINDOW + 1 : DISTANCE_BASE[c + 1]!); d++) t[d - 1] = c;
  return t;
})();

/** Writes bits least significant first into a growing byte array. */
class BitWriter {
  private out: Uint8Array;
  private at = 0;
  private bits = 0;
  private count = 0;

  constructor(capacity: number) {
    this.out = new Uint8Array(Math.max(64, capacity));
  }

  /** Appends the low `n` (≤ 16) bits of `value`. */
  write(value: number, n: number): void {
    this.bits |= value << this.count;
    this.count += n;
    while (this.count >= 8) {
      if (this.at === this.out.length) this.grow();
      this.out[this.at++] = this.bits & 0xff;
      this.bits >>>= 8;
      this.count -= 8;
    }
  }

  /** Pads to a byte boundary with zero bits. */
  align(): void {
    if (this.count > 0) this.write(0, 8 - this.count);
  }

  byte(b: number): void {
    if (this.at === this.out.length) this.grow();
    this.out[this.at++] = b;
  }

  finish(): Uint8Array {
    this.align();
    return this.out.subarray(0, this.at);
  }

  /**
   * Writes a block's symbols with the writer's state in locals: room for the worst case (48 bits a
   * symbol) is made first, so the loop needs no capacity check and no method call per code.
   */
  symbols(symbols: Uint32Array, count: number, litCodes: Uint16Array, litLengths: Uint8Array, distCodes: Uint16Array, distLengths: Uint8Array): void {
    while (this.out.length - this.at < count * 6 + 16) this.grow();
    const out = this.out;
    let at = this.at;
    let bits = this.bits;
    let n = this.count;
    for (let i = 0; i < count; i++) {
      const s = symbols[i]!;
      if (s < 256) {
        bits |= litCodes[s]! << n;
        n += litLengths[s]!;
      } else {
        const len = s >>> 16;
        const dist = s & 0xffff;
        const lc = LENGTH_CODE[len]!;
        bits |= litCodes[257 + lc]! << n;
        n += litLengths[257 + lc]!;
        const le = LENGTH_EXTRA[lc]!;
        if (le > 0) {
          bits |= (len - LENGTH_BASE[lc]!) << n;
          n += le;
        }
        // At most 7 + 15 + 5 bits are pending here; flush before the distance's 15 + 13.
        while (n >= 8) {
          out[at++] = bits & 0xff;
          bits >>>= 8;
          n -= 8;
        }
        const dc = DISTANCE_CODE[dist - 1]!;
        bits |= distCodes[dc]! << n;
        n += distLengths[dc]!;
        const de = DISTANCE_EXTRA[dc]!;
        if (de > 0) {
          // Up to 7 + 15 bits pending; 13 more would pass 32.
          while (n >= 8) {
            out[at++] = bits & 0xff;
            bits >>>= 8;
            n -= 8;
          }
          bits |= (dist - DISTANCE_BASE[dc]!) << n;
          n += de;
        }
      }
      while (n >= 8) {
        out[at++] = bits & 0xff;
        bits >>>= 8;
        n -= 8;
      }
    }
    this.at = at;
    this.bits = bits;
    this.count = n;
  }

  private grow(): void {
    const bigger = new Uint8Array(this.out.length * 2);
    bigger.set(this.out);
    this.out = bigger;
  }
}

/**
 * Huffman code lengths of at most `limit` bits for `freq` (0 = unused). When the optimal code is
 * too deep, frequencies are flattened (halved, kept ≥ 1) and the code rebuilt: slightly worse
 * than package-merge, simpler, and rare on real blocks. At least two symbols get a code, so every
 * decoder accepts the result.
 */
function huffmanLengths(freqIn: Uint32Array, limit: number): Uint8Array {
  const n = freqIn.length;
  const freq = Uint32Array.from(freqIn);
  let used = 0;
  for (let i = 0; i < n; i++) if (freq[i]! > 0) used++;
  for (let i = 0; used < 2 && i < n; i++) {
    if (freq[i] === 0) {
      freq[i] = 1;
      used++;
    }
  }
  const lengths = new Uint8Array(n);
  for (;;) {
    const symbols: number[] = [];
    for (let i = 0; i < n; i++) if (freq[i]! > 0) symbols.push(i);
    symbols.sort((a, b) => freq[a]! - freq[b]! || a - b);
    // Two-queue Huffman: leaves in frequency order, internal nodes in creation order (also sorted).
    const m = symbols.length;
    const weight = new Float64Array(2 * m);
    const parent = new Int32Array(2 * m);
    for (let i = 0; i < m; i++) weight[i] = freq[symbols[i]!]!;
    let leaf = 0;
    let inner = m;
    let next = m;
    const take = (): number => (leaf < m && (inner >= next || weight[leaf]! <= weight[inner]!) ? leaf++ : inner++);
    for (; next < 2 * m - 1; next++) {
      const a = take();
      const b = take();
      weight[next] = weight[a]! + weight[b]!;
      parent[a] = next;
      parent[b] = next;
    }
    const depth = new Uint8Array(2 * m);
    let deepest = 0;
    for (let i = 2 * m - 3; i >= 0; i--) {
      depth[i] = depth[parent[i]!]! + 1;
      if (i < m && depth[i]! > deepest) deepest = depth[i]!;
    }
    if (deepest <= limit) {
      for (let i = 0; i < m; i++) lengths[symbols[i]!] = depth[i]!;
      return lengths;
    }
    for (let i = 0; i < n; i++) if (freq[i]! > 0) freq[i] = (freq[i]! >> 1) | 1;
  }
}

/**
 * Writes one dynamic-Huffman block of `count` symbols. A symbol is a literal byte (< 256) or
 * (length << 16) | distance for a match.
 */
function writeBlock(w: BitWriter, symbols: Uint32Array, count: number, last: boolean): void {
  const litFreq = new Uint32Array(286);
  const distFreq = new Uint32Array(30);
  for (let i = 0; i < count; i++) {
    const s = symbols[i]!;
    if (s < 256) litFreq[s]!++;
    else {
      litFreq[257 + LENGTH_CODE[s >>> 16]!]!++;
      distFreq[DISTANCE_CODE[(s & 0xffff) - 1]!]!++;
    }
  }
  litFreq[256] = 1;
  const litLengths = huffmanLengths(litFreq, 15);
  const distLengths = huffmanLengths(distFreq, 15);
  let nlit = 286;
  while (nlit > 257 && litLengths[nlit - 1] === 0) nlit--;
  let ndist = 30;
  while (ndist > 1 && distLengths[ndist - 1] === 0) ndist--;

  // The two length lists, run-length coded with symbols 16 (repeat previous), 17 and 18 (zeros).
  const all = new Uint8Array(nlit + ndist);
  all.set(litLengths.subarray(0, nlit));
  all.set(distLengths.subarray(0, ndist), nlit);
  const rle: number[] = [];
  const clFreq = new Uint32Array(19);
  for (let i = 0; i < all.length; ) {
    const v = all[i]!;
    let run = 1;
    while (i + run < all.length && all[i + run] === v) run++;
    i += run;
    if (v === 0) {
      while (run >= 11) {
        const r = Math.min(run, 138);
        rle.push(18, r - 11);
        clFreq[18]!++;
        run -= r;
      }
      if (run >= 3) {
        rle.push(17, run - 3);
        clFreq[17]!++;
        run = 0;
      }
    } else {
      rle.push(v, 0);
      clFreq[v]!++;
      run--;
      while (run >= 3) {
        const r = Math.min(run, 6);
        rle.push(16, r - 3);
        clFreq[16]!++;
        run -= r;
      }
    }
    for (; run > 0; run--) {
      rle.push(v, 0);
      clFreq[v]!++;
    }
  }
  const clLengths = huffmanLengths(clFreq, 7);
  const clCodes = canonicalCodes(clLengths);
  let nclen = 19;
  while (nclen > 4 && clLengths[CODE_LENGTH_ORDER[nclen - 1]!] === 0) nclen--;

  w.write(last ? 1 : 0, 1);
  w.write(2, 2);
  w.write(nlit - 257, 5);
  w.write(ndist - 1, 5);
  w.write(nclen - 4, 4);
  for (let i = 0; i < nclen; i++) w.write(clLengths[CODE_LENGTH_ORDER[i]!]!, 3);
  for (let i = 0; i < rle.length; i += 2) {
    const sym = rle[i]!;
    w.write(clCodes[sym]!, clLengths[sym]!);
    if (sym === 16) w.write(rle[i + 1]!, 2);
    else if (sym === 17) w.write(rle[i + 1]!, 3);
    else if (sym === 18) w.write(rle[i + 1]!, 7);
  }

  const litCodes = canonicalCodes(litLengths);
  const distCodes = canonicalCodes(distLengths);
  w.symbols(symbols, count, litCodes, litLengths, distCodes, distLengths);
  w.write(litCodes[256]!, litLengths[256]!);
}

/**
 * Adler-32 of `data` (RFC 1950), in runs short enough that the sums stay exact before the modulo.
 * With `words` (the same bytes, aligned) four bytes are taken per step and a zero word, most of a
 * filtered screenshot, costs one addition: for bytes x0..x3, a grows by their sum and b by
 * 4a + 4x0 + 3x1 + 2x2 + x3 (byte order in the word does not matter to the sum but does to the
 * weights, so the bytes are read back in memory order).
 */
function adler32(data: Uint8Array, words: Uint32Array | undefined): number {
  let a = 1;
  let b = 0;
  let i = 0;
  if (words && LITTLE_ENDIAN) {
    // 1388 words = 5552 bytes, zlib's NMAX: the most that keeps b below 2^53 is far more, but this keeps it in 32-bit-safe doubles.
    for (let wi = 0; wi < words.length; ) {
      const stop = Math.min(words.length, wi + 1388);
      for (; wi < stop; wi++) {
        const word = words[wi]!;
        if (word === 0) {
          b += 4 * a;
          continue;
        }
        const x0 = word & 0xff;
        const x1 = (word >>> 8) & 0xff;
        const x2 = (word >>> 16) & 0xff;
        const x3 = word >>> 24;
        b += 4 * a + 4 * x0 + 3 * x1 + 2 * x2 + x3;
        a += x0 + x1 + x2 + x3;
      }
      a %= 65521;
      b %= 65521;
    }
    i = words.length * 4;
  }
  while (i < data.length) {
    const stop = Math.min(data.length, i + 5552);
    for (; i < stop; i++) {
      a += data[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** How many bytes from `at` (at most `max`) equal `v`; whole words at a time where aligned. */
function runLength(data: Uint8Array, words: Uint32Array | undefined, at: number, v: number, max: number): number {
  let len = 0;
  if (words) {
    while (len < max && ((at + len) & 3) !== 0) {
      if (data[at + len] !== v) return len;
      len++;
    }
    const pattern = (v * 0x01010101) >>> 0;
    for (let w = (at + len) >> 2; len + 4 <= max && w < words.length && words[w] === pattern; w++) len += 4;
  }
  while (len < max && data[at + len] === v) len++;
  return len;
}

/** True when a Uint32Array stores its low byte first (the checksum's weights depend on it). */
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/**
 * Compresses `data` with zlib framing.
 *
 * @example
 * ```ts
 * const idat = deflateFast(filteredRows); // what inflate (any zlib) turns back into filteredRows
 * ```
 */
export function deflateFast(data: Uint8Array): Uint8Array {
  const n = data.length;
  const w = new BitWriter((n >> 3) + 1024);
  w.byte(0x78);
  w.byte(0x5e); // deflate, 32 KiB window, "fast" level flag; the check bits make 0x785e divisible by 31
  const head = new Int32Array(HASH_SIZE).fill(-1);
  const prev = new Int32Array(WINDOW);
  const symbols = new Uint32Array(BLOCK_SYMBOLS);
  let count = 0;
  let i = 0;
  /** The data as whole words, when aligned, for the run and checksum loops. */
  const words = data.byteOffset % 4 === 0 ? new Uint32Array(data.buffer, data.byteOffset, n >> 2) : undefined;
  const hashAt = (p: number): number => (((data[p]! << 16) | (data[p + 1]! << 8) | data[p + 2]!) * 0x9e3779b1) >>> (32 - HASH_BITS);

  while (i < n) {
    let bestLen = 0;
    let bestDist = 0;
    // Runs of one byte (zeros, mostly: flat areas filtered) are taken as distance-1 matches
    // without hashing or searching.
    if (i > 0 && data[i] === data[i - 1]) {
      const len = runLength(data, words, i, data[i - 1]!, Math.min(MAX_MATCH, n - i));
      if (len >= RUN_MATCH) {
        symbols[count++] = (len << 16) | 1;
        i += len;
        if (count === BLOCK_SYMBOLS) {
          writeBlock(w, symbols, count, i >= n);
          count = 0;
        }
        continue;
      }
    }
    if (i + MIN_MATCH <= n) {
      const h = hashAt(i);
      let candidate = head[h]!;
      prev[i & WINDOW_MASK] = candidate;
      head[h] = i;
      const maxLen = Math.min(MAX_MATCH, n - i);
      for (let chain = MAX_CHAIN; candidate >= 0 && i - candidate <= WINDOW && chain > 0; chain--) {
        // A candidate can only beat the best if it also matches at the best's length.
        if (data[candidate + bestLen] === data[i + bestLen] && data[candidate] === data[i]) {
          let len = 1;
          while (len < maxLen && data[candidate + len] === data[i + len]) len++;
          if (len > bestLen) {
            bestLen = len;
            bestDist = i - candidate;
            if (len >= NICE_MATCH || len === maxLen) break;
          }
        }
        const older = prev[candidate & WINDOW_MASK]!;
        if (older >= candidate) break;
        candidate = older;
      }
    }
    if (bestLen >= MIN_MATCH) {
      symbols[count++] = (bestLen << 16) | bestDist;
      const end = i + bestLen;
      if (bestLen <= MAX_INSERT) {
        for (let p = i + 1; p < end && p + MIN_MATCH <= n; p++) {
          const h = hashAt(p);
          prev[p & WINDOW_MASK] = head[h]!;
          head[h] = p;
        }
      }
      i = end;
    } else {
      symbols[count++] = data[i]!;
      i++;
    }
    if (count === BLOCK_SYMBOLS) {
      writeBlock(w, symbols, count, i >= n);
      count = 0;
    }
  }
  if (count > 0 || n === 0) writeBlock(w, symbols, count, true);
  w.align();
  const sum = adler32(data, words);
  w.byte(sum >>> 24);
  w.byte((sum >>> 16) & 0xff);
  w.byte((sum >>> 8) & 0xff);
  w.byte(sum & 0xff);
  return w.finish();
}
