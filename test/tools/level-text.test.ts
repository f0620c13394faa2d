/**
 * Level text keeps every clue: sound, film, embedded players, comments, titles, hidden text, image
 * maps, form values and data attributes stay in place in the text, marked with what they are;
 * `images` lists only what may be a picture and `media` lists the rest with where it came from.
 * First the HTML reduction alone, then a game on the fake Encounter server (real HTTP) with such
 * HTML in every place a level has HTML, read through the tools.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoEngine, GameDefinition } from '../../src/demo/index.js';
import { mediaInHtml, pictureUrlsInHtml } from '../../src/html/pictures.js';
import { htmlToText } from '../../src/html/text.js';
import { createUrlResolver } from '../../src/html/urls.js';
import type { Catalog, ToolOutcome } from '../../src/tools/types.js';
import { catalogOver, createDemoEngine } from './support/catalog-fixture.js';

const resolve = createUrlResolver('https://tech.en.cx');

/** The task from the report, word for word. */
const REPORTED_TASK =
  'Послушайте <audio controls src="/upload/song.mp3"></audio> и посмотрите ' +
  '<video controls><source src="/upload/clip.mp4"></video> <iframe src="https://www.youtube.com/embed/abc"></iframe> ' +
  '<!-- код: 42 --> <span title="подсказка">?</span>';

describe('htmlToText keeps every carrier of content', () => {
  it('the reported task: audio, video, embedded player, comment and title all stay, in place', () => {
    expect(htmlToText(REPORTED_TASK, resolve)).toBe(
      'Послушайте [audio: https://tech.en.cx/upload/song.mp3] и посмотрите [video: https://tech.en.cx/upload/clip.mp4] ' +
        '[embed: https://www.youtube.com/embed/abc] [comment: код: 42] [title: "подсказка"] ?',
    );
  });

  it.each<[string, string, string]>([
    ['audio <source> with type', '<audio><source src="/a.ogg" type="audio/ogg"></audio>', '[audio: https://tech.en.cx/a.ogg]'],
    ['video src and poster', '<video src="/v.webm" poster="/p.jpg"></video>', '[video: https://tech.en.cx/v.webm] [picture (video poster): https://tech.en.cx/p.jpg]'],
    ['subtitles', '<video><track src="/subs.vtt"></video>', '[subtitles: https://tech.en.cx/subs.vtt]'],
    ['bgsound of old engines', '<bgsound src="/bg.mid">', '[audio: https://tech.en.cx/bg.mid]'],
    ['embed', '<embed src="/flash/game.swf">', '[embed: https://tech.en.cx/flash/game.swf]'],
    ['object data and its movie param, said once', '<object data="/m.swf"><param name="movie" value="/m.swf"></object>', '[embed: https://tech.en.cx/m.swf]'],
    ['frame', '<frameset><frame src="/f.html"></frameset>', '[embed: https://tech.en.cx/f.html]'],
    ['a commented-out picture keeps its URL, no tag soup', '<!-- <p>старый код</p><img src="/old.jpg"> -->', '[comment: старый код [picture: https://tech.en.cx/old.jpg]]'],
    ['alt and a differing title', '<img src="/a.jpg" alt="карта" title="север сверху">', '[picture "карта": https://tech.en.cx/a.jpg] [title: "север сверху"]'],
    ['link target', '<a href="/next.aspx">дальше</a>', 'дальше (https://tech.en.cx/next.aspx)'],
    ['image map areas', '<img src="/m.png" usemap="#m"><map name="m"><area href="/x1" alt="вход"><area href="/x2"></map>', '[picture: https://tech.en.cx/m.png] [area "вход": https://tech.en.cx/x1] [area: https://tech.en.cx/x2]'],
    ['input values, hidden ones said so', '<input value="СЕКРЕТ"><input type="hidden" value="k9">', '[input: "СЕКРЕТ"] [hidden input: "k9"]'],
    ['placeholder and aria-label', '<input placeholder="код сюда"><button aria-label="жми">?</button>', '[placeholder: "код сюда"] [label: "жми"] ?'],
    ['data-* holding text (not empty ones)', '<div data-code="СЛОН" data-x="">текст</div>', '[data-code: "СЛОН"] текст'],
    ['display:none', 'видно <span style="display:none">невидимо</span>', 'видно [hidden (display:none): невидимо]'],
    ['visibility:hidden', '<p style="visibility: hidden">тайна</p>', '[hidden (visibility:hidden): тайна]'],
    ['white on white', '<span style="color:#FFFFFF; background-color: white">белым</span>', '[hidden (white text): белым]'],
    ['white text on the white page', '<font color="white">шрифт</font>', '[hidden (white text): шрифт]'],
    ['text coloured like its background', '<b style="color:#123456;background:#123456">цвет</b>', '[hidden (text coloured like its background): цвет]'],
    ['zero font size', '<span style="font-size:0px">ноль</span>', '[hidden (zero font size): ноль]'],
    ['opacity 0', '<span style="opacity:0">прозрачно</span>', '[hidden (opacity:0): прозрачно]'],
    ['the hidden attribute, unclosed', '<div hidden>до конца', '[hidden (hidden attribute): до конца]'],
    ['script source', '<script>var code = "ЖУК";</script>', '[script: var code = "ЖУК";]'],
    ['noscript content', '<noscript>без JS: <b>ответ</b></noscript>', 'без JS: ответ'],
  ])('%s', (_name, html, expected) => {
    expect(htmlToText(html, resolve)).toBe(expected);
  });

  it('nested hidden regions close in order, and visible text after them is not marked', () => {
    expect(htmlToText('<div style="display:none">а <span style="color:white">б</span> в</div> г', resolve)).toBe(
      '[hidden (display:none): а [hidden (white text): б] в]\nг',
    );
  });

  it('long comments and attributes are cut with an ellipsis, not dropped', () => {
    const text = htmlToText(`<!-- ${'x'.repeat(2000)} -->`, resolve);
    expect(text).toMatch(/^\[comment: x{500}…\]$/);
  });
});

