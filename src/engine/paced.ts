/**
 * `Paced`: wraps any Engine so request STARTS are at least `interval` apart (reference §4). Callers
 * queue in call order (FIFO); each starts no earlier than one interval after the previous caller
 * actually started, so late timers on a busy machine never squeeze two starts together. Requests
 * may overlap once started. A caller cancelled while waiting fails without reaching the engine,
 * and its slot is not given back (later callers still queue one interval behind it).
 */
import type { CallOptions, Engine, FetchResourceOptions } from './engine.js';
import { CancelledError } from './errors.js';
import type { DomainGame, FetchedResource, GameList, GameModel, GameStatistics, Profile, TeamInfo } from './types.js';

/** 350 ms: the iOS app's own pacing, slow enough to stay clear of the anti-spam wall. */
export const DEFAULT_REQUEST_INTERVAL_MS = 350;

export interface PacedOptions {
  /** Clock in ms; injectable for tests. */
  now?: () => number;
  /** Sleep that rejects on abort; injectable for tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * @example
 * ```ts
 * const engine = new Paced(new EncounterClient({ domain: 'tech.en.cx' }));   // 350 ms floor
 * await Promise.all([engine.getGameModel(1), engine.getGameModel(1)]);        // second starts ≥350 ms later
 * ```
 */
export class Paced implements Engine {
  readonly intervalMs: number;
  readonly baseUrl: string | undefined;
  /** Resolves with the time the most recently queued caller started (or gave up its slot). */
  private tail: Promise<number> | null = null;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(
    private readonly inner: Engine,
    intervalMs = 0,
    options: PacedOptions = {},
  ) {
    this.intervalMs = intervalMs > 0 ? intervalMs : DEFAULT_REQUEST_INTERVAL_MS;
    this.baseUrl = inner.baseUrl;
    this.now = options.now ?? (() => performance.now());
    this.sleep = options.sleep ?? abortableSleep;
  }

  /**
   * Queue behind the previous caller (FIFO), then start no earlier than `interval` after the
   * previous start. Spacing is measured from the previous caller's actual start, so late timers on
   * a busy machine can never squeeze two starts closer than the interval.
   */
  private async run<T>(opts: CallOptions | undefined, call: () => Promise<T>): Promise<T> {
    const signal = opts?.signal;
    const previous = this.tail;
    let markStart!: (at: number) => void;
    this.tail = new Promise<number>((resolve) => (markStart = resolve));
    if (previous === null) return this.start(call, markStart);
    let previousStart: number;
    try {
      previousStart = await raceAbort(previous, signal);
      const slot = previousStart + this.intervalMs;
      // Timers may fire a fraction of a millisecond early; sleep again (bounded) until the slot has come.
      for (let left = slot - this.now(), tries = 0; left > 0 && tries < 3; left = slot - this.now(), tries++) {
        await this.sleep(Math.ceil(left), signal);
      }
    } catch (err) {
      // The slot is not given back: later callers still queue one interval behind it.
      void previous.then((p) => markStart(Math.max(p + this.intervalMs, this.now())));
      throw err;
    }
    return this.start(call, markStart);
  }

  /** Begin the call, then mark the start: the next start is ≥ interval after this one truly began. */
  private start<T>(call: () => Promise<T>, markStart: (at: number) => void): Promise<T> {
    try {
      return call();
    } finally {
      markStart(this.now());
    }
  }

  getDomainGames(opts?: CallOptions): Promise<DomainGame[]> {
    return this.run(opts, () => this.inner.getDomainGames(opts));
  }
  getGameList(page?: number, opts?: CallOptions): Promise<GameList> {
    return this.run(opts, () => this.inner.getGameList(page, opts));
  }
  getGameModel(gameId: number, opts?: CallOptions): Promise<GameModel> {
    return this.run(opts, () => this.inner.getGameModel(gameId, opts));
  }
  getGameModelLevel(gameId: number, levelNumber: number, opts?: CallOptions): Promise<GameModel> {
    return this.run(opts, () => this.inner.getGameModelLevel(gameId, levelNumber, opts));
  }
  getGameStatistics(gameId: number, opts?: CallOptions): Promise<GameStatistics> {
    return this.run(opts, () => this.inner.getGameStatistics(gameId, opts));
  }
  getTimeoutToGame(gameId: number, opts?: CallOptions): Promise<number | null> {
    return this.run(opts, () => this.inner.getTimeoutToGame(gameId, opts));
  }
  getProfile(opts?: CallOptions): Promise<Profile> {
    return this.run(opts, () => this.inner.getProfile(opts));
  }
  getTeamManagementInfo(teamId: number, opts?: CallOptions): Promise<TeamInfo> {
    return this.run(opts, () => this.inner.getTeamManagementInfo(teamId, opts));
  }
  fetchResource(url: string, opts?: FetchResourceOptions): Promise<FetchedResource> {
    return this.run(opts, () => this.inner.fetchResource(url, opts));
  }
  enterGame(gameId: number, opts?: CallOptions): Promise<string> {
    return this.run(opts, () => this.inner.enterGame(gameId, opts));
  }
  sendCode(gameId: number, levelId: number, levelNumber: number, code: string, opts?: CallOptions): Promise<GameModel> {
    return this.run(opts, () => this.inner.sendCode(gameId, levelId, levelNumber, code, opts));
  }
  sendBonusCode(gameId: number, levelId: number, levelNumber: number, code: string, opts?: CallOptions): Promise<GameModel> {
    return this.run(opts, () => this.inner.sendBonusCode(gameId, levelId, levelNumber, code, opts));
  }
  getPenaltyHint(gameId: number, penaltyId: number, opts?: CallOptions): Promise<GameModel> {
    return this.run(opts, () => this.inner.getPenaltyHint(gameId, penaltyId, opts));
  }
}

/** Wait for `promise`, or fail with CancelledError as soon as `signal` fires. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new CancelledError('the paced request'));
    // Already cancelled: give an already-finished predecessor one turn to win, so a call that
    // needs no wait still proceeds (reference §4).
    if (signal.aborted) setTimeout(onAbort, 0);
    else signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

/** setTimeout as a promise that rejects with CancelledError when the signal fires. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new CancelledError('the paced request'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new CancelledError('the paced request'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
