/**
 * `encli image` — the picture tools on a local file: `info` (format, size, suggested split),
 * `split` (write each part of a collage) and `crop` (write one rectangle).
 *
 * Every argument is checked before the file is read, and every part is encoded and every target
 * checked before the first one is written: bad input prints one line (or a JSON error with
 * `--json`), exits 2 and leaves nothing behind. Existing files are never overwritten without
 * `--force`. Exit codes: 0 done, 1 an unexpected failure, 2 bad usage, bad input (unreadable
 * file, unsupported format, a picture over the pixel limit, a collage that cannot be split as
 * asked, a crop outside the picture) or a file-system failure (missing folder, no permission).
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, sep } from 'node:path';
import { decode, type DecodedImage } from '../imaging/decode.js';
import type { EncodedPicture } from '../imaging/encode.js';
import { renderPart } from '../imaging/render.js';
import { ImageError } from '../imaging/errors.js';
import { DEFAULT_MAX_DIMENSION, MAX_MAX_DIMENSION } from '../imaging/limits.js';
import type { Box } from '../imaging/raster.js';
import { planSplit, type SplitPlan } from '../imaging/separators/index.js';
import { optionalPixelSpec, resolvePixelSpec, type PixelSpec } from '../tools/args.js';
import { FileSystemError, InputError, fileSystemMessage, reportFailure, wantsJson } from './failure.js';
import { parseFlags, UsageError, type FlagSpecs, type ParsedFlags } from './flags.js';
import { FLAG_SPELLING_NOTE, asksForHelp, flagTable, type CliCommand } from './help.js';

/**
 * A local file is read whole before the header gate can look at it; 128 MiB covers an
 * uncompressed 25-megapixel BMP or TIFF (100 MiB of RGBA plus headers), the largest picture the
 * gate lets through anyway.
 */
const MAX_FILE_BYTES = 128 * 2 ** 20;

const MIN_PARTS = 2;
const MAX_PARTS = 16;

const JSON_FLAG = { type: 'boolean', description: 'print the result as JSON on stdout (errors too, as {"error": {kind, message}})' } as const;
const MAX_DIMENSION_FLAG = {
  type: 'string',
  value: 'N',
  description: `longest side of each written picture, 1..${MAX_MAX_DIMENSION}; larger pictures are shrunk by block averaging`,
  default: String(DEFAULT_MAX_DIMENSION),
} as const;
const FORCE_FLAG = { type: 'boolean', description: 'overwrite files that already exist' } as const;

const INFO_FLAGS: FlagSpecs = { json: JSON_FLAG };

const SPLIT_FLAGS: FlagSpecs = {
  parts: {
    type: 'string',
    value: 'N',
    description: `how many parts to expect, ${MIN_PARTS}..${MAX_PARTS}; when the separators do not give N parts the picture is divided evenly`,
    default: 'as many as the separators give',
  },
  axis: {
    type: 'string',
    choices: ['auto', 'horizontal', 'vertical', 'grid'],
    value: 'AXIS',
    description: 'auto, horizontal (side by side), vertical (stacked) or grid (rows and columns)',
    default: 'auto',
  },
  part: { type: 'string', value: 'K', description: 'write only part K (1-based, in reading order)', default: 'all parts' },
  'max-dimension': MAX_DIMENSION_FLAG,
  out: { type: 'string', value: 'DIR', aliases: ['o'], description: 'folder for the parts, created when missing; files are named NAME-1.jpg, NAME-2.jpg, …', default: 'the current folder' },
  force: FORCE_FLAG,
  json: JSON_FLAG,
};

const CROP_FLAGS: FlagSpecs = {
  x: { type: 'string', value: 'X', description: 'left edge, in pixels (120) or a percentage of the width (25%)', default: '0' },
  y: { type: 'string', value: 'Y', description: 'top edge, in pixels or a percentage of the height', default: '0' },
  width: { type: 'string', value: 'W', description: 'width, in pixels or a percentage of the width', default: 'to the right edge' },
  height: { type: 'string', value: 'H', description: 'height, in pixels or a percentage of the height', default: 'to the bottom edge' },
  'max-dimension': MAX_DIMENSION_FLAG,
  out: {
    type: 'string',
    value: 'FILE|DIR',
    aliases: ['o'],
    description: 'where to write: FILE.png or FILE.jpg/.jpeg is written in that format; an existing folder (or a path ending in /) gets NAME-crop.EXT',
    default: 'NAME-crop.jpg (or .png for a lossless source) in the current folder',
  },
  force: FORCE_FLAG,
  json: JSON_FLAG,
};

const FORMAT_NOTE = 'Pictures cut from lossy sources (JPEG, lossy WebP) are written as JPEG, from lossless ones as PNG.';

