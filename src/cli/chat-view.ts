/**
 * How `encli chat` draws a turn: the answer as it streams, one line per tool call (with a spinner
 * while it runs, on a terminal), pictures saved to files and named, failures with the terminal's
 * own remedy. It only renders `AgentSession` events; it decides nothing.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AgentEvent, AgentToolFailure, ModelImage } from '../agent/types.js';
import { quoted, showText } from '../tools/question.js';

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const SPIN_MS = 100;
/** Characters of a call's arguments shown on its line. */
const ARGS_CHARS = 60;

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

export interface ChatViewOptions {
  write(text: string): void;
  /** Animate tool lines in place (a terminal); otherwise each state is its own line. */
  tty: boolean;
  /** Folder for pictures; created on the first one. */
  picturesDir: string;
  /** The engine domain, for the sign-in remedy. */
  domain: string;
}

interface ToolLine {
  label: string;
  startedAt: number;
}

/**
 * @example
 * ```ts
 * const view = new ChatView({ write: (t) => process.stdout.write(t), tty: true, picturesDir, domain });
 * session.on((e) => view.render(e));
 * ```
 */
export class ChatView {
  private readonly running = new Map<string, ToolLine>();
  /** The call whose line the cursor sits at the end of (no newline written yet). */
  private openLine: string | null = null;
  /** The answer text has started and has no closing newline yet. */
  private textOpen = false;
  private frame = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private pictureWrites: Promise<void>[] = [];

  constructor(private readonly options: ChatViewOptions) {}

  render(event: AgentEvent): void {
    switch (event.type) {
      case 'turn_started':
        this.pictureWrites = [];
        return;
      case 'text_delta':
        this.closeLine();
        this.options.write(event.text);
        this.textOpen = !event.text.endsWith('\n');
        return;
      case 'tool_started': {
        this.breakText();
        this.closeLine();
        const line: ToolLine = { label: `${event.tool} ${compactArgs(event.args)}`.trimEnd(), startedAt: Date.now() };
        this.running.set(event.call_id, line);
        if (this.options.tty) {
          this.options.write(`${SPINNER[this.frame % SPINNER.length]} ${line.label}`);
          this.openLine = event.call_id;
          this.startSpinner();
        } else {
          this.options.write(`… ${line.label}\n`);
        }
        return;
      }
      case 'tool_finished': {
        const line = this.running.get(event.call_id) ?? { label: event.tool, startedAt: Date.now() };
        this.running.delete(event.call_id);
        if (this.running.size === 0) this.stopSpinner();
        const seconds = ((Date.now() - line.startedAt) / 1000).toFixed(1);
        const mark = event.is_error ? '✗' : '✓';
        const tail = event.is_error ? `: ${firstLine(event.result)}` : ` (${seconds} s)`;
        if (this.openLine === event.call_id) {
          this.options.write(`\r\x1b[2K${mark} ${line.label}${tail}\n`);
          this.openLine = null;
        } else {
          this.closeLine();
          this.options.write(`${mark} ${line.label}${tail}\n`);
        }
        const remedy = remedyFor(event.failure, this.options.domain);
        if (remedy) this.options.write(`  ${remedy}\n`);
        event.images.forEach((image, i) => this.savePicture(event.turn, event.call_id, i, image));
        return;
      }
      case 'confirmation_requested':
      case 'location_requested':
        this.breakText();
        this.closeLine();
        return;
      case 'turn_finished':
        this.stopSpinner();
        this.closeLine();
        this.breakText();
        return;
      case 'turn_failed':
        this.stopSpinner();
        this.closeLine();
        this.breakText();
        this.options.write(`error: ${event.error}\n`);
        return;
    }
  }

  /** Waits until every picture of the turn is on disk (their names are printed as they land). */
  async flush(): Promise<void> {
    await Promise.all(this.pictureWrites);
  }

  dispose(): void {
    this.stopSpinner();
  }

  private savePicture(turn: number, callId: string, index: number, image: ModelImage): void {
    const name = `turn${turn}-${callId}-${index + 1}.${EXTENSIONS[image.mimeType] ?? 'bin'}`;
    const path = join(this.options.picturesDir, name);
    this.pictureWrites.push(
      mkdir(this.options.picturesDir, { recursive: true, mode: 0o700 })
        .then(() => writeFile(path, image.bytes))
        .then(
          () => {
            this.closeLine();
            this.breakText();
            this.options.write(`  picture: ${path}\n`);
          },
          (err: Error) => {
            this.closeLine();
            this.options.write(`  picture could not be saved to ${path}: ${err.message}\n`);
          },
        ),
    );
  }

  /** Ends the animated line: it stays on screen as "still running" and the spinner moves on. */
  private closeLine(): void {
    if (this.openLine === null) return;
    const line = this.running.get(this.openLine);
    this.options.write(line ? `\r\x1b[2K… ${line.label}\n` : '\n');
    this.openLine = null;
  }

  private breakText(): void {
    if (!this.textOpen) return;
    this.options.write('\n');
    this.textOpen = false;
  }

  private startSpinner(): void {
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => {
      this.frame++;
      const line = this.openLine === null ? undefined : this.running.get(this.openLine);
      if (line) this.options.write(`\r\x1b[2K${SPINNER[this.frame % SPINNER.length]} ${line.label}`);
    }, SPIN_MS);
    this.timer.unref?.();
  }

  private stopSpinner(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }
}

/**
 * `{"game_id":42}` → `game_id=42`, cut to one short line, with hidden characters made visible
 * (a model's arguments are untrusted: a zero-width space or a terminal escape must not hide).
 */
function compactArgs(args: unknown): string {
  const text =
    args !== null && typeof args === 'object'
      ? Object.entries(args as Record<string, unknown>)
          .map(([k, v]) => `${showText(k)}=${typeof v === 'string' ? quoted(v) : showText(JSON.stringify(v) ?? String(v))}`)
          .join(' ')
      : showText(String(args ?? ''));
  return text.length > ARGS_CHARS ? text.slice(0, ARGS_CHARS) + '…' : text;
}

function firstLine(text: string): string {
  const line = text.split('\n')[0]!;
  return line.length > 200 ? line.slice(0, 200) + '…' : line;
}

/** The terminal's words for what the catalog reports as data. */
export function remedyFor(failure: AgentToolFailure | undefined, domain: string): string | null {
  switch (failure?.kind) {
    case 'session_expired':
      return `sign in again: run "encli login -domain ${failure.domain ?? domain}"`;
    case 'anti_spam':
      return `the engine wants a human check: open ${failure.url ?? `https://${domain}/`} in a browser, pass it, then ask again`;
    default:
      return null;
  }
}
