/**
 * A stdio MCP server over the stand-in catalog, spawned by the end-to-end tests so the stdio entry
 * (`serveCatalogOverStdio`) is exercised by a real client in a real child process.
 * Usage: node --import tsx stand-in-server.ts <readonly|approve|full>
 * Every mutation that reaches the stand-in's engine is reported on stderr as `MUTATION <json>`.
 */
import { serveCatalogOverStdio } from '../../../src/mcp/index.js';
import type { Policy } from '../../../src/tools/types.js';
import { createStandInCatalog } from './stand-in-catalog.js';

const policy = (process.argv[2] ?? 'readonly') as Policy;
const catalog = createStandInCatalog({
  policy,
  onMutation: (tool, args) => process.stderr.write(`MUTATION ${JSON.stringify({ tool, args })}\n`),
});
const service = serveCatalogOverStdio(catalog, { version: 'test', onError: (e) => process.stderr.write(`error: ${e.message}\n`) });
process.stderr.write(`stand-in: serving ${catalog.tools().length} tools (policy ${policy})\n`);
await service.closed;
