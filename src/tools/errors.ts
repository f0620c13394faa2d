/**
 * Errors a tool raises for the model to read. The catalog turns them into `<tool> failed: <text>`;
 * the text alone must tell the model what to change (which argument, what range, what to do next).
 */

/** A tool could not do its job for a reason the model can act on (bad argument, no level, …). */
export class ToolError extends Error {
  override readonly name: string = 'ToolError';
}

/** An argument is missing or malformed; raised before any engine call or fetch. */
export class ToolArgumentError extends ToolError {
  override readonly name = 'ToolArgumentError';
  constructor(
    /** The argument's name as the model sends it (`game_id`, `x`, …). */
    readonly argument: string,
    message: string,
  ) {
    super(message);
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
