/**
 * `EncounterClient`: the legacy Encounter engine of one domain over HTTP (docs/engine-contract.md,
 * «Transport» and «Player side»).
 * Redirects are never followed automatically (a 302 carries meaning), one User-Agent is kept per
 * session (sessions are bound to it), cookies live in a per-site jar, and every reply goes through
 * the contract's classification so callers get typed errors instead of surprises.
 */
import { AdminClient } from './admin/admin-client.js';
import { parseHtmlReply, parseJsonReply } from './classify-reply.js';
import type { PlainCookie } from './cookie-jar.js';
import type { CallOptions, Engine, FetchResourceOptions } from './engine.js';
import { EncounterError, EngineError, EngineHtmlError, GameNotFoundError, HttpError, SessionExpiredError } from './errors.js';
import { isLoginPage, parseDomainGames, parseProfile, parseStartCounter, parseTeam } from './html-pages.js';
import { loginErrorFor } from './login-errors.js';
import { ResourceFetcher, type Dialer, type Resolver } from './net/resource-fetcher.js';
import { DEFAULT_TIMEOUT_MS, DEFAULT_USER_AGENT, Transport, type Pacing, type TransportOptions } from './transport.js';
import { GAME_EVENT, type DomainGame, type FetchedResource, type GameList, type GameModel, type GameStatistics, type LoginReply, type Profile, type TeamInfo } from './types.js';

export { DEFAULT_TIMEOUT_MS, DEFAULT_USER_AGENT };
/** Manual redirect hops for MakeGameFee (docs/engine-contract.md, «Applying to a game
 * (MakeGameFee)»). */
const MAX_ENTER_REDIRECTS = 5;

export interface EncounterClientOptions {
  /** Site host, e.g. `tech.en.cx` (lower-cased; port kept). */
  domain: string;
  /** Full base URL; default `https://<domain>`. Tests pass `http://127.0.0.1:PORT`. */
  baseUrl?: string;
  /** Mobile site base for the start countdown; default `m.<host>` (the same base for IP hosts). */
  mobileBaseUrl?: string;
  /** Any `fetch`: the global one, or a fake engine's handler for in-process tests. */
  fetch?: TransportOptions['fetch'];
  userAgent?: string;
  /** Cookies of a saved session. */
  cookies?: readonly PlainCookie[];
  timeoutMs?: number;
  /** `lang=` sent to JSON endpoints (default `ru`, as the reference does). */
  lang?: string;
  /** Pauses per origin; default DEFAULT_PACING (350 ms between player calls, 200/1200 ms after admin GETs/POSTs). */
  pacing?: Partial<Pacing>;
  /** Resource fetching: test and demo hooks (see ResourceFetcher). */
  resolver?: Resolver;
  dial?: Dialer;
  allowLoopbackResources?: boolean;
}

/**
 * The engine client.
 *
 * @example
 * ```ts
 * const client = new EncounterClient({ domain: 'tech.en.cx' });
 * await client.login('player', 'secret');
 * const model = await client.getGameModel(82448);
 * ```
 */
export class EncounterClient implements Engine {
  readonly domain: string;
  readonly userAgent: string;
  readonly site: URL;
  /** The HTTP plumbing shared with the admin API (same cookies, same User-Agent, same pacing). */
  readonly transport: Transport;
  private readonly mobileSite: URL;
  private readonly lang: string;
  private readonly resources: ResourceFetcher;
  private adminApi: AdminClient | null = null;

  constructor(options: EncounterClientOptions) {
    this.transport = new Transport(options);
    this.domain = this.transport.domain;
    this.site = this.transport.site;
    this.userAgent = this.transport.userAgent;
    this.mobileSite = new URL(options.mobileBaseUrl ?? defaultMobileBase(this.site));
    this.lang = options.lang ?? 'ru';
    const jar = this.transport.jar;
    this.resources = new ResourceFetcher({
      baseUrl: this.site.href,
      userAgent: this.userAgent,
      // Engine cookies go to the engine's own host only, never to third-party picture hosts.
      cookieHeader: (url) => (url.origin === this.site.origin ? jar.headerFor(url) : undefined),
      resolver: options.resolver,
      dial: options.dial,
      allowLoopback: options.allowLoopbackResources ?? false,
      timeoutMs: this.transport.timeoutMs,
    });
  }

  /** The admin (editor) side of this domain, on the same session. */
  get admin(): AdminClient {
    this.adminApi ??= new AdminClient(this.transport, (login, password, opts) => this.login(login, password, opts));
    return this.adminApi;
  }

  /** Cookies to save for this session (name/value only). */
  exportCookies(): PlainCookie[] {
    return this.transport.jar.export();
  }

  /** True when the jar holds any cookie (a session may exist). */
  /** The site's address as a string, for the `Engine` interface. */
  get baseUrl(): string {
    return this.site.href;
  }

  get hasSession(): boolean {
    return this.transport.jar.size > 0;
  }

  // -------------------------------------------------------------------------------------------
  // Authentication: the JSON sign-in

