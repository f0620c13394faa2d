/**
 * `encli copy-game` and `encli inspect-game`: the offline demo, and real flags against two fake
 * domains over HTTP with sessions saved per domain, as `encli login` leaves them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/flags.js';
import { runCopyGame, type CopyGameIo } from '../../src/cli/copy-game.js';
import { runInspectGame } from '../../src/cli/inspect-game.js';
import { demoSourceScenario } from './support/rich-scenario.js';
import { SessionStore } from '../../src/engine/session-store.js';
import { NO_PACING } from '../../src/engine/transport.js';
import { emptyGame, fakeDomains, type FakeDomains } from './support/fake-domains.js';

interface Captured extends CopyGameIo {
  out: string;
  err: string;
}

function capture(options: { tty?: boolean; sessions?: CopyGameIo['sessions'] } = {}): Captured {
  const io: Captured = {
    out: '',
    err: '',
    env: {},
    sessions: options.sessions,
    stdout: { write: (t: string) => (io.out += t) },
    stderr: { write: (t: string) => (io.err += t), isTTY: options.tty === true, columns: 100 },
  };
  return io;
}

describe('encli copy-game --demo', () => {
  it('copies the demo game offline, shows progress per level on stderr and the verdict on stdout', async () => {
    const io = capture();
    expect(await runCopyGame(['--demo'], io)).toBe(0);
    expect(io.out).toMatch(/^Source: {2}game 82864 on svk\.en\.cx — "Огни Северного": 3 levels, 3 tasks, 3 hints, 1 penalty hints, 5 sectors, 3 bonuses, 2 comments\n/);
    expect(io.out).toContain('Verdict: VERIFIED');
    expect(io.err).toContain('level 2/3: sectors and answers');
    expect(io.err).toContain('level 3/3: done');
    expect(io.err).not.toContain('\r');
  });

  it('draws a progress bar on a terminal', async () => {
    const io = capture({ tty: true });
    expect(await runCopyGame(['--demo', '--json'], io)).toBe(0);
    expect(io.err).toMatch(/\r\x1b\[2Klevel 1\/3 [█░]+ \d+% name and comment/);
    expect(io.err).toMatch(/level 3\/3 █+ 100% done/);
    expect(JSON.parse(io.out)).toMatchObject({ success: true, verified: true, game_id: 123, source_game_id: 82864 });
  });

  it('refuses --demo mixed with real game flags', async () => {
    await expect(runCopyGame(['--demo', '--target', '5'], capture())).rejects.toThrow(UsageError);
  });
});

describe('encli copy-game and inspect-game against two fake domains', () => {
  let d: FakeDomains | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await d?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
    d = undefined;
    dir = undefined;
  });

  /** Fakes over HTTP; the sessions of `saved` domains stored the way `encli login` stores them. */
  async function setup(saved: Array<'svk.en.cx' | 'tech.en.cx'> = ['svk.en.cx', 'tech.en.cx']) {
    d = await fakeDomains({ transport: 'http', sourceGames: { 82864: demoSourceScenario() }, targetGames: { 123: emptyGame() } });
    dir = await mkdtemp(join(tmpdir(), 'encli-copy-'));
    const store = new SessionStore(dir);
    for (const client of [d.sourceClient, d.targetClient]) {
      if (!saved.includes(client.domain as 'svk.en.cx')) continue;
      await store.save({ domain: client.domain, login: 'author', userAgent: client.userAgent, cookies: client.exportCookies(), savedAt: new Date().toISOString() });
    }
    const urls: Record<string, string> = { 'svk.en.cx': d.source.url, 'tech.en.cx': d.target.url };
    return capture({ sessions: { store, clientOptions: (domain) => ({ baseUrl: urls[domain], pacing: NO_PACING }) } });
  }

  it('copies with real flags, verifies, and a second run changes nothing', async () => {
    const io = await setup();
    const argv = ['--from', 'svk.en.cx', '--game', '82864', '--to', 'tech.en.cx', '--target', '123'];
    expect(await runCopyGame(argv, io)).toBe(0);
    expect(io.out).toContain('Verdict: VERIFIED');
    io.out = '';
    expect(await runCopyGame(argv, io)).toBe(0);
    expect(io.out).toContain('Changes: none — the target already matched');
    expect(io.out).toContain('Verdict: VERIFIED');
  });

  it('a dry run prints what would change and writes nothing', async () => {
    const io = await setup();
    const posts = () => d!.target.requests.filter((r) => r.method === 'POST').length;
    const before = posts();
    expect(await runCopyGame(['-from', 'svk.en.cx', '-game', '82864', '-to', 'tech.en.cx', '-target', '123', '--dry-run'], io)).toBe(0);
    expect(io.out).toMatch(/Would change: 3 levels created, .*5 sectors created/);
    expect(io.out).toContain('Dry run: nothing was written.');
    expect(posts()).toBe(before);
  });

  it('a source domain without a saved session says which login to run; the target is untouched', async () => {
    const io = await setup(['tech.en.cx']);
    const before = d!.target.requests.length;
    expect(await runCopyGame(['--from', 'svk.en.cx', '--game', '82864', '--to', 'tech.en.cx', '--target', '123'], io)).toBe(1);
    expect(io.err).toContain('No saved session for source domain svk.en.cx. Log into that domain first. Run "encli login -domain svk.en.cx" and retry.');
    expect(d!.target.requests.length).toBe(before);
  });

  it('a target domain without a saved session says which login to run', async () => {
    const io = await setup(['svk.en.cx']);
    expect(await runCopyGame(['--from', 'svk.en.cx', '--game', '82864', '--to', 'tech.en.cx', '--target', '123'], io)).toBe(1);
    expect(io.err).toContain('no saved session for tech.en.cx. Run "encli login -domain tech.en.cx" first.');
  });

  it('an interrupted copy exits 1 with the stats so far and "Verify before retrying"', async () => {
    const io = await setup();
    d!.target.faults.admin = { dropWritesAfter: 5 };
    expect(await runCopyGame(['--from', 'svk.en.cx', '--game', '82864', '--to', 'tech.en.cx', '--target', '123', '--json'], io)).toBe(1);
    const result = JSON.parse(io.out);
    expect(result).toMatchObject({ success: false, verified: false });
    expect(result.error).toMatch(/^Import interrupted; changes already applied are in stats\. Verify before retrying/);
    expect(result.stats.levels_created).toBe(3);
  });

  it('inspect-game prints the counts of a game read with the domain\'s saved login', async () => {
    const io = await setup();
    expect(await runInspectGame(['--domain', 'svk.en.cx', '--game', '82864'], io)).toBe(0);
    expect(io.out).toMatch(/^Game: {12}82864 on svk\.en\.cx\nTitle: {11}"Ночной город \(демо\)"\nLevels: {10}3\n/);
    expect(io.out).toContain('Sectors:         5');
  });

  it.each([
    [['--game', '82864'], /--target is required/],
    [['--game', 'abc', '--target', '1'], /--game must be a positive game id, not "abc"/],
    [['--game', '0', '--target', '1'], /--game must be a positive game id/],
    [['--from', 'svk.en.cx.evil.example', '--game', '1', '--target', '2'], /source_domain must be an Encounter hostname such as svk\.en\.cx/],
    [['--from', 'tech.en.cx', '--game', '5', '--target', '5'], /Source and target must be different games/],
    [['extra'], /unexpected argument "extra"/],
  ])('bad usage %j is refused', async (argv, message) => {
    const io = await setup();
    await expect(runCopyGame(argv as string[], io)).rejects.toThrow(message);
  });

  it('--help shows every flag with its default', async () => {
    const io = capture();
    expect(await runCopyGame(['--help'], io)).toBe(0);
    for (const flag of ['--from', '--game', '--to', '--target', '--dry-run', '--json', '--demo']) expect(io.out).toContain(flag);
    expect(io.out).toContain('(default: tech.en.cx)');
  });
});

describe('encli inspect-game --demo', () => {
  it('counts the demo source game offline', async () => {
    const io = capture();
    expect(await runInspectGame(['--demo', '--json'], io)).toBe(0);
    expect(JSON.parse(io.out)).toMatchObject({ source_domain: 'svk.en.cx', source_game_id: 82864, title: 'Огни Северного', levels: 3, sectors: 5, bonuses: 3 });
  });
});
