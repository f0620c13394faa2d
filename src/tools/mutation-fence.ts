/**
 * Wraps an engine so each of its mutating methods clears the read cache before it starts and
 * again when it settles — success or failure. A failed submit may still have reached Encounter, and
 * a read running alongside a mutation may have fetched the state from before it. Which methods
 * mutate is declared once, next to the Engine interface; every other call passes straight through.
 */
import { ENGINE_MUTATING_METHODS, type Engine } from '../engine/engine.js';
import { wrapSome } from '../engine/wrap-methods.js';

/**
 * `engine` with `onMutation` called around every mutating call.
 *
 * @example
 * ```ts
 * const fenced = fenceMutations(engine, () => cache.clear());
 * ```
 */
export function fenceMutations(engine: Engine, onMutation: () => void): Engine {
  return wrapSome(engine, ENGINE_MUTATING_METHODS, async (call) => {
    onMutation();
    try {
      return await call();
    } finally {
      onMutation();
    }
  });
}
