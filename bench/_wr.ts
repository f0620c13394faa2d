/**
 * Micro bench of Ycbcr420Shrinker's row writer on 1045 rows of 3072 -> 1568 pseudo-random sums:
 * v0 as it was, v1 with packed contributors, v2 also without the alpha store, v3/v4 without the
 * clamped stores / without the conversion (lower bounds, not exact); median CPU ms of 30
 * alternated rounds, then whether v1 and v2 wrote the same bytes as v0 (0 = same).
 *
 * Run: npx tsx bench/_wr.ts
 */
import { median } from './stats.js';
function contributors(sourceLength: number, targetLength: number) {
  let count = 1;
  for (let o = 0; o < targetLength; o++) { const f = Math.floor((o * sourceLength) / targetLength); const l = Math.floor(((o + 1) * sourceLength - 1) / targetLength); count = Math.max(count, l - f + 1); }
  const start = new Int32Array(targetLength); const weight = new Int32Array(targetLength * count);
  for (let o = 0; o < targetLength; o++) { const from = o * sourceLength; const to = from + sourceLength; const f = Math.floor(from / targetLength); const s = Math.min(f, sourceLength - count); start[o] = s;
    for (let j = 0; j < count; j++) { const i = s + j; weight[o * count + j] = Math.max(0, Math.min((i + 1) * targetLength, to) - Math.max(i * targetLength, from)); } }
  return { count, start, weight };
}
function halved(luma: any, length: number) {
  const half = (length + 1) >> 1; const outputs = luma.start.length; let count = 1;
  for (let o = 0; o < outputs; o++) { const s = luma.start[o]!; count = Math.max(count, ((s + luma.count - 1) >> 1) - (s >> 1) + 1); }
  const start = new Int32Array(outputs); const weight = new Int32Array(outputs * count);
  for (let o = 0; o < outputs; o++) { const s = luma.start[o]!; const first = Math.min(s >> 1, half - count); start[o] = first; for (let j = 0; j < luma.count; j++) weight[o * count + ((s + j) >> 1) - first] += luma.weight[o * luma.count + j]!; }
  return { count, start, weight };
}
const OPAQUE = 255;
function storeRgbOfYcbcr(out: Uint8ClampedArray, q: number, luma: number, cb: number, cr: number): void {
  out[q] = luma + 1.402 * cr; out[q + 1] = luma - 0.34414 * cb - 0.71414 * cr; out[q + 2] = luma + 1.772 * cb;
}
function v0(lumaSums: Int32Array, cbSums: Int32Array, crSums: Int32Array, columns: any, chromaColumns: any, bytes: Uint8Array, row: number, outWidth: number, weightPerOutput: number) {
  const out = new Uint8ClampedArray(bytes.buffer, bytes.byteOffset, bytes.length);
  const opaque = OPAQUE; const inverse = 1 / (opaque * weightPerOutput);
  const { start, weight } = columns; const chromaStart = chromaColumns.start; const chromaWeight = chromaColumns.weight;
  let q = row * outWidth * 4;
  for (let o = 0; o < outWidth; o++, q += 4) {
    const i = start[o]!; const w = o * 3;
    const s = lumaSums[i]! * weight[w]! + lumaSums[i + 1]! * weight[w + 1]! + lumaSums[i + 2]! * weight[w + 2]!;
    const c = chromaStart[o]!; const x0 = chromaWeight[2 * o]!; const x1 = chromaWeight[2 * o + 1]!;
    const sb = cbSums[c]! * x0 + cbSums[c + 1]! * x1; const sr = crSums[c]! * x0 + crSums[c + 1]! * x1;
    const luma = s * opaque * inverse; const cb = sb * opaque * inverse - 128; const cr = sr * opaque * inverse - 128;
    storeRgbOfYcbcr(out, q, luma, cb, cr); out[q + 3] = opaque;
  }
}
// packed taps: [i, w0, w1, w2, c, x0, x1, 0]
function pack(columns: any, chroma: any, outWidth: number) {
  const t = new Int32Array(outWidth * 8);
  for (let o = 0; o < outWidth; o++) { t[o*8] = columns.start[o]; t[o*8+1] = columns.weight[o*3]; t[o*8+2] = columns.weight[o*3+1]; t[o*8+3] = columns.weight[o*3+2]; t[o*8+4] = chroma.start[o]; t[o*8+5] = chroma.weight[o*2]; t[o*8+6] = chroma.weight[o*2+1]; }
  return t;
}
function v1(lumaSums: Int32Array, cbSums: Int32Array, crSums: Int32Array, taps: Int32Array, bytes: Uint8Array, row: number, outWidth: number, weightPerOutput: number) {
  const out = new Uint8ClampedArray(bytes.buffer, bytes.byteOffset, bytes.length);
  const opaque = OPAQUE; const inverse = 1 / (opaque * weightPerOutput);
  let q = row * outWidth * 4;
  for (let t = 0; t < outWidth * 8; t += 8, q += 4) {
    const i = taps[t]!;
    const s = lumaSums[i]! * taps[t + 1]! + lumaSums[i + 1]! * taps[t + 2]! + lumaSums[i + 2]! * taps[t + 3]!;
    const c = taps[t + 4]!; const x0 = taps[t + 5]!; const x1 = taps[t + 6]!;
    const sb = cbSums[c]! * x0 + cbSums[c + 1]! * x1; const sr = crSums[c]! * x0 + crSums[c + 1]! * x1;
    const luma = s * opaque * inverse; const cb = sb * opaque * inverse - 128; const cr = sr * opaque * inverse - 128;
    out[q] = luma + 1.402 * cr; out[q + 1] = luma - 0.34414 * cb - 0.71414 * cr; out[q + 2] = luma + 1.772 * cb;
    out[q + 3] = opaque;
  }
}
// v2: v1 without alpha store (prefilled)
function v2(lumaSums: Int32Array, cbSums: Int32Array, crSums: Int32Array, taps: Int32Array, bytes: Uint8Array, row: number, outWidth: number, weightPerOutput: number) {
  const out = new Uint8ClampedArray(bytes.buffer, bytes.byteOffset, bytes.length);
  const opaque = OPAQUE; const inverse = 1 / (opaque * weightPerOutput);
  let q = row * outWidth * 4;
  for (let t = 0; t < outWidth * 8; t += 8, q += 4) {
    const i = taps[t]!;
    const s = lumaSums[i]! * taps[t + 1]! + lumaSums[i + 1]! * taps[t + 2]! + lumaSums[i + 2]! * taps[t + 3]!;
    const c = taps[t + 4]!; const x0 = taps[t + 5]!; const x1 = taps[t + 6]!;
    const sb = cbSums[c]! * x0 + cbSums[c + 1]! * x1; const sr = crSums[c]! * x0 + crSums[c + 1]! * x1;
    const luma = s * opaque * inverse; const cb = sb * opaque * inverse - 128; const cr = sr * opaque * inverse - 128;
    out[q] = luma + 1.402 * cr; out[q + 1] = luma - 0.34414 * cb - 0.71414 * cr; out[q + 2] = luma + 1.772 * cb;
  }
}
function v3(lumaSums: Int32Array, cbSums: Int32Array, crSums: Int32Array, taps: Int32Array, out: Uint8Array, row: number, outWidth: number, weightPerOutput: number) {
  const opaque = OPAQUE; const inverse = 1 / (opaque * weightPerOutput);
  let q = row * outWidth * 4;
  for (let t = 0; t < outWidth * 8; t += 8, q += 4) {
    const i = taps[t]!;
    const s = lumaSums[i]! * taps[t + 1]! + lumaSums[i + 1]! * taps[t + 2]! + lumaSums[i + 2]! * taps[t + 3]!;
    const c = taps[t + 4]!; const x0 = taps[t + 5]!; const x1 = taps[t + 6]!;
    const sb = cbSums[c]! * x0 + cbSums[c + 1]! * x1; const sr = crSums[c]! * x0 + crSums[c + 1]! * x1;
    const luma = s * opaque * inverse; const cb = sb * opaque * inverse - 128; const cr = sr * opaque * inverse - 128;
    out[q] = (luma + 1.402 * cr) | 0; out[q + 1] = (luma - 0.34414 * cb - 0.71414 * cr) | 0; out[q + 2] = (luma + 1.772 * cb) | 0;
  }
}
function v4(lumaSums: Int32Array, cbSums: Int32Array, crSums: Int32Array, taps: Int32Array, out: Uint8Array, row: number, outWidth: number, weightPerOutput: number) {
  let q = row * outWidth * 4;
  for (let t = 0; t < outWidth * 8; t += 8, q += 4) {
    const i = taps[t]!;
    const s = lumaSums[i]! * taps[t + 1]! + lumaSums[i + 1]! * taps[t + 2]! + lumaSums[i + 2]! * taps[t + 3]!;
    const c = taps[t + 4]!; const x0 = taps[t + 5]!; const x1 = taps[t + 6]!;
    const sb = cbSums[c]! * x0 + cbSums[c + 1]! * x1; const sr = crSums[c]! * x0 + crSums[c + 1]! * x1;
    out[q] = s >> 24; out[q + 1] = sb >> 24; out[q + 2] = sr >> 24;
  }
}
const W = 3072, OW = 1568, OH = 1045, H = 2048;
const columns = contributors(W, OW), chroma = halved(columns, W), lines = contributors(H, OH);
const taps = pack(columns, chroma, OW);
let seed = 1; const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
const rowsL: Int32Array[] = [], rowsB: Int32Array[] = [], rowsR: Int32Array[] = [];
for (let r = 0; r < 16; r++) { const l = new Int32Array(W + 4), b = new Int32Array(W / 2 + 4), c = new Int32Array(W / 2 + 4);
  for (let x = 0; x < W; x++) l[x] = ((next() >>> 16) & 255) * 2048; for (let x = 0; x < W / 2; x++) { b[x] = (100 + ((next() >>> 16) & 63)) * 2048; c[x] = (90 + ((next() >>> 16) & 63)) * 2048; }
  rowsL.push(l); rowsB.push(b); rowsR.push(c); }
