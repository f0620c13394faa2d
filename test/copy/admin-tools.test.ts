/**
 * The admin tool set through the catalog: listed only when enabled, arguments and errors as the
 * reference words them, the copy gated by the policy and confirmed with source, target and counts.
 */
import { describe, expect, it } from 'vitest';
import { demoSourceScenario } from './support/rich-scenario.js';
import { createCatalog, type ConfirmationQuestion, type ToolFailure, type ToolSuccess } from '../../src/tools/index.js';
import { stubEngine } from '../tools/support/stub-engine.js';
import { twoDomains, writeCalls } from './support/sessions.js';

function setup(policy: 'readonly' | 'approve' | 'full', options?: { sourceSaved?: boolean }) {
  const d = twoDomains(options);
  d.source.seed(82864, demoSourceScenario());
  d.target.seed(123, { game_title: 'Пустая', levels: [] });
  const catalog = createCatalog(stubEngine(), { policy, admin: d.sessions });
  return { ...d, catalog };
}

const yes = async () => true;

describe('admin tools in the catalog', () => {
  it('are absent unless the catalog is given the admin option', () => {
    const names = createCatalog(stubEngine(), { policy: 'full' }).all().map((t) => t.name);
    expect(names).not.toContain('inspect_game_scenario');
    expect(names).not.toContain('admin_copy_game');
  });

  it('tool list contains inspect_game_scenario, and admin_copy_game declares source_domain', () => {
    const { catalog } = setup('approve');
    const inspect = catalog.lookup('inspect_game_scenario');
    const copy = catalog.lookup('admin_copy_game');
    expect(inspect?.meta).toMatchObject({ readOnly: true });
    expect(copy?.inputSchema.properties).toHaveProperty('source_domain');
    expect(copy?.inputSchema.required).toEqual(['source_game_id', 'target_game_id']);
    expect(copy).toMatchObject({ mutating: true, meta: { readOnly: false, destructive: true, idempotent: true } });
  });

  it('read-only hides and refuses the copy but keeps the inspection', async () => {
    const { catalog, target } = setup('readonly');
    expect(catalog.tools().map((t) => t.name)).toContain('inspect_game_scenario');
    expect(catalog.tools().map((t) => t.name)).not.toContain('admin_copy_game');
    const out = await catalog.call('admin_copy_game', { source_domain: 'svk.en.cx', source_game_id: 82864, target_game_id: 123 });
    expect(out).toMatchObject({ ok: false, kind: 'refused_by_policy' });
    expect(target.calls).toEqual([]);
  });

  it('inspect returns the counts; the copy is confirmed with source, target and counts, then verified', async () => {
    const { catalog, target } = setup('approve');
    const inspected = (await catalog.call('inspect_game_scenario', { source_domain: 'https://svk.en.cx/', source_game_id: '82864' })) as ToolSuccess;
    expect(inspected.ok).toBe(true);
    expect(inspected.json).toMatchObject({ title: 'Ночной город (демо)', levels: 3, sectors: 5, source_domain: 'svk.en.cx' });

    const prepared = catalog.prepare('admin_copy_game', { source_domain: 'svk.en.cx', source_game_id: 82864, target_game_id: 123, note: 'harmless' });
    if (!prepared.ok) throw new Error(prepared.message);
    const question = prepared.call.question as ConfirmationQuestion;
    expect(question.text).toBe(
      'Copy the scenario of game 82864 on svk.en.cx ("Ночной город (демо)": 3 levels, 3 tasks, 3 hints, 2 penalty hints, 5 sectors, 3 bonuses, 2 comments) ' +
        'into game 123 on tech.en.cx? Parts of game 123 that differ are overwritten and cannot be restored; extra levels are kept.',
    );
    expect(question.facts.map((f) => f.label)).toEqual(['Target', 'Source', 'Title', 'Content']);
    expect(JSON.stringify(question)).not.toContain('harmless');

    const asked: ConfirmationQuestion[] = [];
    const out = (await catalog.execute(prepared.call, { confirm: async (q) => (asked.push(q), true) })) as ToolSuccess;
    expect(asked).toHaveLength(1);
    expect(out.ok).toBe(true);
    expect(out.json).toMatchObject({ success: true, verified: true, game_id: 123, target_domain: 'tech.en.cx' });
    expect(writeCalls(target).length).toBeGreaterThan(0);
  });

  it('a declined copy writes nothing', async () => {
    const { catalog, target } = setup('approve');
    await catalog.call('inspect_game_scenario', { source_domain: 'svk.en.cx', source_game_id: 82864 });
    const out = await catalog.call('admin_copy_game', { source_domain: 'svk.en.cx', source_game_id: 82864, target_game_id: 123 }, { confirm: async () => false });
    expect(out).toMatchObject({ ok: false, kind: 'declined' });
    expect(writeCalls(target)).toEqual([]);
  });

  it('a copy of a source never inspected is refused before anything is read or asked', async () => {
    const { catalog, source, target } = setup('approve');
    const out = (await catalog.call('admin_copy_game', { source_domain: 'svk.en.cx', source_game_id: 82864, target_game_id: 123 }, { confirm: yes })) as ToolFailure;
    expect(out).toMatchObject({ ok: false, kind: 'bad_argument', code: 'not_inspected' });
    expect(out.message).toMatch(/call inspect_game_scenario with the same source first/);
    expect(source.calls).toEqual([]);
    expect(target.calls).toEqual([]);
  });

  it('a source that changed since the inspection is refused before the target is touched', async () => {
    const { catalog, source, target } = setup('full');
    await catalog.call('inspect_game_scenario', { source_domain: 'svk.en.cx', source_game_id: 82864 });
    const grown = demoSourceScenario();
    grown.levels.push({ ...grown.levels[2]!, number: 4 });
    source.seed(82864, grown);
    const out = (await catalog.call('admin_copy_game', { source_domain: 'svk.en.cx', source_game_id: 82864, target_game_id: 123 })) as ToolFailure;
    expect(out.ok).toBe(false);
    expect(out.code).toBe('source_changed');
    expect(out.message).toMatch(/changed since it was inspected \(levels 3 → 4/);
    expect(target.calls).toEqual([]);
  });

  it.each([
    [{ source_game_id: 82864, target_game_id: 0 }, 'source_game_id and target_game_id must be positive', 'target_game_id'],
    [{ source_game_id: 0, target_game_id: 123 }, 'source_game_id and target_game_id must be positive', 'source_game_id'],
    [{ source_game_id: 123, target_game_id: 123 }, 'Source and target must be different games', 'target_game_id'],
    [{ source_domain: 'svk.en.cx.evil.example', source_game_id: 1, target_game_id: 123 }, 'source_domain must be an Encounter hostname such as svk.en.cx', 'source_domain'],
  ])('copy arguments %j → %s', async (args, message, argument) => {
    const { catalog, source, target } = setup('full');
    const out = (await catalog.call('admin_copy_game', args)) as ToolFailure;
    expect(out).toMatchObject({ ok: false, kind: 'bad_argument', message, argument });
    expect(source.calls).toEqual([]);
    expect(target.calls).toEqual([]);
  });

  it('inspect with no saved session on the source domain is a lost session there', async () => {
    const { catalog } = setup('full', { sourceSaved: false });
    const out = (await catalog.call('inspect_game_scenario', { source_domain: 'svk.en.cx', source_game_id: 82864 })) as ToolFailure;
    expect(out).toMatchObject({ ok: false, kind: 'session_expired', domain: 'svk.en.cx', code: 'no_saved_session' });
    expect(out.message).toBe('No saved session for source domain svk.en.cx. Log into that domain first');
  });

  it('inspect with game_id absent, 0 or -1 says it must be positive', async () => {
    const { catalog } = setup('full');
    for (const value of [0, -1]) {
      const out = (await catalog.call('inspect_game_scenario', { source_game_id: value })) as ToolFailure;
      expect(out).toMatchObject({ ok: false, kind: 'bad_argument', message: 'source_game_id must be positive' });
    }
    const absent = (await catalog.call('inspect_game_scenario', {})) as ToolFailure;
    expect(absent).toMatchObject({ ok: false, kind: 'bad_argument', argument: 'source_game_id' });
  });

  it('an interrupted copy is returned as not done, with the stats of what was written', async () => {
    const { catalog, target } = setup('full');
    await catalog.call('inspect_game_scenario', { source_domain: 'svk.en.cx', source_game_id: 82864 });
    target.faults.dropOnWrite = 4;
    const out = (await catalog.call('admin_copy_game', { source_domain: 'svk.en.cx', source_game_id: 82864, target_game_id: 123 })) as ToolSuccess;
    expect(out.json).toMatchObject({ success: false, verified: false, error: expect.stringMatching(/^Import interrupted; .* Verify before retrying: connection reset$/) });
    expect((out.json as { stats: { levels_created: number } }).stats.levels_created).toBe(3);
  });
});
