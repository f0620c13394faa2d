/**
 * The built `encli mcp --demo` over real pipes, attacked at the transport: a stdin line over the
 * 10 MiB message limit, a client that stops reading stdout, a client that hangs up. Each must end
 * the server — a wedged server that no client can reach any more is the failure being guarded.
 * Needs `npm run build` (the test says so when dist is missing).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPO_ROOT } from './support/stdio-client.js';

vi.setConfig({ testTimeout: 60_000 });

const BUILT_ENCLI = resolve(REPO_ROOT, 'dist/src/cli/encli.js');
const TEN_MIB = 10 * 1024 * 1024;

interface Server {
  child: ChildProcessWithoutNullStreams;
  stderr(): string;
  /** Resolves with the JSON-RPC response carrying this id. */
  response(id: number): Promise<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  send(message: object): void;
}

const running: Server[] = [];

function startServer(): Server {
  const child = spawn(process.execPath, [BUILT_ENCLI, 'mcp', '--demo'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  const waiting = new Map<number, (message: Record<string, unknown>) => void>();
  const seen = new Map<number, Record<string, unknown>>();
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    let newline: number;
    while ((newline = stdout.indexOf('\n')) >= 0) {
      const message = JSON.parse(stdout.slice(0, newline)) as Record<string, unknown>;
      stdout = stdout.slice(newline + 1);
      if (typeof message.id === 'number') {
        seen.set(message.id, message);
        waiting.get(message.id)?.(message);
      }
    }
  });
  // A server that died early must not make a write throw EPIPE into the test process.
  child.stdin.on('error', () => {});
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  const server: Server = {
    child,
    stderr: () => stderr,
    exited,
    send: (message) => child.stdin.write(JSON.stringify(message) + '\n'),
    response: (id) => {
      const known = seen.get(id);
      if (known) return Promise.resolve(known);
      return new Promise((done) => waiting.set(id, done));
    },
  };
  running.push(server);
  return server;
}

async function initialized(): Promise<Server> {
  const server = startServer();
  server.send({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'attack', version: '0' } },
  });
  const reply = await server.response(1);
  expect(reply.result).toBeDefined();
  server.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return server;
}

/** Races the exit against a generous bound, so a server that never ends fails the test instead of hanging it. */
async function exitWithin(server: Server, ms: number): Promise<{ code: number | null; signal: NodeJS.Signals | null } | 'still running'> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'still running'>((done) => (timer = setTimeout(() => done('still running'), ms)));
  const outcome = await Promise.race([server.exited, bound]);
  clearTimeout(timer);
  return outcome;
}

beforeAll(() => {
  if (!existsSync(BUILT_ENCLI)) throw new Error(`${BUILT_ENCLI} is missing: run "npm run build" first`);
});

afterEach(() => {
  for (const server of running.splice(0)) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
});

describe('encli mcp ends on a transport failure', () => {
  it('a stdin line over 10 MiB ends the server: exit 1, one line on stderr naming the limit', async () => {
    const server = await initialized();
    const stderrBefore = server.stderr();
    // The client keeps stdin open: the server must end by itself, not wait for a hang-up.
    server.child.stdin.write('{"jsonrpc":"2.0","id":2,"method":"ping","params":{"pad":"' + 'x'.repeat(TEN_MIB) + '"}}\n');
    const end = await exitWithin(server, 20_000);
    expect(end).toEqual({ code: 1, signal: null });
    const added = server.stderr().slice(stderrBefore.length).trim().split('\n');
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^encli mcp: a message on stdin is larger than 10 MiB.*; stopping$/);
  });

  it('a client that stops reading stdout (broken pipe) ends the server with exit 1', async () => {
    const server = await initialized();
    server.child.stdout.destroy();
    server.send({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
    const end = await exitWithin(server, 20_000);
    expect(end).toEqual({ code: 1, signal: null });
    expect(server.stderr()).toMatch(/encli mcp: the MCP connection on stdin\/stdout failed: .*EPIPE.*; stopping/);
  });

  it('a closed stdin ends the server with exit 0, also right after a malformed line', async () => {
    const server = await initialized();
    server.child.stdin.write('{"jsonrpc":"2.0","id":4,"method":\n');
    server.send({ jsonrpc: '2.0', id: 5, method: 'ping' });
    expect((await server.response(5)).result).toEqual({});
    server.child.stdin.end();
    expect(await exitWithin(server, 20_000)).toEqual({ code: 0, signal: null });
    expect(server.stderr()).not.toMatch(/stopping/);
  });
});
