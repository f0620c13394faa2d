/**
 * `encli` as a user runs it (the built bin, a real child process): help on stdout when asked for
 * (`encli mcp --help` on stderr: its stdout is the protocol),
 * complete per command and identical both ways, every flag with its default, `--version`, and
 * errors as one line on stderr or as JSON on stdout with `--json`.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, ROOT } from '../package/consumer.js';

const BIN = join(ROOT, 'dist/src/cli/encli.js');

function encli(args: string[], cwd = ROOT): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, NO_COLOR: '1' } }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The `--name` flags listed in a help text's flag table. */
function helpFlags(help: string): string[] {
  return [...help.matchAll(/^ {2}(--[a-z-]+)/gm)].map((m) => m[1]!);
}

/** The flags the parser accepts, from its unknown-flag message. */
async function acceptedFlags(args: string[]): Promise<string[]> {
  const { stderr } = await encli([...args, '--no-such-flag']);
  const list = /known flags: ([^)]*)\)/.exec(stderr);
  if (!list) throw new Error(`no flag list in: ${stderr}`);
  return list[1]!.split(', ');
}

const COMMANDS = ['mcp', 'login', 'logout', 'image info', 'image split', 'image crop', 'copy-game', 'inspect-game', 'chat', 'auth', 'web'];
/** Commands whose stdout carries a protocol, so `--help` prints on stderr. */
const PROTOCOL_ON_STDOUT = ['mcp'];

describe('encli help and version', () => {
  beforeAll(() => assertBuilt());

  it.each([['--help'], ['-h'], ['help']])('"encli %s" prints the command list on stdout, exit 0', async (flag) => {
    const run = await encli([flag]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^usage: encli <command>/);
    for (const name of ['mcp', 'login', 'logout', 'image']) expect(run.stdout).toMatch(new RegExp(`^ {2}${name} `, 'm'));
  });

  it('"encli" alone prints the usage on stderr and exits 2 (nothing was asked for)', async () => {
    const run = await encli([]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^usage: encli <command>/);
  });

  it('--version prints the package version', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const run = await encli(['--version']);
    expect(run).toMatchObject({ code: 0, stdout: `encli ${version}\n`, stderr: '' });
  });

  it.each(COMMANDS)('"encli help %s" equals "--help", on stdout, listing every accepted flag with its default', async (command) => {
    const path = command.split(' ');
    const viaHelp = await encli(['help', ...path]);
    const viaFlag = await encli([...path, '--help']);
    expect(viaHelp.code).toBe(0);
    expect(viaFlag.code).toBe(0);
    // `encli mcp`'s stdout is the protocol channel: its --help goes to stderr, stdout stays empty.
    if (PROTOCOL_ON_STDOUT.includes(command)) {
      expect(viaFlag.stdout).toBe('');
      expect(viaHelp.stdout).toBe(viaFlag.stderr);
    } else expect(viaHelp.stdout).toBe(viaFlag.stdout);
    expect(viaHelp.stdout).toMatch(new RegExp(`^usage: encli ${path.join(' ')}`));
    const listed = helpFlags(viaHelp.stdout);
    expect(listed.sort()).toEqual((await acceptedFlags(path)).sort());
    // Each flag's entry (up to the next flag) states its default.
    const entries = viaHelp.stdout.split(/\n(?= {2}--)/).slice(1);
    expect(entries).toHaveLength(listed.length);
    for (const entry of entries) expect(entry).toContain('(default: ');
  });

  it('help for an unknown command is an error on stderr (exit 2)', async () => {
    const run = await encli(['help', 'frobnicate']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/unknown command "frobnicate"/);
  });

  it('messages name the CLI flags, not the MCP arguments', async () => {
    const run = await encli(['image', 'split', join(ROOT, 'fixtures/collages/strip3-white10-q90.jpg'), '--max-dimension', '0', '--parts', '3']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--max-dimension has to be between 1 and');
    expect(run.stderr).not.toMatch(/max_dimension/);
  });
});

describe('encli errors', () => {
  let tmp = '';
  beforeAll(() => {
    assertBuilt();
    tmp = mkdtempSync(join(tmpdir(), 'encli-errors-'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('--json turns an error into JSON on stdout with a non-zero exit and nothing on stderr', async () => {
    const run = await encli(['image', 'info', join(tmp, 'missing.jpg'), '--json']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ error: { kind: 'file_system', message: `cannot read ${join(tmp, 'missing.jpg')}: no such file or folder` } });
  });

  it('a usage error with --json is JSON too', async () => {
    const run = await encli(['image', 'crop', '--json']);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toMatchObject({ error: { kind: 'usage', message: expect.stringContaining('missing FILE') } });
  });

  it('a file-system failure is one clear line with exit 2', async () => {
    const notAFolder = join(tmp, 'plain-file');
    writeFileSync(notAFolder, 'x');
    const run = await encli(['image', 'crop', join(ROOT, 'fixtures/collages/strip3-white10-q90.jpg'), '--out', join(notAFolder, 'crop.jpg')]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([`encli image crop: cannot write into ${notAFolder}: it is a file, not a folder`]);
  });
});
