/**
 * A synchronous inflater (RFC 1951 deflate, optionally inside RFC 1950 zlib framing) in plain
 * TypeScript, streaming its output through a fixed 512 KiB window. The PNG decoder uses it instead
 * of the platform's `DecompressionStream`: on a 4K screenshot (24.9 MB inflated from 242 KB) the
 * stream spent most of its time handing 16 KiB pieces through promises, and this takes 0.35–0.5× its
 * CPU time (bench/png-codec.ts measures both).
 *
 * Bounded like the streaming inflate in zlib.ts: output past `maxOutput` stops it with `corrupt`,
 * and memory never grows past the window whatever the data claims.
 *
 * The zlib Adler-32 trailer is not verified: the PNG decoder accepts a stream whose every byte
 * arrived whatever follows it (as browsers do), and its chunks carry their own CRC-32.
 */
import { ImageError } from './errors.js';
import { canonicalCodes } from './huffman.js';
import { concatBytes, type DeflateFormat, type InflateOutcome } from './zlib.js';

/** Deflate's history: a match reaches at most this far back. */
const WINDOW = 32768;
/** Output buffer: the window plus room to decode into before handing a piece on. */
const BUFFER = WINDOW + 512 * 1024;
/** A symbol adds at most 258 bytes; past this mark the buffer is emptied first. */
const FLUSH_AT = BUFFER - 258;

const LENGTH_BASE = Uint16Array.of(3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258);
const LENGTH_EXTRA = Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0);
const DISTANCE_BASE = Uint16Array.of(
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
);
const DISTANCE_EXTRA = Uint8Array.of(0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13);
/** The order code-length code lengths are stored in (RFC 1951, 3.2.7). */
const CODE_LENGTH_ORDER = Uint8Array.of(16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15);

/**
 * Codes up to this many bits are decoded by one table lookup; longer (rarer) ones bit by bit. The
 * cap bounds the table a block can make us build (1 Ki entries, not 32 Ki), so a hostile stream of
 * tiny blocks with 15-bit codes costs little per input byte.
 */
const PRIMARY_BITS = 10;

/**
 * A Huffman decoding table indexed by the next `bits` input bits (least significant first): each
 * entry is symbol << 4 | code length, 0 where no code of at most `bits` bits starts with those
 * bits. `count` (codes per length) and `sorted` (symbols by length, then value) decode the rest.
 */
interface HuffmanTable {
  entries: Uint16Array;
  bits: number;
  count: Uint16Array;
  sorted: Uint16Array;
}

/** Builds the table for `lengths` (0 = unused symbol), or returns why the code is invalid. */
function buildTable(lengths: Uint8Array): HuffmanTable | string {
  const count = new Uint16Array(16);
  let longest = 0;
  for (let s = 0; s < lengths.length; s++) {
    const l = lengths[s]!;
    count[l]!++;
    if (l > longest) longest = l;
  }
  count[0] = 0;
  // Over-subscribed codes cannot be decoded; incomplete ones can (their unused bit patterns stay 0 and fail when met).
  let left = 1;
  for (let l = 1; l <= 15; l++) {
    left = (left << 1) - count[l]!;
    if (left < 0) return 'over-subscribed Huffman code lengths';
  }
  const bits = Math.min(PRIMARY_BITS, Math.max(1, longest));
  const entries = new Uint16Array(1 << bits);
  const codes = canonicalCodes(lengths);
  const offsets = new Uint16Array(16);
  for (let l = 1; l < 15; l++) offsets[l + 1] = offsets[l]! + count[l]!;
  const sorted = new Uint16Array(lengths.length);
  for (let s = 0; s < lengths.length; s++) {
    const l = lengths[s]!;
    if (l === 0) continue;
    sorted[offsets[l]!++] = s;
    if (l > bits) continue;
    // Every index whose low l bits are the symbol's code (as read, least significant first) decodes to it.
    const entry = (s << 4) | l;
    for (let i = codes[s]!; i < entries.length; i += 1 << l) entries[i] = entry;
  }
  return { entries, bits, count, sorted };
}

/**
 * Decodes a code longer than the table's lookup from the bit buffer `bb` (at least 15 bits
 * available), one bit at a time in canonical order. Returns symbol << 4 | length, or 0 for a bit
 * pattern that is no code.
 */
