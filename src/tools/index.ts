/**
 * encx-agenttools/tools — the enc_* tool catalog over any `Engine`: 13 read tools (4 of them for
 * pictures) and 4 mutating tools gated by an access policy. Surface-independent: the MCP server,
 * the terminal chat, the web page and app sessions all go through `createCatalog(...)`:
 * `prepare` (gate, arguments, the question) and `execute` (confirmation, cache, engine), or `call`.
 */
export * from './types.js';
export { createCatalog, createToolCatalog, type CatalogOptions } from './catalog.js';
export { defineTool, jsonResult, objectSchema, integerProperty, stringProperty } from './define.js';
export type { CatalogTool, ToolSpec, ReadToolSpec, MutatingToolSpec } from './define.js';
export { CatalogConfigError, ToolArgumentError, ToolError, type ToolErrorOptions } from './errors.js';
export { classifyError, failureText, toFailure, type FailureClass } from './failures.js';
export { buildQuestion, quoted, showText, type QuestionParts } from './question.js';
export { DEFAULT_POLICY, POLICIES, parsePolicy } from './policy.js';
export { systemPromptAddendum } from './prompt.js';
export { htmlToText } from '../html/text.js';
export { createUrlResolver, type UrlResolver } from '../html/urls.js';
export { levelImages, levelMedia, type LevelImage, type LevelMedia } from './level-images.js';
export { adminScenarioTools, type AdminToolsOptions } from './admin/scenario-tools.js';
