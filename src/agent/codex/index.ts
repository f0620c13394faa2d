/**
 * Signing in with a ChatGPT subscription ("Codex"): the device login, the stored credential, and
 * the token source the Responses provider draws access tokens from. Runtime-neutral.
 */
export {
  CODEX_ISSUER,
  CODEX_CLIENT_ID,
  CODEX_BACKEND_BASE,
  CODEX_ORIGINATOR,
  CODEX_DEFAULT_MODEL,
  DEVICE_LOGIN_DEADLINE_MS,
  DEFAULT_POLL_INTERVAL_SECONDS,
  CodexAuthError,
} from './constants.js';
export { parseCodexCredential, serializeCodexCredential, credentialFromTokens, type CodexCredential, type TokenAnswer } from './credential.js';
export { jwtClaims, accountIdFromClaims, accountIdFromTokens, emailFromToken } from './jwt.js';
export {
  requestDeviceCode,
  pollDeviceCode,
  pollInterval,
  exchangeAuthorizationCode,
  refreshCodexCredential,
  revokeCodexCredential,
  type IssuerOptions,
  type DeviceCode,
  type PollResult,
} from './oauth.js';
export { CodexDeviceLogin, type DeviceLoginOptions } from './device-login.js';
export { CodexTokenSource, RENEW_BEFORE_MS, RENEWAL_WAIT_MS, RENEWAL_COOLDOWN_MS, type TokenSourceOptions, type CodexAccess, type CredentialChange } from './token-source.js';
