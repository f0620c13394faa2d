/**
 * Decodes one scan's entropy-coded data (F.2 sequential, G.1.2 progressive with spectral selection
 * and successive approximation). Sequential blocks go straight through the IDCT into the sample
 * plane; progressive ones accumulate coefficients for the IDCT after the last scan.
 */
import { BitReader } from './bit-reader.js';
import * as huffmanModule from './huffman.js';
import type { HuffmanTable } from './huffman.js';
import type { Component } from './component.js';
import { RST0, RST7, findMarker } from './markers.js';
import * as zigzagModule from './zigzag.js';
// Module-level copies of imported constants: TurboFan folds a module's own `const`s into the code
// (immediates, a table's fixed address and length) but re-reads an imported binding, with its type
// and map checks, at every use (see color-420.ts).
const { LOOKUP_BITS } = huffmanModule;
const { ZIGZAG } = zigzagModule;

export interface ScanParams {
  components: Component[];
  /** Spectral selection start/end (0–63) and successive approximation high/low bits. */
  ss: number;
  se: number;
  ah: number;
  al: number;
  progressive: boolean;
  /** MCUs between restart markers, 0 for none. */
  restartInterval: number;
  /** MCU grid of an interleaved scan. */
  mcusX: number;
  mcusY: number;
  /**
   * Called after the last block of each row of MCUs (of blocks, for a single-component scan), with
   * that row's index: the rows above are final and can be converted while still in cache.
   */
  onMcuRow?: { mcuRowDone(row: number): void };
}

/** One progressive scan's parameters and the end-of-band run its block decoders carry across blocks. */
interface ProgressiveState {
  ss: number;
  se: number;
  al: number;
  eobrun: number;
}

type BlockDecoder = (reader: BitReader, component: Component, coefficients: Int16Array, offset: number, state: ProgressiveState) => void;

/**
 * The DC step of a sequential block: adds the coded difference to `c.pred`, the reader's fields
 * left current for the block decoder to load into its locals.
 */
function decodeDcDifference(reader: BitReader, c: Component): void {
  const bits = LOOKUP_BITS;
  if (reader.count < bits) reader.fill();
  const count = reader.count;
  const dcFast = c.dcTable!.fast[(reader.buffer >>> (count - bits)) & ((1 << bits) - 1)]!;
  // A DC symbol is a size alone; one with a high nibble (damaged data) takes the slow path, as before.
  if (dcFast !== 0 && (dcFast & 0xf00) === 0) {
    reader.count = count - ((dcFast >> 4) & 15);
    c.pred += dcFast >> 16;
  } else {
    const t = reader.decode(c.dcTable!);
    c.pred += t === 0 ? 0 : reader.receiveExtend(t);
  }
}

/**
 * An AC symbol the fast table does not resolve (a longer code, or damaged data), read through the
 * reader and returned in the fast table's format with its bits already consumed (length field 0):
 * value << 16 | run << 8 | size. A run past the block's end (`k` + run > 63) leaves the value bits
 * unread, as the fast path does, and has length = size, so the caller's damaged-run step reads none.
 * The block decoders' loops then handle both kinds of symbol with the same code.
 */
function slowAcEntry(reader: BitReader, acTable: HuffmanTable, k: number): number {
  const rs = reader.decode(acTable);
  const s = rs & 15;
  const r = rs >> 4;
  if (s === 0) return r << 8;
  if (k + r > 63) return (r << 8) | (s << 4) | s;
  return (reader.receiveExtend(s) << 16) | (r << 8) | s;
}

