/**
 * A deliberately plain baseline JPEG encoder for tests: it can write what sharp cannot — any
 * sampling factors (4:1:1, 3×1, 1×2 …), restart intervals, 4-component Adobe CMYK — so the decoder
 * can be checked against libjpeg on them. Slow (float DCT) and only meant for small pictures.
 */

export interface EncodeSpec {
  width: number;
  height: number;
  /** Per pixel: 1 value (grey), 3 (R, G, B) or 4 (C, M, Y, K as stored) per `components.length`. */
  samples: (x: number, y: number) => number[];
  /** Sampling factors per component, e.g. [[2, 2], [1, 1], [1, 1]] for 4:2:0. */
  components: [number, number][];
  /** MCUs per restart interval (0 = no DRI). */
  restartInterval?: number;
  /** Write an Adobe APP14 marker with this transform flag (0 = none/CMYK, 1 = YCbCr). */
  adobeTransform?: number;
  /** One quantiser for all 64 coefficients; small keeps the reference comparison tight. */
  quantiser?: number;
}

/** The AC table covers all 256 symbols: 254 codes of 8 bits, 2 of 9 (the all-ones code stays unused). */
const AC_COUNTS = [0, 0, 0, 0, 0, 0, 0, 254, 2, 0, 0, 0, 0, 0, 0, 0];
/** The DC table: categories 0–11 (all 8-bit data needs), 4 bits each; libjpeg refuses DC symbols above 15. */
const DC_COUNTS = [0, 0, 0, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
function codeOf(symbol: number): { code: number; length: number } {
  return symbol < 254 ? { code: symbol, length: 8 } : { code: (254 << 1) + (symbol - 254), length: 9 };
}

const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35,
  42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

class BitWriter {
  readonly bytes: number[] = [];
  private buffer = 0;
  private count = 0;
  write(value: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) {
      this.buffer = (this.buffer << 1) | ((value >> i) & 1);
      if (++this.count === 8) this.flushByte();
    }
  }
  private flushByte(): void {
    this.bytes.push(this.buffer);
    if (this.buffer === 0xff) this.bytes.push(0); // byte stuffing
    this.buffer = 0;
    this.count = 0;
  }
  /** Pads the last byte with 1 bits, as the standard asks before a marker. */
  align(): void {
    while (this.count !== 0) this.write(1, 1);
  }
}

function category(value: number): number {
  let magnitude = Math.abs(value);
  let bits = 0;
  while (magnitude > 0) {
    bits++;
    magnitude >>= 1;
  }
  return bits;
}

function writeValue(writer: BitWriter, value: number, bits: number): void {
  if (bits > 0) writer.write(value < 0 ? value + (1 << bits) - 1 : value, bits);
}

function forwardDct(block: number[]): number[] {
  const out = new Array<number>(64).fill(0);
  for (let v = 0; v < 8; v++) {
    for (let u = 0; u < 8; u++) {
      let sum = 0;
      for (let y = 0; y < 8; y++) {
        for (let x = 0; x < 8; x++) {
          sum += block[y * 8 + x]! * Math.cos(((2 * x + 1) * u * Math.PI) / 16) * Math.cos(((2 * y + 1) * v * Math.PI) / 16);
        }
      }
      const cu = u === 0 ? Math.SQRT1_2 : 1;
      const cv = v === 0 ? Math.SQRT1_2 : 1;
      out[v * 8 + u] = (cu * cv * sum) / 4;
    }
  }
  return out;
}

