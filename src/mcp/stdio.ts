/**
 * Serves a catalog over stdin/stdout. stdout is the protocol channel: nothing else may write to it,
 * so this module never logs; the caller reports to stderr.
 */
import type { Transport } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { Catalog } from '../tools/types.js';
import { ApprovalLedger } from './approval-ledger.js';
import { createMcpServer } from './server.js';

/** 10 MiB: the largest single message (one stdin line) the server reads. */
export const MAX_STDIN_MESSAGE_BYTES = 10 * 1024 * 1024;

export interface StdioServeOptions {
  version: string;
  /** Out-of-band errors that do not end the connection (a malformed message); never written to stdout. */
  onError?: (error: Error) => void;
  /**
   * Called after each `tools/list` answer has been written: the client is set up, so start-up
   * work left for later (`encli mcp --demo` starting its engine) can begin without delaying it.
   */
  onToolsListed?: () => void;
}

/** How the connection ended. */
export interface StdioEnd {
  /**
   * Null when the client hung up (stdin reached its end) or `close()` was called; otherwise what
   * broke the connection (a message over the size limit, a broken stdout, a failing stdin). After a
   * failure nothing more can be read or answered, so the process must end.
   */
  failure: Error | null;
}

/** A running stdio server. */
export interface StdioService {
  /** Resolves once the connection is over, for whatever reason. */
  readonly closed: Promise<StdioEnd>;
  close(): Promise<void>;
}

/**
 * Serves both protocol eras (2025 `initialize` and 2026 `server/discover`) from one catalog. Every
 * instance the SDK builds for the connection shares one approval ledger.
 *
 * @example
 * ```ts
 * const service = serveCatalogOverStdio(catalog, { version, onError: (e) => console.error(e.message) });
 * const { failure } = await service.closed;
 * if (failure) process.exitCode = 1;
 * ```
 */
export function serveCatalogOverStdio(catalog: Catalog, options: StdioServeOptions): StdioService {
  const ledger = new ApprovalLedger();
  const wire = new EndAwareTransport(
    new StdioServerTransport(process.stdin, process.stdout, { maxBufferSize: MAX_STDIN_MESSAGE_BYTES }),
    () => process.stdin.readableEnded,
    options.onToolsListed,
  );
  const handle = serveStdio(() => createMcpServer(catalog, { version: options.version, ledger }), {
    transport: wire,
    onerror: (error) => options.onError?.(error),
  });
  return {
    closed: wire.ended,
    async close() {
      wire.closeRequested = true;
      await handle.close();
    },
  };
}

/**
 * The SDK's stdio transport closes itself on a fatal error (a message over the size limit, a
 * broken stdout) but only reports it as one more out-of-band error and leaves the process running
 * with stdin paused: a wedged server that no client can reach. This wrapper passes everything
 * through and tells the owner when — and why — the transport closed, holding back the error that
 * caused a close so it is reported once, as the failure.
 */
class EndAwareTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];
  /** Set before an orderly close so it is not mistaken for a failure. */
  closeRequested = false;
  readonly ended: Promise<StdioEnd>;
  private resolveEnded!: (end: StdioEnd) => void;
  private pendingError: Error | undefined;
  private isClosed = false;
  /** Ids of `tools/list` requests not answered yet. */
  private readonly toolsListIds = new Set<string | number>();

  constructor(
    private readonly inner: StdioServerTransport,
    /** True once stdin reached a clean end of file (the client hung up). */
    private readonly stdinEnded: () => boolean,
    private readonly onToolsListed?: () => void,
  ) {
    this.ended = new Promise<StdioEnd>((resolve) => (this.resolveEnded = resolve));
    inner.onmessage = (message) => {
      if (onToolsListed && 'method' in message && message.method === 'tools/list' && 'id' in message && message.id !== undefined) {
        this.toolsListIds.add(message.id);
      }
      this.onmessage?.(message);
    };
    inner.onerror = (error) => {
      // A fatal error is followed by close() in the same tick; anything else is forwarded.
      this.pendingError = error;
      queueMicrotask(() => {
        if (this.isClosed || this.pendingError !== error) return;
        this.pendingError = undefined;
        this.onerror?.(error);
      });
    };
    inner.onclose = () => {
      this.isClosed = true;
      const cause = this.pendingError;
      this.pendingError = undefined;
      const failed = !this.closeRequested && !this.stdinEnded();
      if (!failed && cause) this.onerror?.(cause);
      this.onclose?.();
      this.resolveEnded({ failure: failed ? describeFailure(cause) : null });
    };
  }

  start(): Promise<void> {
    return this.inner.start();
  }
  async send(message: Parameters<Transport['send']>[0]): Promise<void> {
    await this.inner.send(message);
    if (!('method' in message) && 'id' in message && message.id !== undefined && this.toolsListIds.delete(message.id)) this.onToolsListed?.();
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

/** The transport's error in words a user can act on. */
function describeFailure(cause: Error | undefined): Error {
  if (!cause) return new Error('the MCP connection on stdin/stdout closed unexpectedly');
  if (/ReadBuffer exceeded maximum size/i.test(cause.message)) {
    return new Error(`a message on stdin is larger than ${MAX_STDIN_MESSAGE_BYTES / (1024 * 1024)} MiB, the most one MCP message may hold`, {
      cause,
    });
  }
  return new Error(`the MCP connection on stdin/stdout failed: ${cause.message}`, { cause });
}