/**
 * Decodes one sequential block into `coefficients` (which must be all zero), returning how many
 * entries it wrote, their natural indexes in `written` (the DC term first; every AC entry written
 * is non-zero): 1 means only the DC term, which lets the caller skip the IDCT, and the caller
 * clears just those entries: simpler than walking the zigzag order up to the last one (or filling
 * all 64 past index 16), and no slower (the 25 MP photo at 1/8: 43.3 -> 42.5 ms CPU, 1.02x, within
 * the noise of a loaded machine).
 *
 * The reader's bit buffer and count live in locals for the whole block and are written back only
 * around a refill or a slow-path call: through the reader's fields every symbol cost a load and a
 * store of each (measured on the 25 MP photo at 1/8, where Huffman decoding is nearly all of the
 * time: with LOOKUP_BITS 9 → 11, 47.8 → 43.4 ms CPU, 1.10×, alternated in one process).
 */
function decodeSequential(reader: BitReader, c: Component, coefficients: Int16Array, offset: number, written: Uint8Array): number {
  decodeDcDifference(reader, c);
  coefficients[offset] = c.pred;
  written[0] = 0;
  let n = 1;
  const acTable = c.acTable!;
  const acFast = acTable.fast;
  const zigzag = ZIGZAG;
  // Imported bindings are re-read with a hole check at every use (not folded like a module's own
  // constants): in a local, the two uses per coefficient cost nothing.
  const bits = LOOKUP_BITS;
  const mask = (1 << bits) - 1;
  let buffer = reader.buffer;
  let count = reader.count;
  const data = reader.data;
  for (let k = 1; k < 64; ) {
    if (count < bits) {
      const p = reader.position;
      if (p + 1 < reader.safe) {
        // Two bytes without a 0xFF among them (see BitReader.safe): no stuffing, marker or end to test.
        buffer = (buffer << 16) | (data[p]! << 8) | data[p + 1]!;
        reader.buffer = buffer;
        reader.position = p + 2;
        count += 16;
      } else {
        reader.count = count;
        reader.fill();
        buffer = reader.buffer;
        count = reader.count;
      }
    }
    let fast = acFast[(buffer >>> (count - bits)) & mask]!;
    if (fast === 0) {
      reader.count = count;
      fast = slowAcEntry(reader, acTable, k) | 0; // an int32, as the table entry: a tagged phi slowed the loop
      buffer = reader.buffer;
      count = reader.count;
    }
    if ((fast & 15) === 0) {
      // End of block, or (run 15) sixteen zeros.
      count -= (fast >> 4) & 15;
      if ((fast & 0xf00) !== 0xf00) break;
      k += 16;
      continue;
    }
    k += (fast >> 8) & 15;
    if (k > 63) {
      count -= ((fast >> 4) & 15) - (fast & 15); // damaged: a run past the block's end, its value bits unread
      break;
    }
    count -= (fast >> 4) & 15;
    const z = zigzag[k]!;
    coefficients[offset + z] = fast >> 16;
    written[n++] = z;
    k++;
  }
  reader.count = count;
  return n;
}

/**
 * `decodeSequential` for a reduced-size decode (1/2, 1/4, 1/8): the same bits read in the same
 * way, but each coefficient is stored multiplied by its quantisation step (what the reduced IDCTs
 * read, see idct4x4) at its natural index in an Int32Array, with no list of them: the caller
 * clears only the top-left 4×4, the one part a reduced IDCT reads (entries outside it are left
 * dirty and never read). The values are those an Int16Array entry would hold (wrapped to 16 bits:
 * the DC sum of damaged data), times the step, which fits in 32 bits. Returns 128 when any AC
 * coefficient was decoded, else 0: a block with none is flat.
 *
 * Its own loop, not decodeSequential's form: written that way (the slow path through slowAcEntry,
 * merged with the fast one) the 25 MP photo's 1/2 decode measured 0.96× and its 1/8 decode 0.97×
 * (15 alternated runs against a686646), this loop 0.98–1.00× (21 runs). Both loops write the
 * two-byte refill out: through a shared BitReader method the 1/2 decode measured 0.95×.
 */
