/**
 * The copy against in-memory admin state of two domains: the reference's acceptance cases, copies
 * into empty and partly matching games, the zero-change repeat, and every fault ending in an
 * honest "not verified".
 */
import { describe, expect, it } from 'vitest';
import { compareScenarios, copyGame, CopyError, inspectScenario, isZero, type CopyProgress } from '../../src/copy/index.js';
import { demoSourceScenario } from './support/rich-scenario.js';
import { twoDomains, writeCalls } from './support/sessions.js';

const SOURCE = 82864;
const TARGET = 123;

function seeded(options?: { sourceSaved?: boolean }) {
  const d = twoDomains(options);
  d.source.seed(SOURCE, demoSourceScenario());
  d.target.seed(TARGET, { game_title: 'Пустая', levels: [] });
  return d;
}

describe('game copy: acceptance cases', () => {
  it('copy with a zero target, zero source, or same-domain same ID → error; nothing is read or written', async () => {
    const d = seeded();
    const cases = [
      { sourceDomain: 'svk.en.cx', sourceGameId: SOURCE, targetGameId: 0, message: 'source_game_id and target_game_id must be positive' },
      { sourceDomain: 'svk.en.cx', sourceGameId: 0, targetGameId: TARGET, message: 'source_game_id and target_game_id must be positive' },
      { sourceDomain: 'svk.en.cx', sourceGameId: -5, targetGameId: TARGET, message: 'source_game_id and target_game_id must be positive' },
      { sourceDomain: '', sourceGameId: TARGET, targetGameId: TARGET, message: 'Source and target must be different games' },
      { sourceDomain: 'https://TECH.en.cx/', sourceGameId: TARGET, targetGameId: TARGET, message: 'Source and target must be different games' },
    ];
    for (const { message, ...request } of cases) {
      await expect(copyGame(d.sessions, request)).rejects.toThrow(message);
    }
    expect(d.source.calls).toEqual([]);
    expect(d.target.calls).toEqual([]);
  });

  it('the same ID on another domain is a different game and may be copied', async () => {
    const d = twoDomains();
    d.source.seed(TARGET, demoSourceScenario());
    d.target.seed(TARGET, { game_title: 'x', levels: [] });
    const result = await copyGame(d.sessions, { sourceDomain: 'svk.en.cx', sourceGameId: TARGET, targetGameId: TARGET });
    expect(result.verified).toBe(true);
  });

  it('inspect with https://svk.en.cx/ reads the source once with its own session and returns the title and counts', async () => {
    const d = seeded();
    const summary = await inspectScenario(d.sessions, { sourceDomain: 'https://svk.en.cx/', sourceGameId: SOURCE });
    expect(d.opened).toEqual(['svk.en.cx']);
    expect(d.source.calls).toEqual(['checkSession', `exportScenario ${SOURCE}`]);
    expect(d.target.calls).toEqual([]);
    expect(summary).toEqual({
      source_path: `https://svk.en.cx/GameScenario.aspx?gid=${SOURCE}`,
      source_domain: 'svk.en.cx',
      source_game_id: SOURCE,
      title: 'Ночной город (демо)',
      levels: 3,
      tasks: 3,
      hints: 3,
      penalty_hints: 2,
      sectors: 5,
      bonuses: 3,
      comments: 2,
      embedded_assets: 0,
      missing_assets: 0,
    });
  });

  it('cross-domain copy returns success+verified, a repeat copy has zero stats, target content equals the source', async () => {
    const d = seeded();
    const first = await copyGame(d.sessions, { sourceDomain: 'svk.en.cx', sourceGameId: SOURCE, targetGameId: TARGET });
    expect(first).toMatchObject({ success: true, verified: true, game_id: TARGET, target_domain: 'tech.en.cx', source_domain: 'svk.en.cx' });
    expect(first.error).toBeUndefined();
    expect(first.stats).toEqual({
      levels_created: 3,
      names_updated: 3,
      autopass_updated: 2,
      // Written on every level whose sectors were written: a level without sectors hides its rule.
      sector_rules_updated: 3,
      tasks_deleted: 0,
      tasks_created: 3,
      hints_deleted: 0,
      hints_created: 5,
      bonuses_deleted: 0,
      bonuses_created: 3,
      sectors_deleted: 0,
      sectors_created: 5,
      messages_deleted: 0,
      messages_created: 2,
    });
    expect(compareScenarios(await d.source.exportScenario(SOURCE), await d.target.exportScenario(TARGET))).toEqual([]);

    const writesBefore = writeCalls(d.target).length;
    const second = await copyGame(d.sessions, { sourceDomain: 'svk.en.cx', sourceGameId: SOURCE, targetGameId: TARGET });
    expect(second).toMatchObject({ success: true, verified: true });
    expect(isZero(second.stats)).toBe(true);
    expect(writeCalls(d.target).length).toBe(writesBefore);
  });

  it('copy from a domain with no saved session → "No saved session for source domain svk.en.cx"; the target is untouched', async () => {
    const d = seeded({ sourceSaved: false });
    const error = await copyGame(d.sessions, { sourceDomain: 'svk.en.cx', sourceGameId: SOURCE, targetGameId: TARGET }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CopyError);
    expect((error as CopyError).message).toBe('No saved session for source domain svk.en.cx. Log into that domain first');
    expect((error as CopyError).code).toBe('no_source_session');
    expect(d.target.calls).toEqual([]);
  });

  it('a source session without admin rights is refused with the domain named, before the target is read', async () => {
    const d = seeded();
    d.source.faults.noRights = true;
    await expect(copyGame(d.sessions, { sourceDomain: 'svk.en.cx', sourceGameId: SOURCE, targetGameId: TARGET })).rejects.toThrow(
      /^Source domain svk\.en\.cx authentication failed; log into that domain: 302 to GamesManager/,
    );
    expect(d.target.calls).toEqual([]);
  });

  it('a source game without levels is refused before the target is touched', async () => {
    const d = seeded();
    d.source.seed(7, { game_title: 'empty', levels: [] });
    await expect(copyGame(d.sessions, { sourceDomain: 'svk.en.cx', sourceGameId: 7, targetGameId: TARGET })).rejects.toThrow('Source game 7 has no scenario levels');
    expect(d.target.calls).toEqual([]);
  });

  it('the whole source is read before the target sees its first request', async () => {
    const d = seeded();
    const order: string[] = [];
    const trace = (name: string, admin: typeof d.source) => {
      const read = admin.exportScenario.bind(admin);
      admin.exportScenario = async (id) => {
        order.push(`${name} read ${id}`);
        return read(id);
      };
      const verify = admin.checkSession.bind(admin);
      admin.checkSession = async () => {
        order.push(`${name} verify`);
        return verify();
      };
    };
    trace('source', d.source);
    trace('target', d.target);
    await copyGame(d.sessions, { sourceDomain: 'svk.en.cx', sourceGameId: SOURCE, targetGameId: TARGET });
    expect(order.slice(0, 3)).toEqual(['source verify', `source read ${SOURCE}`, 'target verify']);
  });
});

