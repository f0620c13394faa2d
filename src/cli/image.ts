/**
 * `encli image` — the picture tools on a local file: `info` (format, size, suggested split),
 * `split` (write each part of a collage) and `crop` (write one rectangle).
 *
 * Every argument is checked before the file is read, and every part is encoded before the first
 * one is written: bad input prints one line on stderr, exits 2 and leaves nothing behind.
 * Exit codes: 0 done, 1 could not write the output, 2 bad usage or bad input (unreadable file,
 * unsupported format, a picture over 25 megapixels, a collage that cannot be split as asked).
 * `--help` prints the usage on stdout (it was asked for; it is not an error) and exits 0; no
 * subcommand at all prints it on stderr and exits 2.
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { crop } from '../imaging/crop.js';
import { decode, type DecodedImage } from '../imaging/decode.js';
import { encodeFragment, type EncodedPicture } from '../imaging/encode.js';
import { ImageError } from '../imaging/errors.js';
import { DEFAULT_MAX_DIMENSION, MAX_MAX_DIMENSION } from '../imaging/limits.js';
import type { Box } from '../imaging/raster.js';
import { planSplit, type SplitPlan } from '../imaging/separators/index.js';
import { shrinkToFit } from '../imaging/shrink.js';
import { optionalPixelSpec } from '../tools/args.js';
import { ToolError } from '../tools/errors.js';
import { resolveCropBox } from '../tools/pictures/crop-box.js';
import { parseFlags, UsageError, type ParsedFlags } from './flags.js';

const USAGE = `usage:
  encli image info FILE [--json]
  encli image split FILE [--parts N] [--axis auto|horizontal|vertical|grid] [--part K]
                         [--max-dimension N] [--out DIR] [--json]
  encli image crop FILE [--x X] [--y Y] [--width W] [--height H] [--max-dimension N]
                        [--out FILE] [--json]

  info   format, size and the split the picture's own separators suggest
  split  cut a collage into its parts and write DIR/NAME-1.jpg, NAME-2.jpg, … (PNG for lossless
         sources); --parts N divides evenly when the separators do not give N parts
  crop   write one rectangle; X/Y/W/H in pixels or percentages ("50%"); W/H default to the far edge

  --max-dimension N  longest side of each written picture, 1..${MAX_MAX_DIMENSION} (default ${DEFAULT_MAX_DIMENSION}); larger parts
                     are shrunk by block averaging
  Flags take one or two dashes (-parts 3, --parts=3).
exit codes: 0 done, 1 could not write, 2 bad usage or bad input`;

/**
 * A local file is read whole before the header gate can look at it; 128 MiB covers an
 * uncompressed 25-megapixel BMP or TIFF (100 MiB of RGBA plus headers), the largest picture the
 * gate lets through anyway.
 */
const MAX_FILE_BYTES = 128 * 2 ** 20;

const MIN_PARTS = 2;
const MAX_PARTS = 16;

/** Bad input: reported on one line, exit 2, nothing written. */
class InputError extends Error {
  override readonly name = 'InputError';
}

/**
 * Runs `encli image <info|split|crop> …`; returns the exit code.
 *
 * @example
 * ```ts
 * process.exitCode = await runImage(['split', 'collage.jpg', '--out', 'parts', '--json']);
 * ```
 */
export async function runImage(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined) {
    process.stderr.write(USAGE + '\n');
    return 2;
  }
  if (['help', '-h', '-help', '--help'].includes(sub) || rest.some((a) => ['-h', '-help', '--help'].includes(a))) {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  try {
    switch (sub) {
      case 'info':
        return await runInfo(rest);
      case 'split':
        return await runSplit(rest);
      case 'crop':
        return await runCrop(rest);
      default:
        throw new UsageError(`unknown subcommand "${sub}"; use info, split or crop (encli image --help)`);
    }
  } catch (err) {
    if (err instanceof UsageError || err instanceof InputError || err instanceof ToolError || isInputImageError(err)) {
      process.stderr.write(`encli image ${sub}: ${oneLine(err)}\n`);
      return 2;
    }
    process.stderr.write(`encli image ${sub}: ${oneLine(err)}\n`);
    return 1;
  }
}

function isInputImageError(err: unknown): boolean {
  return err instanceof ImageError && err.code !== 'encode_failed';
}

function oneLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).replace(/\s*\n\s*/g, ' ');
}

// -------------------------------------------------------------------------------------------------
// Subcommands

