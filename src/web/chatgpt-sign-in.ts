/**
 * The ChatGPT device sign-in as the web page drives it: one login at a time for the whole server
 * (every tab sees the same code), its state for the page to poll, and cancel. On approval the
 * credential goes to the host's `adopt` (store it 0600, hand it to the shared token source).
 */
import type { ChatGptSignInState } from './protocol.js';

/** What the page needs of a started device login (`CodexDeviceLogin` has this shape). */
export interface DeviceLoginHandle {
  readonly userCode: string;
  readonly verifyUrl: string;
  readonly cancelled: boolean;
  wait(timeoutSeconds?: number): Promise<string>;
  cancel(): void;
}

export interface ChatGptSignInOptions {
  /** Asks the issuer for a user code, e.g. `() => CodexDeviceLogin.start({ issuer })`. */
  start: () => Promise<DeviceLoginHandle>;
  /** Keeps the approved credential and makes the sessions use it. */
  adopt: (credentialJson: string) => Promise<unknown>;
  /** Whether the model's sign-in is missing or dead (only a new device login helps). */
  needsSignIn: () => boolean;
  /** Seconds to wait for the approval; absent: until the code expires (15 minutes). */
  timeoutSeconds?: number;
}

/**
 * @example
 * ```ts
 * const signIn = new ChatGptSignIn({ start: () => CodexDeviceLogin.start({ issuer }), adopt: login.adopt, needsSignIn: () => login.tokens.needsSignIn() });
 * await signIn.begin(); // signIn.state().user_code is what the player types at state().verify_url
 * ```
 */
export class ChatGptSignIn {
  private login: DeviceLoginHandle | null = null;
  private phase: ChatGptSignInState['phase'] = 'idle';
  private message: string | null = null;
  private starting: Promise<void> | null = null;

  constructor(private readonly options: ChatGptSignInOptions) {}

  state(): ChatGptSignInState {
    const showCode = this.phase === 'waiting' && this.login !== null;
    return {
      needed: this.options.needsSignIn(),
      phase: this.phase,
      user_code: showCode ? this.login!.userCode : null,
      verify_url: showCode ? this.login!.verifyUrl : null,
      message: this.message,
    };
  }

  /** Starts a device login, or joins the one already running. Resolves once the code is known (or it failed). */
  begin(): Promise<void> {
    if (this.phase === 'waiting') return Promise.resolve();
    this.starting ??= this.startLogin().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  /** Cancels the running login; false when none runs. */
  cancel(): boolean {
    if (this.phase !== 'waiting' || this.login === null) return false;
    const login = this.login;
    this.login = null;
    login.cancel();
    this.phase = 'cancelled';
    this.message = 'The ChatGPT sign-in was cancelled.';
    return true;
  }

  /** Ends a running login (the server is closing). */
  close(): void {
    this.login?.cancel();
  }

  private async startLogin(): Promise<void> {
    this.phase = 'starting';
    this.message = null;
    let login: DeviceLoginHandle;
    try {
      login = await this.options.start();
    } catch (err) {
      this.fail(`the ChatGPT sign-in could not start: ${(err as Error).message}`);
      return;
    }
    this.login = login;
    this.phase = 'waiting';
    void login.wait(this.options.timeoutSeconds).then(
      async (credentialJson) => {
        if (this.login !== login) return;
        try {
          await this.options.adopt(credentialJson);
          this.phase = 'signed_in';
          this.message = 'Signed in to ChatGPT; the assistant uses this sign-in from the next message.';
        } catch (err) {
          this.fail(`the sign-in was approved but could not be kept: ${(err as Error).message}`);
        }
        this.login = null;
      },
      (err: unknown) => {
        if (this.login !== login) return;
        this.fail((err as Error).message);
        this.login = null;
      },
    );
  }

  private fail(message: string): void {
    this.phase = 'failed';
    this.message = message;
  }
}
