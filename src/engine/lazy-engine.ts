/**
 * `lazyEngine`: an Engine that opens the real one on its first call, not before. `encli mcp --demo`
 * answers `initialize` and `tools/list` without an engine, so starting the fake engine and signing
 * in (≈50 ms, most of it waiting on loopback round trips and loading undici) is left to the first
 * tool that needs them.
 */
import { ENGINE_METHODS, type Engine } from './engine.js';
import { EncounterError } from './errors.js';

export interface LazyEngineOptions {
  /** The engine's site, when known before it is opened (relative picture URLs resolve against it). */
  baseUrl?: string;
  /** Told once per failed opening (before the failing call rejects), e.g. to report it on stderr. */
  onOpenError?: (error: EncounterError) => void;
}

/** The lazy engine, which can also be told to open now. */
export interface LazyEngine extends Engine {
  /**
   * Opens the engine now, in the background, unless it is open or opening; a failure is only
   * reported (onOpenError), and the next call tries again.
   */
  start(): void;
}

/**
 * Every Engine method waits for `open()` (run once, shared by concurrent calls), then calls the
 * opened engine. A failed opening fails the calls waiting on it with an EncounterError that says
 * so (retryable: the next call opens afresh).
 *
 * @example
 * ```ts
 * const engine = lazyEngine(async () => (await createDemoEngine()).engine);
 * await engine.getGameModel(1); // the demo starts here
 * ```
 */
export function lazyEngine(open: () => Promise<Engine>, options: LazyEngineOptions = {}): LazyEngine {
  let opening: Promise<Engine> | undefined;
  const openOnce = (): Promise<Engine> => {
    opening ??= open().catch((err: unknown) => {
      opening = undefined;
      const error = err instanceof EncounterError ? err : new EncounterError((err as Error)?.message ?? String(err), { retryable: true, cause: err });
      options.onOpenError?.(error);
      throw error;
    });
    return opening;
  };
  const lazy: Record<string, unknown> = {
    start: () => void openOnce().catch(() => undefined),
  };
  if (options.baseUrl !== undefined) lazy.baseUrl = options.baseUrl;
  for (const name of ENGINE_METHODS) {
    lazy[name] = async (...args: unknown[]) => {
      const engine = await openOnce();
      return (engine[name] as (...a: unknown[]) => Promise<unknown>).apply(engine, args);
    };
  }
  return lazy as unknown as LazyEngine;
}