const HELP: Record<'info' | 'split' | 'crop', string> = {
  info: `usage: encli image info FILE [flags]

Prints the picture's format, size (upright, after EXIF orientation), byte count and the split its
own separators suggest. Reads JPEG, PNG, GIF, WebP, BMP and TIFF.

flags:
${flagTable(INFO_FLAGS)}

${FLAG_SPELLING_NOTE}
exit codes: 0 done, 2 bad usage or a file that cannot be read as a picture`,
  split: `usage: encli image split FILE [flags]

Cuts a collage (pictures pasted side by side, stacked or in a grid) into its parts and writes each
one as DIR/NAME-K.EXT. Nothing is written unless every part can be, and no file is overwritten
without --force.
${FORMAT_NOTE}

flags:
${flagTable(SPLIT_FLAGS)}

${FLAG_SPELLING_NOTE}
exit codes: 0 done, 1 unexpected failure, 2 bad usage, bad input or a file-system failure`,
  crop: `usage: encli image crop FILE [flags]

Writes one rectangle of the picture. The rectangle must lie inside the picture (the error says the
picture's size). --out FILE.png or FILE.jpg chooses the format; otherwise:
${FORMAT_NOTE}

flags:
${flagTable(CROP_FLAGS)}

${FLAG_SPELLING_NOTE}
exit codes: 0 done, 1 unexpected failure, 2 bad usage, bad input or a file-system failure`,
};

const OVERVIEW = `usage: encli image <info|split|crop> FILE [flags]

  info   format, size and the split the picture's own separators suggest
  split  cut a collage into its parts and write each one
  crop   write one rectangle of the picture

Run "encli image <subcommand> --help" (or "encli help image <subcommand>") for its flags.`;

/**
 * The help of `encli image` or of one of its subcommands.
 *
 * @example
 * ```ts
 * imageHelp(['crop']); // the crop usage with every flag and its default
 * ```
 */
export function imageHelp(path: readonly string[]): string {
  const sub = path[0];
  return sub === 'info' || sub === 'split' || sub === 'crop' ? HELP[sub] : OVERVIEW;
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
    process.stderr.write(OVERVIEW + '\n');
    return 2;
  }
  if (sub === 'help' || asksForHelp(argv)) {
    process.stdout.write(imageHelp(sub === 'help' ? rest : [sub]) + '\n');
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
    return reportFailure(`encli image ${sub}`, err, wantsJson(rest));
  }
}

/** `encli image`, for the command table. */
export const imageCommand: CliCommand = { help: imageHelp, run: runImage };

// -------------------------------------------------------------------------------------------------
// Subcommands

async function runInfo(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, INFO_FLAGS);
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
  const { flags, positionals } = parseFlags(argv, SPLIT_FLAGS);
  const file = onlyFile(positionals);
  const parts = integerFlag(flags, 'parts', MIN_PARTS, MAX_PARTS, (n) => `--parts has to be between ${MIN_PARTS} and ${MAX_PARTS}, got ${n}`);
  const part = integerFlag(flags, 'part', 1, MAX_PARTS, (n) => (n < 1 ? `--part counts from 1, got ${n}` : `--part ${n} does not exist; a split gives at most ${MAX_PARTS} parts`));
  const maxDimension = maxDimensionFlag(flags);
  const axis = (flags.axis as 'auto' | 'horizontal' | 'vertical' | 'grid' | undefined) ?? 'auto';
  const outDir = typeof flags.out === 'string' ? flags.out : '.';
  await assertNotAFile(outDir);

  const { image } = await load(file);
  const plan: SplitPlan = planSplit(image.raster, parts === undefined ? { axis } : { axis, parts });
  if (!plan.ok) throw new InputError(plan.reason);
  if (part !== undefined && part > plan.parts.length) {
    throw new InputError(`--part ${part} does not exist; this picture splits into ${plan.parts.length} parts`);
  }

  // Encode and check every target first: a failure must leave no half-written set of parts behind.
  const stem = basename(file, extname(file));
  const rendered = [];
  for (const [i, box] of plan.parts.entries()) {
    if (part !== undefined && part !== i + 1) continue;
    const fragment = await render(image, box, maxDimension, 'auto');
    rendered.push({ index: i + 1, box, fragment, file: join(outDir, `${stem}-${i + 1}.${extensionOf(fragment.encoded)}`) });
  }
  if (flags.force !== true) for (const r of rendered) await assertFree(r.file);
  try {
    await mkdir(outDir, { recursive: true });
  } catch (err) {
    throw new FileSystemError(fileSystemMessage(err as NodeJS.ErrnoException, 'create the folder', outDir));
  }
  for (const r of rendered) await writeOutput(r.file, r.fragment.encoded.bytes, flags.force === true);

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
  const { flags, positionals } = parseFlags(argv, CROP_FLAGS);
  const file = onlyFile(positionals);
  const request = {
    x: pixelFlag(flags, 'x'),
    y: pixelFlag(flags, 'y'),
    width: pixelFlag(flags, 'width'),
    height: pixelFlag(flags, 'height'),
  };
  const maxDimension = maxDimensionFlag(flags);
  const target = await outputTarget(typeof flags.out === 'string' ? flags.out : undefined, `${basename(file, extname(file))}-crop`);

  if (flags.force !== true && target.format !== 'auto') await assertFree(target.file(''));

  const { image } = await load(file);
  const box = cropBox(request, image.raster.width, image.raster.height);
  const fragment = await render(image, box, maxDimension, target.format);
  const out = target.file(extensionOf(fragment.encoded));
  await writeOutput(out, fragment.encoded.bytes, flags.force === true);

  if (flags.json) {
    const result = {
      source: { width: image.raster.width, height: image.raster.height },
      crop: box,
      returned_width: fragment.width,
      returned_height: fragment.height,
      format: fragment.encoded.format,
      file: out,
    };
    process.stdout.write(JSON.stringify(result, null, 2) + '\n');
  } else {
    process.stdout.write(`${file}: crop ${describeBox(box)} -> ${out} (${fragment.width}x${fragment.height})\n`);
  }
  return 0;
}

