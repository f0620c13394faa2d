/**
 * `lazyEngine` opens its engine on the first call (or on start()), once for concurrent calls; a
 * failed opening fails the waiting calls with an EncounterError, is reported once, and the next
 * call opens afresh.
 */
import { describe, expect, it } from 'vitest';
import { ENGINE_METHODS, EncounterError, lazyEngine, type Engine } from '../../src/engine/index.js';

function fakeEngine(): Engine {
  const engine: Record<string, unknown> = {};
  for (const name of ENGINE_METHODS) engine[name] = async (...args: unknown[]) => ({ name, args });
  return engine as unknown as Engine;
}

describe('lazyEngine', () => {
  it('opens nothing until a call, then once for all concurrent calls, and passes arguments through', async () => {
    let opens = 0;
    const engine = lazyEngine(async () => (opens++, fakeEngine()), { baseUrl: 'https://tech.en.cx' });
    expect(opens).toBe(0);
    expect(engine.baseUrl).toBe('https://tech.en.cx');
    const [a, b] = await Promise.all([engine.getGameModel(7), engine.sendCode(7, 1, 2, 'x')]);
    expect(a).toEqual({ name: 'getGameModel', args: [7] });
    expect(b).toEqual({ name: 'sendCode', args: [7, 1, 2, 'x'] });
    await engine.getProfile();
    expect(opens).toBe(1);
    for (const name of ENGINE_METHODS) expect(typeof engine[name]).toBe('function');
  });

  it('a failed opening fails its callers with an EncounterError, is reported once, and is retried by the next call', async () => {
    let opens = 0;
    const reported: string[] = [];
    const engine = lazyEngine(
      async () => {
        if (++opens === 1) throw new Error('port 1 refused');
        return fakeEngine();
      },
      { onOpenError: (e) => reported.push(e.message) },
    );
    const failures = await Promise.allSettled([engine.getGameList(), engine.getProfile()]);
    for (const f of failures) {
      expect(f.status).toBe('rejected');
      expect((f as PromiseRejectedResult).reason).toBeInstanceOf(EncounterError);
      expect(((f as PromiseRejectedResult).reason as Error).message).toBe('port 1 refused');
    }
    expect(reported).toEqual(['port 1 refused']);
    await expect(engine.getGameList()).resolves.toEqual({ name: 'getGameList', args: [] });
    expect(opens).toBe(2);
  });

  it('start() opens in the background once; its failure is only reported, and a call then opens afresh', async () => {
    let opens = 0;
    const reported: string[] = [];
    const engine = lazyEngine(
      async () => {
        if (++opens === 1) throw new Error('not yet');
        return fakeEngine();
      },
      { onOpenError: (e) => reported.push(e.message) },
    );
    engine.start();
    engine.start();
    await new Promise((r) => setTimeout(r, 0));
    expect(opens).toBe(1);
    expect(reported).toEqual(['not yet']);
    await expect(engine.getProfile()).resolves.toEqual({ name: 'getProfile', args: [] });
    engine.start();
    await engine.getProfile();
    expect(opens).toBe(2);
  });
});
