import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** The shared corpus of real image files, beside the project folder (`../shared/corpus`). */
export const CORPUS_DIR = resolve(here, '../../../shared/corpus');

/** Absolute path of a corpus file; fails loudly when the corpus is missing (never skips silently). */
export function corpus(rel: string): string {
  const p = join(CORPUS_DIR, rel);
  if (!existsSync(p)) throw new Error(`corpus file missing: ${p} (the corpus lives in ../shared/corpus)`);
  return p;
}
