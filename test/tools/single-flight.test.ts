/**
 * Single-flight reads under cancellation (src/tools/cache.ts through the catalog), with an
 * in-memory engine whose reads wait until the test releases them.
 * Beyond the reference (which has no single-flight): one caller cancelling must not fail the
 * others sharing its engine call; the call is cancelled only when every caller has given up.
 */
import { describe, expect, it } from 'vitest';
import { createCatalog } from '../../src/tools/index.js';
import { stableJson } from '../../src/tools/cache.js';
import { stubEngine, stubModel } from './support/stub-engine.js';

function gatedEngine() {
  const signals: Array<AbortSignal | undefined> = [];
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => (release = r));
  const engine = stubEngine(undefined, {
    getGameModel: async (_id, opts) => {
      signals.push(opts?.signal);
      await gate;
      return stubModel();
    },
  });
  return { engine, signals, release };
}

describe('single-flight', () => {
  it('a cancelled caller leaves the shared call running for the others', async () => {
    const { engine, signals, release } = gatedEngine();
    const catalog = createCatalog(engine, { policy: 'readonly', readCacheTTL: 60_000 });
    const impatient = new AbortController();
    const first = catalog.call('enc_game_state', { game_id: 1 }, { signal: impatient.signal });
    const second = catalog.call('enc_game_state', { game_id: '1' });
    await new Promise((r) => setTimeout(r, 5));
    impatient.abort();
    expect((await first).ok).toBe(false);
    release();
    const outcome = await second;
    expect(outcome.ok).toBe(true);
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(false);
  });

  it('the shared call is cancelled once every caller has cancelled, and nothing is stored', async () => {
    const { engine, signals, release } = gatedEngine();
    const catalog = createCatalog(engine, { policy: 'readonly', readCacheTTL: 60_000 });
    const a = new AbortController();
    const b = new AbortController();
    const calls = [catalog.call('enc_level', { game_id: 1 }, { signal: a.signal }), catalog.call('enc_level', { game_id: 1 }, { signal: b.signal })];
    await new Promise((r) => setTimeout(r, 5));
    a.abort();
    b.abort();
    const outcomes = await Promise.all(calls);
    expect(outcomes.map((o) => o.ok)).toEqual([false, false]);
    expect(signals[0]!.aborted).toBe(true);
    release();
    expect((await catalog.call('enc_level', { game_id: 1 })).ok).toBe(true);
    expect(signals).toHaveLength(2);
  });

  it('cache keys ignore argument order', () => {
    expect(stableJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"e":3,"f":2}]},"b":1}');
  });
});
