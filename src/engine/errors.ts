/**
 * Typed errors of the Encounter client (docs/engine-contract.md, «JSON sign-in and its
 * Error codes», «Reply classification», «Event codes»). Every message says what
 * happened and what to do next, because a model (or a user) reads it and has to act on it.
 */
import { GAME_EVENT_MEANING } from './types.js';

/** Base class: every error the engine client raises is an EncounterError. */
export class EncounterError extends Error {
  override name = 'EncounterError';
  /** True when the same call may succeed if repeated later. */
  readonly retryable: boolean;
  constructor(message: string, options: { retryable?: boolean; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.retryable = options.retryable ?? false;
  }
}

// ---------------------------------------------------------------------------------------------
// Login: one error per JSON sign-in `Error` code

/** A JSON sign-in answered `Error ≠ 0`. Subclasses name each known code. */
export class LoginError extends EncounterError {
  override name = 'LoginError';
  constructor(
    readonly code: number,
    message: string,
    /** The URL the engine offers for this case (CAPTCHA, unblock, confirm e-mail), if any. */
    readonly url: string | null = null,
    options: { retryable?: boolean } = {},
  ) {
    super(message, options);
  }
}

export class CaptchaRequiredError extends LoginError {
  override name = 'CaptchaRequiredError';
}
export class InvalidCredentialsError extends LoginError {
  override name = 'InvalidCredentialsError';
}
export class LoginForbiddenError extends LoginError {
  override name = 'LoginForbiddenError';
}
export class IpBlockedError extends LoginError {
  override name = 'IpBlockedError';
}
export class LoginServerError extends LoginError {
  override name = 'LoginServerError';
}
export class UserBlockedError extends LoginError {
  override name = 'UserBlockedError';
}
export class NotActivatedError extends LoginError {
  override name = 'NotActivatedError';
}
export class BruteForceError extends LoginError {
  override name = 'BruteForceError';
}
export class EmailNotConfirmedError extends LoginError {
  override name = 'EmailNotConfirmedError';
}

// ---------------------------------------------------------------------------------------------
// Session and protection: redirects, the anti-spam page, HTML where JSON was expected

/** The engine's anti-spam wall (`NotHumanRequest.aspx`): a human must pass the check. */
export class AntiSpamError extends EncounterError {
  override name = 'AntiSpamError';
  constructor(
    /** Absolute URL of the verification page. */
    readonly challengeUrl: string,
    /** A `Login.aspx` link found on that page, when known. */
    readonly loginUrl: string | null = null,
  ) {
    super(
      `the engine's anti-spam check stopped this request: open ${challengeUrl} in a browser, pass the check, ` +
        `then retry; pause between requests to avoid it`,
    );
  }
}

/**
 * The session is gone (login redirect or login page). The message states the fact only: how to
 * sign in again differs per surface (a command in a terminal, a button in a page), so each one
 * words that itself from `domain`.
 */
export class SessionExpiredError extends EncounterError {
  override name = 'SessionExpiredError';
  constructor(readonly domain: string, detail = 'the engine asked to sign in again') {
    super(`not signed in to ${domain}: ${detail}`);
  }
}

/** HTML where JSON was expected, and not a login or anti-spam page. */
export class EngineHtmlError extends EncounterError {
  override name = 'EngineHtmlError';
  constructor(readonly url: string, readonly status: number) {
    super(`the engine returned HTML instead of data for ${url} (HTTP ${status}); the session may still be valid, retry shortly`, {
      retryable: true,
    });
  }
}
/** The contract's name for the same case. */
export { EngineHtmlError as HtmlResponseError };

/** A 2xx reply with no body where JSON was expected. */
export class EmptyResponseError extends EncounterError {
  override name = 'EmptyResponseError';
  constructor(readonly url: string, readonly status: number) {
    super(`the engine sent an empty reply for ${url} (HTTP ${status}); retry shortly`, { retryable: true });
  }
}

/**
 * A reply that is neither HTML nor JSON. On 2xx the engine accepted the request: a code that was
 * being submitted WAS recorded, so it must not be sent again.
 */
export class UndecodableResponseError extends EncounterError {
  override name = 'UndecodableResponseError';
  constructor(readonly url: string, readonly status: number, readonly accepted: boolean) {
    super(
      accepted
        ? `the engine accepted the request to ${url} (HTTP ${status}) but its reply could not be read; ` +
            `do not resend a code, read the game state instead`
        : `the engine or a proxy answered ${url} with an unreadable HTTP ${status} page; retry shortly`,
      { retryable: !accepted },
    );
  }
}

/** An HTTP status the call cannot use. */
export class HttpError extends EncounterError {
  override name = 'HttpError';
  constructor(readonly url: string, readonly status: number) {
    super(`the engine answered ${url} with HTTP ${status}`, { retryable: status >= 500 });
  }
}

/** The request never got an answer (DNS, refused connection, reset). */
export class NetworkError extends EncounterError {
  override name = 'NetworkError';
  constructor(readonly url: string, cause?: unknown) {
    super(`could not reach ${url}: ${describeCause(cause)}; check the network and retry`, { retryable: true, cause });
  }
}

/** No answer within the time limit. */
export class TimeoutError extends EncounterError {
  override name = 'TimeoutError';
  constructor(readonly url: string, readonly timeoutMs: number) {
    super(`no answer from ${url} within ${Math.round(timeoutMs / 1000)} s; retry later`, { retryable: true });
  }
}

/** The caller cancelled the call (AbortSignal). */
export class CancelledError extends EncounterError {
  override name = 'CancelledError';
  constructor(what = 'the request') {
    super(`${what} was cancelled`);
  }
}

// ---------------------------------------------------------------------------------------------
// Game state: `Event` codes other than 0 and the transitions

/** The game model carried an `Event` that is an error for this call. */
export class EngineError extends EncounterError {
  override name = 'EngineError';
  constructor(readonly event: number, readonly gameId: number) {
    super(`game ${gameId}: ${GAME_EVENT_MEANING[event] ?? `engine event ${event}`} (Event ${event})`);
  }
}
/** The contract's name for the same case. */
export { EngineError as GameStateError };

/** The domain does not host this game (play page redirected to the site root). Permanent. */
export class GameNotFoundError extends EncounterError {
  override name = 'GameNotFoundError';
  constructor(readonly gameId: number, readonly domain: string) {
    super(`game ${gameId} does not exist on ${domain}; check the game id (see the domain's game list)`);
  }
}

// ---------------------------------------------------------------------------------------------
// Resource fetching (pictures from game content)

/** A resource URL was refused before any request was made (scheme, address, domain). */
export class ResourceRefusedError extends EncounterError {
  override name = 'ResourceRefusedError';
  constructor(readonly url: string, reason: string) {
    super(`refused to fetch ${url}: ${reason}`);
  }
}

/** The resource is over the byte cap. */
export class ResourceTooLargeError extends EncounterError {
  override name = 'ResourceTooLargeError';
  constructor(readonly url: string, readonly limit: number, readonly declared: number | null) {
    super(
      declared !== null
        ? `${url} is ${declared} bytes, over the ${limit} byte limit`
        : `${url} is larger than the ${limit} byte limit`,
    );
  }
}

/** A short, safe description of an underlying failure. */
export function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    const inner = cause.cause instanceof Error ? `: ${cause.cause.message}` : '';
    return `${typeof code === 'string' ? code + ' ' : ''}${cause.message}${inner}`;
  }
  return String(cause);
}
