/**
 * The ChatGPT device login as one object, the shape the app binding has: start it, show
 * `userCode` and `verifyUrl`, then `wait()` (or `poll()` on your own timer) until the user approves
 * in a browser on any device; `cancel()` stops it.
 *
 * | app binding                    | here                                                  |
 * |--------------------------------|-------------------------------------------------------|
 * | `StartCodexDeviceLogin()`      | `await CodexDeviceLogin.start({ issuer, fetch })`     |
 * | `UserCode()` / `VerifyURL()`   | `userCode` / `verifyUrl`                              |
 * | `IntervalSeconds()`            | `intervalSeconds`                                     |
 * | `Poll()` → JSON or `""`        | `poll()` → credential JSON, or `null` while pending   |
 * | `Wait(timeoutSeconds)`         | `wait(timeoutSeconds)` (≤ 0 or absent: 15 minutes)     |
 * | `Cancel()`                     | `cancel()`                                            |
 */
import { CodexAuthError, DEVICE_LOGIN_DEADLINE_MS } from './constants.js';
import { serializeCodexCredential } from './credential.js';
import { exchangeAuthorizationCode, pollDeviceCode, requestDeviceCode, type DeviceCode, type IssuerOptions } from './oauth.js';

export interface DeviceLoginOptions extends Omit<IssuerOptions, 'signal'> {
  /** Clock in epoch milliseconds (tests move it). Default `Date.now`. */
  now?: () => number;
  /** Waits between polls; must end early when the signal aborts. Default a timer. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

function timerSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Poll failures worth another try (the issuer or the network hiccuped); others end the login. */
function transient(err: unknown): boolean {
  if (!(err instanceof CodexAuthError)) return true;
  return err.status === null || err.status === 408 || err.status === 429 || err.status >= 500;
}

/**
 * @example
 * ```ts
 * const login = await CodexDeviceLogin.start();
 * console.log(`Open ${login.verifyUrl} and enter ${login.userCode}`);
 * const credentialJson = await login.wait(); // store it 0600; hand it to a session as codex_credential
 * ```
 */
export class CodexDeviceLogin {
  readonly userCode: string;
  readonly verifyUrl: string;
  readonly intervalSeconds: number;
  private readonly controller = new AbortController();
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  private finished: string | null = null;

  private constructor(
    private readonly code: DeviceCode,
    private readonly options: DeviceLoginOptions,
  ) {
    this.userCode = code.userCode;
    this.verifyUrl = code.verifyUrl;
    this.intervalSeconds = code.intervalSeconds;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? timerSleep;
  }

  /** Asks the issuer for a user code. */
  static async start(options: DeviceLoginOptions = {}): Promise<CodexDeviceLogin> {
    return new CodexDeviceLogin(await requestDeviceCode(options), options);
  }

  get cancelled(): boolean {
    return this.controller.signal.aborted;
  }

  /**
   * One poll: the credential JSON once the user approved (the code is exchanged right away), or
   * null while pending. Rejects with what the issuer answered on any other failure.
   */
  async poll(): Promise<string | null> {
    if (this.finished !== null) return this.finished;
    this.throwIfCancelled();
    const issuer = { ...this.options, signal: this.controller.signal };
    let result;
    try {
      result = await pollDeviceCode(this.code, issuer);
      if (result.status === 'pending') return null;
      this.finished = serializeCodexCredential(await exchangeAuthorizationCode(result, { ...issuer, now: this.now }));
    } catch (err) {
      this.throwIfCancelled();
      throw err;
    }
    return this.finished;
  }

  /**
   * Polls every `intervalSeconds` until approval, the timeout (≤ 0 or absent: 15 minutes, when
   * the user code expires), or `cancel()`. A transient failure (network, 5xx, 429) is remembered
   * and polling goes on; the timeout message then names the last one.
   */
  async wait(timeoutSeconds = 0): Promise<string> {
    const deadline = this.now() + (timeoutSeconds > 0 ? timeoutSeconds * 1000 : DEVICE_LOGIN_DEADLINE_MS);
    let lastError: unknown;
    for (;;) {
      try {
        const credential = await this.poll();
        if (credential !== null) return credential;
        lastError = undefined;
      } catch (err) {
        if (this.cancelled || !transient(err)) throw err;
        lastError = err;
      }
      const left = deadline - this.now();
      if (left <= 0) {
        const last = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
        throw new CodexAuthError(`the ChatGPT login timed out before approval${last}; start it again`);
      }
      await this.sleep(Math.min(this.intervalSeconds * 1000, left), this.controller.signal);
      this.throwIfCancelled();
    }
  }

  /** Stops polling; a pending `wait()` or `poll()` rejects with "cancelled". */
  cancel(): void {
    this.controller.abort();
  }

  private throwIfCancelled(): void {
    if (this.cancelled) throw new CodexAuthError('the ChatGPT login was cancelled');
  }
}
