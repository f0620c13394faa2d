/**
 * The catalog contract itself: `prepare` (no I/O, read-only first, parsed parameters, the
 * question) and `execute` (only calls this catalog minted; the confirmer that comes with the call
 * decides; nothing unapproved reaches the engine). Uses the in-memory engine: the gate is under test.
 */
import { describe, expect, it } from 'vitest';
import { createCatalog, failureText } from '../../src/tools/index.js';
import type { Catalog, ConfirmationQuestion, PreparedCall, ToolFailure, ToolOutcome } from '../../src/tools/types.js';
import { recordingEngine, type RecordingEngine } from './support/recording-engine.js';
import { stubEngine } from './support/stub-engine.js';

const SEND = { game_id: 1, code: 'yellow' };

function setup(policy: 'readonly' | 'approve' | 'full'): { catalog: Catalog; engine: RecordingEngine } {
  const engine = recordingEngine(stubEngine());
  return { catalog: createCatalog(engine, { policy }), engine };
}

function prepared(catalog: Catalog, name: string, args: unknown): PreparedCall {
  const result = catalog.prepare(name, args);
  if (!result.ok) throw new Error(`expected a prepared call, got ${failureText(result)}`);
  return result.call;
}

function failed(outcome: ToolOutcome | { ok: true; call: PreparedCall }): ToolFailure {
  if (outcome.ok) throw new Error('expected a failure');
  return outcome;
}

describe('prepare', () => {
  it('does no I/O for any tool, valid or not', () => {
    const { catalog, engine } = setup('approve');
    for (const tool of catalog.all()) {
      catalog.prepare(tool.name, { game_id: 1, code: 'x', hint_id: 2, url: 'https://tech.en.cx/a.png' });
      catalog.prepare(tool.name, { game_id: 'nope' });
    }
    expect(engine.calls).toEqual([]);
  });

  it('read-only refuses a mutating tool before looking at its arguments', () => {
    const { catalog } = setup('readonly');
    for (const args of [{}, { game_id: 'x' }, 'not an object', SEND]) {
      expect(failed(catalog.prepare('enc_send_code', args))).toMatchObject({ kind: 'refused_by_policy', code: 'readonly', tool: 'enc_send_code' });
    }
  });

  it('parses and coerces, drops unknown keys, freezes the parameters', () => {
    const { catalog } = setup('approve');
    const call = prepared(catalog, 'enc_send_code', { game_id: '42', code: '  yellow ', note: 'decoy' });
    expect({ ...call.params }).toEqual({ game_id: 42, code: 'yellow', level_number: undefined });
    expect(Object.isFrozen(call)).toBe(true);
    expect(Object.isFrozen(call.params)).toBe(true);
    expect(Object.isFrozen(call.question)).toBe(true);
    expect(call.tool).toMatchObject({ name: 'enc_send_code', mutating: true, meta: { title: 'Send code', readOnly: false, destructive: true } });
  });

  it('has a question exactly for mutating calls under approve', () => {
    for (const policy of ['approve', 'full'] as const) {
      const { catalog } = setup(policy);
      expect(prepared(catalog, 'enc_send_code', SEND).question === null).toBe(policy === 'full');
      expect(prepared(catalog, 'enc_level', { game_id: 1 }).question).toBeNull();
    }
  });

  it('argument errors are bad_argument with the argument named; unknown tools are unknown_tool', () => {
    const { catalog } = setup('approve');
    expect(failed(catalog.prepare('enc_send_code', { game_id: 1 }))).toMatchObject({ kind: 'bad_argument', argument: 'code', retryable: false });
    expect(failed(catalog.prepare('enc_level', [1]))).toMatchObject({ kind: 'bad_argument', argument: 'arguments' });
    const unknown = failed(catalog.prepare('enc_nope', {}));
    expect(unknown).toMatchObject({ kind: 'unknown_tool', tool: 'enc_nope' });
    expect(failureText(unknown)).toMatch(/^There is no tool "enc_nope"\. Available tools: enc_profile, /);
  });
});

