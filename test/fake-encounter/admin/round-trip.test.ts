/**
 * The editor side end to end: the admin client against the fake's pages, in-process and over
 * real HTTP. What the client writes is what the export reads back, and the fixture exports
 * survive render → parse unchanged.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hintTitle } from '../../../src/demo/admin/admin-state.js';
import { FakeEncounter } from '../../../src/demo/fake-encounter.js';
import { fetchForHosts } from '../../../src/demo/http-adapter.js';
import { EncounterClient } from '../../../src/engine/client.js';
import { NO_PACING } from '../../../src/engine/transport.js';
import type { ScenarioBonus, ScenarioDocument, ScenarioLevel } from '../../../src/engine/admin/types.js';
import { FIXTURE_GAMES, SVK_AUTHOR, TECH_AUTHOR, adminClientOf, emptyGame, fakeDomain, level } from './fixtures.js';

describe('fixture exports rebuilt as fake games read back unchanged', () => {
  for (const [name, doc] of Object.entries(FIXTURE_GAMES)) {
    it(`${name}: export parses to the document the game was built from`, async () => {
      const fake = fakeDomain('svk.en.cx', SVK_AUTHOR, [doc]);
      const client = adminClientOf(fake);
      await client.admin.signIn(SVK_AUTHOR.login, SVK_AUTHOR.password);
      const exported = await client.admin.exportScenario(doc.game_id);
      expect(exported).toEqual(doc);
      expect(exported).toEqual(fake.admin.scenario(doc.game_id));
    });
  }
});

/** Every write the admin API has, applied to an empty game; the export must show exactly the state. */
async function writeEverything(client: EncounterClient, gameId: number): Promise<void> {
  const a = client.admin;
  const levels = await a.createLevels(gameId, 3);
  expect(levels.map((l) => l.number)).toEqual([1, 2, 3]);
  expect(new Set(levels.map((l) => l.id)).size).toBe(3);
  await a.setNameAndComment(gameId, 1, 'Старт  ', 'Коммент <b>жирный</b>');
  await a.setNameAndComment(gameId, 2, '', '');
  await a.setAutopass(gameId, 1, { seconds: 5400, penalty_seconds: 60 });
  const taskId = await a.createTask(gameId, 1, 'черновик');
  await a.updateTask(gameId, 1, taskId, '<p>Задание <span style="color:red">вложено</span></p>');
  await a.createHint(gameId, 1, { text: 'первая', delay_seconds: 900 });
  const extra = await a.createHint(gameId, 1, { text: 'лишняя', delay_seconds: 60 });
  await a.deleteHint(gameId, 1, extra);
  await a.createPenaltyHint(gameId, 1, { text: 'ABC', delay_seconds: 1800, penalty_seconds: 900, request_confirm: true, comment: 'Код 1' });
  await a.createBonus(gameId, 1, { name: 'Минус', task: 'не надо', hint: 'зря', award_seconds: 600, negative: true, answers: ['NEG'], levels: { kind: 'own' } });
  await a.createBonus(gameId, 2, { name: 'Везде', task: 'любой', hint: '', award_seconds: 60, negative: false, answers: ['ALL'], levels: { kind: 'all' } });
  const gone = await a.createBonus(gameId, 3, { name: 'Удалить', task: '', hint: '', award_seconds: 1, negative: false, answers: ['X'], levels: { kind: 'own' } });
  await a.deleteBonus(gameId, 3, gone);
  await a.createMessage(gameId, 2, { text: 'Только здесь', all_levels: false });
  const sector = await a.createSector(gameId, 1, 'Север', Array.from({ length: 23 }, (_, i) => `код-${i + 1}`));
  expect(sector.answers).toHaveLength(23);
  await a.createSector(gameId, 1, 'Юг', ['юг']);
  const doomed = await a.createSector(gameId, 1, 'Лишний', ['л']);
  await a.deleteSector(gameId, 1, doomed.id);
  await a.setRequiredSectors(gameId, 1, 1);
  const t3 = await a.createTask(gameId, 3, 'удалить');
  await a.deleteTask(gameId, 3, t3);
}