function decodeSequentialScaled(reader: BitReader, c: Component, coefficients: Int32Array): number {
  const quant = c.quant!;
  decodeDcDifference(reader, c);
  const acTable = c.acTable!;
  const zigzag = ZIGZAG;
  const bits = LOOKUP_BITS;
  const mask = (1 << bits) - 1;
  let buffer = reader.buffer;
  let count = reader.count;
  // What an Int16Array entry would hold (the DC sum of damaged data may leave 16 bits), times its step.
  coefficients[0] = ((c.pred << 16) >> 16) * quant[0]!;
  let any = 0;
  const acFast = acTable.fast;
  const data = reader.data;
  let k = 1;
  while (k < 64) {
    if (count < bits) {
      const p = reader.position;
      if (p + 1 < reader.safe) {
        // Two bytes without a 0xFF among them (see BitReader.safe): no stuffing, marker or end to test.
        buffer = (buffer << 16) | (data[p]! << 8) | data[p + 1]!;
        reader.buffer = buffer;
        reader.position = p + 2;
        count += 16;
      } else {
        reader.count = count;
        reader.fill();
        buffer = reader.buffer;
        count = reader.count;
      }
    }
    const fast = acFast[(buffer >>> (count - bits)) & mask]!;
    if (fast !== 0) {
      if ((fast & 15) === 0) {
        count -= (fast >> 4) & 15;
        if ((fast & 0xf00) !== 0xf00) {
          reader.count = count;
          return any;
        }
        k += 16;
        continue;
      }
      k += (fast >> 8) & 15;
      if (k > 63) {
        reader.count = count - ((fast >> 4) & 15) + (fast & 15); // damaged: the value bits stay unread
        return any;
      }
      count -= (fast >> 4) & 15;
      const z = zigzag[k]!;
      coefficients[z] = (fast >> 16) * quant[z]!;
    } else {
      reader.count = count;
      const rs = reader.decode(acTable);
      const s = rs & 15;
      buffer = reader.buffer;
      count = reader.count;
      if (s === 0) {
        if (rs >> 4 < 15) return any;
        k += 16;
        continue;
      }
      k += rs >> 4;
      if (k > 63) return any;
      const z = zigzag[k]!;
      coefficients[z] = ((reader.receiveExtend(s) << 16) >> 16) * quant[z]!;
      buffer = reader.buffer;
      count = reader.count;
    }
    any = 128;
    k++;
  }
  reader.count = count;
  return any;
}

function decodeDcFirst(reader: BitReader, c: Component, coefficients: Int16Array, offset: number, state: ProgressiveState): void {
  const t = reader.decode(c.dcTable!);
  c.pred += t === 0 ? 0 : reader.receiveExtend(t);
  coefficients[offset] = c.pred * (1 << state.al);
}

function decodeDcRefine(reader: BitReader, _c: Component, coefficients: Int16Array, offset: number, state: ProgressiveState): void {
  if (reader.bit()) coefficients[offset]! |= 1 << state.al;
}

function decodeAcFirst(reader: BitReader, c: Component, coefficients: Int16Array, offset: number, state: ProgressiveState): void {
  if (state.eobrun > 0) {
    state.eobrun--;
    return;
  }
  const acTable = c.acTable!;
  const se = state.se;
  const scale = 1 << state.al;
  for (let k = state.ss; k <= se; ) {
    const rs = reader.decode(acTable);
    const s = rs & 15;
    const r = rs >> 4;
    if (s === 0) {
      if (r < 15) {
        state.eobrun = (1 << r) - 1 + (r > 0 ? reader.bits(r) : 0);
        break;
      }
      k += 16;
      continue;
    }
    k += r;
    if (k > 63) break;
    coefficients[offset + ZIGZAG[k]!] = reader.receiveExtend(s) * scale;
    k++;
  }
}

