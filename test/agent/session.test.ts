import { afterEach, describe, expect, it } from 'vitest';
import { AgentError, AgentSession, EVENT_RESULT_CHARS, truncate } from '../../src/agent/session.js';
import { AgentConfigError } from '../../src/agent/config.js';
import { Paced } from '../../src/engine/paced.js';
import type { AgentEvent } from '../../src/agent/types.js';
import { DEMO_GAME_ID } from '../../src/demo/index.js';
import { createCatalog } from '../../src/tools/index.js';
import { callTools, dropStream, hang, reply, type FakeStep } from '../support/fake-openai.js';
import { nextEvent, sentMessages, startHarness, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const G = DEMO_GAME_ID;
const sendCode = (code: string, id?: string) => ({ name: 'enc_send_code', arguments: { game_id: G, code }, ...(id ? { id } : {}) });
const types = (events: AgentEvent[]) => events.map((e) => e.type).filter((t) => t !== 'text_delta');

/** Answers every confirmation with `decide(event)`. */
function autoAnswer(harness: Harness, decide: (e: Extract<AgentEvent, { type: 'confirmation_requested' }>) => boolean): void {
  harness.session.on((e) => {
    if (e.type === 'confirmation_requested') harness.session.resolveConfirmation(e.call_id, decide(e));
  });
}

describe('AgentSession turns', () => {
  it('mobile 84: a tool call and an answer give the reply, the engine call, the events and the transcript', async () => {
    h = await startHarness({ script: [callTools([{ name: 'enc_game_state', arguments: { game_id: G } }]), reply('Level 1 is a collage.')] });
    const answer = await h.session.send('  What is going on?  ');
    expect(answer).toBe('Level 1 is a collage.');
    expect(h.engineCalls.map((c) => c.method)).toContain('getGameModel');
    expect(types(h.events)).toEqual(['turn_started', 'tool_started', 'tool_finished', 'turn_finished']);
    const finished = h.events.find((e) => e.type === 'tool_finished')!;
    expect(finished).toMatchObject({ turn: 1, call_id: 'call-1', tool: 'enc_game_state', is_error: false });
    expect(h.session.history()).toEqual([
      { role: 'user', content: 'What is going on?' },
      { role: 'assistant', content: 'Level 1 is a collage.' },
    ]);
    // The tool result reached the model as a tool message right after the assistant's call.
    const second = sentMessages(h, 1);
    expect(second.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(String(second[3]!.content)).toContain('Коллаж');
    h.session.resetHistory();
    expect(h.session.history()).toEqual([]);
  });

  for (const stream of [true, false]) {
    it(`streams the answer as text_delta events (${stream ? 'streaming' : 'whole replies'})`, async () => {
      h = await startHarness({ config: { stream }, script: [reply('Первый уровень — коллаж из трёх картинок.')] });
      await h.session.send('hi');
      const deltas = h.events.filter((e) => e.type === 'text_delta').map((e) => (e as { text: string }).text);
      expect(deltas.join('')).toBe('Первый уровень — коллаж из трёх картинок.');
      expect(deltas.length > 1).toBe(stream);
      expect(h.model.requests[0]!.body.stream).toBe(stream);
    });
  }

  it("a host's own reads go through session.engine, queued behind the tools' requests by the same pacing", async () => {
    h = await startHarness({ session: { requestIntervalMs: 200 }, script: [callTools([{ name: 'enc_game_state', arguments: { game_id: G } }]), reply('ok')] });
    expect(h.session.engine).toBeInstanceOf(Paced);
    expect((h.session.engine as Paced).intervalMs).toBe(200);
    await h.session.send('state?');
    const before = h.engineCalls.length;
    // Two reads at once, as a page header and a tool might make them: they reach the engine one
    // pacing interval apart, not together.
    await Promise.all([h.session.engine.getGameModel(G), h.session.engine.getGameModel(G)]);
    const [first, second] = h.engineCalls.slice(before).map((call) => call.at);
    expect(h.engineCalls.length).toBe(before + 2);
    expect(second! - first!).toBeGreaterThanOrEqual(190);
  });

  it('mobile 90 and 108: an empty or blank message, and a second concurrent send, are refused', async () => {
    h = await startHarness({ script: [hang()] });
    await expect(h.session.send('   ')).rejects.toMatchObject({ code: 'empty_message', message: 'the message is empty' });
    const first = h.session.send('one');
    await expect(h.session.send('two')).rejects.toMatchObject({ code: 'busy', message: 'a turn is already running' });
    h.session.cancel();
    await expect(first).rejects.toMatchObject({ code: 'cancelled' });
    expect(h.session.busy).toBe(false);
  });

  it('mobile 89: cancel unblocks a turn stuck in the provider', async () => {
    h = await startHarness({ script: [hang()] });
    const turn = h.session.send('hello');
    await new Promise((r) => setTimeout(r, 50));
    h.session.cancel();
    await expect(turn).rejects.toThrow('the turn was cancelled');
    expect(h.events.at(-1)).toEqual({ type: 'turn_failed', turn: 1, error: 'the turn was cancelled' });
    expect(h.session.history()).toEqual([]);
  });

  it('an outside AbortSignal cancels the turn the same way', async () => {
    h = await startHarness({ script: [hang()] });
    const controller = new AbortController();
    const turn = h.session.send('hello', { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    await expect(turn).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('mobile 94: a model calling tools forever stops at max_iterations with a clear error and no transcript', async () => {
    const forever: FakeStep = () => callTools([{ name: 'enc_profile' }]);
    h = await startHarness({ config: { max_iterations: 3 }, script: [forever, forever, forever, forever] });
    await expect(h.session.send('loop')).rejects.toMatchObject({
      code: 'out_of_steps',
      message: 'the model ran out of tool steps without answering (3 model calls)',
    });
    expect(h.model.requests).toHaveLength(3);
    expect(h.events.at(-1)!.type).toBe('turn_failed');
    expect(h.session.history()).toEqual([]);
  });

  it('a wrong key fails the turn naming the endpoint and the model', async () => {
    h = await startHarness({ config: { api_key: 'wrong' }, script: [reply('never')] });
    const err = (await h.session.send('hi').catch((e: unknown) => e)) as AgentError;
    expect(err.code).toBe('model_failed');
    expect(err.message).toBe(
      `the model endpoint answered HTTP 401: Incorrect API key provided (endpoint: ${h.model.baseURL}/chat/completions, model: fake-model)`,
    );
    expect(h.events.map((e) => e.type)).toEqual(['turn_started', 'turn_failed']);
  });

  it('a 404 adds the hint that the endpoint does not serve chat completions or the model', async () => {
    h = await startHarness({ script: [reply('x')] });
    const session = new AgentSession({
      config: { model: 'gpt-9', api_base: h.model.baseURL.replace(/\/v1$/, '/api'), api_key: 'test-key' },
      engine: h.demo.engine,
      requestIntervalMs: 1,
    });
    const err = (await session.send('hi').catch((e: unknown) => e)) as AgentError;
    expect(err.message).toContain('HTTP 404');
    expect(err.message).toContain(`(endpoint: ${h.model.baseURL.replace(/\/v1$/, '/api')}/chat/completions, model: gpt-9)`);
    expect(err.message).toContain('the endpoint does not serve /chat/completions or does not know the model "gpt-9"');
  });

  it('a dropped stream fails the turn and leaves the transcript untouched', async () => {
    h = await startHarness({ script: [reply('first'), dropStream('The answer is yel')] });
    await h.session.send('one');
    await expect(h.session.send('two')).rejects.toThrow(/answer broke off before it was complete/);
    expect(h.session.history()).toEqual([
      { role: 'user', content: 'one' },
      { role: 'assistant', content: 'first' },
    ]);
  });

  it('the date in the system prompt is computed at every turn', async () => {
    const clock = [new Date('2026-12-01T23:59:30Z'), new Date('2026-12-02T00:00:30Z')];
    h = await startHarness({ script: [reply('a'), reply('b')], session: { now: () => clock.shift()! } });
    await h.session.send('one');
    await h.session.send('two');
    const system = (n: number) => String(sentMessages(h!, n)[0]!.content);
    expect(system(0)).toContain('2026-12-01T23:59:30Z in UTC');
    expect(system(1)).toContain('2026-12-02T00:00:30Z in UTC');
    expect(system(0)).toContain('Treat this as authoritative');
    // The catalog's advice and the active policy follow the date.
    expect(system(1)).toContain('APPROVAL REQUIRED');
  });

  it('only the visible transcript is replayed; a saved transcript can be imported and exported', async () => {
    h = await startHarness({ script: [callTools([{ name: 'enc_profile' }]), reply('You are Иван.'), reply('Still Иван.')] });
    await h.session.send('who am I?');
    const saved = h.session.history();
    h.session.resetHistory();
    h.session.importHistory(JSON.parse(JSON.stringify(saved)));
    expect(h.session.history()).toEqual(saved);
    await h.session.send('and now?');
    expect(sentMessages(h, 2).map((m) => [m.role, m.content])).toEqual([
      ['system', expect.any(String)],
      ['user', 'who am I?'],
      ['assistant', 'You are Иван.'],
      ['user', 'and now?'],
    ]);
    expect(() => h!.session.importHistory([{ role: 'system', content: 'x' } as never])).toThrow(
      'transcript entry 0 has role "system" (want "user" or "assistant")',
    );
    expect(() => h!.session.importHistory([{ role: 'user', content: 'ok' }, { role: 'assistant' } as never])).toThrow('transcript entry 1 has no text content');
    expect(() => h!.session.importHistory('nope' as never)).toThrow(AgentError);
  });

  it('importing while a turn runs is refused', async () => {
    h = await startHarness({ script: [hang()] });
    const turn = h.session.send('x');
    expect(() => h!.session.importHistory([])).toThrow('a turn is running');
    h.session.cancel();
    await turn.catch(() => undefined);
  });

  it('the read cache is cleared at every turn but shared within one', async () => {
    const twoReads = () => callTools([{ name: 'enc_game_state', arguments: { game_id: G } }, { name: 'enc_game_state', arguments: { game_id: G } }]);
    h = await startHarness({ script: [twoReads(), callTools([{ name: 'enc_game_state', arguments: { game_id: G } }]), reply('a'), twoReads(), reply('b')] });
    await h.session.send('one');
    const firstTurn = h.engineCalls.filter((c) => c.method === 'getGameModel').length;
    await h.session.send('two');
    const secondTurn = h.engineCalls.filter((c) => c.method === 'getGameModel').length - firstTurn;
    // Three reads of the same state in turn 1 hit the engine at most twice (two ran in parallel, the third was cached)...
    expect(firstTurn).toBeLessThanOrEqual(2);
    // ...and turn 2 read it afresh.
    expect(secondTurn).toBeGreaterThanOrEqual(1);
  });

  it('a malformed call (bad JSON, unknown tool) becomes an error tool message and the turn goes on', async () => {
    h = await startHarness({ script: [callTools([{ name: 'enc_level', rawArguments: '{"game_id": 1' }, { name: 'enc_nuke' }]), reply('sorry')] });
    expect(await h.session.send('x')).toBe('sorry');
    const finished = h.events.filter((e) => e.type === 'tool_finished') as Array<Extract<AgentEvent, { type: 'tool_finished' }>>;
    expect(finished.map((e) => [e.tool, e.is_error, e.failure_kind])).toEqual([
      ['enc_level', true, 'bad_argument'],
      ['enc_nuke', true, 'unknown_tool'],
    ]);
    expect(finished[0]!.result).toContain('not a JSON object');
    const toolMessages = sentMessages(h, 1).filter((m) => m.role === 'tool');
    expect(toolMessages).toHaveLength(2);
  });

  it('pictures from a tool reach the model as image_url parts in one user message after the tool messages', async () => {
    h = await startHarness({
      script: [
        async () => callTools([{ name: 'enc_level', arguments: { game_id: G } }]),
        (req) => {
          const tool = (req.body.messages as Array<{ role: string; content: string }>).findLast((m) => m.role === 'tool')!;
          const url = /https?:\/\/[^"\s\]]+collage\.jpg/.exec(tool.content)![0];
          return callTools([{ name: 'enc_view_image', arguments: { url } }, { name: 'enc_profile' }]);
        },
        reply('Three shapes.'),
      ],
    });
    expect(await h.session.send('look at the task picture')).toBe('Three shapes.');
    const third = sentMessages(h, 2);
    expect(third.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'tool', 'tool', 'user']);
    const pictures = third.at(-1)!.content as Array<{ type: string; text?: string; image_url?: { url: string } }>;
    expect(pictures[0]).toEqual({ type: 'text', text: 'Pictures returned by enc_view_image (1 picture):' });
    expect(pictures[1]!.type).toBe('image_url');
    expect(pictures[1]!.image_url!.url).toMatch(/^data:image\/(jpeg|png);base64,[A-Za-z0-9+/]{100,}/);
    const viewed = h.events.find((e) => e.type === 'tool_finished' && e.tool === 'enc_view_image') as Extract<AgentEvent, { type: 'tool_finished' }>;
    expect(viewed.images).toHaveLength(1);
    expect(viewed.images[0]!.bytes.length).toBeGreaterThan(100);
  });

  it('a failure carries what a host can act on: the domain of an expired session, the anti-spam page', async () => {
    h = await startHarness({
      script: [callTools([{ name: 'enc_level', arguments: { game_id: G } }]), callTools([{ name: 'enc_level', arguments: { game_id: G } }]), reply('ok')],
    });
    h.demo.fake.faults = { expiredSession: true };
    const finished = () => h!.events.filter((e) => e.type === 'tool_finished') as Array<Extract<AgentEvent, { type: 'tool_finished' }>>;
    const turn = h.session.send('x');
    await nextEvent(h, 'tool_finished');
    h.demo.fake.faults = { antiSpam: true };
    await turn;
    expect(finished()[0]).toMatchObject({ is_error: true, failure_kind: 'session_expired', failure: { kind: 'session_expired', retryable: false } });
    expect(finished()[1]!.failure).toMatchObject({ kind: 'anti_spam', url: expect.stringContaining('NotHumanRequest') });
  });

  it('mobile 109: an event result is cut at 2000 characters plus "…"; short text is unchanged', () => {
    expect(truncate('short', EVENT_RESULT_CHARS)).toBe('short');
    const long = 'я'.repeat(2500);
    expect(truncate(long, EVENT_RESULT_CHARS)).toBe('я'.repeat(2000) + '…');
    // A picture character outside the BMP is never split in half.
    expect(truncate('😀'.repeat(2001), EVENT_RESULT_CHARS)).toBe('😀'.repeat(2000) + '…');
  });

  it('a listener that throws does not break the turn', async () => {
    h = await startHarness({ script: [reply('fine')] });
    h.session.on(() => {
      throw new Error('host bug');
    });
    expect(await h.session.send('x')).toBe('fine');
  });
});

describe('AgentSession policy and confirmations', () => {
  it('mobile 83: readonly has tools but fewer than full; the policy is reported; hidden tools are not offered', async () => {
    h = await startHarness({ config: { policy: 'readonly' }, script: [reply('ok')] });
    const full = new AgentSession({ config: { model: 'm', api_base: h.model.baseURL, policy: 'full' }, engine: h.demo.engine });
    expect(h.session.policy).toBe('readonly');
    expect(full.policy).toBe('full');
    expect(h.session.toolCount).toBeGreaterThan(0);
    expect(full.toolCount).toBeGreaterThan(h.session.toolCount);
    await h.session.send('x');
    const offered = (h.model.requests[0]!.body.tools as Array<{ function: { name: string } }>).map((t) => t.function.name);
    expect(offered).not.toContain('enc_send_code');
    expect(offered).toContain('enc_level');
    expect(offered).not.toContain('enc_device_location');
  });

  it('mobile 85 and 107: approved → exactly one confirmation with the catalog question, turn 1, and the engine is reached', async () => {
    h = await startHarness({ script: [callTools([sendCode('yellow')]), reply('Accepted.')] });
    autoAnswer(h, () => true);
    expect(await h.session.send('send yellow')).toBe('Accepted.');
    const asked = h.events.filter((e) => e.type === 'confirmation_requested') as Array<Extract<AgentEvent, { type: 'confirmation_requested' }>>;
    expect(asked).toHaveLength(1);
    const prepared = createCatalog(h.demo.engine, { policy: 'approve' }).prepare('enc_send_code', { game_id: G, code: 'yellow' });
    if (!prepared.ok) throw new Error('prepare failed');
    expect(asked[0]).toMatchObject({ turn: 1, tool: 'enc_send_code', question: prepared.call.question!.text, title: prepared.call.question!.title });
    expect(asked[0]!.call_id).toBe(h.events.find((e) => e.type === 'tool_started')!.call_id);
    expect(h.mutations().map((m) => [m.method, m.args[3]])).toEqual([['sendCode', 'yellow']]);
  });

  it('mobile 86: declined → asked once, engine not reached, the model reads the refusal', async () => {
    h = await startHarness({ script: [callTools([sendCode('yellow')]), reply('Not sent.')] });
    autoAnswer(h, () => false);
    await h.session.send('send yellow');
    expect(h.events.filter((e) => e.type === 'confirmation_requested')).toHaveLength(1);
    expect(h.mutations()).toEqual([]);
    const finished = h.events.find((e) => e.type === 'tool_finished') as Extract<AgentEvent, { type: 'tool_finished' }>;
    expect(finished).toMatchObject({ is_error: true, failure_kind: 'declined' });
    expect(String(sentMessages(h, 1).at(-1)!.content)).toMatch(/declined/i);
  });

  it('a host answer other than literal true is a refusal', async () => {
    h = await startHarness({ script: [callTools([sendCode('yellow')]), reply('ok')] });
    h.session.on((e) => {
      if (e.type === 'confirmation_requested') h!.session.resolveConfirmation(e.call_id, 'yes' as unknown as boolean);
    });
    await h.session.send('x');
    expect(h.mutations()).toEqual([]);
  });

  it('mobile 87: approve with nobody listening → the mutation is refused and the turn still completes', async () => {
    h = await startHarness({ listen: false, script: [callTools([sendCode('yellow')]), reply('Could not ask you.')] });
    expect(await h.session.send('send yellow')).toBe('Could not ask you.');
    expect(h.mutations()).toEqual([]);
    expect(String(sentMessages(h, 1).at(-1)!.content)).toMatch(/no host is listening for confirmations/);
  });

  it('mobile 88: resolving an unknown id reports false', async () => {
    h = await startHarness();
    expect(h.session.resolveConfirmation('call-99', true)).toBe(false);
  });

  it('mobile 91: two parallel mutating calls → two confirmations with distinct ids equal to the tool_started ids; both run', async () => {
    h = await startHarness({ script: [callTools([sendCode('yellow'), sendCode('square')]), reply('Both sent.')] });
    const pending: string[] = [];
    h.session.on((e) => {
      if (e.type !== 'confirmation_requested') return;
      pending.push(e.call_id);
      // Answer only once both questions are on screen: they really wait in parallel.
      if (pending.length === 2) for (const id of pending) h!.session.resolveConfirmation(id, true);
    });
    await h.session.send('send both');
    const started = h.events.filter((e) => e.type === 'tool_started').map((e) => (e as { call_id: string }).call_id);
    expect(new Set(pending).size).toBe(2);
    expect(pending.sort()).toEqual(started.sort());
    expect(h.mutations().map((m) => m.args[3]).sort()).toEqual(['square', 'yellow']);
  });

  it('mobile 92: an unanswered confirmation parks the turn; cancel releases it; a late approval changes nothing', async () => {
    h = await startHarness({ script: [callTools([sendCode('yellow')]), reply('never')] });
    const turn = h.session.send('send yellow');
    const asked = await nextEvent(h, 'confirmation_requested');
    h.session.cancel();
    await expect(turn).rejects.toMatchObject({ code: 'cancelled' });
    expect(h.session.resolveConfirmation(asked.call_id, true)).toBe(false);
    expect(h.mutations()).toEqual([]);
  });

  it('mobile 93: cancel during a pending penalty-hint confirmation refuses it; the hint is not taken', async () => {
    h = await startHarness({ script: [callTools([{ name: 'enc_take_penalty_hint', arguments: { game_id: G, hint_id: 1299 } }]), reply('never')] });
    const turn = h.session.send('take the hint');
    await nextEvent(h, 'confirmation_requested');
    h.session.cancel();
    await turn.catch(() => undefined);
    expect(h.engineCalls.map((c) => c.method)).not.toContain('getPenaltyHint');
    const finished = h.events.find((e) => e.type === 'tool_finished') as Extract<AgentEvent, { type: 'tool_finished' }>;
    expect(finished.is_error).toBe(true);
  });

  it('mobile 105: the end of a turn refuses a question the host still shows', async () => {
    h = await startHarness({ script: [callTools([sendCode('yellow')]), reply('done')] });
    let seen: string | undefined;
    h.session.on((e) => {
      if (e.type === 'confirmation_requested') seen = e.call_id;
    });
    const turn = h.session.send('x');
    await nextEvent(h, 'confirmation_requested');
    h.session.cancel();
    await turn.catch(() => undefined);
    expect(seen).toBeDefined();
    expect(h.session.resolveConfirmation(seen!, true)).toBe(false);
  });

  it('mobile 106: a host that cancels on tool_started keeps the engine from being reached, even under full', async () => {
    h = await startHarness({ config: { policy: 'full' }, script: [callTools([sendCode('yellow')]), reply('never')] });
    h.session.on((e) => {
      if (e.type === 'tool_started') h!.session.cancel();
    });
    await expect(h.session.send('x')).rejects.toMatchObject({ code: 'cancelled' });
    expect(h.mutations()).toEqual([]);
  });

  it('under full, mutations run without a question', async () => {
    h = await startHarness({ config: { policy: 'full' }, script: [callTools([sendCode('yellow')]), reply('sent')] });
    await h.session.send('x');
    expect(h.events.some((e) => e.type === 'confirmation_requested')).toBe(false);
    expect(h.mutations()).toHaveLength(1);
  });
});

describe('AgentSession location tool', () => {
  const locate = () => callTools([{ name: 'enc_device_location' }]);

  it('mobile 112: the location tool is offered only with location_tools', async () => {
    h = await startHarness({ config: { location_tools: true }, script: [reply('ok')] });
    await h.session.send('x');
    const offered = (h.model.requests[0]!.body.tools as Array<{ function: { name: string } }>).map((t) => t.function.name);
    expect(offered).toContain('enc_device_location');
    expect(h.session.toolCount).toBe(offered.length - 1);
  });

  it('mobile 110: the host JSON reaches the model verbatim, with tool events, not as an error', async () => {
    h = await startHarness({ config: { location_tools: true }, script: [locate(), reply('You are on Red Square.')] });
    const json = '{"latitude":55.7539,"longitude":37.6208,"accuracy_m":12}';
    h.session.on((e) => {
      if (e.type === 'location_requested') h!.session.resolveLocation(e.request_id, json);
    });
    expect(await h.session.send('where am I?')).toBe('You are on Red Square.');
    const finished = h.events.find((e) => e.type === 'tool_finished') as Extract<AgentEvent, { type: 'tool_finished' }>;
    expect(finished).toMatchObject({ tool: 'enc_device_location', is_error: false, result: json });
    expect(sentMessages(h, 1).at(-1)).toMatchObject({ role: 'tool', content: json });
    const asked = h.events.find((e) => e.type === 'location_requested')!;
    expect(asked).toMatchObject({ turn: 1, request_id: finished.call_id });
  });

  it('mobile 111: a failed location is a tool error with the host text; the turn still answers', async () => {
    h = await startHarness({ config: { location_tools: true }, script: [locate(), locate(), reply('No location.')] });
    let n = 0;
    h.session.on((e) => {
      if (e.type === 'location_requested') h!.session.failLocation(e.request_id, n++ === 0 ? 'location permission denied' : '  ');
    });
    expect(await h.session.send('where?')).toBe('No location.');
    const results = h.events.filter((e) => e.type === 'tool_finished').map((e) => (e as { result: string }).result);
    expect(results).toEqual([
      'enc_device_location failed: location permission denied',
      'enc_device_location failed: the device could not determine its location',
    ]);
  });

  it('an unanswered request times out; cancel fails it at once; nothing else is ever sent', async () => {
    h = await startHarness({ config: { location_tools: true }, session: { locationTimeoutMs: 50 }, script: [locate(), reply('Timed out.'), locate(), reply('never')] });
    expect(await h.session.send('where?')).toBe('Timed out.');
    expect(String(sentMessages(h, 1).at(-1)!.content)).toBe('enc_device_location failed: the device did not report its location in time');
    const turn = h.session.send('again');
    const asked = await nextEvent(h, 'location_requested', h.events.length);
    h.session.cancel();
    await expect(turn).rejects.toMatchObject({ code: 'cancelled' });
    expect(h.session.resolveLocation(asked.request_id, '{"latitude":1}')).toBe(false);
  });

  it('mobile 113: unknown ids are reported; a blank payload is refused first', async () => {
    h = await startHarness({ config: { location_tools: true } });
    expect(() => h!.session.resolveLocation('call-1', '   ')).toThrow('the location payload is empty');
    expect(h.session.resolveLocation('call-1', '{}')).toBe(false);
    expect(h.session.failLocation('call-1', 'x')).toBe(false);
  });

  it('with nobody listening, a location request fails at once', async () => {
    h = await startHarness({ listen: false, config: { location_tools: true }, script: [locate(), reply('ok')] });
    await h.session.send('where?');
    expect(String(sentMessages(h, 1).at(-1)!.content)).toBe('enc_device_location failed: no host is listening for location requests on this session');
  });
});

describe('AgentSession construction', () => {
  it('rejects a bad config with the config error, and web_tools without a page fetcher', async () => {
    h = await startHarness();
    expect(() => new AgentSession({ config: '{"model":""}', engine: h!.demo.engine })).toThrow(AgentConfigError);
    expect(() => new AgentSession({ config: { model: 'm', api_base: h!.model.baseURL, web_tools: true }, engine: h!.demo.engine })).toThrow(
      'web_tools needs a page fetcher',
    );
  });

  it('a page fetcher that throws fails that call only; the turn answers', async () => {
    h = await startHarness({
      config: { web_tools: true },
      session: { fetchPage: () => { throw new Error('boom'); } },
      script: [callTools([{ name: 'web_search', arguments: { query: 'x' } }]), reply('No web today.')],
    });
    expect(await h.session.send('search')).toBe('No web today.');
    expect(String(sentMessages(h, 1).at(-1)!.content)).toBe('web_search failed: the search page could not be loaded: boom');
  });

  it('web tools are offered and run through the host page fetcher', async () => {
    const fetched: string[] = [];
    h = await startHarness({
      config: { web_tools: true },
      session: {
        fetchPage: async (url) => {
          fetched.push(url);
          return { bytes: new TextEncoder().encode('<p>Red Square is in Moscow.</p>'), contentType: 'text/html', url };
        },
      },
      script: [callTools([{ name: 'web_fetch', arguments: { url: 'https://example.org/x' } }]), reply('Moscow.')],
    });
    expect(await h.session.send('where is it?')).toBe('Moscow.');
    expect(fetched).toEqual(['https://example.org/x']);
    expect(String(sentMessages(h, 1).at(-1)!.content)).toContain('Red Square is in Moscow.');
    const offered = (h.model.requests[0]!.body.tools as Array<{ function: { name: string } }>).map((t) => t.function.name);
    expect(offered).toEqual(expect.arrayContaining(['web_search', 'web_fetch']));
  });
});
