/**
 * `createProvider`: the one place that picks the wire protocol for a session's configuration.
 * Every API-key provider (OpenAI, Anthropic, Polza, any `api_base`) speaks chat completions.
 */
import type { AgentConfig } from '../config.js';
import { AgentConfigError } from '../config.js';
import type { ModelProvider } from '../types.js';
import { ChatCompletionsProvider } from './chat-completions.js';

export { ChatCompletionsProvider, type ChatCompletionsOptions } from './chat-completions.js';

/** What a provider may need from its host: the network, and a User-Agent where one may be set. */
export interface ProviderDeps {
  fetch?: typeof fetch;
  /** Extra headers on every model request (a Node host sets `user-agent`; a browser cannot). */
  headers?: Record<string, string>;
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
      throw new AgentConfigError('auth_method "codex" is not available in this build yet');
  }
}
