/**
 * Run by test/agent/deno.test.ts under Deno (not by vitest): `AgentSession` works unchanged
 * outside Node — streaming from the fake model given as the first argument, a read tool, and a
 * confirmed mutation. Prints one JSON line. Uses only web APIs so it type-checks under the
 * project's Node tsconfig too.
 */
import { AgentSession } from '../../../src/agent/index.js';
import type { Engine } from '../../../src/engine/engine.js';

const baseUrl = (globalThis as unknown as { Deno: { args: string[] } }).Deno.args[0]!;
const model = {
  Event: 0,
  GameId: 1,
  GameTitle: 'Deno',
  LevelSequence: 0,
  Level: { LevelId: 7, Number: 1, IsPassed: false, Dismissed: false, Tasks: [{ TaskTextFormatted: 'Привет' }] },
};
const sent: string[] = [];
const engine = new Proxy({} as Engine, {
  get: (_target, method) => {
    if (method === 'baseUrl' || method === 'then') return undefined;
    return async (...args: unknown[]) => {
      if (method === 'getGameModel') return model;
      if (method === 'sendCode') {
        sent.push(String(args[3]));
        return model;
      }
      throw new Error(`unexpected engine call ${String(method)}`);
    };
  },
});

const session = new AgentSession({ config: { model: 'fake-model', api_base: baseUrl, api_key: 'test-key' }, engine, requestIntervalMs: 1 });
const events: string[] = [];
session.on((e) => {
  events.push(e.type);
  if (e.type === 'confirmation_requested') session.resolveConfirmation(e.call_id, true);
});
const answer = await session.send('play');
console.log(JSON.stringify({ answer, events: [...new Set(events)], sent, history: session.history().length }));
