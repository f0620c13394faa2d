/**
 * The reference fixture exports rebuilt as scenario documents for the fake's editor side:
 * the small three-level review game, the nested export with penalty hints, a negative bonus,
 * autopass with penalty, an "all levels" bonus and a sector with many answers. Helpers start
 * fake domains with separate accounts.
 */
import { blankLevel } from '../../../src/copy/compare.js';
import { hintTitle } from '../../../src/demo/admin/admin-state.js';
import { FakeEncounter, type FakeEncounterOptions } from '../../../src/demo/fake-encounter.js';
import type { UserDefinition } from '../../../src/demo/game-definition.js';
import { EncounterClient } from '../../../src/engine/client.js';
import { NO_PACING } from '../../../src/engine/transport.js';
import type { ScenarioDocument, ScenarioLevel } from '../../../src/engine/admin/types.js';

/** A level with everything empty, then the given parts. */
export function level(number: number, parts: Partial<ScenarioLevel> = {}): ScenarioLevel {
  return { ...blankLevel(number), name: `Уровень ${number}`, ...parts };
}

/** The small review game: REVIEW-START; MAP-101 and LOCK-202 with bonus BONUS-5; FINISH-303 with a 30 s autopass. */
export const REVIEW_GAME: ScenarioDocument = {
  game_id: 424_242,
  game_num: 1,
  game_title: 'App Store Review',
  levels: [
    level(1, { name: 'Старт', tasks: ['Введите код со стартовой точки.'], sectors: [{ name: '', answers: ['REVIEW-START'] }] }),
    level(2, {
      name: 'Карта',
      tasks: ['<p>Найдите <b>два</b> кода на карте.</p>'],
      required_sectors_count: 0,
      sectors: [
        { name: 'Карта', answers: ['MAP-101'] },
        { name: 'Замок', answers: ['LOCK-202'] },
      ],
      bonuses: [{ number: 1, name: 'Бонус', award_seconds: 300, negative: false, task: 'Бонусное задание', hint: '', answers: ['BONUS-5'], levels: { kind: 'own' } }],
    }),
    level(3, { name: 'Финиш', autopass_seconds: 30, tasks: ['Финал'], sectors: [{ name: '', answers: ['FINISH-303'] }] }),
  ],
};

/** The nested export: nested and unclosed-looking task HTML, hints and two penalty hints, split answers. */
export const NESTED_GAME: ScenarioDocument = {
  game_id: 82_757,
  game_num: 2,
  game_title: 'Тестовая схватка',
  levels: [
    level(1, {
      name: 'Первый уровень  ',
      autopass_seconds: 5400,
      comment: 'Комментарий с <b>разметкой</b> и <span style="color: red">вложенным span</span> внутри',
      tasks: [
        '<span style="color: #FF0000"><b>Заголовок</b></span><br/>\nПервый абзац.<br/>\n<details><summary><span>Карта</span></summary><div><img src="https://example.org/map.jpg"></div></details>\nПоследний абзац.',
      ],
      hints: [{ title: hintTitle(1, 900, false), text: '<span style="color: #FFA500"><b>Метка</b></span> текст', delay_seconds: 900 }],
      penalty_hints: [
        { title: hintTitle(1, 1800, true), text: 'D45R54', delay_seconds: 1800, penalty_seconds: 900, request_confirm: true, comment: 'Код 1' },
        { title: hintTitle(2, 2400, true), text: '67RD', delay_seconds: 2400, penalty_seconds: 3600, request_confirm: false, comment: 'Сливной код' },
      ],
      required_sectors_count: 2,
      sectors: [
        { name: 'Замена трешки 2 (9 8 10 12 11)', answers: ['Локация_снята_425235'] },
        { name: 'Второй сектор', answers: ['простойкод'] },
      ],
      bonuses: [{ number: 1, name: 'Награда', award_seconds: 300, negative: false, task: 'Текст с <span style="color: red">вложением</span>', hint: 'Подсказка бонуса', answers: ['бонусответ'], levels: { kind: 'own' } }],
    }),
    level(2, { name: 'Незакрытая разметка', tasks: ['Задание с <span style="color: red"><b>тегом</b> до конца</span>'] }),
  ],
};

/** Negative bonus, autopass with penalty, an "all levels" bonus and message, a sector with many answers. */
export const EVERYTHING_GAME: ScenarioDocument = {
  game_id: 82_864,
  game_num: 5,
  game_title: 'Всё сразу',
  levels: [
    level(1, {
      name: 'Штрафы',
      autopass_seconds: 3600,
      autopass_penalty_seconds: 1200,
      tasks: ['Первое'],
      bonuses: [
        { number: 1, name: 'Везде', award_seconds: 60, negative: false, task: 'на любом уровне', hint: '', answers: ['ALL-1'], levels: { kind: 'all' } },
        { number: 2, name: 'Минус', award_seconds: 600, negative: true, task: 'не вводите', hint: 'зря', answers: ['NEG-1', 'NEG-2'], levels: { kind: 'own' } },
      ],
      messages: [{ text: 'Общее сообщение', all_levels: true }],
      sectors: [{ name: 'Много ответов', answers: Array.from({ length: 27 }, (_, i) => `ответ-${i + 1}`) }],
    }),
    level(2, {
      name: 'Второй',
      tasks: ['Второе'],
      bonuses: [{ number: 1, name: 'Везде', award_seconds: 60, negative: false, task: 'на любом уровне', hint: '', answers: ['ALL-1'], levels: { kind: 'all' } }],
      messages: [
        { text: 'Общее сообщение', all_levels: true },
        { text: 'Только здесь', all_levels: false },
      ],
      required_sectors_count: 1,
      sectors: [
        { name: 'А', answers: ['a1'] },
        { name: 'Б', answers: ['b1', 'b2'] },
      ],
    }),
  ],
};

export const FIXTURE_GAMES = { review: REVIEW_GAME, nested: NESTED_GAME, everything: EVERYTHING_GAME } as const;

export const SVK_AUTHOR: UserDefinition = { id: 501, login: 'svk_author', password: 'svk-secret', name: 'Автор Свк', teamId: 0 };
export const TECH_AUTHOR: UserDefinition = { id: 601, login: 'tech_author', password: 'tech-secret', name: 'Автор Тех', teamId: 0 };

/** An empty game (no levels) to write into. */
export function emptyGame(gameId: number): ScenarioDocument {
  return { game_id: gameId, game_num: 1, game_title: 'Пустая', levels: [] };
}

/** A fake domain whose only account edits the given games. */
export function fakeDomain(domain: string, author: UserDefinition, games: readonly ScenarioDocument[], extra: FakeEncounterOptions = {}): FakeEncounter {
  return new FakeEncounter({ domain, users: [author], games: [], teams: [], adminGames: games.map((scenario) => ({ scenario, editors: [author.login] })), ...extra });
}

/** An unpaced client of a fake, in-process (or over HTTP when the fake listens). */
export function adminClientOf(fake: FakeEncounter, overHttp = false): EncounterClient {
  return new EncounterClient({ domain: fake.domain, baseUrl: fake.url, fetch: overHttp ? undefined : fake.fetch, pacing: NO_PACING });
}
