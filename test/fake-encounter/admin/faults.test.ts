/**
 * Every way the editor side refuses or breaks, and the typed error the admin client raises for
 * it: silently ignored writes, no rights, a dropped connection mid-import, the engine's own
 * refusals, and sign-in failures.
 */
import { describe, expect, it } from 'vitest';
import type { AdminWriteKind } from '../../../src/demo/admin/admin-routes.js';
import type { FakeEncounter } from '../../../src/demo/fake-encounter.js';
import { EncounterClient } from '../../../src/engine/client.js';
import { NO_PACING } from '../../../src/engine/transport.js';
import { AdminAccessDeniedError, AdminRefusedError, AdminSignInError, PenaltyHintTakenError, SectorStartedError } from '../../../src/engine/admin/errors.js';
import { NetworkError, SessionExpiredError } from '../../../src/engine/errors.js';
import { FAKE_CAPTCHA_DIGITS } from '../../../src/demo/fake-encounter.js';
import { FIXTURE_GAMES, TECH_AUTHOR, adminClientOf, emptyGame, fakeDomain } from './fixtures.js';

const GID = 123;

async function signedIn(games = [emptyGame(GID)], hasParticipants = false): Promise<{ fake: FakeEncounter; client: EncounterClient }> {
  const fake = fakeDomain('tech.en.cx', TECH_AUTHOR, [], {
    adminGames: games.map((scenario) => ({ scenario, editors: [TECH_AUTHOR.login], hasParticipants })),
  });
  const client = adminClientOf(fake);
  await client.admin.signIn(TECH_AUTHOR.login, TECH_AUTHOR.password);
  return { fake, client };
}

describe('writes the engine silently ignores behind a 200 or a 302', () => {
  const cases: Array<[AdminWriteKind, (c: EncounterClient) => Promise<unknown>]> = [
    ['levels', (c) => c.admin.createLevels(GID, 2)],
    ['name', (c) => c.admin.setNameAndComment(GID, 1, 'Новое', 'к')],
    ['autopass', (c) => c.admin.setAutopass(GID, 1, { seconds: 300, penalty_seconds: 0 })],
    ['sector-rule', (c) => c.admin.setRequiredSectors(GID, 1, 1)],
    ['task', (c) => c.admin.createTask(GID, 1, 'задание')],
    ['hint', (c) => c.admin.createHint(GID, 1, { text: 'п', delay_seconds: 60 })],
    ['hint', (c) => c.admin.createPenaltyHint(GID, 1, { text: 'п', delay_seconds: 60, penalty_seconds: 60, request_confirm: false, comment: '' })],
    ['bonus', (c) => c.admin.createBonus(GID, 1, { name: 'б', task: '', hint: '', award_seconds: 1, negative: false, answers: ['a'], levels: { kind: 'own' } })],
    ['message', (c) => c.admin.createMessage(GID, 1, { text: 'м', all_levels: false })],
    ['sector', (c) => c.admin.createSector(GID, 1, 'с', ['a'])],
  ];
  for (const [kind, write] of cases) {
    it(`${kind}: raises AdminRefusedError and the state is unchanged`, async () => {
      const { fake, client } = await signedIn();
      await client.admin.createLevels(GID, 1);
      const before = JSON.stringify(fake.admin.scenario(GID));
      fake.faults = { admin: { ignoreWrites: [kind] } };
      await expect(write(client)).rejects.toBeInstanceOf(AdminRefusedError);
      expect(JSON.stringify(fake.admin.scenario(GID))).toBe(before);
    });
  }

  it('answers added to a sector but dropped by the engine are noticed on re-read', async () => {
    const { fake, client } = await signedIn();
    await client.admin.createLevels(GID, 1);
    const sector = await client.admin.createSector(GID, 1, 'с', ['a']);
    fake.faults = { admin: { ignoreWrites: ['answers'] } };
    await expect(client.admin.addSectorAnswers(GID, 1, sector.id, ['b', 'c'])).rejects.toThrow(/2 answer\(s\) missing/);
  });

  it('deletes that do nothing are noticed', async () => {
    const { fake, client } = await signedIn();
    await client.admin.createLevels(GID, 1);
    const task = await client.admin.createTask(GID, 1, 'т');
    fake.faults = { admin: { ignoreWrites: ['delete'] } };
    await expect(client.admin.deleteTask(GID, 1, task)).rejects.toThrow(/still on the level/);
  });
});

