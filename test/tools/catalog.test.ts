/**
 * The catalog over the fake Encounter server (real HTTP on 127.0.0.1, real client, signed in).
 * Reference acceptance cases covered: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
 * 18 (published tools all start with enc_), 29, 55, 56.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORM_GAME_ID, UPCOMING_GAME_ID, type DemoEngine } from '../../src/demo/index.js';
import { CatalogConfigError, createCatalog, failureText, parsePolicy } from '../../src/tools/index.js';
import type { Catalog, ConfirmationQuestion, ToolFailure, ToolOutcome } from '../../src/tools/types.js';
import { catalogOver, createDemoEngine } from './support/catalog-fixture.js';
import type { RecordingEngine } from './support/recording-engine.js';

const READ_TOOLS = [
  'enc_profile',
  'enc_team',
  'enc_domain_games',
  'enc_game_list',
  'enc_game_timeout',
  'enc_game_state',
  'enc_level',
  'enc_action_log',
  'enc_view_image',
  'enc_image_info',
  'enc_crop_image',
  'enc_split_image',
  'enc_game_statistics',
];
const MUTATING_TOOLS = ['enc_send_code', 'enc_send_bonus_code', 'enc_take_penalty_hint', 'enc_enter_game'];

let demo: DemoEngine;
beforeEach(async () => {
  demo = await createDemoEngine();
});
afterEach(async () => {
  await demo.close();
});

function ok(outcome: ToolOutcome): Record<string, unknown> {
  if (!outcome.ok) throw new Error(`expected success, got ${outcome.kind}: ${failureText(outcome)}`);
  return outcome.json as Record<string, unknown>;
}

function failure(outcome: ToolOutcome): ToolFailure & { error: string } {
  if (outcome.ok) throw new Error(`expected a failure, got ${JSON.stringify(outcome.json)}`);
  return { ...outcome, error: failureText(outcome) };
}

function full(): { catalog: Catalog; engine: RecordingEngine } {
  return catalogOver(demo, { policy: 'full' });
}

describe('construction (cases 1, 2)', () => {
  it('parses policies', () => {
    expect(parsePolicy('')).toBe('approve');
    expect(parsePolicy(undefined)).toBe('approve');
    for (const p of ['readonly', 'approve', 'full'] as const) expect(parsePolicy(p)).toBe(p);
    expect(() => parsePolicy('yolo')).toThrow('agenttools: unknown policy "yolo" (want readonly, approve or full)');
  });

  it('rejects a missing engine, an unknown policy, a bad TTL; approve is the default and needs no confirmer up front', () => {
    expect(() => createCatalog(undefined as never, { policy: 'full' })).toThrow('agenttools: engine is required');
    expect(() => createCatalog(demo.engine, { policy: 'yolo' })).toThrow(CatalogConfigError);
    expect(() => createCatalog(demo.engine, { policy: 'full', readCacheTTL: -1 })).toThrow('readCacheTTL');
    expect(createCatalog(demo.engine).policy).toBe('approve');
  });
});

describe('tool list (cases 3, 4, 17, 18, 55)', () => {
  it('publishes the 17 tools in the reference order; exactly four mutate', () => {
    const { catalog } = full();
    expect(catalog.all().map((t) => t.name)).toEqual([...READ_TOOLS, ...MUTATING_TOOLS]);
    expect(catalog.tools().filter((t) => t.mutating).map((t) => t.name)).toEqual(MUTATING_TOOLS);
    expect(catalog.tools().every((t) => t.name.startsWith('enc_'))).toBe(true);
    const cacheable = catalog.all().filter((t) => t.cacheable).map((t) => t.name);
    expect(cacheable).not.toContain('enc_view_image');
    expect(cacheable).not.toContain('enc_crop_image');
    expect(cacheable).not.toContain('enc_split_image');
    expect(cacheable).toContain('enc_image_info');
  });

  it('readonly hides the mutating tools from tools() but all() and lookup() still have them', () => {
    const { catalog } = catalogOver(demo, { policy: 'readonly' });
    expect(catalog.tools().map((t) => t.name)).toEqual(READ_TOOLS);
    expect(catalog.all()).toHaveLength(17);
    expect(catalog.lookup('enc_send_code')?.mutating).toBe(true);
    for (const name of ['enc_view_image', 'enc_image_info', 'enc_crop_image', 'enc_split_image']) {
      expect(catalog.tools().find((t) => t.name === name)?.mutating).toBe(false);
    }
  });

  it('send_code schema: object, game_id+code required, three properties; edits to a copy do not leak', () => {
    const { catalog } = full();
    const schema = catalog.lookup('enc_send_code')!.inputSchema;
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(['game_id', 'code']);
    expect(Object.keys(schema.properties).sort()).toEqual(['code', 'game_id', 'level_number']);
    expect(schema.properties['game_id']!['type']).toBe('integer');
    schema.required!.push('evil');
    schema.properties['evil'] = { type: 'string' };
    const again = catalog.lookup('enc_send_code')!.inputSchema;
    expect(again.required).toEqual(['game_id', 'code']);
    expect(again.properties['evil']).toBeUndefined();
  });
});

describe('read tools over HTTP (cases 10, 11, 13, 15)', () => {
  it('game_state projects the active level; action_log shows a submitted code', async () => {
    const { catalog } = full();
    ok(await catalog.call('enc_send_code', { game_id: demo.gameId, code: 'yellow' }));
    const state = ok(await catalog.call('enc_game_state', { game_id: demo.gameId }));
    expect(state['game_id']).toBe(demo.gameId);
    expect(state['title']).toBe('Город загадок (demo)');
    const level = state['current_level'] as Record<string, unknown>;
    expect(level['number']).toBe(1);
    const sectors = level['sectors'] as Array<Record<string, unknown>>;
    expect(sectors).toHaveLength(3);
    expect(sectors[0]).toMatchObject({ name: 'Круг', is_answered: true, answer: 'yellow' });
    expect(JSON.stringify(state)).not.toMatch(/<p>|<img|TaskTextFormatted|ReplaceNlToBr/);
    expect((level['tasks'] as string[])[0]).toContain(`[picture "collage": ${demo.fake.url}/GameImages/demo/collage.jpg]`);
    expect(level['images']).toEqual([{ url: `${demo.fake.url}/GameImages/demo/collage.jpg`, where: 'task' }]);
    const log = ok(await catalog.call('enc_action_log', { game_id: demo.gameId }));
    expect(JSON.stringify(log)).toContain('"answer":"yellow"');
    expect(log['level_number']).toBe(1);
  });

  it('enc_level reads the active level, or a storm level by number; a string game_id is accepted', async () => {
    const { catalog, engine } = full();
    const active = ok(await catalog.call('enc_level', { game_id: String(demo.gameId) }));
    expect(active['number']).toBe(1);
    expect(engine.calls.map((c) => c.method)).toEqual(['getGameModel']);
    const storm = ok(await catalog.call('enc_level', { game_id: STORM_GAME_ID, level_number: '2' }));
    expect(storm).toMatchObject({ number: 2, name: 'Штурм 2', tasks: ['2+2?'] });
    expect(engine.calls[1]).toEqual({ method: 'getGameModelLevel', args: [STORM_GAME_ID, 2] });
  });

  it('level_number on a linear game is refused with what to do instead', async () => {
    const { catalog } = full();
    const err = failure(await catalog.call('enc_level', { game_id: demo.gameId, level_number: 2 }));
    expect(err.error).toContain(`game ${demo.gameId} did not return assault level 2`);
    expect(err.error).toContain('Omit it');
  });

  it("a game that has not started fails with the engine's reason, prefixed by the tool", async () => {
    const { catalog } = full();
    const err = failure(await catalog.call('enc_level', { game_id: UPCOMING_GAME_ID }));
    expect(err).toMatchObject({ kind: 'engine', code: 'not_started', retryable: false });
    expect(err.error).toMatch(/^enc_level failed: .*not started/);
  });

  it('enc_team without team_id reads the profile first', async () => {
    const { catalog, engine } = full();
    const team = ok(await catalog.call('enc_team', {}));
    expect(team).toMatchObject({ team_id: 5150, team_name: 'Demo Team' });
    expect(engine.calls.map((c) => c.method)).toEqual(['getProfile', 'getTeamManagementInfo']);
    expect(engine.calls[1]!.args).toEqual([5150]);
  });

  it('profile, domain games, game list, timeout and statistics return compact JSON', async () => {
    const { catalog } = full();
    expect(ok(await catalog.call('enc_profile', {}))).toMatchObject({ login: 'player1', team_id: 5150 });
    const games = (await catalog.call('enc_domain_games', undefined)) as { ok: true; json: Array<{ gameId: number }> };
    expect(games.json.map((g) => g.gameId)).toEqual([demo.gameId, STORM_GAME_ID, UPCOMING_GAME_ID]);
    const list = ok(await catalog.call('enc_game_list', {}));
    expect((list['coming_games'] as Array<{ game_id: number }>).map((g) => g.game_id)).toEqual([UPCOMING_GAME_ID]);
    expect(typeof (list['active_games'] as Array<{ starts_at: number }>)[0]!.starts_at).toBe('number');
    const timeout = ok(await catalog.call('enc_game_timeout', { game_id: UPCOMING_GAME_ID }));
    expect(timeout['game_id']).toBe(UPCOMING_GAME_ID);
    expect(timeout['seconds_to_start']).toBeGreaterThan(3000);
    expect(ok(await catalog.call('enc_game_statistics', { game_id: demo.gameId }))).toBeTypeOf('object');
  });

  it('a running game has no countdown; a page number reaches the engine as an integer', async () => {
    const { catalog, engine } = full();
    expect(ok(await catalog.call('enc_game_timeout', { game_id: demo.gameId }))).toEqual({ game_id: demo.gameId, seconds_to_start: null });
    ok(await catalog.call('enc_game_list', { page: '2' }));
    expect(engine.calls.find((c) => c.method === 'getGameList')!.args).toEqual([2]);
  });

  it('argument errors name the argument and never reach the engine', async () => {
    const { catalog, engine } = full();
    expect(failure(await catalog.call('enc_level', {})).error).toBe('enc_level failed: argument "game_id" is required and must be an integer');
    expect(failure(await catalog.call('enc_level', { game_id: 'forty' })).error).toContain('"game_id" must be an integer');
    expect(failure(await catalog.call('enc_level', { game_id: 1, level_number: 0 })).error).toContain('level_number must be positive');
    expect(failure(await catalog.call('enc_game_list', { page: -1 })).error).toContain('"page" must be a positive integer');
    expect(failure(await catalog.call('enc_profile', [1, 2])).error).toContain('must be a JSON object');
    expect(failure(await catalog.call('enc_nope', {})).error).toContain('There is no tool "enc_nope"');
    expect(engine.calls).toEqual([]);
  });
});

describe('policies and mutations (cases 5–9, 12, 14, 16)', () => {
  it('readonly: a direct call is refused and the engine is untouched', async () => {
    const { catalog, engine } = catalogOver(demo, { policy: 'readonly' });
    const err = failure(await catalog.call('enc_send_code', { game_id: demo.gameId, code: 'yellow' }));
    expect(err.kind).toBe('refused_by_policy');
    expect(err.error).toBe(
      'Tool "enc_send_code" is unavailable: the engine access policy is read-only. Describe the action for the user instead of performing it.',
    );
    expect(failure(await catalog.call('enc_enter_game', { game_id: UPCOMING_GAME_ID }, { confirm: async () => true })).kind).toBe('refused_by_policy');
    expect(engine.calls).toEqual([]);
    expect(demo.fake.submissions()).toEqual([]);
  });

  it('approve: the confirmer is asked the question built from the parsed arguments, then the code reaches the engine', async () => {
    const asked: ConfirmationQuestion[] = [];
    const { catalog, engine } = catalogOver(demo, { policy: 'approve' });
    const confirm = async (question: ConfirmationQuestion) => {
      asked.push(question);
      return true;
    };
    const result = ok(await catalog.call('enc_send_code', { game_id: String(demo.gameId), code: '  yellow ' }, { confirm }));
    expect(asked).toEqual([
      {
        tool: 'enc_send_code',
        title: 'Send code',
        text: `Submit the code "yellow" as a level answer in game ${demo.gameId}? A wrong code counts as an attempt and cannot be taken back.`,
        facts: [
          { label: 'Code', value: '"yellow"' },
          { label: 'Game', value: String(demo.gameId) },
          { label: 'Level', value: 'the active level' },
        ],
      },
    ]);
    expect(result).toMatchObject({ is_correct: true, answer: 'yellow', level_number: 1, level_advanced: false });
    expect(engine.mutations()).toEqual([{ method: 'sendCode', args: [demo.gameId, 1400001, 1, 'yellow'] }]);
  });

  it('approve: a declined bonus code never reaches the engine', async () => {
    const { catalog, engine } = catalogOver(demo, { policy: 'approve' });
    const err = failure(await catalog.call('enc_send_bonus_code', { game_id: demo.gameId, code: 'blue' }, { confirm: async () => false }));
    expect(err).toMatchObject({ ok: false, tool: 'enc_send_bonus_code', kind: 'declined', retryable: false });
    expect(err.error).toBe('The user declined "enc_send_bonus_code". Do not retry it; ask what to do instead.');
    expect(engine.calls).toEqual([]);
  });

  it('approve: a confirmer failure is a refusal carrying its reason; the penalty hint is not taken', async () => {
    const { catalog, engine } = catalogOver(demo, { policy: 'approve' });
    const confirm = async (): Promise<boolean> => {
      throw new Error('the chat went away');
    };
    const err = failure(await catalog.call('enc_take_penalty_hint', { game_id: demo.gameId, hint_id: 1299 }, { confirm }));
    expect(err.kind).toBe('approval_unavailable');
    expect(err.error).toBe('Approval for "enc_take_penalty_hint" could not be obtained: the chat went away');
    expect(engine.calls).toEqual([]);
  });

  it('approve: a missing code is an argument error before the user is asked', async () => {
    let asked = 0;
    const { catalog, engine } = catalogOver(demo, { policy: 'approve' });
    const err = failure(await catalog.call('enc_send_code', { game_id: demo.gameId }, { confirm: async () => (asked++, true) }));
    expect(err).toMatchObject({ kind: 'bad_argument', argument: 'code' });
    expect(err.error).toContain('"code"');
    expect(asked).toBe(0);
    expect(engine.calls).toEqual([]);
  });

  it('full: enter_game runs without asking', async () => {
    const { catalog, engine } = catalogOver(demo, { policy: 'full' });
    const confirm = async (): Promise<boolean> => {
      throw new Error('must not be asked under full');
    };
    const result = ok(await catalog.call('enc_enter_game', { game_id: UPCOMING_GAME_ID }, { confirm }));
    expect(result).toEqual({ game_id: UPCOMING_GAME_ID, submitted: true, note: 'Application submitted. Read enc_game_state to confirm participation.' });
    expect(engine.mutations()).toEqual([{ method: 'enterGame', args: [UPCOMING_GAME_ID] }]);
  });

  it('storm: send_code with level_number sends that level, and a passed level refuses further codes', async () => {
    const { catalog, engine } = full();
    const result = ok(await catalog.call('enc_send_code', { game_id: STORM_GAME_ID, code: '4', level_number: 2 }));
    expect(result['is_correct']).toBe(true);
    expect(engine.calls.map((c) => c.method)).toEqual(['getGameModelLevel', 'sendCode']);
    expect(engine.calls[1]!.args).toEqual([STORM_GAME_ID, 1500002, 2, '4']);
    const err = failure(await catalog.call('enc_send_code', { game_id: STORM_GAME_ID, code: '4', level_number: 2 }));
    expect(err.error).toBe('enc_send_code failed: the active level does not accept level answers right now: the level is already passed');
    expect(engine.count('sendCode')).toBe(1);
  });

  it('penalty hint: taken under full, its text comes back', async () => {
    const { catalog } = full();
    ok(await catalog.call('enc_send_code', { game_id: demo.gameId, code: 'yellow' }));
    ok(await catalog.call('enc_send_code', { game_id: demo.gameId, code: 'square' }));
    const level = ok(await catalog.call('enc_level', { game_id: demo.gameId }));
    expect(level['number']).toBe(2);
    const hint = ok(await catalog.call('enc_take_penalty_hint', { game_id: demo.gameId, hint_id: 1299 }));
    expect(hint['hint']).toMatchObject({ help_id: 1299, text: 'Точка на северо-востоке, она красная.', penalty_seconds: 1800 });
  });
});

describe('system prompt addendum (cases 29, 56)', () => {
  it('names the policy and the picture tools', () => {
    const expected = { readonly: 'Access policy: READ-ONLY.', approve: 'Access policy: APPROVAL REQUIRED.', full: 'Access policy: FULL.' } as const;
    for (const policy of ['readonly', 'approve', 'full'] as const) {
      const text = createCatalog(demo.engine, { policy }).systemPromptAddendum();
      expect(text).toContain(expected[policy]);
      for (const other of Object.values(expected)) if (other !== expected[policy]) expect(text).not.toContain(other);
      for (const word of ['enc_split_image', 'enc_crop_image', 'enc_image_info', 'enc_view_image', 'collage']) expect(text).toContain(word);
    }
  });
});
