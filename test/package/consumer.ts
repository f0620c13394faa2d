/**
 * A consumer's project with this package installed from its packed tarball, the way a user gets it:
 * `npm pack` (the `files` the registry would publish), unpacked into `node_modules/encx-agenttools`,
 * with the runtime dependencies the imaging entry needs beside it. The dependencies are copied from
 * this repository's node_modules so the test runs offline.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The repository root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** What `src/imaging` needs at run time (the WebP glue and what it imports). */
const IMAGING_RUNTIME_DEPENDENCIES = ['@jsquash/webp', 'wasm-feature-detect'];

export interface ConsumerProject {
  /** The project folder: package.json, node_modules/encx-agenttools, node_modules/@jsquash/webp. */
  dir: string;
  /** The installed package folder. */
  packageDir: string;
  remove(): void;
}

/** Fails with the command to run when the build is missing (`npm test` builds first). */
export function assertBuilt(): void {
  if (!existsSync(join(ROOT, 'dist/src/imaging/index.js'))) {
    throw new Error('dist/ is missing: run `npm run build` first (`npm test` does)');
  }
}

/** Packs the current build and installs it into a fresh temporary project. */
export async function createConsumerProject(): Promise<ConsumerProject> {
  assertBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'encx-consumer-'));
  try {
    // --ignore-scripts: dist/ is already built; prepack would only rebuild it.
    const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: ROOT });
    const [{ filename }] = JSON.parse(stdout) as Array<{ filename: string }>;
    const packageDir = join(dir, 'node_modules/encx-agenttools');
    mkdirSync(packageDir, { recursive: true });
    await run('tar', ['xzf', join(dir, filename!), '-C', packageDir, '--strip-components=1']);
    for (const name of IMAGING_RUNTIME_DEPENDENCIES) {
      cpSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name), { recursive: true, dereference: true });
    }
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies: { 'encx-agenttools': 'file:' + filename } }, null, 2),
    );
    return { dir, packageDir, remove: () => rmSync(dir, { recursive: true, force: true }) };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}
