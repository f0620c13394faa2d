/**
 * Command-line flags in both spellings: Go-style single dash (`-domain tech.en.cx`, which PicoClaw
 * and the reference pass) and GNU-style double dash (`--domain=tech.en.cx`). A flag takes its
 * value from the next argument or after `=`; a boolean flag takes none (`--json`) or `=true/false`.
 *
 * @example
 * ```ts
 * const { flags, positionals } = parseFlags(['mcp', '-domain', 'tech.en.cx', '--demo'], {
 *   domain: { type: 'string' }, demo: { type: 'boolean' },
 * });
 * // flags = { domain: 'tech.en.cx', demo: true }, positionals = ['mcp']
 * ```
 */

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface FlagSpec {
  type: 'string' | 'boolean';
  /** Other names accepted for the same flag (e.g. `o` for `out`). */
  aliases?: string[];
  /** Allowed values, checked here so every command reports them alike. */
  choices?: readonly string[];
  /** The value's name in the help (`N`, `DIR`, `HOST`); string flags only. */
  value?: string;
  /** One line for the help text. */
  description?: string;
  /** What applies when the flag is not given, as the help shows it (`tech.en.cx`, `all parts`). */
  default?: string;
  /** Accepted but left out of the help (test and debugging switches). */
  hidden?: boolean;
}

export type FlagSpecs = Record<string, FlagSpec>;
export type ParsedFlags = Record<string, string | boolean | undefined>;

export function parseFlags(argv: readonly string[], specs: FlagSpecs): { flags: ParsedFlags; positionals: string[] } {
  const byName = new Map<string, string>();
  for (const [name, spec] of Object.entries(specs)) {
    byName.set(name, name);
    for (const alias of spec.aliases ?? []) byName.set(alias, name);
  }
  const flags: ParsedFlags = {};
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    // A lone "-" and negative numbers are values, not flags.
    if (!arg.startsWith('-') || arg === '-' || /^-\d/.test(arg)) {
      positionals.push(arg);
      continue;
    }
    const body = arg.replace(/^--?/, '');
    const eq = body.indexOf('=');
    const rawName = eq >= 0 ? body.slice(0, eq) : body;
    const name = byName.get(rawName);
    if (name === undefined) {
      const known = Object.entries(specs).filter(([, s]) => !s.hidden).map(([n]) => `--${n}`).join(', ');
      throw new UsageError(`unknown flag ${arg.split('=')[0]} (known flags: ${known || 'none'})`);
    }
    const spec = specs[name]!;
    if (spec.type === 'boolean') {
      if (eq >= 0) {
        const v = body.slice(eq + 1).toLowerCase();
        if (v !== 'true' && v !== 'false') throw new UsageError(`flag --${name} takes true or false, not "${v}"`);
        flags[name] = v === 'true';
      } else {
        flags[name] = true;
      }
      continue;
    }
    let value: string | undefined;
    if (eq >= 0) value = body.slice(eq + 1);
    else {
      value = argv[i + 1];
      if (value === undefined) throw new UsageError(`flag --${name} needs a value`);
      i++;
    }
    if (spec.choices && !spec.choices.includes(value)) {
      throw new UsageError(`flag --${name} must be one of ${spec.choices.join(', ')}, not "${value}"`);
    }
    flags[name] = value;
  }
  return { flags, positionals };
}
