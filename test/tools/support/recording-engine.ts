/**
 * An Engine wrapper that records every call (method and arguments, in order) before passing it
 * through, so tests can assert what did — and did not — reach the engine.
 */
import { ENGINE_METHODS, type Engine } from '../../../src/engine/engine.js';

export const MUTATING_METHODS = ['enterGame', 'sendCode', 'sendBonusCode', 'getPenaltyHint'] as const;

export interface RecordedCall {
  method: (typeof ENGINE_METHODS)[number];
  args: unknown[];
}

export interface RecordingEngine extends Engine {
  readonly calls: RecordedCall[];
  count(method: RecordedCall['method']): number;
  mutations(): RecordedCall[];
}

/** Wraps `inner`; `onCall` runs synchronously before the call goes through. */
export function recordingEngine(inner: Engine, onCall?: (call: RecordedCall) => void): RecordingEngine {
  const calls: RecordedCall[] = [];
  const wrapper: Record<string, unknown> = {
    calls,
    count: (method: RecordedCall['method']) => calls.filter((c) => c.method === method).length,
    mutations: () => calls.filter((c) => (MUTATING_METHODS as readonly string[]).includes(c.method)),
  };
  for (const method of ENGINE_METHODS) {
    wrapper[method] = (...args: unknown[]) => {
      // Drop the trailing options object (it carries an AbortSignal, which is noise in assertions).
      const last = args[args.length - 1];
      const plain = last !== null && typeof last === 'object' && !Array.isArray(last) ? args.slice(0, -1) : args;
      const call = { method, args: plain };
      calls.push(call);
      onCall?.(call);
      return (inner[method] as (...a: unknown[]) => unknown).apply(inner, args);
    };
  }
  return wrapper as unknown as RecordingEngine;
}
