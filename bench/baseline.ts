/**
 * "Before" for the micro benches: the imaging sources of another git revision, extracted into a
 * bench/out with `git archive` and imported from there, so one process can time the
 * revision and the working tree alternately on the same input (the machine is shared; only
 * alternating runs in one process give comparable figures).
 *
 *   const before = await importAtRevision<typeof import('../src/imaging/shrink.js')>('main', 'src/imaging/shrink.ts');
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');

/** The short commit id of `revision` ("main", a hash, "HEAD~2"). */
export function commitOf(revision: string): string {
  return execFileSync('git', ['rev-parse', '--short', revision], { cwd: ROOT, encoding: 'utf8' }).trim();
}

/**
 * Imports `path` (relative to the repository root) as it is at `revision`; src/imaging comes along
 * for its imports. Extracted once per commit into bench/out/rev-COMMIT/, inside the repository, so
 * tsx compiles the copy exactly like the working tree (an extraction outside it lost package.json's
 * "type": "module", became CommonJS and ran about 10 % slower).
 */
export async function importAtRevision<T>(revision: string, path: string): Promise<T> {
  const folder = join(ROOT, 'bench', 'out', `rev-${commitOf(revision)}`);
  if (!existsSync(join(folder, path))) {
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    const archive = execFileSync('git', ['archive', revision, 'src/imaging'], { cwd: ROOT, maxBuffer: 256 * 1024 * 1024 });
    execFileSync('tar', ['-x', '-C', folder], { input: archive });
  }
  return (await import(pathToFileURL(join(folder, path)).href)) as T;
}

/** The value after `--baseline` on the command line, or undefined. */
export function baselineArgument(args: readonly string[]): string | undefined {
  const at = args.indexOf('--baseline');
  return at >= 0 ? args[at + 1] : undefined;
}
