/**
 * `Paced`: wraps any Engine so call STARTS are at least `interval` apart. Callers queue in call
 * order (FIFO); each starts no earlier than one interval after the previous caller actually
 * started, so late timers on a busy machine never squeeze two starts together. Calls may overlap
 * once started. A caller cancelled while waiting fails without reaching the engine, and its slot
 * is not given back (later callers still queue one interval behind it).
 *
 * Every method named in ENGINE_METHODS is paced; none is written out here, so a method added
 * to the Engine interface is paced as soon as it is listed there.
 */
import { ENGINE_METHODS, type Engine } from './engine.js';
import { TurnQueue, abortableSleep } from './pacing.js';
import { wrapMethods } from './wrap-methods.js';

export { abortableSleep };

/** 350 ms: the iOS app's own pacing, slow enough to stay clear of the anti-spam wall. */
export const DEFAULT_REQUEST_INTERVAL_MS = 350;

export interface PacedOptions {
  /** Clock in ms; injectable for tests. */
  now?: () => number;
  /** Sleep that rejects on abort; injectable for tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** The methods are installed by the constructor from ENGINE_METHODS. */
export interface Paced extends Engine {}

/**
 * @example
 * ```ts
 * const engine = new Paced(new EncounterClient({ domain: 'tech.en.cx' }));   // 350 ms floor
 * await Promise.all([engine.getGameModel(1), engine.getGameModel(1)]);        // second starts ≥350 ms later
 * ```
 */
export class Paced {
  readonly intervalMs: number;
  readonly baseUrl: string | undefined;

  constructor(inner: Engine, intervalMs = 0, options: PacedOptions = {}) {
    this.intervalMs = intervalMs > 0 ? intervalMs : DEFAULT_REQUEST_INTERVAL_MS;
    this.baseUrl = inner.baseUrl;
    const queue = new TurnQueue(options.now ?? (() => performance.now()), options.sleep ?? abortableSleep);
    Object.assign(
      this,
      wrapMethods(inner, ENGINE_METHODS, async (call, opts) => {
        const release = await queue.enter(opts?.signal, this.intervalMs);
        // The turn passes as the call begins: the next start is ≥ interval after this one truly began.
        try {
          return call();
        } finally {
          release(this.intervalMs);
        }
      }),
    );
  }
}

