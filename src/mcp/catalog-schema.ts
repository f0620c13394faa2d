/**
 * Publishes a catalog tool's JSON Schema through the SDK's Standard Schema seam without letting the
 * SDK validate against it. The catalog owns argument handling: models send `"42"` for an integer or
 * extra keys, and the catalog coerces or ignores them (docs/catalog.md, «Arguments»). A strict JSON
 * Schema check here would turn those into "Input validation error" before the catalog could help.
 */
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { JsonSchemaObject } from '../tools/types.js';

/** The arguments as the catalog receives them: any JSON object, untouched. */
export type RawArguments = Record<string, unknown>;

/**
 * Wraps a catalog input schema so `tools/list` shows it verbatim and `tools/call` passes any JSON
 * object (absent arguments become `{}`) straight to the catalog. Non-objects are refused with a
 * message the model can act on.
 *
 * @example
 * ```ts
 * server.registerTool(tool.name, { inputSchema: passThroughSchema(tool.inputSchema) }, handler);
 * ```
 */
export function passThroughSchema(schema: JsonSchemaObject): StandardSchemaWithJSON<RawArguments, RawArguments> {
  // A deep copy, so nothing the SDK does to the published schema can reach back into the catalog.
  const published = structuredClone(schema) as unknown as Record<string, unknown>;
  return {
    '~standard': {
      version: 1,
      vendor: 'encx-agenttools',
      validate(value: unknown) {
        if (value === undefined || value === null) return { value: {} };
        if (typeof value !== 'object' || Array.isArray(value)) {
          return { issues: [{ message: 'arguments must be a JSON object (named fields), not ' + describeJsonType(value) }] };
        }
        return { value: value as RawArguments };
      },
      jsonSchema: {
        input: () => structuredClone(published),
        output: () => structuredClone(published),
      },
    },
  };
}

function describeJsonType(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
