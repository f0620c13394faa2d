/**
 * The confirmation question cannot hide what will be submitted: it is built from the parsed
 * parameters (a decoy key never reaches it), the code comes first and is never cut, and characters
 * a person cannot see are shown escaped. The attack that found the old question's flaws is
 * replayed here, plus a property over random arguments.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCatalog, quoted, showText } from '../../src/tools/index.js';
import type { Catalog, ConfirmationQuestion } from '../../src/tools/types.js';
import { stubEngine } from './support/stub-engine.js';

const catalog: Catalog = createCatalog(stubEngine(), { policy: 'approve' });

function questionOf(tool: string, args: unknown): ConfirmationQuestion {
  const prepared = catalog.prepare(tool, args);
  if (!prepared.ok) throw new Error(`expected a prepared call: ${prepared.message}`);
  if (prepared.call.question === null) throw new Error('expected a question');
  return prepared.call.question;
}

/** Every character the question must never show raw. */
const HIDDEN = /[\u0000-\u001F\u007F-\u009F\u00A0\u00AD\u200B-\u200F\u2028-\u202E\u2060-\u2069\uFEFF]/u;

describe('the decoy attack', () => {
  const decoy = 'Read-only check, nothing is submitted. '.repeat(20);

  it('a decoy first key cannot push the code out of view: unknown keys never reach the question', () => {
    const question = questionOf('enc_send_code', { note: decoy, code: 'x', game_id: 42 });
    expect(question.text).toBe('Submit the code "x" as a level answer in game 42? A wrong code counts as an attempt and cannot be taken back.');
    expect(question.text).not.toContain('Read-only');
    expect(question.facts[0]).toEqual({ label: 'Code', value: '"x"' });
    expect(JSON.stringify(question)).not.toContain('note');
  });

  it('a decoy inside the code itself is shown in full, in quotes, after "Submit the code"', () => {
    const code = `${decoy}real-code`;
    const question = questionOf('enc_send_bonus_code', { game_id: 42, code });
    expect(question.text.startsWith(`Submit the code "${code.trim()}" as a bonus answer in game 42?`)).toBe(true);
  });
});

describe('invisible characters are shown escaped', () => {
  it.each([
    ['zero-width space', 'yel\u200Blow', 'yel\\u200Blow'],
    ['zero-width joiner', 'yel\u200Dlow', 'yel\\u200Dlow'],
    ['right-to-left override', 'abc\u202Edef', 'abc\\u202Edef'],
    ['first-strong isolate', 'a\u2068b\u2069', 'a\\u2068b\\u2069'],
    ['byte order mark', 'co\uFEFFde', 'co\\uFEFFde'],
    ['bell (C0)', 'a\u0007b', 'a\\u0007b'],
    ['next line (C1)', 'a\u0085b', 'a\\u0085b'],
    ['no-break space', 'a\u00A0b', 'a\\u00A0b'],
    ['soft hyphen', 'yel\u00ADlow', 'yel\\u00ADlow'],
    ['line separator', 'a\u2028b', 'a\\u2028b'],
    ['tag character', 'a\u{E0041}b', 'a\\u{E0041}b'],
    ['newline', 'a\nb', 'a\\u000Ab'],
  ])('%s', (_label, code, shown) => {
    const question = questionOf('enc_send_code', { game_id: 42, code });
    expect(question.text).toContain(`"${shown}"`);
    expect(question.facts[0]!.value).toBe(`"${shown}"`);
    expect(question.text).not.toMatch(HIDDEN);
  });

  it('a code that really contains a backslash sequence reads differently from the hidden character', () => {
    expect(quoted('yel\\u200Blow')).toBe('"yel\\\\u200Blow"');
    expect(quoted('yel\u200Blow')).toBe('"yel\\u200Blow"');
    expect(quoted('say "hi"')).toBe('"say \\"hi\\""');
  });

  it('keeps letters of every script, plain spaces and emoji as they are', () => {
    expect(showText('Красный дом 42 🙂')).toBe('Красный дом 42 🙂');
  });
});

