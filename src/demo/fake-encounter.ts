/**
 * A faithful fake of the legacy Encounter engine: JSON and HTML sign-in
 * with every failure code, game model, code and bonus submission with the engine's rules,
 * penalty hints, game list, front page, statistics, profile, team, start countdown, MakeGameFee,
 * task pictures — and the editor side (scenario export, level manager and editor, sector loader,
 * the edit forms) rendered from per-game state.
 *
 * It is a Web-standard `(Request) => Promise<Response>` handler (`handle`) with a route table
 * per area (auth, play, pages, admin). `FakeEncounter.start()` also serves it on loopback over
 * real HTTP; `fake.fetch` calls it in-process. Paths match case-insensitively with or without a
 * trailing slash; unknown query parameters are ignored. Faults can be switched on to reproduce
 * anti-spam, expired sessions, HTML pages, slow answers, dropped connections and silently
 * refused admin writes, and every request is logged so tests can assert what did (not) reach
 * the engine. It is also the offline demo engine behind `encli mcp --demo`.
 */
import { randomBytes } from 'node:crypto';
import type { LoginReply } from '../engine/types.js';
import { GAME_EVENT } from '../engine/types.js';
import { FakeAdminArea, isAdminPath, type AdminFaults } from './admin/admin-routes.js';
import { FakeAdminGames, type AdminGameSeed } from './admin/admin-state.js';
import { DEMO_PICTURES_BASE64 } from './assets/pictures.js';
import { DEMO_GAMES, DEMO_TEAMS, DEMO_USERS } from './demo-game.js';
import type { GameDefinition, TeamDefinition, UserDefinition } from './game-definition.js';
import { GamePlay, emptyEngineAction, engineDateTime } from './game-play.js';
import * as pages from './html-pages.js';
import { DroppedConnection, handlerAsFetch, serveOnLoopback, type FetchLike, type LoopbackServer } from './http-adapter.js';

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
  /** After a code that passes a level, answer once with `Level:null, Event:19` (a transition event). */
  transitionEvents?: boolean;
  /** Editor-side faults: ignored writes, no rights, a connection dropped mid-import. */
  admin?: AdminFaults;
}

export interface FakeEncounterOptions {
  /** Domain the fake pretends to be (shown in pages and messages). */
  domain?: string;
  games?: readonly GameDefinition[];
  users?: readonly UserDefinition[];
  teams?: readonly TeamDefinition[];
  /** Games on the editor side, with who may edit them. */
  adminGames?: readonly AdminGameSeed[];
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
const MAX_BODY_CHARS = 64 * 1024;

interface Session {
  user: UserDefinition;
  userAgent: string;
  /** Opened by the `Login.aspx` form rather than the JSON sign-in. */
  viaForm: boolean;
}

/** One request as the routes see it. */
interface FakeRequest {
  request: Request;
  url: URL;
  /** Lower-cased, without a trailing slash. */
  path: string;
  query: Record<string, string>;
  body: Record<string, string>;
  method: string;
  userAgent: string;
  /** Resolved for non-public routes only. */
  session?: Session;
}

/** The four areas of the engine a route belongs to. */
type Area = 'auth' | 'play' | 'pages' | 'admin';

interface Route {
  area: Area;
  /** Matches the lower-cased path. */
  path: RegExp | ((path: string) => boolean);
  method?: 'GET' | 'POST';
  /** Served without a session and untouched by the anti-spam fault. */
  public?: boolean;
  handle: (rq: FakeRequest, match: RegExpExecArray | null) => Response | Promise<Response>;
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
  /** Editor-side state: every admin page is rendered from it and every write changes it. */
  readonly admin: FakeAdminGames;
  /** The Web-standard handler: `(Request) => Promise<Response>`. */
  readonly handle: (request: Request) => Promise<Response>;
  /** The handler as an in-process `fetch` (a dropped connection rejects like a network failure). */
  readonly fetch: FetchLike;

  private server: LoopbackServer | null = null;
  private pictureServer: LoopbackServer | null = null;
  private readonly adminArea: FakeAdminArea;
  private readonly routes: readonly Route[];
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
  private baseUrl: string;

