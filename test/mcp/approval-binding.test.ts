/**
 * 2026-era connections carry the user's answer inside the retried tools/call, so a client could
 * send an approval nobody was asked for. These tests play such a client by hand (automatic
 * fulfilment off) against the server behind the SDK's own HTTP entry, and check that only an
 * answer bound to a state this server minted, for the same call, used once, lets a mutation through.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApprovalLedger, createMcpServer } from '../../src/mcp/index.js';
import { createStandInCatalog } from './support/stand-in-catalog.js';

const ACCEPT = { confirm: { action: 'accept', content: { confirm: true } } };
const ARGS = { game_id: 1, code: 'x' };

let client: Client;
let mutations: Array<[string, unknown]>;

beforeEach(async () => {
  mutations = [];
  const catalog = createStandInCatalog({ policy: 'approve', onMutation: (t, a) => mutations.push([t, a]) });
  const ledger = new ApprovalLedger();
  const handler = createMcpHandler(() => createMcpServer(catalog, { version: 'test', ledger }));
  client = new Client(
    { name: 'hand-driven', version: '0' },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: 'auto' }, inputRequired: { autoFulfill: false } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL('http://127.0.0.1/mcp'), { fetch: (url, init) => handler.fetch(new Request(url, init)) }),
  );
});
afterEach(async () => {
  await client.close();
});

/** A raw tools/call that may come back `input_required`. */
function call(params: Record<string, unknown>): Promise<Record<string, unknown>> {
  return client.request({ method: 'tools/call', params: { name: 'enc_send_code', ...params } } as never, {
    allowInputRequired: true,
  } as never) as Promise<Record<string, unknown>>;
}

describe('approval binding (2026-07-28 era)', () => {
  it('runs on the modern era', () => {
    expect(client.getProtocolEra()).toBe('modern');
  });

  it('an unasked approval is ignored: the server asks instead, nothing submitted', async () => {
    const result = await call({ arguments: ARGS, inputResponses: ACCEPT });
    expect(result.resultType).toBe('input_required');
    expect(typeof result.requestState).toBe('string');
    expect(mutations).toEqual([]);
  });

  it('an approval minted for other arguments is refused', async () => {
    const asked = await call({ arguments: ARGS });
    const result = await call({ arguments: { ...ARGS, code: 'y' }, inputResponses: ACCEPT, requestState: asked.requestState });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('not issued for it');
    expect(mutations).toEqual([]);
  });

  it('a forged state is rejected at the protocol level', async () => {
    const asked = await call({ arguments: ARGS });
    const forged = String(asked.requestState).slice(0, -4) + 'AAAA';
    await expect(call({ arguments: ARGS, inputResponses: ACCEPT, requestState: forged })).rejects.toThrow(/requestState/);
    expect(mutations).toEqual([]);
  });

  it('a bound approval runs exactly once; replaying it is refused', async () => {
    const asked = await call({ arguments: ARGS });
    const first = await call({ arguments: { code: 'x', game_id: 1 }, inputResponses: ACCEPT, requestState: asked.requestState });
    expect(first.isError).toBeFalsy();
    expect(mutations).toEqual([['enc_send_code', ARGS]]);
    const replay = await call({ arguments: ARGS, inputResponses: ACCEPT, requestState: asked.requestState });
    expect(replay.isError).toBe(true);
    expect(mutations).toHaveLength(1);
  });

  it('a bound decline is refused with the catalog text', async () => {
    const asked = await call({ arguments: ARGS });
    const result = await call({ arguments: ARGS, inputResponses: { confirm: { action: 'decline' } }, requestState: asked.requestState });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('The user declined');
    expect(mutations).toEqual([]);
  });
});
