import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GameModel } from '../../src/engine/types.js';
import { DEMO_GAME_ID, STORM_GAME_ID } from '../../src/demo/demo-game.js';
import { signedInClient, startFake, type FakeEncounter } from './harness.js';
import type { EncounterClient } from '../../src/engine/client.js';

let fake: FakeEncounter;
beforeAll(async () => {
  fake = await startFake();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

/** Play level 1 and 2 of the demo game to reach level 3 (the answer-block level). */
async function reachLevel3(client: EncounterClient): Promise<GameModel> {
  await client.sendCode(DEMO_GAME_ID, 1400001, 1, 'yellow');
  await client.sendCode(DEMO_GAME_ID, 1400001, 1, 'square');
  await client.sendCode(DEMO_GAME_ID, 1400002, 2, 'ne');
  return client.sendCode(DEMO_GAME_ID, 1400002, 2, 'red');
}

describe('fake engine rules', () => {
  it('a level code also closes a matching bonus when there is no answer-block rule (Kind 1 and 2 rows)', async () => {
    const client = await signedInClient(fake);
    const m = await client.sendCode(DEMO_GAME_ID, 1400001, 1, 'blue');
    expect(m.EngineAction!.LevelAction.IsCorrectAnswer).toBe(true);
    expect(m.Level!.Bonuses![0]!.IsAnswered).toBe(true);
    expect(m.Level!.MixedActions!.map((a) => [a.Kind, a.IsCorrect])).toEqual([[2, true]]);
  });

  it('a duplicate code for a closed sector counts as wrong', async () => {
    const client = await signedInClient(fake);
    await client.sendCode(DEMO_GAME_ID, 1400001, 1, 'yellow');
    const again = await client.sendCode(DEMO_GAME_ID, 1400001, 1, 'yellow');
    expect(again.EngineAction!.LevelAction.IsCorrectAnswer).toBe(false);
    expect(again.Level!.PassedSectorsCount).toBe(1);
  });

  it('answer block: 3 wrong codes in 60 s block level codes (not processed, no row); bonuses still accepted', async () => {
    const client = await signedInClient(fake);
    const l3 = (await reachLevel3(client)).Level!;
    expect(l3.Number).toBe(3);
    expect(l3.HasAnswerBlockRule).toBe(true);
    for (const code of ['a', 'b', 'c']) await client.sendCode(DEMO_GAME_ID, l3.LevelId, 3, code);
    const blocked = await client.sendCode(DEMO_GAME_ID, l3.LevelId, 3, 'finish');
    expect(blocked.EngineAction!.LevelAction.IsCorrectAnswer).toBeNull();
    expect(blocked.Level!.BlockDuration).toBeGreaterThan(0);
    expect(blocked.Level!.MixedActions!.filter((a) => a.Kind === 1)).toHaveLength(3);
    const bonus = await client.sendBonusCode(DEMO_GAME_ID, l3.LevelId, 3, 'white');
    expect(bonus.EngineAction!.BonusAction.IsCorrectAnswer).toBe(true);
    fake.advance(61_000);
    const done = await client.sendCode(DEMO_GAME_ID, l3.LevelId, 3, 'FINISH');
    expect(done.EngineAction!.LevelAction.IsCorrectAnswer).toBe(true);
    // The last level passed: the game is over (Event 17), the verdict is still returned.
    expect(done.Event).toBe(17);
    expect(done.Level).toBeNull();
  });

  it('a stale LevelId is not processed', async () => {
    const client = await signedInClient(fake);
    const m = await client.sendCode(DEMO_GAME_ID, 999, 1, 'yellow');
    expect(m.EngineAction!.LevelAction.IsCorrectAnswer).toBeNull();
    expect(m.Level!.PassedSectorsCount).toBe(0);
  });

  it('hints open on their delay; autopass advances with the clock', async () => {
    const client = await signedInClient(fake);
    const before = (await client.getGameModel(DEMO_GAME_ID)).Level!;
    expect(before.Helps![1]!.HelpText).toBeNull();
    fake.advance(before.Helps![1]!.RemainSeconds! * 1000);
    const opened = (await client.getGameModel(DEMO_GAME_ID)).Level!;
    expect(opened.Helps![1]!.HelpText).toBe('Первая фигура — солнце.');
    fake.advance(opened.TimeoutSecondsRemain! * 1000);
    const next = (await client.getGameModel(DEMO_GAME_ID)).Level!;
    expect(next.Number).toBe(2);
  });

  it('a penalty hint cannot be taken twice, and an unknown id changes nothing', async () => {
    const client = await signedInClient(fake);
    const unknown = await client.getPenaltyHint(DEMO_GAME_ID, 12345);
    expect(unknown.EngineAction!.PenaltyAction).toEqual({ PenaltyId: 0, ActionType: 0 });
    await client.sendCode(DEMO_GAME_ID, 1400001, 1, 'yellow');
    await client.sendCode(DEMO_GAME_ID, 1400001, 1, 'square');
    const first = await client.getPenaltyHint(DEMO_GAME_ID, 1299);
    expect(first.EngineAction!.PenaltyAction).toEqual({ PenaltyId: 1299, ActionType: 1 });
    const second = await client.getPenaltyHint(DEMO_GAME_ID, 1299);
    expect(second.EngineAction!.PenaltyAction).toEqual({ PenaltyId: 0, ActionType: 0 });
    expect(second.Level!.PenaltyHelps![0]!.PenaltyHelpState).toBe(1);
  });

  it('transition event switch: the passing code answers Level:null with Event 19 once', async () => {
    const client = await signedInClient(fake);
    fake.faults = { transitionEvents: true };
    await client.sendCode(DEMO_GAME_ID, 1400001, 1, 'yellow');
    const passing = await client.sendCode(DEMO_GAME_ID, 1400001, 1, 'square');
    expect(passing.Event).toBe(19);
    expect(passing.Level).toBeNull();
    expect(passing.EngineAction!.LevelAction.IsCorrectAnswer).toBe(true);
    expect((await client.getGameModel(DEMO_GAME_ID)).Level!.Number).toBe(2);
  });

  it('storm games keep every level open and take answers per level', async () => {
    const client = await signedInClient(fake);
    const m = await client.sendCode(STORM_GAME_ID, 1500002, 2, 'четыре');
    expect(m.EngineAction!.LevelAction.IsCorrectAnswer).toBe(true);
    const l1 = await client.getGameModelLevel(STORM_GAME_ID, 1);
    expect(l1.Level!.IsPassed).toBe(false);
    expect(l1.Levels!.map((l) => l.IsPassed)).toEqual([false, true]);
  });
});

describe('fake engine protocol', () => {
  it('paths match case-insensitively, with or without a trailing slash; unknown query params ignored', async () => {
    const client = await signedInClient(fake);
    const cookie = client.exportCookies().map((c) => `${c.name}=${c.value}`).join('; ');
    for (const path of [`/GameEngines/Encounter/Play/${DEMO_GAME_ID}`, `/gameengines/encounter/play/${DEMO_GAME_ID}/`]) {
      const res = await fetch(`${fake.url}${path}?json=1&rnd=0.123`, { headers: { Cookie: cookie, 'User-Agent': client.userAgent } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as GameModel).GameId).toBe(DEMO_GAME_ID);
    }
  });

  it('accepts a JSON play body with nested LevelAction; an empty POST is a plain read; both actions → 400', async () => {
    const client = await signedInClient(fake);
    const headers = { Cookie: client.exportCookies().map((c) => `${c.name}=${c.value}`).join('; '), 'User-Agent': client.userAgent };
    const url = `${fake.url}/gameengines/encounter/play/${DEMO_GAME_ID}?json=1`;
    const json = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ LevelId: 1400001, LevelNumber: 1, LevelAction: { Answer: 'yellow' } }),
    });
    expect(((await json.json()) as GameModel).EngineAction!.LevelAction.IsCorrectAnswer).toBe(true);
    const empty = await fetch(url, { method: 'POST', headers });
    expect(((await empty.json()) as GameModel).EngineAction!.LevelAction.Answer).toBeNull();
    const both = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'LevelAction.Answer=a&BonusAction.Answer=b',
    });
    expect(both.status).toBe(400);
  });

  it('anonymous play → 302 to /login.aspx?return=<lower-case encoded URI>; member pages → 403', async () => {
    const play = await fetch(`${fake.url}/gameengines/encounter/play/${DEMO_GAME_ID}?json=1`, { redirect: 'manual' });
    expect(play.status).toBe(302);
    expect(play.headers.get('location')).toBe(`/login.aspx?return=%2fgameengines%2fencounter%2fplay%2f${DEMO_GAME_ID}%3fjson%3d1`);
    expect((await fetch(`${fake.url}/UserDetails.aspx`)).status).toBe(403);
    expect((await fetch(`${fake.url}/home/?json=1`)).status).toBe(200);
  });

  it('logs requests so tests can prove no submission reached the engine', async () => {
    const client = await signedInClient(fake);
    fake.faults = { antiSpam: true };
    await expect(client.sendCode(DEMO_GAME_ID, 1400001, 1, 'yellow')).rejects.toThrow(/anti-spam/);
    fake.faults = {};
    expect(fake.submissions()).toHaveLength(1);
    expect((await client.getGameModel(DEMO_GAME_ID)).Level!.PassedSectorsCount).toBe(0);
  });
});
