/**
 * Access tokens for the ChatGPT backend, renewed before they run out. Refresh tokens rotate: the
 * issuer burns the old one the moment it hands out the next, so two renewals racing with the same
 * refresh token end the sign-in. Hence one renewal in flight per credential, shared by every
 * session and turn that uses this source; the host persists `credentialJson()` (or listens with
 * `onChange`) so the rotated token is never lost.
 *
 * Two processes sharing one stored credential (`encli chat` in one terminal, `encli web` in
 * another) cannot share a promise. With `readStored`, a renewal first looks at the store: a refresh
 * token rotated there by the other process is adopted instead of renewing with the burnt one, and a
 * renewal the issuer refuses because the other process won the race looks once more before the
 * sign-in is declared over.
 */
import { CodexAuthError } from './constants.js';
import { parseCodexCredential, serializeCodexCredential, type CodexCredential } from './credential.js';
import { refreshCodexCredential, type IssuerOptions } from './oauth.js';

/** Renew when the access token expires within this long. */
export const RENEW_BEFORE_MS = 5 * 60_000;
/** A caller waits at most this long for a renewal in flight (it goes on in the background). */
export const RENEWAL_WAIT_MS = 30_000;
/** After a failed renewal, no new attempt for this long (the still-valid token is used meanwhile). */
export const RENEWAL_COOLDOWN_MS = 60_000;

export interface TokenSourceOptions extends Omit<IssuerOptions, 'signal'> {
  now?: () => number;
  renewalWaitMs?: number;
  cooldownMs?: number;
  /**
   * The credential JSON as the host's store holds it now (null when none), read before a renewal:
   * another process may have rotated the refresh token since this source was made.
   */
  readStored?: () => Promise<string | null>;
}

/**
 * Why the credential changed: `renewed` by this source at the issuer, `adopted` from the host's
 * store (`readStored`: it is there already, so writing it back could only overwrite a newer one),
 * or `replaced` by a new device login.
 */
export type CredentialChange = 'renewed' | 'adopted' | 'replaced';

/** What a backend request needs. */
export interface CodexAccess {
  accessToken: string;
  accountId?: string;
}

/**
 * @example
 * ```ts
 * const tokens = new CodexTokenSource(storedJson, { issuer });
 * tokens.onChange((json) => saveSomewherePrivate(json));
 * const { accessToken, accountId } = await tokens.token();
 * ```
 */
export class CodexTokenSource {
  private credential: CodexCredential;
  private readonly now: () => number;
  private renewal: Promise<CodexCredential> | null = null;
  /** A credential without `expires_at` is renewed once, to learn its lifetime. */
  private renewedOnce = false;
  private failedAt: number | null = null;
  private lastFailure: CodexAuthError | null = null;
  /** Set when the refresh token is dead: no more renewals, the access token serves until it expires. */
  private deadRefresh: CodexAuthError | null = null;
  /** The access token the backend refused: renew even though its clock says it is valid. */
  private rejectedToken: string | null = null;
  private readonly listeners = new Set<(json: string, change: CredentialChange) => void>();
  private refreshRequests = 0;
  /** Set by `signedOut()`: no credential yet, every `token()` asks for a sign-in until `replace()`. */
  private signedOutState = false;
  /** Bumped by `replace()`: a renewal started before it must not overwrite the new sign-in. */
  private generation = 0;

  constructor(
    credential: string | CodexCredential,
    private readonly options: TokenSourceOptions = {},
  ) {
    this.credential = typeof credential === 'string' ? parseCodexCredential(credential) : { ...credential };
    this.now = options.now ?? Date.now;
  }

  /**
   * A source with no credential yet (a page that offers the sign-in before anything was stored):
   * `token()` rejects with a "sign in again" error until `replace()` hands it one.
   *
   * @example
   * ```ts
   * const tokens = CodexTokenSource.signedOut({ issuer });
   * tokens.needsSignIn(); // true
   * tokens.replace(await login.wait());
   * ```
   */
  static signedOut(options: TokenSourceOptions = {}): CodexTokenSource {
    // A placeholder that is never sent: token() refuses while signed out.
    const source = new CodexTokenSource({ accessToken: 'signed-out', expiresAt: 0 }, options);
    source.signedOutState = true;
    return source;
  }

  /**
   * Adopts the credential of a new device login (the old one is forgotten, with its failures);
   * listeners hear the new JSON, as after a renewal.
   */
  replace(credentialJson: string): void {
    const next = parseCodexCredential(credentialJson);
    this.generation++;
    this.signedOutState = false;
    this.deadRefresh = null;
    this.take(next, false, 'replaced');
  }

  /** True when only a new device login gives a usable token (none stored, or dead and expired). */
  needsSignIn(): boolean {
    if (this.signedOutState) return true;
    if (this.stillValid()) return false;
    return this.deadRefresh !== null || !this.credential.refreshToken;
  }

  /** The current credential as JSON, to persist after a turn (it changes with every renewal). */
  credentialJson(): string {
    return serializeCodexCredential(this.credential);
  }

  /** The current credential (a copy). */
  current(): CodexCredential {
    return { ...this.credential };
  }

  /** Renewals sent to the issuer by this source (for status lines and tests). */
  get renewals(): number {
    return this.refreshRequests;
  }