const EXPECTED_AFTER_WRITES: ScenarioDocument = {
  game_id: 123,
  game_num: 1,
  game_title: 'Пустая',
  levels: [
    level(1, {
      name: 'Старт  ',
      comment: 'Коммент <b>жирный</b>',
      autopass_seconds: 5400,
      autopass_penalty_seconds: 60,
      required_sectors_count: 1,
      tasks: ['<p>Задание <span style="color:red">вложено</span></p>'],
      hints: [{ title: hintTitle(1, 900, false), text: 'первая', delay_seconds: 900 }],
      penalty_hints: [{ title: hintTitle(1, 1800, true), text: 'ABC', delay_seconds: 1800, penalty_seconds: 900, request_confirm: true, comment: 'Код 1' }],
      sectors: [
        { name: 'Север', answers: Array.from({ length: 23 }, (_, i) => `код-${i + 1}`) },
        { name: 'Юг', answers: ['юг'] },
      ],
      bonuses: [
        { number: 1, name: 'Минус', award_seconds: 600, negative: true, task: 'не надо', hint: 'зря', answers: ['NEG'], levels: { kind: 'own' } },
        { number: 2, name: 'Везде', award_seconds: 60, negative: false, task: 'любой', hint: '', answers: ['ALL'], levels: { kind: 'all' } },
      ],
    }),
    level(2, {
      bonuses: [{ number: 1, name: 'Везде', award_seconds: 60, negative: false, task: 'любой', hint: '', answers: ['ALL'], levels: { kind: 'all' } }],
      messages: [{ text: 'Только здесь', all_levels: false }],
    }),
    level(3, {
      bonuses: [{ number: 1, name: 'Везде', award_seconds: 60, negative: false, task: 'любой', hint: '', answers: ['ALL'], levels: { kind: 'all' } }],
    }),
  ],
};

describe('every write, read back through the export', () => {
  it('in-process: the handler passed in as fetch', async () => {
    const fake = fakeDomain('tech.en.cx', TECH_AUTHOR, [emptyGame(123)]);
    const client = adminClientOf(fake);
    await client.admin.signIn(TECH_AUTHOR.login, TECH_AUTHOR.password);
    await writeEverything(client, 123);
    const exported = await client.admin.exportScenario(123);
    expect(exported).toEqual(EXPECTED_AFTER_WRITES);
    expect(exported).toEqual(fake.admin.scenario(123));
  });

  describe('over real HTTP', () => {
    let fake: FakeEncounter;
    beforeAll(async () => {
      fake = await FakeEncounter.start({ domain: 'tech.en.cx', users: [TECH_AUTHOR], games: [], teams: [], adminGames: [{ scenario: emptyGame(123), editors: [TECH_AUTHOR.login] }] });
    });
    afterAll(() => fake.close());

    it('the same writes give the same export, with sessions in cookies and admin GET/POST on the wire', async () => {
      const client = adminClientOf(fake, true);
      await client.admin.signIn(TECH_AUTHOR.login, TECH_AUTHOR.password);
      await writeEverything(client, 123);
      expect(await client.admin.exportScenario(123)).toEqual(EXPECTED_AFTER_WRITES);
      const signIn = fake.requests.find((r) => r.method === 'POST' && r.path === '/Login.aspx');
      expect(signIn?.body).toMatchObject({ Login: TECH_AUTHOR.login, EnButton1: 'Sign In', socialAssign: '0', __VIEWSTATE: 'demo' });
      const answerPosts = fake.requests.filter((r) => r.body.saveanswers === '1');
      expect(answerPosts.length).toBeGreaterThanOrEqual(3);
      for (const p of answerPosts) {
        expect(Object.keys(p.body).filter((k) => /^txtAnswer_\d+$/.test(k)).length).toBeLessThanOrEqual(10);
        expect(p.body.__VIEWSTATE).toBe('fake-viewstate');
        expect(p.body['btnSaveSector.x']).toBe('1');
      }
    });
  });
});

