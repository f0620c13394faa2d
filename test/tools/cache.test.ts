/**
 * The read cache, over the fake Encounter server (real HTTP). A fake clock drives the TTL.
 * Reference acceptance cases covered: 19, 20, 21, 22, 23, 24, 28, 46 (info served from the cache),
 * 50; beyond the reference: keys after coercion, single-flight, a *failed* mutation also clears.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DemoEngine } from '../../src/demo/index.js';
import { failureText } from '../../src/tools/index.js';
import type { ToolOutcome } from '../../src/tools/types.js';
import { catalogOver, createDemoEngine } from './support/catalog-fixture.js';

const TTL = 60_000;
const COLLAGE = '/GameImages/demo/collage.jpg';

let demo: DemoEngine;
let clock = 0;
beforeEach(async () => {
  demo = await createDemoEngine();
  clock = 1_000_000;
});
afterEach(async () => {
  await demo.close();
});

function cached() {
  return catalogOver(demo, { policy: 'full', readCacheTTL: TTL, now: () => clock });
}

function expectOk(outcome: ToolOutcome): void {
  if (!outcome.ok) throw new Error(failureText(outcome));
}

describe('read cache', () => {
  it('case 19: identical reads within the TTL hit the engine once; keys are compared after coercion', async () => {
    const { catalog, engine } = cached();
    expectOk(await catalog.call('enc_game_state', { game_id: demo.gameId }));
    expectOk(await catalog.call('enc_game_state', { game_id: String(demo.gameId) }));
    expectOk(await catalog.call('enc_game_state', { game_id: ` ${demo.gameId} `, ignored_extra: true }));
    expect(engine.count('getGameModel')).toBe(1);
  });

  it('identical concurrent reads share one engine call', async () => {
    const { catalog, engine } = cached();
    const outcomes = await Promise.all([1, 2, 3].map(() => catalog.call('enc_level', { game_id: demo.gameId })));
    outcomes.forEach(expectOk);
    expect(engine.count('getGameModel')).toBe(1);
  });

  it('each caller gets its own copy of a cached result', async () => {
    const { catalog } = cached();
    const first = await catalog.call('enc_profile', {});
    if (!first.ok) throw new Error(failureText(first));
    (first.json as Record<string, unknown>)['login'] = 'tampered';
    const second = await catalog.call('enc_profile', {});
    expect(second.ok && (second.json as Record<string, unknown>)['login']).toBe('player1');
  });

  it('case 20: different arguments are different entries', async () => {
    const { catalog, engine } = cached();
    expectOk(await catalog.call('enc_level', { game_id: 20202, level_number: 1 }));
    expectOk(await catalog.call('enc_level', { game_id: 20202, level_number: 2 }));
    expectOk(await catalog.call('enc_level', { game_id: 20202, level_number: 1 }));
    expect(engine.count('getGameModelLevel')).toBe(2);
  });

  it('case 21: a submission in between forces a fresh read', async () => {
    const { catalog, engine } = cached();
    expectOk(await catalog.call('enc_game_state', { game_id: demo.gameId }));
    expectOk(await catalog.call('enc_send_code', { game_id: demo.gameId, code: 'yellow' }));
    const after = await catalog.call('enc_game_state', { game_id: demo.gameId });
    expect(engine.count('getGameModel')).toBe(3);
    expect(JSON.stringify(after.ok && after.json)).toContain('"answer":"yellow"');
  });

  it('a submission that reached the engine and failed also clears the cache', async () => {
    const { catalog, engine } = cached();
    expectOk(await catalog.call('enc_game_state', { game_id: demo.gameId }));
    demo.fake.faults = { antiSpamOnSubmission: [1] };
    const failed = await catalog.call('enc_send_code', { game_id: demo.gameId, code: 'yellow' });
    expect(failed.ok).toBe(false);
    expect(engine.count('sendCode')).toBe(1);
    demo.fake.faults = {};
    expectOk(await catalog.call('enc_game_state', { game_id: demo.gameId }));
    expect(engine.count('getGameModel')).toBe(3);
  });

  it('a refused mutation does not clear the cache (it never reached the engine)', async () => {
    const { catalog, engine } = catalogOver(demo, { policy: 'approve', readCacheTTL: TTL, now: () => clock });
    expectOk(await catalog.call('enc_game_state', { game_id: demo.gameId }));
    expect((await catalog.call('enc_send_code', { game_id: demo.gameId, code: 'x' }, { confirm: async () => false })).ok).toBe(false);
    expectOk(await catalog.call('enc_game_state', { game_id: demo.gameId }));
    expect(engine.count('getGameModel')).toBe(1);
  });

  it('case 22: invalidateCache forces a re-read', async () => {
    const { catalog, engine } = cached();
    expectOk(await catalog.call('enc_profile', {}));
    catalog.invalidateCache();
    expectOk(await catalog.call('enc_profile', {}));
    expect(engine.count('getProfile')).toBe(2);
  });

  it('case 23: an entry is fresh up to the TTL and re-read after it', async () => {
    const { catalog, engine } = cached();
    expectOk(await catalog.call('enc_profile', {}));
    clock += TTL;
    expectOk(await catalog.call('enc_profile', {}));
    expect(engine.count('getProfile')).toBe(1);
    clock += 1;
    expectOk(await catalog.call('enc_profile', {}));
    expect(engine.count('getProfile')).toBe(2);
  });

  it('case 24: without a TTL every read hits the engine; invalidateCache is safe', async () => {
    const { catalog, engine } = catalogOver(demo, { policy: 'full' });
    expectOk(await catalog.call('enc_profile', {}));
    expectOk(await catalog.call('enc_profile', {}));
    catalog.invalidateCache();
    expect(engine.count('getProfile')).toBe(2);
  });

  it('image info is memoized by URL even without a read cache; invalidateCache and age clear it, submissions do not', async () => {
    const { catalog, engine } = catalogOver(demo, { policy: 'full', now: () => clock });
    const fetches = () => engine.count('fetchResource');
    expectOk(await catalog.call('enc_image_info', { url: COLLAGE }));
    expectOk(await catalog.call('enc_image_info', { url: ` ${COLLAGE} ` }));
    expect(fetches()).toBe(1);
    expectOk(await catalog.call('enc_send_code', { game_id: demo.gameId, code: 'yellow' }));
    expectOk(await catalog.call('enc_image_info', { url: COLLAGE }));
    expect(fetches()).toBe(1);
    catalog.invalidateCache();
    expectOk(await catalog.call('enc_image_info', { url: COLLAGE }));
    expect(fetches()).toBe(2);
    clock += 10 * 60_000 + 1;
    expectOk(await catalog.call('enc_image_info', { url: COLLAGE }));
    expect(fetches()).toBe(3);
  });

  it('failures are not cached', async () => {
    const { catalog, engine } = cached();
    expect((await catalog.call('enc_level', { game_id: demo.gameId, level_number: 2 })).ok).toBe(false);
    expect((await catalog.call('enc_level', { game_id: demo.gameId, level_number: 2 })).ok).toBe(false);
    expect(engine.count('getGameModelLevel')).toBe(2);
  });

  it('cases 28, 46, 50: pictures are fetched every time; image info is served from the cache', async () => {
    const { catalog, engine } = cached();
    for (let i = 0; i < 2; i++) {
      const view = await catalog.call('enc_view_image', { url: COLLAGE });
      expect(view.ok && view.images).toHaveLength(1);
      const split = await catalog.call('enc_split_image', { url: COLLAGE });
      expect(split.ok && split.images).toHaveLength(3);
      const crop = await catalog.call('enc_crop_image', { url: COLLAGE, width: '50%' });
      expect(crop.ok && crop.images).toHaveLength(1);
      expectOk(await catalog.call('enc_image_info', { url: COLLAGE }));
    }
    expect(engine.calls.filter((c) => c.method === 'fetchResource')).toHaveLength(2 * 3 + 1);
  });
});
