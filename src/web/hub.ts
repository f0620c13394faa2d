/**
 * `ConversationHub`: one agent session shared by every open tab of the page. It numbers the
 * session's events into a replayable log (so a reconnecting tab resumes where it stopped and a new
 * tab sees the whole conversation), keeps the pictures tools returned, lets one turn run at a time
 * whichever tab asks, and refuses what nobody is left to answer: when the last tab goes away, every
 * pending confirmation is denied and every location request failed.
 *
 * Runtime-neutral: no Node API, so the same hub can sit behind any HTTP server.
 */
import type { AgentEvent, AgentSessionApi } from '../agent/types.js';
import type { GameGlance, LocationAnswer, NumberedEvent, PageEvent, PagePicture, PageStatus, SignInAnswer } from './protocol.js';

/** The Encounter account behind the page: who is signed in, and signing in. */
export interface WebAccount {
  readonly domain: string;
  readonly demo: boolean;
  /** The login of the saved session, or null when there is none. */
  savedLogin(): Promise<string | null>;
  signIn(login: string, password: string, captcha?: string): Promise<SignInAnswer>;
}

/** Reads the game at a glance (title, active level); never throws, puts the reason in `note`. */
export type GameReader = (gameId: number) => Promise<GameGlance>;

export interface HubOptions {
  session: AgentSessionApi;
  account: WebAccount;
  readGame?: GameReader;
  /** The game to show before any tool touched one (`-game`, or the demo's game). */
  gameId?: number;
  /** The model name, for the header. */
  model?: string;
  /**
   * How long the hub waits after the last tab disconnected before it refuses pending requests: a
   * reload or a brief network drop reconnects within it, a closed page does not.
   */
  abandonAfterMs?: number;
  /** Timer functions (tests may pass their own). */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** A subscriber gets every event from the point it subscribed (after the replay it asked for). */
export type HubListener = (entry: NumberedEvent) => void;

/** Events kept for replay: a long evening of play is a few thousand; beyond that the oldest go. */
const MAX_LOG_EVENTS = 20_000;
/** Picture bytes kept for the page; the oldest pictures are dropped beyond this. */
const MAX_PICTURE_BYTES = 96 * 1024 * 1024;
const DEFAULT_ABANDON_MS = 3_000;
/** What the model is told when the player's page answered a location request with an error. */
const LOCATION_FAILURES: Record<Extract<LocationAnswer, { error: string }>['error'], string> = {
  denied: 'the player did not allow this page to use the device location',
  unavailable: 'the device could not determine its location',
  timeout: 'the device did not report its location in time',
  unsupported: "the player's browser cannot share a location",
  // Browsers offer geolocation only to https pages and to the computer's own address.
  insecure: 'the page was opened over plain http from another device, where browsers do not share a location',
};

/**
 * A request the hub refuses, with the HTTP status that fits.
 *
 * @example
 * ```ts
 * try { hub.send(''); } catch (err) { if (err instanceof HubError) respond(err.status, err.message); }
 * ```
 */
export class HubError extends Error {
  override readonly name = 'HubError';
  constructor(
    message: string,
    /** The HTTP status that fits: 400 bad request, 404 unknown id, 409 conflict. */
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * @example
 * ```ts
 * const hub = new ConversationHub({ session, account });
 * const stop = hub.subscribe(null, (entry) => send(entry));
 * hub.send('What is the current level?');
 * ```
 */
export class ConversationHub {
  /** Distinguishes this server's event ids from a previous run's, so a stale resume replays all. */
  readonly epoch: string;
  private readonly session: AgentSessionApi;
  private readonly account: WebAccount;
  private readonly readGame: GameReader | undefined;
  private readonly model: string | null;
  private readonly abandonAfterMs: number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly log: NumberedEvent[] = [];
  private readonly listeners = new Set<HubListener>();
  private readonly pictures = new Map<number, { mimeType: string; bytes: Uint8Array }>();
  private readonly pendingConfirmations = new Set<string>();
  private readonly pendingLocations = new Set<string>();
  private readonly unsubscribe: () => void;
  private sequence = 0;
  private pictureSequence = 0;
  private pictureBytes = 0;
  private running = false;
  private turnController: AbortController | null = null;
  private signedIn = false;
  private login: string | null = null;
  private gameId: number | null;
  private game: GameGlance | null = null;
  private turnTouchedGame = false;
  /** The session's turn counter as last seen in its events. */
  private lastTurn = 0;
  private abandonTimer: unknown = null;
  private closed = false;

  constructor(options: HubOptions) {
    this.session = options.session;
    this.account = options.account;
    this.readGame = options.readGame;
    this.model = options.model ?? null;
    this.gameId = options.gameId ?? null;
    this.abandonAfterMs = options.abandonAfterMs ?? DEFAULT_ABANDON_MS;
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
    this.epoch = randomToken(6);
    this.unsubscribe = this.session.on((event) => this.onAgentEvent(event));
  }

  /** Reads the saved sign-in and the starting game; call once before serving. */
  async start(): Promise<void> {
    this.login = await this.account.savedLogin();
    this.signedIn = this.login !== null;
    if (this.gameId !== null) await this.refreshGame();
    this.publishStatus();
  }

  status(): PageStatus {
    return {
      domain: this.account.domain,
      demo: this.account.demo,
      policy: this.session.policy,
      signedIn: this.signedIn,
      login: this.login,
      running: this.running,
      toolCount: this.session.toolCount,
      model: this.model,
      game: this.game,
    };
  }

  /**
   * Subscribes to the stream. `lastEventId` is what the tab saw last (the SSE `Last-Event-ID`):
   * the entries after it are replayed first; without it (or when it is from another run or too old
   * to resume) the tab gets the whole kept log after a `conversation_reset`.
   */
  subscribe(lastEventId: string | null, listener: HubListener): () => void {
    const resumeFrom = this.resumeIndex(lastEventId);
    if (resumeFrom === null) {
      listener({ id: this.currentId(), event: { type: 'conversation_reset' } });
      for (const entry of this.log) listener(entry);
      listener({ id: this.currentId(), event: { type: 'status', status: this.status() } });
    } else {
      for (const entry of this.log.slice(resumeFrom)) listener(entry);
    }
    listener({ id: this.currentId(), event: { type: 'caught_up' } });
    this.listeners.add(listener);
    if (this.abandonTimer !== null) {
      this.clearTimer(this.abandonTimer);
      this.abandonTimer = null;
    }
    return () => {
      if (this.listeners.delete(listener)) this.abandonIfNobodyIsThere();
    };
  }

  /** Starts a turn; refused while one runs (from this tab or another). */
  send(text: string): void {
    const trimmed = text.trim();
    if (trimmed === '') throw new HubError('the message is empty', 400);
    if (this.running) throw new HubError('a turn is already running: wait for it, or press Stop', 409);
    this.running = true;
    this.turnTouchedGame = false;
    const controller = new AbortController();
    this.turnController = controller;
    // The turn number is the session's; the message shows under the next one.
    this.append({ type: 'user_message', turn: this.lastTurn + 1, text: trimmed });
    this.publishStatus();
    this.session.send(trimmed, { signal: controller.signal }).then(
      () => this.endTurn(controller),
      () => this.endTurn(controller),
    );
  }

  /** Stop: cancels the running turn (pending confirmations are refused by the session). */
  stop(): boolean {
    if (!this.running) return false;
    this.session.cancel();
    this.turnController?.abort();
    return true;
  }

  confirm(callId: string, approved: boolean): void {
    if (!this.pendingConfirmations.has(callId)) throw new HubError(`no confirmation is pending for "${callId}"`, 404);
    this.pendingConfirmations.delete(callId);
    // The session may have refused it a moment ago (Stop, end of turn): then nothing was approved.
    const answered = this.session.resolveConfirmation(callId, approved);
    this.append({ type: 'request_settled', id: callId, outcome: answered && approved ? 'approved' : 'denied' });
    if (!answered) throw new HubError(`the confirmation "${callId}" is no longer pending`, 409);
  }

  answerLocation(answer: LocationAnswer): void {
    const id = answer.request_id;
    if (!this.pendingLocations.has(id)) throw new HubError(`no location request is pending for "${id}"`, 404);
    this.pendingLocations.delete(id);
    let answered: boolean;
    if ('error' in answer) {
      answered = this.session.failLocation(id, LOCATION_FAILURES[answer.error]);
    } else {
      const location: Record<string, number> = { latitude: answer.latitude, longitude: answer.longitude };
      if (answer.accuracy !== null) location.accuracy_m = Math.round(answer.accuracy * 10) / 10;
      answered = this.session.resolveLocation(id, JSON.stringify(location));
    }
    this.append({ type: 'request_settled', id, outcome: answered && !('error' in answer) ? 'shared' : 'failed' });
    if (!answered) throw new HubError(`the location request "${id}" is no longer pending`, 409);
  }

  /** Clears the conversation (refused while a turn runs). */
  reset(): void {
    if (this.running) throw new HubError('a turn is running: press Stop first', 409);
    this.session.resetHistory();
    this.log.length = 0;
    this.pictures.clear();
    this.pictureBytes = 0;
    this.append({ type: 'conversation_reset' });
    this.publishStatus();
  }

  async signIn(login: string, password: string, captcha?: string): Promise<SignInAnswer> {
    const answer = await this.account.signIn(login, password, captcha);
    if (answer.ok) {
      this.signedIn = true;
      this.login = answer.login;
      if (this.gameId !== null) await this.refreshGame();
      this.publishStatus();
    }
    return answer;
  }

  picture(id: number): { mimeType: string; bytes: Uint8Array } | undefined {
    return this.pictures.get(id);
  }

  /** Detaches from the session and refuses whatever is still pending. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.abandonTimer !== null) this.clearTimer(this.abandonTimer);
    this.abandon();
    if (this.running) this.session.cancel();
    this.unsubscribe();
    this.listeners.clear();
  }

  // -------------------------------------------------------------------------------------------

  private onAgentEvent(event: AgentEvent): void {
    this.lastTurn = Math.max(this.lastTurn, event.turn);
    switch (event.type) {
      case 'tool_started': {
        const gameId = gameIdOf(event.args);
        if (gameId !== null) {
          this.gameId = gameId;
          this.turnTouchedGame = true;
        }
        break;
      }
      case 'tool_finished': {
        if (event.failure_kind === 'session_expired' && this.signedIn && !this.account.demo) {
          this.signedIn = false;
          this.publishStatus();
        }
        const { images, ...rest } = event;
        this.append({ ...rest, images: images.map((image) => this.keepPicture(image.mimeType, image.bytes)) });
        return;
      }
      case 'confirmation_requested':
        this.pendingConfirmations.add(event.call_id);
        this.abandonIfNobodyIsThere();
        break;
      case 'location_requested':
        this.pendingLocations.add(event.request_id);
        this.abandonIfNobodyIsThere();
        break;
      case 'turn_finished':
      case 'turn_failed':
        // The session refuses whatever was still pending at the end of a turn; the page closes its dialogs.
        this.settleAllPending();
        break;
      default:
        break;
    }
    this.append(event);
  }

  private endTurn(controller: AbortController): void {
    if (this.turnController !== controller) return;
    this.turnController = null;
    this.running = false;
    this.settleAllPending();
    if (this.turnTouchedGame && this.gameId !== null) {
      void this.refreshGame().then(() => this.publishStatus());
    } else {
      this.publishStatus();
    }
  }

  private async refreshGame(): Promise<void> {
    if (this.gameId === null || !this.readGame) return;
    this.game = await this.readGame(this.gameId);
  }

  /** With no tab open, a question (asked now, or still open) is refused after the grace period. */
  private abandonIfNobodyIsThere(): void {
    if (this.listeners.size > 0 || this.closed || this.abandonTimer !== null) return;
    this.abandonTimer = this.setTimer(() => this.abandon(), this.abandonAfterMs);
  }

  /** Every tab has been gone for a while: nobody can answer, so refuse (never approve). */
  private abandon(): void {
    this.abandonTimer = null;
    for (const callId of [...this.pendingConfirmations]) {
      this.pendingConfirmations.delete(callId);
      this.session.resolveConfirmation(callId, false);
      this.append({ type: 'request_settled', id: callId, outcome: 'denied' });
    }
    for (const requestId of [...this.pendingLocations]) {
      this.pendingLocations.delete(requestId);
      this.session.failLocation(requestId, 'the player closed the page before sharing a location');
      this.append({ type: 'request_settled', id: requestId, outcome: 'failed' });
    }
  }

  private settleAllPending(): void {
    for (const id of this.pendingConfirmations) this.append({ type: 'request_settled', id, outcome: 'denied' });
    for (const id of this.pendingLocations) this.append({ type: 'request_settled', id, outcome: 'failed' });
    this.pendingConfirmations.clear();
    this.pendingLocations.clear();
  }

  private keepPicture(mimeType: string, bytes: Uint8Array): PagePicture {
    const id = ++this.pictureSequence;
    this.pictures.set(id, { mimeType, bytes });
    this.pictureBytes += bytes.byteLength;
    for (const [oldId, old] of this.pictures) {
      if (this.pictureBytes <= MAX_PICTURE_BYTES || oldId === id) break;
      this.pictures.delete(oldId);
      this.pictureBytes -= old.bytes.byteLength;
    }
    return { url: `/api/pictures/${id}`, mimeType };
  }

  private publishStatus(): void {
    this.append({ type: 'status', status: this.status() });
  }

  private append(event: PageEvent): void {
    const entry: NumberedEvent = { id: `${this.epoch}-${++this.sequence}`, event };
    this.log.push(entry);
    if (this.log.length > MAX_LOG_EVENTS) this.log.splice(0, this.log.length - MAX_LOG_EVENTS);
    for (const listener of this.listeners) listener(entry);
  }

  private currentId(): string {
    return `${this.epoch}-${this.sequence}`;
  }

  /** The log index to resume from, or null for a full replay. */
  private resumeIndex(lastEventId: string | null): number | null {
    if (!lastEventId) return null;
    const [epoch, seqText] = lastEventId.split('-');
    const seq = Number(seqText);
    if (epoch !== this.epoch || !Number.isSafeInteger(seq) || seq < 0 || seq > this.sequence) return null;
    if (seq === this.sequence) return this.log.length;
    const firstKept = this.log[0] ? Number(this.log[0].id.split('-')[1]) : this.sequence + 1;
    // Resuming needs the entry right after `seq` to be still kept.
    if (seq + 1 < firstKept) return null;
    return this.log.findIndex((entry) => Number(entry.id.split('-')[1]) > seq);
  }
}

/** A positive integer `game_id` argument: every game tool in the catalog names its game so. */
function gameIdOf(args: unknown): number | null {
  if (typeof args !== 'object' || args === null) return null;
  const raw = (args as Record<string, unknown>).game_id;
  const id = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : raw;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * `bytes` random bytes as hex, from the platform's CSPRNG (Web Crypto, present in Node 20).
 *
 * @example
 * ```ts
 * randomToken(32); // 64 hex characters, e.g. the page's secret
 * ```
 */
export function randomToken(bytes: number): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('');
}