function decodeLong(t: HuffmanTable, bb: number): number {
  let code = 0;
  let first = 0;
  let index = 0;
  for (let len = 1; len <= 15; len++) {
    code |= (bb >>> (len - 1)) & 1;
    const n = t.count[len]!;
    if (code - first < n) return (t.sorted[index + code - first]! << 4) | len;
    index += n;
    first = (first + n) << 1;
    code <<= 1;
  }
  return 0;
}

function fixedTables(): { literals: HuffmanTable; distances: HuffmanTable } {
  const lengths = new Uint8Array(288);
  lengths.fill(8, 0, 144);
  lengths.fill(9, 144, 256);
  lengths.fill(7, 256, 280);
  lengths.fill(8, 280, 288);
  return { literals: buildTable(lengths) as HuffmanTable, distances: buildTable(new Uint8Array(30).fill(5)) as HuffmanTable };
}

/** The fixed codes of block type 1, built once; never modified. */
const FIXED = fixedTables();

/** Hands output pieces on, counting them against the budget. */
class Output {
  produced = 0;
  constructor(
    private readonly maxOutput: number,
    private readonly consume: (piece: Uint8Array) => void,
  ) {}

  emit(piece: Uint8Array): void {
    if (piece.length === 0) return;
    if (this.produced + piece.length > this.maxOutput) {
      throw new ImageError(
        'corrupt',
        `The compressed data inflates to more than the ${this.maxOutput} bytes its header allows; it was stopped there (damaged or hostile file).`,
      );
    }
    this.produced += piece.length;
    this.consume(piece);
  }
}

/**
 * Inflates `input` (the pieces are one continuous stream, e.g. a PNG's IDAT chunks) and passes
 * each decompressed piece to `consume`, which must copy what it keeps: a piece is only valid
 * during the call. Same contract as `inflateStream` otherwise: throws `corrupt` as soon as the
 * output would pass `maxOutput`, rethrows what `consume` throws, and returns damage to the data
 * as `failure` next to the bytes produced before it.
 *
 * @example
 * ```ts
 * const { produced, failure } = inflateInto([idat1, idat2], expected, (piece) => rows.push(piece));
 * ```
 */
export function inflateInto(
  input: readonly Uint8Array[],
  maxOutput: number,
  consume: (piece: Uint8Array) => void,
  format: DeflateFormat = 'deflate',
): InflateOutcome {
  const data = input.length === 1 ? input[0]! : concatBytes(input, input.reduce((sum, p) => sum + p.length, 0));
  const out = new Output(maxOutput, consume);
  const failure = run(data, format === 'deflate', out);
  return failure === undefined ? { produced: out.produced } : { produced: out.produced, failure };
}

/**
 * The decoder proper, one function with its state in locals so the symbol loop stays in registers.
 * Returns a description of the damage, or undefined when the stream ended properly.
 */
