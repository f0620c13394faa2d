/**
 * The contract's fixture exports rebuilt as fake games: the small App Store review scenario, and
 * the shapes the export snippets cover — nested and unclosed HTML, penalty hints, negative
 * bonuses, autopass with a penalty, bonuses for all levels, sectors with many answers, a level
 * whose answers sit in its one implicit sector.
 */
import { blankLevel } from '../../../src/copy/compare.js';
import type { ScenarioBonus, ScenarioDocument, ScenarioLevel } from '../../../src/copy/index.js';

function level(number: number, partial: Partial<ScenarioLevel>): ScenarioLevel {
  return { ...blankLevel(number), name: `Уровень ${number}`, ...partial };
}

function bonus(partial: Partial<ScenarioBonus> & Pick<ScenarioBonus, 'name' | 'answers'>): ScenarioBonus {
  return { number: 1, award_seconds: 60, negative: false, task: '', hint: '', levels: { kind: 'own' }, ...partial };
}

const doc = (title: string, levels: ScenarioLevel[]): ScenarioDocument => ({ game_id: 0, game_num: 1, game_title: title, levels });

/** `app_store_review_scenario.html`: three levels; REVIEW-START; MAP-101, LOCK-202 and bonus BONUS-5; FINISH-303 with a 30 s autopass. */
export function appStoreReview(): ScenarioDocument {
  return doc('App Store Review', [
    level(1, { name: 'Start', tasks: ['Enter the start code.'], sectors: [{ name: '', answers: ['REVIEW-START'] }] }),
    level(2, {
      name: 'Map',
      tasks: ['Find two places on the map.'],
      sectors: [
        { name: 'Map', answers: ['MAP-101'] },
        { name: 'Lock', answers: ['LOCK-202'] },
      ],
      bonuses: [bonus({ name: 'Bonus', answers: ['BONUS-5'], award_seconds: 300, task: 'Extra code' })],
    }),
    level(3, { name: 'Finish', autopass_seconds: 30, tasks: ['Last code.'], sectors: [{ name: '', answers: ['FINISH-303'] }] }),
  ]);
}

/** `nested_scenario.html`-like: nested and unclosed tags, penalty hints with comments, hints with long delays. */
export function nestedScenario(): ScenarioDocument {
  return doc('Вложенный сценарий', [
    level(1, {
      name: 'Вложенный ',
      comment: '<p>Комментарий <b>организатора</b></p>',
      tasks: ['<div class="task"><p>Текст <span style="color:#f00">с <b>вложенным <i>HTML</i></b></span></p><div><img src="/GameFiles/1/pic.jpg"><br>подпись</div></div>'],
      hints: [
        { title: '', text: '<p>Первая <b>подсказка</b></p>', delay_seconds: 3900 },
        { title: '', text: 'Вторая, через сутки', delay_seconds: 90060 },
      ],
      penalty_hints: [
        { title: '', text: '<p>Ответ: <b>СЕКРЕТ</b></p>', delay_seconds: 1800, penalty_seconds: 900, request_confirm: true, comment: 'Полный ответ' },
        { title: '', text: 'Только направление', delay_seconds: 0, penalty_seconds: 300, request_confirm: false, comment: '' },
      ],
      sectors: [{ name: 'Секрет', answers: ['СЕКРЕТ', 'секрет2'] }],
    }),
  ]);
}

/** Bonuses of every kind: negative, for all levels, with task and hint HTML, with several answers. */
export function bonusesScenario(): ScenarioDocument {
  const everywhere = bonus({ name: 'Везде', answers: ['ВЕЗДЕ'], award_seconds: 600, levels: { kind: 'all' }, task: 'На любом уровне' });
  return doc('Бонусы', [
    level(1, {
      sectors: [{ name: '', answers: ['ОДИН'] }],
      bonuses: [
        everywhere,
        bonus({ name: 'Штраф', answers: ['ЛОЖЬ', 'ЛОЖЬ2'], award_seconds: 1200, negative: true }),
        bonus({ name: 'С подсказкой', answers: ['Б1'], task: '<p>Задание <b>бонуса</b></p>', hint: '<i>Подсказка после ответа</i>', award_seconds: 3661 }),
      ],
    }),
    level(2, { sectors: [{ name: '', answers: ['ДВА'] }], bonuses: [everywhere, bonus({ name: 'Второй', answers: ['Б2'], award_seconds: 30 })] }),
  ]);
}

/** Autopass with and without a penalty, a custom sector rule, and a sector with 37 answers. */
export function timersAndSectors(): ScenarioDocument {
  return doc('Таймеры и секторы', [
    level(1, { autopass_seconds: 5400, autopass_penalty_seconds: 1800, required_sectors_count: 2, sectors: [
      { name: 'Много', answers: Array.from({ length: 37 }, (_, i) => `М${i + 1}`) },
      { name: 'Два', answers: ['Д1', 'Д2'] },
      { name: 'Три', answers: ['Т1'] },
    ] }),
    level(2, { autopass_seconds: 86_400, sectors: [{ name: '', answers: ['КОНЕЦ'] }] }),
  ]);
}

export const FIXTURE_GAMES = {
  'App Store review export': appStoreReview,
  'nested HTML and penalty hints': nestedScenario,
  'negative and all-level bonuses': bonusesScenario,
  'autopass with penalty and sectors with many answers': timersAndSectors,
} as const;
