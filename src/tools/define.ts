/**
 * How a tool is written: its data (name, description, schema, what it does to the game) plus its
 * steps — `parse` validates and coerces the raw arguments before anything touches the engine,
 * `question` (mutating tools) words the confirmation from the parsed parameters, `execute` does
 * the work. The catalog needs the split: a bad argument must fail before a question is asked or a
 * picture fetched, and the parsed arguments are the read-cache key.
 */
import type { RawArgs } from './args.js';
import { buildQuestion, type QuestionParts } from './question.js';
import type { ConfirmationQuestion, JsonSchemaObject, ToolContext, ToolDefinition, ToolMeta, ToolResult } from './types.js';

interface CommonSpec<P extends object> {
  name: string;
  description: string;
  /** Readable label for client UIs: `Send code`. */
  title: string;
  inputSchema: JsonSchemaObject;
  /** Validates and coerces; throws ToolArgumentError; returns only known parameters. No I/O. */
  parse(args: RawArgs): P;
  execute(params: P, ctx: ToolContext): Promise<ToolResult>;
}

/** A tool that only reads. Every enc_* tool talks to a live game or any host: open-world. */
export interface ReadToolSpec<P extends object> extends CommonSpec<P> {
  mutating: false;
  /** Results may be memoized by the read cache (false for results carrying pictures). */
  cacheable: boolean;
}

/** A tool that changes game state: it states its harm and words its own confirmation. */
export interface MutatingToolSpec<P extends object> extends CommonSpec<P> {
  mutating: true;
  /** Can do harm that cannot be taken back. */
  destructive: boolean;
  /** Repeating the same call changes nothing more. */
  idempotent: boolean;
  /** The question for these parsed parameters, consequential ones first (see question.ts). */
  question(params: P): QuestionParts;
}

export type ToolSpec<P extends object> = ReadToolSpec<P> | MutatingToolSpec<P>;

/** A tool as the catalog holds it: the public definition plus its steps. */
export interface CatalogTool extends ToolDefinition {
  parse(args: RawArgs): object;
  /** Null for read tools. */
  question(params: object): ConfirmationQuestion | null;
  execute(params: object, ctx: ToolContext): Promise<ToolResult>;
}

/**
 * Builds a catalog tool from its spec.
 *
 * @example
 * ```ts
 * const tool = defineTool({
 *   name: 'enc_profile', title: 'Profile', description: 'Who is signed in.', mutating: false, cacheable: true,
 *   inputSchema: objectSchema({}), parse: () => ({}), execute: async () => jsonResult({ login: 'me' }),
 * });
 * ```
 */
export function defineTool<P extends object>(spec: ToolSpec<P>): CatalogTool {
  const meta: ToolMeta = spec.mutating
    ? { title: spec.title, readOnly: false, destructive: spec.destructive, idempotent: spec.idempotent, openWorld: true }
    : // Reads are idempotent in effect, though their answers change as the game moves.
      { title: spec.title, readOnly: true, destructive: false, idempotent: true, openWorld: true };
  return {
    name: spec.name,
    description: spec.description,
    inputSchema: spec.inputSchema,
    mutating: spec.mutating,
    // A mutation is never served from the cache.
    cacheable: spec.mutating ? false : spec.cacheable,
    meta,
    parse: (args) => spec.parse(args),
    question: (params) => (spec.mutating ? buildQuestion(spec.name, spec.title, spec.question(params as P)) : null),
    execute: (params, ctx) => spec.execute(params as P, ctx),
  };
}

/** A JSON-only result. */
export function jsonResult(json: unknown): ToolResult {
  return { json, images: [] };
}

/** An integer property of a schema. */
export function integerProperty(description: string): Record<string, unknown> {
  return { type: 'integer', description };
}

/** A string property of a schema. */
export function stringProperty(description: string): Record<string, unknown> {
  return { type: 'string', description };
}

/** An object schema; `required` is omitted when nothing is required. */
export function objectSchema(properties: Record<string, Record<string, unknown>>, required: string[] = []): JsonSchemaObject {
  return required.length > 0 ? { type: 'object', properties, required } : { type: 'object', properties };
}
