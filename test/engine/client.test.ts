import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AntiSpamError,
  CancelledError,
  EmptyResponseError,
  EngineError,
  EngineHtmlError,
  GameNotFoundError,
  NetworkError,
  SessionExpiredError,
  TimeoutError,
  UndecodableResponseError,
} from '../../src/engine/errors.js';
import { DOTNET_EPOCH_OFFSET_MS } from '../../src/engine/types.js';
import { DEMO_GAME_ID, STORM_GAME_ID, UPCOMING_GAME_ID } from '../../src/demo/demo-game.js';
import { clientFor, demoPicture, signedInClient, startFake, type FakeEncounter } from '../fake-encounter/harness.js';

let fake: FakeEncounter;
beforeAll(async () => {
  fake = await startFake({ domain: 'demo.en.cx' });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

describe('EncounterClient reads', () => {
  it('getGameModel returns the active level with tasks, sectors, bonuses, hints and messages', async () => {
    const client = await signedInClient(fake);
    const model = await client.getGameModel(DEMO_GAME_ID);
    expect(model.Event).toBe(0);
    expect(model.GameId).toBe(DEMO_GAME_ID);
    const level = model.Level!;
    expect(level.Number).toBe(1);
    expect(level.Sectors!.map((s) => s.Name)).toEqual(['Круг', 'Квадрат', 'Треугольник']);
    expect(level.Tasks![0]!.TaskTextFormatted).toContain(`${fake.url}/GameImages/demo/collage.jpg`);
    expect(level.Helps![0]!.HelpText).not.toBeNull();
    expect(level.Helps![1]!.HelpText).toBeNull();
    expect(level.Helps![1]!.RemainSeconds).toBeGreaterThan(0);
    expect(level.Messages![0]!.MessageText).toContain('Штаб');
    // DateTime.Value is ms since year 1, not Unix seconds (the encx-mock mistake).
    const start = level.StartTime!;
    expect(start.Value - DOTNET_EPOCH_OFFSET_MS).toBeCloseTo(start.Timestamp! * 1000, -4);
    // The request really used GET with json=1 and the session cookie.
    const req = fake.requests.at(-1)!;
    expect(req.query.json).toBe('1');
    expect(req.cookie).toMatch(/atoken=.*stoken=/);
  });

  it('getGameModelLevel selects a storm level with level=N', async () => {
    const client = await signedInClient(fake);
    const model = await client.getGameModelLevel(STORM_GAME_ID, 2);
    expect(model.LevelSequence).toBe(3);
    expect(model.Level!.Number).toBe(2);
    expect(fake.requests.at(-1)!.query.level).toBe('2');
  });

  it('getGameList, getDomainGames, getGameStatistics work (public pages)', async () => {
    const client = clientFor(fake);
    const list = await client.getGameList();
    expect(list.ActiveGames!.map((g) => g.GameID)).toContain(DEMO_GAME_ID);
    expect(list.ComingGames!.map((g) => g.GameID)).toEqual([UPCOMING_GAME_ID]);
    const games = await client.getDomainGames();
    expect(games).toContainEqual({ title: 'Город загадок (demo)', gameId: DEMO_GAME_ID });
    expect(games).toHaveLength(3);
    const stats = await client.getGameStatistics(DEMO_GAME_ID);
    expect(stats).toHaveProperty('Levels');
    expect((stats.Levels as unknown[]).length).toBe(3);
  });

  it('getTimeoutToGame reads StartCounter, null once started', async () => {
    const client = await signedInClient(fake);
    const seconds = await client.getTimeoutToGame(UPCOMING_GAME_ID);
    expect(seconds).toBeGreaterThan(3500);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect(await client.getTimeoutToGame(DEMO_GAME_ID)).toBeNull();
  });

  it('getProfile and getTeam/getTeamManagementInfo scrape the pages', async () => {
    const client = await signedInClient(fake);
    const profile = await client.getProfile();
    expect(profile).toMatchObject({ id: 101, login: 'player1', name: 'Иван Демо', team_id: 5150, team: 'Demo Team', points: '232,66', rank: 'Лейтенант' });
    const mine = await client.getTeam();
    expect(mine.team_id).toBe(5150);
    const team = await client.getTeamManagementInfo(5150);
    expect(team.team_name).toBe('Demo Team');
    expect(team.pending_invitations).toEqual([{ user_id: 1408504, login: 'Santa' }]);
    expect(Object.keys(team.actions ?? {})).toContain('leave');
  });

  it('fetchResource returns the picture bytes with the final URL', async () => {
    const client = await signedInClient(fake);
    const r = await client.fetchResource('/gameimages/demo/map.png');
    expect(r.bytes).toEqual(demoPicture('map.png'));
    expect(r.contentType).toBe('image/png');
  });
});

describe('EncounterClient actions', () => {
  it('sendCode: wrong, then correct sector, then level up', async () => {
    const client = await signedInClient(fake);
    const level = (await client.getGameModel(DEMO_GAME_ID)).Level!;
    const wrong = await client.sendCode(DEMO_GAME_ID, level.LevelId, level.Number, 'purple');
    expect(wrong.EngineAction!.LevelAction).toEqual({ Answer: 'purple', IsCorrectAnswer: false });
    expect(wrong.Level!.MixedActions![0]).toMatchObject({ Answer: 'purple', IsCorrect: false, Kind: 1 });
    const right = await client.sendCode(DEMO_GAME_ID, level.LevelId, level.Number, '  ЖЁЛТЫЙ ');
    expect(right.EngineAction!.LevelAction.IsCorrectAnswer).toBe(true);
    expect(right.Level!.Sectors![0]!.IsAnswered).toBe(true);
    const up = await client.sendCode(DEMO_GAME_ID, level.LevelId, level.Number, 'triangle');
    expect(up.Level!.Number).toBe(2);
    // The form fields of the contract reached the engine.
    const sent = fake.submissions().at(-1)!;
    expect(sent.body).toEqual({ LevelId: String(level.LevelId), LevelNumber: '1', 'LevelAction.Answer': 'triangle' });
  });

  it('sendBonusCode closes a bonus and only checks bonuses', async () => {
    const client = await signedInClient(fake);
    const level = (await client.getGameModel(DEMO_GAME_ID)).Level!;
    const sectorCodeAsBonus = await client.sendBonusCode(DEMO_GAME_ID, level.LevelId, level.Number, 'yellow');
    expect(sectorCodeAsBonus.EngineAction!.BonusAction.IsCorrectAnswer).toBe(false);
    expect(sectorCodeAsBonus.Level!.PassedSectorsCount).toBe(0);
    const bonus = await client.sendBonusCode(DEMO_GAME_ID, level.LevelId, level.Number, 'Синий');
    expect(bonus.EngineAction!.BonusAction.IsCorrectAnswer).toBe(true);
    expect(bonus.Level!.Bonuses![0]!.IsAnswered).toBe(true);
    expect(bonus.Level!.Bonuses![0]!.Help).toBe('синий — blue');
  });

  it('getPenaltyHint (takePenaltyHint) opens a penalty hint', async () => {
    const client = await signedInClient(fake);
    const l1 = (await client.getGameModel(DEMO_GAME_ID)).Level!;
    await client.sendCode(DEMO_GAME_ID, l1.LevelId, 1, 'yellow');
    const l2 = (await client.sendCode(DEMO_GAME_ID, l1.LevelId, 1, 'square')).Level!;
    const hint = l2.PenaltyHelps![0]!;
    expect(hint.HelpText).toBeNull();
    const taken = await client.getPenaltyHint(DEMO_GAME_ID, hint.HelpId);
    expect(taken.EngineAction!.PenaltyAction).toEqual({ PenaltyId: hint.HelpId, ActionType: 1 });
    expect(taken.Level!.PenaltyHelps![0]!.HelpText).toContain('северо-востоке');
    expect(fake.requests.at(-1)!.query).toMatchObject({ pid: String(hint.HelpId), pact: '1' });
  });

  it('enterGame applies; the game then leaves Event 7', async () => {
    const client = await signedInClient(fake);
    fake.advance(3601 * 1000);
    await expect(client.getGameModel(UPCOMING_GAME_ID)).rejects.toMatchObject({ event: 7 });
    const html = await client.enterGame(UPCOMING_GAME_ID);
    expect(html).toContain('accepted');
    expect((await client.getGameModel(UPCOMING_GAME_ID)).Event).toBe(0);
  });
});

describe('EncounterClient errors', () => {
  it('SessionExpiredError on the login redirect, naming the domain (the remedy is worded by each surface)', async () => {
    const client = clientFor(fake);
    const err = await client.getGameModel(DEMO_GAME_ID).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SessionExpiredError);
    expect((err as SessionExpiredError).domain).toBe('demo.en.cx');
    expect((err as Error).message).toContain('not signed in to demo.en.cx');
    expect((err as Error).message).not.toContain('encli');
  });

  it('SessionExpiredError on a 200 login page and on the 403 interstitial', async () => {
    const client = await signedInClient(fake);
    fake.faults = { loginPageOnPlay: true };
    await expect(client.getGameModel(DEMO_GAME_ID)).rejects.toBeInstanceOf(SessionExpiredError);
    fake.faults = { expiredSession: true };
    await expect(client.getProfile()).rejects.toBeInstanceOf(SessionExpiredError);
  });

  it('a session is bound to its User-Agent', async () => {
    const client = await signedInClient(fake);
    const other = clientFor(fake, { cookies: client.exportCookies(), userAgent: 'another-agent' });
    await expect(other.getGameModel(DEMO_GAME_ID)).rejects.toBeInstanceOf(SessionExpiredError);
    const same = clientFor(fake, { cookies: client.exportCookies(), userAgent: client.userAgent });
    expect((await same.getGameModel(DEMO_GAME_ID)).Event).toBe(0);
  });

  it('AntiSpamError carries the absolute verification URL', async () => {
    const client = await signedInClient(fake);
    fake.faults = { antiSpamOnSubmission: [1] };
    const err = await client.sendCode(DEMO_GAME_ID, 1400001, 1, 'x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AntiSpamError);
    expect((err as AntiSpamError).challengeUrl).toMatch(new RegExp(`^${fake.url}/NotHumanRequest\\.aspx\\?return=`));
    fake.faults = { antiSpam: true };
    await expect(client.getProfile()).rejects.toBeInstanceOf(AntiSpamError);
  });

  it('EngineHtmlError on a neutral HTML page', async () => {
    const client = await signedInClient(fake);
    fake.faults = { neutralHtml: true };
    const err = await client.getGameModel(DEMO_GAME_ID).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineHtmlError);
    expect((err as Error).message).toMatch(/retry shortly/);
  });

  it('UndecodableResponseError(accepted) on a 2xx broken JSON, never a SyntaxError', async () => {
    const client = await signedInClient(fake);
    fake.faults = { undecodable: true };
    const err = await client.sendCode(DEMO_GAME_ID, 1400001, 1, 'yellow').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UndecodableResponseError);
    expect((err as UndecodableResponseError).accepted).toBe(true);
    expect((err as Error).message).toMatch(/do not resend/);
  });

  it('EmptyResponseError on an empty 2xx; UndecodableResponseError(accepted=false, retryable) on a 502 page', async () => {
    const client = await signedInClient(fake);
    fake.faults = { emptyBody: true };
    await expect(client.getGameModel(DEMO_GAME_ID)).rejects.toBeInstanceOf(EmptyResponseError);
    fake.faults = { gatewayError: true };
    const err = await client.sendCode(DEMO_GAME_ID, 1400001, 1, 'yellow').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UndecodableResponseError);
    expect((err as UndecodableResponseError).accepted).toBe(false);
    expect((err as UndecodableResponseError).retryable).toBe(true);
  });

  it('GameNotFoundError when the play page redirects to /', async () => {
    const client = await signedInClient(fake);
    await expect(client.getGameModel(999999)).rejects.toBeInstanceOf(GameNotFoundError);
  });

  it('EngineError with the Event meaning (game not started)', async () => {
    const client = await signedInClient(fake);
    const err = await client.getGameModel(UPCOMING_GAME_ID).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).event).toBe(5);
    expect((err as Error).message).toMatch(/not started/);
  });

  it('NetworkError with the URL on a dropped connection', async () => {
    const client = await signedInClient(fake);
    fake.faults = { dropConnection: true };
    const err = await client.getGameModel(DEMO_GAME_ID).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).url).toContain(`/gameengines/encounter/play/${DEMO_GAME_ID}`);
  });

  it('TimeoutError on a slow answer; CancelledError when the caller aborts', async () => {
    const client = await signedInClient(fake, { timeoutMs: 200 });
    fake.faults = { slowMs: 1000 };
    await expect(client.getGameModel(DEMO_GAME_ID)).rejects.toBeInstanceOf(TimeoutError);
    const controller = new AbortController();
    const pending = client.getGameList(undefined, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
  });

  it('NetworkError when nothing listens', async () => {
    const client = clientFor(fake, { baseUrl: 'http://127.0.0.1:1' });
    await expect(client.getGameList()).rejects.toBeInstanceOf(NetworkError);
  });
});