function decodeAcRefine(reader: BitReader, c: Component, coefficients: Int16Array, offset: number, state: ProgressiveState): void {
  const plus = 1 << state.al;
  const minus = -1 << state.al;
  const se = state.se;
  let k = state.ss;
  if (state.eobrun <= 0) {
    const acTable = c.acTable!;
    while (k <= se) {
      const rs = reader.decode(acTable);
      const s = rs & 15;
      let r = rs >> 4;
      let value = 0;
      if (s !== 0) {
        // A newly non-zero coefficient always has magnitude 1 at this bit position.
        value = reader.bit() ? plus : minus;
      } else if (r !== 15) {
        state.eobrun = (1 << r) + (r > 0 ? reader.bits(r) : 0);
        break;
      }
      // Skip r zero coefficients (refining the non-zero ones passed on the way), then place `value`.
      while (k <= se) {
        const z = offset + ZIGZAG[k]!;
        const current = coefficients[z]!;
        if (current !== 0) {
          if (reader.bit() && (current & plus) === 0) coefficients[z] = current >= 0 ? current + plus : current + minus;
        } else {
          if (r === 0) {
            if (value !== 0) coefficients[z] = value;
            k++;
            break;
          }
          r--;
        }
        k++;
      }
    }
  }
  if (state.eobrun > 0) {
    // Inside an end-of-band run: only refinement bits for coefficients already non-zero.
    for (; k <= se; k++) {
      const z = offset + ZIGZAG[k]!;
      const current = coefficients[z]!;
      if (current !== 0 && reader.bit() && (current & plus) === 0) {
        coefficients[z] = current >= 0 ? current + plus : current + minus;
      }
    }
    state.eobrun--;
  }
}

/**
 * Decodes the scan whose entropy-coded data starts at `position`; returns the index where the data
 * ends (the next marker, or the end of the file). Damaged data never throws: bad codes decode as
 * zeros and data missing up to the next restart marker is left blank.
 */
export function decodeScan(bytes: Uint8Array, position: number, scan: ScanParams): number {
  // A scan header followed directly by a marker (or the end) carries no data: decoding it would
  // only overwrite earlier scans with blank blocks.
  if (position >= bytes.length || (bytes[position] === 0xff && bytes[position + 1] !== 0x00)) return position;
  const reader = new BitReader(bytes, position);
  const state: ProgressiveState = { ss: scan.ss, se: scan.se, al: scan.al, eobrun: 0 };
  // One sequential block's coefficients, reused for every block (zeroed after each).
  const block = new Int16Array(64);
  // Where decodeSequential wrote in `block`: at most 64 entries (a damaged run cannot repeat one index).
  const written = new Uint8Array(64);
  // Progressive only: sequential blocks go through decodeSequential, which also reports where the block ends.
  const decodeBlock: BlockDecoder =
    scan.ss === 0 ? (scan.ah === 0 ? decodeDcFirst : decodeDcRefine) : scan.ah === 0 ? decodeAcFirst : decodeAcRefine;
  const sequential = !scan.progressive;
  const components = scan.components;
  for (const c of components) c.pred = 0;

  const single = components.length === 1;
  const first = components[0]!;
  // Every component of a frame has the same block size: 8, or 4/2/1 at a reduced scale.
  const scaled = first.blockSize < 8;
  // A reduced-size block's dequantized coefficients (decodeSequentialScaled), and the same bytes as doubles for clearCorner.
  const scaledBlock = new Int32Array(scaled ? 64 : 0);
  const corner = new Float64Array(scaledBlock.buffer);
  const mcusX = single ? first.widthInBlocks : scan.mcusX;
  const totalMcus = single ? first.widthInBlocks * first.heightInBlocks : scan.mcusX * scan.mcusY;
  const interval = scan.restartInterval > 0 ? scan.restartInterval : totalMcus;

  /** Decodes one block at block (row, col) of component `c`, or leaves it blank when the data ran out. */
  const doBlock = (c: Component, row: number, col: number): void => {
    if (sequential) {
      if (scaled) decodeScaledBlock(reader, c, scaledBlock, corner, c.planeOffset(row, col));
      else sequentialBlock(reader, c, block, written, row, col);
    } else if (!reader.exhausted()) {
      decodeBlock(reader, c, c.coefficients!, (row * c.blocksPerLine + col) * 64, state);
    }
  };

  const onMcuRow = scan.onMcuRow;
  // Interleaved sequential scans (nearly every baseline photo): the MCU's blocks as flat lists.
  const layout = sequential && !single ? mcuLayout(components) : null;
  let mcu = 0;
  while (mcu < totalMcus) {
    const end = Math.min(mcu + interval, totalMcus);
    if (layout !== null) {
      if (scaled) decodeScaledMcus(reader, layout, scaledBlock, corner, mcu, end, mcusX, onMcuRow);
      else decodeSequentialMcus(reader, layout, block, written, mcu, end, mcusX, onMcuRow);
      mcu = end;
    }
    for (; mcu < end; mcu++) {
      const mcuRow = (mcu / mcusX) | 0;
      const mcuCol = mcu - mcuRow * mcusX;
      if (single) {
        doBlock(first, mcuRow, mcuCol);
      } else {
        for (let i = 0; i < components.length; i++) {
          const c = components[i]!;
          for (let v = 0; v < c.v; v++) {
            for (let h = 0; h < c.h; h++) doBlock(c, mcuRow * c.v + v, mcuCol * c.h + h);
          }
        }
      }
      if (onMcuRow !== undefined && mcuCol === mcusX - 1) onMcuRow.mcuRowDone(mcuRow);
    }
    if (mcu >= totalMcus) break;
    // Restart: the next marker should be RSTn. Skip anything damaged before it, like libjpeg.
    const found = findMarker(bytes, reader.position);
    if (found !== null && found.marker >= RST0 && found.marker <= RST7) {
      reader.reset(found.next);
    } else {
      // No restart marker: the scan's data is over; the remaining blocks stay blank.
      reader.reset(found === null ? bytes.length : found.next - 2);
      reader.exhaust();
    }
    for (const c of components) c.pred = 0;
    state.eobrun = 0;
  }
  return reader.position;
}

