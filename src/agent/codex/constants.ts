/**
 * The public facts of the ChatGPT ("Codex") sign-in: the OpenAI issuer, the Codex CLI's public OAuth
 * client id (a public client: there is no secret), and the backend that serves the Responses API
 * to a ChatGPT subscription.
 */

/** The OAuth issuer; tests and `ENCX_CODEX_ISSUER` point it at a fake. */
export const CODEX_ISSUER = 'https://auth.openai.com';
/** The Codex CLI's public client id. */
export const CODEX_CLIENT_ID = 'app_EMoamEEZ73f0CkXaXp7hrann';
/** The ChatGPT backend base; the Responses endpoint is `<base>/responses`. */
export const CODEX_BACKEND_BASE = 'https://chatgpt.com/backend-api/codex';
/** The `originator` header the backend expects from a Codex client. */
export const CODEX_ORIGINATOR = 'codex_cli_rs';
/** A model the backend serves to subscriptions (the reference's default). */
export const CODEX_DEFAULT_MODEL = 'gpt-5.5';
/** The user code expires after this long, so a wait without a timeout ends then. */
export const DEVICE_LOGIN_DEADLINE_MS = 15 * 60_000;
/** Poll interval when the issuer sends none, or one below a second. */
export const DEFAULT_POLL_INTERVAL_SECONDS = 5;

/**
 * The error of every sign-in and renewal step. `signInAgain` says the stored credential can no
 * longer be used at all (the only remedy is a new device login).
 *
 * @example
 * ```ts
 * try { await tokens.token(); } catch (err) {
 *   if (err instanceof CodexAuthError && err.signInAgain) showSignInButton();
 * }
 * ```
 */
export class CodexAuthError extends Error {
  override readonly name = 'CodexAuthError';
  constructor(
    message: string,
    readonly signInAgain = false,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** Strips trailing slashes so `<issuer>/oauth/token` never doubles them. */
export function trimBase(url: string): string {
  return url.trim().replace(/\/+$/, '');
}
