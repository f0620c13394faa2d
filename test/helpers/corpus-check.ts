/**
 * Runs every file of the corpus (test/corpus) through `decode` and judges the outcome against what the
 * file is known to be: decoded to the size and pixels of an independent decoder (sharp/libvips, or
 * libwebp's own MD5 list), refused with the right error code, or neither ("wrong").
 * Used by `npm run corpus` (a table) and by test/imaging/corpus.test.ts (zero wrong).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import sharp from 'sharp';
import { decode } from '../../src/imaging/decode.js';
import { isImageError, type ImageErrorCode } from '../../src/imaging/errors.js';
import type { Raster } from '../../src/imaging/raster.js';
import { CORPUS_DIR, corpusFiles } from './corpus.js';
import { referenceDecode } from './jpeg-reference.js';

/** A decoded picture may differ from libvips's by rounding (IDCT, upsampling, 16→8 bit): 2 per channel on average. */
export const MAX_MEAN_ABS_ERROR = 2;

type Expectation = { kind: 'decode' } | { kind: 'refuse'; codes: ImageErrorCode[] };

export interface CorpusRow {
  folder: string;
  file: string;
  expected: string;
  outcome: 'decoded' | 'refused' | 'wrong';
  detail: string;
}

const DECODED_FOLDERS = new Set(['jpg', 'png', 'gif', 'bmp', 'tiff', 'webp']);
const NOT_PICTURES = /\.(md5|md|txt|LICENSE|README)$|LICENSE|README/;

function expectationFor(rel: string): Expectation {
  const name = basename(rel);
  if (rel.startsWith('pngsuite/') && name.startsWith('x')) return { kind: 'refuse', codes: ['corrupt', 'truncated'] };
  if (rel === 'jpeg/black-6000x6000.jpg') return { kind: 'refuse', codes: ['too_large'] };
  if (rel.startsWith('formats/invalid/')) return { kind: 'refuse', codes: ['unsupported_format', 'corrupt', 'truncated'] };
  const m = /^formats\/valid\/([^/]+)\//.exec(rel);
  if (m && !DECODED_FOLDERS.has(m[1]!)) return { kind: 'refuse', codes: ['unsupported_format'] };
  return { kind: 'decode' };
}

/** MD5s of libwebp's PAM output, by file name (`NAME.webp`). */
function libwebpPamDigests(): Map<string, string> {
  const digests = new Map<string, string>();
  const text = readFileSync(join(CORPUS_DIR, 'webp/libwebp_tests.md5'), 'utf8');
  for (const line of text.split('\n')) {
    const [hash, file] = line.trim().split(/\s+/);
    if (hash && file?.endsWith('.webp.pam')) digests.set(file.slice(0, -'.pam'.length), hash);
  }
  return digests;
}

function pamDigest(r: Raster): string {
  const header = `P7\nWIDTH ${r.width}\nHEIGHT ${r.height}\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n`;
  return createHash('md5').update(header).update(r.data).digest('hex');
}

/** libvips's reading of the file as 8-bit RGBA, upright, ICC profiles ignored (our decoders return stored values, as browsers do without colour management); null when libvips cannot read it. */
async function sharpRaster(path: string): Promise<Raster | null> {
  try {
    // JPEG: libjpeg-turbo's own reading (CMYK without libvips's colour management — see jpeg-reference.ts).
    if (path.toLowerCase().endsWith('.jpg')) return await referenceDecode(readFileSync(path));
    const { data, info } = await sharp(path, { failOn: 'none', ignoreIcc: true }).rotate().ensureAlpha().toColourspace('srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) return null;
    return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  } catch {
    return null;
  }
}

function meanAbsError(a: Raster, b: Raster): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / a.data.length;
}

async function judge(path: string, rel: string, pam: Map<string, string>): Promise<Omit<CorpusRow, 'folder' | 'file'>> {
  const expectation = expectationFor(rel);
  const expected = expectation.kind === 'decode' ? 'decode' : `refuse (${expectation.codes.join('/')})`;
  let raster: Raster;
  try {
    raster = (await decode(readFileSync(path))).raster;
  } catch (err) {
    const code = isImageError(err) ? err.code : null;
    if (expectation.kind === 'refuse' && code && expectation.codes.includes(code)) return { expected, outcome: 'refused', detail: code };
    return { expected, outcome: 'wrong', detail: isImageError(err) ? `${err.code}: ${err.message}` : `untyped ${String(err)}` };
  }
  if (expectation.kind === 'refuse') return { expected, outcome: 'wrong', detail: `decoded ${raster.width}x${raster.height} but should be refused` };
  const digest = pam.get(basename(rel));
  if (rel.startsWith('webp/') && digest) {
    const ours = pamDigest(raster);
    return ours === digest
      ? { expected, outcome: 'decoded', detail: `${raster.width}x${raster.height}, PAM md5 matches libwebp` }
      : { expected, outcome: 'wrong', detail: `PAM md5 ${ours} differs from libwebp's ${digest}` };
  }
  const oracle = await sharpRaster(path);
  if (!oracle) return { expected, outcome: 'decoded', detail: `${raster.width}x${raster.height} (libvips cannot read it: no pixel oracle)` };
  if (oracle.width !== raster.width || oracle.height !== raster.height) {
    return { expected, outcome: 'wrong', detail: `size ${raster.width}x${raster.height}, libvips says ${oracle.width}x${oracle.height}` };
  }
  const mae = meanAbsError(raster, oracle);
  return mae <= MAX_MEAN_ABS_ERROR
    ? { expected, outcome: 'decoded', detail: `${raster.width}x${raster.height}, MAE ${mae.toFixed(2)} vs libvips` }
    : { expected, outcome: 'wrong', detail: `${raster.width}x${raster.height}, MAE ${mae.toFixed(2)} vs libvips (limit ${MAX_MEAN_ABS_ERROR})` };
}

/** Judges every picture file of the corpus, in a stable order. */
export async function checkCorpus(): Promise<CorpusRow[]> {
  const pam = libwebpPamDigests();
  const rows: CorpusRow[] = [];
  for (const path of corpusFiles()) {
    const rel = relative(CORPUS_DIR, path);
    if (NOT_PICTURES.test(basename(rel)) || rel.endsWith('.md5')) continue;
    const folder = rel.split('/').slice(0, -1).join('/');
    rows.push({ folder, file: rel, ...(await judge(path, rel, pam)) });
  }
  return rows;
}

/** Per folder: decoded / refused / wrong. */
export function summarise(rows: CorpusRow[]): Array<{ folder: string; decoded: number; refused: number; wrong: number }> {
  const byFolder = new Map<string, { folder: string; decoded: number; refused: number; wrong: number }>();
  for (const row of rows) {
    const s = byFolder.get(row.folder) ?? { folder: row.folder, decoded: 0, refused: 0, wrong: 0 };
    s[row.outcome]++;
    byFolder.set(row.folder, s);
  }
  return [...byFolder.values()];
}
