/**
 * `npm run bench:startup`: spawn → `tools/list` answered, for `encli mcp --demo`, `encli mcp` with
 * a saved session against the fake engine, and a bare SDK v2 server (bench/startup/bare-server.mjs),
 * alternating every round, medians of STARTUP_ROUNDS (default 15); each server has exited before the
 * next one starts. The client speaks raw JSON-RPC (the 2025 `initialize` handshake), so no client
 * library's start-up is in the figures. Writes bench/startup.md and prints it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FakeEncounter } from '../src/demo/index.js';
import { median } from './stats.js';

const ROUNDS = Number(process.env.STARTUP_ROUNDS ?? 15);
const HERE = fileURLToPath(new URL('.', import.meta.url));
const ENCLI = fileURLToPath(new URL('../dist/src/cli/encli.js', import.meta.url));

interface Subject {
  name: string;
  args: string[];
  env?: Record<string, string>;
}

/** Milliseconds from spawn to the `tools/list` answer, and how many tools it listed. */
function timeToToolsList(subject: Subject): Promise<{ ms: number; tools: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, subject.args, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...subject.env } });
    let buffered = '';
    let stderr = '';
    const send = (message: unknown): void => void child.stdin.write(JSON.stringify(message) + '\n');
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        const message = JSON.parse(line) as { id?: number; result?: { tools?: unknown[] }; error?: unknown };
        if (message.id === 1) {
          send({ jsonrpc: '2.0', method: 'notifications/initialized' });
          send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
        } else if (message.id === 2) {
          const ms = performance.now() - started;
          child.kill();
          if (!message.result?.tools) reject(new Error(`${subject.name}: tools/list failed: ${JSON.stringify(message.error)}`));
          else answered = { ms, tools: message.result.tools.length };
        }
      }
    });
    // Settled when the server has exited: on 2 busy cores a server still shutting down would slow
    // the next subject's start-up.
    let answered: { ms: number; tools: number } | undefined;
    child.on('exit', (code) => {
      if (code !== null && code !== 0) reject(new Error(`${subject.name} exited ${code}: ${stderr.trim()}`));
      else if (answered) resolve(answered);
      else reject(new Error(`${subject.name} exited before answering tools/list: ${stderr.trim()}`));
    });
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench-startup', version: '0' } },
    });
  });
}

async function main(): Promise<void> {
  const fake = await FakeEncounter.start();
  const home = mkdtempSync(join(tmpdir(), 'encli-startup-'));
  try {
    const env = { XDG_CONFIG_HOME: home, ENCX_BASE_URL: fake.url };
    // A real saved session, made the way a user makes one; the fake runs in another process's reach.
    await new Promise<void>((resolve, reject) => {
      const login = spawn(process.execPath, [ENCLI, 'login', '-domain', fake.domain, '-login', 'player2', '-password', 'secret2'], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      login.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      login.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`encli login failed: ${stderr}`))));
    });
    const subjects: Subject[] = [
      { name: 'bare SDK v2 server', args: [join(HERE, 'startup/bare-server.mjs')] },
      { name: 'encli mcp --demo', args: [ENCLI, 'mcp', '--demo'] },
      { name: 'encli mcp, saved session, fake engine', args: [ENCLI, 'mcp', '-domain', fake.domain], env },
    ];
    const times = new Map<string, number[]>(subjects.map((s) => [s.name, []]));
    const tools = new Map<string, number>();
    for (const s of subjects) await timeToToolsList(s); // warm the file cache
    for (let round = 0; round < ROUNDS; round++) {
      for (let k = 0; k < subjects.length; k++) {
        const subject = subjects[(round + k) % subjects.length]!;
        const { ms, tools: count } = await timeToToolsList(subject);
        times.get(subject.name)!.push(ms);
        tools.set(subject.name, count);
      }
      process.stderr.write(`round ${round + 1}/${ROUNDS}\n`);
    }
    const bare = median(times.get(subjects[0]!.name)!);
    const lines = [
      '# encli mcp start-up: spawn → tools/list answered',
      '',
      `Generated by \`npm run bench:startup\` at ${new Date().toISOString()}. Machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.versions.node}; load average ${loadavg().map((n) => n.toFixed(1)).join(' / ')} at the end. Medians of ${ROUNDS} alternating rounds.`,
      '',
      '| server | tools listed | median ms | over the bare server |',
      '|---|---|---|---|',
      ...subjects.map((s) => {
        const m = median(times.get(s.name)!);
        return `| ${s.name} | ${tools.get(s.name)} | ${m.toFixed(1)} | ${(m / bare).toFixed(2)}× |`;
      }),
      '',
    ].join('\n');
    writeFileSync(join(HERE, 'startup.md'), lines);
    process.stdout.write(lines);
  } finally {
    rmSync(home, { recursive: true, force: true });
    await fake.close();
  }
}

await main();
