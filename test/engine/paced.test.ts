import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_METHODS, type Engine } from '../../src/engine/engine.js';
import { CancelledError } from '../../src/engine/errors.js';
import { DEFAULT_REQUEST_INTERVAL_MS, Paced } from '../../src/engine/paced.js';
import { DEMO_GAME_ID } from '../../src/demo/demo-game.js';
import { signedInClient, startFake, type FakeEncounter } from '../fake-encounter/harness.js';

let fake: FakeEncounter;
beforeAll(async () => {
  fake = await startFake();
});
afterAll(async () => {
  await fake.close();
});

describe('Paced over real HTTP', () => {
  it('a burst of 10 parallel calls starts ≥ 350 ms apart, all reaching the engine', async () => {
    const client = await signedInClient(fake);
    // Measure starts where Paced hands over: a thin recorder around the real client.
    const starts: number[] = [];
    const recorder = Object.create(client) as typeof client;
    recorder.getGameModel = (id, opts) => {
      starts.push(performance.now());
      return client.getGameModel(id, opts);
    };
    const paced = new Paced(recorder);
    expect(paced.intervalMs).toBe(DEFAULT_REQUEST_INTERVAL_MS);
    const before = fake.requests.length;
    const results = await Promise.all(Array.from({ length: 10 }, () => paced.getGameModel(DEMO_GAME_ID)));
    expect(results.every((m) => m.Event === 0)).toBe(true);
    expect(fake.requests.length - before).toBe(10);
    const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
    expect(gaps).toHaveLength(9);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(DEFAULT_REQUEST_INTERVAL_MS);
  });
});

/** An engine that records when each method is entered. */
function recordingEngine(starts: Array<{ method: string; at: number }>): Engine {
  const engine = {} as Record<string, unknown>;
  for (const m of ENGINE_METHODS) {
    engine[m] = async (...args: unknown[]) => {
      starts.push({ method: m, at: performance.now() });
      return { method: m, args };
    };
  }
  return engine as unknown as Engine;
}

describe('Paced semantics', () => {
  it('measures request starts: 10 calls, each ≥ interval after the previous', async () => {
    const starts: Array<{ method: string; at: number }> = [];
    const paced = new Paced(recordingEngine(starts), 30);
    await Promise.all(Array.from({ length: 10 }, (_, i) => paced.getGameModel(i)));
    const gaps = starts.slice(1).map((s, i) => s.at - starts[i]!.at);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(30);
  });

  it('requests overlap: a slow call does not delay the next slot', async () => {
    const starts: number[] = [];
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const inner = {
      getGameModel: async (id: number) => {
        starts.push(performance.now());
        if (id === 1) await slow;
        return { Event: 0, GameId: id };
      },
    } as unknown as Engine;
    const paced = new Paced(inner, 20);
    const first = paced.getGameModel(1);
    const second = await paced.getGameModel(2);
    expect(second.GameId).toBe(2);
    expect(starts).toHaveLength(2);
    release();
    await first;
  });

  it('non-positive interval means the 350 ms default', () => {
    expect(new Paced(recordingEngine([]), 0).intervalMs).toBe(350);
    expect(new Paced(recordingEngine([]), -5).intervalMs).toBe(350);
  });

  it('a call cancelled while waiting fails without reaching the engine and keeps its slot', async () => {
    const starts: Array<{ method: string; at: number }> = [];
    const paced = new Paced(recordingEngine(starts), 60);
    await paced.getProfile();
    const controller = new AbortController();
    const cancelled = paced.getProfile({ signal: controller.signal });
    const t0 = performance.now();
    const third = paced.getProfile();
    controller.abort();
    await expect(cancelled).rejects.toBeInstanceOf(CancelledError);
    await third;
    expect(starts).toHaveLength(2);
    // The third call still waited behind the cancelled one's slot (2 intervals after the first).
    expect(starts[1]!.at - starts[0]!.at).toBeGreaterThanOrEqual(119);
    expect(performance.now() - t0).toBeGreaterThan(50);
  });

  it('with no wait needed the call proceeds even with an aborted signal', async () => {
    const starts: Array<{ method: string; at: number }> = [];
    const paced = new Paced(recordingEngine(starts), 3_600_000);
    const controller = new AbortController();
    controller.abort();
    await paced.getProfile({ signal: controller.signal });
    expect(starts).toHaveLength(1);
    // An hour-long interval: the next call, already cancelled, fails instead of waiting.
    await expect(paced.getProfile({ signal: controller.signal })).rejects.toBeInstanceOf(CancelledError);
  });

  it('forwards all 13 methods with their arguments', async () => {
    const starts: Array<{ method: string; at: number }> = [];
    const paced = new Paced(recordingEngine(starts), 1);
    const calls: Array<[string, unknown[]]> = [
      ['getDomainGames', []],
      ['getGameList', [2]],
      ['getGameModel', [1]],
      ['getGameModelLevel', [1, 3]],
      ['getGameStatistics', [1]],
      ['getTimeoutToGame', [1]],
      ['getProfile', []],
      ['getTeamManagementInfo', [7]],
      ['fetchResource', ['/x.png']],
      ['enterGame', [1]],
      ['sendCode', [1, 2, 3, 'a']],
      ['sendBonusCode', [1, 2, 3, 'b']],
      ['getPenaltyHint', [1, 9]],
    ];
    expect(calls.map((c) => c[0]).sort()).toEqual([...ENGINE_METHODS].sort());
    for (const [m, args] of calls) {
      const out = (await (paced as unknown as Record<string, (...a: unknown[]) => Promise<{ method: string; args: unknown[] }>>)[m]!(...args));
      expect(out.method).toBe(m);
      expect(out.args.slice(0, args.length)).toEqual(args);
    }
    expect(starts.map((s) => s.method)).toEqual(calls.map((c) => c[0]));
  });
});
