/**
 * "Before" for the micro benches: the imaging sources of another git revision, extracted into a
 * temporary folder with `git archive` and imported from there, so one process can time the
 * revision and the working tree alternately on the same input (the machine is shared; only
 * alternating runs in one process give comparable figures).
 *
 *   const before = await importAtRevision<typeof import('../src/imaging/shrink.js')>('main', 'src/imaging/shrink.ts');
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');

/** Imports `path` (relative to the repository root) as it is at `revision`; src/imaging comes along for its imports. */
export async function importAtRevision<T>(revision: string, path: string): Promise<T> {
  const folder = mkdtempSync(join(tmpdir(), 'bench-baseline-'));
  // package.json ("type": "module") and tsconfig.json come along so tsx compiles the copy exactly
  // like the working tree: without them it became CommonJS and ran about 10 % slower.
  const archive = execFileSync('git', ['archive', revision, 'src/imaging', 'package.json', 'tsconfig.json'], { cwd: ROOT, maxBuffer: 256 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', folder], { input: archive });
  return (await import(pathToFileURL(join(folder, path)).href)) as T;
}

/** The value after `--baseline` on the command line, or undefined. */
export function baselineArgument(args: readonly string[]): string | undefined {
  const at = args.indexOf('--baseline');
  return at >= 0 ? args[at + 1] : undefined;
}

/** CPU milliseconds (user + system) of this process spent in `run`. */
export function cpuMsOf(run: () => unknown): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}