  /** Called with the new JSON and why it changed (renewal, store, new login); returns the unsubscribe function. */
  onChange(listener: (json: string, change: CredentialChange) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /**
   * A usable access token, renewed first when it expires within 5 minutes. A failed renewal falls
   * back to the current token while it is still valid; otherwise it rejects (with `signInAgain`
   * when only a new device login helps).
   */
  async token(signal?: AbortSignal): Promise<CodexAccess> {
    if (this.signedOutState) throw new CodexAuthError('not signed in to ChatGPT; sign in again', true);
    if (!this.needsRenewal()) return this.access();
    if (this.deadRefresh || !this.credential.refreshToken) {
      if (this.stillValid()) return this.access();
      throw (
        this.deadRefresh ??
        new CodexAuthError('the ChatGPT session expired and cannot be refreshed; sign in again', true)
      );
    }
    if (this.renewal === null && this.failedAt !== null && this.now() - this.failedAt < (this.options.cooldownMs ?? RENEWAL_COOLDOWN_MS)) {
      if (this.stillValid()) return this.access();
      throw new CodexAuthError(`the ChatGPT sign-in could not be renewed and has expired (${this.lastFailure?.message ?? 'unknown error'}); try again in a minute`);
    }
    this.renewal ??= this.renew();
    try {
      await this.bounded(this.renewal, signal);
    } catch (err) {
      if (signal?.aborted) throw new CodexAuthError('the request was cancelled');
      // The renewal failed or is slow: a token that has not expired still works meanwhile.
      if (this.stillValid()) return this.access();
      throw err;
    }
    return this.access();
  }

  /**
   * The backend refused `accessToken` (HTTP 401): the next `token()` renews even if the clock
   * says the token is valid. A token already replaced by a renewal is ignored.
   */
  reject(accessToken: string): void {
    if (accessToken === this.credential.accessToken) this.rejectedToken = accessToken;
  }

  private access(): CodexAccess {
    return { accessToken: this.credential.accessToken, ...(this.credential.accountId ? { accountId: this.credential.accountId } : {}) };
  }

  private needsRenewal(): boolean {
    if (this.rejectedToken === this.credential.accessToken) return true;
    const { expiresAt, refreshToken } = this.credential;
    if (expiresAt === undefined) return Boolean(refreshToken) && !this.renewedOnce;
    return expiresAt - this.now() <= RENEW_BEFORE_MS;
  }

  private stillValid(): boolean {
    if (this.rejectedToken === this.credential.accessToken) return false;
    const { expiresAt } = this.credential;
    return expiresAt === undefined || expiresAt > this.now();
  }

  /** The one renewal in flight; its result is adopted even when every caller stopped waiting. */
  private async renew(): Promise<CodexCredential> {
    const generation = this.generation;
    try {
      if ((await this.adoptRotatedElsewhere(generation)) && !this.needsRenewal()) return this.credential;
      let next: CodexCredential;
      try {
        next = await this.refresh();
      } catch (err) {
        // Refused because another process renewed first and burnt the token we sent: its
        // rotation is in the store by now (it writes before it uses the new token).
        if (!(err instanceof CodexAuthError && err.signInAgain) || !(await this.adoptRotatedElsewhere(generation))) throw err;
        if (!this.needsRenewal()) return this.credential;
        next = await this.refresh();
      }
      // A sign-in that arrived meanwhile wins over the renewal of the credential it replaced.
      if (generation !== this.generation) return this.credential;
      this.take(next, true, 'renewed');
      return next;
    } catch (err) {
      if (generation !== this.generation) throw err;
      const failure = err instanceof CodexAuthError ? err : new CodexAuthError(`renewing the ChatGPT sign-in failed: ${String(err)}`);
      if (failure.signInAgain) this.deadRefresh = failure;
      else {
        this.failedAt = this.now();
        this.lastFailure = failure;
      }
      throw failure;
    } finally {
      this.renewal = null;
    }
  }

  private refresh(): Promise<CodexCredential> {
    this.refreshRequests++;
    return refreshCodexCredential(this.credential, { ...this.options, now: this.now });
  }

  /**
   * Adopts the stored credential when its refresh token differs from ours (another process
   * rotated it). A store that cannot be read or parsed changes nothing: our own token is tried.
   */
  private async adoptRotatedElsewhere(generation: number): Promise<boolean> {
    if (!this.options.readStored) return false;
    let stored: CodexCredential;
    try {
      const text = await this.options.readStored();
      if (text === null) return false;
      stored = parseCodexCredential(text);
    } catch {
      return false;
    }
    if (generation !== this.generation || !stored.refreshToken || stored.refreshToken === this.credential.refreshToken) return false;
    // Renewed by the other process, so its lifetime is known: no renewal just to learn it.
    this.take(stored, true, 'adopted');
    return true;
  }

  /** Makes `next` the current credential, forgets the old one's failures, and announces it. */
  private take(next: CodexCredential, renewed: boolean, change: CredentialChange): void {
    this.credential = next;
    this.renewedOnce = renewed;
    this.failedAt = null;
    this.lastFailure = null;
    this.rejectedToken = null;
    this.notify(serializeCodexCredential(next), change);
  }

  private notify(json: string, change: CredentialChange): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(json, change);
      } catch {
        // A failing listener must not lose the new credential for the others.
      }
    }
  }

  /** Waits for the renewal at most `renewalWaitMs`, and not past the caller's abort. */
  private bounded(renewal: Promise<CodexCredential>, signal?: AbortSignal): Promise<unknown> {
    const waitMs = this.options.renewalWaitMs ?? RENEWAL_WAIT_MS;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => finish(() => reject(new CodexAuthError(`renewing the ChatGPT sign-in took longer than ${Math.round(waitMs / 1000)} s`))),
        waitMs,
      );
      const onAbort = (): void => finish(() => reject(new CodexAuthError('the request was cancelled')));
      const finish = (settle: () => void): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        settle();
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      renewal.then(
        (value) => finish(() => resolve(value)),
        (err: unknown) => finish(() => reject(err)),
      );
    });
  }
}
