/**
 * `createProvider`: the one place that picks the wire protocol for a session's configuration.
 * Every API-key provider (OpenAI, Anthropic, Polza, any `api_base`) speaks chat completions; a
 * ChatGPT subscription (`auth_method: "codex"`) speaks the Responses protocol to the ChatGPT backend.
 */
import type { AgentConfig } from '../config.js';
import type { ModelProvider } from '../types.js';
import { ChatCompletionsProvider } from './chat-completions.js';
import { CodexTokenSource } from '../codex/token-source.js';
import { ResponsesProvider } from './responses.js';

export { ChatCompletionsProvider, type ChatCompletionsOptions } from './chat-completions.js';
export { ResponsesProvider, type ResponsesOptions, type ResponsesTokenAuth } from './responses.js';

/** What a provider may need from its host: the network, and a User-Agent where one may be set. */
export interface ProviderDeps {
  fetch?: typeof fetch;
  /** Extra headers on every model request (a Node host sets `user-agent`; a browser cannot). */
  headers?: Record<string, string>;
  /**
   * For `auth_method: "codex"`: the token source to draw from. Share one per stored credential
   * between sessions (refresh tokens rotate; one renewal at a time). Default: a source of its own
   * over `codex_credential`, renewing at `codexIssuer`.
   */
  codexTokens?: CodexTokenSource;
  /** The issuer a source of its own renews at (default `https://auth.openai.com`). */
  codexIssuer?: string;
}

/**
 * @example
 * ```ts
 * const provider = createProvider(parseAgentConfig({ model: 'qwen3', api_base: 'http://127.0.0.1:11434/v1' }));
 * provider.endpoint; // 'http://127.0.0.1:11434/v1/chat/completions'
 * ```
 */
export function createProvider(config: AgentConfig, deps: ProviderDeps = {}): ModelProvider {
  switch (config.authMethod) {
    case 'apikey':
      return new ChatCompletionsProvider({
        apiBase: config.apiBase,
        model: config.model,
        apiKey: config.apiKey,
        stream: config.stream,
        timeoutMs: config.requestTimeoutMs,
        fetch: deps.fetch,
        headers: deps.headers,
      });
    case 'codex':
      return new ResponsesProvider({
        apiBase: config.apiBase,
        model: config.model,
        chatgpt: deps.codexTokens ?? new CodexTokenSource(config.codexCredential, { issuer: deps.codexIssuer, fetch: deps.fetch }),
        timeoutMs: config.requestTimeoutMs,
        fetch: deps.fetch,
        headers: deps.headers,
      });
  }
}
