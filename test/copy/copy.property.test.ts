/** For any scenario and any smaller target: copy, then the target's export equals the source. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareScenarios, copyGame, isZero } from '../../src/copy/index.js';
import { scenario } from './support/arbitraries.js';
import { twoDomains } from './support/sessions.js';
import { fakeDomains } from './support/fake-domains.js';

describe('copy property (in-memory admin)', () => {
  it('copy then export equals the source under the normalisation rule; a repeat changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(scenario(4), scenario(4), async (source, existing) => {
        const d = twoDomains();
        d.source.seed(10, source);
        // The target: a prefix of another scenario, never more levels than the source.
        d.target.seed(20, { ...existing, levels: existing.levels.slice(0, source.levels.length) });
        const first = await copyGame(d.sessions, { sourceDomain: 'svk.en.cx', sourceGameId: 10, targetGameId: 20 });
        expect(first.differences).toBeUndefined();
        expect(first.verified).toBe(true);
        expect(compareScenarios(await d.source.exportScenario(10), await d.target.exportScenario(20))).toEqual([]);
        const second = await copyGame(d.sessions, { sourceDomain: 'svk.en.cx', sourceGameId: 10, targetGameId: 20 });
        expect(second.verified).toBe(true);
        expect(isZero(second.stats)).toBe(true);
      }),
      { numRuns: 100 },
    );
  }, 60_000);
});

describe('copy property (fake engine in-process, real pages and parser)', () => {
  it('copy then export equals the source under the normalisation rule; a repeat changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(scenario(3), scenario(2), async (source, existing) => {
        const d = await fakeDomains({
          transport: 'in-process',
          sourceGames: { 10: source },
          targetGames: { 20: { ...existing, levels: existing.levels.slice(0, source.levels.length) } },
        });
        try {
          const first = await copyGame(d.sessions, { sourceDomain: 'svk.en.cx', sourceGameId: 10, targetGameId: 20 });
          expect(first.error).toBeUndefined();
          expect(first.verified).toBe(true);
          const [a, b] = [await d.sourceClient.admin.exportScenario(10), await d.targetClient.admin.exportScenario(20)];
          expect(compareScenarios(a, b)).toEqual([]);
          const second = await copyGame(d.sessions, { sourceDomain: 'svk.en.cx', sourceGameId: 10, targetGameId: 20 });
          expect(isZero(second.stats)).toBe(true);
        } finally {
          await d.close();
        }
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
