/**
 * What every `encli` command module exports beside its run function: its own complete help, so
 * `encli help <command>` and `encli <command> --help` print the same text, generated from the
 * same flag specs the parser uses (a flag cannot be missing from the help or show a stale default).
 */
import type { FlagSpecs } from './flags.js';

/**
 * One `encli` command: its help and its entry point.
 *
 * @example
 * ```ts
 * export const imageCommand: CliCommand = { help: (path) => helpFor(path[0]), run: runImage };
 * ```
 */
export interface CliCommand {
  /** The complete help on stdout; `path` names a subcommand (`['crop']`) for commands that have them. */
  help(path: readonly string[]): string;
  /**
   * True for a command whose stdout is a protocol channel (`encli mcp`): `encli CMD --help` then
   * prints its help on stderr, so a client started with the flag by mistake reads no stray text.
   * `encli help CMD` still prints on stdout.
   */
  stdoutIsProtocol?: boolean;
  /** Runs with the arguments after the command name; resolves to the exit code. */
  run(argv: string[]): Promise<number>;
}

/** `-h`, `-help` and `--help` anywhere before a `--`. */
export function asksForHelp(argv: readonly string[]): boolean {
  for (const arg of argv) {
    if (arg === '--') return false;
    if (arg === '-h' || arg === '-help' || arg === '--help') return true;
  }
  return false;
}

/**
 * The flag table of a help text: every visible flag with its value, what it does and its default.
 *
 * @example
 * ```ts
 * flagTable({ json: { type: 'boolean', description: 'print JSON' } });
 * // "  --json    print JSON (default: off)"
 * ```
 */
export function flagTable(specs: FlagSpecs): string {
  const rows = Object.entries(specs)
    .filter(([, spec]) => !spec.hidden)
    .map(([name, spec]) => {
      const value = spec.type === 'string' ? ` ${spec.value ?? (spec.choices ? spec.choices.join('|') : 'VALUE')}` : '';
      const aliases = (spec.aliases ?? []).map((a) => `, -${a}`).join('');
      const fallback = spec.default ?? (spec.type === 'boolean' ? 'off' : undefined);
      // The default stays one unbreakable piece, so it is never split across lines.
      const words = [...(spec.description ?? '').split(/\s+/).filter(Boolean), ...(fallback === undefined ? [] : [`(default: ${fallback})`])];
      return { left: `  --${name}${value}${aliases}`, words };
    });
  const width = Math.max(0, ...rows.map((r) => r.left.length)) + 2;
  const indent = ' '.repeat(width);
  return rows
    .map((r) => wrap(r.words, Math.max(40, LINE_WIDTH - width)).map((line, i) => (i === 0 ? r.left.padEnd(width) : indent) + line).join('\n').trimEnd())
    .join('\n');
}

/** Help lines stay readable in an 100-column terminal. */
const LINE_WIDTH = 100;

function wrap(words: string[], width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  lines.push(line);
  return lines;
}

/** The line every help ends with: both flag spellings work. */
export const FLAG_SPELLING_NOTE = 'Flags take one dash or two, and a value after a space or "=" (-parts 3, --parts=3).';
