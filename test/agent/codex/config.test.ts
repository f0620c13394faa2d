/** `auth_method: "codex"` in the session config: the backend it defaults to, and a bad credential refused up front. */
import { describe, expect, it } from 'vitest';
import { AgentConfigError, parseAgentConfig } from '../../../src/agent/config.js';
import { createProvider } from '../../../src/agent/providers/index.js';
import { AgentSession } from '../../../src/agent/session.js';
import { createDemoEngine } from '../../../src/demo/index.js';

describe('auth_method codex', () => {
  it('talks to the ChatGPT backend unless api_base says otherwise', () => {
    const config = parseAgentConfig({ model: 'gpt-5.5', auth_method: 'codex', codex_credential: '{"access_token":"t"}' });
    expect(config.apiBase).toBe('https://chatgpt.com/backend-api/codex');
    expect(createProvider(config).endpoint).toBe('https://chatgpt.com/backend-api/codex/responses');
    const local = parseAgentConfig({ model: 'm', auth_method: 'codex', codex_credential: '{"access_token":"t"}', api_base: 'http://127.0.0.1:1/v1/' });
    expect(createProvider(local).endpoint).toBe('http://127.0.0.1:1/v1/responses');
  });

  it.each([
    ['{"refresh_token":"r"}', 'codex_credential: the ChatGPT credential has no access_token; sign in again'],
    ['not json', 'codex_credential: the ChatGPT credential is not valid JSON; sign in again'],
  ])('refuses the credential %j when the session is created', (codex_credential, message) => {
    expect(() => parseAgentConfig({ model: 'm', auth_method: 'codex', codex_credential })).toThrow(AgentConfigError);
    expect(() => parseAgentConfig({ model: 'm', auth_method: 'codex', codex_credential })).toThrow(message);
  });

  it('an API-key session has no credential to persist', async () => {
    const demo = await createDemoEngine();
    try {
      const session = new AgentSession({ config: { model: 'm', api_key: 'k' }, engine: demo.engine });
      expect(session.codexCredentialJson()).toBe('');
      const codex = new AgentSession({ config: { model: 'm', auth_method: 'codex', codex_credential: '{"access_token":"t","email":"a@b.c"}' }, engine: demo.engine });
      expect(JSON.parse(codex.codexCredentialJson())).toEqual({ access_token: 't', email: 'a@b.c' });
    } finally {
      await demo.close();
    }
  });
});
