/**
 * A scripted stand-in for `AgentSession` (the `AgentSessionApi` a host sees), for the hub's unit
 * tests: each turn runs a script that emits events and waits for the host's answers exactly the
 * way the real session does (confirmations refused on cancel, locations failed).
 */
import type { AgentEvent, AgentEventListener, AgentSessionApi, ModelImage, TranscriptEntry } from '../../../src/agent/types.js';

export interface TurnScript {
  (turn: TurnContext): Promise<string>;
}

export interface TurnContext {
  text: string;
  signal: AbortSignal;
  delta(text: string): void;
  tool(name: string, args: unknown, result: string, options?: { error?: boolean; images?: ModelImage[]; failureKind?: string }): void;
  confirm(tool: string, question: string, facts?: Array<{ label: string; value: string }>): Promise<boolean>;
  location(): Promise<{ ok: true; json: string } | { ok: false; message: string }>;
}

export class ScriptedSession implements AgentSessionApi {
  readonly toolCount = 17;
  private readonly listeners = new Set<AgentEventListener>();
  private readonly confirmations = new Map<string, (approved: boolean) => void>();
  private readonly locations = new Map<string, (answer: { ok: true; json: string } | { ok: false; message: string }) => void>();
  private turnNumber = 0;
  private callNumber = 0;
  private running: AbortController | null = null;
  private transcript: TranscriptEntry[] = [];

  constructor(
    readonly policy: 'readonly' | 'approve' | 'full',
    private readonly script: TurnScript,
  ) {}

  on(listener: AgentEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async send(text: string, options: { signal?: AbortSignal } = {}): Promise<string> {
    if (this.running) throw new Error('a turn is already running');
    if (text.trim() === '') throw new Error('the message is empty');
    const controller = new AbortController();
    options.signal?.addEventListener('abort', () => controller.abort(), { once: true });
    this.running = controller;
    const turn = ++this.turnNumber;
    this.emit({ type: 'turn_started', turn });
    const context: TurnContext = {
      text,
      signal: controller.signal,
      delta: (t) => this.emit({ type: 'text_delta', turn, text: t }),
      tool: (name, args, result, o = {}) => {
        const callId = `call-${++this.callNumber}`;
        this.emit({ type: 'tool_started', turn, call_id: callId, tool: name, args });
        this.emit({
          type: 'tool_finished', turn, call_id: callId, tool: name, is_error: o.error ?? false, result,
          images: o.images ?? [], ...(o.failureKind ? { failure_kind: o.failureKind } : {}),
        });
      },
      confirm: (tool, question, facts = []) =>
        new Promise<boolean>((resolve) => {
          const callId = `call-${++this.callNumber}`;
          this.confirmations.set(callId, resolve);
          this.emit({ type: 'confirmation_requested', turn, call_id: callId, tool, question, title: tool, facts });
        }),
      location: () =>
        new Promise((resolve) => {
          const requestId = `call-${++this.callNumber}`;
          this.locations.set(requestId, resolve);
          this.emit({ type: 'location_requested', turn, request_id: requestId });
        }),
    };
    try {
      const content = await this.script(context);
      if (controller.signal.aborted) throw new Error('the turn was cancelled');
      this.transcript.push({ role: 'user', content: text }, { role: 'assistant', content });
      this.emit({ type: 'turn_finished', turn, content });
      return content;
    } catch (err) {
      const message = (err as Error).message;
      this.emit({ type: 'turn_failed', turn, error: message });
      throw err;
    } finally {
      this.running = null;
      this.refuseAll();
    }
  }

  cancel(): void {
    this.refuseAll();
    this.running?.abort();
  }

  resolveConfirmation(callId: string, approved: boolean): boolean {
    const resolve = this.confirmations.get(callId);
    if (!resolve) return false;
    this.confirmations.delete(callId);
    resolve(approved);
    return true;
  }

  resolveLocation(requestId: string, locationJson: string): boolean {
    const resolve = this.locations.get(requestId);
    if (!resolve) return false;
    this.locations.delete(requestId);
    resolve({ ok: true, json: locationJson });
    return true;
  }

  failLocation(requestId: string, message: string): boolean {
    const resolve = this.locations.get(requestId);
    if (!resolve) return false;
    this.locations.delete(requestId);
    resolve({ ok: false, message });
    return true;
  }

  history(): TranscriptEntry[] {
    return [...this.transcript];
  }

  resetHistory(): void {
    this.transcript = [];
  }

  importHistory(entries: TranscriptEntry[]): void {
    this.transcript = [...entries];
  }

  /** An API-key stand-in: no ChatGPT credential. */
  codexCredentialJson(): string {
    return '';
  }

  private refuseAll(): void {
    for (const id of [...this.confirmations.keys()]) this.resolveConfirmation(id, false);
    for (const id of [...this.locations.keys()]) this.failLocation(id, 'the location request was cancelled');
  }

  private emit(event: AgentEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