  /** JSON sign-in; on success the session cookies are in the jar. Throws a typed LoginError otherwise. */
  async login(login: string, password: string, opts: CallOptions & { captcha?: string } = {}): Promise<void> {
    const form: Record<string, string> = { Login: login, Password: password, ddlNetwork: '1' };
    if (opts.captcha) form.MagicNumbers = opts.captcha;
    this.transport.jar.clear();
    const reply = await this.request('POST', this.url('/login/signin', { json: '1', lang: this.lang }), form, opts);
    let data: unknown;
    try {
      data = parseJsonReply(reply, this.ctx());
    } catch (err) {
      if (err instanceof EngineHtmlError || err instanceof SessionExpiredError) {
        // An HTML reply to the JSON sign-in means the IP is throttled.
        throw new EncounterError(
          `the engine at ${this.domain} answered the sign-in with an HTML page: this IP is probably blocked ` +
            `for too many requests; wait 5–10 minutes, then run encli login again`,
          { retryable: true },
        );
      }
      throw err;
    }
    if (!isRecord(data) || typeof data.Error !== 'number') {
      throw new EncounterError(`the engine's sign-in reply has no Error code; retry shortly`, { retryable: true });
    }
    const error = loginErrorFor(data as LoginReply, this.domain, this.site.href);
    if (error) throw error;
    if (this.transport.jar.size === 0) {
      throw new EncounterError(`the engine accepted the sign-in but set no session cookie; retry shortly`, { retryable: true });
    }
  }

  // -------------------------------------------------------------------------------------------
  // Reads

  async getDomainGames(opts: CallOptions = {}): Promise<DomainGame[]> {
    const reply = await this.request('GET', this.url('/'), undefined, opts);
    return parseDomainGames(parseHtmlReply(reply, this.ctx()));
  }

  async getGameList(page?: number, opts: CallOptions = {}): Promise<GameList> {
    const query: Record<string, string> = { json: '1', lang: this.lang };
    if (page !== undefined && page > 1) query.page = String(Math.floor(page));
    const data = parseJsonReply(await this.request('GET', this.url('/home/', query), undefined, opts), this.ctx());
    if (!isRecord(data)) throw new EngineHtmlError(this.url('/home/').href, 200);
    return data as GameList;
  }

  /** The game model; with `levelNumber`, the chosen level of a storm game (`level=N`). */
  async getGameModel(gameId: number, levelNumberOrOpts?: number | CallOptions, maybeOpts: CallOptions = {}): Promise<GameModel> {
    const levelNumber = typeof levelNumberOrOpts === 'number' ? levelNumberOrOpts : undefined;
    const opts = typeof levelNumberOrOpts === 'object' ? levelNumberOrOpts : maybeOpts;
    const query: Record<string, string> = { json: '1', lang: this.lang };
    if (levelNumber !== undefined) query.level = String(levelNumber);
    return this.playRequest(gameId, 'GET', query, undefined, opts, 'read');
  }

  getGameModelLevel(gameId: number, levelNumber: number, opts: CallOptions = {}): Promise<GameModel> {
    return this.getGameModel(gameId, levelNumber, opts);
  }

  async getGameStatistics(gameId: number, opts: CallOptions = {}): Promise<GameStatistics> {
    const url = this.url(`/gamestatistics/full/${gameId}`, { json: '1', lang: this.lang });
    const data = parseJsonReply(await this.request('GET', url, undefined, opts), this.ctx());
    if (!isRecord(data)) throw new EngineHtmlError(url.href, 200);
    return data;
  }

  async getTimeoutToGame(gameId: number, opts: CallOptions = {}): Promise<number | null> {
    const url = new URL(`/gameengines/encounter/play/${gameId}`, this.mobileSite);
    url.searchParams.set('lang', this.lang);
    const reply = await this.request('GET', url, undefined, opts);
    return parseStartCounter(parseHtmlReply(reply, this.ctx(gameId)));
  }

  async getProfile(opts: CallOptions = {}): Promise<Profile> {
    const html = parseHtmlReply(await this.request('GET', this.url('/UserDetails.aspx'), undefined, opts), this.ctx());
    const profile = parseProfile(html);
    if (profile) return profile;
    if (isLoginPage(html)) throw new SessionExpiredError(this.domain, 'the profile page asked to sign in');
    throw new EngineHtmlError(this.url('/UserDetails.aspx').href, 200);
  }

  /** My team (no id) or a given team's page. */
  async getTeam(teamId?: number, opts: CallOptions = {}): Promise<TeamInfo> {
    const query: Record<string, string> = teamId !== undefined ? { tid: String(teamId) } : {};
    const reply = await this.request('GET', this.url('/Teams/TeamDetails.aspx', query), undefined, opts);
    return parseTeam(parseHtmlReply(reply, this.ctx()), teamId);
  }

  getTeamManagementInfo(teamId: number, opts: CallOptions = {}): Promise<TeamInfo> {
    return this.getTeam(teamId, opts);
  }

  fetchResource(url: string, opts: FetchResourceOptions = {}): Promise<FetchedResource> {
    return this.resources.fetch(url, opts);
  }

  // -------------------------------------------------------------------------------------------
  // Actions

