/**
 * Projections against malformed engine replies (fast-check): whatever types the engine's fields
 * arrive in, projecting a game model never throws and always yields JSON a model can read.
 * No reference case: the reference trusts the engine's types.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CodeAction, GameModel } from '../../src/engine/types.js';
import { createUrlResolver } from '../../src/html/urls.js';
import { projectActionResult, projectCodeEntry, projectGameState } from '../../src/tools/projections.js';

const resolve = createUrlResolver('https://tech.en.cx');

/** Any value, biased toward the shapes the engine really uses. */
const loose = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.string(),
  fc.constantFrom('<img src="/a.jpg">', '&laquo;x&raquo;', '<a href="b.png?x">b</a>'),
  fc.integer(),
  fc.constant(null),
);
const looseList = (item: fc.Arbitrary<unknown>) => fc.oneof(fc.array(item, { maxLength: 4 }), loose);
const task = fc.record({ TaskText: loose, TaskTextFormatted: loose, ReplaceNlToBr: loose }, { requiredKeys: [] });
const named = fc.record(
  { Name: loose, Task: loose, Help: loose, HelpText: loose, PenaltyComment: loose, MessageText: loose, Answer: loose, Number: loose, IsAnswered: loose },
  { requiredKeys: [] },
);
const level = fc.record(
  {
    LevelId: loose,
    Number: loose,
    Name: loose,
    IsPassed: loose,
    Tasks: looseList(task),
    Task: fc.oneof(task, loose),
    Sectors: looseList(named),
    Bonuses: looseList(named),
    Helps: looseList(named),
    PenaltyHelps: looseList(named),
    Messages: looseList(named),
    MixedActions: looseList(named),
    BlockDuration: loose,
  },
  { requiredKeys: [] },
);
const model = fc.record(
  { Event: loose, GameId: loose, GameTitle: loose, TeamId: loose, Levels: looseList(named), Level: fc.oneof(level, loose), EngineAction: loose },
  { requiredKeys: [] },
);

describe('projections of malformed replies', () => {
  it('never throw and always encode as JSON', () => {
    fc.assert(
      fc.property(model, (m) => {
        const state = projectGameState(m as unknown as GameModel, resolve);
        const action = projectActionResult(m as unknown as GameModel, 'level', 1, resolve);
        expect(() => JSON.stringify([state, action])).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  // Found by the property above (seed 2029777175): an entry's Answer an object whose toString is
  // not a function, which `String` cannot convert; a null-prototype object fails the same way.
  it('write an answer that is no scalar as empty text, and a number as its digits', () => {
    const entry = (answer: unknown) => ({ ActionId: 1, Answer: answer }) as unknown as CodeAction;
    expect(projectCodeEntry(entry({ toString: '' }), 3).answer).toBe('');
    expect(projectCodeEntry(entry(Object.create(null)), 3).answer).toBe('');
    expect(projectCodeEntry(entry(42), 3).answer).toBe('42');
    expect(projectCodeEntry(entry(' code '), 3).answer).toBe(' code ');
    const state = projectGameState({ Level: { MixedActions: [{ Answer: { toString: '' } }] } } as unknown as GameModel, resolve);
    expect(() => JSON.stringify(state)).not.toThrow();
  });
});
