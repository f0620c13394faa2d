/**
 * Engine replies the fake server does not produce on demand (transition events, an active answer
 * block, a profile without a team, HTML-heavy levels), through an in-memory engine; plus the
 * required-argument check of every tool and cancellation.
 * Reference acceptance cases covered: 14 (generalised to every tool), 16 (blocked variant).
 */
import { describe, expect, it } from 'vitest';
import { createCatalog, failureText } from '../../src/tools/index.js';
import type { ToolOutcome } from '../../src/tools/types.js';
import { recordingEngine } from './support/recording-engine.js';
import { stubEngine, stubLevel, stubModel } from './support/stub-engine.js';

function ok(outcome: ToolOutcome): Record<string, unknown> {
  if (!outcome.ok) throw new Error(failureText(outcome));
  return outcome.json as Record<string, unknown>;
}

function errorOf(outcome: ToolOutcome): string {
  if (outcome.ok) throw new Error('expected a failure');
  return failureText(outcome);
}

describe('required arguments, for every tool', () => {
  const required: Record<string, string> = {
    enc_game_timeout: 'game_id',
    enc_game_state: 'game_id',
    enc_level: 'game_id',
    enc_action_log: 'game_id',
    enc_view_image: 'url',
    enc_image_info: 'url',
    enc_crop_image: 'url',
    enc_split_image: 'url',
    enc_game_statistics: 'game_id',
    enc_send_code: 'game_id',
    enc_send_bonus_code: 'game_id',
    enc_take_penalty_hint: 'game_id',
    enc_enter_game: 'game_id',
  };

  it('a call without its required argument names it, and the engine is untouched', async () => {
    const engine = recordingEngine(stubEngine());
    const catalog = createCatalog(engine, { policy: 'full' });
    for (const [tool, arg] of Object.entries(required)) {
      const error = errorOf(await catalog.call(tool, {}));
      expect(error, tool).toContain(`${tool} failed: argument "${arg}" is required`);
      expect(catalog.lookup(tool)!.inputSchema.required, tool).toContain(arg);
    }
    expect(errorOf(await catalog.call('enc_send_code', { game_id: 1 }))).toContain('argument "code" is required');
    expect(errorOf(await catalog.call('enc_take_penalty_hint', { game_id: 1 }))).toContain('argument "hint_id" is required');
    expect(engine.calls).toEqual([]);
  });

  it('the tools without required arguments declare none', () => {
    const catalog = createCatalog(stubEngine(), { policy: 'full' });
    const free = catalog.all().filter((t) => !t.inputSchema.required).map((t) => t.name);
    expect(free).toEqual(['enc_profile', 'enc_team', 'enc_domain_games', 'enc_game_list']);
  });
});

