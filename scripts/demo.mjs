#!/usr/bin/env node
/**
 * `npm run demo`: the offline demo MCP server (`encli mcp --demo`), wired so that stdout carries
 * only the protocol. npm itself prints a "> encx-agenttools@… demo" banner on stdout before any
 * script runs, unless it was started as `npm run --silent demo`; an MCP client would read that
 * banner as protocol. So when npm was not silent and stdout is not a terminal (a client, a pipe),
 * this refuses on stderr with the command to use instead. In a terminal the banner is harmless
 * and the demo starts. Plain JavaScript so it runs before any build step or TypeScript loader.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../dist/src/cli/encli.js', import.meta.url));
const npmWasSilent = process.env.npm_config_loglevel === 'silent';

if (!existsSync(bin)) {
  process.stderr.write('npm run demo: dist/ is missing; run "npm run build" first\n');
  process.exit(2);
}
if (process.env.npm_lifecycle_event && !npmWasSilent && !process.stdout.isTTY) {
  process.stderr.write(
    'npm run demo: npm has already written its banner to stdout, which an MCP client would read as protocol.\n' +
      'Start the demo as "npm run --silent demo", or "node dist/src/cli/encli.js mcp --demo" (npx encli mcp --demo where the package is installed).\n',
  );
  process.exit(2);
}
const child = spawn(process.execPath, [bin, 'mcp', '--demo', ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
