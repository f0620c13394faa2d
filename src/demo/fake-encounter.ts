/**
 * A faithful fake of the legacy Encounter engine's player API over real HTTP on loopback
 * (encounter-api.md §2–4): JSON sign-in with every failure code, game model, code and bonus
 * submission with the engine's rules, penalty hints, game list, front page, statistics, profile,
 * team, start countdown, MakeGameFee, task pictures. Paths match case-insensitively with or
 * without a trailing slash; unknown query parameters are ignored. Faults can be switched on to
 * reproduce anti-spam, expired sessions, HTML pages, slow answers and dropped connections, and
 * every request is logged so tests can assert what did (not) reach the engine.
 * It is also the offline demo engine behind `encli mcp --demo`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { LoginReply } from '../engine/types.js';
import { DEMO_PICTURES_BASE64 } from './assets/pictures.js';
import { DEMO_GAMES, DEMO_TEAMS, DEMO_USERS } from './demo-game.js';
import type { GameDefinition, TeamDefinition, UserDefinition } from './game-definition.js';
import { GamePlay, emptyEngineAction, engineDateTime } from './game-play.js';
import * as pages from './html-pages.js';

/** One received request, as tests inspect it. */
export interface LoggedRequest {
  method: string;
  /** Path as sent (original case). */
  path: string;
  query: Record<string, string>;
  /** Parsed form or JSON body (dotted keys for nested JSON). */
  body: Record<string, string>;
  cookie: string;
  userAgent: string;
  at: number;
}

/** Switchable misbehaviour. All off by default. */
export interface FakeFaults {
  /** 302 to NotHumanRequest on these answer submissions (1-based count of submissions). */
  antiSpamOnSubmission?: number[];
  /** 302 to NotHumanRequest on every non-public request. */
  antiSpam?: boolean;
  /** Treat every session as expired: play → 302 login, member pages → 403. */
  expiredSession?: boolean;
  /** Answer the JSON sign-in with an HTML page (how an IP throttle looks). */
  htmlSignIn?: boolean;
  /** Answer play calls with 200 and the sign-in page. */
  loginPageOnPlay?: boolean;
  /** Answer play calls with a neutral HTML page. */
  neutralHtml?: boolean;
  /** Answer play calls with 200 and a truncated JSON body. */
  undecodable?: boolean;
  /** Answer play calls with 200 and an empty body. */
  emptyBody?: boolean;
  /** Answer play calls with a 502 gateway page that is neither HTML nor JSON. */
  gatewayError?: boolean;
  /** Delay every answer by this many ms. */
  slowMs?: number;
  /** Destroy the connection without answering. */
  dropConnection?: boolean;
  /** After a code that passes a level, answer once with `Level:null, Event:19` (§3.6). */
  transitionEvents?: boolean;
}

export interface FakeEncounterOptions {
  /** Domain the fake pretends to be (shown in pages and messages). */
  domain?: string;
  games?: readonly GameDefinition[];
  users?: readonly UserDefinition[];
  teams?: readonly TeamDefinition[];
  /** Clock in ms; tests advance it instead of sleeping. */
  now?: () => number;
  /** Wrong passwords per login before the engine asks for a CAPTCHA (Error 1). */
  captchaAfterFailures?: number;
}

/** The CAPTCHA digits the fake accepts in `MagicNumbers`. */
export const FAKE_CAPTCHA_DIGITS = '4242';
/** Wrong passwords allowed per login before CAPTCHA: the engine's exact count is unknown; 3 keeps tests short. */
const DEFAULT_CAPTCHA_AFTER = 3;
/** Log entries kept: plenty for any test, bounded for a long-running demo server. */
const MAX_LOGGED_REQUESTS = 10_000;
/** Request bodies above 64 KiB are refused: the engine's forms are tiny. */
const MAX_BODY_BYTES = 64 * 1024;

interface Session {
  user: UserDefinition;
  userAgent: string;
}

/**
 * @example
 * ```ts
 * const fake = await FakeEncounter.start();
 * const client = new EncounterClient({ domain: fake.domain, baseUrl: fake.url });
 * await client.login('player1', 'secret');
 * await fake.close();
 * ```
 */
