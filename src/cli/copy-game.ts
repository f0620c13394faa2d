/**
 * `encli copy-game`: copy a game's scenario into a game of the current domain, from the same or
 * another Encounter domain, and verify the result with a fresh export. Progress goes to stderr (a
 * bar on a terminal, plain lines otherwise); the stats and the verdict go to stdout.
 *
 *   encli copy-game --from svk.en.cx --game 82864 [--to tech.en.cx] --target 123 [--dry-run] [--json]
 *   encli copy-game --demo
 */
import type { CliCommand } from './help.js';
import { copyGame, CopyError, type CopyResult } from '../copy/copy-game.js';
import { isZero, type CopyStats } from '../copy/plan.js';
import { LEVEL_STEPS, type CopyProgress } from '../copy/sync.js';
import type { ScenarioSummary } from '../copy/summary.js';
import { SessionExpiredError } from '../engine/errors.js';
import { savedAdminSessions, type AdminSessionOptions } from './admin-sessions.js';
import { DEMO_SOURCE_DOMAIN, DEMO_SOURCE_GAME_ID, DEMO_TARGET_DOMAIN, DEMO_TARGET_GAME_ID, openCopyDemo, type CopyDemo } from './copy-demo.js';
import { parseFlags, UsageError, type FlagSpecs } from './flags.js';
import { FLAG_SPELLING_NOTE, flagTable } from './help.js';

/** The domain a copy goes to when neither --to nor ENCX_DOMAIN says otherwise. */
export const DEFAULT_TARGET_DOMAIN = 'tech.en.cx';

const FLAGS: FlagSpecs = {
  from: { type: 'string', value: 'DOMAIN', description: 'domain of the source game, e.g. svk.en.cx', default: 'the target domain' },
  game: { type: 'string', value: 'ID', description: 'id of the source game', default: 'required' },
  to: { type: 'string', value: 'DOMAIN', description: 'domain of the target game (env ENCX_DOMAIN)', default: DEFAULT_TARGET_DOMAIN },
  target: { type: 'string', value: 'ID', description: 'id of an existing game on --to that receives the copy (create it first)', default: 'required' },
  'dry-run': { type: 'boolean', description: 'read both games and print what would change; write nothing' },
  json: { type: 'boolean', description: 'print the result as JSON on stdout instead of text' },
  demo: {
    type: 'boolean',
    description: 'run offline: two fake domains in this process, a demo source game with every kind of content, an empty target; no account and no network needed',
  },
  help: { type: 'boolean', aliases: ['h'], hidden: true },
};

const HELP = `usage: encli copy-game --from <domain> --game <id> [--to <domain>] --target <id> [--dry-run] [--json]
       encli copy-game --demo [--dry-run] [--json]

Copy the whole scenario of a game (levels, names, comments, autopass, tasks, hints, penalty hints,
bonuses, messages, sectors and their answers, sector rules) into an existing game, then read the
target back and compare it level by level. Only a comparison with zero differences is reported as
verified.

flags:
${flagTable(FLAGS)}

Each domain uses its own saved login: run "encli login -domain <domain>" once for --from and once
for --to. The target's login is never sent to the source domain.
Levels are aligned by position and only what differs is rewritten, so running the same copy again
changes nothing. Extra levels of the target are never deleted (a target with more levels than the
source is refused). Progress goes to stderr; the verdict and the stats to stdout.
Exit status: 0 verified (or a dry run), 1 not verified or failed, 2 bad usage.
${FLAG_SPELLING_NOTE}`;

/** Where the command writes; tests pass their own. */
export interface CopyGameIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown; isTTY?: boolean; columns?: number };
  env: Record<string, string | undefined>;
  /** Saved sessions and client options (a fake engine's base URL, pacing) for tests. */
  sessions?: AdminSessionOptions;
}

const processIo = (): CopyGameIo => ({ stdout: process.stdout, stderr: process.stderr, env: process.env });

