import { describe, expect, it } from 'vitest';
import {
  createDemoDomains,
  DEMO_SOURCE_AUTHOR,
  DEMO_SOURCE_SCENARIO,
  DEMO_TARGET_AUTHOR,
  DEMO_TARGET_GAME_ID,
} from '../../../src/demo/demo-admin.js';
import { EncounterClient } from '../../../src/engine/client.js';
import { NO_PACING } from '../../../src/engine/transport.js';

describe('the offline demo domains', () => {
  it('the source game exports with every kind of content; the target is empty; accounts are per domain', async () => {
    const { source, target, fetch } = createDemoDomains();
    const svk = new EncounterClient({ domain: source.domain, baseUrl: source.url, fetch, pacing: NO_PACING });
    const tech = new EncounterClient({ domain: target.domain, baseUrl: target.url, fetch, pacing: NO_PACING });
    await svk.admin.signIn(DEMO_SOURCE_AUTHOR.login, DEMO_SOURCE_AUTHOR.password);
    await tech.admin.signIn(DEMO_TARGET_AUTHOR.login, DEMO_TARGET_AUTHOR.password);
    const doc = await svk.admin.exportScenario(DEMO_SOURCE_SCENARIO.game_id);
    expect(doc).toEqual(DEMO_SOURCE_SCENARIO);
    const levels = doc.levels;
    expect(levels.some((l) => l.penalty_hints.length > 0)).toBe(true);
    expect(levels.some((l) => l.bonuses.some((b) => b.negative))).toBe(true);
    expect(levels.every((l) => l.bonuses.some((b) => b.levels.kind === 'all'))).toBe(true);
    expect(levels.some((l) => l.autopass_penalty_seconds > 0)).toBe(true);
    expect(Math.max(...levels.flatMap((l) => l.sectors.map((s) => s.answers.length)))).toBeGreaterThan(10);
    expect(await tech.admin.listLevels(DEMO_TARGET_GAME_ID)).toEqual([]);
    await expect(tech.admin.exportScenario(DEMO_SOURCE_SCENARIO.game_id)).rejects.toMatchObject({ name: 'AdminAccessDeniedError' });
    await expect(fetch('http://example.com/')).rejects.toThrow(/no fake engine serves example.com/);
  });
});
