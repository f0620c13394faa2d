/**
 * The safety property of the session, over random model scripts and random host behaviour: no
 * mutating request reaches the engine without the host approving exactly that call, and a
 * cancelled or finished turn never approves anything.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentSession } from '../../src/agent/session.js';
import { createDemoEngine, DEMO_GAME_ID, UPCOMING_GAME_ID, type DemoEngine } from '../../src/demo/index.js';
import { callTools, reply, startFakeOpenAI, type FakeStep, type FakeToolCall } from '../support/fake-openai.js';
import { MUTATING_METHODS, recordingEngine, type EngineCall } from './harness.js';

let demo: DemoEngine;
beforeAll(async () => {
  demo = await createDemoEngine();
});
afterAll(async () => {
  await demo.close();
});

const G = DEMO_GAME_ID;
const call = fc.oneof(
  fc.constantFrom('yellow', 'square', 'wrong', 'blue', ' triangle ').map((code): FakeToolCall => ({ name: 'enc_send_code', arguments: { game_id: G, code } })),
  fc.constantFrom('blue', 'nope').map((code): FakeToolCall => ({ name: 'enc_send_bonus_code', arguments: { game_id: G, code } })),
  fc.constant<FakeToolCall>({ name: 'enc_take_penalty_hint', arguments: { game_id: G, hint_id: 1299 } }),
  fc.constant<FakeToolCall>({ name: 'enc_enter_game', arguments: { game_id: UPCOMING_GAME_ID } }),
  fc.constant<FakeToolCall>({ name: 'enc_game_state', arguments: { game_id: G } }),
  fc.constant<FakeToolCall>({ name: 'enc_send_code', rawArguments: '{"game_id":' }),
  fc.constant<FakeToolCall>({ name: 'enc_send_code', arguments: { game_id: 'x', code: 'yellow' } }),
);
const script = fc.array(fc.array(call, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 });
type Decision = 'approve' | 'decline' | 'cancel' | 'late' | 'ignore';
const decisions = fc.array(fc.constantFrom<Decision>('approve', 'approve', 'decline', 'cancel', 'late', 'ignore'), { maxLength: 8 });

/** What identifies one mutation: the tool and its consequential argument. */
function keyOfEngineCall(c: Pick<EngineCall, 'method' | 'args'>): string {
  switch (c.method) {
    case 'sendCode':
      return `enc_send_code|${String(c.args[3])}`;
    case 'sendBonusCode':
      return `enc_send_bonus_code|${String(c.args[3])}`;
    case 'getPenaltyHint':
      return `enc_take_penalty_hint|${String(c.args[1])}`;
    default:
      return `enc_enter_game|${String(c.args[0])}`;
  }
}
function keyOfToolCall(tool: string, args: unknown): string {
  const a = (args ?? {}) as Record<string, unknown>;
  if (tool === 'enc_take_penalty_hint') return `${tool}|${String(a.hint_id)}`;
  if (tool === 'enc_enter_game') return `${tool}|${String(a.game_id)}`;
  return `${tool}|${typeof a.code === 'string' ? a.code.trim() : String(a.code)}`;
}

describe('approval property', () => {
  it('no mutation without a host approval of exactly that call; cancelled or ended turns never approve', async () => {
    await fc.assert(
      fc.asyncProperty(script, decisions, async (iterations, hostPlan) => {
        const steps: FakeStep[] = [...iterations.map((calls) => callTools(calls)), reply('done')];
        const model = await startFakeOpenAI(steps);
        const engineCalls: EngineCall[] = [];
        let seq = 0;
        const mutationsAt: Array<{ seq: number; key: string }> = [];
        const engine = recordingEngine(demo.engine, engineCalls);
        const watched = new Proxy(engine, {
          get(target, prop, receiver) {
            const value: unknown = Reflect.get(target, prop, receiver);
            if (typeof value !== 'function' || !(MUTATING_METHODS as readonly (string | symbol)[]).includes(prop)) return value;
            return (...args: unknown[]) => {
              mutationsAt.push({ seq: ++seq, key: keyOfEngineCall({ method: String(prop), args }) });
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          },
        });
        const session = new AgentSession({
          config: { model: 'm', api_base: model.baseURL, api_key: 'test-key', max_iterations: 5 },
          engine: watched,
          requestIntervalMs: 1,
        });
        const argsByCall = new Map<string, { tool: string; args: unknown }>();
        const approvals: Array<{ seq: number; key: string }> = [];
        let turnOver = false;
        const violations: string[] = [];
        const plan = [...hostPlan];
        session.on((e) => {
          if (e.type === 'tool_started') argsByCall.set(e.call_id, { tool: e.tool, args: e.args });
          if (e.type !== 'confirmation_requested') return;
          const decision = plan.shift() ?? 'decline';
          const started = argsByCall.get(e.call_id)!;
          setTimeout(() => {
            if (decision === 'approve' || decision === 'decline') {
              const accepted = session.resolveConfirmation(e.call_id, decision === 'approve');
              // An answer is only ever accepted while its turn runs.
              if (accepted && turnOver) violations.push('an answer was accepted after the turn ended');
              if (accepted && decision === 'approve') approvals.push({ seq: ++seq, key: keyOfToolCall(started.tool, started.args) });
            } else if (decision === 'cancel') {
              session.cancel();
            } else if (decision === 'late') {
              session.cancel();
              if (session.resolveConfirmation(e.call_id, true)) violations.push('a cancelled turn accepted an approval');
            }
            // 'ignore': the question stays unanswered until the turn is cancelled below.
          }, 0);
        });
        // An ignored question is ended by this host giving up, like a player walking away.
        const guard = setTimeout(() => session.cancel(), 500);
        await session.send('play').catch(() => undefined);
        clearTimeout(guard);
        turnOver = true;
        // After the turn, every question it asked is dead.
        for (const id of argsByCall.keys()) expect(session.resolveConfirmation(id, true)).toBe(false);
        await model.close();
        expect(violations).toEqual([]);

        const available = [...approvals];
        for (const m of mutationsAt) {
          const i = available.findIndex((a) => a.key === m.key && a.seq < m.seq);
          expect(i, `mutation ${m.key} without a prior approval of that call`).toBeGreaterThanOrEqual(0);
          available.splice(i, 1);
        }
        expect(engineCalls.filter((c) => (MUTATING_METHODS as readonly string[]).includes(c.method))).toHaveLength(mutationsAt.length);
      }),
      { numRuns: 30 },
    );
  });
});