describe('images hold only pictures; media holds the rest', () => {
  it('the reported task: no picture at all, three media', () => {
    expect(pictureUrlsInHtml(REPORTED_TASK)).toEqual([]);
    expect(mediaInHtml(REPORTED_TASK)).toEqual([
      { kind: 'audio', url: '/upload/song.mp3' },
      { kind: 'video', url: '/upload/clip.mp4' },
      { kind: 'embed', url: 'https://www.youtube.com/embed/abc' },
    ]);
  });

  it('classifies by element, type and extension', () => {
    const html =
      '<picture><source srcset="/p.webp"><img src="/p.jpg"></picture>' +
      '<source src="/loose.mp4"><source src="/typed" type="audio/mpeg"><source src="/typed-img" type="image/png">' +
      '<img src="/oops.mp3"><a href="/song.wav">песня</a><a href="/photo.png">фото</a>' +
      '<video poster="/poster.jpg"><source src="/clip"></video><div style="background:url(/bg.mp4)"></div>';
    expect(pictureUrlsInHtml(html)).toEqual(['/p.webp', '/p.jpg', '/typed-img', '/photo.png', '/poster.jpg']);
    expect(mediaInHtml(html)).toEqual([
      { kind: 'video', url: '/loose.mp4' },
      { kind: 'audio', url: '/typed' },
      { kind: 'audio', url: '/oops.mp3' },
      { kind: 'audio', url: '/song.wav' },
      { kind: 'video', url: '/clip' },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Through the fake engine and the tools: the same carriers in every place a level has HTML.

const GAME_ID = 888;

/** Each place gets its own carriers, so the test can tell they came from there. */
const CLUE_GAME: GameDefinition = {
  id: GAME_ID,
  number: 1,
  title: 'Clues everywhere',
  levelSequence: 0,
  gameTypeId: 1,
  zoneId: 0,
  startsInSeconds: -60,
  durationSeconds: 3600,
  levels: [
    {
      id: 8001,
      name: 'Улики',
      tasks: [REPORTED_TASK + ' <img src="/t/map.png">'],
      sectors: [],
      answers: ['final'],
      bonuses: [
        {
          id: 81,
          name: 'Звук',
          task: 'Бонус: <audio src="/b/task.mp3"></audio><span style="display:none">скрыто-в-бонусе</span>',
          help: 'Разгадка: <video src="/b/help.mp4"></video><!-- помощь-коммент -->',
          answers: ['bb'],
          awardSeconds: 10,
        },
      ],
      hints: [{ id: 82, text: 'Подсказка <iframe src="https://player.example.org/h"></iframe><input type="hidden" value="подсказка-инпут">', delaySeconds: 0 }],
      penaltyHints: [
        {
          id: 83,
          text: 'Штрафная <embed src="/p/text.swf"><span data-answer="ШТРАФ">?</span>',
          comment: 'Стоит <object data="/p/comment.swf"></object><map><area href="/p/area" alt="зона"></map>',
          penaltySeconds: 60,
          requestConfirm: false,
          delaySeconds: 0,
        },
      ],
      messages: [{ id: 84, owner: 'org', text: 'Сообщение <bgsound src="/m/msg.mid"><font color="#ffffff">белое-слово</font>' }],
    },
  ],
};

let demo: DemoEngine;
let catalog: Catalog;

function ok(outcome: ToolOutcome): Record<string, unknown> {
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.json as Record<string, unknown>;
}

beforeAll(async () => {
  demo = await createDemoEngine({ games: [CLUE_GAME] });
  catalog = catalogOver(demo, { policy: 'full' }).catalog;
  // Bonus help and penalty hint text only appear once earned or taken.
  ok(await catalog.call('enc_send_bonus_code', { game_id: GAME_ID, code: 'bb' }));
  ok(await catalog.call('enc_take_penalty_hint', { game_id: GAME_ID, hint_id: 83 }));
});

afterAll(async () => {
  await demo.close();
});

describe('enc_level keeps every clue from every place', () => {
  it('the task text, as a model reads it', async () => {
    const site = demo.fake.url;
    const level = ok(await catalog.call('enc_level', { game_id: GAME_ID }));
    expect(level['tasks']).toEqual([
      `Послушайте [audio: ${site}/upload/song.mp3] и посмотрите [video: ${site}/upload/clip.mp4] ` +
        `[embed: https://www.youtube.com/embed/abc] [comment: код: 42] [title: "подсказка"] ? [picture: ${site}/t/map.png]`,
    ]);
  });

  it('bonus task and help, hint, penalty hint text and comment, message: each keeps its carriers', async () => {
    const site = demo.fake.url;
    const level = ok(await catalog.call('enc_level', { game_id: GAME_ID }));
    const json = JSON.stringify(level);
    for (const clue of [
      `[audio: ${site}/b/task.mp3]`,
      '[hidden (display:none): скрыто-в-бонусе]',
      `[video: ${site}/b/help.mp4]`,
      '[comment: помощь-коммент]',
      '[embed: https://player.example.org/h]',
      '[hidden input: \\"подсказка-инпут\\"]',
      `[embed: ${site}/p/text.swf]`,
      '[data-answer: \\"ШТРАФ\\"]',
      `[embed: ${site}/p/comment.swf]`,
      `[area \\"зона\\": ${site}/p/area]`,
      `[audio: ${site}/m/msg.mid]`,
      '[hidden (white text): белое-слово]',
    ]) {
      expect(json).toContain(clue);
    }
  });

  it('images lists the one picture; media lists every clip and player with where it came from', async () => {
    const site = demo.fake.url;
    const level = ok(await catalog.call('enc_level', { game_id: GAME_ID }));
    expect(level['images']).toEqual([{ url: `${site}/t/map.png`, where: 'task' }]);
    expect(level['media']).toEqual([
      { kind: 'audio', url: `${site}/upload/song.mp3`, where: 'task' },
      { kind: 'video', url: `${site}/upload/clip.mp4`, where: 'task' },
      { kind: 'embed', url: 'https://www.youtube.com/embed/abc', where: 'task' },
      { kind: 'audio', url: `${site}/b/task.mp3`, where: 'bonus:Звук' },
      { kind: 'video', url: `${site}/b/help.mp4`, where: 'bonus:Звук' },
      { kind: 'embed', url: 'https://player.example.org/h', where: 'hint' },
      { kind: 'embed', url: `${site}/p/comment.swf`, where: 'penalty_hint' },
      { kind: 'embed', url: `${site}/p/text.swf`, where: 'penalty_hint' },
      { kind: 'audio', url: `${site}/m/msg.mid`, where: 'message' },
    ]);
  });

  it('enc_game_state carries the same media for the active level', async () => {
    const level = ok(await catalog.call('enc_level', { game_id: GAME_ID }));
    const state = ok(await catalog.call('enc_game_state', { game_id: GAME_ID }));
    expect((state['current_level'] as Record<string, unknown>)['media']).toEqual(level['media']);
  });
});
