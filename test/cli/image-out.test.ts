/**
 * Where `encli image` writes, in-process: `--out` keeps the extension asked for (and its format),
 * refuses one it cannot write, writes into a folder, never overwrites without `--force`; a crop
 * reaching past the picture is refused with the picture's size; bad coordinates say what to write.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runImage } from '../../src/cli/image.js';
import { captureCliOutput } from './capture.js';
import { decode } from '../../src/imaging/decode.js';
import { ROOT } from '../package/consumer.js';

const STRIP_JPEG = join(ROOT, 'fixtures/collages/strip3-white10-q90.jpg'); // 920x200, three parts

const io = captureCliOutput('encli-out-');

const formatOf = async (path: string) => (await decode(new Uint8Array(readFileSync(path)))).header.format;

describe('encli image crop --out', () => {
  it.each([
    ['want.png', 'png'],
    ['want.jpeg', 'jpeg'],
    ['want.JPG', 'jpeg'],
  ])('%s is written under exactly that name, as %s', async (name, format) => {
    const target = join(io.tmp, name);
    expect(await runImage(['crop', STRIP_JPEG, '--width', '50', '--out', target, '--json'])).toBe(0);
    expect(JSON.parse(io.out)).toMatchObject({ file: target, format });
    expect(readdirSync(io.tmp)).toEqual([name]);
    expect(await formatOf(target)).toBe(format);
  });

  it('refuses an extension it cannot write, with one clear line, writing nothing', async () => {
    expect(await runImage(['crop', STRIP_JPEG, '--out', join(io.tmp, 'want.webp')])).toBe(2);
    expect(io.err.trim()).toBe(`encli image crop: --out ${join(io.tmp, 'want.webp')}: encli writes JPEG (.jpg, .jpeg) or PNG (.png), not .webp`);
    expect(readdirSync(io.tmp)).toEqual([]);
  });

  it('refuses a name that is neither a folder nor a picture file', async () => {
    expect(await runImage(['crop', STRIP_JPEG, '--out', join(io.tmp, 'result')])).toBe(2);
    expect(io.err).toMatch(/is neither an existing folder nor a \.jpg, \.jpeg or \.png file name/);
    expect(readdirSync(io.tmp)).toEqual([]);
  });

  it('writes into an existing folder, named after the source', async () => {
    expect(await runImage(['crop', STRIP_JPEG, '--width', '50', '--out', io.tmp, '--json'])).toBe(0);
    expect(JSON.parse(io.out).file).toBe(join(io.tmp, 'strip3-white10-q90-crop.jpg'));
    expect(readdirSync(io.tmp)).toEqual(['strip3-white10-q90-crop.jpg']);
  });

  it('a missing folder is one clear line, exit 2', async () => {
    const target = join(io.tmp, 'nowhere', 'crop.png');
    expect(await runImage(['crop', STRIP_JPEG, '--out', target])).toBe(2);
    expect(io.err.trim().split('\n')).toEqual([`encli image crop: cannot write into ${join(io.tmp, 'nowhere')}: no such folder`]);
  });

  it('never overwrites without --force, and does with it', async () => {
    const target = join(io.tmp, 'keep.png');
    writeFileSync(target, 'precious');
    expect(await runImage(['crop', STRIP_JPEG, '--out', target])).toBe(2);
    expect(io.err).toContain(`${target} already exists; pass --force to overwrite it`);
    expect(readFileSync(target, 'utf8')).toBe('precious');
    expect(await runImage(['crop', STRIP_JPEG, '--width', '20', '--out', target, '--force'])).toBe(0);
    expect(await formatOf(target)).toBe('png');
  });
});

describe('encli image crop boxes', () => {
  it.each([
    [['--x', '900', '--width', '100'], 'the crop reaches past the right edge (--x 900 + --width 100 = 1000): the picture is 920x200; the widest crop at --x 900 is --width 20'],
    [['--y', '150', '--height', '60'], 'the crop reaches past the bottom edge (--y 150 + --height 60 = 210): the picture is 920x200; the tallest crop at --y 150 is --height 50'],
    [['--y', '200'], '--y 200 is past the bottom edge: the picture is 920x200'],
    [['--x', '150%'], '--x 150% is outside the picture: a percentage for --x runs from 0% up to, not including, 100%'],
    [['--width', '120%'], '--width 120% is outside the picture: a percentage for --width runs from above 0% up to 100%'],
    [['--x', '-5'], '--x -5: coordinates start at 0'],
  ])('%j is an error that says why (exit 2), never a silent clamp', async (flags, message) => {
    const target = join(io.tmp, 'c.jpg');
    expect(await runImage(['crop', STRIP_JPEG, ...flags, '--out', target])).toBe(2);
    expect(io.err.trim()).toBe(`encli image crop: ${message}`);
    expect(readdirSync(io.tmp)).toEqual([]);
  });

  it('a box that fits exactly at the edge is written whole', async () => {
    expect(await runImage(['crop', STRIP_JPEG, '--x', '900', '--width', '20', '--out', join(io.tmp, 'edge.png'), '--json'])).toBe(0);
    expect(JSON.parse(io.out)).toMatchObject({ crop: { x: 900, y: 0, width: 20, height: 200 }, returned_width: 20 });
  });
});

describe('encli image split --out', () => {
  it('refuses before writing anything when one part file already exists, and overwrites all with --force', async () => {
    const dir = join(io.tmp, 'parts');
    mkdirSync(dir);
    writeFileSync(join(dir, 'strip3-white10-q90-2.jpg'), 'precious');
    expect(await runImage(['split', STRIP_JPEG, '--out', dir])).toBe(2);
    expect(io.err).toContain(`${join(dir, 'strip3-white10-q90-2.jpg')} already exists; pass --force to overwrite it`);
    expect(readdirSync(dir)).toEqual(['strip3-white10-q90-2.jpg']);
    expect(await runImage(['split', STRIP_JPEG, '--out', dir, '--force'])).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['strip3-white10-q90-1.jpg', 'strip3-white10-q90-2.jpg', 'strip3-white10-q90-3.jpg']);
    expect(statSync(join(dir, 'strip3-white10-q90-2.jpg')).size).toBeGreaterThan(100);
  });

  it('an --out that is a file is one clear line, exit 2', async () => {
    const file = join(io.tmp, 'taken');
    writeFileSync(file, 'x');
    expect(await runImage(['split', STRIP_JPEG, '--out', file, '--json'])).toBe(2);
    expect(JSON.parse(io.out)).toEqual({ error: { kind: 'file_system', message: `cannot write into ${file}: it is a file, not a folder` } });
  });
});
