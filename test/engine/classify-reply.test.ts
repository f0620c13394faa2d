import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseHtmlReply, parseJsonReply, type ReplyContext } from '../../src/engine/classify-reply.js';
import { AntiSpamError, EncounterError, GameNotFoundError, HttpError, SessionExpiredError } from '../../src/engine/errors.js';
import { antiSpamLoginLink, parseDomainGames, parseProfile } from '../../src/engine/html-pages.js';

const ctx: ReplyContext = { site: new URL('https://tech.en.cx'), domain: 'tech.en.cx' };
const reply = (status: number, body: string, location: string | null = null) => ({ url: 'https://tech.en.cx/x', status, location, body });

describe('reply classification (docs/engine-contract.md order)', () => {
  it('any body and status either decodes or raises an EncounterError — never SyntaxError or RangeError', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), fc.oneof(fc.string(), fc.json(), fc.constant('<html>')), fc.option(fc.string()), (status, body, location) => {
        for (const parse of [parseJsonReply, parseHtmlReply]) {
          try {
            parse(reply(status, body, location), { ...ctx, playGameId: 1 });
          } catch (err) {
            expect(err).toBeInstanceOf(EncounterError);
          }
        }
      }),
    );
  });

  it('orders anti-spam before the login page (the wall links to Login.aspx too)', () => {
    const wall = '<html>NotHumanRequest … <a href="/Login.aspx?return=%2fhome%2f&amp;sector=1">login</a></html>';
    const err = (() => {
      try {
        parseJsonReply(reply(200, wall), ctx);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(AntiSpamError);
    // `&sector=` must survive entity decoding (not become "§or=").
    expect((err as AntiSpamError).loginUrl).toBe('https://tech.en.cx/Login.aspx?return=%2fhome%2f&sector=1');
  });

  it('redirects: login → SessionExpired, / on play → GameNotFound, elsewhere → HttpError', () => {
    expect(() => parseJsonReply(reply(302, '', '/simplelogin.aspx'), ctx)).toThrow(SessionExpiredError);
    expect(() => parseJsonReply(reply(302, '', 'https://tech.en.cx/'), { ...ctx, playGameId: 5 })).toThrow(GameNotFoundError);
    expect(() => parseJsonReply(reply(302, '', '/somewhere'), ctx)).toThrow(HttpError);
  });

  it('JSON that merely mentions the wall is data, not anti-spam', () => {
    expect(parseJsonReply(reply(200, '{"Task":"see NotHumanRequest.aspx"}'), ctx)).toEqual({ Task: 'see NotHumanRequest.aspx' });
  });

  it('a BOM and whitespace before JSON are fine', () => {
    expect(parseJsonReply(reply(200, '\uFEFF  {"Event":0}'), ctx)).toEqual({ Event: 0 });
  });
});

describe('HTML page readers', () => {
  it('reads the real profile snippet from the contract', () => {
    const html =
      '<a href="/UserDetails.aspx" class="x">skrashevich</a> (id&nbsp;<span>1516219</span>) <b><a href="/UserDetails.aspx" id="lnkUserName">Сергей Иванов</a></b> ' +
      '<span class="h9">232,66 / <b>Лейтенант</b></span> <a href="/Teams/TeamDetails.aspx?tid=200714">svk team</a>';
    expect(parseProfile(html)).toEqual({
      id: 1516219,
      login: 'skrashevich',
      name: 'Сергей Иванов',
      points: '232,66',
      rank: 'Лейтенант',
      team_id: 200714,
      team: 'svk team',
    });
  });

  it('counts only lnkGameTitle anchors as games, de-duplicated', () => {
    const html =
      '<a id="lnkGameTitle" href="/GameDetails.aspx?gid=1">One &amp; only</a><a href="/GameDetails.aspx?gid=2">decoy</a>' +
      '<a href="/MakeGameFee.aspx?gid=3">fee</a><a id="lnkGameTitle" href="/GameDetails.aspx?gid=1">One again</a>';
    expect(parseDomainGames(html)).toEqual([{ title: 'One & only', gameId: 1 }]);
  });

  it('prefers a Login.aspx link that carries return=', () => {
    expect(antiSpamLoginLink('<a href="/Login.aspx">a</a><form action="/Login.aspx?return=%2f"></form>')).toBe('/Login.aspx?return=%2f');
  });
});