// -------------------------------------------------------------------------------------------------
// Arguments

function onlyFile(positionals: string[]): string {
  if (positionals.length === 0) throw new UsageError('missing FILE (see --help)');
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
    integerFlag(flags, 'max-dimension', 1, MAX_MAX_DIMENSION, (n) => `--max-dimension has to be between 1 and ${MAX_MAX_DIMENSION} pixels, got ${n}`) ??
    DEFAULT_MAX_DIMENSION
  );
}

/** `--x 120` or `--x 25%`; a percentage outside 0..100 or a negative count is refused here, before the file is read. */
function pixelFlag(flags: ParsedFlags, name: 'x' | 'y' | 'width' | 'height'): PixelSpec | undefined {
  let spec: PixelSpec | undefined;
  try {
    spec = optionalPixelSpec(flags, name);
  } catch {
    throw new UsageError(`--${name} takes a pixel count (120) or a percentage of the picture (25%), not "${String(flags[name])}"`);
  }
  if (spec === undefined) return undefined;
  const edge = name === 'x' || name === 'y';
  if (spec.kind === 'percent' && (spec.value < 0 || spec.value > 100 || (edge ? spec.value === 100 : spec.value === 0))) {
    throw new UsageError(`--${name} ${String(flags[name])} is outside the picture: a percentage for --${name} runs from ${edge ? '0% up to, not including, 100%' : 'above 0% up to 100%'}`);
  }
  if (spec.kind === 'pixels' && (spec.value < 0 || (!edge && spec.value === 0))) {
    throw new UsageError(`--${name} ${String(flags[name])}: ${edge ? 'coordinates start at 0' : 'a size has to be at least 1 pixel'}`);
  }
  return spec;
}

/** The crop in pixels; a box reaching past the picture is an error naming the picture's size (never trimmed silently). */
function cropBox(request: Partial<Record<'x' | 'y' | 'width' | 'height', PixelSpec>>, pictureWidth: number, pictureHeight: number): Box {
  const x = request.x ? resolvePixelSpec(request.x, pictureWidth) : 0;
  const y = request.y ? resolvePixelSpec(request.y, pictureHeight) : 0;
  const size = `the picture is ${pictureWidth}x${pictureHeight}`;
  if (x >= pictureWidth) throw new InputError(`--x ${x} is past the right edge: ${size}`);
  if (y >= pictureHeight) throw new InputError(`--y ${y} is past the bottom edge: ${size}`);
  const width = request.width ? resolvePixelSpec(request.width, pictureWidth) : pictureWidth - x;
  const height = request.height ? resolvePixelSpec(request.height, pictureHeight) : pictureHeight - y;
  if (width < 1 || height < 1) throw new InputError(`the crop ${width}x${height} is empty (a percentage rounded to 0 pixels): ${size}`);
  if (x + width > pictureWidth) {
    throw new InputError(`the crop reaches past the right edge (--x ${x} + --width ${width} = ${x + width}): ${size}; the widest crop at --x ${x} is --width ${pictureWidth - x}`);
  }
  if (y + height > pictureHeight) {
    throw new InputError(`the crop reaches past the bottom edge (--y ${y} + --height ${height} = ${y + height}): ${size}; the tallest crop at --y ${y} is --height ${pictureHeight - y}`);
  }
  return { x, y, width, height };
}

// -------------------------------------------------------------------------------------------------
// Files

/** What `--out` asks for: a format (from the extension) or 'auto', and the file name once the format is known. */
interface OutputTarget {
  format: 'auto' | 'jpeg' | 'png';
  file(extension: string): string;
}

