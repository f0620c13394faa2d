/**
 * The read cache (docs/catalog.md, «The read cache»): off unless a TTL is set; keyed by tool name plus the
 * arguments *after* coercion (so `{"game_id":42}` and `{"game_id":"42"}` share an entry); identical
 * concurrent reads share one engine call (single-flight); failures are never kept.
 */
import type { ToolResult } from './types.js';

interface Entry {
  promise: Promise<ToolResult>;
  /** When the result arrived (the TTL counts from here); undefined while in flight. */
  settledAt?: number;
  /** Cancels the shared engine call once every caller waiting on it has given up. */
  controller: AbortController;
  /** Callers currently waiting on the in-flight call. */
  waiters: number;
}

/** Waits for `promise`, or rejects as soon as `signal` aborts (the promise itself runs on). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined, onAbort: () => void): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    onAbort();
    return Promise.reject(signal.reason ?? new Error('cancelled'));
  }
  return new Promise<T>((resolve, reject) => {
    const abort = (): void => {
      onAbort();
      reject(signal.reason ?? new Error('cancelled'));
    };
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * JSON with object keys sorted at every level, so argument order never splits a key.
 *
 * @example
 * ```ts
 * stableJson({ b: 1, a: [2] }); // '{"a":[2],"b":1}'
 * ```
 */
export function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj).filter((k) => obj[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stableJson(obj[k])}`).join(',')}}`;
}

/** Cache key of one read: the name alone when there are no arguments. */
export function cacheKey(tool: string, normalizedArgs: object): string {
  const json = stableJson(normalizedArgs);
  return json === '{}' ? tool : `${tool}|${json}`;
}

export class ReadCache {
  private readonly entries = new Map<string, Entry>();

  /**
   * @param ttlMs how long a result stays fresh; 0 or less disables the cache.
   * @param now the clock in milliseconds (tests pass a fake one).
   */
  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /**
   * The result for `key`: a fresh stored one, the one already in flight, or a new `produce()`.
   * A shared call runs with its own signal, cancelled only when every waiting caller has
   * cancelled — one impatient caller must not fail the others. Each caller gets its own copy of
   * the JSON, so one surface editing it cannot change another's.
   */
  async run(key: string, produce: (signal: AbortSignal | undefined) => Promise<ToolResult>, signal?: AbortSignal): Promise<ToolResult> {
    if (!this.enabled) return produce(signal);
    let entry = this.entries.get(key);
    if (entry?.settledAt !== undefined && this.now() - entry.settledAt > this.ttlMs) {
      this.entries.delete(key);
      entry = undefined;
    }
    if (!entry) {
      const controller = new AbortController();
      const fresh: Entry = { promise: produce(controller.signal), controller, waiters: 0 };
      entry = fresh;
      this.entries.set(key, fresh);
      fresh.promise.then(
        () => {
          fresh.settledAt = this.now();
        },
        () => {
          if (this.entries.get(key) === fresh) this.entries.delete(key);
        },
      );
    }
    const joined = entry;
    joined.waiters++;
    try {
      const result = await untilAborted(joined.promise, signal, () => {
        joined.waiters--;
        if (joined.waiters === 0 && joined.settledAt === undefined) {
          joined.controller.abort(signal?.reason);
          if (this.entries.get(key) === joined) this.entries.delete(key);
        }
      });
      joined.waiters--;
      return { json: structuredClone(result.json), images: result.images };
    } catch (err) {
      if (!signal?.aborted) joined.waiters--;
      throw err;
    }
  }

  /** Drops every entry, including reads still in flight (their callers still get their answer). */
  clear(): void {
    this.entries.clear();
  }

  /** Entries currently held (tests and diagnostics). */
  get size(): number {
    return this.entries.size;
  }
}
