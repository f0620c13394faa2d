/**
 * The package version announced as the MCP server version. Read from the package's own
 * package.json, found by walking up from this module: the same code runs from `src/` (tsx) and
 * from `dist/src/` (built), which sit at different depths.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package whose version is wanted; another package.json on the way up is not ours. */
const PACKAGE_NAME = 'encx-agenttools';
/** Levels to climb before giving up: `dist/src/mcp` is three below the package root. */
const MAX_LEVELS = 5;
/** Announced when package.json cannot be read (the reference announces `dev` too). */
const UNKNOWN_VERSION = 'dev';

/**
 * @example
 * ```ts
 * packageVersion() // '0.1.0'
 * ```
 */
export function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let level = 0; level <= MAX_LEVELS; level++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === PACKAGE_NAME && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // No (readable) package.json at this level: keep climbing.
    }
    dir = dirname(dir);
  }
  return UNKNOWN_VERSION;
}