async function runInfo(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { json: { type: 'boolean' } });
  const file = onlyFile(positionals);
  const { bytes, image } = await load(file);
  const plan = planSplit(image.raster);
  const result: Record<string, unknown> = {
    file,
    format: image.header.format,
    width: image.raster.width,
    height: image.raster.height,
    bytes: bytes.length,
  };
  const turned = image.header.orientation !== undefined && image.header.orientation !== 1;
  if (turned) result.exif_orientation = image.header.orientation;
  if (plan.ok) {
    result.suggested_split = { axis: plan.axis, method: plan.method, parts: plan.parts, reason: plan.reason };
    result.note = `This looks like ${plan.parts.length} pictures pasted into one file; "encli image split" writes each part on its own.`;
  } else {
    result.note = `${plan.reason}. Look at the picture whole, or use "encli image crop" for a detail of it.`;
  }
  if (flags.json) {
    process.stdout.write(JSON.stringify(result, null, 2) + '\n');
    return 0;
  }
  const upright = turned ? ` (turned upright by EXIF orientation ${image.header.orientation})` : '';
  const lines = [`${file}: ${image.header.format.toUpperCase()} ${image.raster.width}x${image.raster.height}${upright}, ${bytes.length} bytes`];
  if (plan.ok) {
    lines.push(`suggested split: ${plan.parts.length} parts, ${plan.axis}, ${plan.method}`, `  why: ${plan.reason}`);
    plan.parts.forEach((b, i) => lines.push(`  part ${i + 1}: ${describeBox(b)}`));
  }
  lines.push(String(result.note));
  process.stdout.write(lines.join('\n') + '\n');
  return 0;
}

async function runSplit(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, {
    parts: { type: 'string' },
    axis: { type: 'string', choices: ['auto', 'horizontal', 'vertical', 'grid'] },
    part: { type: 'string' },
    'max-dimension': { type: 'string' },
    out: { type: 'string', aliases: ['o'] },
    json: { type: 'boolean' },
  });
  const file = onlyFile(positionals);
  const parts = integerFlag(flags, 'parts', MIN_PARTS, MAX_PARTS, (n) => `parts has to be between ${MIN_PARTS} and ${MAX_PARTS}, got ${n}`);
  const part = integerFlag(flags, 'part', 1, MAX_PARTS, (n) => (n < 1 ? `part is 1-based, got ${n}` : `part ${n} does not exist; a split returns at most ${MAX_PARTS} parts`));
  const maxDimension = maxDimensionFlag(flags);
  const axis = (flags.axis as 'auto' | 'horizontal' | 'vertical' | 'grid' | undefined) ?? 'auto';
  const outDir = typeof flags.out === 'string' ? flags.out : '.';

  const { image } = await load(file);
  const plan: SplitPlan = planSplit(image.raster, parts === undefined ? { axis } : { axis, parts });
  if (!plan.ok) throw new InputError(plan.reason);
  if (part !== undefined && part > plan.parts.length) {
    throw new InputError(`part ${part} does not exist; this picture splits into ${plan.parts.length} parts`);
  }

  // Encode everything first: a failure must leave no half-written set of parts behind.
  const stem = basename(file, extname(file));
  const rendered = [];
  for (const [i, box] of plan.parts.entries()) {
    if (part !== undefined && part !== i + 1) continue;
    const fragment = await render(image, box, maxDimension);
    rendered.push({ index: i + 1, box, fragment, file: join(outDir, `${stem}-${i + 1}.${extensionOf(fragment.encoded)}`) });
  }
  await mkdir(outDir, { recursive: true });
  for (const r of rendered) await writeFile(r.file, r.fragment.encoded.bytes);

  if (flags.json) {
    const result = {
      source: { width: image.raster.width, height: image.raster.height },
      axis: plan.axis,
      method: plan.method,
      parts: rendered.map((r) => ({ index: r.index, box: r.box, returned_width: r.fragment.width, returned_height: r.fragment.height, file: r.file })),
    };
    process.stdout.write(JSON.stringify(result, null, 2) + '\n');
    return 0;
  }
  const lines = [`${file}: ${plan.parts.length} parts, ${plan.axis}, ${plan.method}`];
  for (const r of rendered) lines.push(`  part ${r.index}: ${describeBox(r.box)} -> ${r.file} (${r.fragment.width}x${r.fragment.height})`);
  if (plan.method === 'equal') lines.push('No separators matching that many parts were found, so the picture was divided evenly and a cut may run through content.');
  process.stdout.write(lines.join('\n') + '\n');
  return 0;
}

