/**
 * The HTTP part every model provider shares: one POST with a timeout that restarts on every piece
 * of a streamed answer (a long answer that keeps coming is fine; a silent endpoint is not), and
 * failures worded the same way whichever protocol is spoken.
 */
import { ModelProviderError } from '../types.js';

export interface ModelHttpOptions {
  fetch: typeof fetch;
  /** Milliseconds to wait for the answer to start, and between two pieces of a stream. */
  timeoutMs: number;
}

/** A request in flight: its signal, and `touch()` to restart the idle timer as data arrives. */
export interface ModelExchange {
  response: Response;
  touch(): void;
  /** Stops the timer; call once the body is read (or given up). */
  finish(): void;
  /** Turns an error thrown while sending or reading into the provider error it stands for. */
  explain(err: unknown, whileReading?: boolean): ModelProviderError;
}

/** Characters of an error body kept in the message: enough for any provider's explanation. */
const ERROR_BODY_CHARS = 500;

/**
 * POSTs JSON and resolves once the response headers are in and the status is 2xx.
 *
 * @example
 * ```ts
 * const exchange = await postModelJson(url, body, { authorization: 'Bearer k' }, { fetch, timeoutMs: 45_000 });
 * const json = await exchange.response.json();
 * exchange.finish();
 * ```
 */
export async function postModelJson(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  options: ModelHttpOptions,
  signal?: AbortSignal,
): Promise<ModelExchange> {
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const touch = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs);
  };
  const onCallerAbort = (): void => controller.abort();
  signal?.addEventListener('abort', onCallerAbort, { once: true });
  const finish = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  };
  const explain = (err: unknown, whileReading = false): ModelProviderError => {
    if (err instanceof ModelProviderError) return err;
    if (signal?.aborted) return new ModelProviderError('the request was cancelled');
    if (timedOut) {
      return new ModelProviderError(`the model endpoint went silent for ${Math.round(options.timeoutMs / 1000)} s`, null, true);
    }
    return whileReading
      ? new ModelProviderError(`the model's answer broke off before it was complete: ${causeText(err)}`, null, true)
      : new ModelProviderError(`the connection to the model endpoint failed: ${causeText(err)}`, null, true);
  };
  if (signal?.aborted) {
    finish();
    throw new ModelProviderError('the request was cancelled');
  }
  touch();
  let response: Response;
  try {
    response = await options.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (err) {
    finish();
    throw explain(err);
  }
  if (!response.ok) {
    let detail = '';
    try {
      detail = errorDetail(await response.text());
    } catch {
      // The status alone still says what happened.
    }
    finish();
    const status = response.status;
    throw new ModelProviderError(
      `the model endpoint answered HTTP ${status}${detail ? `: ${detail}` : ''}`,
      status,
      status === 408 || status === 429 || status >= 500,
    );
  }
  return { response, touch, finish, explain };
}

/** The provider's own explanation from an error body (`{"error":{"message":…}}` and friends). */
function errorDetail(body: string): string {
  const trimmed = body.trim();
  if (trimmed === '') return '';
  try {
    const json = JSON.parse(trimmed) as { error?: unknown; message?: unknown; detail?: unknown };
    const error = json.error;
    if (typeof error === 'string') return error.slice(0, ERROR_BODY_CHARS);
    if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
      return ((error as { message: string }).message).slice(0, ERROR_BODY_CHARS);
    }
    if (typeof json.message === 'string') return json.message.slice(0, ERROR_BODY_CHARS);
    if (typeof json.detail === 'string') return json.detail.slice(0, ERROR_BODY_CHARS);
  } catch {
    // Not JSON: an HTML error page or plain text.
  }
  return trimmed.replace(/\s+/g, ' ').slice(0, ERROR_BODY_CHARS);
}

function causeText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = (err as Error & { cause?: unknown }).cause;
  const inner = cause instanceof Error ? cause.message : typeof cause === 'string' ? cause : '';
  return inner && inner !== err.message ? `${err.message} (${inner})` : err.message;
}