describe('long values', () => {
  it('the code is never cut, however long', () => {
    const code = 'a'.repeat(5000) + 'END';
    expect(questionOf('enc_send_code', { game_id: 1, code }).text).toContain(`"${code}"`);
  });

  it('a value that may be cut is cut with a visible marker naming what is hidden', () => {
    expect(quoted('x'.repeat(300), 10)).toBe('"xxxxxxxxxx" … (290 more characters not shown)');
    expect(quoted('😀'.repeat(12), 10)).toBe(`"${'😀'.repeat(10)}" … (2 more characters not shown)`);
    expect(quoted('short', 10)).toBe('"short"');
  });
});

describe('each mutating tool words its own question', () => {
  it('level, bonus, storm level, penalty hint, entering a game', () => {
    expect(questionOf('enc_send_code', { game_id: 7, code: 'A', level_number: 3 }).text).toBe(
      'Submit the code "A" as a level answer on level 3 of game 7? A wrong code counts as an attempt and cannot be taken back.',
    );
    expect(questionOf('enc_send_bonus_code', { game_id: 7, code: 'B' })).toMatchObject({ tool: 'enc_send_bonus_code', title: 'Send bonus code' });
    expect(questionOf('enc_take_penalty_hint', { game_id: '7', hint_id: '1299' })).toEqual({
      tool: 'enc_take_penalty_hint',
      title: 'Take penalty hint',
      text: "Take penalty hint 1299 in game 7? It adds penalty time to the team's result and cannot be undone.",
      facts: [
        { label: 'Penalty hint', value: '1299' },
        { label: 'Game', value: '7' },
      ],
    });
    expect(questionOf('enc_enter_game', { game_id: 7, note: 'ignored' }).text).toBe("Apply to join game 7? The application goes to the game's organisers.");
  });
});

describe('property: the question shows every parsed parameter and nothing else', () => {
  const MUTATING = ['enc_send_code', 'enc_send_bonus_code', 'enc_take_penalty_hint', 'enc_enter_game'] as const;
  const known = fc.record(
    {
      game_id: fc.oneof(fc.integer({ min: 1, max: 10 ** 9 }), fc.integer({ min: 1, max: 10 ** 6 }).map(String)),
      code: fc.string({ unit: 'binary', minLength: 1, maxLength: 80 }),
      hint_id: fc.integer({ min: 1, max: 10 ** 6 }),
      level_number: fc.integer({ min: 1, max: 200 }),
    },
    { requiredKeys: [] },
  );
  // Unknown keys carry a marker that must never show up in the question.
  const unknown = fc.dictionary(
    fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !['game_id', 'code', 'hint_id', 'level_number', '__proto__'].includes(k)),
    fc.string({ maxLength: 20 }).map((s) => `DECOY${s}`),
    { maxKeys: 4 },
  );

  it('holds for random arguments of every mutating tool', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MUTATING), unknown, known, (tool, extra, args) => {
        const prepared = catalog.prepare(tool, { ...extra, ...args });
        if (!prepared.ok) {
          expect(prepared.kind).toBe('bad_argument');
          return;
        }
        const { question, params } = prepared.call;
        expect(question).not.toBeNull();
        const text = question!.text;
        for (const [key, value] of Object.entries(params)) {
          if (value === undefined) continue;
          const shown = typeof value === 'string' ? quoted(value) : String(value);
          expect(text, key).toContain(shown);
          expect(question!.facts.some((f) => f.value === shown), key).toBe(true);
        }
        expect(text).not.toContain('DECOY');
        expect(JSON.stringify(question!.facts)).not.toContain('DECOY');
        expect(text).not.toMatch(HIDDEN);
        for (const fact of question!.facts) expect(fact.value).not.toMatch(HIDDEN);
      }),
      { numRuns: 400 },
    );
  });
});
