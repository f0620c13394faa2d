/**
 * Turn-taking for requests: callers go one after another in call order (FIFO), and each one,
 * when it hands over, says how long the next must still wait. Spacing is measured from the
 * hand-over itself, so late timers on a busy machine never squeeze two requests together. A
 * caller cancelled while waiting fails without running, and keeps the slot it asked for.
 */
import { CancelledError } from './errors.js';

/** Hands the turn to the next caller, who may start `pauseMs` after this call (not before). */
export type ReleaseTurn = (pauseMs: number) => void;

/**
 * @example
 * ```ts
 * const queue = new TurnQueue(() => performance.now(), abortableSleep);
 * const release = await queue.enter(signal, 350);
 * release(350);   // the next caller starts ≥ 350 ms from now
 * ```
 */
export class TurnQueue {
  /** Resolves to the earliest time the most recently queued caller's successor may start. */
  private gate: Promise<number> | null = null;

  constructor(
    private readonly now: () => number,
    private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>,
  ) {}

  /**
   * Wait for this caller's turn. `slotMs` is the pause a cancelled caller still leaves behind
   * (its slot is not given back, so later callers keep their spacing).
   */
  async enter(signal: AbortSignal | undefined, slotMs: number): Promise<ReleaseTurn> {
    const previous = this.gate;
    let open!: (notBefore: number) => void;
    this.gate = new Promise<number>((resolve) => (open = resolve));
    let released = false;
    const release: ReleaseTurn = (pauseMs) => {
      if (released) return;
      released = true;
      open(this.now() + Math.max(0, pauseMs));
    };
    if (previous === null) return release;
    try {
      const notBefore = await raceAbort(previous, signal);
      // Timers may fire a fraction of a millisecond early; sleep again (bounded) until the time has come.
      for (let left = notBefore - this.now(), tries = 0; left > 0 && tries < 3; left = notBefore - this.now(), tries++) {
        await this.sleep(Math.ceil(left), signal);
      }
    } catch (err) {
      released = true;
      void previous.then((t) => open(Math.max(t + Math.max(0, slotMs), this.now())));
      throw err;
    }
    return release;
  }
}

/** Wait for `promise`, or fail with CancelledError as soon as `signal` fires. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new CancelledError('the paced request'));
    // Already cancelled: give an already-finished predecessor one turn to win, so a call that
    // needs no wait still proceeds.
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

/**
 * setTimeout as a promise that rejects with CancelledError when the signal fires.
 *
 * @example
 * ```ts
 * await abortableSleep(200, controller.signal);
 * ```
 */
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
