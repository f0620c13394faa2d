import { describe, expect, it } from 'vitest';
import { AgentConfigError, DEFAULT_SYSTEM_PROMPT, parseAgentConfig, PROVIDER_BASES } from '../../src/agent/config.js';

const ok = { model: 'gpt-5.4', api_key: 'sk-test' };

describe('parseAgentConfig', () => {
  it('mobile 75 and 82: defaults are policy approve, 100 iterations, the default prompt, streaming, a 45 s timeout', () => {
    const c = parseAgentConfig(JSON.stringify(ok));
    expect(c).toMatchObject({
      provider: 'openai',
      apiBase: 'https://api.openai.com/v1',
      apiBaseConfigured: false,
      policy: 'approve',
      maxIterations: 100,
      systemPrompt: DEFAULT_SYSTEM_PROMPT,
      stream: true,
      requestTimeoutMs: 45_000,
      webTools: false,
      locationTools: false,
      authMethod: 'apikey',
      maxTokens: undefined,
      temperature: undefined,
    });
  });

  it('mobile 76: openai, anthropic, polza and "" build with their default bases', () => {
    for (const [provider, base] of [...Object.entries(PROVIDER_BASES), ['', PROVIDER_BASES.openai!]]) {
      expect(parseAgentConfig({ ...ok, provider }).apiBase).toBe(base);
    }
    expect(parseAgentConfig({ ...ok, provider: ' Polza ' }).provider).toBe('polza');
  });

  it('mobile 77: provider "bedrock" is rejected, naming the known ones; a missing key is rejected', () => {
    expect(() => parseAgentConfig({ ...ok, provider: 'bedrock' })).toThrow(
      'unknown provider "bedrock": use openai, anthropic, polza, or set api_base to an OpenAI-compatible endpoint',
    );
    expect(() => parseAgentConfig({ model: 'gpt-5.4' })).toThrow('provider "openai" needs an API key (api_key)');
    expect(() => parseAgentConfig({ model: 'x', provider: 'anthropic', api_key: '  ' })).toThrow('provider "anthropic" needs an API key');
  });

  it('mobile 79: an unknown provider with a custom api_base is accepted; a local base needs no key', () => {
    const c = parseAgentConfig({ model: 'qwen3', provider: 'ollama', api_base: 'http://127.0.0.1:11434/v1//' });
    expect(c.apiBase).toBe('http://127.0.0.1:11434/v1');
    expect(c.apiBaseConfigured).toBe(true);
    expect(c.apiKey).toBe('');
  });

  it('mobile 80: max_iterations -1 is unlimited, 7 is 7, 0 is 100', () => {
    expect(parseAgentConfig({ ...ok, max_iterations: -1 }).maxIterations).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseAgentConfig({ ...ok, max_iterations: 7 }).maxIterations).toBe(7);
    expect(parseAgentConfig({ ...ok, max_iterations: 0 }).maxIterations).toBe(100);
  });

  it('max_tokens and temperature are kept only when > 0; the timeout is in seconds', () => {
    const c = parseAgentConfig({ ...ok, max_tokens: 0, temperature: -1, request_timeout_seconds: 45 });
    expect([c.maxTokens, c.temperature, c.requestTimeoutMs]).toEqual([undefined, undefined, 45_000]);
    const d = parseAgentConfig({ ...ok, max_tokens: 512, temperature: 0.2, request_timeout_seconds: 2.5 });
    expect([d.maxTokens, d.temperature, d.requestTimeoutMs]).toEqual([512, 0.2, 2500]);
  });

  it('mobile 81 and every other mistake: each gets its own message', () => {
    const cases: Array<[string | object, string]> = [
      ['', 'the session config is empty'],
      ['   ', 'the session config is empty'],
      ['{model:', 'the session config is not valid JSON'],
      ['[1]', 'the session config must be a JSON object'],
      ['null', 'the session config must be a JSON object'],
      [{ api_key: 'k' }, 'model is required'],
      [{ ...ok, model: '   ' }, 'model is required'],
      [{ ...ok, policy: 'yolo' }, 'unknown policy "yolo" (want readonly, approve or full)'],
      [{ ...ok, modle: 'x' }, 'unknown config field "modle"'],
      [{ ...ok, model: 5 }, 'model must be a string, not 5'],
      [{ ...ok, web_tools: 'yes' }, 'web_tools must be true or false, not "yes"'],
      [{ ...ok, max_iterations: 2.5 }, 'max_iterations must be a whole number, not 2.5'],
      [{ ...ok, temperature: 'hot' }, 'temperature must be a number, not "hot"'],
      [{ ...ok, request_timeout_seconds: -3 }, 'request_timeout_seconds must be 0 (the default) or more'],
      [{ ...ok, api_base: 'localhost:11434' }, 'api_base "localhost:11434" must start with http:// or https://'],
      [{ ...ok, api_base: 'not a url' }, 'api_base "not a url" is not a URL'],
      [{ ...ok, api_base: 'http://h/v1?x=1' }, 'must not carry a query or fragment'],
      [{ ...ok, auth_method: 'oauth' }, 'unknown auth_method "oauth" (want apikey or codex)'],
      [{ model: 'gpt-5.4-codex', auth_method: 'Codex' }, 'auth_method "codex" needs codex_credential'],
    ];
    for (const [input, message] of cases) {
      let caught: unknown;
      try {
        parseAgentConfig(input as string);
      } catch (err) {
        caught = err;
      }
      expect(caught, JSON.stringify(input)).toBeInstanceOf(AgentConfigError);
      expect((caught as Error).message, JSON.stringify(input)).toContain(message);
    }
  });

  it('mobile 95: "Codex" is normalised to codex, and a credential makes it valid without an API key', () => {
    const c = parseAgentConfig({ model: 'gpt-5.4-codex', auth_method: 'Codex', codex_credential: '{"access_token":"t"}' });
    expect(c.authMethod).toBe('codex');
  });
});
