/**
 * Spawns an MCP server as a child process and connects the real SDK client to it over stdio
 * (`StdioClientTransport`), collecting the child's stderr for assertions.
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ElicitationAnswer } from './in-process.js';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** The CLI entry, run from source through tsx so the tests never depend on a stale build. */
export const ENCLI = resolve(REPO_ROOT, 'src/cli/encli.ts');
export const STAND_IN_SERVER = resolve(REPO_ROOT, 'test/mcp/support/stand-in-server.ts');

/** Node arguments that run a TypeScript file. */
export function tsNode(script: string, args: readonly string[]): string[] {
  return ['--import', 'tsx', script, ...args];
}

export interface StdioSession {
  client: Client;
  /** Elicitation messages the client was shown. */
  asked: string[];
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

export interface SpawnOptions {
  /** `legacy` = 2025 `initialize`; `auto` = 2026-07-28 when the server offers it. */
  era?: 'legacy' | 'auto';
  /** How the user answers each question (a function to vary it per call); absent = a client without elicitation. */
  answer?: ElicitationAnswer | (() => ElicitationAnswer);
  env?: Record<string, string>;
}

export async function spawnMcp(script: string, args: readonly string[], options: SpawnOptions = {}): Promise<StdioSession> {
  const client = new Client(
    { name: 'e2e-test', version: '0' },
    { capabilities: options.answer ? { elicitation: { form: {} } } : {}, versionNegotiation: { mode: options.era ?? 'legacy' } },
  );
  const asked: string[] = [];
  if (options.answer) {
    const answer = options.answer;
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(request.params.message);
      return typeof answer === 'function' ? answer() : answer;
    });
  }
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: tsNode(script, args),
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  try {
    await client.connect(transport);
  } catch (err) {
    throw new Error(`could not connect to ${script} ${args.join(' ')}: ${(err as Error).message}\nstderr:\n${stderr}`);
  }
  return {
    client,
    asked,
    stderr: () => stderr,
    close: () => client.close(),
  };
}

/** Mutations a stand-in server reported on stderr. */
export function mutationsIn(stderr: string): Array<{ tool: string; args: Record<string, unknown> }> {
  return stderr
    .split('\n')
    .filter((line) => line.startsWith('MUTATION '))
    .map((line) => JSON.parse(line.slice('MUTATION '.length)));
}

/**
 * Reads the demo game's level and views its first picture over MCP: the first call that needs the
 * imaging modules (the lazy-loading tests check they arrive only now). Fails the test when the
 * level lists no picture or the view returns no image block.
 */
export async function viewFirstDemoPicture(client: Client, gameId: number): Promise<void> {
  const level = await client.callTool({ name: 'enc_level', arguments: { game_id: gameId } });
  const text = (level.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');
  const picture = /https?:\/\/[^\s"'<>)\]]+\.(?:jpg|png)/.exec(text)?.[0];
  if (picture === undefined) throw new Error(`the demo level lists no picture:\n${text}`);
  const view = await client.callTool({ name: 'enc_view_image', arguments: { url: picture } });
  if (!(view.content as { type: string }[]).some((c) => c.type === 'image')) throw new Error(`enc_view_image returned no image block for ${picture}`);
}
