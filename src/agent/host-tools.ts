/**
 * Tools the session adds next to the catalog (the device location, the optional web tools). They
 * never change the game, so no confirmation; they go through the same events as catalog tools.
 */
import type { ModelImage, ModelToolSpec } from './types.js';

/** What one host tool call produced: text for the model, or the failure text. */
export interface HostToolResult {
  ok: boolean;
  text: string;
  images?: ModelImage[];
}

/** The call a host tool runs in: its id (shared with the events), its turn and cancellation. */
export interface HostToolCall {
  callId: string;
  turn: number;
  signal: AbortSignal;
}

export interface HostTool {
  readonly spec: ModelToolSpec;
  run(args: Record<string, unknown>, call: HostToolCall): Promise<HostToolResult>;
}
