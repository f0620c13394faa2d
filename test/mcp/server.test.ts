import { imageSize } from 'image-size';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { decode, sniff } from '../../src/imaging/index.js';
import { createMcpServer, McpServerConfigError } from '../../src/mcp/index.js';
import type { Catalog, Policy } from '../../src/tools/types.js';
import { connectInProcess, type Connected, type ElicitationAnswer } from './support/in-process.js';
import { createStandInCatalog, MUTATING_TOOLS, PICTURES, READ_TOOLS } from './support/stand-in-catalog.js';

type Content = Array<{ type: string; text?: string; data?: string; mimeType?: string }>;

let open: Connected | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

function standIn(policy: Policy) {
  const mutations: Array<{ tool: string; args: Record<string, unknown> }> = [];
  const catalog = createStandInCatalog({
    policy,
    onMutation: (tool, args) => mutations.push({ tool, args }),
  });
  return { catalog, mutations };
}

async function connect(catalog: Catalog, answer?: ElicitationAnswer): Promise<Connected> {
  open = await connectInProcess(catalog, answer);
  return open;
}

function texts(content: unknown): string {
  return (content as Content).filter((c) => c.type === 'text').map((c) => c.text).join('\n');
}

describe('createMcpServer', () => {
  it('refuses to build without a catalog', () => {
    expect(() => createMcpServer(undefined as unknown as Catalog, { version: 'x' })).toThrow(McpServerConfigError);
  });

  it('publishes 13 read tools under readonly and all 17 under approve and full', async () => {
    for (const [policy, expected] of [
      ['readonly', [...READ_TOOLS]],
      ['approve', [...READ_TOOLS, ...MUTATING_TOOLS]],
      ['full', [...READ_TOOLS, ...MUTATING_TOOLS]],
    ] as const) {
      const { client } = await connect(standIn(policy).catalog);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([...expected].sort());
      await open!.close();
      open = undefined;
    }
  });

  it('annotates read tools read-only and mutating tools as state-changing, with object schemas', async () => {
    const { client } = await connect(standIn('approve').catalog);
    const { tools } = await client.listTools();
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      const mutating = (MUTATING_TOOLS as readonly string[]).includes(tool.name);
      expect(tool.annotations?.readOnlyHint).toBe(!mutating);
      expect(tool.annotations?.openWorldHint).toBe(true);
      if (!mutating) expect(tool.annotations?.destructiveHint).toBe(false);
    }
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('enc_take_penalty_hint')?.annotations?.destructiveHint).toBe(true);
    expect(byName.get('enc_send_code')?.annotations?.idempotentHint).toBe(false);
    expect(byName.get('enc_enter_game')?.annotations?.destructiveHint).toBe(false);
    // The catalog's own schema is published, not one the surface invented.
    expect(byName.get('enc_level')?.inputSchema.properties).toHaveProperty('game_id');
  });

  it('hands the catalog its instructions', async () => {
    const { catalog } = standIn('full');
    const { client } = await connect(catalog);
    expect(client.getInstructions()).toBe(catalog.systemPromptAddendum());
    expect(client.getInstructions()).toContain('Access policy: FULL.');
  });
});

describe('calling tools', () => {
  it('passes arguments through for the catalog to coerce and returns its JSON as text', async () => {
    const { client } = await connect(standIn('readonly').catalog);
    const result = await client.callTool({ name: 'enc_game_state', arguments: { game_id: '42' } });
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(texts(result.content))).toEqual({ tool: 'enc_game_state', game_id: 42 });
  });

  it('returns every picture as an image block whose bytes decode to the original size', async () => {
    const { client } = await connect(standIn('readonly').catalog);
    const result = await client.callTool({ name: 'enc_split_image', arguments: {} });
    const images = (result.content as Content).filter((c) => c.type === 'image');
    expect(images.map((i) => i.mimeType)).toEqual(['image/png', 'image/jpeg']);
    const sources = [PICTURES.png, PICTURES.jpeg];
    for (const [i, block] of images.entries()) {
      const bytes = new Uint8Array(Buffer.from(block.data!, 'base64'));
      const { raster } = await decode(bytes);
      // image-size is an independent reader of the original file.
      const expected = imageSize(readFileSync(sources[i]!));
      expect([raster.width, raster.height]).toEqual([expected.width, expected.height]);
    }
    expect(JSON.parse(texts(result.content))).toMatchObject({ parts: 2 });
  });

  it('turns a failed tool into an isError result with the catalog text', async () => {
    const { client } = await connect(standIn('readonly').catalog);
    const result = await client.callTool({ name: 'enc_game_statistics', arguments: { game_id: 1 } });
    expect(result.isError).toBe(true);
    expect(texts(result.content)).toBe('enc_game_statistics failed: engine returned HTML, retry shortly');
  });

  it('answers arguments that are not an object with a protocol error and keeps serving', async () => {
    const { client } = await connect(standIn('readonly').catalog);
    await expect(
      client.callTool({ name: 'enc_level', arguments: [1, 2] as unknown as Record<string, unknown> }),
    ).rejects.toThrow(/arguments/);
    const after = await client.callTool({ name: 'enc_level', arguments: { game_id: 3 } });
    expect(JSON.parse(texts(after.content))).toEqual({ tool: 'enc_level', game_id: 3 });
  });
});

