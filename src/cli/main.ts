/**
 * `encli` — the command-line shell over the catalog and the imaging library, started by the bin
 * (encli.ts, which runs this module from a bundle for `encli mcp`). Each command lives in its own
 * module, exports its help next to its run function (a `CliCommand`), and is loaded only when
 * used, so `encli mcp` never pays for the others. Adding a command is one line in COMMANDS.
 * Help asked for goes to stdout (exit 0); help shown because something was missing goes to stderr
 * (exit 2). Exit codes: 0 success, 1 runtime failure, 2 bad usage, bad input or file-system failure.
 */
import { reportFailure, wantsJson } from './failure.js';
import { asksForHelp, FLAG_SPELLING_NOTE, type CliCommand } from './help.js';
import { packageVersion } from '../mcp/package-version.js';

const COMMANDS: Record<string, { summary: string; load: () => Promise<CliCommand> }> = {
  mcp: { summary: 'serve the enc_* tools over MCP on stdio', load: async () => (await import('./mcp.js')).mcpCommand },
  login: { summary: 'log in to a domain and save the session', load: async () => (await import('./login.js')).loginCommand },
  logout: { summary: 'remove the saved session of a domain', load: async () => (await import('./login.js')).logoutCommand },
  chat: { summary: 'talk to an assistant that plays with you (any OpenAI-compatible model)', load: async () => (await import('./chat.js')).chatCommand },
  auth: { summary: 'sign in with a ChatGPT subscription (codex), status, logout', load: async () => (await import('./auth.js')).authCommand },
  web: { summary: 'the same assistant as a page in your browser (phone-friendly)', load: async () => (await import('./web.js')).webCommand },
  'copy-game': { summary: 'copy a game scenario (from any domain) into a game and verify it', load: async () => (await import('./copy-game.js')).copyGameCommand },
  'inspect-game': { summary: "count a game scenario's levels, sectors, bonuses …", load: async () => (await import('./inspect-game.js')).inspectGameCommand },
  image: { summary: 'inspect, split or crop a local picture file', load: async () => (await import('./image.js')).imageCommand },
};

/**
 * The top-level help: every command with its summary.
 *
 * @example
 * ```ts
 * process.stdout.write(usage() + '\n');
 * ```
 */
export function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length)) + 2;
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}${c.summary}`);
  return [
    'usage: encli <command> [flags]',
    '',
    'commands:',
    ...lines,
    '',
    '  help [COMMAND]  this text, or the complete help of one command',
    '  --version       print the version',
    '',
    'Run "encli help <command>" or "encli <command> --help" for its flags and their defaults.',
    FLAG_SPELLING_NOTE,
  ].join('\n');
}

/**
 * Runs `encli` with its arguments (without `node` and the script); resolves to the exit code.
 *
 * @example
 * ```ts
 * process.exitCode = await main(['image', 'info', 'collage.jpg']);
 * ```
 */
export async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  // The reference spells the terminal agent and the web page as flags.
  const name = first === '--llm' || first === '-llm' ? 'chat' : first === '--web' || first === '-web' ? 'web' : first;
  if (name === undefined) {
    process.stderr.write(usage() + '\n');
    return 2;
  }
  if (name === '--version' || name === '-version' || name === '-v' || name === 'version') {
    process.stdout.write(`encli ${packageVersion()}\n`);
    return 0;
  }
  if (name === 'help' || name === '--help' || name === '-help' || name === '-h') {
    const [topic, ...path] = name === 'help' ? rest : [];
    if (topic === undefined) {
      process.stdout.write(usage() + '\n');
      return 0;
    }
    const command = COMMANDS[topic];
    if (!command) return unknownCommand(topic);
    process.stdout.write((await command.load()).help(path) + '\n');
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) return unknownCommand(name);
  const loaded = await command.load();
  if (asksForHelp(rest)) {
    (loaded.stdoutIsProtocol ? process.stderr : process.stdout).write(loaded.help(rest.filter((a) => !a.startsWith('-'))) + '\n');
    return 0;
  }
  try {
    return await loaded.run(rest);
  } catch (err) {
    return reportFailure(`encli ${name}`, err, wantsJson(rest));
  }
}

function unknownCommand(name: string): number {
  process.stderr.write(`encli: unknown command "${name}"\n\n${usage()}\n`);
  return 2;
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
