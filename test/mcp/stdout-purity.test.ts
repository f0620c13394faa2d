/**
 * stdout is the protocol channel: whatever happens (unknown tools, failing tools, garbage input,
 * bad flags, a missing session), every line a server writes there must be a JSON-RPC message.
 * (Flag parsing itself is covered in-process by cli-settings.test.ts; these spawn the real CLI.)
 */
import { describe, expect, it, vi } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INITIALIZE_2025, spawnRaw } from './support/raw-wire.js';
import { ENCLI, STAND_IN_SERVER } from './support/stdio-client.js';

// Each test spawns real processes; on a loaded two-core machine a tsx start alone can take 10 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

function expectOnlyJsonRpc(lines: string[]): void {
  for (const line of lines) {
    let message: unknown;
    expect(() => (message = JSON.parse(line)), `stdout line is not JSON: ${line.slice(0, 200)}`).not.toThrow();
    expect(message).toMatchObject({ jsonrpc: '2.0' });
  }
}

describe('stdout purity', () => {
  it('a session with errors and garbage writes only JSON-RPC to stdout', async () => {
    const peer = spawnRaw(STAND_IN_SERVER, ['approve']);
    const init = await peer.request(1, 'initialize', INITIALIZE_2025);
    expect(init.result).toMatchObject({ serverInfo: { name: 'encx-engine' } });
    peer.writeLine(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    peer.writeLine('this is not json');
    const unknown = await peer.request(2, 'tools/call', { name: 'no_such_tool', arguments: {} });
    expect(unknown.error).toBeDefined();
    const failed = await peer.request(3, 'tools/call', { name: 'enc_game_statistics', arguments: { game_id: 1 } });
    expect(failed.result).toMatchObject({ isError: true });
    // No elicitation capability: the refusal, not a mutation.
    const refused = await peer.request(4, 'tools/call', { name: 'enc_send_code', arguments: { game_id: 1, code: 'x' } });
    expect(refused.result).toMatchObject({ isError: true });
    const hostile = await peer.request(5, 'tools/call', { name: 'enc_level', arguments: { list: Array.from({ length: 5000 }, (_, i) => i) } });
    expect(hostile.error ?? (hostile.result as { isError?: boolean }).isError).toBeTruthy();
    const images = await peer.request(6, 'tools/call', { name: 'enc_split_image', arguments: {} });
    expect(JSON.stringify(images.result)).toContain('"type":"image"');
    const { code, stdoutLines, stderr } = await peer.finish();
    expectOnlyJsonRpc(stdoutLines);
    expect(stdoutLines.length).toBeGreaterThanOrEqual(6);
    expect(stderr).not.toContain('MUTATION');
    expect(code).toBe(0);
  });

  it('encli mcp --demo: real catalog, errors included, only JSON-RPC on stdout; exits 0 when the client hangs up', async () => {
    const peer = spawnRaw(ENCLI, ['mcp', '--demo'], { XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'encli-mcp-')) });
    await peer.request(1, 'initialize', INITIALIZE_2025);
    peer.writeLine(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    const listed = await peer.request(2, 'tools/list', {});
    expect((listed.result as { tools: unknown[] }).tools).toHaveLength(13);
    const invalid = await peer.request(3, 'tools/call', { name: 'enc_level', arguments: {} });
    expect(invalid.result).toMatchObject({ isError: true });
    const hidden = await peer.request(4, 'tools/call', { name: 'enc_send_code', arguments: { game_id: 10101, code: 'x' } });
    expect(hidden.error).toBeDefined();
    peer.writeLine('{"jsonrpc":"2.0","id":5,"method":');
    const split = await peer.request(6, 'tools/call', { name: 'enc_split_image', arguments: { url: '/GameImages/demo/collage.jpg' } });
    expect(JSON.stringify(split.result)).toContain('"type":"image"');
    const { code, stdoutLines, stderr } = await peer.finish();
    expectOnlyJsonRpc(stdoutLines);
    expect(stderr).toMatch(/serving 13 engine tools over stdio \(domain demo \(offline\), policy readonly\)/);
    expect(code).toBe(0);
  });

  it.each([
    [['mcp', '-bogus'], 2, /unknown flag -bogus/],
    [['mcp', '--security=sometimes'], 2, /invalid -security value/],
    [['mcp', '-domain', 'nosession.en.cx'], 1, /encli login -domain nosession\.en\.cx/],
    [['mcp', '--help'], 0, /usage: encli mcp \[flags\][\s\S]*stdout carries only the protocol/],
  ] as const)('encli %j writes nothing to stdout and exits %i', async (args, exitCode, message) => {
    const configHome = mkdtempSync(join(tmpdir(), 'encli-mcp-'));
    const peer = spawnRaw(ENCLI, args, { XDG_CONFIG_HOME: configHome });
    const { code, stdoutLines, stderr } = await peer.finish();
    expect(stdoutLines).toEqual([]);
    expect(code).toBe(exitCode);
    expect(stderr).toMatch(message);
  });
});
