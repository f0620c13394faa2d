/**
 * What `npm pack` would publish: the build, the licence and the README, and nothing a consumer
 * cannot use (no tests, corpus, sources or source maps pointing at sources that are not there);
 * every `exports` entry and the bin resolve to shipped files, each export with its types; no
 * install-time script runs for consumers.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, ROOT } from './consumer.js';

interface PackEntry {
  files: Array<{ path: string; size: number }>;
  unpackedSize: number;
}

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  license: string;
  repository?: { url: string };
  homepage?: string;
  bugs?: { url: string };
  keywords?: string[];
  bin: Record<string, string>;
  exports: Record<string, string | { types: string; default: string }>;
  scripts: Record<string, string>;
};

describe('the published package', () => {
  let files: string[] = [];
  let entry: PackEntry;

  beforeAll(async () => {
    assertBuilt();
    const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT });
    entry = (JSON.parse(stdout) as PackEntry[])[0]!;
    files = entry.files.map((f) => f.path);
  }, 60_000);

  it('ships the licence, the README, package.json and the built library', () => {
    expect(files).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'package.json', 'dist/src/imaging/index.js', 'dist/src/imaging/index.d.ts']));
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    expect(pkg.license).toBe('MIT');
  });

  it('ships nothing but dist/src and the metadata files', () => {
    const stray = files.filter((f) => !f.startsWith('dist/src/') && !['LICENSE', 'README.md', 'package.json'].includes(f));
    expect(stray).toEqual([]);
    expect(files.filter((f) => f.endsWith('.map') || f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
  });

  it('no shipped file points at a source map', () => {
    const withMaps = files.filter((f) => f.endsWith('.js') && readFileSync(join(ROOT, f), 'utf8').includes('sourceMappingURL'));
    expect(withMaps).toEqual([]);
  });

  it('every export names shipped JavaScript and its types, types first', () => {
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      if (subpath === './package.json') continue;
      expect(typeof target, subpath).toBe('object');
      const conditions = target as { types: string; default: string };
      expect(Object.keys(conditions)[0], `${subpath}: "types" must come first`).toBe('types');
      expect(files).toContain(conditions.default.replace(/^\.\//, ''));
      expect(files).toContain(conditions.types.replace(/^\.\//, ''));
    }
    expect(Object.keys(pkg.exports)).toEqual(expect.arrayContaining(['./imaging', './engine', './tools', './mcp']));
  });

  it('the bin is shipped and starts with a node shebang', () => {
    for (const bin of Object.values(pkg.bin)) {
      expect(files).toContain(bin);
      expect(readFileSync(join(ROOT, bin), 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
    }
  });

  it('runs no install-time script for consumers (the build runs on prepack)', () => {
    for (const hook of ['prepare', 'preinstall', 'install', 'postinstall']) expect(pkg.scripts[hook], hook).toBeUndefined();
    expect(pkg.scripts.prepack).toContain('build');
  });

  it('says where it lives', () => {
    expect(pkg.repository?.url).toMatch(/^git\+https:\/\/github\.com\/.+\.git$/);
    expect(pkg.homepage).toMatch(/^https:\/\//);
    expect(pkg.bugs?.url).toMatch(/^https:\/\/.+\/issues$/);
    expect(pkg.keywords?.length).toBeGreaterThan(3);
  });

  it('stays small (no corpus or fixtures slipped in)', () => {
    expect(entry.unpackedSize).toBeLessThan(3 * 1024 * 1024);
  });

  it('README pictures and links use absolute URLs, so they render on the registry page', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const targets = [...readme.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
    expect(targets.length).toBeGreaterThan(0);
    const relative = targets.filter((t) => !/^(https?:|mailto:|#)/.test(t));
    expect(relative).toEqual([]);
  });
});
