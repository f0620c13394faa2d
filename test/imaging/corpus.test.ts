import { describe, expect, it } from 'vitest';
import { checkCorpus, summarise, type CorpusRow } from '../helpers/corpus-check.js';

describe('the corpus of public test suites (test/corpus)', () => {
  let rows: CorpusRow[] = [];

  it('judges every picture file of every folder', async () => {
    rows = await checkCorpus();
    const folders = summarise(rows).map((s) => s.folder);
    // All four suites are present, so a missing folder cannot pass as "zero wrong".
    expect(folders).toEqual(expect.arrayContaining(['jpeg', 'pngsuite', 'webp', 'formats/valid/jpg', 'formats/valid/heif', 'formats/invalid']));
    expect(rows.length).toBeGreaterThan(300);
  }, 120_000);

  it('has zero wrong outcomes', () => {
    const wrong = rows.filter((r) => r.outcome === 'wrong').map((r) => `${r.file}: expected ${r.expected}; ${r.detail}`);
    expect(wrong).toEqual([]);
  });
});
