/**
 * The Responses provider over real HTTP: whole agent turns with a ChatGPT sign-in (tool calls, a
 * picture as `input_image`, the backend's headers), sessions sharing one credential renewing it
 * once, a refused token renewed and retried, and the same adapter with a plain API key.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CodexTokenSource, parseCodexCredential, serializeCodexCredential } from '../../../src/agent/codex/index.js';
import { ResponsesProvider } from '../../../src/agent/providers/responses.js';
import { AgentSession } from '../../../src/agent/session.js';
import type { AgentEvent } from '../../../src/agent/types.js';
import { createDemoEngine, DEMO_GAME_ID, type DemoEngine } from '../../../src/demo/index.js';
import { callTools, dropStream, httpError, reply, startFakeOpenAI, type FakeOpenAI, type FakeStep } from '../../support/fake-openai.js';
import { responsesWire } from '../../support/fake-responses.js';
import { startFakeIssuer, type FakeIssuer } from './fake-issuer.js';
import { CodexDeviceLogin } from '../../../src/agent/codex/index.js';

let issuer: FakeIssuer | undefined;
let backend: FakeOpenAI | undefined;
let demo: DemoEngine | undefined;
afterEach(async () => {
  await backend?.close();
  await issuer?.close();
  await demo?.close();
  issuer = backend = demo = undefined;
});

type InputItem = { type: string; role?: string; content?: Array<Record<string, unknown>>; call_id?: string; name?: string; arguments?: string; output?: string };

/** A fake ChatGPT backend that only accepts access tokens the fake issuer handed out. */
async function startBackend(script: FakeStep[]): Promise<FakeOpenAI> {
  return startFakeOpenAI(script, {
    wires: { '/responses': responsesWire },
    apiKey: (authorization) => authorization !== undefined && issuer!.acceptsAccessToken(authorization.replace(/^Bearer /, '')),
  });
}

async function signIn(): Promise<string> {
  const login = await CodexDeviceLogin.start({ issuer: issuer!.issuer });
  return (await login.poll())!;
}

