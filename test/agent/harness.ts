/**
 * An `AgentSession` wired to real parts: the scripted fake model over HTTP and the demo engine
 * (the fake Encounter server over HTTP with a signed-in client), with every engine call recorded.
 */
import { AgentSession, type AgentSessionOptions } from '../../src/agent/session.js';
import type { AgentConfigInput } from '../../src/agent/config.js';
import type { AgentEvent } from '../../src/agent/types.js';
import { createDemoEngine, type DemoEngine } from '../../src/demo/index.js';
import { ENGINE_METHODS, type Engine } from '../../src/engine/engine.js';
import { startFakeOpenAI, type FakeOpenAI, type FakeStep } from '../support/fake-openai.js';

export const MUTATING_METHODS = ['sendCode', 'sendBonusCode', 'getPenaltyHint', 'enterGame'] as const;

export interface EngineCall {
  method: string;
  args: unknown[];
  /** performance.now() when the call reached the engine. */
  at: number;
}

/** The engine with every call logged before it goes through (a Proxy: no method listed by hand). */
export function recordingEngine(engine: Engine, log: EngineCall[]): Engine {
  const methods = new Set<string | symbol>(ENGINE_METHODS);
  return new Proxy(engine, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function' || !methods.has(prop)) return value;
      return (...args: unknown[]) => {
        log.push({ method: String(prop), args, at: performance.now() });
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

export interface Harness {
  model: FakeOpenAI;
  demo: DemoEngine;
  session: AgentSession;
  events: AgentEvent[];
  engineCalls: EngineCall[];
  mutations(): EngineCall[];
  close(): Promise<void>;
}

export interface HarnessOptions {
  script?: FakeStep[];
  config?: Partial<AgentConfigInput>;
  session?: Partial<Omit<AgentSessionOptions, 'config' | 'engine'>>;
  /** Attach the event recorder (default true); false leaves the session without any listener. */
  listen?: boolean;
  demo?: DemoEngine;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const model = await startFakeOpenAI(options.script ?? []);
  const demo = options.demo ?? (await createDemoEngine());
  const engineCalls: EngineCall[] = [];
  const session = new AgentSession({
    config: { model: 'fake-model', api_base: model.baseURL, api_key: 'test-key', ...options.config },
    engine: recordingEngine(demo.engine, engineCalls),
    // A 1 ms floor keeps pacing in the path without slowing the tests.
    requestIntervalMs: 1,
    ...options.session,
  });
  const events: AgentEvent[] = [];
  if (options.listen !== false) session.on((e) => events.push(e));
  return {
    model,
    demo,
    session,
    events,
    engineCalls,
    mutations: () => engineCalls.filter((c) => (MUTATING_METHODS as readonly string[]).includes(c.method)),
    close: async () => {
      session.cancel();
      await model.close();
      if (!options.demo) await demo.close();
    },
  };
}

/** Resolves with the first event of that type (already seen or still to come). */
export function nextEvent<T extends AgentEvent['type']>(h: Harness, type: T, after = 0): Promise<Extract<AgentEvent, { type: T }>> {
  return new Promise((resolve) => {
    const seen = h.events.slice(after).find((e) => e.type === type);
    if (seen) return resolve(seen as Extract<AgentEvent, { type: T }>);
    const off = h.session.on((e) => {
      if (e.type === type) {
        off();
        resolve(e as Extract<AgentEvent, { type: T }>);
      }
    });
  });
}

/** The messages the model received in its Nth request. */
export function sentMessages(h: Harness, n: number): Array<Record<string, unknown>> {
  return h.model.requests[n]!.body.messages as Array<Record<string, unknown>>;
}