export class FakeEncounter {
  readonly domain: string;
  /** Every request received, oldest first. */
  readonly requests: LoggedRequest[] = [];
  faults: FakeFaults = {};
  /** Login → forced `Error` code (and URLs) for testing each sign-in failure. */
  readonly forcedLoginErrors = new Map<string, Partial<LoginReply> & { Error: number }>();
  /** Logins whose profile has IP blocking on (Error 4). */
  readonly ipBlocked = new Set<string>();
  /** Base URL where pictures are served from (`{{PICTURES}}`); the site itself unless set. */
  picturesBaseUrl: string | null = null;

  /** Requests received by the second picture host (see `startPictureHost`). */
  readonly pictureHostRequests: Array<{ path: string; cookie: string }> = [];

  private server: Server | null = null;
  private pictureServer: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly sessions = new Map<string, Session>();
  private readonly failures = new Map<string, number>();
  private readonly plays = new Map<string, GamePlay>();
  private readonly games: readonly GameDefinition[];
  private readonly users: readonly UserDefinition[];
  private readonly teams: readonly TeamDefinition[];
  private readonly startedAt: number;
  private readonly captchaAfter: number;
  private clockOffsetMs = 0;
  private submissionCount = 0;
  private pendingTransition = new Set<string>();
  private baseUrl = '';

  private constructor(private readonly options: FakeEncounterOptions) {
    this.domain = options.domain ?? 'demo.en.cx';
    this.games = options.games ?? DEMO_GAMES;
    this.users = options.users ?? DEMO_USERS;
    this.teams = options.teams ?? DEMO_TEAMS;
    this.captchaAfter = options.captchaAfterFailures ?? DEFAULT_CAPTCHA_AFTER;
    this.startedAt = this.now();
  }

  /** Start on 127.0.0.1 (port 0 = any free port). */
  static async start(options: FakeEncounterOptions = {}, port = 0): Promise<FakeEncounter> {
    const fake = new FakeEncounter(options);
    await fake.listen(port);
    return fake;
  }

  /** `http://127.0.0.1:PORT` */
  get url(): string {
    return this.baseUrl;
  }

  /** Current fake time in ms (the injected clock plus any `advance`). */
  now(): number {
    return (this.options.now ?? Date.now)() + this.clockOffsetMs;
  }

  /** Move the fake's clock forward (hints open, autopass fires, blocks expire). */
  advance(ms: number): void {
    this.clockOffsetMs += ms;
  }

  /** Requests that carried a level or bonus answer. */
  submissions(): LoggedRequest[] {
    return this.requests.filter((r) => 'LevelAction.Answer' in r.body || 'BonusAction.Answer' in r.body);
  }

  /** Forget progress, sessions, the log and clock moves (games restart from level 1). */
  reset(): void {
    this.requests.length = 0;
    this.clockOffsetMs = 0;
    this.pendingTransition.clear();
    this.plays.clear();
    this.sessions.clear();
    this.failures.clear();
    this.faults = {};
    this.submissionCount = 0;
  }

