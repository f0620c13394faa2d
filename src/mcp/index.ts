/** Public surface of the MCP package: the server over a catalog, its stdio entry and the confirmer. */
export { createMcpServer, McpServerConfigError, SERVER_NAME, type McpServerOptions } from './server.js';
export { serveCatalogOverStdio, type StdioServeOptions, type StdioService } from './stdio.js';
export { mcpConfirmer, withCallApproval, ApprovalUnavailableError, type CallApproval } from './call-approval.js';
export { ApprovalLedger, APPROVAL_TTL_SECONDS } from './approval-ledger.js';
export { toImageBlocks, toImageBlock, type ImageBlocks, type SkippedImage } from './image-blocks.js';
export { toolAnnotations } from './annotations.js';