  /** Apply to a game (`MakeGameFee.aspx?gid=…&confirm=yes`); resolves to the engine's HTML reply. */
  async enterGame(gameId: number, opts: CallOptions = {}): Promise<string> {
    let url = this.url('/MakeGameFee.aspx', { gid: String(gameId), confirm: 'yes' });
    for (let hop = 0; hop <= MAX_ENTER_REDIRECTS; hop++) {
      const reply = await this.request('GET', url, undefined, opts);
      if (reply.status === 404) return this.enterGameFallback(gameId, opts);
      const redirected = [301, 302, 303, 307, 308].includes(reply.status);
      const lower = (reply.location ?? '').toLowerCase();
      if (redirected && reply.location && !lower.includes('nothumanrequest') && !lower.includes('login.aspx')) {
        url = new URL(reply.location, url);
        if (url.origin !== this.site.origin) throw new HttpError(url.href, reply.status);
        continue;
      }
      return parseHtmlReply(reply, this.ctx());
    }
    throw new HttpError(url.href, 302);
  }

  private async enterGameFallback(gameId: number, opts: CallOptions): Promise<string> {
    const url = this.url('/gameengines/encounter/makefee/Login.aspx', { json: '1', lang: this.lang });
    return parseHtmlReply(await this.request('POST', url, { gid: String(gameId) }, opts), this.ctx());
  }

  sendCode(gameId: number, levelId: number, levelNumber: number, code: string, opts: CallOptions = {}): Promise<GameModel> {
    const form = { LevelId: String(levelId), LevelNumber: String(levelNumber), 'LevelAction.Answer': code };
    return this.playRequest(gameId, 'POST', { json: '1', lang: this.lang }, form, opts, 'action');
  }

  sendBonusCode(gameId: number, levelId: number, levelNumber: number, code: string, opts: CallOptions = {}): Promise<GameModel> {
    const form = { LevelId: String(levelId), LevelNumber: String(levelNumber), 'BonusAction.Answer': code };
    return this.playRequest(gameId, 'POST', { json: '1', lang: this.lang }, form, opts, 'action');
  }

  /** Take a penalty hint by its HelpId (`pid={HelpId}&pact=1` on the play page). */
  takePenaltyHint(gameId: number, penaltyId: number, opts: CallOptions & { levelNumber?: number } = {}): Promise<GameModel> {
    const query: Record<string, string> = { json: '1', lang: this.lang, pid: String(penaltyId), pact: '1' };
    if (opts.levelNumber !== undefined) query.level = String(opts.levelNumber);
    return this.playRequest(gameId, 'GET', query, undefined, opts, 'action');
  }

  getPenaltyHint(gameId: number, penaltyId: number, opts: CallOptions = {}): Promise<GameModel> {
    return this.takePenaltyHint(gameId, penaltyId, opts);
  }

  // -------------------------------------------------------------------------------------------
  // Plumbing

  /**
   * One play-page call with Event semantics (docs/engine-contract.md, «Event codes»):
   * 2 → GameNotFoundError, 4 → SessionExpiredError.
   * Reads also throw EngineError for the "cannot play" events; actions return finished-game models
   * (6, 17) so the verdict of the final code is not lost. Transition events (16, 18–22) are returned.
   */
  private async playRequest(
    gameId: number,
    method: 'GET' | 'POST',
    query: Record<string, string>,
    form: Record<string, string> | undefined,
    opts: CallOptions,
    kind: 'read' | 'action',
  ): Promise<GameModel> {
    const url = this.url(`/gameengines/encounter/play/${gameId}`, query);
    const data = parseJsonReply(await this.request(method, url, form, opts), this.ctx(gameId));
    if (!isRecord(data) || typeof data.Event !== 'number') {
      // The engine's other clients treat a non-numeric Event as an auth failure.
      throw new SessionExpiredError(this.domain, 'the game reply had no Event code');
    }
    const model = data as GameModel;
    const event = model.Event;
    if (event === GAME_EVENT.GameNotFound) throw new GameNotFoundError(gameId, this.domain);
    if (event === GAME_EVENT.NotAuthorized) throw new SessionExpiredError(this.domain, 'the engine reports the player as not authorized');
    const finished = event === GAME_EVENT.Finished || event === GAME_EVENT.GameOver;
    const transition = event >= 16 && event !== GAME_EVENT.GameOver;
    if (event !== 0 && !transition && !(finished && kind === 'action')) throw new EngineError(event, gameId);
    return model;
  }

  private url(path: string, query: Record<string, string> = {}): URL {
    return this.transport.url(path, query);
  }

  private ctx(playGameId?: number) {
    return this.transport.ctx(playGameId);
  }

  /** One player-side exchange through the shared transport. */
  private request(method: 'GET' | 'POST', url: URL, form: Record<string, string> | undefined, opts: CallOptions) {
    return this.transport.request(url, { method, form, signal: opts.signal, area: 'player' });
  }
}

function defaultMobileBase(site: URL): string {
  const host = site.hostname;
  const isIpOrLocal = /^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[') || host === 'localhost' || host.startsWith('m.');
  return isIpOrLocal ? site.origin : `${site.protocol}//m.${site.host}`;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
