/**
 * The Node page fetcher for the agent's `web_fetch`/`web_search`: the engine's safe resource
 * fetcher (public addresses only, pinned DNS, re-checked redirects, a byte cap), without cookies.
 */
import type { PageFetcher } from '../agent/web-tools.js';
import { ResourceFetcher } from '../engine/net/resource-fetcher.js';

/**
 * @example
 * ```ts
 * new AgentSession({ config: { …, web_tools: true }, engine, fetchPage: nodePageFetcher('encli/0.1.0') });
 * ```
 */
export function nodePageFetcher(userAgent: string): PageFetcher {
  return (url, options) => new ResourceFetcher({ baseUrl: url, userAgent }).fetch(url, options);
}