async function runCrop(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, {
    x: { type: 'string' },
    y: { type: 'string' },
    width: { type: 'string', aliases: ['w'] },
    height: { type: 'string', aliases: ['h'] },
    'max-dimension': { type: 'string' },
    out: { type: 'string', aliases: ['o'] },
    json: { type: 'boolean' },
  });
  const file = onlyFile(positionals);
  const request = {
    x: optionalPixelSpec(flags, 'x'),
    y: optionalPixelSpec(flags, 'y'),
    width: optionalPixelSpec(flags, 'width'),
    height: optionalPixelSpec(flags, 'height'),
  };
  const maxDimension = maxDimensionFlag(flags);

  const { image } = await load(file);
  const box = resolveCropBox(dropUndefined(request), image.raster.width, image.raster.height);
  const fragment = await render(image, box, maxDimension);
  const out = withExtension(typeof flags.out === 'string' ? flags.out : `${basename(file, extname(file))}-crop`, extensionOf(fragment.encoded));
  await writeFile(out, fragment.encoded.bytes);

  if (flags.json) {
    const result = {
      source: { width: image.raster.width, height: image.raster.height },
      crop: box,
      returned_width: fragment.width,
      returned_height: fragment.height,
      file: out,
    };
    process.stdout.write(JSON.stringify(result, null, 2) + '\n');
  } else {
    process.stdout.write(`${file}: crop ${describeBox(box)} -> ${out} (${fragment.width}x${fragment.height})\n`);
  }
  return 0;
}

// -------------------------------------------------------------------------------------------------
// Helpers

function onlyFile(positionals: string[]): string {
  if (positionals.length === 0) throw new UsageError('missing FILE (encli image --help)');
  if (positionals.length > 1) throw new UsageError(`expected one FILE, got ${positionals.length}: ${positionals.join(' ')}`);
  return positionals[0]!;
}

/** An optional integer flag in [min, max]; out of range → `outOfRange(n)`, not a number → usage error. */
function integerFlag(flags: ParsedFlags, name: string, min: number, max: number, outOfRange: (n: number) => string): number | undefined {
  const raw = flags[name];
  if (typeof raw !== 'string') return undefined;
  if (!/^[+-]?\d{1,9}$/.test(raw.trim())) throw new UsageError(`--${name} takes a whole number, not "${raw}"`);
  const n = Number(raw.trim());
  if (n < min || n > max) throw new UsageError(outOfRange(n));
  return n;
}

function maxDimensionFlag(flags: ParsedFlags): number {
  return (
    integerFlag(flags, 'max-dimension', 1, MAX_MAX_DIMENSION, (n) => `max_dimension has to be between 1 and ${MAX_MAX_DIMENSION} pixels, got ${n}`) ??
    DEFAULT_MAX_DIMENSION
  );
}

/** Reads and decodes a local picture; every failure is bad input (exit 2). */
async function load(file: string): Promise<{ bytes: Uint8Array; image: DecodedImage }> {
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new InputError(`${file} is not a file`);
    size = info.size;
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new InputError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : oneLine(err)}`);
  }
  if (size === 0) throw new InputError(`${file} is empty`);
  if (size > MAX_FILE_BYTES) throw new InputError(`${file} is ${size} bytes; pictures over ${MAX_FILE_BYTES} bytes are refused`);
  const bytes = new Uint8Array(await readFile(file));
  try {
    return { bytes, image: await decode(bytes) };
  } catch (err) {
    if (err instanceof ImageError) throw new InputError(`${file}: ${oneLine(err)}`);
    throw err;
  }
}

interface RenderedPart {
  encoded: EncodedPicture;
  width: number;
  height: number;
}

/** Crop at full resolution, shrink by block averaging to the limit, re-encode. */
async function render(image: DecodedImage, box: Box, maxDimension: number): Promise<RenderedPart> {
  const fitted = shrinkToFit(crop(image.raster, box), maxDimension);
  const encoded = await encodeFragment(fitted, { format: image.header.format, lossy: image.header.lossy });
  return { encoded, width: fitted.width, height: fitted.height };
}

function extensionOf(encoded: EncodedPicture): string {
  return encoded.format === 'jpeg' ? 'jpg' : 'png';
}

/** Gives `path` the extension of what is written in it (a PNG never lands in "x.jpg"). */
function withExtension(path: string, ext: string): string {
  const current = extname(path).toLowerCase();
  if (current === `.${ext}` || (ext === 'jpg' && current === '.jpeg')) return path;
  if (['.jpg', '.jpeg', '.png'].includes(current)) return path.slice(0, -current.length) + `.${ext}`;
  return `${path}.${ext}`;
}

function describeBox(b: Box): string {
  return `x=${b.x} y=${b.y} ${b.width}x${b.height}`;
}

function dropUndefined<T extends object>(o: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}
