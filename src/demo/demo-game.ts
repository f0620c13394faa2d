/**
 * The demo content served by the fake engine: a playable three-level linear game with a collage
 * task picture, a small storm game, and a game that has not started yet. Answers are in the task
 * texts' spirit but are listed here plainly, because the demo exists to be played offline.
 */
import type { GameDefinition, TeamDefinition, UserDefinition } from './game-definition.js';

/** The linear demo game; its level 1 task is the 3-panel collage. */
export const DEMO_GAME_ID = 10101;
export const STORM_GAME_ID = 20202;
export const UPCOMING_GAME_ID = 30303;

export const DEMO_USERS: readonly UserDefinition[] = [
  { id: 101, login: 'player1', password: 'secret', name: 'Иван Демо', teamId: 5150 },
  { id: 102, login: 'player2', password: 'secret2', name: 'Мария Демо', teamId: 5150 },
];

export const DEMO_TEAMS: readonly TeamDefinition[] = [
  { id: 5150, name: 'Demo Team', captainId: 101, pendingInvites: [{ userId: 1408504, login: 'Santa' }] },
];

export const DEMO_GAMES: readonly GameDefinition[] = [
  {
    id: DEMO_GAME_ID,
    number: 12,
    title: 'Город загадок (demo)',
    levelSequence: 0,
    gameTypeId: 1,
    zoneId: 0,
    startsInSeconds: -1800,
    durationSeconds: 6 * 3600,
    levels: [
      {
        id: 1400001,
        name: 'Коллаж',
        tasks: [
          '<p>Три картинки — три слова. Что общего? / Three pictures, three words.</p>' +
            '<img src="{{PICTURES}}/GameImages/demo/collage.jpg" alt="collage">' +
            '<p>Код — цвет первой фигуры по-английски (the colour of the first shape).</p>',
        ],
        sectors: [
          { id: 3010001, name: 'Круг', answers: ['yellow', 'жёлтый', 'желтый'] },
          { id: 3010002, name: 'Квадрат', answers: ['square', 'квадрат'] },
          { id: 3010003, name: 'Треугольник', answers: ['triangle', 'треугольник'] },
        ],
        requiredSectors: 2,
        bonuses: [
          { id: 5000001, name: 'Фон', task: 'Цвет фона первой панели', help: 'синий — blue', answers: ['blue', 'синий'], awardSeconds: 120 },
        ],
        hints: [
          { id: 1101, text: 'Фигуры: круг, квадрат, треугольник.', delaySeconds: 0 },
          { id: 1102, text: 'Первая фигура — солнце.', delaySeconds: 2700 },
        ],
        messages: [{ id: 4267, owner: 'author', text: 'Штаб переехал на Лесную, 5.' }],
        timeoutSeconds: 3600,
        timeoutAwardSeconds: -900,
      },
      {
        id: 1400002,
        name: 'Карта',
        tasks: ['<p>Где отмечена точка? / Where is the dot?</p><img src="{{SITE}}/GameImages/demo/map.png">'],
        sectors: [
          { id: 3010004, name: 'Четверть', answers: ['северо-восток', 'northeast', 'ne'] },
          { id: 3010005, name: 'Цвет', answers: ['красный', 'red'] },
        ],
        bonuses: [
          { id: 5000002, name: 'Перекрёсток', task: 'Сколько улиц на карте?', help: 'Две.', answers: ['2', 'две', 'two'], awardSeconds: 60 },
          { id: 5000003, name: 'Поздний', task: 'Откроется позже', help: '', answers: ['later'], awardSeconds: 30, delaySeconds: 600 },
        ],
        hints: [{ id: 1201, text: 'Смотрите в правый верхний угол.', delaySeconds: 0 }],
        penaltyHints: [
          {
            id: 1299,
            text: 'Точка на северо-востоке, она красная.',
            comment: 'Минус 30 минут: оба кода уровня',
            penaltySeconds: 1800,
            requestConfirm: true,
            delaySeconds: 0,
          },
        ],
      },
      {
        id: 1400003,
        name: 'Финиш',
        tasks: ['<p>Финальный код — слово на рамке. / The final code.</p><img src="{{SITE}}/GameImages/demo/finish.gif">'],
        sectors: [],
        answers: ['финиш', 'finish'],
        answerBlock: { attempts: 3, periodSeconds: 60, target: 2 },
        bonuses: [{ id: 5000004, name: 'Рамка', task: 'Цвет рамки', help: 'белая', answers: ['белый', 'white'], awardSeconds: 30 }],
      },
    ],
  },
  {
    id: STORM_GAME_ID,
    number: 13,
    title: 'Штурм (demo)',
    levelSequence: 3,
    gameTypeId: 1,
    zoneId: 0,
    startsInSeconds: -600,
    durationSeconds: 3 * 3600,
    levels: [
      { id: 1500001, name: 'Штурм 1', tasks: ['<p>Столица Франции?</p>'], sectors: [], answers: ['париж', 'paris'] },
      { id: 1500002, name: 'Штурм 2', tasks: ['<p>2+2?</p>'], sectors: [], answers: ['4', 'четыре'] },
    ],
  },
  {
    id: UPCOMING_GAME_ID,
    number: 14,
    title: 'Ночная игра (demo, not started)',
    levelSequence: 0,
    gameTypeId: 1,
    zoneId: 0,
    startsInSeconds: 3600,
    durationSeconds: 4 * 3600,
    requiresApplication: true,
    levels: [{ id: 1600001, name: 'Старт', tasks: ['<p>Ночной старт.</p>'], sectors: [], answers: ['ночь'] }],
  },
];
