/**
 * The copy against the fake engine's editor side, over real HTTP and in-process: the reference's
 * acceptance cases, the contract's fixture exports as games, empty / partly matching / repeated
 * copies, every admin fault ending in an honest "not verified", and the source never seeing the
 * target's cookies.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { compareScenarios, copyGame, inspectScenario, isZero, type ScenarioDocument } from '../../src/copy/index.js';
import { demoSourceScenario } from './support/rich-scenario.js';
import { emptyGame, fakeDomains, type FakeDomains } from './support/fake-domains.js';
import { FIXTURE_GAMES } from './support/fixture-games.js';

const SOURCE = 82864;
const TARGET = 123;

describe.each(['http', 'in-process'] as const)('copy over the fake engine (%s)', (transport) => {
  let d: FakeDomains | undefined;
  afterEach(async () => {
    await d?.close();
    d = undefined;
  });

  async function domains(source: ScenarioDocument = demoSourceScenario(), target: ScenarioDocument = emptyGame(), sourceSaved = true) {
    d = await fakeDomains({ transport, sourceGames: { [SOURCE]: source }, targetGames: { [TARGET]: target }, sourceSaved });
    return d;
  }
  const copy = (dd: FakeDomains) => copyGame(dd.sessions, { sourceDomain: 'svk.en.cx', sourceGameId: SOURCE, targetGameId: TARGET });
  const exported = (dd: FakeDomains, side: 'source' | 'target', id: number) =>
    (side === 'source' ? dd.sourceClient : dd.targetClient).admin.exportScenario(id);

  it('inspect with https://svk.en.cx/ reads the source once, GET only, and leaves the destination untouched', async () => {
    const dd = await domains();
    const sourceBefore = dd.source.requests.length;
    const targetBefore = dd.target.requests.length;
    const summary = await inspectScenario(dd.sessions, { sourceDomain: 'https://svk.en.cx/', sourceGameId: SOURCE });
    expect(summary).toMatchObject({ title: 'Ночной город (демо)', levels: 3, tasks: 3, hints: 3, penalty_hints: 2, sectors: 5, bonuses: 3, comments: 2 });
    const reads = dd.source.requests.slice(sourceBefore);
    expect(reads.every((r) => r.method === 'GET')).toBe(true);
    expect(reads.filter((r) => r.path.toLowerCase() === '/gamescenario.aspx')).toHaveLength(1);
    expect(dd.target.requests.length).toBe(targetBefore);
  });

  it('cross-domain copy returns success+verified, a repeat copy has zero stats, target content equals the source', async () => {
    const dd = await domains();
    const first = await copy(dd);
    expect(first).toMatchObject({ success: true, verified: true });
    expect(compareScenarios(await exported(dd, 'source', SOURCE), await exported(dd, 'target', TARGET))).toEqual([]);
    const writesBefore = dd.target.requests.filter((r) => r.method === 'POST').length;
    const second = await copy(dd);
    expect(second).toMatchObject({ success: true, verified: true });
    expect(isZero(second.stats)).toBe(true);
    expect(dd.target.requests.filter((r) => r.method === 'POST').length).toBe(writesBefore);
  });

  it('copy from a domain with no saved session → "No saved session for source domain svk.en.cx"', async () => {
    const dd = await domains(undefined, undefined, false);
    const before = dd.target.requests.length;
    await expect(copy(dd)).rejects.toThrow('No saved session for source domain svk.en.cx. Log into that domain first');
    expect(dd.target.requests.length).toBe(before);
  });

  it('the source domain never sees a request carrying the target\'s cookies', async () => {
    const dd = await domains();
    await copy(dd);
    const targetValues = dd.targetClient.exportCookies().map((c) => c.value).filter((v) => v.length >= 8);
    expect(targetValues.length).toBeGreaterThan(0);
    const sourceCookies = dd.source.requests.map((r) => r.cookie);
    expect(sourceCookies.some((c) => c !== '')).toBe(true);
    for (const value of targetValues) expect(sourceCookies.filter((c) => c.includes(value))).toEqual([]);
  });

  it('adds a sector\'s answers at most ten per request', async () => {
    const dd = await domains();
    await copy(dd);
    const answerPosts = dd.target.requests.filter((r) => r.method === 'POST' && Object.keys(r.body).some((k) => k.startsWith('txtAnswer_')));
    const perPost = answerPosts.map((r) => Object.keys(r.body).filter((k) => k.startsWith('txtAnswer_') && r.body[k] !== '').length);
    expect(Math.max(...perPost)).toBeLessThanOrEqual(10);
    // 5 sectors; the 23-answer one needs its first answer plus three batches.
    expect(perPost.reduce((a, b) => a + b, 0)).toBe(1 + 1 + 2 + 23 + 1);
  });

  it('into a partly matching game rewrites only what differs and keeps what matches', async () => {
    const partial = demoSourceScenario();
    partial.levels = partial.levels.slice(0, 2);
    partial.levels[1]!.hints = [partial.levels[1]!.hints[0]!];
    partial.levels[1]!.name = 'Старая карта';
    const dd = await domains(undefined, partial);
    const result = await copy(dd);
    expect(result.verified).toBe(true);
    expect(result.stats).toMatchObject({ levels_created: 1, names_updated: 2, tasks_deleted: 0, sectors_deleted: 0, bonuses_deleted: 0, hints_deleted: 1 });
    expect(isZero((await copy(dd)).stats)).toBe(true);
  });

  it.each(Object.entries(FIXTURE_GAMES))('fixture game "%s" copies into an empty game and verifies', async (_name, build) => {
    const dd = await domains(build());
    const result = await copy(dd);
    expect(result.differences).toBeUndefined();
    expect(result).toMatchObject({ success: true, verified: true });
    expect(compareScenarios(await exported(dd, 'source', SOURCE), await exported(dd, 'target', TARGET))).toEqual([]);
    expect(isZero((await copy(dd)).stats)).toBe(true);
  });

  describe('faults end in an honest "not verified" with the stats so far', () => {
    it('every write silently refused', async () => {
      const dd = await domains();
      dd.target.faults.admin = { ignoreWrites: true };
      const result = await copy(dd);
      expect(result.success).toBe(false);
      expect(result.verified).toBe(false);
      expect(result.error).toMatch(/^Import interrupted; changes already applied are in stats\. Verify before retrying: /);
    });

    it.each(['task', 'hint', 'bonus', 'message', 'answers', 'name', 'sector-rule'] as const)('"%s" writes silently refused', async (kind) => {
      const dd = await domains();
      dd.target.faults.admin = { ignoreWrites: [kind] };
      const result = await copy(dd);
      expect(result.success).toBe(false);
      expect(result.verified).toBe(false);
      expect(result.error).toMatch(/^(Import interrupted; changes already applied are in stats\. Verify before retrying: |Imported scenario does not match source; do not report completion$)/);
    });

    it('an autopass the engine keeps because the game has participants', async () => {
      const dd = await domains();
      dd.target.admin.get(TARGET)!.hasParticipants = true;
      const result = await copy(dd);
      expect(result).toMatchObject({ success: false, verified: false });
      expect(result.stats.levels_created).toBe(3);
      expect(result.stats.autopass_updated).toBe(0);
    });

    it('no rights on the target: refused before any write', async () => {
      const dd = await domains();
      dd.target.faults.admin = { noRights: true };
      const posts = dd.target.requests.filter((r) => r.method === 'POST').length;
      await expect(copy(dd)).rejects.toThrow(/^(Target domain tech\.en\.cx authentication failed|Read target game 123 scenario)/);
      expect(dd.target.requests.filter((r) => r.method === 'POST').length).toBe(posts);
    });

    it('no rights on the source: refused before the target is touched', async () => {
      const dd = await domains();
      dd.source.faults.admin = { noRights: true };
      const before = dd.target.requests.length;
      await expect(copy(dd)).rejects.toThrow(/^(Source domain svk\.en\.cx authentication failed|Read source game 82864 scenario)/);
      expect(dd.target.requests.length).toBe(before);
    });

    it.each([0, 1, 4, 9, 20])('the connection drops after %i applied writes', async (n) => {
      const dd = await domains();
      dd.target.faults.admin = { dropWritesAfter: n };
      const result = await copy(dd);
      expect(result).toMatchObject({ success: false, verified: false });
      expect(result.error).toMatch(/^Import interrupted; changes already applied are in stats\. Verify before retrying: /);
      const counted = Object.values(result.stats).reduce((a, b) => a + b, 0);
      expect(counted).toBeLessThanOrEqual(n + 2);
      // Once the connection is back, the same copy completes and verifies.
      dd.target.faults.admin = {};
      expect((await copy(dd)).verified).toBe(true);
    });
  });
});