function segment(marker: number, body: number[]): number[] {
  return [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
}

/**
 * Encodes a baseline JPEG per `spec`. Three components are converted RGB → YCbCr (JFIF), one or
 * four are written as given.
 *
 * @example
 * ```ts
 * encodeBaselineJpeg({ width: 17, height: 9, components: [[4, 1], [1, 1], [1, 1]], samples: (x, y) => [x * 15, y * 28, 128] });
 * ```
 */
export function encodeBaselineJpeg(spec: EncodeSpec): Uint8Array {
  const { width, height, components } = spec;
  const n = components.length;
  const q = spec.quantiser ?? 2;
  const maxH = Math.max(...components.map((c) => c[0]));
  const maxV = Math.max(...components.map((c) => c[1]));
  const mcusX = Math.ceil(width / (8 * maxH));
  const mcusY = Math.ceil(height / (8 * maxV));

  // Full-resolution component values, colour-converted.
  const full: Float64Array[] = components.map(() => new Float64Array(width * height));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const s = spec.samples(x, y);
      let values = s;
      if (n === 3) {
        const [r, g, b] = s as [number, number, number];
        values = [
          0.299 * r + 0.587 * g + 0.114 * b,
          -0.168736 * r - 0.331264 * g + 0.5 * b + 128,
          0.5 * r - 0.418688 * g - 0.081312 * b + 128,
        ];
      }
      for (let c = 0; c < n; c++) full[c]![y * width + x] = values[c]!;
    }
  }
  // Box-averaged downsampling; samples beyond the picture repeat its edge.
  const sample = (c: number, sx: number, sy: number): number => {
    const [h, v] = components[c]!;
    const fx = maxH / h;
    const fy = maxV / v;
    let sum = 0;
    let count = 0;
    for (let dy = 0; dy < fy; dy++) {
      for (let dx = 0; dx < fx; dx++) {
        const x = Math.min(Math.floor(sx * fx + dx), width - 1);
        const y = Math.min(Math.floor(sy * fy + dy), height - 1);
        sum += full[c]![y * width + x]!;
        count++;
      }
    }
    return sum / count;
  };

  const writer = new BitWriter();
  const predictors = new Array<number>(n).fill(0);
  const encodeBlock = (c: number, bx: number, by: number): void => {
    const block: number[] = [];
    for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) block.push(sample(c, bx * 8 + x, by * 8 + y) - 128);
    const coefficients = forwardDct(block).map((v) => Math.round(v / q));
    const dc = coefficients[0]!;
    const diff = dc - predictors[c]!;
    predictors[c] = dc;
    const dcBits = category(diff);
    writer.write(dcBits, 4);
    writeValue(writer, diff, dcBits);
    let run = 0;
    for (let k = 1; k < 64; k++) {
      const value = coefficients[ZIGZAG[k]!]!;
      if (value === 0) {
        run++;
        continue;
      }
      while (run > 15) {
        const zrl = codeOf(0xf0);
        writer.write(zrl.code, zrl.length);
        run -= 16;
      }
      const bits = category(value);
      const code = codeOf((run << 4) | bits);
      writer.write(code.code, code.length);
      writeValue(writer, value, bits);
      run = 0;
    }
    if (run > 0) {
      const eob = codeOf(0);
      writer.write(eob.code, eob.length);
    }
  };

  const interval = spec.restartInterval ?? 0;
  const single = n === 1;
  const blocksX = single ? Math.ceil(width / 8) : mcusX;
  const totalMcus = single ? blocksX * Math.ceil(height / 8) : mcusX * mcusY;
  let restarts = 0;
  for (let mcu = 0; mcu < totalMcus; mcu++) {
    if (interval > 0 && mcu > 0 && mcu % interval === 0) {
      writer.align();
      writer.bytes.push(0xff, 0xd0 + (restarts++ % 8));
      predictors.fill(0);
    }
    const row = Math.floor(mcu / blocksX);
    const col = mcu % blocksX;
    if (single) {
      encodeBlock(0, col, row);
      continue;
    }
    for (let c = 0; c < n; c++) {
      const [h, v] = components[c]!;
      for (let dy = 0; dy < v; dy++) for (let dx = 0; dx < h; dx++) encodeBlock(c, col * h + dx, row * v + dy);
    }
  }
  writer.align();

  const symbols = Array.from({ length: 256 }, (_, i) => i);
  const out: number[] = [0xff, 0xd8];
  if (n === 3) out.push(...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]));
  if (spec.adobeTransform !== undefined) {
    out.push(...segment(0xee, [0x41, 0x64, 0x6f, 0x62, 0x65, 0, 100, 0, 0, 0, 0, spec.adobeTransform]));
  }
  out.push(...segment(0xdb, [0, ...new Array<number>(64).fill(q)]));
  const sof = [8, height >> 8, height & 0xff, width >> 8, width & 0xff, n];
  components.forEach(([h, v], i) => sof.push(i + 1, (h << 4) | v, 0));
  out.push(...segment(0xc0, sof));
  out.push(...segment(0xc4, [0x00, ...DC_COUNTS, ...symbols.slice(0, 12)]));
  out.push(...segment(0xc4, [0x10, ...AC_COUNTS, ...symbols]));
  if (interval > 0) out.push(...segment(0xdd, [interval >> 8, interval & 0xff]));
  const sos = [n];
  components.forEach((_, i) => sos.push(i + 1, 0x00));
  sos.push(0, 63, 0);
  out.push(...segment(0xda, sos));
  out.push(...writer.bytes, 0xff, 0xd9);
  return new Uint8Array(out);
}