describe('game copy: sync', () => {
  it('into a partly matching game rewrites only what differs', async () => {
    const d = seeded();
    const partial = demoSourceScenario();
    partial.levels = partial.levels.slice(0, 2);
    partial.levels[1]!.hints = [partial.levels[1]!.hints[0]!];
    partial.levels[1]!.sectors[2]!.answers = ['РЫНОК-01'];
    d.target.seed(TARGET, partial);
    const result = await copyGame(d.sessions, { sourceDomain: 'svk.en.cx', sourceGameId: SOURCE, targetGameId: TARGET });
    expect(result.verified).toBe(true);
    expect(result.stats).toMatchObject({
      levels_created: 1,
      names_updated: 1,
      tasks_created: 1,
      tasks_deleted: 0,
      hints_deleted: 1,
      hints_created: 3,
      sectors_deleted: 3,
      sectors_created: 4,
      bonuses_deleted: 0,
      bonuses_created: 0,
    });
  });

  it('a dry run plans the same counts and writes nothing', async () => {
    const d = seeded();
    const plan = await copyGame(d.sessions, { sourceDomain: 'svk.en.cx', sourceGameId: SOURCE, targetGameId: TARGET, dryRun: true });
    expect(plan).toMatchObject({ dry_run: true, success: false, verified: false });
    expect(writeCalls(d.target)).toEqual([]);
    const real = await copyGame(d.sessions, { sourceDomain: 'svk.en.cx', sourceGameId: SOURCE, targetGameId: TARGET });
    expect(real.stats).toEqual(plan.stats);
  });

  it('never deletes extra target levels: a target with more levels is refused before any write', async () => {
    const d = seeded();
    const bigger = demoSourceScenario();
    bigger.levels.push({ ...bigger.levels[0]!, number: 4 });
    d.target.seed(TARGET, bigger);
    await expect(copyGame(d.sessions, { sourceDomain: 'svk.en.cx', sourceGameId: SOURCE, targetGameId: TARGET })).rejects.toThrow(
      /has 4 levels, the source 3; levels are never deleted/,
    );
    expect(writeCalls(d.target)).toEqual([]);
    expect((await d.target.exportScenario(TARGET)).levels).toHaveLength(4);
  });

  it('reports progress per level and step, in order, ending with the verification', async () => {
    const d = seeded();
    const events: CopyProgress[] = [];
    await copyGame(d.sessions, { sourceDomain: 'svk.en.cx', sourceGameId: SOURCE, targetGameId: TARGET, onProgress: (p) => events.push(p) });
    const phases = events.filter((e) => e.kind === 'phase').map((e) => (e.kind === 'phase' ? e.phase : ''));
    expect(phases).toEqual(['read_source', 'check_target', 'create_levels', 'verify']);
    const done = events.filter((e) => e.kind === 'level' && e.step === 'done').map((e) => (e.kind === 'level' ? e.level : 0));
    expect(done).toEqual([1, 2, 3]);
  });
});

