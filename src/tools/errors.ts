/**
 * Errors a tool raises for the model to read. The catalog turns every thrown value into a
 * structured `ToolFailure` (see failures.ts); the text alone must tell the model what to change
 * (which argument, what range, what to do next).
 */
import type { FailureKind } from './types.js';

/** How a `ToolError` classifies itself; unset fields come from its `cause`, else defaults. */
export interface ToolErrorOptions {
  kind?: FailureKind;
  code?: string;
  retryable?: boolean;
  /** The failure underneath: a wrapped engine error keeps its kind (a lost session stays one). */
  cause?: unknown;
}

/** A tool could not do its job for a reason the model can act on (no level, not a picture, …). */
export class ToolError extends Error {
  override readonly name: string = 'ToolError';
  readonly kind: FailureKind | undefined;
  readonly code: string | undefined;
  readonly retryable: boolean | undefined;
  constructor(message: string, options: ToolErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = options.kind;
    this.code = options.code;
    this.retryable = options.retryable;
  }
}

/**
 * An argument is missing or malformed; raised by `parse` before any engine call or fetch, or by a
 * tool once the engine shows the argument cannot apply (a `level_number` in a linear game).
 */
export class ToolArgumentError extends ToolError {
  override readonly name = 'ToolArgumentError';
  constructor(
    /** The argument's name as the model sends it (`game_id`, `x`, …). */
    readonly argument: string,
    message: string,
  ) {
    super(message, { kind: 'bad_argument', code: 'invalid_argument', retryable: false });
  }
}

/** Thrown by `createCatalog` for options that can never work (no engine, unknown policy, …). */
export class CatalogConfigError extends Error {
  override readonly name = 'CatalogConfigError';
}

/** Text of any thrown value, for wrapping engine and imaging failures into tool errors. */
export function describeError(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  if (typeof err === 'string') return err;
  try {
    return JSON.stringify(err) ?? String(err);
  } catch {
    return String(err);
  }
}
