/**
 * Connects a real SDK client to `createMcpServer` in the same process over the SDK's linked
 * in-memory pair (2025-era protocol), answering elicitations the way each test asks.
 */
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { createMcpServer } from '../../../src/mcp/index.js';
import type { Catalog } from '../../../src/tools/types.js';

export type ElicitationAnswer =
  | { action: 'accept'; content: Record<string, string | number | boolean | string[]> }
  | { action: 'decline' }
  | { action: 'cancel' };

export interface Connected {
  client: Client;
  /** Every elicitation message the client was shown, in order. */
  asked: string[];
  close(): Promise<void>;
}

/** `answer` undefined = a client without the elicitation capability (like PicoClaw today). */
export async function connectInProcess(catalog: Catalog, answer?: ElicitationAnswer): Promise<Connected> {
  const server = createMcpServer(catalog, { version: 'test' });
  const client = new Client(
    { name: 'in-process-test', version: '0' },
    { capabilities: answer ? { elicitation: { form: {} } } : {} },
  );
  const asked: string[] = [];
  if (answer) {
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(request.params.message);
      return answer;
    });
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return {
    client,
    asked,
    async close() {
      await client.close();
      await server.close();
    },
  };
}
