/**
 * A rich source game for the copy tests: three short levels holding every kind of content a
 * copy must carry — nested task HTML, a comment, plain and penalty hints, autopass with a penalty,
 * a custom sector rule, a sector with many answers, a negative bonus and one for every level, messages.
 */
import type { ScenarioDocument } from '../../../src/copy/ports.js';

/**
 * @example
 * ```ts
 * const doc = demoSourceScenario(); // 3 levels, 5 sectors, 3 bonuses
 * ```
 */
export function demoSourceScenario(): ScenarioDocument {
  return {
    game_id: 82864,
    game_num: 1,
    game_title: 'Ночной город (демо)',
    levels: [
      {
        number: 1,
        name: 'Старт',
        autopass_seconds: 0,
        autopass_penalty_seconds: 0,
        required_sectors_count: 0,
        comment: 'Вводный уровень',
        tasks: ['<p>Найдите табличку у <b>входа <span style="color:red">в парк</span></b>.</p>'],
        hints: [{ title: 'Подсказка №1 для всех (10 минут)', text: 'Смотрите на <i>ворота</i>.', delay_seconds: 600 }],
        penalty_hints: [],
        sectors: [{ name: 'Табличка', answers: ['REVIEW-START'] }],
        messages: [{ text: 'Штаб на связи: +7 900 000-00-00', all_levels: true }],
        bonuses: [
          { number: 1, name: 'Фото у фонтана', award_seconds: 300, negative: false, task: 'Сфотографируйтесь у фонтана', hint: '', answers: ['ФОНТАН'], levels: { kind: 'all' } },
        ],
      },
      {
        number: 2,
        name: 'Карта',
        autopass_seconds: 1800,
        autopass_penalty_seconds: 900,
        required_sectors_count: 2,
        comment: '',
        tasks: ['<div><p>Три точки на карте:</p><ul><li>мост</li><li>башня</li><li>рынок</li></ul></div>'],
        hints: [
          { title: 'Подсказка №1 для всех (15 минут)', text: 'Мост — самый старый.', delay_seconds: 900 },
          { title: 'Подсказка №2 для всех (25 минут)', text: 'Башня видна с моста.', delay_seconds: 1500 },
        ],
        penalty_hints: [
          { title: 'Штрафная подсказка №1 для всех', text: 'Коды: MAP-101, LOCK-202.', delay_seconds: 0, penalty_seconds: 1200, request_confirm: true, comment: 'все коды' },
        ],
        sectors: [
          { name: 'Мост', answers: ['MAP-101'] },
          { name: 'Башня', answers: ['LOCK-202', 'LOCK202'] },
          {
            name: 'Рынок',
            answers: Array.from({ length: 23 }, (_, i) => `РЫНОК-${String(i + 1).padStart(2, '0')}`),
          },
        ],
        messages: [{ text: 'Штаб на связи: +7 900 000-00-00', all_levels: true }],
        bonuses: [
          { number: 1, name: 'Фото у фонтана', award_seconds: 300, negative: false, task: 'Сфотографируйтесь у фонтана', hint: '', answers: ['ФОНТАН'], levels: { kind: 'all' } },
          { number: 2, name: 'Быстрый', award_seconds: 120, negative: false, task: 'Код на обороте карты', hint: 'Переверните', answers: ['BONUS-5'], levels: { kind: 'own' } },
          { number: 3, name: 'Ложный след', award_seconds: 600, negative: true, task: '', hint: '', answers: ['FAKE-1', 'FAKE-2'], levels: { kind: 'own' } },
        ],
      },
      {
        number: 3,
        name: 'Финиш',
        autopass_seconds: 30,
        autopass_penalty_seconds: 0,
        required_sectors_count: 0,
        comment: 'Последний уровень &mdash; не спешите',
        tasks: ['Финальный код на двери.'],
        hints: [],
        penalty_hints: [
          { title: 'Штрафная подсказка №1 для всех', text: 'Дверь слева.', delay_seconds: 0, penalty_seconds: 600, request_confirm: false, comment: '' },
        ],
        sectors: [{ name: 'Дверь', answers: ['FINISH-303'] }],
        messages: [{ text: 'Штаб на связи: +7 900 000-00-00', all_levels: true }, { text: 'Финиш у двери <b>слева</b>', all_levels: false }],
        bonuses: [
          { number: 1, name: 'Фото у фонтана', award_seconds: 300, negative: false, task: 'Сфотографируйтесь у фонтана', hint: '', answers: ['ФОНТАН'], levels: { kind: 'all' } },
        ],
      },
    ],
  };
}