/** The blocks of one interleaved MCU in coding order: component, and block row/column offset in it. */
interface McuLayout {
  components: Component[];
  dy: Int32Array;
  dx: Int32Array;
  /** decodeScaledMcus' plane offset of each block in the current MCU. */
  at: Int32Array;
}

function mcuLayout(components: Component[]): McuLayout {
  const list: Component[] = [];
  const dy: number[] = [];
  const dx: number[] = [];
  for (const c of components) {
    for (let v = 0; v < c.v; v++) {
      for (let h = 0; h < c.h; h++) {
        list.push(c);
        dy.push(v);
        dx.push(h);
      }
    }
  }
  return { components: list, dy: Int32Array.from(dy), dx: Int32Array.from(dx), at: new Int32Array(list.length) };
}

/**
 * One block of a sequential scan, decoded and inverse-transformed into block (row, col) of `c`'s
 * plane (blank when the data ran out). `block` is left all zero again: only the entries the
 * decoder lists in `written` are cleared.
 */
function sequentialBlock(reader: BitReader, c: Component, block: Int16Array, written: Uint8Array, row: number, col: number): void {
  const n = reader.exhausted() ? 1 : decodeSequential(reader, c, block, 0, written);
  if (n === 1) {
    c.storeFlatBlock(block[0]!, row, col);
    block[0] = 0;
  } else {
    // OR of the natural indexes written: bits 2 and 5 clear means every one has row and column < 4.
    let where = 0;
    for (let i = 1; i < n; i++) where |= written[i]!;
    if ((where & 0b100100) === 0) c.storeCornerBlock(block, 0, row, col);
    else c.storeBlock(block, 0, row, col);
    for (let i = 0; i < n; i++) block[written[i]!] = 0;
  }
}

/**
 * `sequentialBlock` for a reduced-size decode (block size 4, 2 or 1), into the plane at sample
 * offset `at`: see decodeSequentialScaled. `corner` is `block`'s bytes as doubles.
 */
