/**
 * The imaging library in real headless Chromium, loaded the two ways a web app loads it:
 * - a bundle Vite builds from `import … from 'encx-agenttools/imaging'` in a consumer project;
 * - a plain `<script type="module">` page with an import map pointing at node_modules.
 * Neither page calls anything WebP-specific. Each decodes JPEG, PNG, GIF, WebP, BMP and TIFF,
 * splits two collages (lossless → PNG part, lossy → JPEG part) and encodes the first part; the
 * sizes, boxes and pixels must equal what the same library gives in Node.
 * Chromium is Debian's /usr/bin/chromium (no browser download); `.ci/run` installs it when missing.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crop } from '../../src/imaging/crop.js';
import { decode } from '../../src/imaging/decode.js';
import { encodeFragment } from '../../src/imaging/encode.js';
import { planSplit } from '../../src/imaging/separators/index.js';
import { CORPUS_DIR } from '../helpers/corpus.js';
import { createConsumerProject, ROOT, type ConsumerProject } from '../package/consumer.js';
import { serveStatic, type StaticServer } from './serve.js';

const CHROMIUM = '/usr/bin/chromium';
const LAUNCH_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

const PICTURES = [
  'jpeg/skater.jpg',
  'pngsuite/basn6a08.png',
  'formats/valid/gif/sample.gif',
  'webp/test.webp',
  'webp/lossless_vec_1_13.webp',
  'formats/valid/bmp/sample.bmp',
  'formats/valid/tiff/little-endian.tiff',
];
const COLLAGES = ['grid3x2-black6.png', 'grid2x2-white4-webp50.webp'];

/** The web app: the same source is bundled by Vite and loaded through the import map. */
const APP = `
import { decode, planSplit, crop, encodeFragment } from 'encx-agenttools/imaging';

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(url + ': HTTP ' + response.status);
  return new Uint8Array(await response.arrayBuffer());
}
globalThis.exercise = async (pictures, collages) => {
  const decoded = [];
  for (const url of pictures) {
    const { header, raster } = await decode(await fetchBytes(url));
    decoded.push({ format: header.format, width: raster.width, height: raster.height, sha256: await sha256(raster.data) });
  }
  const split = [];
  for (const url of collages) {
    const { header, raster } = await decode(await fetchBytes(url));
    const plan = planSplit(raster);
    if (!plan.ok) { split.push({ plan }); continue; }
    const part = await encodeFragment(crop(raster, plan.parts[0]), header);
    const again = (await decode(part.bytes)).raster;
    split.push({ plan, part: { format: part.format, width: again.width, height: again.height, sha256: await sha256(again.data) } });
  }
  return { decoded, split };
};
document.title = 'ready';
`;

function importMapPage(): string {
  const importMap = {
    imports: {
      'encx-agenttools/imaging': '/node_modules/encx-agenttools/dist/src/imaging/index.js',
      '@jsquash/webp/': '/node_modules/@jsquash/webp/',
    },
  };
  // The data: icon keeps Chromium from asking for /favicon.ico (a 404 would count as a page error).
  return `<!doctype html><meta charset="utf-8"><title>loading</title><link rel="icon" href="data:,">
<script type="importmap">${JSON.stringify(importMap)}</script>
<script type="module" src="/plain/app.js"></script>`;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The same work as APP, in Node, on the library's sources. */
async function inNode() {
  const decoded = [];
  for (const rel of PICTURES) {
    const { header, raster } = await decode(readFileSync(join(CORPUS_DIR, rel)));
    decoded.push({ format: header.format, width: raster.width, height: raster.height, sha256: sha256(raster.data) });
  }
  const split = [];
  for (const name of COLLAGES) {
    const { header, raster } = await decode(readFileSync(join(ROOT, 'fixtures/collages', name)));
    const plan = planSplit(raster);
    if (!plan.ok) throw new Error(`${name} should split: ${plan.reason}`);
    const part = await encodeFragment(crop(raster, plan.parts[0]!), header);
    const again = (await decode(part.bytes)).raster;
    split.push({ plan, part: { format: part.format, width: again.width, height: again.height, sha256: sha256(again.data) } });
  }
  return { decoded, split };
}

describe('the imaging library in headless Chromium', () => {
  let project: ConsumerProject;
  let server: StaticServer;
  let context: BrowserContext;
  let profile: string;
  let expected: Awaited<ReturnType<typeof inNode>>;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (.ci/run does)`);
    project = await createConsumerProject();
    writeFileSync(join(project.dir, 'app.js'), APP);
    writeFileSync(join(project.dir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>loading</title><link rel="icon" href="data:,"><script type="module" src="./app.js"></script>');
    await build({
      root: project.dir,
      base: '/bundle/',
      configFile: false,
      logLevel: 'silent',
      build: { outDir: 'dist-app', emptyOutDir: true },
    });
    server = await serveStatic(
      {
        '/bundle/': join(project.dir, 'dist-app'),
        '/node_modules/': join(project.dir, 'node_modules'),
        '/corpus/': CORPUS_DIR,
        '/collages/': join(ROOT, 'fixtures/collages'),
      },
      {
        '/plain/': { type: 'text/html; charset=utf-8', body: importMapPage() },
        '/plain/app.js': { type: 'text/javascript; charset=utf-8', body: APP },
      },
    );
    profile = mkdtempSync(join(tmpdir(), 'encx-chromium-'));
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: LAUNCH_ARGS });
    expected = await inNode();
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await server?.close();
    project?.remove();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  async function runPage(path: string) {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`HTTP ${response.status()} for ${response.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    try {
      await page.goto(server.origin + path);
      await page.waitForFunction(() => document.title === 'ready', undefined, { timeout: 30_000 }).catch(() => {
        throw new Error(`${path} never loaded: ${errors.join('; ') || 'no error reported'}`);
      });
      const result = await page.evaluate(
        ([pictures, collages]) => (globalThis as unknown as { exercise(p: string[], c: string[]): Promise<unknown> }).exercise(pictures!, collages!),
        [PICTURES.map((f) => `/corpus/${f}`), COLLAGES.map((f) => `/collages/${f}`)],
      );
      return { result, errors };
    } finally {
      await page.close();
    }
  }

  it('Node covers every decoder and both part encodings (the comparison below means something)', () => {
    expect(new Set(expected.decoded.map((d) => d.format))).toEqual(new Set(['jpeg', 'png', 'gif', 'webp', 'bmp', 'tiff']));
    expect(expected.split.map((s) => s.part.format)).toEqual(['png', 'jpeg']);
    expect(expected.split.every((s) => s.plan.ok && s.plan.parts.length >= 2)).toBe(true);
  });

  it('a Vite bundle decodes, splits and encodes exactly as Node does', async () => {
    const { result, errors } = await runPage('/bundle/');
    expect(result).toEqual(expected);
    expect(errors).toEqual([]);
  }, 60_000);

  it('a plain <script type="module"> with an import map decodes, splits and encodes exactly as Node does', async () => {
    const { result, errors } = await runPage('/plain/');
    expect(result).toEqual(expected);
    expect(errors).toEqual([]);
  }, 60_000);
});
