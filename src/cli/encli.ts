#!/usr/bin/env node
/**
 * `encli` — the command-line shell over the catalog and the imaging library. Each subcommand lives
 * in its own module and is loaded only when used, so `encli mcp` never pays for the others.
 * Exit codes: 0 success, 1 runtime failure, 2 bad usage or bad input.
 */
import { UsageError } from './flags.js';

type Command = (argv: string[]) => Promise<number>;

const COMMANDS: Record<string, { summary: string; load: () => Promise<Command> }> = {
  mcp: { summary: 'serve the enc_* tools over MCP on stdio', load: async () => (await import('./mcp.js')).runMcp },
  login: { summary: 'log in to a domain and save the session', load: async () => (await import('./login.js')).runLogin },
  logout: { summary: 'remove the saved session of a domain', load: async () => (await import('./login.js')).runLogout },
  chat: { summary: 'talk to an assistant that plays with you (any OpenAI-compatible model)', load: async () => (await import('./chat.js')).runChat },
  auth: { summary: 'sign in with a ChatGPT subscription (codex), status, logout', load: async () => (await import('./auth.js')).runAuth },
  image: { summary: 'inspect, split or crop a local picture file', load: async () => (await import('./image.js')).runImage },
};

export function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(8)} ${c.summary}`);
  return ['usage: encli <command> [flags]', '', 'commands:', ...lines, '', 'Run "encli <command> --help" for its flags.'].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  // The reference spells the terminal agent as a flag.
  const name = first === '--llm' || first === '-llm' ? 'chat' : first;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h' || name === '-help') {
    process.stderr.write(usage() + '\n');
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`encli: unknown command "${name}"\n\n${usage()}\n`);
    return 2;
  }
  try {
    return await (await command.load())(rest);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`encli ${name}: ${err.message}\n`);
      return 2;
    }
    process.stderr.write(`encli ${name}: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`encli: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
