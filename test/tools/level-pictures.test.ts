/**
 * Level pictures end to end: a game on the fake Encounter server (real HTTP) with a picture in
 * every place a level can hold one — task (relative, absolute, protocol-relative, entity-encoded),
 * bonus task (srcset) and bonus help (a link with a query string), hint, penalty hint comment and
 * text, organiser message. Each must be listed once, in reading order, with where it came from.
 * Reference acceptance case covered: 25 (extended), plus what the reference missed: order, entities,
 * srcset, query strings, relative URLs resolved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoEngine } from '../../src/demo/index.js';
import type { GameDefinition } from '../../src/demo/index.js';
import { failureText } from '../../src/tools/index.js';
import type { Catalog, ToolOutcome } from '../../src/tools/types.js';
import { Paced } from '../../src/engine/paced.js';
import { createCatalog } from '../../src/tools/index.js';
import { catalogOver, createDemoEngine } from './support/catalog-fixture.js';

const GAME_ID = 777;

const PICTURE_GAME: GameDefinition = {
  id: GAME_ID,
  number: 1,
  title: 'Pictures everywhere',
  levelSequence: 0,
  gameTypeId: 1,
  zoneId: 0,
  startsInSeconds: -60,
  durationSeconds: 3600,
  levels: [
    {
      id: 7001,
      name: 'Картинки',
      tasks: [
        '<p>Раз <img src="/t/one.jpg"> два <IMG SRC=/t/two.png> три ' +
          '<img src="{{SITE}}/t/one.jpg"> четыре <img src="//cdn.example.org/four.gif?w=1&amp;h=2"></p>',
      ],
      sectors: [],
      answers: ['final'],
      bonuses: [
        {
          id: 71,
          name: 'Фото',
          task: 'Найдите <img srcset="/b/small.jpg 1x, /b/big.jpg 2x" src="/b/small.jpg">',
          help: 'Ответ на <a href="/b/help.png?v=1">картинке</a>, а не <a href="/b/notes.pdf">тут</a>',
          answers: ['bb'],
          awardSeconds: 10,
        },
      ],
      hints: [{ id: 72, text: 'Подсказка: <img src="/h/hint.gif">', delaySeconds: 0 }],
      penaltyHints: [
        { id: 73, text: 'Штрафная: <img src="/p/pen.webp">', comment: 'Стоит <img src="/p/comment.jpg">', penaltySeconds: 60, requestConfirm: false, delaySeconds: 0 },
      ],
      messages: [{ id: 74, owner: 'org', text: 'Смотрите <img src="/m/msg.jpg?a=1&amp;b=2"> и <img src="/t/two.png">' }],
    },
  ],
};

let demo: DemoEngine;
let catalog: Catalog;

function ok(outcome: ToolOutcome): Record<string, unknown> {
  if (!outcome.ok) throw new Error(failureText(outcome));
  return outcome.json as Record<string, unknown>;
}

beforeAll(async () => {
  demo = await createDemoEngine({ games: [PICTURE_GAME] });
  catalog = catalogOver(demo, { policy: 'full' }).catalog;
  // Bonus help and penalty hint text only appear once earned or taken.
  ok(await catalog.call('enc_send_bonus_code', { game_id: GAME_ID, code: 'bb' }));
  ok(await catalog.call('enc_take_penalty_hint', { game_id: GAME_ID, hint_id: 73 }));
});

afterAll(async () => {
  await demo.close();
});

describe('pictures of a level', () => {
  it('lists every picture once, in reading order, resolved, with its source', async () => {
    const site = demo.fake.url;
    const level = ok(await catalog.call('enc_level', { game_id: GAME_ID }));
    expect(level['images']).toEqual([
      { url: `${site}/t/one.jpg`, where: 'task' },
      { url: `${site}/t/two.png`, where: 'task' },
      { url: 'http://cdn.example.org/four.gif?w=1&h=2', where: 'task' },
      { url: `${site}/b/small.jpg`, where: 'bonus:Фото' },
      { url: `${site}/b/big.jpg`, where: 'bonus:Фото' },
      { url: `${site}/b/help.png?v=1`, where: 'bonus:Фото' },
      { url: `${site}/h/hint.gif`, where: 'hint' },
      { url: `${site}/p/comment.jpg`, where: 'penalty_hint' },
      { url: `${site}/p/pen.webp`, where: 'penalty_hint' },
      { url: `${site}/m/msg.jpg?a=1&b=2`, where: 'message' },
    ]);
  });

  it('takes the site from the engine itself, through the pacing wrapper, when no baseUrl is given', async () => {
    const paced = createCatalog(new Paced(demo.engine, 1), { policy: 'readonly' });
    const level = ok(await paced.call('enc_level', { game_id: GAME_ID }));
    expect((level['images'] as Array<{ url: string }>)[0]).toEqual({ url: `${demo.fake.url}/t/one.jpg`, where: 'task' });
  });

  it('enc_game_state lists the same pictures for the active level', async () => {
    const level = ok(await catalog.call('enc_level', { game_id: GAME_ID }));
    const state = ok(await catalog.call('enc_game_state', { game_id: GAME_ID }));
    expect((state['current_level'] as Record<string, unknown>)['images']).toEqual(level['images']);
  });
});
