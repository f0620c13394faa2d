/**
 * Questions the session has put to the host and is waiting on (confirmations, location requests),
 * by id. Each is answered exactly once: by the host, by its timeout, or by the end of its turn —
 * whichever comes first; later answers find nothing and say so.
 */

interface Waiter<T> {
  settle(answer: T): void;
}

/**
 * @example
 * ```ts
 * const pending = new Waiters<boolean>();
 * const answer = pending.wait('call-1', signal, () => false);   // the host answers with pending.answer('call-1', true)
 * ```
 */
export class Waiters<T> {
  private readonly byId = new Map<string, Waiter<T>>();

  /**
   * Registers `id` and resolves with the host's answer, or with `onAbort` when the signal ends
   * the wait. Register before telling the host: a host may answer synchronously.
   */
  wait(id: string, signal: AbortSignal, onAbort: () => T, timeout?: { ms: number; answer: () => T }): Promise<T> {
    return new Promise<T>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const settle = (answer: T): void => {
        if (this.byId.get(id) !== waiter) return;
        this.byId.delete(id);
        if (timer !== undefined) clearTimeout(timer);
        signal.removeEventListener('abort', abort);
        resolve(answer);
      };
      const abort = (): void => settle(onAbort());
      const waiter: Waiter<T> = { settle };
      this.byId.set(id, waiter);
      if (signal.aborted) return abort();
      signal.addEventListener('abort', abort, { once: true });
      if (timeout) timer = setTimeout(() => settle(timeout.answer()), timeout.ms);
    });
  }

  /** Delivers the host's answer; false when nothing with that id is pending. */
  answer(id: string, value: T): boolean {
    const waiter = this.byId.get(id);
    if (!waiter) return false;
    waiter.settle(value);
    return true;
  }

  /** Ends every pending wait with `value` (a cancelled or finished turn). */
  settleAll(value: () => T): void {
    for (const waiter of [...this.byId.values()]) waiter.settle(value());
  }
}
