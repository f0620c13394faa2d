/**
 * encx-agenttools/tools — the enc_* tool catalog over any `Engine`: 13 read tools (4 of them for
 * pictures) and 4 mutating tools gated by an access policy. Surface-independent: the MCP server,
 * the embedded agent and app sessions all go through `createCatalog(...).call`.
 */
export * from './types.js';
export { createCatalog, type CatalogOptions } from './catalog.js';
export { CatalogConfigError, ToolArgumentError, ToolError } from './errors.js';
export { DEFAULT_POLICY, POLICIES, parsePolicy } from './policy.js';
export { systemPromptAddendum } from './prompt.js';
export { htmlToText } from '../html/text.js';
export { createUrlResolver, type UrlResolver } from '../html/urls.js';
export { levelImages, type LevelImage } from './level-images.js';
