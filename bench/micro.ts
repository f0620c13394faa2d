/** Focused measurements beside the end-to-end job: header refusal time and JPEG encoders head to head. */
import jpeg from 'jpeg-js';
import sharp from 'sharp';
import { probe } from '../src/imaging/decode.js';
import { encodeJpeg } from '../src/imaging/encoders/jpeg.js';
import { isImageError } from '../src/imaging/errors.js';
import type { Raster } from '../src/imaging/raster.js';
import { cpuMs } from './runners/types.js';
import { median } from './stats.js';

/** CRC-32 (PNG polynomial), enough to make a header every PNG reader accepts. */
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A PNG that is only a signature and an IHDR declaring width × height RGBA. */
function pngHeader(width: number, height: number): Uint8Array {
  const ihdr = new Uint8Array(17);
  const view = new DataView(ihdr.buffer);
  ihdr.set([0x49, 0x48, 0x44, 0x52]);
  view.setUint32(4, width);
  view.setUint32(8, height);
  ihdr.set([8, 6, 0, 0, 0], 12);
  const out = new Uint8Array(8 + 4 + 17 + 4);
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  new DataView(out.buffer).setUint32(8, 13);
  out.set(ihdr, 12);
  new DataView(out.buffer).setUint32(29, crc32(ihdr));
  return out;
}

/** Median time in ms for probe() to refuse a 100000×100000 PNG header (must be `too_large`). */
export function headerRefusalMs(): { medianMs: number; code: string } {
  const bytes = pngHeader(100_000, 100_000);
  const times: number[] = [];
  let code = 'none';
  for (let i = 0; i < 2000; i++) {
    const t = performance.now();
    try {
      probe(bytes);
    } catch (err) {
      code = isImageError(err) ? err.code : String(err);
    }
    times.push(performance.now() - t);
  }
  return { medianMs: median(times.slice(200)), code };
}

export interface EncoderFigures {
  width: number;
  height: number;
  mpPerSecond: Record<string, number>;
  /** MP per second of process CPU time (sharp's worker threads included). */
  mpPerCpuSecond: Record<string, number>;
  bytes: Record<string, number>;
}

/** Encodes one raster with ours (4:2:0 and 4:4:4), jpeg-js and sharp at q90, alternating, median of 10 after warm-up. */
export async function encoderShootout(raster: Raster): Promise<EncoderFigures> {
  const buffer = Buffer.from(raster.data.buffer, raster.data.byteOffset, raster.data.byteLength);
  const contenders: Record<string, () => Promise<Uint8Array> | Uint8Array> = {
    'ours 4:2:0': () => encodeJpeg(raster, { quality: 90, subsampling: '420' }),
    'ours 4:4:4': () => encodeJpeg(raster, { quality: 90, subsampling: '444' }),
    'jpeg-js (4:4:4)': () => jpeg.encode({ width: raster.width, height: raster.height, data: buffer }, 90).data,
    'sharp 4:2:0': () => sharp(buffer, { raw: { width: raster.width, height: raster.height, channels: 4 } }).jpeg({ quality: 90 }).toBuffer(),
    'sharp 4:4:4': () =>
      sharp(buffer, { raw: { width: raster.width, height: raster.height, channels: 4 } }).jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer(),
  };
  const times: Record<string, number[]> = {};
  const cpuTimes: Record<string, number[]> = {};
  const bytes: Record<string, number> = {};
  for (let round = 0; round < 12; round++) {
    for (const [name, run] of Object.entries(contenders)) {
      const c = cpuMs();
      const t = performance.now();
      const out = await run();
      const ms = performance.now() - t;
      // The first two rounds are warm-up (JIT, libvips caches).
      if (round >= 2) {
        (times[name] ??= []).push(ms);
        (cpuTimes[name] ??= []).push(cpuMs() - c);
      }
      bytes[name] = out.length;
    }
  }
  const mp = (raster.width * raster.height) / 1e6;
  const mpPerSecond: Record<string, number> = {};
  const mpPerCpuSecond: Record<string, number> = {};
  for (const [name, list] of Object.entries(times)) mpPerSecond[name] = mp / (median(list) / 1000);
  for (const [name, list] of Object.entries(cpuTimes)) mpPerCpuSecond[name] = mp / (median(list) / 1000);
  return { width: raster.width, height: raster.height, mpPerSecond, mpPerCpuSecond, bytes };
}
