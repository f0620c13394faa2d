#!/usr/bin/env node
/**
 * The `encli` bin. `encli mcp` runs main.ts from one bundle (mcp-bundle.js beside this file, made
 * by `npm run build`, scripts/bundle-cli.mjs) when there is one: unbundled, its start-up loads
 * ~100 of our modules one by one, and Node 20's ESM loader spent ~30 ms CPU on that (bench/startup.md).
 * Every other command, and a source checkout, runs main.ts as compiled, module by module: each
 * command loads only what it uses, and `encli --version` does not load the MCP SDK.
 */
import { existsSync } from 'node:fs';

const MCP_BUNDLE = new URL('./mcp-bundle.js', import.meta.url);

await import(process.argv[2] === 'mcp' && existsSync(MCP_BUNDLE) ? MCP_BUNDLE.href : './main.js');