describe('an agent turn over the Responses API with a ChatGPT sign-in', () => {
  it('runs tool calls and hands the picture over as input_image, with the backend headers and body rules', async () => {
    issuer = await startFakeIssuer({ pendingPolls: 0 });
    demo = await createDemoEngine();
    backend = await startBackend([
      callTools([{ name: 'enc_level', arguments: { game_id: DEMO_GAME_ID } }]),
      (req) => {
        const output = (req.body.input as InputItem[]).findLast((i) => i.type === 'function_call_output')!.output!;
        const url = /https?:\/\/[^"\s\]]+collage\.jpg/.exec(output)![0];
        return callTools([{ name: 'enc_view_image', arguments: { url } }]);
      },
      reply('Three shapes.'),
    ]);
    const credential = await signIn();
    const session = new AgentSession({
      config: { model: 'gpt-5.5', auth_method: 'codex', codex_credential: credential, api_base: backend.baseURL },
      engine: demo.engine,
      codexIssuer: issuer.issuer,
      requestIntervalMs: 1,
    });
    const events: AgentEvent[] = [];
    session.on((e) => events.push(e));
    expect(session.provider.endpoint).toBe(`${backend.baseURL}/responses`);
    expect(await session.send('look at the task picture')).toBe('Three shapes.');

    expect(backend.requests).toHaveLength(3);
    const first = backend.requests[0]!;
    expect(first.path).toBe('/v1/responses');
    expect(first.headers).toMatchObject({
      authorization: `Bearer ${parseCodexCredential(credential).accessToken}`,
      'chatgpt-account-id': 'acct_test',
      originator: 'codex_cli_rs',
      'openai-beta': 'responses=experimental',
    });
    expect(first.body).toMatchObject({ model: 'gpt-5.5', store: false, stream: true, tool_choice: 'auto' });
    expect(String(first.body.instructions)).toContain('The current date and time is');
    expect(first.body.input).toEqual([{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'look at the task picture' }] }]);
    expect((first.body.tools as Array<{ type: string; name: string }>).map((t) => t.type)).toSatisfy((types: string[]) => types.every((t) => t === 'function'));
    expect((first.body.tools as Array<{ name: string }>).map((t) => t.name)).toContain('enc_view_image');

    const third = backend.requests[2]!.body.input as InputItem[];
    expect(third.map((i) => i.type)).toEqual(['message', 'function_call', 'function_call_output', 'function_call', 'function_call_output', 'message']);
    expect(third[1]).toMatchObject({ name: 'enc_level', arguments: JSON.stringify({ game_id: DEMO_GAME_ID }) });
    expect(third[2]!.call_id).toBe(third[1]!.call_id);
    expect(third[4]!.call_id).toBe(third[3]!.call_id);
    const pictures = third[5]!;
    expect(pictures.role).toBe('user');
    expect(pictures.content![0]).toEqual({ type: 'input_text', text: 'Pictures returned by enc_view_image (1 picture):' });
    expect(pictures.content![1]).toMatchObject({ type: 'input_image', image_url: expect.stringMatching(/^data:image\/(jpeg|png);base64,[A-Za-z0-9+/]{100,}/) });
    expect(events.filter((e) => e.type === 'tool_finished').map((e) => [e.tool, e.is_error])).toEqual([
      ['enc_level', false],
      ['enc_view_image', false],
    ]);
    expect(events.filter((e) => e.type === 'text_delta').map((e) => e.text).join('')).toBe('Three shapes.');
    expect(session.codexCredentialJson()).toBe(serializeCodexCredential(parseCodexCredential(credential)));
  });

  it('two sessions sharing a credential that needs renewal send one refresh, and both turns use the new token', async () => {
    issuer = await startFakeIssuer({ pendingPolls: 0 });
    demo = await createDemoEngine();
    backend = await startBackend([reply('One.'), reply('Two.')]);
    const stale = { ...parseCodexCredential(await signIn()), expiresAt: Date.now() + 60_000 };
    const tokens = new CodexTokenSource(stale, { issuer: issuer.issuer });
    const open = () =>
      new AgentSession({
        config: { model: 'gpt-5.5', auth_method: 'codex', codex_credential: serializeCodexCredential(stale), api_base: backend!.baseURL },
        engine: demo!.engine,
        codexTokens: tokens,
      });
    const [a, b] = [open(), open()];
    const hold = issuer.holdRefreshes();
    const turns = Promise.all([a.send('first'), b.send('second')]);
    while (issuer.refreshes().length === 0) await new Promise((r) => setTimeout(r, 5));
    hold.release();
    expect((await turns).sort()).toEqual(['One.', 'Two.']);
    expect(issuer.refreshes()).toHaveLength(1);
    const fresh = issuer.latestAccessToken();
    expect(backend.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${fresh}`, `Bearer ${fresh}`]);
    expect(parseCodexCredential(a.codexCredentialJson()).refreshToken).toBe('rt_2');
    expect(b.codexCredentialJson()).toBe(a.codexCredentialJson());
  });

  it('a token the backend refuses (revoked early) is renewed once and the request retried', async () => {
    issuer = await startFakeIssuer({ pendingPolls: 0 });
    const credential = await signIn();
    let refuseFirst = true;
    backend = await startFakeOpenAI([reply('Fine.')], {
      wires: { '/responses': responsesWire },
      apiKey: (authorization) => {
        if (refuseFirst) return (refuseFirst = false);
        return issuer!.acceptsAccessToken(String(authorization).replace(/^Bearer /, ''));
      },
    });
    const tokens = new CodexTokenSource(credential, { issuer: issuer.issuer });
    const provider = new ResponsesProvider({ apiBase: backend.baseURL, model: 'gpt-5.5', chatgpt: tokens });
    const answer = await provider.complete({ system: 's', messages: [{ role: 'user', content: 'hi' }], tools: [] });
    expect(answer.text).toBe('Fine.');
    expect(issuer.refreshes()).toHaveLength(1);
    expect(backend.requests[0]!.headers.authorization).toBe(`Bearer ${issuer.latestAccessToken()}`);
  });

  it('an expired sign-in that cannot be renewed fails the turn with "sign in again", naming the endpoint', async () => {
    demo = await createDemoEngine();
    backend = await startFakeOpenAI([reply('never')], { wires: { '/responses': responsesWire }, apiKey: null });
    const session = new AgentSession({
      config: {
        model: 'gpt-5.5',
        auth_method: 'codex',
        codex_credential: JSON.stringify({ access_token: 'a', expires_at: '2020-01-01T00:00:00Z' }),
        api_base: backend.baseURL,
      },
      engine: demo.engine,
    });
    await expect(session.send('hi')).rejects.toThrow(
      `the ChatGPT session expired and cannot be refreshed; sign in again (endpoint: ${backend.baseURL}/responses, model: gpt-5.5)`,
    );
    expect(backend.requests).toHaveLength(0);
  });

  it('a broken stream and a failed response are errors, not half answers', async () => {
    backend = await startFakeOpenAI([dropStream('Half an answ'), httpError(400, 'Unsupported parameter: temperature')], { wires: { '/responses': responsesWire }, apiKey: null });
    const provider = new ResponsesProvider({ apiBase: backend.baseURL, model: 'm' });
    const request = { system: 's', messages: [{ role: 'user' as const, content: 'hi' }], tools: [], temperature: 0.5 };
    await expect(provider.complete(request)).rejects.toMatchObject({ message: expect.stringMatching(/^the model's answer broke off before it was complete/), retryable: true });
    await expect(provider.complete(request)).rejects.toThrow('the model endpoint answered HTTP 400: Unsupported parameter: temperature');
    expect(backend.requests[1]!.body.temperature).toBe(0.5);
  });
});

describe('the Responses adapter with a plain API key (/v1/responses)', () => {
  it.each([true, false])('stream %s: text and parallel tool calls, the key, no ChatGPT headers', async (stream) => {
    backend = await startFakeOpenAI(
      [callTools([{ name: 'enc_profile', id: 'call_a' }, { name: 'enc_games', arguments: { kind: 'active' }, id: 'call_b' }], 'Looking.'), reply('Done.')],
      { wires: { '/responses': responsesWire } },
    );
    const provider = new ResponsesProvider({ apiBase: `${backend.baseURL}/`, model: 'gpt-5.4', apiKey: 'test-key', stream });
    const deltas: string[] = [];
    const tools = [{ name: 'enc_profile', description: 'who', parameters: { type: 'object', properties: {} } }];
    const first = await provider.complete({ system: 'sys', messages: [{ role: 'user', content: 'go' }], tools, maxTokens: 100 }, { onTextDelta: (t) => deltas.push(t) });
    expect(first).toEqual({
      text: 'Looking.',
      toolCalls: [
        { id: 'call_a', name: 'enc_profile', arguments: '{}' },
        { id: 'call_b', name: 'enc_games', arguments: '{"kind":"active"}' },
      ],
    });
    expect(deltas.join('')).toBe('Looking.');
    if (stream) expect(deltas.length).toBeGreaterThan(1);
    const sent = backend.requests[0]!;
    expect(sent.headers.authorization).toBe('Bearer test-key');
    expect(sent.headers.originator).toBeUndefined();
    expect(sent.headers['chatgpt-account-id']).toBeUndefined();
    expect(sent.body).toMatchObject({ instructions: 'sys', store: false, stream, max_output_tokens: 100 });
    expect(sent.body.tools).toEqual([{ type: 'function', name: 'enc_profile', description: 'who', parameters: { type: 'object', properties: {} }, strict: false }]);
    const second = await provider.complete({
      system: 'sys',
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: first.text, toolCalls: first.toolCalls },
        { role: 'tool', callId: 'call_a', content: '{"login":"x"}' },
        { role: 'tool', callId: 'call_b', content: '[]' },
      ],
      tools,
    });
    expect(second.text).toBe('Done.');
    expect(backend.requests[1]!.body.input).toEqual([
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'go' }] },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Looking.' }] },
      { type: 'function_call', call_id: 'call_a', name: 'enc_profile', arguments: '{}' },
      { type: 'function_call', call_id: 'call_b', name: 'enc_games', arguments: '{"kind":"active"}' },
      { type: 'function_call_output', call_id: 'call_a', output: '{"login":"x"}' },
      { type: 'function_call_output', call_id: 'call_b', output: '[]' },
    ]);
  });
});
