/**
 * Wrapping chosen methods of an object without writing each one out. Engine calls take their
 * options (`{ signal }`) as the last argument, so a wrapper can see cancellation without knowing
 * any method's signature.
 */
import type { CallOptions } from './engine.js';

/** Runs one call; `call` invokes the wrapped method with the caller's arguments. */
export type MethodWrapper = <R>(call: () => Promise<R>, opts: CallOptions | undefined, name: string) => Promise<R>;

/**
 * An object with each of `names` taken from `target` and routed through `wrap`.
 *
 * @example
 * ```ts
 * const logged = wrapMethods(engine, ['getGameModel'], (call, _opts, name) => { console.log(name); return call(); });
 * ```
 */
export function wrapMethods<T extends object, K extends keyof T & string>(target: T, names: readonly K[], wrap: MethodWrapper): Pick<T, K> {
  const out = {} as Record<string, unknown>;
  for (const name of names) {
    out[name] = (...args: unknown[]) => {
      const method = target[name] as unknown as (...a: unknown[]) => Promise<unknown>;
      return wrap(() => method.apply(target, args), optionsIn(args), name);
    };
  }
  return out as Pick<T, K>;
}

/**
 * An object that behaves as `target` except that each of `names` goes through `wrap`; every
 * other property (methods added later included) passes straight through.
 *
 * @example
 * ```ts
 * const fenced = wrapSome(engine, ['sendCode'], (call) => { cache.clear(); return call(); });
 * ```
 */
export function wrapSome<T extends object>(target: T, names: readonly (keyof T & string)[], wrap: MethodWrapper): T {
  const wrapped = wrapMethods(target, names, wrap) as Record<string, unknown>;
  return new Proxy(target, {
    get(t, prop, receiver) {
      if (typeof prop === 'string' && prop in wrapped) return wrapped[prop];
      const value = Reflect.get(t, prop, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
    },
  });
}

/** The trailing options object of an engine call, if the caller passed one. */
function optionsIn(args: readonly unknown[]): CallOptions | undefined {
  const last = args[args.length - 1];
  return typeof last === 'object' && last !== null ? (last as CallOptions) : undefined;
}
