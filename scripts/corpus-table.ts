/**
 * `npm run corpus` — decodes every file of test/corpus and prints, per folder, how many were
 * decoded correctly, refused as they should be, and wrong; then every wrong file with the reason.
 * Exits 1 when anything is wrong.
 */
import { checkCorpus, summarise } from '../test/helpers/corpus-check.js';

const rows = await checkCorpus();
const summary = summarise(rows);
const pad = (s: string | number, n: number) => String(s).padStart(n);
console.log(`${'folder'.padEnd(26)} ${pad('decoded', 8)} ${pad('refused', 8)} ${pad('wrong', 6)}`);
for (const s of summary) console.log(`${s.folder.padEnd(26)} ${pad(s.decoded, 8)} ${pad(s.refused, 8)} ${pad(s.wrong, 6)}`);
const total = summary.reduce((t, s) => ({ decoded: t.decoded + s.decoded, refused: t.refused + s.refused, wrong: t.wrong + s.wrong }), { decoded: 0, refused: 0, wrong: 0 });
console.log(`${'total'.padEnd(26)} ${pad(total.decoded, 8)} ${pad(total.refused, 8)} ${pad(total.wrong, 6)}`);
const wrong = rows.filter((r) => r.outcome === 'wrong');
if (wrong.length) {
  console.log('\nwrong:');
  for (const r of wrong) console.log(`  ${r.file}: expected ${r.expected}; ${r.detail}`);
  process.exitCode = 1;
}
if (process.argv.includes('--verbose')) for (const r of rows) console.log(`${r.outcome.padEnd(8)} ${r.file}: ${r.detail}`);
