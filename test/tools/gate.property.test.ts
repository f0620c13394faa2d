/**
 * The policy gate as a property (fast-check): for any batch of concurrent tool calls, a mutating
 * request reaches the engine only after the confirmer said yes for exactly that call (approve),
 * never under readonly, and exactly once per valid call under full.
 * Uses an in-memory engine (hundreds of runs); the catalog gate is what is under test.
 * Reference acceptance cases covered: 5, 7, 8, 9 (generalised).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCatalog } from '../../src/tools/index.js';
import type { ConfirmationQuestion, Policy } from '../../src/tools/types.js';
import { recordingEngine } from './support/recording-engine.js';
import { stubEngine } from './support/stub-engine.js';

type Answer = 'yes' | 'no' | 'throw' | 'yes-but-not-boolean';

interface PlannedCall {
  tool: string;
  valid: boolean;
  answer: Answer;
}

const plannedCall = fc.record({
  tool: fc.constantFrom('enc_send_code', 'enc_send_bonus_code', 'enc_take_penalty_hint', 'enc_enter_game', 'enc_level', 'enc_profile', 'enc_game_state'),
  valid: fc.boolean(),
  answer: fc.constantFrom<Answer>('yes', 'no', 'throw', 'yes-but-not-boolean'),
});

/** Arguments that carry the call's index, so an engine request can be traced to its call. */
function argsFor(call: PlannedCall, i: number): Record<string, unknown> {
  const id = 1000 + i;
  switch (call.tool) {
    case 'enc_send_code':
    case 'enc_send_bonus_code':
      return call.valid ? { game_id: 1, code: `c${id}` } : { game_id: 1 };
    case 'enc_take_penalty_hint':
      return call.valid ? { game_id: 1, hint_id: id } : { game_id: 1, hint_id: 'soon' };
    case 'enc_enter_game':
      return call.valid ? { game_id: id } : { game_id: -id };
    default:
      return { game_id: 1 };
  }
}

/** Which planned call an engine mutation belongs to, from its arguments. */
function callIndexOf(method: string, args: unknown[]): number {
  if (method === 'sendCode' || method === 'sendBonusCode') return Number(String(args[3]).slice(1)) - 1000;
  if (method === 'getPenaltyHint') return Number(args[1]) - 1000;
  return Number(args[0]) - 1000;
}

async function runBatch(policy: Policy, plan: PlannedCall[]) {
  const events: string[] = [];
  const engine = recordingEngine(stubEngine(), (call) => {
    if (['sendCode', 'sendBonusCode', 'getPenaltyHint', 'enterGame'].includes(call.method)) {
      events.push(`engine:${callIndexOf(call.method, call.args)}`);
    }
  });
  const confirmed = new Set<number>();
  const catalog = createCatalog(engine, { policy });
  // Each call brings its own confirmer; the question it is asked must name that call's own value.
  const confirmFor = (i: number) => async (question: ConfirmationQuestion): Promise<boolean> => {
    events.push(`asked:${i}`);
    if (!question.text.includes(String(1000 + i))) events.push(`wrong-question:${i}`);
    await new Promise((r) => setTimeout(r, i % 3)); // answers arrive out of order
    const answer = plan[i]!.answer;
    if (answer === 'throw') throw new Error('no answer');
    if (answer === 'yes') confirmed.add(i);
    return (answer === 'yes' ? true : answer === 'no' ? false : 'yes') as boolean;
  };
  await Promise.all(plan.map((call, i) => catalog.call(call.tool, argsFor(call, i), { confirm: confirmFor(i) })));
  return { events, confirmed, engine };
}

const MUTATING = new Set(['enc_send_code', 'enc_send_bonus_code', 'enc_take_penalty_hint', 'enc_enter_game']);

describe('policy gate property', () => {
  it('approve: each engine mutation follows a yes for exactly that call, and every yes leads to one', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(plannedCall, { maxLength: 12 }), async (plan) => {
        const { events, confirmed } = await runBatch('approve', plan);
        const mutations = events.filter((e) => e.startsWith('engine:')).map((e) => Number(e.slice(7)));
        for (const i of mutations) {
          expect(confirmed.has(i)).toBe(true);
          expect(events.indexOf(`asked:${i}`)).toBeLessThan(events.indexOf(`engine:${i}`));
        }
        expect(new Set(mutations).size).toBe(mutations.length);
        expect(events.filter((e) => e.startsWith('wrong-question:'))).toEqual([]);
        const expected = plan.flatMap((c, i) => (MUTATING.has(c.tool) && c.valid && c.answer === 'yes' ? [i] : []));
        expect([...mutations].sort((a, b) => a - b)).toEqual(expected);
        // Invalid arguments are refused before anyone is asked.
        for (const [i, c] of plan.entries()) if (!c.valid || !MUTATING.has(c.tool)) expect(events).not.toContain(`asked:${i}`);
      }),
      { numRuns: 150 },
    );
  });

  it('readonly: no mutation ever reaches the engine and nobody is asked', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(plannedCall, { maxLength: 12 }), async (plan) => {
        const { events, engine } = await runBatch('readonly', plan);
        expect(engine.mutations()).toEqual([]);
        expect(events).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('full: every valid mutating call reaches the engine exactly once, without asking', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(plannedCall, { maxLength: 12 }), async (plan) => {
        const { events } = await runBatch('full', plan);
        expect(events.filter((e) => e.startsWith('asked:'))).toEqual([]);
        const mutations = events.map((e) => Number(e.slice(7))).sort((a, b) => a - b);
        expect(mutations).toEqual(plan.flatMap((c, i) => (MUTATING.has(c.tool) && c.valid ? [i] : [])));
      }),
      { numRuns: 100 },
    );
  });
});
