/**
 * How a tool is written: its data (name, description, schema, flags) plus two steps — `parse`
 * validates and coerces the raw arguments before anything touches the engine, `execute` does the
 * work. The catalog needs the split: the parsed arguments are the read-cache key, and a bad
 * argument must fail before a confirmation is asked or a picture fetched.
 */
import { asArgumentObject, type RawArgs } from './args.js';
import type { JsonSchemaObject, ToolContext, ToolDefinition, ToolResult } from './types.js';

export interface ToolSpec<P extends object> {
  name: string;
  description: string;
  inputSchema: JsonSchemaObject;
  mutating: boolean;
  cacheable: boolean;
  /** Validates and coerces; throws ToolArgumentError. Must not perform I/O. */
  parse(args: RawArgs): P;
  execute(params: P, ctx: ToolContext): Promise<ToolResult>;
}

/** A tool as the catalog holds it: the public definition plus its two steps. */
export interface CatalogTool extends ToolDefinition {
  parse(args: RawArgs): object;
  execute(params: object, ctx: ToolContext): Promise<ToolResult>;
}

/** Builds a catalog tool; `run` is parse-then-execute for callers that bypass the catalog. */
export function defineTool<P extends object>(spec: ToolSpec<P>): CatalogTool {
  const parse = (args: RawArgs): P => spec.parse(args);
  const execute = (params: object, ctx: ToolContext): Promise<ToolResult> => spec.execute(params as P, ctx);
  return {
    name: spec.name,
    description: spec.description,
    inputSchema: spec.inputSchema,
    mutating: spec.mutating,
    cacheable: spec.cacheable,
    parse,
    execute,
    run: async (args: Record<string, unknown>, ctx: ToolContext) => execute(parse(asArgumentObject(args)), ctx),
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
