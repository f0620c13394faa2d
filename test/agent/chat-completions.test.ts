import { afterEach, describe, expect, it } from 'vitest';
import { ChatCompletionsProvider } from '../../src/agent/providers/chat-completions.js';
import { createProvider } from '../../src/agent/providers/index.js';
import { parseAgentConfig } from '../../src/agent/config.js';
import { ModelProviderError, type ModelRequest } from '../../src/agent/types.js';
import { callTools, dropStream, hang, httpError, reply, startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.js';

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const ask = (text: string): ModelRequest => ({ system: 'sys', messages: [{ role: 'user', content: text }], tools: [] });
const provider = (f: FakeOpenAI, extra: Partial<ConstructorParameters<typeof ChatCompletionsProvider>[0]> = {}) =>
  new ChatCompletionsProvider({ apiBase: f.baseURL, model: 'm', apiKey: 'test-key', ...extra });

describe('ChatCompletionsProvider', () => {
  for (const stream of [true, false]) {
    it(`returns the text (${stream ? 'streaming' : 'whole'}) and reports it as deltas`, async () => {
      fake = await startFakeOpenAI([reply('Здравствуйте, игрок!')]);
      const deltas: string[] = [];
      const out = await provider(fake, { stream }).complete(ask('hi'), { onTextDelta: (d) => deltas.push(d) });
      expect(out).toEqual({ text: 'Здравствуйте, игрок!', toolCalls: [] });
      expect(deltas.join('')).toBe('Здравствуйте, игрок!');
      // Streaming hands the text on in several pieces; a whole reply in one.
      expect(deltas.length > 1).toBe(stream);
      const sent = fake.requests[0]!.body;
      expect(sent.stream).toBe(stream);
      expect(sent.messages).toEqual([{ role: 'system', content: 'sys' }, { role: 'user', content: 'hi' }]);
      expect(sent).not.toHaveProperty('tools');
      expect(sent).not.toHaveProperty('max_tokens');
      expect(sent).not.toHaveProperty('temperature');
    });

    it(`assembles parallel tool calls by index (${stream ? 'streaming' : 'whole'})`, async () => {
      fake = await startFakeOpenAI([
        callTools([
          { name: 'enc_level', arguments: { game_id: 42, note: 'a'.repeat(50) }, id: 'c1' },
          { name: 'enc_send_code', arguments: { game_id: 42, code: 'жёлтый' }, id: 'c2' },
        ], 'Checking.'),
      ]);
      const out = await provider(fake, { stream }).complete(ask('go'));
      expect(out.text).toBe('Checking.');
      expect(out.toolCalls).toEqual([
        { id: 'c1', name: 'enc_level', arguments: JSON.stringify({ game_id: 42, note: 'a'.repeat(50) }) },
        { id: 'c2', name: 'enc_send_code', arguments: JSON.stringify({ game_id: 42, code: 'жёлтый' }) },
      ]);
    });
  }

  it('sends tools, history with tool calls and tool results, and pictures as image_url data URLs', async () => {
    fake = await startFakeOpenAI([reply('ok')]);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await provider(fake).complete({
      system: 'sys',
      tools: [{ name: 'enc_view_image', description: 'look', parameters: { type: 'object', properties: {} } }],
      maxTokens: 300,
      temperature: 0.4,
      messages: [
        { role: 'user', content: 'look at it' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'x1', name: 'enc_view_image', arguments: '{"url":"/a.png"}' }] },
        { role: 'tool', callId: 'x1', content: '{"ok":true}' },
        { role: 'user', content: [{ type: 'text', text: 'Pictures:' }, { type: 'image', image: { mimeType: 'image/png', bytes: png } }] },
      ],
    });
    const body = fake.requests[0]!.body as { messages: unknown[]; tools: unknown[]; tool_choice: string; max_tokens: number; temperature: number };
    expect(body.tools).toEqual([{ type: 'function', function: { name: 'enc_view_image', description: 'look', parameters: { type: 'object', properties: {} } } }]);
    expect(body.tool_choice).toBe('auto');
    expect(body.max_tokens).toBe(300);
    expect(body.temperature).toBe(0.4);
    expect(body.messages.slice(2)).toEqual([
      { role: 'assistant', content: null, tool_calls: [{ id: 'x1', type: 'function', function: { name: 'enc_view_image', arguments: '{"url":"/a.png"}' } }] },
      { role: 'tool', tool_call_id: 'x1', content: '{"ok":true}' },
      { role: 'user', content: [{ type: 'text', text: 'Pictures:' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${Buffer.from(png).toString('base64')}` } }] },
    ]);
  });

  it('a wrong key fails with HTTP 401 and the provider explanation', async () => {
    fake = await startFakeOpenAI([reply('never')]);
    const err = await provider(fake, { apiKey: 'wrong' }).complete(ask('hi')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelProviderError);
    expect((err as ModelProviderError).status).toBe(401);
    expect((err as Error).message).toBe('the model endpoint answered HTTP 401: Incorrect API key provided');
    expect(fake.requests).toHaveLength(0);
  });

  it('an unknown path fails with 404, and 5xx/429 are marked retryable', async () => {
    fake = await startFakeOpenAI([httpError(503, 'overloaded'), httpError(400, 'bad request')]);
    const notFound = new ChatCompletionsProvider({ apiBase: fake.baseURL + '/nope', model: 'm', apiKey: 'test-key' });
    await expect(notFound.complete(ask('x'))).rejects.toMatchObject({ status: 404 });
    await expect(provider(fake).complete(ask('x'))).rejects.toMatchObject({ status: 503, retryable: true, message: expect.stringContaining('overloaded') });
    await expect(provider(fake).complete(ask('x'))).rejects.toMatchObject({ status: 400, retryable: false });
  });

  for (const stream of [true, false]) {
    it(`a dropped connection is an error, never a half answer (${stream ? 'streaming' : 'whole'})`, async () => {
      fake = await startFakeOpenAI([dropStream('The code is yel')]);
      const deltas: string[] = [];
      const err = await provider(fake, { stream }).complete(ask('x'), { onTextDelta: (d) => deltas.push(d) }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ModelProviderError);
      expect((err as Error).message).toMatch(/^the model's answer broke off before it was complete/);
    });
  }

  it('an endpoint that goes silent fails after the timeout, and cancellation stops the request', async () => {
    fake = await startFakeOpenAI([hang(), hang()]);
    await expect(provider(fake, { timeoutMs: 150 }).complete(ask('x'))).rejects.toThrow('the model endpoint went silent for 0 s');
    const controller = new AbortController();
    const pending = provider(fake).complete(ask('x'), { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toThrow('the request was cancelled');
  });

  it('mobile 78: createProvider sends the full model name (aggregator names with a slash) to the configured base', async () => {
    fake = await startFakeOpenAI([reply('ok')]);
    const config = parseAgentConfig({ model: 'google/gemini-3-flash-preview', api_base: fake.baseURL + '/', api_key: 'test-key', stream: false });
    const p = createProvider(config);
    expect(p.endpoint).toBe(`${fake.baseURL}/chat/completions`);
    await p.complete(ask('x'));
    expect(fake.requests[0]!.body.model).toBe('google/gemini-3-flash-preview');
  });
});
