/**
 * Random scenarios for property tests. Texts mix Cyrillic, markup, entities and odd whitespace,
 * so a copy has to carry what real organisers write; answers are non-blank and unique per set.
 */
import fc from 'fast-check';
import type { ScenarioBonus, ScenarioDocument, ScenarioLevel } from '../../../src/copy/ports.js';

const word = fc.constantFrom('код', 'Мост', 'alpha', 'beta', 'ÄÖ', '42', 'a&amp;b', '<b>жирный</b>', '«кавычки»', 'x_y', 'Z-9');
const text = fc.array(word, { minLength: 1, maxLength: 5 }).map((w) => w.join(' '));
const optionalText = fc.oneof(fc.constant(''), text);
const answer = fc.array(fc.constantFrom('a', 'b', 'c', 'Ж', 'Щ', '1', '2', '-'), { minLength: 1, maxLength: 6 }).map((c) => c.join('')).filter((a) => a.trim() !== '' && a.trim() === a);
const answers = (max: number) => fc.uniqueArray(answer, { minLength: 1, maxLength: max });
const seconds = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 3 * 86_400 }));

const bonus: fc.Arbitrary<ScenarioBonus> = fc.record({
  number: fc.constant(0),
  name: text,
  award_seconds: fc.integer({ min: 0, max: 86_400 }),
  negative: fc.boolean(),
  task: optionalText,
  hint: optionalText,
  answers: answers(4),
  levels: fc.constantFrom({ kind: 'own' as const }, { kind: 'own' as const }, { kind: 'all' as const }),
});

const level: fc.Arbitrary<Omit<ScenarioLevel, 'number'>> = fc.record({
  name: optionalText,
  autopass_seconds: seconds,
  autopass_penalty_seconds: seconds,
  required_sectors_count: fc.integer({ min: 0, max: 3 }),
  comment: optionalText,
  tasks: fc.array(text, { maxLength: 1 }),
  hints: fc.array(fc.record({ title: fc.constant(''), text, delay_seconds: seconds }), { maxLength: 3 }),
  penalty_hints: fc.array(
    fc.record({ title: fc.constant(''), text, delay_seconds: seconds, penalty_seconds: seconds, request_confirm: fc.boolean(), comment: optionalText }),
    { maxLength: 2 },
  ),
  sectors: fc.uniqueArray(fc.record({ name: text, answers: answers(25) }), { maxLength: 4, selector: (s) => s.name.toLowerCase() }),
  bonuses: fc.array(bonus, { maxLength: 3 }),
  messages: fc.array(fc.record({ text, all_levels: fc.constant(false) }), { maxLength: 2 }),
});

/** A scenario of 1–`maxLevels` levels; autopass penalty only where there is an autopass. */
export function scenario(maxLevels = 4): fc.Arbitrary<ScenarioDocument> {
  return fc.array(level, { minLength: 1, maxLength: maxLevels }).map((levels) => ({
    game_id: 1,
    game_num: 1,
    game_title: 'random',
    levels: levels.map((l, i) => ({
      ...l,
      number: i + 1,
      autopass_penalty_seconds: l.autopass_seconds > 0 ? l.autopass_penalty_seconds : 0,
      // Distinct answer sets: duplicated sets are an anomaly the verification reports.
      sectors: l.sectors.filter((s, j, all) => all.findIndex((o) => [...o.answers].sort().join() === [...s.answers].sort().join()) === j),
    })),
  }));
}