function run(input: Uint8Array, zlibFramed: boolean, out: Output): string | undefined {
  const end = input.length;
  const endBits = end * 8;
  let ip = 0;
  if (zlibFramed) {
    if (end < 2) return 'unexpected end of file';
    const cmf = input[0]!;
    const flg = input[1]!;
    if ((cmf & 15) !== 8 || cmf >> 4 > 7 || ((cmf << 8) | flg) % 31 !== 0) return 'incorrect header check';
    if (flg & 0x20) return 'a preset dictionary is required';
    ip = 2;
  }
  const buf = new Uint8Array(BUFFER);
  let pos = 0;
  let start = 0;
  /** Bit buffer (least significant bit is the next input bit) and how many bits it holds. */
  let bb = 0;
  let cnt = 0;
  const codeLengths = new Uint8Array(320);

  for (let last = 0; last === 0; ) {
    while (cnt <= 24) {
      bb |= (ip < end ? input[ip]! : 0) << cnt;
      ip++;
      cnt += 8;
    }
    if (ip * 8 - cnt >= end * 8) return flushThen(out, buf, start, pos, 'unexpected end of file');
    last = bb & 1;
    const type = (bb >>> 1) & 3;
    bb >>>= 3;
    cnt -= 3;

    if (type === 0) {
      // Stored: skip to the byte boundary, give back the whole bytes still buffered, copy LEN bytes.
      bb >>>= cnt & 7;
      cnt -= cnt & 7;
      ip -= cnt >> 3;
      bb = 0;
      cnt = 0;
      if (ip + 4 > end) return flushThen(out, buf, start, pos, 'unexpected end of file');
      const len = input[ip]! | (input[ip + 1]! << 8);
      const nlen = input[ip + 2]! | (input[ip + 3]! << 8);
      if ((len ^ 0xffff) !== nlen) return flushThen(out, buf, start, pos, 'invalid stored block lengths');
      ip += 4;
      let remaining = len;
      while (remaining > 0) {
        if (ip >= end) return flushThen(out, buf, start, pos, 'unexpected end of file');
        if (pos === BUFFER) {
          out.emit(buf.subarray(start, pos));
          buf.copyWithin(0, pos - WINDOW, pos);
          pos = start = WINDOW;
        }
        const n = Math.min(remaining, BUFFER - pos, end - ip);
        buf.set(input.subarray(ip, ip + n), pos);
        pos += n;
        ip += n;
        remaining -= n;
      }
      continue;
    }
    if (type === 3) return flushThen(out, buf, start, pos, 'invalid block type');

    let literals = FIXED.literals;
    let distances = FIXED.distances;
    if (type === 2) {
      // Dynamic: the code lengths of both codes, themselves Huffman-coded.
      const nlit = (bb & 31) + 257;
      const ndist = ((bb >>> 5) & 31) + 1;
      const nclen = ((bb >>> 10) & 15) + 4;
      bb >>>= 14;
      cnt -= 14;
      if (nlit > 286 || ndist > 30) return flushThen(out, buf, start, pos, 'too many length or distance symbols');
      const clen = new Uint8Array(19);
      for (let i = 0; i < nclen; i++) {
        while (cnt <= 24) {
          bb |= (ip < end ? input[ip]! : 0) << cnt;
          ip++;
          cnt += 8;
        }
        clen[CODE_LENGTH_ORDER[i]!] = bb & 7;
        bb >>>= 3;
        cnt -= 3;
      }
      // Zeros read past the end make nonsense codes: report the cut, not the nonsense.
      if (ip * 8 - cnt > end * 8) return flushThen(out, buf, start, pos, 'unexpected end of file');
      const clenTable = buildTable(clen);
      if (typeof clenTable === 'string') return flushThen(out, buf, start, pos, `invalid code lengths set (${clenTable})`);
      const clenMask = (1 << clenTable.bits) - 1;
      codeLengths.fill(0);
      for (let i = 0; i < nlit + ndist; ) {
        while (cnt <= 24) {
          bb |= (ip < end ? input[ip]! : 0) << cnt;
          ip++;
          cnt += 8;
        }
        if (ip * 8 - cnt > end * 8) return flushThen(out, buf, start, pos, 'unexpected end of file');
        let e = clenTable.entries[bb & clenMask]!;
        if (e === 0) e = decodeLong(clenTable, bb);
        const l = e & 15;
        if (l === 0) return flushThen(out, buf, start, pos, ip * 8 - cnt > end * 8 ? 'unexpected end of file' : 'invalid code lengths set');
        bb >>>= l;
        cnt -= l;
        const sym = e >> 4;
        if (sym < 16) {
          codeLengths[i++] = sym;
          continue;
        }
        let repeat: number;
        let value = 0;
        if (sym === 16) {
          if (i === 0) return flushThen(out, buf, start, pos, 'invalid bit length repeat');
          value = codeLengths[i - 1]!;
          repeat = 3 + (bb & 3);
          bb >>>= 2;
          cnt -= 2;
        } else if (sym === 17) {
          repeat = 3 + (bb & 7);
          bb >>>= 3;
          cnt -= 3;
        } else {
          repeat = 11 + (bb & 127);
          bb >>>= 7;
          cnt -= 7;
        }
        if (i + repeat > nlit + ndist) return flushThen(out, buf, start, pos, ip * 8 - cnt > end * 8 ? 'unexpected end of file' : 'invalid bit length repeat');
        codeLengths.fill(value, i, i + repeat);
        i += repeat;
      }
      if (ip * 8 - cnt > end * 8) return flushThen(out, buf, start, pos, 'unexpected end of file');
      if (codeLengths[256] === 0) return flushThen(out, buf, start, pos, 'invalid code -- missing end-of-block');
      const lit = buildTable(codeLengths.subarray(0, nlit));
      if (typeof lit === 'string') return flushThen(out, buf, start, pos, `invalid literal/lengths set (${lit})`);
      const dist = buildTable(codeLengths.subarray(nlit, nlit + ndist));
      if (typeof dist === 'string') return flushThen(out, buf, start, pos, `invalid distances set (${dist})`);
      literals = lit;
      distances = dist;
    }

    const lt = literals.entries;
    const lmask = (1 << literals.bits) - 1;
    const dt = distances.entries;
    const dmask = (1 << distances.bits) - 1;
    for (;;) {
      if (pos > FLUSH_AT) {
        out.emit(buf.subarray(start, pos));
        buf.copyWithin(0, pos - WINDOW, pos);
        pos = start = WINDOW;
      }
      while (cnt <= 24) {
        bb |= (ip < end ? input[ip]! : 0) << cnt;
        ip++;
        cnt += 8;
      }
      let e = lt[bb & lmask]!;
      if (e === 0) e = decodeLong(literals, bb);
      const l = e & 15;
      bb >>>= l;
      cnt -= l;
      // A code that took bits from past the end (the refill reads zeros there) is not data: the stream was cut.
      if (ip * 8 - cnt > endBits) return flushThen(out, buf, start, pos, 'unexpected end of file');
      if (l === 0) return flushThen(out, buf, start, pos, 'invalid literal/length code');
      const sym = e >> 4;
      if (sym < 256) {
        buf[pos++] = sym;
        continue;
      }
      if (sym === 256) break;
      const li = sym - 257;
      if (li >= 29) return flushThen(out, buf, start, pos, 'invalid literal/length code');
      let len = LENGTH_BASE[li]!;
      const le = LENGTH_EXTRA[li]!;
      if (le !== 0) {
        len += bb & ((1 << le) - 1);
        bb >>>= le;
        cnt -= le;
      }
      while (cnt <= 24) {
        bb |= (ip < end ? input[ip]! : 0) << cnt;
        ip++;
        cnt += 8;
      }
      let d = dt[bb & dmask]!;
      if (d === 0) d = decodeLong(distances, bb);
      const dl = d & 15;
      const ds = d >> 4;
      if (dl === 0 || ds >= 30) return flushThen(out, buf, start, pos, 'invalid distance code');
      bb >>>= dl;
      cnt -= dl;
      let distance = DISTANCE_BASE[ds]!;
      const de = DISTANCE_EXTRA[ds]!;
      if (de !== 0) {
        while (cnt <= 24) {
          bb |= (ip < end ? input[ip]! : 0) << cnt;
          ip++;
          cnt += 8;
        }
        distance += bb & ((1 << de) - 1);
        bb >>>= de;
        cnt -= de;
      }
      if (ip * 8 - cnt > endBits) return flushThen(out, buf, start, pos, 'unexpected end of file');
      // The buffer keeps a full window once it has slid, so only the stream's first 32 KiB can reach back too far.
      if (distance > pos) return flushThen(out, buf, start, pos, 'invalid distance too far back');
      let from = pos - distance;
      if (distance === 1 && len >= 32) {
        // A run of one byte: one fill. On the 4K screenshot these are 65 % of the 24.9 MB inflated
        // (70 k matches, nearly all 258 long: flat areas filtered to zeros), and the doubling copy
        // below took nine copyWithin calls for each.
        buf.fill(buf[from]!, pos, pos + len);
        pos += len;
      } else if (len >= 32) {
        // Long matches by native copies. A match overlapping itself (a run: distance < length) is a
        // repeating pattern, so what is already copied is copied again, doubling each time.
        const stop = pos + len;
        let chunk = distance;
        while (pos < stop) {
          const n = Math.min(chunk, stop - pos);
          buf.copyWithin(pos, from, from + n);
          pos += n;
          chunk += n;
        }
      } else {
        const stop = pos + len;
        while (pos < stop) buf[pos++] = buf[from++]!;
      }
    }
    if (ip * 8 - cnt > end * 8) return flushThen(out, buf, start, pos, 'unexpected end of file');
  }
  out.emit(buf.subarray(start, pos));
  return undefined;
}

/** Hands on what was decoded before the damage (the caller reports how far the data got), then reports it. */
function flushThen(out: Output, buf: Uint8Array, start: number, pos: number, failure: string): string {
  out.emit(buf.subarray(start, pos));
  return failure;
}
