/**
 * encx-agenttools/agent — the embedded Encounter assistant: `AgentSession` (the tool loop over an
 * OpenAI-compatible endpoint, confirmations and location answered by the host, events), its
 * configuration, and the model providers. Runtime-neutral: Node, Deno, a browser worker,
 * Electron or React Native.
 */
export * from './types.js';
export { AgentSession, AgentError, READ_CACHE_TTL_MS, EVENT_RESULT_CHARS, type AgentSessionOptions, type AgentErrorCode } from './session.js';
export {
  parseAgentConfig,
  AgentConfigError,
  PROVIDER_BASES,
  DEFAULT_PROVIDER,
  DEFAULT_MAX_ITERATIONS,
  DEFAULT_REQUEST_TIMEOUT_SECONDS,
  DEFAULT_SYSTEM_PROMPT,
  type AgentConfig,
  type AgentConfigInput,
} from './config.js';
export {
  createProvider,
  ChatCompletionsProvider,
  ResponsesProvider,
  type ChatCompletionsOptions,
  type ResponsesOptions,
  type ResponsesTokenAuth,
  type ProviderDeps,
} from './providers/index.js';
export * from './codex/index.js';
export { buildSystemPrompt, dateParagraph, localRfc3339, utcRfc3339 } from './prompt.js';
export { LOCATION_TOOL_NAME, LOCATION_TIMEOUT_MS } from './location-tool.js';
export {
  webTools,
  parseDuckDuckGoResults,
  WEB_FETCH_MAX_CHARS,
  WEB_FETCH_MAX_BYTES,
  WEB_SEARCH_MAX_RESULTS,
  DUCKDUCKGO_HTML_URL,
  type PageFetcher,
  type FetchedPage,
  type SearchHit,
} from './web-tools.js';
export type { HostTool, HostToolCall, HostToolResult } from './host-tools.js';