describe('level state and send tools', () => {
  it('an active answer block refuses level codes but lets bonus codes through', async () => {
    const blocked = stubModel({ Level: stubLevel({ HasAnswerBlockRule: true, BlockDuration: 45, AttemtsNumber: 3, AttemtsPeriod: 60 }) });
    const engine = recordingEngine(stubEngine(() => blocked));
    const catalog = createCatalog(engine, { policy: 'full' });
    const level = ok(await catalog.call('enc_level', { game_id: 1 }));
    expect(level).toMatchObject({ can_submit_answer: false, block_duration: 45, attempts_limit: { attempts: 3, period_seconds: 60 } });
    expect(errorOf(await catalog.call('enc_send_code', { game_id: 1, code: 'x' }))).toContain('blocked for another 45 seconds');
    expect(engine.count('sendCode')).toBe(0);
    const bonus = ok(await catalog.call('enc_send_bonus_code', { game_id: 1, code: ' bonus1 ' }));
    expect(bonus).toMatchObject({ answer: 'bonus1', is_correct: false, level_advanced: false });
    expect(engine.mutations()).toEqual([{ method: 'sendBonusCode', args: [1, 77, 1, 'bonus1'] }]);
  });

  it('a reply with a transition event and no level reports the move and the event', async () => {
    let sent = false;
    const engine = stubEngine(() => (sent ? stubModel({ Event: 19, Level: null }) : stubModel()), {
      sendCode: async () => {
        sent = true;
        return stubModel({ Event: 19, Level: null });
      },
    });
    const catalog = createCatalog(engine, { policy: 'full' });
    const result = ok(await catalog.call('enc_send_code', { game_id: 1, code: 'right' }));
    expect(result).toMatchObject({ level_advanced: true, event: 19 });
    expect(String(result['event_meaning'])).toContain('re-read');
    expect(errorOf(await catalog.call('enc_level', { game_id: 1 }))).toMatch(/no active level right now \(engine event 19: .*re-read/);
    expect(errorOf(await catalog.call('enc_send_code', { game_id: 1, code: 'again' }))).toContain('nothing to answer');
  });

  it('organiser HTML in bonuses, hints and messages reaches the model as text', async () => {
    const model = stubModel({
      Level: stubLevel({
        Tasks: [{ TaskTextFormatted: '<p>Первая&nbsp;строка</p><p>Вторая <img src="/t.jpg"></p>' }],
        Bonuses: [{ BonusId: 3, Number: 1, Name: 'Б', IsAnswered: false, Expired: false, Task: '<b>жирный</b> &laquo;текст&raquo;' }],
        Helps: [{ HelpId: 8, Number: 1, HelpText: 'см.<br/>ниже', RemainSeconds: 0 }],
        PenaltyHelps: [{ HelpId: 9, Number: 1, IsPenalty: true, Penalty: 600, PenaltyComment: '<i>минус 10 минут</i>', RemainSeconds: 30 }],
        Messages: [{ MessageId: 2, OwnerLogin: 'author', MessageText: 'строка 1\nстрока 2', ReplaceNl2Br: true }],
      }),
    });
    const catalog = createCatalog(stubEngine(() => model), { policy: 'readonly', baseUrl: 'https://tech.en.cx' });
    const level = ok(await catalog.call('enc_level', { game_id: 1 }));
    expect(level['tasks']).toEqual(['Первая\u00a0строка\n\nВторая [picture: https://tech.en.cx/t.jpg]']);
    expect(level['bonuses']).toEqual([{ bonus_id: 3, number: 1, name: 'Б', task: 'жирный «текст»', is_answered: false, expired: false, negative: false }]);
    expect(level['hints']).toEqual([{ help_id: 8, number: 1, text: 'см.\nниже', is_penalty: false }]);
    expect(level['penalty_hints']).toEqual([{ help_id: 9, number: 1, is_penalty: true, penalty_seconds: 600, comment: 'минус 10 минут', remain_seconds: 30 }]);
    expect(level['messages']).toEqual([{ message_id: 2, owner_login: 'author', text: 'строка 1\nстрока 2' }]);
  });

  it('a profile without a team asks for team_id', async () => {
    const catalog = createCatalog(stubEngine(undefined, { getProfile: async () => ({ id: 1, login: 'solo' }) }), { policy: 'readonly' });
    expect(errorOf(await catalog.call('enc_team', {}))).toBe('enc_team failed: the profile has no team; pass team_id explicitly');
  });

  it('a call cancelled before it runs never reaches the engine', async () => {
    const engine = recordingEngine(stubEngine());
    const catalog = createCatalog(engine, { policy: 'full' });
    const controller = new AbortController();
    controller.abort();
    expect(errorOf(await catalog.call('enc_enter_game', { game_id: 5 }, { signal: controller.signal }))).toContain('cancelled');
    expect(engine.calls).toEqual([]);
  });

  it('relative picture URLs resolve against the engine\'s baseUrl, and stay as written without one', async () => {
    const model = stubModel({ Level: stubLevel({ Tasks: [{ TaskTextFormatted: '<img src="/x.png">' }] }) });
    const withSite = Object.assign(stubEngine(() => model), { baseUrl: 'https://svk.en.cx/' });
    const level = ok(await createCatalog(withSite, { policy: 'readonly' }).call('enc_level', { game_id: 1 }));
    expect(level['images']).toEqual([{ url: 'https://svk.en.cx/x.png', where: 'task' }]);
    const bare = ok(await createCatalog(stubEngine(() => model), { policy: 'readonly' }).call('enc_level', { game_id: 1 }));
    expect(bare['images']).toEqual([{ url: '/x.png', where: 'task' }]);
  });
});
