/**
 * The imaging library in Deno, two ways:
 * - as a Deno user of the published package would import it: `npm:encx-agenttools/imaging`, resolved
 *   from a project's node_modules where the packed tarball is installed (`"nodeModulesDir": "manual"`);
 *   every decoded format, WebP included, must give the same pixels as Node;
 * - the TypeScript sources directly (`npm run check:deno`), which proves src/imaging needs no build.
 * The deno binary comes from the `deno` dev dependency, so both run offline on a fresh machine.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '../../src/imaging/decode.js';
import { corpus } from '../helpers/corpus.js';
import { createConsumerProject, ROOT, type ConsumerProject } from '../package/consumer.js';

const run = promisify(execFile);
const DENO = join(ROOT, 'node_modules/.bin/deno');

/** One file per decoder, WebP both lossy and lossless with alpha. */
const FILES = [
  'jpeg/skater.jpg',
  'pngsuite/basn6a08.png',
  'formats/valid/gif/sample.gif',
  'webp/test.webp',
  'webp/lossless_vec_1_13.webp',
  'formats/valid/bmp/sample.bmp',
  'formats/valid/tiff/little-endian.tiff',
];

/** What a Deno user writes; prints one JSON line per file. */
const DENO_MAIN = `
import { decode } from 'npm:encx-agenttools/imaging';
for (const path of Deno.args) {
  const { header, raster } = await decode(await Deno.readFile(path));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', raster.data));
  const sha256 = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
  console.log(JSON.stringify({ format: header.format, width: raster.width, height: raster.height, sha256 }));
}
`;

async function nodeReading(rel: string): Promise<{ format: string; width: number; height: number; sha256: string }> {
  const { header, raster } = await decode(readFileSync(corpus(rel)));
  return { format: header.format, width: raster.width, height: raster.height, sha256: createHash('sha256').update(raster.data).digest('hex') };
}

describe('the packed package in Deno (npm: specifier)', () => {
  let project: ConsumerProject;

  beforeAll(async () => {
    project = await createConsumerProject();
    writeFileSync(join(project.dir, 'deno.json'), JSON.stringify({ nodeModulesDir: 'manual' }));
    writeFileSync(join(project.dir, 'main.ts'), DENO_MAIN);
  }, 120_000);
  afterAll(() => project?.remove());

  it('decodes JPEG, PNG, GIF, WebP (lossy and lossless), BMP and TIFF to the same pixels as Node', async () => {
    const { stdout } = await run(DENO, ['run', '--allow-read', 'main.ts', ...FILES.map((f) => corpus(f))], {
      cwd: project.dir,
      timeout: 90_000,
      env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
    });
    const inDeno = stdout.trim().split('\n').map((line) => JSON.parse(line) as unknown);
    const inNode = await Promise.all(FILES.map(nodeReading));
    expect(inDeno).toEqual(inNode);
    expect(new Set(inNode.map((r) => r.format))).toEqual(new Set(['jpeg', 'png', 'gif', 'webp', 'bmp', 'tiff']));
  }, 120_000);
});

describe('src/imaging under Deno', () => {
  it('imports the TypeScript sources unchanged and decodes a JPEG, a PNG and a WebP', async () => {
    const { stdout } = await run('npm', ['run', '--silent', 'check:deno'], { cwd: ROOT, timeout: 60_000 });
    expect(stdout).toMatch(/jpeg\/skater\.jpg: jpeg 256x256 -> raster 256x256 \(262144 bytes RGBA\)/);
    expect(stdout).toMatch(/pngsuite\/basn6a08\.png: png 32x32 -> raster 32x32/);
    expect(stdout).toMatch(/webp\/test\.webp: webp 128x128 -> raster 128x128/);
    expect(stdout).toMatch(/decoded 3 files/);
  }, 90_000);
});
