/** Public surface of the engine package: types, the Engine interface and its implementations. */
export * from './types.js';
export * from './engine.js';
export * from './errors.js';
export { loginErrorFor } from './login-errors.js';
export { EncounterClient, DEFAULT_USER_AGENT, DEFAULT_TIMEOUT_MS, type EncounterClientOptions } from './client.js';
export { Transport, DEFAULT_PACING, NO_PACING, DEFAULT_MAX_REPLY_BYTES, type Pacing, type RequestArea, type TransportOptions, type TransportRequest } from './transport.js';
export { Paced, DEFAULT_REQUEST_INTERVAL_MS, abortableSleep, type PacedOptions } from './paced.js';
export { wrapMethods, wrapSome, type MethodWrapper } from './wrap-methods.js';
export { lazyEngine, type LazyEngine, type LazyEngineOptions } from './lazy-engine.js';
export * from './admin/index.js';
export { clientFromSavedSession, type SavedClientOptions } from './saved-client.js';
export { SessionStore, defaultSessionDir, sessionFileName, type SavedSession } from './session-store.js';
export { ENCOUNTER_ZONES, InvalidDomainError, encounterZoneOf, parseDomain, type ParseDomainOptions } from './domain.js';
export { CookieJar, type PlainCookie } from './cookie-jar.js';
export {
  ResourceFetcher,
  DEFAULT_RESOURCE_MAX_BYTES,
  DEFAULT_RESOURCE_TIMEOUT_MS,
  MAX_RESOURCE_REDIRECTS,
  systemResolver,
  systemDialer,
  type Resolver,
  type Dialer,
  type DialTarget,
  type ResolvedAddress,
  type ResourceFetcherOptions,
} from './net/resource-fetcher.js';
export { nonPublicReason, parseIpLiteral } from './net/ip-address.js';