/** A positive game id from a flag. */
export function gameIdFlag(value: unknown, flag: string): number {
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${flag} is required (a game id)`);
  const text = value.trim();
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw new UsageError(`--${flag} must be a positive game id, not "${value}"`);
  return n;
}

const STEP_LABELS: Record<(typeof LEVEL_STEPS)[number] | 'done', string> = {
  name: 'name and comment',
  autopass: 'autopass',
  tasks: 'tasks',
  hints: 'hints',
  penalty_hints: 'penalty hints',
  bonuses: 'bonuses',
  messages: 'messages',
  sectors: 'sectors and answers',
  sector_rule: 'sector rule',
  done: 'done',
};

/**
 * Progress on stderr: on a terminal one redrawn line with a bar over all levels and steps; else
 * a plain line per phase, per rewritten step and per finished level.
 */
export class CopyProgressView {
  private wroteOnLevel = false;
  private barShown = false;
  constructor(private readonly out: CopyGameIo['stderr']) {}

  get isTty(): boolean {
    return this.out.isTTY === true;
  }

  update = (p: CopyProgress): void => {
    if (p.kind === 'phase') {
      this.clearBar();
      this.out.write(`${p.message}…\n`);
      return;
    }
    if (this.isTty) {
      const total = p.levels * (LEVEL_STEPS.length + 1);
      const done = (p.level - 1) * (LEVEL_STEPS.length + 1) + p.stepIndex + (p.step === 'done' ? 1 : 0);
      const width = Math.max(10, Math.min(30, (this.out.columns ?? 80) - 50));
      const filled = Math.round((done / total) * width);
      const bar = '█'.repeat(filled) + '░'.repeat(width - filled);
      this.out.write(`\r\x1b[2Klevel ${p.level}/${p.levels} ${bar} ${Math.round((done / total) * 100)}% ${STEP_LABELS[p.step]}`);
      this.barShown = true;
      if (p.step === 'done' && p.level === p.levels) this.clearBar();
      return;
    }
    if (p.step === 'done') {
      this.out.write(`level ${p.level}/${p.levels}: ${this.wroteOnLevel ? 'done' : 'already matches'}\n`);
      this.wroteOnLevel = false;
    } else if (p.writes) {
      this.wroteOnLevel = true;
      this.out.write(`level ${p.level}/${p.levels}: ${STEP_LABELS[p.step]}\n`);
    }
  };

  /** Ends the bar line so the next output starts on a fresh line. */
  clearBar(): void {
    if (this.barShown) this.out.write('\n');
    this.barShown = false;
  }
}

/** `3 levels, 3 tasks, …` */
export function describeCounts(s: ScenarioSummary): string {
  return `${s.levels} levels, ${s.tasks} tasks, ${s.hints} hints, ${s.penalty_hints} penalty hints, ${s.sectors} sectors, ${s.bonuses} bonuses, ${s.comments} comments`;
}

function describeStats(stats: CopyStats): string {
  const parts = Object.entries(stats)
    .filter(([, n]) => n > 0)
    .map(([key, n]) => `${n} ${key.replace(/_/g, ' ')}`);
  return parts.length > 0 ? parts.join(', ') : 'none';
}

/** The result as text: what was read, what changed, and the verdict. */
export function renderCopyResult(r: CopyResult): string {
  const lines = [
    `Source:  game ${r.source_game_id} on ${r.source_domain} — ${JSON.stringify(r.title)}: ${describeCounts(r)}`,
    `Target:  game ${r.game_id} on ${r.target_domain}`,
  ];
  if (r.dry_run) {
    lines.push(`Would change: ${describeStats(r.stats)}`);
    lines.push(isZero(r.stats) ? 'Dry run: the target already matches; nothing would be written.' : 'Dry run: nothing was written.');
    return lines.join('\n');
  }
  lines.push(`Changes: ${isZero(r.stats) ? 'none — the target already matched' : describeStats(r.stats)}`);
  if (r.verified) {
    lines.push(`Verdict: VERIFIED — a fresh export of game ${r.game_id} matches the source level by level.`);
  } else {
    lines.push(`Verdict: NOT VERIFIED — ${r.error ?? 'the copy could not be checked'}`);
    if (r.differences && r.difference_count !== undefined) {
      lines.push(`${r.difference_count} difference(s)${r.difference_count > r.differences.length ? `, the first ${r.differences.length}` : ''}:`);
      for (const d of r.differences) lines.push(`  - ${d}`);
    }
  }
  return lines.join('\n');
}

/** A copy refusal in the terminal's words: a missing login names the command that fixes it. */
export function cliMessageOf(err: unknown): string {
  if (err instanceof CopyError && (err.code === 'no_source_session' || err.code === 'source_auth') && err.subject) {
    return `${err.message}. Run "encli login -domain ${err.subject}" and retry.`;
  }
  if (err instanceof SessionExpiredError) {
    return `no saved session for ${err.domain}. Run "encli login -domain ${err.domain}" first.`;
  }
  return err instanceof Error ? err.message : String(err);
}

/** `encli copy-game` as the command table loads it. */
export const copyGameCommand: CliCommand = { help: () => HELP, run: (argv) => runCopyGame(argv) };

/** Entry point of `encli copy-game`; resolves to the exit code. */
export async function runCopyGame(argv: string[], io: CopyGameIo = processIo()): Promise<number> {
  const { flags, positionals } = parseFlags(argv, FLAGS);
  if (flags.help === true) {
    io.stdout.write(HELP + '\n');
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}" (encli copy-game takes only flags; see --help)`);
  const json = flags.json === true;
  const dryRun = flags['dry-run'] === true;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim().toLowerCase() : undefined);

  let sourceDomain: string;
  let sourceGameId: number;
  let targetGameId: number;
  let demo: CopyDemo | undefined;
  let targetDomain: string;
  if (flags.demo === true) {
    for (const f of ['from', 'to', 'game', 'target'] as const) {
      if (flags[f] !== undefined) throw new UsageError(`--demo runs its own games; drop --${f}`);
    }
    sourceDomain = DEMO_SOURCE_DOMAIN;
    targetDomain = DEMO_TARGET_DOMAIN;
    sourceGameId = DEMO_SOURCE_GAME_ID;
    targetGameId = DEMO_TARGET_GAME_ID;
    // On a terminal, a short pause after each write so the progress can be watched.
    demo = await openCopyDemo({ playerIntervalMs: 0, adminGetPauseMs: 0, adminPostPauseMs: io.stderr.isTTY ? 40 : 0 });
    io.stderr.write(`encli copy-game: offline demo — game ${sourceGameId} on fake ${DEMO_SOURCE_DOMAIN} into empty game ${targetGameId} on fake ${DEMO_TARGET_DOMAIN}\n`);
  } else {
    sourceGameId = gameIdFlag(flags.game, 'game');
    targetGameId = gameIdFlag(flags.target, 'target');
    targetDomain = text(flags.to) ?? text(io.env.ENCX_DOMAIN) ?? DEFAULT_TARGET_DOMAIN;
    sourceDomain = text(flags.from) ?? targetDomain;
  }

  try {
    let sessions;
    try {
      sessions = demo ? demo.sessions : await savedAdminSessions(targetDomain, io.sessions);
    } catch (err) {
      io.stderr.write(`encli copy-game: ${cliMessageOf(err)}\n`);
      return 1;
    }
    const view = new CopyProgressView(io.stderr);
    let result: CopyResult;
    try {
      result = await copyGame(sessions, { sourceDomain, sourceGameId, targetGameId, dryRun, onProgress: view.update });
    } catch (err) {
      view.clearBar();
      if (err instanceof CopyError && err.code === 'bad_argument') throw new UsageError(err.message);
      io.stderr.write(`encli copy-game: ${cliMessageOf(err)}\n`);
      return 1;
    }
    view.clearBar();
    io.stdout.write((json ? JSON.stringify(result, null, 2) : renderCopyResult(result)) + '\n');
    return result.verified || result.dry_run ? 0 : 1;
  } finally {
    await demo?.close();
  }
}