  /**
   * Serve the pictures from a second loopback host too, and point `{{PICTURES}}` task URLs at it,
   * so cross-host fetching (no engine cookies there) can be exercised. Resolves to its base URL.
   */
  async startPictureHost(): Promise<string> {
    if (this.pictureServer) return this.picturesBaseUrl!;
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake.invalid');
      this.pictureHostRequests.push({ path: url.pathname, cookie: req.headers.cookie ?? '' });
      const path = url.pathname.toLowerCase();
      if (!path.startsWith('/gameimages/')) return send(res, 404, 'text/plain', 'pictures only');
      this.picture(res, path.slice('/gameimages/'.length));
    });
    server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.pictureServer = server;
    this.picturesBaseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.picturesBaseUrl;
  }

  async close(): Promise<void> {
    const servers = [this.server, this.pictureServer].filter((x): x is Server => x !== null);
    this.server = null;
    this.pictureServer = null;
    // Keep-alive sockets would hold close() open; end them first.
    for (const s of this.sockets) s.destroy();
    await Promise.all(servers.map((srv) => new Promise<void>((resolve) => srv.close(() => resolve()))));
  }

  private listen(port: number): Promise<void> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end('internal error in the fake engine');
      });
    });
    server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const { port: p } = server.address() as AddressInfo;
        this.baseUrl = `http://127.0.0.1:${p}`;
        resolve();
      });
    });
  }

  // -------------------------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const body = await readBody(req);
    const entry: LoggedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      cookie: req.headers.cookie ?? '',
      userAgent: req.headers['user-agent'] ?? '',
      at: this.now(),
    };
    this.requests.push(entry);
    if (this.requests.length > MAX_LOGGED_REQUESTS) this.requests.splice(0, this.requests.length - MAX_LOGGED_REQUESTS);
    const faults = this.faults;
    if (faults.dropConnection) {
      req.socket.destroy();
      return;
    }
    if (faults.slowMs) await new Promise((r) => setTimeout(r, faults.slowMs));
    // IIS ignores case and a trailing slash.
    const path = url.pathname.toLowerCase().replace(/\/+$/, '') || '/';
    const q = entry.query;
    const method = entry.method;

    if (path.startsWith('/gameimages/')) return this.picture(res, path.slice('/gameimages/'.length));
    if (path === '/login/signin' && method === 'POST') {
      return faults.htmlSignIn ? send(res, 200, 'text/html', pages.neutralPage()) : this.signIn(res, body);
    }
    if (path === '/login.aspx' || path === '/simplelogin.aspx') return send(res, 200, 'text/html', pages.loginPage(q.return ?? '/'));
    if (path === '/nothumanrequest.aspx') return send(res, 200, 'text/html', pages.antiSpamPage(q.return ?? '/'));
    if ((path === '/' || path === '/home') && q.json === '1') return this.gameList(res);
    if (path === '/' || path === '/home') return send(res, 200, 'text/html', pages.frontPage(this.games, this.domain));
    if (path === '/gamedetails.aspx') {
      const game = this.games.find((g) => g.id === Number(q.gid));
      return game ? send(res, 200, 'text/html', pages.gameDetailsPage(game)) : send(res, 404, 'text/html', pages.neutralPage());
    }
    const stats = /^\/gamestatistics\/full\/(\d+)$/.exec(path);
    if (stats) return this.statistics(res, Number(stats[1]), req);

    // Everything below needs a session.
    if (faults.antiSpam) return this.redirect(res, `/NotHumanRequest.aspx?return=${encodeURIComponent(url.pathname + url.search)}`);
    const session = faults.expiredSession ? undefined : this.sessionOf(req);
    const play = /^\/gameengines\/encounter\/play\/(\d+)$/.exec(path);
    if (play) return this.play(req, res, url, Number(play[1]), body, session);
    if (path === '/userdetails.aspx') {
      if (!session) return send(res, 403, 'text/html', pages.signInRequiredPage());
      return send(res, 200, 'text/html', pages.profilePage(session.user, this.teamOf(session.user), this.domain));
    }
    if (path === '/teams/teamdetails.aspx') {
      if (!session) return send(res, 403, 'text/html', pages.signInRequiredPage());
      const team = q.tid ? this.teams.find((t) => t.id === Number(q.tid)) : this.teamOf(session.user);
      if (!team) return send(res, 200, 'text/html', pages.neutralPage());
      return send(res, 200, 'text/html', pages.teamPage(team, session.user));
    }
    if (path === '/makegamefee.aspx') {
      if (!session) return this.redirect(res, `/Login.aspx?return=${encodeURIComponent(url.pathname + url.search).toLowerCase()}`);
      const game = this.games.find((g) => g.id === Number(q.gid));
      if (!game) return send(res, 200, 'text/html', pages.neutralPage());
      if (q.confirm !== 'yes') return send(res, 200, 'text/html', pages.makeFeePage(false, game.id));
      this.playOf(game, session.user).applied = true;
      return send(res, 200, 'text/html', pages.makeFeePage(true, game.id));
    }
    return send(res, 404, 'text/html', pages.neutralPage());
  }

  private picture(res: ServerResponse, name: string): void {
    const file = name.replace(/^demo\//, '');
    const b64 = DEMO_PICTURES_BASE64[file];
    if (!b64) return send(res, 404, 'text/plain', 'no such picture');
    const type = file.endsWith('.jpg') ? 'image/jpeg' : file.endsWith('.png') ? 'image/png' : 'image/gif';
    const bytes = Buffer.from(b64, 'base64');
    res.writeHead(200, { 'Content-Type': type, 'Content-Length': bytes.length });
    res.end(bytes);
  }

  private signIn(res: ServerResponse, body: Record<string, string>): void {
    const login = body.Login ?? '';
    const password = body.Password ?? '';
    const reply: LoginReply = {
      Error: 0,
      Message: null,
      IpUnblockUrl: null,
      BruteForceUnblockUrl: null,
      ConfirmEmailUrl: null,
      CaptchaUrl: null,
      AdminWhoCanActivate: null,
    };
    const forced = this.forcedLoginErrors.get(login);
    if (forced) return sendJson(res, { ...reply, ...forced });
    if (this.ipBlocked.has(login)) {
      return sendJson(res, { ...reply, Error: 4, Message: 'IP blocked', IpUnblockUrl: `/UnblockIp.aspx?login=${encodeURIComponent(login)}` });
    }
    const fails = this.failures.get(login) ?? 0;
    if (fails >= this.captchaAfter && body.MagicNumbers !== FAKE_CAPTCHA_DIGITS) {
      return sendJson(res, { ...reply, Error: 1, Message: 'Maximum login attempts exceeded', CaptchaUrl: `/MagicKey.aspx?guid=${randomBytes(4).toString('hex')}` });
    }
    const user = this.users.find((u) => u.login.toLowerCase() === login.toLowerCase() && u.password === password);
    if (!user) {
      this.failures.set(login, fails + 1);
      return sendJson(res, { ...reply, Error: 2, Message: 'Incorrect login or password' });
    }
    this.failures.delete(login);
    const token = randomBytes(12).toString('hex');
    // The session is bound to the User-Agent used at sign-in, as on the real engine.
    this.sessions.set(token, { user, userAgent: this.lastUserAgent() });
    const atoken = encodeURIComponent(`uid=${user.id}&iss=0&iscd=1&tkn=${token}`);
    res.setHeader('Set-Cookie', [
      `atoken=${atoken}; path=/; HttpOnly`,
      `stoken=${token}; path=/; HttpOnly`,
      `GUID=${randomBytes(8).toString('hex')}; path=/`,
    ]);
    sendJson(res, reply);
  }

  private lastUserAgent(): string {
    return this.requests[this.requests.length - 1]?.userAgent ?? '';
  }

  private sessionOf(req: IncomingMessage): Session | undefined {
    const cookies = parseCookies(req.headers.cookie ?? '');
    const token = cookies.stoken;
    const session = token ? this.sessions.get(token) : undefined;
    if (!session) return undefined;
    if (session.userAgent !== (req.headers['user-agent'] ?? '')) return undefined;
    return session;
  }

  private teamOf(user: UserDefinition): TeamDefinition | undefined {
    return this.teams.find((t) => t.id === user.teamId);
  }

  private playOf(game: GameDefinition, user: UserDefinition): GamePlay {
    const key = `${game.id}/${game.gameTypeId === 1 ? `t${user.teamId}` : `u${user.id}`}`;
    let play = this.plays.get(key);
    if (!play) {
      play = new GamePlay(game, this.startedAt + game.startsInSeconds * 1000, () => this.now());
      this.plays.set(key, play);
    }
    return play;
  }

  private redirect(res: ServerResponse, location: string): void {
    res.writeHead(302, { Location: location, 'Content-Type': 'text/html; charset=utf-8', ...NO_CACHE });
    res.end(pages.objectMoved(location));
  }

  private expand(html: string): string {
    return html.replaceAll('{{SITE}}', this.baseUrl).replaceAll('{{PICTURES}}', this.picturesBaseUrl ?? this.baseUrl);
  }

  private async play(req: IncomingMessage, res: ServerResponse, url: URL, gameId: number, body: Record<string, string>, session: Session | undefined): Promise<void> {
    const q = Object.fromEntries(url.searchParams);
    if (!session) {
      return this.redirect(res, `/login.aspx?return=${encodeURIComponent(url.pathname + url.search).toLowerCase()}`);
    }
    const game = this.games.find((g) => g.id === gameId);
    if (!game) return this.redirect(res, '/');
    const faults = this.faults;
    if (q.json !== '1') {
      // The mobile HTML play page (start countdown).
      return send(res, 200, 'text/html', pages.mobilePlayPage(game, this.playOf(game, session.user).secondsToStart));
    }
    if (faults.loginPageOnPlay) return send(res, 200, 'text/html', pages.loginPage(url.pathname));
    if (faults.neutralHtml) return send(res, 200, 'text/html', pages.neutralPage());

    const levelAnswer = body['LevelAction.Answer'];
    const bonusAnswer = body['BonusAction.Answer'];
    if (levelAnswer !== undefined && bonusAnswer !== undefined) {
      return send(res, 400, 'text/plain', 'LevelAction and BonusAction in one request');
    }
    const isSubmission = req.method === 'POST' && (levelAnswer !== undefined || bonusAnswer !== undefined);
    if (isSubmission) {
      this.submissionCount++;
      if (faults.antiSpamOnSubmission?.includes(this.submissionCount)) {
        return this.redirect(res, `/NotHumanRequest.aspx?return=${encodeURIComponent(url.pathname)}`);
      }
    }
    if (faults.undecodable) return send(res, 200, 'application/json', '{"Event":0,"Level":{"LevelId":');
    if (faults.emptyBody) return send(res, 200, 'application/json', '');
    if (faults.gatewayError) return send(res, 502, 'text/plain', 'Bad Gateway: upstream timed out');

    const user = session.user;
    const play = this.playOf(game, user);
    const team = this.teamOf(user);
    const isCaptain = team?.captainId === user.id;
    const action = emptyEngineAction(game.id);
    const level = q.level !== undefined ? Number(q.level) : body.LevelNumber !== undefined && game.levelSequence === 3 ? Number(body.LevelNumber) : undefined;
    const event = !play.started ? 5 : !play.applied ? 7 : play.finished ? 17 : 0;
    if (event !== 0) return sendJson(res, play.model(user, team?.name ?? '', isCaptain, event, action, undefined, (h) => this.expand(h)));

    const key = `${game.id}/${user.teamId}`;
    if (isSubmission) {
      const kind = levelAnswer !== undefined ? 'level' : 'bonus';
      const code = (levelAnswer ?? bonusAnswer)!;
      const target = play.target(level);
      const levelId = body.LevelId !== undefined ? Number(body.LevelId) : undefined;
      const { verdict, passedLevel } = play.submit(kind, code, user, level, levelId);
      action.LevelNumber = target.number;
      action.LevelId = target.levelId;
      const slot = kind === 'level' ? action.LevelAction : action.BonusAction;
      slot.Answer = code;
      slot.IsCorrectAnswer = verdict;
      if (passedLevel && faults.transitionEvents) this.pendingTransition.add(key);
    } else if (q.pid !== undefined && q.pact === '1') {
      const pid = Number(q.pid);
      const target = play.target(level);
      if (play.takePenaltyHint(pid, level)) action.PenaltyAction = { PenaltyId: pid, ActionType: 1 };
      action.LevelId = target.levelId;
      action.LevelNumber = target.number;
    }
    if (this.pendingTransition.has(key) && isSubmission) {
      this.pendingTransition.delete(key);
      const model = play.model(user, team?.name ?? '', isCaptain, 19, action, undefined, (h) => this.expand(h));
      return sendJson(res, { ...model, Level: null, Levels: [], Event: 19 });
    }
    const finalEvent = play.finished ? 17 : 0;
    sendJson(res, play.model(user, team?.name ?? '', isCaptain, finalEvent, action, level, (h) => this.expand(h)));
  }

  private gameList(res: ServerResponse): void {
    const info = (g: GameDefinition): Record<string, unknown> => {
      const start = this.startedAt + g.startsInSeconds * 1000;
      const finish = start + g.durationSeconds * 1000;
      const now = this.now();
      return {
        GameID: g.id,
        GameNum: g.number,
        Title: g.title,
        Descr: `<p>${pages.escapeHtml(g.title)}</p>`,
        LevelNumber: g.levels.length,
        GameTypeID: g.gameTypeId,
        Type: g.gameTypeId,
        ZoneId: g.zoneId,
        Zone: g.zoneId,
        StartDateTime: engineDateTime(start),
        FinishDateTime: engineDateTime(finish),
        Started: now >= start,
        Finished: now >= finish,
        InProgress: now >= start && now < finish,
        LevelsSequence: g.levelSequence,
        MaxPlayers: 0,
        MaxTeamMembers: 10,
        SyncRoot: {},
      };
    };
    const now = this.now();
    const active = this.games.filter((g) => this.startedAt + g.startsInSeconds * 1000 <= now).map(info);
    const coming = this.games.filter((g) => this.startedAt + g.startsInSeconds * 1000 > now).map(info);
    sendJson(res, { ComingGames: coming, ActiveGames: active });
  }

  private statistics(res: ServerResponse, gameId: number, req: IncomingMessage): void {
    const game = this.games.find((g) => g.id === gameId);
    if (!game) return this.redirect(res, '/');
    const session = this.sessionOf(req);
    const levels = game.levels.map((l, i) => ({ LevelId: l.id, LevelNumber: i + 1, LevelName: l.name, Dismissed: false, PassedPlayers: 0 }));
    const items: unknown[][] = game.levels.map(() => []);
    for (const team of this.teams) {
      const play = this.plays.get(`${game.id}/t${team.id}`);
      if (!play) continue;
      const results = play.levelResults();
      results.forEach((r, i) => {
        if (!r.passed) return;
        const finishedAt = results[i + 1]?.startedAt ?? this.now();
        levels[i]!.PassedPlayers++;
        items[i]!.push({
          ActionTime: engineDateTime(finishedAt),
          UserId: team.captainId,
          LevelId: r.levelId,
          TeamId: team.id,
          UserName: this.users.find((u) => u.id === team.captainId)?.login ?? '',
          TeamName: team.name,
          LevelNum: r.number,
          SpentSeconds: Math.max(0, Math.round((finishedAt - r.startedAt) / 1000)),
          LevelOrder: r.number,
          PassType: 0,
          Scores: 0,
        });
      });
    }
    sendJson(res, {
      Game: { GameID: game.id, GameNum: game.number, Title: game.title },
      Level: levels[0] ?? null,
      StatItems: items,
      Levels: levels,
      IsLevelNamesVisible: true,
      LevelPlayers: levels.map((l) => ({ LevelNum: l.LevelNumber, Count: l.PassedPlayers })),
      User: session ? { ID: session.user.id, Login: session.user.login } : null,
      PagerVisible: false,
      ShowAdminWarning: false,
    });
  }
}

/** Engine replies are never cached (encounter-api.md §1). */
const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache', Expires: '-1' } as const;

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'Content-Type': `${type}; charset=utf-8`, ...NO_CACHE });
  res.end(body);
}

function sendJson(res: ServerResponse, value: unknown): void {
  send(res, 200, 'application/json', JSON.stringify(value));
}

function parseCookies(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

/** Form-urlencoded or JSON body, flattened to dotted keys (`LevelAction.Answer`). */
async function readBody(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return {};
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return {};
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (type.includes('json') || text.trimStart().startsWith('{')) {
    try {
      const out: Record<string, string> = {};
      flatten(JSON.parse(text), '', out);
      return out;
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

function flatten(value: unknown, prefix: string, out: Record<string, string>): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) {
    out[prefix] = value === null ? '' : String(value);
  }
}