  /** A fake that is not listening anywhere: use `handle` or `fetch` (base URL `http://<domain>`). */
  constructor(private readonly options: FakeEncounterOptions = {}) {
    this.domain = options.domain ?? 'demo.en.cx';
    this.baseUrl = `http://${this.domain}`;
    this.games = options.games ?? DEMO_GAMES;
    this.users = options.users ?? DEMO_USERS;
    this.teams = options.teams ?? DEMO_TEAMS;
    this.captchaAfter = options.captchaAfterFailures ?? DEFAULT_CAPTCHA_AFTER;
    this.admin = new FakeAdminGames(options.adminGames ?? []);
    this.adminArea = new FakeAdminArea(this.admin);
    this.startedAt = this.now();
    this.routes = [...this.authRoutes(), ...this.pageRoutes(), ...this.playRoutes(), ...this.adminRoutes()];
    this.handle = (request) => this.dispatch(request);
    this.fetch = handlerAsFetch(this.handle);
  }

  /** Start on 127.0.0.1 (port 0 = any free port). */
  static async start(options: FakeEncounterOptions = {}, port = 0): Promise<FakeEncounter> {
    const fake = new FakeEncounter(options);
    fake.server = await serveOnLoopback(fake.handle, port);
    fake.baseUrl = fake.server.url;
    return fake;
  }

  /** `http://127.0.0.1:PORT` when listening, `http://<domain>` in-process. */
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

  /** Admin writes applied so far (ignored or dropped ones not counted). */
  get adminWritesApplied(): number {
    return this.adminArea.writesApplied;
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
    this.pictureServer = await serveOnLoopback(async (request) => {
      const url = new URL(request.url);
      this.pictureHostRequests.push({ path: url.pathname, cookie: request.headers.get('cookie') ?? '' });
      const path = url.pathname.toLowerCase();
      if (!path.startsWith('/gameimages/')) return send(404, 'text/plain', 'pictures only');
      return this.picture(path.slice('/gameimages/'.length));
    });
    this.picturesBaseUrl = this.pictureServer.url;
    return this.picturesBaseUrl;
  }

  async close(): Promise<void> {
    const servers = [this.server, this.pictureServer].filter((x): x is LoopbackServer => x !== null);
    this.server = null;
    this.pictureServer = null;
    await Promise.all(servers.map((s) => s.close()));
  }

  // -------------------------------------------------------------------------------------------
  // Dispatch

  private async dispatch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const body = await readBody(request);
    const userAgent = request.headers.get('user-agent') ?? '';
    const entry: LoggedRequest = {
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      cookie: request.headers.get('cookie') ?? '',
      userAgent,
      at: this.now(),
    };
    this.requests.push(entry);
    if (this.requests.length > MAX_LOGGED_REQUESTS) this.requests.splice(0, this.requests.length - MAX_LOGGED_REQUESTS);
    const faults = this.faults;
    if (faults.dropConnection) throw new DroppedConnection();
    if (faults.slowMs) await new Promise((r) => setTimeout(r, faults.slowMs));
    this.adminArea.faults = faults.admin ?? {};
    const rq: FakeRequest = {
      request,
      url,
      // IIS ignores case and a trailing slash.
      path: url.pathname.toLowerCase().replace(/\/+$/, '') || '/',
      query: entry.query,
      body,
      method: request.method,
      userAgent,
    };
    for (const route of this.routes) {
      if (route.method && route.method !== rq.method) continue;
      const match = typeof route.path === 'function' ? (route.path(rq.path) ? null : undefined) : route.path.exec(rq.path) ?? undefined;
      if (match === undefined) continue;
      if (!route.public) {
        if (faults.antiSpam) return this.redirect(`/NotHumanRequest.aspx?return=${encodeURIComponent(url.pathname + url.search)}`);
        rq.session = faults.expiredSession ? undefined : this.sessionOf(request);
      }
      return route.handle(rq, match);
    }
    return send(404, 'text/html', pages.neutralPage());
  }

  // -------------------------------------------------------------------------------------------
  // Routes per area

