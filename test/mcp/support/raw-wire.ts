/**
 * A JSON-RPC peer with no SDK in it: spawns a server, writes raw lines to its stdin and keeps every
 * line it writes to stdout, so tests can check that stdout carries nothing but protocol messages.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { REPO_ROOT, tsNode } from './stdio-client.js';

/** Long enough for a tsx start on a busy two-core machine; a stuck reply still fails the test. */
const REPLY_TIMEOUT_MS = 60_000;

export interface RawPeer {
  /** Sends a request and resolves with the response carrying its id. */
  request(id: number, method: string, params?: unknown): Promise<Record<string, unknown>>;
  /** Writes one raw line (may be garbage) without waiting. */
  writeLine(line: string): void;
  /** Ends stdin and resolves with the exit code and everything written to stdout and stderr. */
  finish(): Promise<{ code: number | null; stdoutLines: string[]; stderr: string }>;
}

export function spawnRaw(script: string, args: readonly string[], env: Record<string, string> = {}): RawPeer {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, tsNode(script, args), {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  let stdout = '';
  let stderr = '';
  const waiting = new Map<number, (message: Record<string, unknown>) => void>();
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    for (const line of stdout.split('\n').slice(0, -1)) {
      try {
        const message = JSON.parse(line) as Record<string, unknown>;
        if (typeof message.id === 'number') waiting.get(message.id)?.(message);
      } catch {
        // Not JSON: the purity assertion on stdoutLines reports it.
      }
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));

  return {
    request(id, method, params) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no reply to ${method} (#${id}); stderr:\n${stderr}`)), REPLY_TIMEOUT_MS);
        waiting.set(id, (message) => {
          clearTimeout(timer);
          resolve(message);
        });
        child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }) + '\n');
      });
    },
    writeLine(line) {
      child.stdin.write(line + '\n');
    },
    async finish() {
      child.stdin.end();
      const code = await exited;
      return { code, stdoutLines: stdout.split('\n').filter((l) => l !== ''), stderr };
    },
  };
}

/** The 2025-era opening a PicoClaw-like client sends (no capabilities at all). */
export const INITIALIZE_2025 = {
  protocolVersion: '2025-11-25',
  capabilities: {},
  clientInfo: { name: 'raw-wire-test', version: '0' },
};