describe('execute', () => {
  it('refuses a forged call, a copy of a real one, and one minted by another catalog', async () => {
    const { catalog, engine } = setup('approve');
    const real = prepared(catalog, 'enc_send_code', SEND);
    const other = prepared(setup('full').catalog, 'enc_send_code', SEND);
    const forged: PreparedCall = { tool: real.tool, params: { ...real.params }, question: null };
    for (const call of [forged, { ...real, question: null }, other, null as unknown as PreparedCall, {} as PreparedCall]) {
      const outcome = failed(await catalog.execute(call, { confirm: async () => true }));
      expect(outcome).toMatchObject({ kind: 'internal', code: 'not_prepared' });
    }
    expect(engine.mutations()).toEqual([]);
  });

  it('without a confirmer, a call with a question is approval_unavailable and never reaches the engine', async () => {
    const { catalog, engine } = setup('approve');
    const outcome = failed(await catalog.execute(prepared(catalog, 'enc_send_code', SEND)));
    expect(outcome).toMatchObject({ kind: 'approval_unavailable', code: 'no_confirmer', retryable: false });
    expect(engine.calls).toEqual([]);
  });

  it('a confirmer that throws is approval_unavailable with its reason', async () => {
    const { catalog, engine } = setup('approve');
    const outcome = failed(
      await catalog.call('enc_take_penalty_hint', { game_id: 1, hint_id: 5 }, { confirm: async () => Promise.reject(new Error('the sheet was dismissed')) }),
    );
    expect(outcome).toMatchObject({ kind: 'approval_unavailable', code: 'confirm_failed' });
    expect(failureText(outcome)).toBe('Approval for "enc_take_penalty_hint" could not be obtained: the sheet was dismissed');
    expect(engine.calls).toEqual([]);
  });

  it.each([['"yes"', 'yes'], ['1', 1], ['false', false], ['undefined', undefined], ['an object', { approved: true }]])(
    'a confirmer answering %s declines; the engine is untouched',
    async (_label, answer) => {
      const { catalog, engine } = setup('approve');
      const confirm = (async () => answer) as unknown as () => Promise<boolean>;
      const outcome = failed(await catalog.call('enc_send_bonus_code', SEND, { confirm }));
      expect(outcome).toMatchObject({ kind: 'declined', code: 'declined' });
      expect(engine.calls).toEqual([]);
    },
  );

  it('asks the question of this call, once, with the signal; a yes runs it once', async () => {
    const { catalog, engine } = setup('approve');
    const call = prepared(catalog, 'enc_send_code', SEND);
    const asked: Array<[ConfirmationQuestion, AbortSignal | undefined]> = [];
    const signal = new AbortController().signal;
    const outcome = await catalog.execute(call, {
      signal,
      confirm: async (question, s) => {
        asked.push([question, s]);
        return true;
      },
    });
    expect(outcome.ok).toBe(true);
    expect(asked).toEqual([[call.question, signal]]);
    expect(engine.mutations()).toEqual([{ method: 'sendCode', args: [1, 77, 1, 'yellow'] }]);
  });

  it('a turn cancelled while the user is asked does not run, even if the answer is yes', async () => {
    const { catalog, engine } = setup('approve');
    const controller = new AbortController();
    const outcome = failed(
      await catalog.call('enc_enter_game', { game_id: 5 }, {
        signal: controller.signal,
        confirm: async () => {
          controller.abort();
          return true;
        },
      }),
    );
    expect(outcome).toMatchObject({ kind: 'cancelled', code: 'cancelled' });
    expect(engine.calls).toEqual([]);
  });

  it('under full the confirmer is never consulted', async () => {
    const { catalog, engine } = setup('full');
    let asked = 0;
    const outcome = await catalog.call('enc_enter_game', { game_id: 5 }, { confirm: async () => (asked++, false) });
    expect(outcome.ok).toBe(true);
    expect(asked).toBe(0);
    expect(engine.mutations()).toEqual([{ method: 'enterGame', args: [5] }]);
  });

  it('a success names its tool and carries JSON and pictures', async () => {
    const { catalog } = setup('full');
    const outcome = await catalog.call('enc_profile', {});
    expect(outcome).toMatchObject({ ok: true, tool: 'enc_profile', images: [] });
  });
});

describe('tool metadata', () => {
  it('lives with every tool: reads are read-only and idempotent, the four mutations state their harm', () => {
    const { catalog } = setup('approve');
    const meta = Object.fromEntries(catalog.all().map((t) => [t.name, t.meta]));
    for (const tool of catalog.all().filter((t) => !t.mutating)) {
      expect(tool.meta, tool.name).toMatchObject({ readOnly: true, destructive: false, idempotent: true, openWorld: true });
      expect(tool.meta.title.length, tool.name).toBeGreaterThan(0);
    }
    expect(meta['enc_send_code']).toEqual({ title: 'Send code', readOnly: false, destructive: true, idempotent: false, openWorld: true });
    expect(meta['enc_send_bonus_code']).toMatchObject({ destructive: true, idempotent: false });
    expect(meta['enc_take_penalty_hint']).toMatchObject({ destructive: true, idempotent: true });
    expect(meta['enc_enter_game']).toMatchObject({ destructive: false, idempotent: true });
  });

  it('is a copy: editing it changes nothing in the catalog', () => {
    const { catalog } = setup('approve');
    catalog.lookup('enc_send_code')!.meta.destructive = false;
    expect(catalog.lookup('enc_send_code')!.meta.destructive).toBe(true);
  });
});
