/**
 * encx-agenttools/web — the agent in a local web page: a Node HTTP server on 127.0.0.1 serving one
 * page and an API, with the conversation streamed over Server-Sent Events.
 */
export { startWebServer, LOOPBACK_HOSTS, type WebServer, type WebServerOptions } from './server.js';
export { ConversationHub, HubError, type WebAccount, type GameReader, type HubOptions } from './hub.js';
export { createWebHandler, CONTENT_SECURITY_POLICY, type WebHandlerOptions, type PageScripts } from './handler.js';
export { RequestGuard, secretCookieName, type GuardOptions } from './guard.js';
export { engineAccount, signInFailure, type EngineAccountOptions } from './account.js';
export { ChatGptSignIn, type ChatGptSignInOptions, type DeviceLoginHandle } from './chatgpt-sign-in.js';
export { gameGlanceReader } from './game-glance.js';
export type * from './protocol.js';
