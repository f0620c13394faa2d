/**
 * Every way a call can fail, as a `ToolFailure` a host can act on: the kind (what to do), a finer
 * code, whether a retry may help, and a message for the model. Engine, imaging and tool errors are
 * classified here once, so no surface parses an error text. The words of a remedy ("sign in
 * again") are each surface's; messages here state what happened.
 */
import {
  AntiSpamError,
  CancelledError,
  EmptyResponseError,
  EncounterError,
  EngineError,
  EngineHtmlError,
  GameNotFoundError,
  HttpError,
  LoginError,
  NetworkError,
  ResourceRefusedError,
  ResourceTooLargeError,
  SessionExpiredError,
  TimeoutError,
  UndecodableResponseError,
} from '../engine/errors.js';
import { TRANSITION_EVENTS } from '../engine/types.js';
import { ImageError } from '../imaging/errors.js';
import { ToolArgumentError, ToolError, describeError } from './errors.js';
import type { FailureKind, ToolFailure } from './types.js';

/** A failure without its tool name: what one thrown value means. */
export type FailureClass = Omit<ToolFailure, 'ok' | 'tool' | 'message'>;

/** Machine codes of the engine's game events (the `Event` field of a game model). */
const EVENT_CODES: Readonly<Record<number, string>> = {
  1: 'unknown_engine_error',
  2: 'game_not_found',
  3: 'wrong_game_type',
  4: 'not_authorized',
  5: 'not_started',
  6: 'game_finished',
  7: 'not_applied',
  8: 'team_not_applied',
  9: 'not_accepted',
  10: 'no_team',
  11: 'not_active_in_team',
  12: 'no_levels',
  13: 'team_limit',
  14: 'player_blocked',
  15: 'team_blocked',
  16: 'level_changed',
  17: 'game_over',
  18: 'level_changed',
  19: 'level_passed',
  20: 'all_sectors_solved',
  21: 'level_dismissed',
  22: 'level_timeout',
};

/**
 * What one thrown value means. A `ToolError` that names no kind of its own takes the kind of its
 * `cause`, so a tool that wraps an engine error for a clearer message keeps a lost session a lost
 * session.
 *
 * @example
 * ```ts
 * classifyError(new SessionExpiredError('tech.en.cx')); // { kind: 'session_expired', code: 'session_expired', retryable: false, domain: 'tech.en.cx' }
 * ```
 */
export function classifyError(err: unknown): FailureClass {
  if (err instanceof ToolArgumentError) return { kind: 'bad_argument', code: 'invalid_argument', retryable: false, argument: err.argument };
  if (err instanceof ToolError) {
    const inner = err.cause !== undefined ? classifyError(err.cause) : undefined;
    const fromCause = inner !== undefined && inner.kind !== 'internal' ? inner : undefined;
    return {
      ...fromCause,
      kind: err.kind ?? fromCause?.kind ?? 'engine',
      code: err.code ?? fromCause?.code ?? 'tool_error',
      retryable: err.retryable ?? fromCause?.retryable ?? false,
    };
  }
  if (err instanceof ImageError) {
    if (err.code === 'invalid_argument') return { kind: 'bad_argument', code: 'invalid_argument', retryable: false };
    return { kind: 'picture', code: err.code, retryable: false };
  }
  if (err instanceof EncounterError) return classifyEngineError(err);
  if (isAbort(err)) return { kind: 'cancelled', code: 'cancelled', retryable: false };
  return { kind: 'internal', code: 'unexpected', retryable: false };
}

function classifyEngineError(err: EncounterError): FailureClass {
  const retryable = err.retryable;
  const as = (kind: FailureKind, code: string): FailureClass => ({ kind, code, retryable });
  if (err instanceof SessionExpiredError) return { ...as('session_expired', 'session_expired'), domain: err.domain };
  if (err instanceof AntiSpamError) return { ...as('anti_spam', 'anti_spam'), url: err.challengeUrl };
  if (err instanceof EngineHtmlError) return as('engine_html', 'html_reply');
  if (err instanceof EmptyResponseError) return as('engine_html', 'empty_reply');
  if (err instanceof UndecodableResponseError) {
    // Accepted but unreadable: the code WAS recorded, so this is not something to retry.
    return err.accepted ? as('engine', 'accepted_unreadable') : as('engine_html', 'unreadable_reply');
  }
  if (err instanceof CancelledError) return as('cancelled', 'cancelled');
  if (err instanceof TimeoutError) return as('network', 'timeout');
  if (err instanceof NetworkError) return as('network', 'unreachable');
  if (err instanceof HttpError) return as('network', `http_${err.status}`);
  if (err instanceof ResourceRefusedError) return as('network', 'refused_url');
  if (err instanceof ResourceTooLargeError) return as('picture', 'too_large');
  if (err instanceof GameNotFoundError) return as('engine', 'game_not_found');
  if (err instanceof EngineError) {
    return { kind: 'engine', code: EVENT_CODES[err.event] ?? `event_${err.event}`, retryable: TRANSITION_EVENTS.has(err.event) };
  }
  if (err instanceof LoginError) return { ...as('engine', 'sign_in_refused'), ...(err.url ? { url: err.url } : {}) };
  return as('engine', 'engine_error');
}

/** An abort from a signal: the platform's `AbortError`, or the reason our own controllers pass. */
function isAbort(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError';
}

/**
 * The failure of `tool` for a thrown value. A call whose signal fired is `cancelled` whatever the
 * error on the way out said: the caller asked for it.
 *
 * @example
 * ```ts
 * toFailure('enc_level', err, signal); // { ok: false, tool: 'enc_level', kind: 'network', … }
 * ```
 */
export function toFailure(tool: string, err: unknown, signal?: AbortSignal): ToolFailure {
  if (signal?.aborted) return failure(tool, 'cancelled', 'cancelled', 'the call was cancelled');
  const classified = classifyError(err);
  const message = classified.kind === 'internal' ? `unexpected error: ${describeError(err)}` : describeError(err);
  return { ok: false, tool, message, ...classified };
}

/**
 * A failure built directly (policy, approval, unknown tool).
 *
 * @example
 * ```ts
 * failure('enc_send_code', 'declined', 'declined', 'The user declined "enc_send_code".');
 * ```
 */
export function failure(tool: string, kind: FailureKind, code: string, message: string, extra: Partial<ToolFailure> = {}): ToolFailure {
  return { ok: false, tool, kind, code, retryable: false, message, ...extra };
}

/** Kinds whose message is a whole sentence of its own: the call never ran. */
const SENTENCE_KINDS: ReadonlySet<FailureKind> = new Set(['unknown_tool', 'refused_by_policy', 'declined', 'approval_unavailable']);

/**
 * The failure as the model reads it: `enc_level failed: <message>` for a call that ran or was
 * malformed, the bare sentence for a refusal. Surfaces append their own remedy where they have one.
 *
 * @example
 * ```ts
 * failureText(outcome); // 'enc_level failed: game 42: the game has not started yet (Event 5)'
 * ```
 */
export function failureText(f: ToolFailure): string {
  return SENTENCE_KINDS.has(f.kind) ? f.message : `${f.tool} failed: ${f.message}`;
}