describe('two domains in one process, with separate accounts', () => {
  it('each account opens only its own domain; cookies of one never reach the other', async () => {
    const svk = fakeDomain('svk.en.cx', SVK_AUTHOR, [FIXTURE_GAMES.review]);
    const tech = fakeDomain('tech.en.cx', TECH_AUTHOR, [emptyGame(123)]);
    const fetch = fetchForHosts({ 'svk.en.cx': svk.handle, 'tech.en.cx': tech.handle });
    const source = new EncounterClient({ domain: 'svk.en.cx', baseUrl: 'http://svk.en.cx', fetch, pacing: NO_PACING });
    const target = new EncounterClient({ domain: 'tech.en.cx', baseUrl: 'http://tech.en.cx', fetch, pacing: NO_PACING });
    await source.admin.signIn(SVK_AUTHOR.login, SVK_AUTHOR.password);
    await expect(target.admin.signIn(SVK_AUTHOR.login, SVK_AUTHOR.password)).rejects.toMatchObject({ name: 'AdminSignInError' });
    await target.admin.signIn(TECH_AUTHOR.login, TECH_AUTHOR.password);
    const doc = await source.admin.exportScenario(FIXTURE_GAMES.review.game_id);
    expect(doc.levels).toHaveLength(3);
    await target.admin.createLevels(123, 1);
    const targetCookies = target.exportCookies().map((c) => `${c.name}=${c.value}`);
    for (const r of svk.requests) for (const c of targetCookies) expect(r.cookie).not.toContain(c);
    expect(tech.requests.every((r) => !r.path.toLowerCase().includes('gamescenario'))).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Property: any scenario the engine can hold survives render → parse.

const word = fc.stringMatching(/^[a-zа-я0-9][a-zа-я0-9_-]{0,7}$/);
const phrase = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
const textLeaf = fc.stringMatching(/^[a-zа-я0-9 .,!?]{1,12}$/);
const html: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    textLeaf,
    fc.tuple(fc.constantFrom('span', 'div', 'b', 'i', 'p'), fc.array(tie('node'), { minLength: 1, maxLength: 3 })).map(([t, kids]) => `<${t}>${kids.join('')}</${t}>`),
  ),
})).node;
const seconds = fc.integer({ min: 0, max: 3 * 86_400 });
const bonus = (kind: 'own' | 'all'): fc.Arbitrary<Omit<ScenarioBonus, 'number'>> =>
  fc.record({
    name: phrase,
    award_seconds: seconds,
    negative: fc.boolean(),
    task: fc.option(html, { nil: '' }),
    hint: fc.option(html, { nil: '' }),
    answers: fc.uniqueArray(word, { minLength: 1, maxLength: 4 }),
    levels: fc.constant({ kind } as const),
  });
const levelArb: fc.Arbitrary<Omit<ScenarioLevel, 'number' | 'bonuses' | 'messages'> & { own: Array<Omit<ScenarioBonus, 'number'>>; ownMessages: string[] }> = fc
  .record({
    name: fc.stringMatching(/^[a-zа-я0-9 "'&<>]{1,12}$/),
    autopass_seconds: seconds,
    autopass_penalty_seconds: seconds,
    comment: fc.option(html, { nil: '' }),
    tasks: fc.array(html, { maxLength: 1 }),
    hints: fc.array(fc.record({ text: html, delay_seconds: seconds }), { maxLength: 2 }),
    penalty_hints: fc.array(fc.record({ text: html, delay_seconds: seconds, penalty_seconds: seconds, request_confirm: fc.boolean(), comment: textLeaf }), { maxLength: 2 }),
    sectors: fc.uniqueArray(fc.record({ name: phrase, answers: fc.uniqueArray(word, { minLength: 1, maxLength: 12 }) }), { maxLength: 3, selector: (s) => s.name }),
    required: fc.nat(3),
    own: fc.array(bonus('own'), { maxLength: 2 }),
    ownMessages: fc.array(html, { maxLength: 1 }),
  })
  .map(({ required, ...l }) => ({
    ...l,
    autopass_penalty_seconds: l.autopass_seconds > 0 ? l.autopass_penalty_seconds : 0,
    required_sectors_count: l.sectors.length > 0 ? Math.min(required, l.sectors.length) : 0,
    hints: l.hints.map((h, i) => ({ ...h, title: hintTitle(i + 1, h.delay_seconds, false) })),
    penalty_hints: l.penalty_hints.map((h, i) => ({ ...h, title: hintTitle(i + 1, h.delay_seconds, true) })),
  }));
const scenarioArb: fc.Arbitrary<ScenarioDocument> = fc
  .record({ title: phrase, levels: fc.array(levelArb, { maxLength: 4 }), everywhere: fc.array(bonus('all'), { maxLength: 1 }), everywhereMessages: fc.array(html, { maxLength: 1 }) })
  .map(({ title, levels, everywhere, everywhereMessages }) => ({
    game_id: 777,
    game_num: 3,
    game_title: title,
    // "All levels" items show on every level, ahead of the level's own (they were created first).
    levels: levels.map(({ own, ownMessages, ...l }, i) => ({
      ...l,
      number: i + 1,
      bonuses: [...everywhere, ...own].map((b, n) => ({ ...b, number: n + 1 })),
      messages: [...everywhereMessages.map((text) => ({ text, all_levels: true })), ...ownMessages.map((text) => ({ text, all_levels: false }))],
    })),
  }));

describe('property', () => {
  it('for random scenarios, the fake export parses back to the same document', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (doc) => {
        const fake = fakeDomain('svk.en.cx', SVK_AUTHOR, [doc]);
        const client = adminClientOf(fake);
        await client.admin.signIn(SVK_AUTHOR.login, SVK_AUTHOR.password);
        expect(await client.admin.exportScenario(doc.game_id)).toEqual(doc);
      }),
      { numRuns: 60 },
    );
  });
});
