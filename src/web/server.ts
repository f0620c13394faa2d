/**
 * `startWebServer`: the agent in a local web page. Puts the hub, the gate, the handler and the
 * Node HTTP server together and hands back the one URL to open (it carries the secret).
 */
import type { AgentSessionApi } from '../agent/types.js';
import { RequestGuard } from './guard.js';
import { createWebHandler } from './handler.js';
import type { ChatGptSignIn } from './chatgpt-sign-in.js';
import { ConversationHub, randomToken, type GameReader, type WebAccount } from './hub.js';
import { serveHandler } from './node-server.js';
import { loadPageScripts } from './page-scripts.js';

export interface WebServerOptions {
  session: AgentSessionApi;
  account: WebAccount;
  readGame?: GameReader;
  gameId?: number;
  model?: string;
  /** Default 127.0.0.1. Anything else exposes the page (and the secret check) to the network. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Default: 32 random bytes as hex. */
  secret?: string;
  /** See `HubOptions.abandonAfterMs`. */
  abandonAfterMs?: number;
  onError?: (error: Error) => void;
  /** With `--auth codex`: the ChatGPT device sign-in the page offers. */
  chatgpt?: ChatGptSignIn;
}

export interface WebServer {
  /** The address to open: `http://127.0.0.1:<port>/?token=<secret>`. */
  url: string;
  /** `http://127.0.0.1:<port>` without the secret. */
  origin: string;
  port: number;
  hub: ConversationHub;
  close(): Promise<void>;
}

/** Hosts that keep the page on this machine. */
export const LOOPBACK_HOSTS: readonly string[] = ['127.0.0.1', 'localhost', '::1'];

/**
 * @example
 * ```ts
 * const web = await startWebServer({ session, account });
 * process.stderr.write(`open ${web.url}\n`);
 * await web.close();
 * ```
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const host = options.host ?? '127.0.0.1';
  const secret = options.secret ?? randomToken(32);
  const scripts = await loadPageScripts();
  const hub = new ConversationHub({
    session: options.session,
    account: options.account,
    readGame: options.readGame,
    gameId: options.gameId,
    model: options.model,
    abandonAfterMs: options.abandonAfterMs,
  });
  await hub.start();
  // The port is known only after listening; the gate is built then and the handler reads it late.
  let handle: ((request: Request) => Promise<Response>) | null = null;
  const served = await serveHandler(
    (request) => (handle ? handle(request) : Promise.resolve(new Response('starting', { status: 503 }))),
    host,
    options.port ?? 0,
    options.onError,
  );
  const literalHost = /^[\d.]+$|:/.test(host) || host === 'localhost';
  const guard = new RequestGuard({ secret, port: served.port, extraHostNames: literalHost ? [] : [host] });
  handle = createWebHandler({ hub, guard, scripts, chatgpt: options.chatgpt });
  const shownHost = host === '::1' ? '[::1]' : host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const origin = `http://${shownHost}:${served.port}`;
  return {
    url: `${origin}/?token=${secret}`,
    origin,
    port: served.port,
    hub,
    close: async () => {
      hub.close();
      options.chatgpt?.close();
      await served.close();
    },
  };
}