  private authRoutes(): Route[] {
    return [
      {
        area: 'auth',
        path: /^\/login\/signin$/,
        method: 'POST',
        public: true,
        handle: (rq) => (this.faults.htmlSignIn ? send(200, 'text/html', pages.neutralPage()) : this.signIn(rq.body, rq.userAgent)),
      },
      { area: 'auth', path: /^\/login\.aspx$/, method: 'POST', public: true, handle: (rq) => this.htmlSignIn(rq) },
      { area: 'auth', path: /^\/login\.aspx$/, public: true, handle: (rq) => this.loginPageOrHop(rq) },
      { area: 'auth', path: /^\/simplelogin\.aspx$/, public: true, handle: (rq) => send(200, 'text/html', pages.loginPage(rq.query.return ?? '/')) },
      { area: 'auth', path: /^\/nothumanrequest\.aspx$/, public: true, handle: (rq) => send(200, 'text/html', pages.antiSpamPage(rq.query.return ?? '/')) },
    ];
  }

  private pageRoutes(): Route[] {
    return [
      { area: 'pages', path: /^\/gameimages\/(.+)$/, public: true, handle: (_rq, m) => this.picture(m![1]!) },
      { area: 'pages', path: /^\/(home)?$/, public: true, handle: (rq) => (rq.query.json === '1' ? this.gameList() : send(200, 'text/html', pages.frontPage(this.games, this.domain))) },
      {
        area: 'pages',
        path: /^\/gamedetails\.aspx$/,
        public: true,
        handle: (rq) => {
          const game = this.games.find((g) => g.id === Number(rq.query.gid));
          return game ? send(200, 'text/html', pages.gameDetailsPage(game)) : send(404, 'text/html', pages.neutralPage());
        },
      },
      { area: 'pages', path: /^\/gamestatistics\/full\/(\d+)$/, public: true, handle: (rq, m) => this.statistics(Number(m![1]), rq.request) },
      {
        area: 'pages',
        path: /^\/userdetails\.aspx$/,
        handle: ({ session }) =>
          session
            ? send(200, 'text/html', pages.profilePage(session.user, this.teamOf(session.user), this.domain))
            : send(403, 'text/html', pages.signInRequiredPage()),
      },
      {
        area: 'pages',
        path: /^\/teams\/teamdetails\.aspx$/,
        handle: ({ session, query }) => {
          if (!session) return send(403, 'text/html', pages.signInRequiredPage());
          const team = query.tid ? this.teams.find((t) => t.id === Number(query.tid)) : this.teamOf(session.user);
          return team ? send(200, 'text/html', pages.teamPage(team, session.user)) : send(200, 'text/html', pages.neutralPage());
        },
      },
    ];
  }

  private playRoutes(): Route[] {
    return [
      { area: 'play', path: /^\/gameengines\/encounter\/play\/(\d+)$/, handle: (rq, m) => this.play(rq, Number(m![1])) },
      {
        area: 'play',
        path: /^\/makegamefee\.aspx$/,
        handle: ({ session, url, query }) => {
          if (!session) return this.redirect(`/Login.aspx?return=${encodeURIComponent(url.pathname + url.search).toLowerCase()}`);
          const game = this.games.find((g) => g.id === Number(query.gid));
          if (!game) return send(200, 'text/html', pages.neutralPage());
          if (query.confirm !== 'yes') return send(200, 'text/html', pages.makeFeePage(false, game.id));
          this.playOf(game, session.user).applied = true;
          return send(200, 'text/html', pages.makeFeePage(true, game.id));
        },
      },
    ];
  }

  private adminRoutes(): Route[] {
    return [
      {
        area: 'admin',
        path: isAdminPath,
        handle: (rq) => {
          const admitted = rq.session && !(rq.session.viaForm && this.faults.admin?.formSessionsLackAdmin);
          const answer = this.adminArea.handle({
            method: rq.method,
            path: rq.path,
            query: rq.query,
            body: rq.body,
            login: admitted ? rq.session!.user.login.toLowerCase() : null,
            original: rq.url.pathname + rq.url.search,
          });
          return answer.kind === 'redirect' ? this.redirect(answer.location) : send(answer.status, 'text/html', answer.html);
        },
      },
    ];
  }

  // -------------------------------------------------------------------------------------------
  // Auth