const outs = [new Uint8Array(OW * OH * 4), new Uint8Array(OW * OH * 4), new Uint8Array(OW * OH * 4).fill(255), new Uint8Array(OW * OH * 4), new Uint8Array(OW * OH * 4)];
const wpo = W * H;
const fns = [
  () => { for (let r = 0; r < OH; r++) v0(rowsL[r & 15]!, rowsB[r & 15]!, rowsR[r & 15]!, columns, chroma, outs[0]!, r, OW, wpo); },
  () => { for (let r = 0; r < OH; r++) v1(rowsL[r & 15]!, rowsB[r & 15]!, rowsR[r & 15]!, taps, outs[1]!, r, OW, wpo); },
  () => { for (let r = 0; r < OH; r++) v2(rowsL[r & 15]!, rowsB[r & 15]!, rowsR[r & 15]!, taps, outs[2]!, r, OW, wpo); },
  () => { for (let r = 0; r < OH; r++) v3(rowsL[r & 15]!, rowsB[r & 15]!, rowsR[r & 15]!, taps, outs[3]!, r, OW, wpo); },
  () => { for (let r = 0; r < OH; r++) v4(rowsL[r & 15]!, rowsB[r & 15]!, rowsR[r & 15]!, taps, outs[4]!, r, OW, wpo); },
];
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (const f of fns) for (let i = 0; i < 5; i++) f();
const t: number[][] = fns.map(() => []);
for (let r = 0; r < 30; r++) for (let s = 0; s < fns.length; s++) { const i = (r + s) % fns.length; const c = cpu(); fns[i]!(); t[i]!.push(cpu() - c); }
console.log(t.map(median).map((x) => x.toFixed(2)).join(' '), Buffer.compare(Buffer.from(outs[0]!), Buffer.from(outs[1]!)), Buffer.compare(Buffer.from(outs[0]!), Buffer.from(outs[2]!)));