describe('game copy: faults end in an honest "not verified"', () => {
  const copy = (d: ReturnType<typeof seeded>) => copyGame(d.sessions, { sourceDomain: 'svk.en.cx', sourceGameId: SOURCE, targetGameId: TARGET });

  it('a task write the engine silently ignores is caught by the read-back', async () => {
    const d = seeded();
    d.target.faults.ignore = 'task';
    const result = await copy(d);
    expect(result).toMatchObject({ success: false, verified: false, error: 'Imported scenario does not match source; do not report completion' });
    expect(result.difference_count).toBeGreaterThanOrEqual(3);
    expect(result.differences).toContain('level 1 tasks: want 1, got 0');
    expect(result.stats.tasks_created).toBe(3);
  });

  it('an autopass change the engine ignores is caught by the read-back', async () => {
    const d = seeded();
    d.target.faults.ignore = 'autopass';
    const result = await copy(d);
    expect(result.verified).toBe(false);
    expect(result.differences?.[0]).toMatch(/^level 2 autopass: want 1800s \(penalty 900s\), got 0s/);
  });

  it('sector answers that do not stick stop the import at that sector, with the stats so far', async () => {
    const d = seeded();
    d.target.faults.ignore = 'sector_answers';
    const result = await copy(d);
    expect(result.success).toBe(false);
    expect(result.verified).toBe(false);
    expect(result.error).toMatch(/^Import interrupted; changes already applied are in stats\. Verify before retrying: level 2: sector "Башня" holds 1 of its 2 answers/);
    // Табличка, Мост and Башня were created; Башня's second answer did not stick.
    expect(result.stats.sectors_created).toBe(3);
  });

  it('no rights on the target is refused before any write', async () => {
    const d = seeded();
    d.target.faults.noRights = true;
    await expect(copy(d)).rejects.toThrow(/^Target domain tech\.en\.cx authentication failed/);
    expect(writeCalls(d.target)).toEqual([]);
  });

  it.each([1, 2, 5, 12, 25])('a connection lost on write %i reports an interrupted import with what was applied', async (n) => {
    const d = seeded();
    d.target.faults.dropOnWrite = n;
    const result = await copy(d);
    expect(result.success).toBe(false);
    expect(result.verified).toBe(false);
    expect(result.error).toBe('Import interrupted; changes already applied are in stats. Verify before retrying: connection reset');
    // Every write before the failing one is counted: a level creation by the levels it made, an
    // answer batch as part of its sector.
    const weight = (call: string) => (call === 'createLevels' ? 3 : call.startsWith('addSectorAnswers') ? 0 : 1);
    const applied = writeCalls(d.target).slice(0, n - 1).reduce((sum, call) => sum + weight(call), 0);
    expect(Object.values(result.stats).reduce((a, b) => a + b, 0)).toBe(applied);
    // After the connection comes back, a retry finishes the copy and verifies.
    d.target.faults = {};
    (d.target as unknown as { dropped: boolean }).dropped = false;
    expect((await copy(d)).verified).toBe(true);
  });

  it('a cancelled copy is an interrupted import, never a success', async () => {
    const d = seeded();
    const controller = new AbortController();
    const result = await copyGame(d.sessions, {
      sourceDomain: 'svk.en.cx',
      sourceGameId: SOURCE,
      targetGameId: TARGET,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.kind === 'level' && p.level === 2) controller.abort(new Error('cancelled by the user'));
      },
    });
    expect(result).toMatchObject({ success: false, verified: false });
    expect(result.error).toMatch(/Verify before retrying: cancelled by the user$/);
  });
});
