/**
 * Serves a catalog over stdin/stdout. stdout is the protocol channel: nothing else may write to it,
 * so this module never logs; the caller reports to stderr.
 */
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { Catalog } from '../tools/types.js';
import { ApprovalLedger } from './approval-ledger.js';
import { createMcpServer } from './server.js';

export interface StdioServeOptions {
  version: string;
  /** Out-of-band server errors (a broken pipe, a malformed message); never written to stdout. */
  onError?: (error: Error) => void;
}

/** A running stdio server. */
export interface StdioService {
  /** Resolves when the client hangs up (stdin ends) or `close()` was called. */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/**
 * Serves both protocol eras (2025 `initialize` and 2026 `server/discover`) from one catalog. Every
 * instance the SDK builds for the connection shares one approval ledger.
 *
 * @example
 * ```ts
 * const service = serveCatalogOverStdio(catalog, { version, onError: (e) => console.error(e.message) });
 * await service.closed;
 * ```
 */
export function serveCatalogOverStdio(catalog: Catalog, options: StdioServeOptions): StdioService {
  const ledger = new ApprovalLedger();
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  // The SDK closes its transport when stdin ends; the process would then simply drain and exit,
  // but a caller awaiting `closed` needs the moment too.
  process.stdin.once('end', () => resolveClosed());
  process.stdin.once('close', () => resolveClosed());
  const handle = serveStdio(() => createMcpServer(catalog, { version: options.version, ledger }), {
    onerror: (error) => options.onError?.(error),
  });
  return {
    closed,
    async close() {
      await handle.close();
      resolveClosed();
    },
  };
}