function decodeScaledBlock(reader: BitReader, c: Component, block: Int32Array, corner: Float64Array, at: number): void {
  if (reader.exhausted()) {
    c.storeScaledFlatAt(0, at);
  } else if (decodeSequentialScaled(reader, c, block) === 0) {
    c.storeScaledFlatAt(block[0]!, at);
    block[0] = 0;
  } else {
    c.storeScaledBlockAt(block, at);
    clearCorner(corner);
  }
}

/** Zeroes the top-left 4×4 of a block of 64 Int32 coefficients seen as 32 doubles: eight stores instead of one per entry written. */
function clearCorner(corner: Float64Array): void {
  corner[0] = 0;
  corner[1] = 0;
  corner[4] = 0;
  corner[5] = 0;
  corner[8] = 0;
  corner[9] = 0;
  corner[12] = 0;
  corner[13] = 0;
}

/**
 * MCUs [from, to) of an interleaved sequential scan: what decodeScan's general loop does for them
 * (decode each block, inverse-transform it into its plane, report finished MCU rows), as one loop
 * over the MCU's block list, with the MCU row and column counted instead of divided out per MCU.
 */
function decodeSequentialMcus(
  reader: BitReader,
  layout: McuLayout,
  block: Int16Array,
  written: Uint8Array,
  from: number,
  to: number,
  mcusX: number,
  onMcuRow: { mcuRowDone(row: number): void } | undefined,
): void {
  const { components, dy, dx } = layout;
  const blocks = components.length;
  let mcuRow = (from / mcusX) | 0;
  let mcuCol = from - mcuRow * mcusX;
  for (let mcu = from; mcu < to; mcu++) {
    for (let b = 0; b < blocks; b++) {
      const c = components[b]!;
      sequentialBlock(reader, c, block, written, mcuRow * c.v + dy[b]!, mcuCol * c.h + dx[b]!);
    }
    if (++mcuCol === mcusX) {
      if (onMcuRow !== undefined) onMcuRow.mcuRowDone(mcuRow);
      mcuCol = 0;
      mcuRow++;
    }
  }
}

/**
 * `decodeSequentialMcus` for a reduced-size decode: each block through decodeScaledBlock, into its
 * plane at an offset kept per block of the MCU layout, set once per MCU row (the ring's `%` is a
 * division) and stepped per MCU.
 */
function decodeScaledMcus(
  reader: BitReader,
  layout: McuLayout,
  block: Int32Array,
  corner: Float64Array,
  from: number,
  to: number,
  mcusX: number,
  onMcuRow: { mcuRowDone(row: number): void } | undefined,
): void {
  const { components, at } = layout;
  const blocks = components.length;
  let mcuRow = (from / mcusX) | 0;
  let mcuCol = from - mcuRow * mcusX;
  scaledRowOffsets(layout, mcuRow, mcuCol);
  for (let mcu = from; mcu < to; mcu++) {
    for (let b = 0; b < blocks; b++) {
      const c = components[b]!;
      const offset = at[b]!;
      at[b] = offset + c.h * c.blockSize;
      decodeScaledBlock(reader, c, block, corner, offset);
    }
    if (++mcuCol === mcusX) {
      if (onMcuRow !== undefined) onMcuRow.mcuRowDone(mcuRow);
      mcuCol = 0;
      mcuRow++;
      scaledRowOffsets(layout, mcuRow, 0);
    }
  }
}

/** Sets `layout.at` to each block's plane offset in MCU (mcuRow, mcuCol) (ring planes: row modulo planeRows). */
function scaledRowOffsets(layout: McuLayout, mcuRow: number, mcuCol: number): void {
  const { components, dy, dx, at } = layout;
  for (let b = 0; b < components.length; b++) {
    const c = components[b]!;
    at[b] = c.planeOffset(mcuRow * c.v + dy[b]!, mcuCol * c.h + dx[b]!);
  }
}