describe("the engine's own refusals", () => {
  it('a game with participants keeps its autopass: AdminRefusedError naming the old value', async () => {
    const { client } = await signedIn([FIXTURE_GAMES.everything], true);
    const err = await client.admin.setAutopass(FIXTURE_GAMES.everything.game_id, 1, { seconds: 60, penalty_seconds: 0 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AdminRefusedError);
    expect((err as Error).message).toContain('still shows 3600 s');
  });

  it('a second general task re-shows the add form: refused, nothing added', async () => {
    const { fake, client } = await signedIn();
    await client.admin.createLevels(GID, 1);
    await client.admin.createTask(GID, 1, 'первое');
    await expect(client.admin.createTask(GID, 1, 'второе')).rejects.toThrow(/already has its general task/);
    expect(fake.admin.scenario(GID)!.levels[0]!.tasks).toEqual(['первое']);
  });

  it('a started sector cannot be deleted: SectorStartedError', async () => {
    const { fake, client } = await signedIn();
    await client.admin.createLevels(GID, 1);
    const sector = await client.admin.createSector(GID, 1, 'с', ['a']);
    fake.admin.get(GID)!.levels[0]!.sectors[0]!.started = true;
    const err = await client.admin.deleteSector(GID, 1, sector.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SectorStartedError);
    expect((err as SectorStartedError).kind).toBe('sector_started');
    const referer = fake.requests.find((r) => r.query.delsector === String(sector.id));
    expect(referer).toBeDefined();
  });

  it('a taken penalty hint cannot be deleted: PenaltyHintTakenError', async () => {
    const { fake, client } = await signedIn();
    await client.admin.createLevels(GID, 1);
    const id = await client.admin.createPenaltyHint(GID, 1, { text: 'п', delay_seconds: 0, penalty_seconds: 60, request_confirm: false, comment: '' });
    fake.admin.get(GID)!.levels[0]!.penaltyHints[0]!.taken = true;
    await expect(client.admin.deleteHint(GID, 1, id)).rejects.toBeInstanceOf(PenaltyHintTakenError);
  });

  it('a penalty hint is deleted only by the penalty=1 form, which the client always sends too', async () => {
    const { fake, client } = await signedIn();
    await client.admin.createLevels(GID, 1);
    const id = await client.admin.createPenaltyHint(GID, 1, { text: 'п', delay_seconds: 0, penalty_seconds: 60, request_confirm: false, comment: '' });
    await client.admin.deleteHint(GID, 1, id);
    expect(fake.admin.scenario(GID)!.levels[0]!.penalty_hints).toEqual([]);
    expect(fake.requests.filter((r) => r.query.prid === String(id)).map((r) => r.query.penalty ?? '')).toEqual(['', '1']);
  });
});

/** A client whose every request lands on the anti-spam page itself (as a proxy that rewrote the wall into a 200 would). */
class EncounterClientFor {
  readonly admin;
  constructor(fake: FakeEncounter) {
    const wall: typeof fetch = (input, init) => fake.fetch(new URL('/NotHumanRequest.aspx?return=%2fx', String(input instanceof Request ? input.url : input)), init);
    this.admin = new EncounterClient({ domain: fake.domain, baseUrl: fake.url, fetch: wall, pacing: NO_PACING }).admin;
  }
}

describe('rights, sessions and connections', () => {
  it('no rights: a 302 to GamesManager raises AdminAccessDeniedError', async () => {
    const { fake, client } = await signedIn();
    fake.faults = { admin: { noRights: true } };
    const err = await client.admin.listLevels(GID).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AdminAccessDeniedError);
    expect((err as AdminAccessDeniedError).gameId).toBe(GID);
    await expect(client.admin.exportScenario(GID)).rejects.toBeInstanceOf(AdminAccessDeniedError);
  });

  it('a game this login does not edit is refused the same way', async () => {
    const { client } = await signedIn();
    await expect(client.admin.exportScenario(999)).rejects.toBeInstanceOf(AdminAccessDeniedError);
  });

  it('a connection dropped halfway through an import: NetworkError, the writes before it stay applied', async () => {
    const { fake, client } = await signedIn();
    await client.admin.createLevels(GID, 2);
    fake.faults = { admin: { dropWritesAfter: fake.adminWritesApplied + 2 } };
    await client.admin.setNameAndComment(GID, 1, 'один', '');
    await client.admin.setNameAndComment(GID, 2, 'два', '');
    await expect(client.admin.createTask(GID, 1, 'т')).rejects.toBeInstanceOf(NetworkError);
    fake.faults = {};
    expect(fake.admin.scenario(GID)!.levels.map((l) => l.name)).toEqual(['один', 'два']);
    expect(fake.admin.scenario(GID)!.levels[0]!.tasks).toEqual([]);
  });

  it('the session check: no session, the sign-in redirect and the sign-in page all mean SessionExpiredError', async () => {
    const fake = fakeDomain('tech.en.cx', TECH_AUTHOR, [emptyGame(GID)]);
    const client = adminClientOf(fake);
    await expect(client.admin.checkSession()).rejects.toBeInstanceOf(SessionExpiredError);
    await expect(client.admin.listLevels(GID)).rejects.toBeInstanceOf(SessionExpiredError);
    await client.admin.signIn(TECH_AUTHOR.login, TECH_AUTHOR.password);
    await expect(client.admin.checkSession()).resolves.toBeUndefined();
    fake.faults = { expiredSession: true };
    await expect(client.admin.checkSession()).rejects.toBeInstanceOf(SessionExpiredError);
  });

  it('HTML sign-in: wrong password, then CAPTCHA after repeated failures, then the digits open it', async () => {
    const fake = fakeDomain('tech.en.cx', TECH_AUTHOR, [emptyGame(GID)]);
    const client = adminClientOf(fake);
    const wrong = await client.admin.signIn(TECH_AUTHOR.login, 'nope').catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(AdminSignInError);
    expect((wrong as AdminSignInError).kind).toBe('sign_in_failed');
    expect((wrong as AdminSignInError).engineMessage).toBe('Incorrect login or password');
    await client.admin.signIn(TECH_AUTHOR.login, 'nope').catch(() => undefined);
    await client.admin.signIn(TECH_AUTHOR.login, 'nope').catch(() => undefined);
    const captcha = await client.admin.signIn(TECH_AUTHOR.login, TECH_AUTHOR.password).catch((e: unknown) => e);
    expect((captcha as AdminSignInError).kind).toBe('captcha_required');
    await client.admin.signIn(TECH_AUTHOR.login, TECH_AUTHOR.password, { captcha: FAKE_CAPTCHA_DIGITS });
    await expect(client.admin.listLevels(GID)).resolves.toEqual([]);
  });

  it('when the HTML form does not open the admin pages, the JSON sign-in is tried and checked again', async () => {
    const fake = fakeDomain('tech.en.cx', TECH_AUTHOR, [emptyGame(GID)]);
    fake.faults = { admin: { formSessionsLackAdmin: true } };
    const client = adminClientOf(fake);
    await client.admin.signIn(TECH_AUTHOR.login, TECH_AUTHOR.password);
    await expect(client.admin.listLevels(GID)).resolves.toEqual([]);
    const order = fake.requests.map((r) => `${r.method} ${r.path}`).filter((x) => /Login\.aspx|signin|LevelManager/i.test(x));
    expect(order).toEqual([
      'GET /Login.aspx',
      'POST /Login.aspx',
      'GET /Login.aspx',
      'GET /Administration/Games/LevelManager.aspx',
      'POST /login/signin',
      'GET /Administration/Games/LevelManager.aspx',
      'GET /Administration/Games/LevelManager.aspx',
    ]);
  });

  it('anti-spam on an admin page is an AntiSpamError, not a refusal', async () => {
    const { fake, client } = await signedIn();
    fake.faults = { antiSpam: true };
    await expect(client.admin.listLevels(GID)).rejects.toMatchObject({ name: 'AntiSpamError' });
    // The wall served as a plain 200 page is recognised too, with its sign-in link.
    const wall = await new EncounterClientFor(fake).admin.exportScenario(GID).catch((e: unknown) => e);
    expect(wall).toMatchObject({ name: 'AntiSpamError' });
    expect((wall as { loginUrl: string | null }).loginUrl).toMatch(/Login\.aspx\?return=/);
  });
});
