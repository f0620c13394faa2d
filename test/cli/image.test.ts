/**
 * `encli image` in-process (runImage with stdout/stderr captured) on the fixture collages and real
 * corpus files, plus one real child process for exit codes and stderr.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { runImage } from '../../src/cli/image.js';
import { captureCliOutput } from './capture.js';
import { decode } from '../../src/imaging/decode.js';
import { corpus } from '../helpers/corpus.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURES = join(ROOT, 'fixtures/collages');
const STRIP_JPEG = join(FIXTURES, 'strip3-white10-q90.jpg');
const STRIP_PNG = join(FIXTURES, 'strip3-white10-margin25.png');
const SINGLE = join(FIXTURES, 'single-photo.jpg');

const io = captureCliOutput('encli-image-');

async function decodeFile(path: string) {
  return decode(new Uint8Array(readFileSync(path)));
}

describe('encli image usage', () => {
  it('prints the usage on stdout for --help (exit 0) and on stderr without a subcommand (exit 2)', async () => {
    expect(await runImage(['--help'])).toBe(0);
    expect(io.out).toMatch(/^usage: encli image <info\|split\|crop> FILE/);
    expect(await runImage([])).toBe(2);
    expect(io.err).toMatch(/^usage:/);
    expect(await runImage(['rotate', STRIP_JPEG])).toBe(2);
    expect(io.err).toContain('unknown subcommand "rotate"');
  });
});

describe('encli image info', () => {
  it('reports format, size, bytes and the suggested split as JSON', async () => {
    expect(await runImage(['info', STRIP_JPEG, '--json'])).toBe(0);
    const result = JSON.parse(io.out);
    expect(result).toMatchObject({ format: 'jpeg', width: 920, height: 200, bytes: readFileSync(STRIP_JPEG).length });
    expect(result.suggested_split.axis).toBe('horizontal');
    expect(result.suggested_split.method).toBe('detected');
    expect(result.suggested_split.parts.map((p: { x: number }) => p.x)).toEqual([0, 305, 615]);
    expect(io.err).toBe('');
  });

  it('gives the refusal as the note for a single photo (an answer, exit 0)', async () => {
    expect(await runImage(['info', SINGLE, '-json'])).toBe(0);
    const result = JSON.parse(io.out);
    expect(result.suggested_split).toBeUndefined();
    expect(result.note).toMatch(/^no separators were found/);
  });

  it('reports a JPEG stored sideways upright, with the EXIF orientation it applied', async () => {
    // Stored 1 wide and 2 high with orientation 8 (turn 90° counter-clockwise): shown 2x1.
    const sideways = corpus('formats/valid/jpg/1x2-flipped-big-endian.jpg');
    expect(await runImage(['info', sideways, '--json'])).toBe(0);
    expect(JSON.parse(io.out)).toMatchObject({ width: 2, height: 1, exif_orientation: 8 });
    io.out = '';
    expect(await runImage(['info', sideways])).toBe(0);
    expect(io.out).toContain('2x1 (turned upright by EXIF orientation 8)');
  });
});

describe('encli image split', () => {
  it('writes every part, named NAME-k with the encoded format, and prints the plan', async () => {
    expect(await runImage(['split', STRIP_JPEG, '--out', io.tmp, '--json'])).toBe(0);
    const result = JSON.parse(io.out);
    expect(result.source).toEqual({ width: 920, height: 200 });
    expect(result).toMatchObject({ axis: 'horizontal', method: 'detected' });
    expect(result.parts).toHaveLength(3);
    for (const [i, part] of result.parts.entries()) {
      expect(part.index).toBe(i + 1);
      expect(part.file).toBe(join(io.tmp, `strip3-white10-q90-${i + 1}.jpg`));
      const { raster, header } = await decodeFile(part.file);
      expect(header.format).toBe('jpeg');
      expect([raster.width, raster.height]).toEqual([part.box.width, part.box.height]);
      expect([part.returned_width, part.returned_height]).toEqual([part.box.width, part.box.height]);
    }
  });

  it('keeps PNG parts for a PNG source, writes only --part K, and shrinks to --max-dimension', async () => {
    expect(await runImage(['split', STRIP_PNG, '--out', io.tmp, '--part', '2', '--max-dimension', '50', '--json'])).toBe(0);
    const result = JSON.parse(io.out);
    expect(result.parts).toHaveLength(1);
    expect(readdirSync(io.tmp)).toEqual(['strip3-white10-margin25-2.png']);
    const { raster, header } = await decodeFile(join(io.tmp, 'strip3-white10-margin25-2.png'));
    expect(header.format).toBe('png');
    expect(Math.max(raster.width, raster.height)).toBe(50);
    expect([raster.width, raster.height]).toEqual([result.parts[0].returned_width, result.parts[0].returned_height]);
  });

  it('divides evenly on request and says so', async () => {
    expect(await runImage(['split', SINGLE, '--parts', '2', '--axis', 'horizontal', '--out', io.tmp])).toBe(0);
    expect(io.out).toContain('2 parts, horizontal, equal');
    expect(readdirSync(io.tmp).sort()).toEqual(['single-photo-1.jpg', 'single-photo-2.jpg']);
  });

  it.each([
    [['split', SINGLE], /no separators were found/],
    [['split', STRIP_JPEG, '--parts', '17'], /--parts has to be between 2 and 16, got 17/],
    [['split', STRIP_JPEG, '--part', '4'], /--part 4 does not exist; this picture splits into 3 parts/],
    [['split', STRIP_JPEG, '--max-dimension', '4097'], /--max-dimension has to be between 1 and 4096 pixels, got 4097/],
    [['split', STRIP_JPEG, '--axis', 'diagonal'], /must be one of auto, horizontal, vertical, grid/],
    [['split', join(ROOT, 'package.json')], /not a JPEG, PNG, GIF, WebP, BMP or TIFF/],
    [['split', join(io.tmp, 'missing.jpg')], /no such file/],
    [['split', corpus('jpeg/black-6000x6000.jpg')], /megapixels/],
  ])('refuses %j with one line on stderr, exit 2, nothing written', async (args, message) => {
    const dir = join(io.tmp, 'parts');
    expect(await runImage([...args, '--out', dir])).toBe(2);
    expect(io.err).toMatch(message);
    expect(io.err.trim().split('\n')).toHaveLength(1);
    expect(existsSync(dir)).toBe(false);
  });
});

describe('encli image crop', () => {
  it('crops by percentage to the far edge (x 50% of 920 → 460..920)', async () => {
    const file = join(io.tmp, 'right.jpg');
    expect(await runImage(['crop', STRIP_JPEG, '--x', '50%', '--out', file, '--json'])).toBe(0);
    const result = JSON.parse(io.out);
    expect(result.crop).toEqual({ x: 460, y: 0, width: 460, height: 200 });
    const { raster } = await decodeFile(file);
    expect([raster.width, raster.height]).toEqual([460, 200]);
  });

  it('writes the format the --out extension asks for (PNG source, c.jpg → a JPEG named c.jpg)', async () => {
    expect(await runImage(['crop', STRIP_PNG, '--width', '100', '--height', '40', '--out', join(io.tmp, 'c.jpg'), '--json'])).toBe(0);
    expect(JSON.parse(io.out)).toMatchObject({ file: join(io.tmp, 'c.jpg'), format: 'jpeg' });
    expect((await decodeFile(join(io.tmp, 'c.jpg'))).header.format).toBe('jpeg');
    expect(existsSync(join(io.tmp, 'c.png'))).toBe(false);
  });

  it.each([
    [['--width', '0'], /--width 0: a size has to be at least 1 pixel/],
    [['--x', '5000', '--width', '10'], /--x 5000 is past the right edge: the picture is 920x200/],
    [['--x', 'half'], /--x takes a pixel count \(120\) or a percentage of the picture \(25%\), not "half"/],
  ])('refuses %j with exit 2 and writes nothing', async (flags, message) => {
    const file = join(io.tmp, 'c.jpg');
    expect(await runImage(['crop', STRIP_JPEG, ...flags, '--out', file])).toBe(2);
    expect(io.err).toMatch(message);
    expect(existsSync(file)).toBe(false);
  });
});

describe('encli image as a process', () => {
  const run = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
      execFile(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'src/cli/encli.ts'), 'image', ...args], { cwd: io.tmp }, (error, stdout, stderr) =>
        done({ code: error ? (error.code as number) : 0, stdout, stderr }),
      );
    });

  it('exits 2 with one stderr line on a 36-megapixel picture, and 0 on a collage', async () => {
    vi.restoreAllMocks();
    const big = await run(['split', corpus('jpeg/black-6000x6000.jpg'), '--out', 'parts']);
    expect(big.code).toBe(2);
    expect(big.stderr.trim().split('\n')).toHaveLength(1);
    expect(big.stderr).toMatch(/^encli image split: .*6000×6000.*megapixels/);
    expect(existsSync(join(io.tmp, 'parts'))).toBe(false);

    const ok = await run(['split', STRIP_JPEG, '--out', 'parts']);
    expect(ok.code).toBe(0);
    expect(readdirSync(join(io.tmp, 'parts')).sort()).toEqual(['strip3-white10-q90-1.jpg', 'strip3-white10-q90-2.jpg', 'strip3-white10-q90-3.jpg']);
  });
});
