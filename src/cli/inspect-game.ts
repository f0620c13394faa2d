/**
 * `encli inspect-game`: read a game's scenario with the domain's saved login and print its title
 * and exact content counts — what a copy would carry — without changing anything.
 *
 *   encli inspect-game --domain svk.en.cx --game 82864 [--json]
 *   encli inspect-game --demo
 */
import type { CliCommand } from './help.js';
import { inspectScenario } from '../copy/copy-game.js';
import type { ScenarioSummary } from '../copy/summary.js';
import { savedAdminSessions } from './admin-sessions.js';
import { cliMessageOf, DEFAULT_TARGET_DOMAIN, gameIdFlag, type CopyGameIo } from './copy-game.js';
import { DEMO_SOURCE_DOMAIN, DEMO_SOURCE_GAME_ID, openCopyDemo } from './copy-demo.js';
import { parseFlags, UsageError, type FlagSpecs } from './flags.js';
import { FLAG_SPELLING_NOTE, flagTable } from './help.js';

const FLAGS: FlagSpecs = {
  domain: { type: 'string', value: 'DOMAIN', description: "the game's Encounter domain (env ENCX_DOMAIN)", default: DEFAULT_TARGET_DOMAIN },
  game: { type: 'string', value: 'ID', description: 'the game id', default: 'required' },
  json: { type: 'boolean', description: 'print the counts as JSON on stdout' },
  demo: { type: 'boolean', description: 'read the offline demo game on a fake svk.en.cx; no account and no network needed' },
  help: { type: 'boolean', aliases: ['h'], hidden: true },
};

const HELP = `usage: encli inspect-game --domain <domain> --game <id> [--json]
       encli inspect-game --demo [--json]

Read a game's scenario (the editor's export) and print its title and exact counts: levels, tasks,
hints, penalty hints, sectors with answers, bonuses (one for every level counts once), levels with
a comment, embedded and missing assets. Nothing is changed. Run it before "encli copy-game" to
check the source is what you expect.

flags:
${flagTable(FLAGS)}

Uses the domain's saved login ("encli login -domain <domain>"), which needs author or editor rights
on the game. Exit status: 0 read, 1 failed, 2 bad usage.
${FLAG_SPELLING_NOTE}`;

/** The counts as aligned text lines. */
export function renderSummary(s: ScenarioSummary): string {
  const rows: Array<[string, string | number]> = [
    ['Game', `${s.source_game_id} on ${s.source_domain}`],
    ['Title', JSON.stringify(s.title)],
    ['Levels', s.levels],
    ['Tasks', s.tasks],
    ['Hints', s.hints],
    ['Penalty hints', s.penalty_hints],
    ['Sectors', s.sectors],
    ['Bonuses', s.bonuses],
    ['Comments', s.comments],
    ['Embedded assets', s.embedded_assets],
    ['Missing assets', s.missing_assets],
    ['Export', s.source_path],
  ];
  return rows.map(([k, v]) => `${`${k}:`.padEnd(17)}${v}`).join('\n');
}

/** `encli inspect-game` as the command table loads it. */
export const inspectGameCommand: CliCommand = { help: () => HELP, run: (argv) => runInspectGame(argv) };

/** Entry point of `encli inspect-game`; resolves to the exit code. */
export async function runInspectGame(argv: string[], io: CopyGameIo = { stdout: process.stdout, stderr: process.stderr, env: process.env }): Promise<number> {
  const { flags, positionals } = parseFlags(argv, FLAGS);
  if (flags.help === true) {
    io.stdout.write(HELP + '\n');
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}" (encli inspect-game takes only flags; see --help)`);
  const demo = flags.demo === true ? await openCopyDemo() : undefined;
  try {
    if (demo && (flags.domain !== undefined || flags.game !== undefined)) throw new UsageError('--demo reads its own game; drop --domain and --game');
    const gameId = demo ? DEMO_SOURCE_GAME_ID : gameIdFlag(flags.game, 'game');
    const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
    const domain = demo ? DEMO_SOURCE_DOMAIN : (text(flags.domain) ?? text(io.env.ENCX_DOMAIN) ?? DEFAULT_TARGET_DOMAIN);
    let summary: ScenarioSummary;
    try {
      // Reading needs only the game's own domain; in the demo it is another domain than the target's.
      const sessions = demo ? demo.sessions : await savedAdminSessions(domain.toLowerCase(), io.sessions);
      summary = await inspectScenario(sessions, { sourceDomain: domain, sourceGameId: gameId });
    } catch (err) {
      io.stderr.write(`encli inspect-game: ${cliMessageOf(err)}\n`);
      return 1;
    }
    io.stdout.write((flags.json === true ? JSON.stringify(summary, null, 2) : renderSummary(summary)) + '\n');
    return 0;
  } finally {
    await demo?.close();
  }
}
