/**
 * The Transport's pacing per origin, on a virtual clock (no wall-clock waits): player calls
 * start one interval apart, an admin GET is followed by its pause and an admin POST by its
 * longer one, and each origin keeps its own queue.
 */
import { describe, expect, it } from 'vitest';
import { CancelledError, NetworkError } from '../../src/engine/errors.js';
import { DEFAULT_PACING, Transport } from '../../src/engine/transport.js';
import { ENGINE_METHODS, ENGINE_MUTATING_METHODS, type Engine } from '../../src/engine/engine.js';
import { fenceMutations } from '../../src/tools/mutation-fence.js';

/** A clock that only moves when someone sleeps, and a fetch that takes `latency` virtual ms. */
function virtual(latency = 0): {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  fetch: (input: Request | URL | string, init?: RequestInit) => Promise<Response>;
  starts: Array<{ at: number; method: string; url: string }>;
} {
  let t = 0;
  const starts: Array<{ at: number; method: string; url: string }> = [];
  return {
    now: () => t,
    sleep: async (ms) => {
      t += ms;
    },
    fetch: async (input, init) => {
      starts.push({ at: t, method: init?.method ?? 'GET', url: String(input) });
      t += latency;
      return new Response('<html></html>', { status: 200 });
    },
    starts,
  };
}

describe('Transport pacing', () => {
  it('uses the engine-friendly defaults: 350 ms between player calls, 200 / 1200 ms after admin GET / POST', () => {
    expect(DEFAULT_PACING).toEqual({ playerIntervalMs: 350, adminGetPauseMs: 200, adminPostPauseMs: 1200 });
  });

  it('player calls start ≥ 350 ms apart, in call order', async () => {
    const v = virtual();
    const t = new Transport({ domain: 'tech.en.cx', fetch: v.fetch, now: v.now, sleep: v.sleep });
    await Promise.all([1, 2, 3, 4].map((i) => t.request(t.url(`/p${i}`))));
    expect(v.starts.map((s) => new URL(s.url).pathname)).toEqual(['/p1', '/p2', '/p3', '/p4']);
    const gaps = v.starts.slice(1).map((s, i) => s.at - v.starts[i]!.at);
    for (const g of gaps) expect(g).toBeGreaterThanOrEqual(350);
  });

  it('an admin GET is followed by 200 ms and a POST by 1200 ms, counted from the end of the exchange', async () => {
    const v = virtual(50);
    const t = new Transport({ domain: 'tech.en.cx', fetch: v.fetch, now: v.now, sleep: v.sleep });
    await t.request(t.url('/Administration/a'), { area: 'admin' });
    await t.request(t.url('/Administration/b'), { area: 'admin', form: { x: '1' } });
    await t.request(t.url('/Administration/c'), { area: 'admin' });
    await t.request(t.url('/Administration/d'), { area: 'admin' });
    const [a, b, c, d] = v.starts.map((s) => s.at);
    expect(b! - a!).toBeGreaterThanOrEqual(50 + 200);
    expect(c! - b!).toBeGreaterThanOrEqual(50 + 1200);
    expect(d! - c!).toBeGreaterThanOrEqual(50 + 200);
    expect(v.starts[1]!.method).toBe('POST');
  });

  it('each origin has its own queue: the mobile site does not wait behind the main one', async () => {
    const v = virtual();
    const t = new Transport({ domain: 'tech.en.cx', fetch: v.fetch, now: v.now, sleep: v.sleep });
    await t.request(t.url('/a'));
    await t.request(new URL('https://m.tech.en.cx/b'));
    expect(v.starts[1]!.at - v.starts[0]!.at).toBe(0);
  });

  it('a caller cancelled while queued fails without a request; transport failures are typed', async () => {
    const v = virtual();
    const t = new Transport({ domain: 'tech.en.cx', fetch: v.fetch, now: v.now, sleep: v.sleep });
    await t.request(t.url('/a'));
    const controller = new AbortController();
    controller.abort();
    await expect(t.request(t.url('/b'), { signal: controller.signal })).rejects.toBeInstanceOf(CancelledError);
    expect(v.starts).toHaveLength(1);
    const broken = new Transport({ domain: 'tech.en.cx', fetch: () => Promise.reject(new TypeError('fetch failed')), pacing: { playerIntervalMs: 0 } });
    await expect(broken.request(broken.url('/x'))).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('wrappers key on declared method names', () => {
  it('the mutation fence wraps exactly the mutating methods and passes every other call through', async () => {
    const calls: string[] = [];
    const engine = Object.fromEntries(ENGINE_METHODS.map((m) => [m, async () => (calls.push(m), m)])) as unknown as Engine;
    let fences = 0;
    const fenced = fenceMutations(engine, () => fences++);
    for (const m of ENGINE_METHODS) {
      const before = fences;
      await (fenced as unknown as Record<string, () => Promise<string>>)[m]!();
      expect(fences - before).toBe((ENGINE_MUTATING_METHODS as readonly string[]).includes(m) ? 2 : 0);
    }
    expect(calls).toEqual([...ENGINE_METHODS]);
  });
});
