/**
 * The chat's input: readline with history and line editing on a terminal, and plain lines from a
 * pipe. Lines are queued as they arrive, so piped input is never lost while a turn runs; on a
 * terminal, a question that guards a change to the game only takes a line typed after it was shown.
 */
import { createInterface, type Interface } from 'node:readline';

export interface LineInputOptions {
  input: NodeJS.ReadableStream & { isTTY?: boolean };
  output: NodeJS.WritableStream;
  history: string[];
  historySize: number;
}

/**
 * @example
 * ```ts
 * const input = new LineInput({ input: process.stdin, output: process.stdout, history: [], historySize: 500 });
 * const line = await input.ask('› ', signal);   // null: interrupted or closed
 * ```
 */
export class LineInput {
  readonly terminal: boolean;
  private readonly rl: Interface;
  private readonly queued: string[] = [];
  private waiter: ((line: string | null) => void) | null = null;
  private isClosed = false;

  constructor(private readonly options: LineInputOptions) {
    this.terminal = Boolean(options.input.isTTY);
    this.rl = createInterface({
      input: options.input,
      output: options.output,
      terminal: this.terminal,
      history: options.history,
      historySize: options.historySize,
      removeHistoryDuplicates: true,
    });
    this.rl.on('line', (line) => {
      const waiter = this.waiter;
      this.waiter = null;
      if (waiter) waiter(line);
      else this.queued.push(line);
    });
    this.rl.on('close', () => {
      this.isClosed = true;
      const waiter = this.waiter;
      this.waiter = null;
      waiter?.(null);
    });
  }

  get closed(): boolean {
    return this.isClosed;
  }

  /** Ctrl-C on a terminal (readline reads it as a key, not as a signal). */
  onInterrupt(handler: () => void): void {
    this.rl.on('SIGINT', handler);
  }

  /**
   * Shows `prompt` and resolves with the next line, or null when `signal` ends the wait or the
   * input closes. `fresh`: on a terminal, drop lines typed before the prompt appeared.
   */
  ask(prompt: string, signal: AbortSignal, fresh = false): Promise<string | null> {
    if (fresh && this.terminal) this.queued.length = 0;
    const ready = this.queued.shift();
    if (ready !== undefined) {
      if (!this.terminal) this.options.output.write(`${prompt}${ready}\n`);
      return Promise.resolve(ready);
    }
    if (this.isClosed || signal.aborted) return Promise.resolve(null);
    return new Promise((resolve) => {
      const onAbort = (): void => {
        if (this.waiter !== finish) return;
        this.waiter = null;
        // Forget what was half typed: the next prompt starts clean.
        if (this.terminal) this.rl.write(null, { ctrl: true, name: 'u' });
        resolve(null);
      };
      const finish = (line: string | null): void => {
        signal.removeEventListener('abort', onAbort);
        // A terminal echoes what was typed; a pipe does not, so the transcript shows it here.
        if (line !== null && !this.terminal) this.options.output.write(`${line}\n`);
        resolve(line);
      };
      this.waiter = finish;
      signal.addEventListener('abort', onAbort, { once: true });
      this.rl.setPrompt(prompt);
      this.rl.prompt();
    });
  }

  /** Input lines, newest first (readline's order). */
  history(): string[] {
    return [...((this.rl as Interface & { history?: string[] }).history ?? [])];
  }

  close(): void {
    this.rl.close();
  }
}
