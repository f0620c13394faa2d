/**
 * Two offline fake domains for the editor side: `svk.en.cx` holding a source game with every
 * kind of content, and `tech.en.cx` holding an empty target game, each with its own author
 * account, both served in-process behind one `fetch`. What `encli copy-game --demo` and the copy
 * tests start from.
 */
import type { ScenarioBonus, ScenarioDocument } from '../engine/admin/types.js';
import { hintTitle } from './admin/admin-state.js';
import { FakeEncounter } from './fake-encounter.js';
import type { UserDefinition } from './game-definition.js';
import { fetchForHosts, type FetchLike } from './http-adapter.js';

export const DEMO_SOURCE_DOMAIN = 'svk.en.cx';
export const DEMO_TARGET_DOMAIN = 'tech.en.cx';
export const DEMO_SOURCE_GAME_ID = 82_864;
export const DEMO_TARGET_GAME_ID = 123;

/** The author on the source domain (its password works only there). */
export const DEMO_SOURCE_AUTHOR: UserDefinition = { id: 7001, login: 'svk_author', password: 'svk-demo', name: 'Автор СВК', teamId: 0 };
/** The author on the target domain. */
export const DEMO_TARGET_AUTHOR: UserDefinition = { id: 8001, login: 'tech_author', password: 'tech-demo', name: 'Автор Тех', teamId: 0 };

/** The "all levels" bonus: it shows, first, on every level of the export. */
const everywhere = (): ScenarioBonus => ({
  number: 1,
  name: 'Фото команды',
  award_seconds: 120,
  negative: false,
  task: 'Пришлите фото команды на фоне любой точки.',
  hint: '',
  answers: ['ФОТО'],
  levels: { kind: 'all' },
});

/** Every kind of content: nested HTML, hints, penalty hints, autopass with penalty, a negative bonus, an all-levels bonus and message, many answers. */
export const DEMO_SOURCE_SCENARIO: ScenarioDocument = {
  game_id: DEMO_SOURCE_GAME_ID,
  game_num: 12,
  game_title: 'Огни Северного',
  levels: [
    {
      number: 1,
      name: 'Сбор',
      autopass_seconds: 1800,
      autopass_penalty_seconds: 600,
      required_sectors_count: 0,
      comment: 'Точка сбора у <b>фонтана</b>',
      tasks: ['<p>Найдите табличку у фонтана. <span style="color:#c00"><b>Код</b> — номер дома</span>.</p>'],
      hints: [{ title: hintTitle(1, 600, false), text: 'Смотрите на <i>северную</i> сторону.', delay_seconds: 600 }],
      penalty_hints: [
        { title: hintTitle(1, 900, true), text: 'Код: 17', delay_seconds: 900, penalty_seconds: 1200, request_confirm: true, comment: 'Слив кода' },
      ],
      sectors: [{ name: '', answers: ['17', 'семнадцать'] }],
      bonuses: [
        everywhere(),
        { number: 2, name: 'Ловушка', award_seconds: 300, negative: true, task: 'Не вводите этот код.', hint: 'Мы предупреждали.', answers: ['ЛОВУШКА'], levels: { kind: 'own' } },
      ],
      messages: [{ text: 'Игра идёт, не спешите.', all_levels: true }],
    },
    {
      number: 2,
      name: 'Три двора',
      autopass_seconds: 3600,
      autopass_penalty_seconds: 0,
      required_sectors_count: 2,
      comment: '',
      tasks: ['<div>Три двора — три кода.<br/><details><summary>Схема</summary><div>север, центр, юг</div></details></div>'],
      hints: [
        { title: hintTitle(1, 900, false), text: 'Север — у арки.', delay_seconds: 900 },
        { title: hintTitle(2, 1800, false), text: 'Юг — у гаражей.', delay_seconds: 1800 },
      ],
      penalty_hints: [],
      sectors: [
        { name: 'Север', answers: ['СЕВ-1', 'СЕВ-01'] },
        { name: 'Центр', answers: Array.from({ length: 14 }, (_, i) => `ЦЕН-${i + 1}`) },
        { name: 'Юг', answers: ['ЮГ-1'] },
      ],
      bonuses: [everywhere(), { number: 2, name: 'Граффити', award_seconds: 600, negative: false, task: 'Найдите граффити с котом.', hint: 'На заборе.', answers: ['КОТ', 'КОШКА'], levels: { kind: 'own' } }],
      messages: [{ text: 'Игра идёт, не спешите.', all_levels: true }],
    },
    {
      number: 3,
      name: 'Финиш',
      autopass_seconds: 0,
      autopass_penalty_seconds: 0,
      required_sectors_count: 0,
      comment: 'Финал у входа в парк',
      tasks: ['Последний код на воротах парка.'],
      hints: [],
      penalty_hints: [],
      sectors: [{ name: '', answers: ['ФИНИШ'] }],
      bonuses: [everywhere()],
      messages: [{ text: 'Игра идёт, не спешите.', all_levels: true }],
    },
  ],
};

/** Two fake domains in one process, and the `fetch` that reaches both (and nothing else). */
export interface DemoDomains {
  source: FakeEncounter;
  target: FakeEncounter;
  fetch: FetchLike;
}

/**
 * @example
 * ```ts
 * const { source, target, fetch } = createDemoDomains();
 * const svk = new EncounterClient({ domain: source.domain, baseUrl: source.url, fetch });
 * await svk.admin.signIn(DEMO_SOURCE_AUTHOR.login, DEMO_SOURCE_AUTHOR.password);
 * ```
 */
export function createDemoDomains(): DemoDomains {
  const source = new FakeEncounter({
    domain: DEMO_SOURCE_DOMAIN,
    users: [DEMO_SOURCE_AUTHOR],
    games: [],
    teams: [],
    adminGames: [{ scenario: DEMO_SOURCE_SCENARIO, editors: [DEMO_SOURCE_AUTHOR.login] }],
  });
  const target = new FakeEncounter({
    domain: DEMO_TARGET_DOMAIN,
    users: [DEMO_TARGET_AUTHOR],
    games: [],
    teams: [],
    adminGames: [{ scenario: { game_id: DEMO_TARGET_GAME_ID, game_num: 1, game_title: 'Новая игра', levels: [] }, editors: [DEMO_TARGET_AUTHOR.login] }],
  });
  return { source, target, fetch: fetchForHosts({ [DEMO_SOURCE_DOMAIN]: source.handle, [DEMO_TARGET_DOMAIN]: target.handle }) };
}