const EXTENSION_FORMATS: Record<string, 'jpeg' | 'png'> = { '.jpg': 'jpeg', '.jpeg': 'jpeg', '.png': 'png' };

/**
 * Reads `--out` for a single picture: an existing folder (or a path ending in a separator) gets
 * `stem.EXT` inside it; `NAME.png` / `NAME.jpg` / `NAME.jpeg` is written in that format, as named;
 * any other name is refused rather than given an extension the user did not ask for.
 */
async function outputTarget(out: string | undefined, stem: string): Promise<OutputTarget> {
  if (out === undefined) return { format: 'auto', file: (ext) => `${stem}.${ext}` };
  const isFolder = out.endsWith('/') || out.endsWith(sep) || (await stat(out).catch(() => null))?.isDirectory() === true;
  if (isFolder) {
    await assertFolder(out);
    return { format: 'auto', file: (ext) => join(out, `${stem}.${ext}`) };
  }
  const extension = extname(out).toLowerCase();
  const format = EXTENSION_FORMATS[extension];
  if (!format) {
    throw new UsageError(
      extension
        ? `--out ${out}: encli writes JPEG (.jpg, .jpeg) or PNG (.png), not ${extension}`
        : `--out ${out} is neither an existing folder nor a .jpg, .jpeg or .png file name (end a new folder's name with /)`,
    );
  }
  await assertFolder(dirname(out));
  return { format, file: () => out };
}

/** The folder exists (a missing output folder is one clear line, not a raw ENOENT). */
async function assertFolder(folder: string): Promise<void> {
  const info = await stat(folder).catch(() => null);
  if (!info) throw new FileSystemError(`cannot write into ${folder}: no such folder`);
  if (!info.isDirectory()) throw new FileSystemError(`cannot write into ${folder}: it is a file, not a folder`);
}

/** `--out DIR` of split must not name an existing file. */
async function assertNotAFile(folder: string): Promise<void> {
  const info = await stat(folder).catch(() => null);
  if (info && !info.isDirectory()) throw new FileSystemError(`cannot write into ${folder}: it is a file, not a folder`);
}

async function assertFree(file: string): Promise<void> {
  if (await stat(file).catch(() => null)) throw new FileSystemError(`${file} already exists; pass --force to overwrite it`);
}

/** Writes one output; without `force` an existing file is left alone (checked atomically by the open). */
async function writeOutput(file: string, bytes: Uint8Array, force: boolean): Promise<void> {
  try {
    await writeFile(file, bytes, { flag: force ? 'w' : 'wx' });
  } catch (err) {
    const errno = err as NodeJS.ErrnoException;
    if (errno.code === 'EEXIST') throw new FileSystemError(`${file} already exists; pass --force to overwrite it`);
    throw new FileSystemError(fileSystemMessage(errno, 'write', file));
  }
}

/** Reads and decodes a local picture; every failure is bad input or a file-system failure (exit 2). */
async function load(file: string): Promise<{ bytes: Uint8Array; image: DecodedImage }> {
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new InputError(`${file} is not a file`);
    size = info.size;
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new FileSystemError(fileSystemMessage(err as NodeJS.ErrnoException, 'read', file));
  }
  if (size === 0) throw new InputError(`${file} is empty`);
  if (size > MAX_FILE_BYTES) throw new InputError(`${file} is ${size} bytes; pictures over ${MAX_FILE_BYTES} bytes are refused`);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(file));
  } catch (err) {
    throw new FileSystemError(fileSystemMessage(err as NodeJS.ErrnoException, 'read', file));
  }
  try {
    return { bytes, image: await decode(bytes) };
  } catch (err) {
    if (err instanceof ImageError) throw new InputError(`${file}: ${err.message.replace(/\s*\n\s*/g, ' ')}`);
    throw err;
  }
}

// -------------------------------------------------------------------------------------------------
// Pictures

interface RenderedPart {
  encoded: EncodedPicture;
  width: number;
  height: number;
}

/** Crop at full resolution, shrink by block averaging to the limit, encode as asked ('auto': as the source suggests). */
async function render(image: DecodedImage, box: Box, maxDimension: number, format: OutputTarget['format']): Promise<RenderedPart> {
  const part = await renderPart(image, box, maxDimension, { format });
  const encoded: EncodedPicture = { bytes: part.bytes, mimeType: part.mimeType, format: part.mimeType === 'image/png' ? 'png' : 'jpeg' };
  return { encoded, width: part.width, height: part.height };
}

function extensionOf(encoded: EncodedPicture): string {
  return encoded.format === 'jpeg' ? 'jpg' : 'png';
}

function describeBox(b: Box): string {
  return `x=${b.x} y=${b.y} ${b.width}x${b.height}`;
}