  private picture(name: string): Response {
    const file = name.replace(/^demo\//, '');
    const b64 = DEMO_PICTURES_BASE64[file];
    if (!b64) return send(404, 'text/plain', 'no such picture');
    const type = file.endsWith('.jpg') ? 'image/jpeg' : file.endsWith('.png') ? 'image/png' : 'image/gif';
    const bytes = Buffer.from(b64, 'base64');
    return new Response(new Uint8Array(bytes), { status: 200, headers: { 'Content-Type': type, 'Content-Length': String(bytes.length) } });
  }

  /** Check a login and password; counts failures towards the CAPTCHA. */
  private checkPassword(login: string, password: string, captcha: string | undefined): { user?: UserDefinition; captcha?: boolean } {
    const fails = this.failures.get(login) ?? 0;
    if (fails >= this.captchaAfter && captcha !== FAKE_CAPTCHA_DIGITS) return { captcha: true };
    const user = this.users.find((u) => u.login.toLowerCase() === login.toLowerCase() && u.password === password);
    if (!user) {
      this.failures.set(login, fails + 1);
      return {};
    }
    this.failures.delete(login);
    return { user };
  }

  /** A new session bound to the User-Agent of the sign-in, as on the real engine; its cookies. */
  private openSession(user: UserDefinition, userAgent: string, viaForm: boolean): string[] {
    const token = randomBytes(12).toString('hex');
    this.sessions.set(token, { user, userAgent, viaForm });
    const atoken = encodeURIComponent(`uid=${user.id}&iss=0&iscd=1&tkn=${token}`);
    return [`atoken=${atoken}; path=/; HttpOnly`, `stoken=${token}; path=/; HttpOnly`, `GUID=${randomBytes(8).toString('hex')}; path=/`];
  }

  private signIn(body: Record<string, string>, userAgent: string): Response {
    const login = body.Login ?? '';
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
    if (forced) return sendJson({ ...reply, ...forced });
    if (this.ipBlocked.has(login)) {
      return sendJson({ ...reply, Error: 4, Message: 'IP blocked', IpUnblockUrl: `/UnblockIp.aspx?login=${encodeURIComponent(login)}` });
    }
    const checked = this.checkPassword(login, body.Password ?? '', body.MagicNumbers);
    if (checked.captcha) {
      return sendJson({ ...reply, Error: 1, Message: 'Maximum login attempts exceeded', CaptchaUrl: `/MagicKey.aspx?guid=${randomBytes(4).toString('hex')}` });
    }
    if (!checked.user) return sendJson({ ...reply, Error: 2, Message: 'Incorrect login or password' });
    return sendJson(reply, this.openSession(checked.user, userAgent, false));
  }

  /** The `Login.aspx` form POST: 302 through `checkcookie=1` on success, the form again on failure. */
  private htmlSignIn(rq: FakeRequest): Response {
    const returnPath = rq.query.return ?? '/';
    const checked = this.checkPassword(rq.body.Login ?? '', rq.body.Password ?? '', rq.body.MagicNumbers);
    if (checked.captcha) return send(200, 'text/html', pages.loginPage(returnPath, 'Maximum login attempts exceeded', true));
    if (!checked.user) return send(200, 'text/html', pages.loginPage(returnPath, 'Incorrect login or password'));
    const hop = `/Login.aspx?return=${encodeURIComponent(returnPath)}&checkcookie=1`;
    return this.redirect(hop, this.openSession(checked.user, rq.userAgent, true));
  }

  /** `GET /Login.aspx`: the `checkcookie` hop sends a signed-in browser on; otherwise the form. */
  private loginPageOrHop(rq: FakeRequest): Response {
    const returnPath = rq.query.return ?? '/';
    if (rq.query.checkcookie === '1' && this.sessionOf(rq.request)) return this.redirect(returnPath.startsWith('/') ? returnPath : '/');
    return send(200, 'text/html', pages.loginPage(returnPath));
  }

  private sessionOf(request: Request): Session | undefined {
    const cookies = parseCookies(request.headers.get('cookie') ?? '');
    const token = cookies.stoken;
    const session = token ? this.sessions.get(token) : undefined;
    if (!session) return undefined;
    if (session.userAgent !== (request.headers.get('user-agent') ?? '')) return undefined;
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

  private redirect(location: string, cookies: readonly string[] = []): Response {
    const headers = new Headers({ Location: location, 'Content-Type': 'text/html; charset=utf-8', ...NO_CACHE });
    for (const c of cookies) headers.append('Set-Cookie', c);
    return new Response(pages.objectMoved(location), { status: 302, headers });
  }

  private expand(html: string): string {
    return html.replaceAll('{{SITE}}', this.baseUrl).replaceAll('{{PICTURES}}', this.picturesBaseUrl ?? this.baseUrl);
  }

  // -------------------------------------------------------------------------------------------
  // Play

  private play(rq: FakeRequest, gameId: number): Response {
    const { url, query: q, body, session } = rq;
    if (!session) {
      return this.redirect(`/login.aspx?return=${encodeURIComponent(url.pathname + url.search).toLowerCase()}`);
    }
    const game = this.games.find((g) => g.id === gameId);
    if (!game) return this.redirect('/');
    const faults = this.faults;
    if (q.json !== '1') {
      // The mobile HTML play page (start countdown).
      return send(200, 'text/html', pages.mobilePlayPage(game, this.playOf(game, session.user).secondsToStart));
    }
    if (faults.loginPageOnPlay) return send(200, 'text/html', pages.loginPage(url.pathname));
    if (faults.neutralHtml) return send(200, 'text/html', pages.neutralPage());

    const levelAnswer = body['LevelAction.Answer'];
    const bonusAnswer = body['BonusAction.Answer'];
    if (levelAnswer !== undefined && bonusAnswer !== undefined) {
      return send(400, 'text/plain', 'LevelAction and BonusAction in one request');
    }
    const isSubmission = rq.method === 'POST' && (levelAnswer !== undefined || bonusAnswer !== undefined);
    if (isSubmission) {
      this.submissionCount++;
      if (faults.antiSpamOnSubmission?.includes(this.submissionCount)) {
        return this.redirect(`/NotHumanRequest.aspx?return=${encodeURIComponent(url.pathname)}`);
      }
    }
    if (faults.undecodable) return send(200, 'application/json', '{"Event":0,"Level":{"LevelId":');
    if (faults.emptyBody) return send(200, 'application/json', '');
    if (faults.gatewayError) return send(502, 'text/plain', 'Bad Gateway: upstream timed out');

    const user = session.user;
    const play = this.playOf(game, user);
    const team = this.teamOf(user);
    const isCaptain = team?.captainId === user.id;
    const action = emptyEngineAction(game.id);
    const level = q.level !== undefined ? Number(q.level) : body.LevelNumber !== undefined && game.levelSequence === 3 ? Number(body.LevelNumber) : undefined;
    const event = !play.started ? GAME_EVENT.NotStarted : !play.applied ? GAME_EVENT.PlayerNotApplied : play.finished ? GAME_EVENT.GameOver : GAME_EVENT.Running;
    if (event !== GAME_EVENT.Running) return sendJson(play.model(user, team?.name ?? '', isCaptain, event, action, undefined, (h) => this.expand(h)));

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
      const model = play.model(user, team?.name ?? '', isCaptain, GAME_EVENT.LevelPassed, action, undefined, (h) => this.expand(h));
      return sendJson({ ...model, Level: null, Levels: [], Event: GAME_EVENT.LevelPassed });
    }
    const finalEvent = play.finished ? GAME_EVENT.GameOver : GAME_EVENT.Running;
    return sendJson(play.model(user, team?.name ?? '', isCaptain, finalEvent, action, level, (h) => this.expand(h)));
  }

  private gameList(): Response {
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
    return sendJson({ ComingGames: coming, ActiveGames: active });
  }

  private statistics(gameId: number, request: Request): Response {
    const game = this.games.find((g) => g.id === gameId);
    if (!game) return this.redirect('/');
    const session = this.sessionOf(request);
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
    return sendJson({
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

/** Engine replies are never cached. */
const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache', Expires: '-1' } as const;

function send(status: number, type: string, body: string): Response {
  return new Response(body, { status, headers: { 'Content-Type': `${type}; charset=utf-8`, ...NO_CACHE } });
}

function sendJson(value: unknown, cookies: readonly string[] = []): Response {
  const response = send(200, 'application/json', JSON.stringify(value));
  for (const c of cookies) response.headers.append('Set-Cookie', c);
  return response;
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
async function readBody(request: Request): Promise<Record<string, string>> {
  if (request.method === 'GET' || request.method === 'HEAD') return {};
  const text = await request.text();
  if (text === '' || text.length > MAX_BODY_CHARS) return {};
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
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