describe('policies', () => {
  it('readonly: an unpublished mutating tool is a protocol error and never reaches the engine', async () => {
    const { catalog, mutations } = standIn('readonly');
    const { client } = await connect(catalog);
    await expect(client.callTool({ name: 'enc_send_code', arguments: { game_id: 1, code: 'x' } })).rejects.toThrow(/enc_send_code/);
    expect(mutations).toEqual([]);
  });

  it('full: a mutating call runs without asking', async () => {
    const { catalog, mutations } = standIn('full');
    const { client, asked } = await connect(catalog, { action: 'decline' });
    const result = await client.callTool({ name: 'enc_send_code', arguments: { game_id: 1, code: 'abc' } });
    expect(result.isError).toBeFalsy();
    expect(asked).toEqual([]);
    expect(mutations).toEqual([{ tool: 'enc_send_code', args: { game_id: 1, code: 'abc' } }]);
  });

  it("approve + accept with confirm:true: asks the catalog's question once, verbatim, then runs", async () => {
    const { catalog, mutations } = standIn('approve');
    const { client, asked } = await connect(catalog, { action: 'accept', content: { confirm: true } });
    const result = await client.callTool({ name: 'enc_send_code', arguments: { game_id: 7, code: 'красный' } });
    expect(result.isError).toBeFalsy();
    expect(asked).toEqual(['Run enc_send_code with the code "красный" in game 7?']);
    expect(mutations).toEqual([{ tool: 'enc_send_code', args: { game_id: 7, code: 'красный' } }]);
  });

  it.each([
    ['decline', { action: 'decline' }],
    ['cancel', { action: 'cancel' }],
    ['accept with confirm:false', { action: 'accept', content: { confirm: false } }],
    ['accept without confirm', { action: 'accept', content: {} }],
  ] as const)('approve + %s: refused with the catalog text, nothing submitted', async (_label, answer) => {
    const { catalog, mutations } = standIn('approve');
    const { client, asked } = await connect(catalog, answer as ElicitationAnswer);
    const result = await client.callTool({ name: 'enc_take_penalty_hint', arguments: { game_id: 7 } });
    expect(result.isError).toBe(true);
    expect(texts(result.content)).toBe('The user declined "enc_take_penalty_hint". Do not retry it; ask what to do instead.');
    expect(asked).toHaveLength(1);
    expect(mutations).toEqual([]);
  });

  it('approve + a client without elicitation: refused with what to do, nothing submitted', async () => {
    const { catalog, mutations } = standIn('approve');
    const { client } = await connect(catalog);
    const result = await client.callTool({ name: 'enc_enter_game', arguments: { game_id: 7 } });
    expect(result.isError).toBe(true);
    const text = texts(result.content);
    expect(text).toMatch(/^Approval for "enc_enter_game" could not be obtained: /);
    expect(text).toContain('elicitation');
    expect(text).toContain('-security full');
    expect(mutations).toEqual([]);
  });

  it('approve: invalid arguments are reported without asking the user', async () => {
    const { catalog, mutations } = standIn('approve');
    const { client, asked } = await connect(catalog, { action: 'accept', content: { confirm: true } });
    const result = await client.callTool({ name: 'enc_send_code', arguments: { game_id: 7 } });
    expect(result.isError).toBe(true);
    expect(texts(result.content)).toContain('argument "code" is required');
    expect(asked).toEqual([]);
    expect(mutations).toEqual([]);
  });

  it('approve: read tools never ask', async () => {
    const { catalog } = standIn('approve');
    const { client, asked } = await connect(catalog, { action: 'decline' });
    const result = await client.callTool({ name: 'enc_level', arguments: { game_id: 1 } });
    expect(result.isError).toBeFalsy();
    expect(asked).toEqual([]);
  });
});
