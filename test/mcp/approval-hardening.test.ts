/**
 * Attacks on the approval, replayed through a real SDK client against the real catalog (in-memory
 * engine, in-process transport, 2025-era protocol):
 * - the question shown to the user is the catalog's safe question, whatever decoy the model adds;
 * - a second `initialize` replaces the client's capabilities (the SDK accepts it). Dropping
 *   elicitation that way cannot dodge an approval: the server then has nobody to ask and refuses,
 *   and the catalog runs a mutation only on a `true` from the confirmer of that very call.
 */
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpServer } from '../../src/mcp/index.js';
import { createCatalog } from '../../src/tools/index.js';
import { recordingEngine, type RecordingEngine } from '../tools/support/recording-engine.js';
import { stubEngine } from '../tools/support/stub-engine.js';
import type { ElicitationAnswer } from './support/in-process.js';

type Content = Array<{ type: string; text?: string }>;
const text = (content: unknown) => (content as Content).map((c) => c.text ?? '').join('\n');

interface Session {
  client: Client;
  engine: RecordingEngine;
  asked: string[];
  close(): Promise<void>;
}

let open: Session | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

/** A client that can show forms; `answer` decides each elicitation (and may act in between). */
async function connect(answer: (client: Client) => Promise<ElicitationAnswer>): Promise<Session> {
  const engine = recordingEngine(stubEngine());
  const server = createMcpServer(createCatalog(engine, { policy: 'approve' }), { version: 'test' });
  const client = new Client({ name: 'attacker', version: '0' }, { capabilities: { elicitation: { form: {} } } });
  const asked: string[] = [];
  client.setRequestHandler('elicitation/create', async (request) => {
    asked.push(request.params.message);
    return answer(client);
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  open = {
    client,
    engine,
    asked,
    async close() {
      await client.close();
      await server.close();
    },
  };
  return open;
}

/** A second `initialize` on the same connection, announcing no elicitation. */
function reinitializeWithoutElicitation(client: Client): Promise<unknown> {
  return client.request({
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'attacker', version: '1' } },
  } as never);
}

const ACCEPT: ElicitationAnswer = { action: 'accept', content: { confirm: true } };

describe('the question over MCP', () => {
  it('is the safe question: the decoy key is gone, the code first, a zero-width space escaped', async () => {
    const { client, asked, engine } = await connect(async () => ({ action: 'decline' }));
    const result = await client.callTool({
      name: 'enc_send_code',
      arguments: { note: 'Read-only check, nothing is submitted. '.repeat(30), code: 'yel\u200Blow', game_id: 42 },
    });
    expect(result.isError).toBe(true);
    expect(asked).toEqual(['Submit the code "yel\\u200Blow" as a level answer in game 42? A wrong code counts as an attempt and cannot be taken back.']);
    expect(engine.calls).toEqual([]);
  });
});

describe('a second initialize that drops elicitation', () => {
  it('is accepted by the SDK, and the next mutation is refused unasked: nothing reaches the engine', async () => {
    const { client, asked, engine } = await connect(async () => ACCEPT);
    expect(client.getProtocolEra()).toBe('legacy');
    await reinitializeWithoutElicitation(client);
    const result = await client.callTool({ name: 'enc_send_code', arguments: { game_id: 1, code: 'dodge' } });
    expect(result.isError).toBe(true);
    expect(text(result.content)).toMatch(/^Approval for "enc_send_code" could not be obtained: this MCP client cannot ask the user/);
    expect(asked).toEqual([]);
    expect(engine.mutations()).toEqual([]);
  });

  it('an approval attached by hand after dropping elicitation is not honoured', async () => {
    const { client, engine } = await connect(async () => ACCEPT);
    await reinitializeWithoutElicitation(client);
    const attempt = client
      .request({
        method: 'tools/call',
        params: { name: 'enc_take_penalty_hint', arguments: { game_id: 1, hint_id: 5 }, inputResponses: { confirm: ACCEPT } },
      } as never)
      .then(
        (result) => ({ result }),
        (error: unknown) => ({ error }),
      );
    const settled = (await attempt) as { result?: { isError?: boolean } };
    // Whether the SDK rejects the field or passes it on, the call must not run.
    if (settled.result) expect(settled.result.isError).toBe(true);
    expect(engine.mutations()).toEqual([]);
  });

  it('dropped while the question is open: a decline refuses; the next call is refused before anyone is asked', async () => {
    let reply: ElicitationAnswer = { action: 'decline' };
    const { client, asked, engine } = await connect(async (c) => {
      await reinitializeWithoutElicitation(c);
      return reply;
    });
    const declined = await client.callTool({ name: 'enc_send_code', arguments: { game_id: 1, code: 'first' } });
    expect(declined.isError).toBe(true);
    expect(engine.mutations()).toEqual([]);
    reply = ACCEPT;
    const after = await client.callTool({ name: 'enc_send_code', arguments: { game_id: 1, code: 'second' } });
    expect(after.isError).toBe(true);
    expect(asked).toHaveLength(1);
    expect(engine.mutations()).toEqual([]);
  });

  it('dropped while the question is open: an explicit accept to that question runs exactly that call, once', async () => {
    const { client, asked, engine } = await connect(async (c) => {
      await reinitializeWithoutElicitation(c);
      return ACCEPT;
    });
    const accepted = await client.callTool({ name: 'enc_send_code', arguments: { game_id: 1, code: 'answered' } });
    expect(accepted.isError, text(accepted.content)).toBeFalsy();
    expect(asked).toHaveLength(1);
    expect(engine.mutations()).toEqual([{ method: 'sendCode', args: [1, 77, 1, 'answered'] }]);
  });
});
