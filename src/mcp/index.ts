/** Public surface of the MCP package: the server over a catalog, its stdio entry and its pieces. */
export { createMcpServer, McpServerConfigError, SERVER_NAME, type McpServerOptions } from './server.js';
export { serveCatalogOverStdio, type StdioServeOptions, type StdioService } from './stdio.js';
export { ApprovalLedger, APPROVAL_TTL_SECONDS } from './approval-ledger.js';
export { toImageBlocks, toImageBlock } from './image-blocks.js';
export { mcpFailureText } from './tool-result.js';
export { toolAnnotations } from './annotations.js';
