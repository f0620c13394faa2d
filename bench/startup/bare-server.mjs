// The peer for `npm run bench:startup`: the smallest useful SDK v2 stdio server — one tool with a
// plain JSON Schema, no engine, no catalog. Spawn → tools/list of this process is the floor any
// MCP server built on the same SDK and Node can reach.
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const schema = {
  '~standard': {
    version: 1,
    vendor: 'bench',
    validate: (value) => ({ value: value ?? {} }),
    jsonSchema: { input: () => ({ type: 'object', properties: { text: { type: 'string' } } }), output: () => ({ type: 'object' }) },
  },
};

serveStdio(() => {
  const server = new McpServer({ name: 'bare', version: '0.0.0' }, { capabilities: { tools: {} } });
  server.registerTool('echo', { description: 'Echoes its text.', inputSchema: schema }, async ({ text }) => ({
    content: [{ type: 'text', text: String(text ?? '') }],
  }));
  return server;
});
