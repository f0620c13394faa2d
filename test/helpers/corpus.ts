import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** The corpus of real image files from public test suites, inside the repository (`test/corpus`, see its SOURCES.md). */
export const CORPUS_DIR = resolve(here, '../corpus');

/** Absolute path of a corpus file; fails loudly when the file is missing (never skips silently). */
export function corpus(rel: string): string {
  const p = join(CORPUS_DIR, rel);
  if (!existsSync(p)) throw new Error(`corpus file missing: ${p} (the corpus lives in test/corpus; see test/corpus/SOURCES.md)`);
  return p;
}

/** Absolute paths of every file in the corpus, folders walked recursively, sorted. */
export function corpusFiles(dir: string = CORPUS_DIR): string[] {
  return readdirSync(dir)
    .flatMap((entry) => {
      const p = join(dir, entry);
      return statSync(p).isDirectory() ? corpusFiles(p) : [p];
    })
    .sort();
}
